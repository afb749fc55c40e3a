"""Built-in Jass players (numba, strategy ABI): Schieber and Differenzler.

Decisions and their legal encodings are described in
``sim/games/jass/obs.py``. ``random_decide`` makes the same choice as the
engine's inline random player (``random_action_nb``), so the two dispatch
paths give the same games.
"""
import numpy as np
from numba import njit

from sim.bits_nb import lowest, popcount, select
from sim.games.jass import obs as O
from .abi import SIGNATURE

NAMES = ()
DEFAULTS = ()


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


# replaced by the heuristic player
@njit(cache=True, inline="always")
def heuristic_nb(obs, params):
    """The lowest legal action (prediction 0): a stand-in until the heuristic player exists."""
    if obs[O.PHASE] == O.PHASE_PREDICT:
        return 0
    return lowest(np.uint64(obs[O.LEGAL]))


@njit(SIGNATURE, cache=True)
def heuristic_decide(obs, params):
    """``heuristic_nb`` with the ABI signature, for the function-pointer path."""
    return heuristic_nb(obs, params)


@njit(SIGNATURE, cache=True)
def random_decide(obs, params):
    """Uniform among the legal actions (the same choice the inline path makes)."""
    return random_action_nb(obs[O.PHASE], obs[O.LEGAL], obs[O.RANDOM])
