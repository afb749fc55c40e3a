"""Pitch players as compiled functions on the observation (``sim/games/pitch/obs.py``).

``random_decide``: uniform among the legal actions of any decision (the
engine's inline random player makes the same choice). ``heuristic_nb``: one
player for both games, each game's decisions in its own module
(``pitch_auction_nb``, ``pitch_ten_point_nb``); its params row is Auction
Pitch's params (``AUCTION_NAMES``) followed by Ten-point Pitch's. The engine
compiles each game's part into its board loop: ``INLINE``, by variant.
"""
import numpy as np
from numba import njit

from sim.games.pitch import obs as O
from sim.kit_nb import random_choice_nb
from .pitch_auction_nb import (DEFAULTS as AUCTION_DEFAULTS, NAMES as AUCTION_NAMES,
                               RANGES as AUCTION_RANGES, auction_heuristic_nb, auction_inline_nb)
from .pitch_ten_point_nb import (DEFAULTS as TEN_POINT_DEFAULTS, NAMES as TEN_POINT_NAMES,
                                 RANGES as TEN_POINT_RANGES, ten_point_heuristic_nb)

NAMES = AUCTION_NAMES + TEN_POINT_NAMES
DEFAULTS = AUCTION_DEFAULTS + TEN_POINT_DEFAULTS
RANGES = AUCTION_RANGES + TEN_POINT_RANGES
TEN_POINT_FIRST = len(AUCTION_NAMES)   # Ten-point Pitch's params start here in the row


@njit(cache=True)
def random_decide(obs, params):
    """Uniform among the legal actions (the same choice as the engine's inline random player)."""
    return random_choice_nb(np.uint64(obs[O.LEGAL]), obs[O.RANDOM])


@njit(cache=True)
def heuristic_nb(obs, params):
    if obs[O.VARIANT] == O.VARIANT_TEN_POINT:
        return ten_point_heuristic_nb(obs, params[TEN_POINT_FIRST:])
    return auction_heuristic_nb(obs, params)


@njit(cache=True, inline="always")
def ten_point_inline_nb(obs, params):
    """Ten-point Pitch's heuristic on the whole params row (its part starts at
    ``TEN_POINT_FIRST``)."""
    return ten_point_heuristic_nb(obs, params[TEN_POINT_FIRST:])


# The heuristic the engine compiles into each variant's board loop.
INLINE = {"auction": auction_inline_nb, "ten_point": ten_point_inline_nb}


@njit(cache=True)
def heuristic_decide(obs, params):
    """The heuristic as an ABI function (the engine calls each game's heuristic inline)."""
    return heuristic_nb(obs, params)
