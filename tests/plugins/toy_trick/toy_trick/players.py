"""The game's players, registered for its family when this module is imported
(the ``tricksim.players`` entry point)."""
import numpy as np
from numba import njit

from sim.bits_nb import highest
from sim.kit_nb import random_choice_nb
from strategies.abi import KIND_HEURISTIC, KIND_RANDOM
from strategies.registry import Player, register
from . import obs as O


@njit(cache=True)
def random_decide(obs, params):
    """Uniform among the legal cards (the same choice as the engine's inline random player)."""
    return random_choice_nb(np.uint64(obs[O.LEGAL]), obs[O.RANDOM])


@njit(cache=True, inline="always")
def highest_nb(obs, params):
    """The highest legal card."""
    return highest(np.uint64(obs[O.LEGAL]))


RANDOM = register(Player(name="random", family="toy_trick", kind=KIND_RANDOM,
                         decide=random_decide, doc="uniform among the legal cards"))
@njit(cache=True)
def highest_decide(obs, params):
    return highest_nb(obs, params)


HEURISTIC = register(Player(name="heuristic", family="toy_trick", kind=KIND_HEURISTIC,
                            decide=highest_decide, inline=highest_nb,
                            doc="plays its highest legal card"))
