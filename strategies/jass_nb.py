"""Built-in Jass players (numba, strategy ABI): Schieber and Differenzler.

Decisions and their legal encodings are described in
``sim/games/jass/obs.py``. The heuristic player is in
``jass_heuristic_nb.py``, re-exported here where the engine looks for the
built-ins. ``random_decide`` makes the same choice as the engine's inline
random player (``random_action_nb``), so the two dispatch paths give the
same games.
"""
import numpy as np
from numba import njit

from sim.bits_nb import popcount, select
from sim.games.jass import obs as O
from .abi import SIGNATURE

# the heuristic player lives in its own module; the engine calls heuristic_nb inline
from .jass_heuristic_nb import DEFAULTS, NAMES, RANGES, heuristic_decide, heuristic_nb  # noqa: E402,F401


@njit(cache=True, inline="always")
def random_action_nb(phase, legal, draw):
    """Uniform among the legal actions, from the high bits of a 63-bit draw.

    A prediction is uniform over 0 … ``legal`` (there ``legal`` is the
    largest prediction, not a bitmask); every other decision picks one set
    bit of the ``legal`` mask.
    """
    high = (draw >> 31) & 0xFFFFFFFF
    if phase == O.PHASE_PREDICT:
        return (high * (legal + 1)) >> 32
    return select(np.uint64(legal), (high * popcount(np.uint64(legal))) >> 32)


@njit(SIGNATURE, cache=True)
def random_decide(obs, params):
    """Uniform among the legal actions (the same choice the inline path makes)."""
    return random_action_nb(obs[O.PHASE], obs[O.LEGAL], obs[O.RANDOM])
