"""Ten-point Pitch's heuristic (work in progress)."""
import numpy as np
from numba import njit

from sim.games.pitch import obs as O
from sim.kit_nb import random_choice_nb

NAMES = ()
DEFAULTS = ()
RANGES = ()


@njit(cache=True)
def ten_point_heuristic_nb(obs, params):
    return random_choice_nb(np.uint64(obs[O.LEGAL]), obs[O.RANDOM])
