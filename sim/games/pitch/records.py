"""Record dtypes of Pitch runs (both games) and how their columns read.

``DEALS``: one row per (game, played deal, seat). A deal dealt again
(Auction Pitch, every player passed under ``all_pass=redeal``) writes no
rows and is counted in ``redeals``. ``GAMES``: one row per (game, seat).
Columns that belong to one game only read 0 (or -1) in the other's rows.
"""
import numpy as np

DEALS = np.dtype([
    ("game", np.int64),          # unique id of the game in the study
    ("board", np.int64),         # id of the cards dealt (shared by duplicate rotations)
    ("deal", np.int16),          # index of the deal in the game, from 0
    ("seat", np.int8),
    ("player", np.int8),         # lineup slot playing this seat
    ("dealer", np.int8),
    ("position", np.int8),       # 0 = first hand (bids first) … 3 = dealer
    ("team", np.int8),           # Auction: the seat; Ten-point: seat % 2 (0+2 against 1+3)
    ("hand", np.uint64),         # the cards dealt to this seat (ids in cards.py; Ten-point: 9)
    ("bid", np.int8),            # this seat's bid: 0 pass, else the bid
    ("bidder", np.int8),         # the seat that won the bidding (Auction: the pitcher)
    ("contract", np.int8),       # the winning bid (Auction 2-4, Ten-point 4-10)
    ("forced", np.int8),         # 1: every other player passed and the dealer had to bid
    ("trump", np.int8),          # trump suit 0-3 (S H D C)
    ("trumps_dealt", np.int8),   # trumps in this seat's hand as dealt (Ten-point: the 16 trumps)
    ("trumps_played", np.int8),  # trumps this seat played in the deal
    ("high", np.int8),           # Auction: 1 this seat won High, else 0
    ("low", np.int8),            # Auction: 1 this seat won Low
    ("jack", np.int8),           # Auction: 1 this seat won Jack (-1 for every seat: the Jack not in play)
    ("game_point", np.int8),     # Auction: 1 this seat won Game (-1 for every seat: Game tied)
    ("count", np.int16),         # Auction: this seat's count for Game (10, A, K, Q, J taken)
    ("points", np.int8),         # points this seat won in the deal (Ten-point: its own, not its team's)
    ("burned", np.int8),         # Ten-point: trumps this seat burned (kept 6 of more)
    ("burned_points", np.int8),  # Ten-point: points on the trumps it burned (score for nobody)
    ("made", np.int8),           # 1 the bidder (bidding team) made the bid, 0 set
    ("score", np.int16),         # the deal's change of this seat's game score (Ten-point: its team's)
    ("total", np.int16),         # this seat's game score after the deal (Ten-point: its team's)
    ("redeals", np.int16),       # deals dealt again before this one was played
])

GAMES = np.dtype([
    ("game", np.int64),
    ("board", np.int64),
    ("seat", np.int8),
    ("player", np.int8),
    ("team", np.int8),           # Auction: the seat; Ten-point: seat % 2
    ("first_dealer", np.int8),
    ("start_position", np.int8),
    ("total", np.int32),         # Auction: the settlement (zero-sum); Ten-point: the team's final score
    ("rank", np.int8),           # 1 = best; tied totals share the better rank
    ("win", np.float32),         # 1 the seat (its team) won the game, else 0
    ("score", np.int16),         # the final game score (Ten-point: the team's)
    ("setbacks", np.int16),      # Auction: times this seat was set back
    ("deals", np.int16),         # deals played
    ("redeals", np.int16),       # deals dealt again in the game
    ("end", np.int8),            # how it ended: 1 target reached, 2 smudge (Auction), 3 the deal limit
])
