"""The deal's state: what a player sees (the observation), then the private slots.

Both Pitch games share the layout; ``VARIANT`` says which is played. A set
of cards is one word (``cards.py``). Every decision's legal set is one word
of action bits: the bid (0 = pass), the suit named (0 … 3), a card.
"""
VARIANT_AUCTION = 0
VARIANT_TEN_POINT = 1

PHASE_BID = 0        # 0 pass, or the bid (Auction 2 … 4, 4 = smudge; Ten-point 4 … 10)
PHASE_TRUMP = 1      # Ten-point: the bidder names trump, a suit 0 … 3 (S H D C)
PHASE_BURN = 2       # Ten-point: a bid loser over 6 trumps burns one (repeated down to 6);
                     # a record writes these as one ``keep`` decision (the 6 kept)
PHASE_PLAY = 3       # a card
PHASE_OVER = 4
PHASE_NAMES = ("bid", "trump", "burn", "play", "over")

PHASE = 0
SEAT = 1             # the deciding seat
DEALER = 2
N_PLAYERS = 3        # 4
VARIANT = 4          # VARIANT_AUCTION or VARIANT_TEN_POINT
HAND = 5             # own hand (Ten-point: dead non-trumps stay in it, never legal)
LEGAL = 6            # legal actions, one bit each
RANDOM = 7           # a non-negative 63-bit draw from the decision stream
HIGH_BID = 8         # the highest bid so far (0 none)
BIDDER = 9           # its seat (the pitcher), -1 none yet
TRUMP = 10           # trump suit 0 … 3, -1 not known yet (Auction: set by the first card)
BIDS_MADE = 11
TRICK_BLOCK = 12     # the kit's trick block (sim/kit_nb.py T_*): 7 slots
PLAYED = 12          # cards of the completed tricks
TRICK_NO = 13
TRICK_LEADER = 14
TRICK_N = 15
LEAD = 16            # suit led 0 … 3 (Auction), 4 trumps led, -1 none yet
WINNING_SEAT = 17
WINNING_CARD = 18
TRICK_CARDS = 19     # 4 slots: the trick so far in play order, -1 empty
BIDS = 23            # 4 slots: each seat's bid, -1 not yet
SCORES = 27          # 4 slots: game scores before the deal (Ten-point: the seat's team's)
TAKEN = 31           # 4 slots: cards each seat has taken in tricks this deal (a set)
OUT = 35             # Ten-point: seats out of play (no trump left), bit s
BURNED = 36          # Ten-point: cards burned face up this deal (a set)
BURN_LEFT = 37       # Ten-point: cards the deciding seat still has to burn
SETBACKS = 38        # 4 slots: Auction: times each seat was set back in the game so far
# per seat: the cards it has shown it does not hold (a set). Auction: by a card the rules
# allow only without them: another suit than the suit led and trump, only without the suit
# led; a non-trump to a trump lead, only without a trump. Ten-point: a point trump burned,
# only without a non-point trump (they go first). And per seat: the cards it has played (a
# set); Ten-point: the trumps it burned (a set). All kept whenever a user's player sits at
# the table (a search player reads them) and in the step interface; a table of built-in
# players only leaves them 0, as no built-in reads them (its play loop does no more work)
VOIDS = 42
PLAYED_BY = VOIDS + 4
BURNED_BY = PLAYED_BY + 4
# Auction: the rules every seat knows that no other slot shows (the options, as the config
# holds them: auction_rules_nb.ALL_PASS_*, LOW_TO_*)
ALL_PASS_RULE = BURNED_BY + 4   # 1: all pass -> redeal; 0: the dealer must bid
LOW_TO_RULE = ALL_PASS_RULE + 1  # 1: Low to the player who takes it; 0: to the player dealt it
OBS_SIZE = LOW_TO_RULE + 1

# -- private: Auction Pitch's slots (sim/games/pitch/auction_*.py)
AUCTION_PRIVATE = OBS_SIZE
REDEAL = AUCTION_PRIVATE     # 1: every player passed under all_pass=redeal (no play)
DEALT = REDEAL + 1           # 4 slots: each seat's hand as dealt (High and Low go to the seat dealt them)
HIGH_SEAT = DEALT + 4        # the deal's points once it is over: the seat that won High,
LOW_SEAT = HIGH_SEAT + 1     #   Low,
JACK_SEAT = LOW_SEAT + 1     #   Jack (-1: the Jack not in play),
GAME_SEAT = JACK_SEAT + 1    #   Game (-1: tied)
MADE = GAME_SEAT + 1         # 1 the pitcher made his bid
POINTS = MADE + 1            # 4 slots: points each seat won in the deal

# -- private: Ten-point Pitch's slots (sim/games/pitch/ten_point_*.py)
TEN_POINT_PRIVATE = POINTS + 4
REFILL_ORDER = TEN_POINT_PRIVATE  # 54 slots: every card id in the order the refill deals them
TP_TRUMPS = REFILL_ORDER + 54  # the 16 trumps of the named suit (a set; 0 before the trump is named)
TP_POINT1 = TP_TRUMPS + 1    # the trumps worth 1 to the trick's winner: A J Jick BJ LJ T (a set)
TP_NONPOINT = TP_POINT1 + 1  # the trumps worth nothing: K Q 9 8 7 6 5 4 (a set; burned first)
TP_THREE = TP_NONPOINT + 1   # the 3 of trumps (3 to the trick's winner), -1 before the trump
TP_TWO = TP_THREE + 1        # the 2 of trumps (1 to the team of its player), -1 before the trump
TP_TRICK_SET = TP_TWO + 1    # the cards of the trick in progress (a set)
TP_TURN = TP_TRICK_SET + 1   # the deciding seat's place after the trick's leader (0 … 3)
TP_BURN_K = TP_TURN + 1      # burns: place from the dealer's left of the loser burning now
TP_FORCED = TP_BURN_K + 1    # 1: the first three passed and the dealer had to bid
TP_POINTS = TP_FORCED + 1    # 4 slots: points each seat won this deal (the 2 to its player)
TP_PLAYED_N = TP_POINTS + 4  # 4 slots: trumps each seat played
TP_BURNED_N = TP_PLAYED_N + 4  # 4 slots: trumps each seat burned
TP_BURNED_PTS = TP_BURNED_N + 4  # 4 slots: points on the trumps each seat burned
TP_REFILL_DRAWN = TP_BURNED_PTS + 4  # places of REFILL_ORDER drawn so far (54: all given at the start)

STATE_SIZE = TP_REFILL_DRAWN + 1

# ``hands`` (uint64): one word per seat, then HANDS_PILE (Ten-point: the stock
# and the discards, to refill from), then HANDS_REFILL_RNG (Ten-point: 4 words, the
# stream of the refill's shuffle while it is drawn as the refill reads it); ``dealt``
# for start_deal_nb: the four hands, DEALT_STOCK (the undealt cards), then
# DEALT_REFILL … (the refill order: 54 ids).
HANDS_PILE = 4
HANDS_REFILL_RNG = 5
HANDS_SIZE = 9
DEALT_STOCK = 4
DEALT_REFILL = 5
DEALT_SIZE = DEALT_REFILL + 54
