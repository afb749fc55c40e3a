"""What a player sees: the observation layout (also the deal's whole public state)."""
PHASE_PLAY = 0      # the only decision: play a card

PHASE = 0           # PHASE_PLAY
SEAT = 1            # the deciding seat
DEALER = 2
HAND = 3            # own hand, a card bitmask
LEGAL = 4           # legal cards, a bitmask
RANDOM = 5          # a non-negative 63-bit draw from the decision stream
TRUMP = 6           # 0 (spades) or -1 (none)
PLAYED = 7          # the kit's trick block (sim/kit_nb.py T_*): 7 slots from here
TRICK_NO = 8
TRICK_LEADER = 9
TRICK_N = 10
LEAD_SUIT = 11
WINNING_SEAT = 12
WINNING_CARD = 13
TRICK_CARDS = 14    # 2 slots: the trick so far in play order, -1 empty
TRICKS = 16         # 2 slots: tricks taken this deal per seat
TOTALS = 18         # 2 slots: game totals before this deal
SIZE = 20
TRICK_BLOCK = PLAYED
N_TRICKS = 4
