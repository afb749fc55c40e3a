"""Record dtypes of Beim Jupiter runs and how their columns read.

``DEALS``: one row per (game, round played, seat): a deal in the kit's
vocabulary is one round; rounds dealt again (a hand without a numbered colour
card) write no rows and are counted in ``redeals``. ``GAMES``: one row per
(game, seat). Points are victory points: the numbers on the cards won.
"""
import numpy as np

DEALS = np.dtype([
    ("game", np.int64),          # unique id of the game in the study
    ("board", np.int64),         # id of the cards dealt (shared by duplicate rotations)
    ("deal", np.int16),          # index of the round in the game, from 0 (round = deal + 1)
    ("seat", np.int8),           # the seat, 0 … players-1 in play order
    ("player", np.int8),         # lineup slot playing this seat
    ("dealer", np.int8),         # the dealer's seat (the start player of the round before)
    ("position", np.int8),       # 0 = start player (lays out, bids and leads first) … players-1 = dealer
    ("hand_lo", np.uint64),      # the cards dealt to this seat: ids 0..63 (cards.py)
    ("hand_hi", np.uint64),      # … and id 64 (L3)
    ("layout", np.int8),         # the card this seat laid out (cards.py id)
    ("trump", np.int8),          # trump colour 0..3 (B R Y G), -1 no trump
    ("trump_step", np.int8),     # what settled the trump: 0 no trump (all tied), 1 count, 2 sum, 3 highest card
    ("table_decides", np.int8),  # 1 the trump differs from the one the new layouts alone would give
    ("table_cards", np.int8),    # colour cards beside the counters when the round began
    ("bid", np.int8),            # 0 the zero-trick card, k the counter k
    ("locked", np.int8),         # 1 the bid was locked with the marker
    ("tricks", np.int8),         # tricks won
    ("exact", np.int8),          # 1 tricks == bid (a zero bid: no trick)
    ("card_points", np.int16),   # numbers on the cards in this seat's tricks (a God 0, also played as 15)
    ("claim", np.int8),          # the seat's standing at its counter: 0 none (0 tricks or a zero bid), 1 locked and made, 2 unlocked, 3 locked and failed, 4 sole claimant
    ("cards_won", np.int8),      # cards won this round (at a counter or by the zero-trick card)
    ("own_card", np.int8),       # 1 this seat won back its own layout card
    ("points", np.int16),        # victory points won this round
    ("total", np.int16),         # the seat's victory points after this round
    ("table_after", np.int8),    # colour cards beside the counters after the round (the next round's table)
    ("out_after", np.int8),      # colour cards out of the game after the round, since the game began (removed with a counter, lost by a zero-trick card)
    ("redeals", np.int16),       # deals dealt again before this round was played
])

GAMES = np.dtype([
    ("game", np.int64),          # unique id of the game in the study
    ("board", np.int64),         # id of the cards dealt (shared by duplicate rotations)
    ("seat", np.int8),           # the seat, 0 … players-1 in play order
    ("player", np.int8),         # lineup slot playing this seat
    ("team", np.int8),           # the seat itself (every player plays for himself)
    ("first_dealer", np.int8),   # the dealer of round 1
    ("start_position", np.int8), # 0 = the start player of round 1 … players-1 = its dealer
    ("total", np.int16),         # victory points of the game
    ("rank", np.int8),           # 1 = best; tied totals share the better rank
    ("win", np.float32),         # 1 / k to each of the k seats with the most victory points, else 0
    ("zero_used", np.int8),      # 1 the seat used its zero-trick card
    ("redeals", np.int16),       # rounds dealt again in the game
])
