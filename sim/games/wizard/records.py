"""Record dtypes of Wizard / Oh Hell runs and how their columns read.

``DEALS``: one row per (game, deal, seat) — a deal is one of the game's
rounds (hand sizes in the game's schedule). ``GAMES``: one row per (game,
seat). A *board* is one deal of the cards; with ``seating=duplicate`` each
board is played once per rotation of the players round the table, so rows
of the same board share their cards.
"""
import numpy as np

DEALS = np.dtype([
    ("game", np.int64),        # unique id of the game in the study
    ("board", np.int64),       # id of the cards dealt (shared by duplicate rotations)
    ("deal", np.int16),        # index of the deal (round) in the game's schedule, from 0
    ("hand_size", np.int8),    # cards dealt to each player
    ("seat", np.int8),
    ("player", np.int8),       # lineup slot playing this seat (see the manifest's players)
    ("dealer", np.int8),
    ("position", np.int8),     # bidding order: 0 = first hand (left of the dealer) … n-1 = dealer
    ("bid", np.int8),
    ("tricks", np.int8),
    ("score", np.int16),       # points of this round
    ("total", np.int32),       # game total after this round
    ("trump", np.int8),        # trump suit 0..3 (S H D C), -1 none
    ("trump_kind", np.int8),   # see TRUMP_KINDS
    ("trumps_held", np.int8),  # cards of the trump suit dealt to this seat
    ("wizards_held", np.int8),
    ("jesters_held", np.int8),
])

GAMES = np.dtype([
    ("game", np.int64),
    ("board", np.int64),
    ("seat", np.int8),
    ("player", np.int8),
    ("team", np.int8),            # the seat itself (no partnerships)
    ("first_dealer", np.int8),
    ("start_position", np.int8),  # bidding position in the first round (0 = first hand)
    ("total", np.int32),
    ("rank", np.int8),            # 1 = best; tied totals share the better rank
    ("win", np.float32),          # 1 / number of players sharing the best total, else 0
])

TRUMP_KINDS = {
    0: "suit turned up",
    1: "Jester turned: no trump",
    2: "no card left: no trump",
    3: "Wizard turned: dealer chose",
}
