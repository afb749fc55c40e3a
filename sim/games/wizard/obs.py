"""What a Wizard / Oh Hell player sees: the observation layout.

The engine fills an ``int64`` array with these slots before every decision
and calls ``decide(obs, params) -> action``. A player never sees the other
hands. Seats are absolute (0 … n-1, seat ``s + 1`` plays after seat ``s``);
per-seat slots hold ``MAX_PLAYERS`` entries, unused seats ``-1``.

Actions: ``PHASE_BID`` → the bid (an int); ``PHASE_TRUMP`` → a suit 0..3
(S H D C); ``PHASE_PLAY`` → a card id (see ``cards.py``).
"""
MAX_PLAYERS = 7

PHASE_BID = 0
PHASE_TRUMP = 1
PHASE_PLAY = 2

PHASE = 0          # PHASE_BID, PHASE_TRUMP or PHASE_PLAY
GAME = 1           # 0 Wizard, 1 Oh Hell
N_PLAYERS = 2
SEAT = 3           # the deciding seat
DEALER = 4
HAND_SIZE = 5      # cards dealt to each player this round
ROUND = 6          # index of the round in the game's schedule (from 0)
N_ROUNDS = 7
TRUMP = 8          # trump suit 0..3, -1 none (also -1 while the dealer chooses)
TRUMP_CARD = 9     # the turned-up card id, -1 when none was turned
HAND = 10          # own hand, a card bitmask (uint64 bits in an int64)
LEGAL = 11         # legal actions as a bitmask: cards (play), bids (bid: bit b = bid b), suits (trump)
PLAYED = 12        # cards played in earlier tricks of this round, a bitmask
TRICK_NO = 13      # index of the current trick (from 0)
TRICK_LEADER = 14  # seat that led the current trick
TRICK_N = 15       # cards played to the current trick so far
LEAD_SUIT = 16     # suit to follow: 0..3; -1 none yet (empty trick or only Jesters); 4 anything (Wizard led)
WINNING_SEAT = 17  # seat currently winning the trick, -1 when empty
WINNING_CARD = 18
RANDOM = 19        # a non-negative 63-bit draw from the decision stream
TRICK_CARDS = 20   # MAX_PLAYERS slots: the current trick in play order from the leader, -1 empty
BIDS = TRICK_CARDS + MAX_PLAYERS        # per seat: bid this round, -1 not yet bid (or hidden)
TRICKS_WON = BIDS + MAX_PLAYERS         # per seat: tricks won this round
SCORES = TRICKS_WON + MAX_PLAYERS       # per seat: game total before this round
# per seat: the suits (bit s) it has shown void in this round by not following one led. Kept
# whenever a user's player sits at the table (a search player reads them) and in the step
# interface; a table of built-in players only leaves them 0, as no built-in reads them (the
# random play loop then does no more work than before: docs/architecture.md)
VOIDS = SCORES + MAX_PLAYERS
SCORING = VOIDS + MAX_PLAYERS           # the rules every seat knows: the scoring table (rules_nb.SCORING_*)
RESTRICT = SCORING + 1                  # ... and the dealer restriction (rules_nb.RESTRICT_*)
SIZE = RESTRICT + 1

# The trick in progress: the kit's trick block (sim/kit_nb.py T_*) starts at PLAYED
TRICK_BLOCK = PLAYED
assert (TRICK_NO, TRICK_LEADER, TRICK_N, LEAD_SUIT, WINNING_SEAT, WINNING_CARD) == tuple(
    range(PLAYED + 1, PLAYED + 7))
