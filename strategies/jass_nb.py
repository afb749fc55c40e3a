"""Built-in Jass players (numba, strategy ABI): Schieber and Differenzler.

Decisions and their legal encodings are described in
``sim/games/jass/obs.py``. The heuristic player is in
``jass_heuristic_nb.py`` (the engine compiles its ``heuristic_nb`` in, named by
``inline=`` in ``strategies/jass.py``). ``random_decide`` makes the same choice
as the game's inline random player (``sim.games.jass.rules_nb.random_action_nb``),
so the two dispatch paths give the same games.
"""
from numba import njit

from sim.games.jass import obs as O
from sim.games.jass.rules_nb import random_action_nb

# the heuristic player lives in its own module
from .jass_heuristic_nb import DEFAULTS, NAMES, RANGES, heuristic_decide, heuristic_nb  # noqa: E402,F401


@njit(cache=True)
def random_decide(obs, params):
    """Uniform among the legal actions (the same choice the inline path makes)."""
    return random_action_nb(obs[O.PHASE], obs[O.LEGAL], obs[O.RANDOM])
