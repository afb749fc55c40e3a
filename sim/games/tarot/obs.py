"""The deal's state: what a player sees (the observation), then the private slots.

A set of cards is two words (``cards.py``); a slot pair ``X``, ``X + 1`` holds
its low and high word as int64.
"""
MAX_SEATS = 5        # per-seat slots hold this many entries

PHASE_BID = 0        # pass (0), Take (1), Guard (2), Guard Without (3), Guard Against (4)
PHASE_CALL = 1       # 5 players: the card called (a King; with all four Kings a Queen, and so on down)
PHASE_DISCARD = 2    # one card into the discard (repeated until it is full)
PHASE_SLAM = 3       # 0 no, 1 declare a slam
PHASE_HANDFUL = 4    # 0 none, 1 single, 2 double, 3 triple (just before the seat's first card)
PHASE_PLAY = 5       # a card
PHASE_OVER = 6
PHASE_NAMES = ("bid", "call", "discard", "slam", "handful", "play", "over")

PHASE = 0
SEAT = 1             # the deciding seat
DEALER = 2
N_PLAYERS = 3
HAND = 4             # 2 slots: own hand
LEGAL = 6            # 2 slots: legal cards (card decisions)
RANDOM = 8           # a non-negative 63-bit draw from the decision stream
CONTRACT = 9         # highest bid so far (0 none)
TAKER = 10           # -1 none yet
BIDS_MADE = 11
CALLED = 12          # the called card, -1 none
SLAM = 13            # 1 when the taker declared a slam
DISCARD_LEFT = 14    # cards still to discard
TRICK_BLOCK = 15     # the kit's trick block (sim/kit_nb.py T_*): 7 slots
PLAYED = 15          # cards of the completed tricks, first word
TRICK_NO = 16
TRICK_LEADER = 17
TRICK_N = 18
LEAD = 19            # suit asked 0..3, 4 trumps, -1 none yet (or only the Excuse led)
WINNING_SEAT = 20
WINNING_CARD = 21
PLAYED_HI = 22       # cards of the completed tricks, second word
BEST_TRUMP = 23      # highest trump in the trick, -1 none
TRICK_CARDS = 24     # 5 slots: the trick so far in play order, -1 empty
BIDS = 29            # 5 slots: each seat's bid, -1 not yet
HANDFULS = 34        # 5 slots: handful level shown, -1 not decided yet
TRICKS = 39          # 5 slots: tricks won per seat
SHOWN = 44           # 2 slots: trumps shown (discarded trumps), public
N_TRICKS = 46        # tricks in the deal
EXCUSE_SEAT = 47     # who played the Excuse, -1 not yet
CALLED_SEAT = 48     # who played the called card (the partner revealed), -1 not yet
# What a search player needs to draw deals consistent with what it saw. Kept whenever a user's
# player sits at the table (a search player reads them) and in the step interface; a table of
# built-in players only leaves them as the deal starts them (no void, cap 76, 0, -1), as no
# built-in reads them: its card loop does no more work than before (docs/architecture.md)
VOIDS = 49           # 5 slots: per seat, bit u: no card of suit u (0..3) left; bit 4: no trump left
TRUMP_CAP = 54       # 5 slots: per seat, it holds no trump above this card id (76 nothing shown)
PILES = 59           # 5 slots: half-points of the tricks each seat won (an Excuse kept aside)
PILE_OUDLERS = 64    # 5 slots: oudlers among them
EXCUSE_WINNER = 69   # who won the trick the Excuse was played to, -1
PETIT_WINNER = 70    # who won the trick the Petit was played to, -1
# kept always
DOG_SHOWN = 71       # 2 slots: the dog, shown to all after a Take or Guard (0 before and otherwise)
DISCARD = 73         # 2 slots: the taker's discard; blank in any other seat's observation
EXCUSE_TRICK = 75    # trick in which the Excuse was played, -1
PETIT_TRICK = 76     # trick in which the Petit was played, -1
PETIT_SEC_RULE = 77  # the rules every seat knows: the option petit_sec (rules_nb.PETIT_SEC_*)
EXCHANGE = 78        # ... and the option excuse_exchange (rules_nb.EXCHANGE_*)
OBS_SIZE = 79

# private
PARTNER = 79         # the called card's holder (5 players), -1 alone
DOG = 80             # 2 slots: the dog as dealt
TAKER_HP = 82        # half-points of the taker's side (piles, discard, dog when his)
TAKER_OUDLERS = 83
TAKER_TRICKS = 84    # tricks won by the taker's side
PETIT = 85           # petit au bout: +1 taker's side, -1 defence, 0 none
PETIT_SIDE = 86      # side that won that trick: 1 taker's, 0 defence
ANNULLED = 87        # 1 all passed, 2 petit sec (no play; the deal is dealt again)
STATE_SIZE = 88
