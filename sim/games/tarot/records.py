"""Record dtypes of French Tarot runs and how their columns read.

``DEALS``: one row per (game, played deal, seat); deals dealt again (every
player passed, or a petit sec) write no rows and are counted in ``redeals``.
``GAMES``: one row per (game, seat). Points are in half-points (``_hp``
columns: 2 = one point); scores are whole numbers.
"""
import numpy as np

DEALS = np.dtype([
    ("game", np.int64),          # unique id of the game in the study
    ("board", np.int64),         # id of the cards dealt (shared by duplicate rotations)
    ("deal", np.int16),          # index of the deal in the game, from 0
    ("seat", np.int8),           # the seat, 0 … players-1 in play order
    ("player", np.int8),         # lineup slot playing this seat
    ("dealer", np.int8),         # the dealer's seat
    ("position", np.int8),       # 0 = first hand (bids first) … players-1 = dealer
    ("hand_lo", np.uint64),      # the cards dealt to this seat: ids 0..63 (cards.py)
    ("hand_hi", np.uint64),      # … and ids 64..77
    ("trumps_held", np.int8),    # trumps dealt to this seat (the Excuse not counted)
    ("oudlers_held", np.int8),   # oudlers (T1, T21, EX) dealt to this seat
    ("kings_held", np.int8),     # Kings dealt to this seat
    ("bid", np.int8),            # 0 pass, 1 Take, 2 Guard, 3 Guard Without, 4 Guard Against
    ("role", np.int8),           # 0 defender, 1 taker, 2 the taker's partner (5 players)
    ("taker", np.int8),          # the taker's seat
    ("contract", np.int8),       # the taker's bid
    ("dog_oudlers", np.int8),    # oudlers in the dog as dealt
    ("dog_kings", np.int8),      # Kings in the dog as dealt
    ("taker_trumps", np.int8),   # trumps (Excuse not counted) in the taker's hand after the dog and discard
    ("taker_hp", np.int16),      # half-points of the taker's side at the end
    ("taker_oudlers", np.int8),  # oudlers of the taker's side at the end
    ("made", np.int8),           # 1 the contract was made
    ("margin", np.int16),        # signed: points above the target (made, >= 0) or below it (failed, <= -1), the half point to the winner
    ("petit", np.int8),          # petit au bout: 1 the taker's side, -1 the defence, 0 none
    ("handful", np.int8),        # handful this seat showed: 0 none, 1 single, 2 double, 3 triple
    ("slam_declared", np.int8),  # 1 the taker declared a slam
    ("slam", np.int8),           # 1 the taker's side won every trick, -1 the defence did, 0 neither
    ("score", np.int32),         # the deal's score, per defender (the taker's side's sign)
    ("points", np.int32),        # this seat's settlement of the deal (zero-sum over the seats)
    ("total", np.int32),         # this seat's game total after this deal
    ("redeals", np.int16),       # deals dealt again before this one was played
])

GAMES = np.dtype([
    ("game", np.int64),          # unique id of the game in the study
    ("board", np.int64),         # id of the cards dealt (shared by duplicate rotations)
    ("seat", np.int8),           # the seat, 0 … players-1 in play order
    ("player", np.int8),         # lineup slot playing this seat
    ("team", np.int8),           # the seat itself (sides change from deal to deal)
    ("first_dealer", np.int8),   # the dealer of the first deal
    ("start_position", np.int8), # 0 = the first hand of the first deal … players-1 = its dealer
    ("total", np.int32),         # the sum of the seat's settlements over the game
    ("rank", np.int8),           # 1 = best; tied totals share the better rank
    ("win", np.float32),         # 1 / k to each of the k seats with the best total, else 0
    ("deals", np.int16),         # deals played
    ("redeals", np.int16),       # deals dealt again in the game
])
