"""Record dtypes: one ``deals`` row per (game, deal, seat), one ``games`` row per (game, seat)."""
import numpy as np

DEALS = np.dtype([
    ("game", np.int64),      # unique id of the game in the study
    ("board", np.int64),     # id of the cards dealt (shared by duplicate rotations)
    ("deal", np.int16),      # index of the deal in the game, from 0
    ("seat", np.int8),
    ("player", np.int8),     # lineup slot playing this seat
    ("dealer", np.int8),
    ("position", np.int8),   # 0 = leads the first trick, 1 = dealer
    ("hand", np.uint64),     # the 4 cards dealt to this seat, a bitmask (card = suit * 4 + rank)
    ("tricks", np.int8),     # tricks taken = the deal's score
    ("total", np.int32),     # game total after this deal
])

GAMES = np.dtype([
    ("game", np.int64),
    ("board", np.int64),
    ("seat", np.int8),
    ("player", np.int8),
    ("team", np.int8),            # the seat itself
    ("first_dealer", np.int8),
    ("start_position", np.int8),  # position in the first deal
    ("total", np.int32),          # tricks over the game
    ("rank", np.int8),            # 1 = best; a tie shares rank 1
    ("win", np.float32),          # 1, 0.5 each on a tie, or 0
])
