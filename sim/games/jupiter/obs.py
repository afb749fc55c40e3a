"""A round's state: what a player sees (the observation), then the private slots.

A set of cards is two words (``cards.py``); a slot pair ``X``, ``X + 1``
holds its low and high word as int64. The table's cards (numbered colour
cards) are one word: ``TABLE + k`` holds the cards beside trick counter
``k`` (``k`` = 1 … 12; slot ``TABLE`` itself is unused).
"""
PHASE_LAYOUT = 0     # a numbered colour card from the hand, laid out face down
PHASE_BID = 1        # 0 the zero-trick card; k the counter k; LOCKED_BID + k the counter k, locked
PHASE_PLAY = 2       # a card; a God card played as 15 is rules_nb.GOD_HIGH_ACTION + its colour
PHASE_TAKE = 3       # the card taken at the allocation (one decision per card taken)
PHASE_OVER = 4
PHASE_NAMES = ("layout", "bid", "play", "take", "over")
LOCKED_BID = 16      # a bid action LOCKED_BID + k: the counter k with the marker on the card

PHASE = 0
SEAT = 1             # the deciding seat
DEALER = 2
N_PLAYERS = 3
HAND = 4             # 2 slots: own hand
LEGAL = 6            # 2 slots: legal actions
RANDOM = 8           # a non-negative 63-bit draw from the decision stream
ROUND = 9            # 1 … 8
N_TRICKS = 10        # tricks in the round: 13 - round (counters 1 … N_TRICKS are in play)
START = 11           # the start player: bids first, leads the first trick
TRUMP = 12           # trump colour 0 … 3, -1 no trump (also before it is decided)
TRUMP_STEP = 13      # rules_nb.STEP_*: the stage that settled the trump
TRICK_BLOCK = 14     # the kit's trick block (sim/kit_nb.py T_*): 7 slots
PLAYED = 14          # cards of the completed tricks, first word
TRICK_NO = 15
TRICK_LEADER = 16
TRICK_N = 17
LEAD = 18            # colour led 0 … 3, 4 trumps (Jupiter/Juno led), -1 none yet (or only lambs)
WINNING_SEAT = 19
WINNING_CARD = 20
PLAYED_HI = 21       # cards of the completed tricks, second word
WINNING_KEY = 22     # rules_nb.card_key of the card taking the trick
TRICK_CARDS = 23     # 5 slots: the trick's play actions in play order, -1 empty
LAYOUTS = 28         # 5 slots: each seat's layout card, -1 until all are turned up
BIDS = 33            # 5 slots: -1 not yet, 0 zero-trick card, k the counter k
LOCKS = 38           # 5 slots: 1 the bid is locked with the marker
TRICKS = 43          # 5 slots: tricks won per seat
CARD_POINTS = 48     # 5 slots: numbers on the cards in the seat's tricks (a God 0, also played as 15)
TABLE = 53           # 13 slots: TABLE + k, the cards beside counter k
LOCKED = 66          # the locked cards on the table (one word)
ZERO_UNUSED = 67     # seats whose zero-trick card is unused, a bit each
SCORES = 68          # 5 slots: victory points of the game so far (this round's takes included)
TAKEN = 73           # 5 slots: the cards the seat won this round (one word)
MARKERS = 78         # 5 slots: the counter a failed locked bid's marker moved to, 0 none
COUNTER = 83         # the allocation: the counter being settled
CLAIMANTS = 84       # 5 slots: the claimants at COUNTER in the order they choose
CLAIM_N = 89
CLAIM_I = 90         # the claimant choosing now
LAID_N = 91          # layouts made so far
BIDS_MADE = 92
ZERO_LOST = 93       # layout cards of failed zero-trick bids: out of the game (one word)
ORPHANED = 94        # cards beside the counter removed after the round, out of the game
# what a search player reads (strategies/pimc_jupiter_nb.py). VOIDS is kept by the step
# interface and wherever a user's player sits (round_nb.note_void_nb; a compile-time test: the
# built-in players' kernels compile without it, and leave it 0); the rest always.
VOIDS = 95           # 5 slots: per seat, the cards it showed it does not hold (one word)
PACK = 100           # 2 slots: the round's pack, the cards dealt and the one left over unseen
TRUMP_RULE = 102     # the rules: 1 sum_first, 0 count_first
ORPHANS = 103        # 1 move_down, 0 removed
OBS_SIZE = 104

# private
LAID = 104           # 5 slots: each seat's layout card while they are still face down, -1
UNSEEN = 109         # 2 slots: the card left over unseen (3 and 4 players)
REDEAL = 111         # 1: a hand holds no numbered colour card; the round is dealt again
REDEAL_SEAT = 112    # the first such hand (start player's order)
STATE_SIZE = 113
