"""The strategy ABI: how the engine talks to a player.

A player decides with one numba function of this signature::

    @numba.njit(strategies.abi.SIGNATURE, cache=True)
    def decide(obs, params):   # obs: int64[::1], params: float64[::1]
        ...
        return action          # int64

``obs`` is the game's observation (its layout is documented in the game's
``obs.py``: phase, own hand, trick so far, trump, bids, scores, legal actions
as a bitmask, a random draw from the decision stream); ``params`` is the
player's row of tunable numbers. The engine checks every action: an illegal
one stops the run with an error naming the player, seat, game and legal set.

The built-in players are dispatched inline by kind (no call overhead); a
user's player is passed to the compiled kernel as a first-class function, so
adding one never recompiles the engine.
"""
import warnings

from numba import njit, types
from numba.core.errors import NumbaExperimentalFeatureWarning

# the kinds of player (sim/kit_nb.py): how the engine asks each lineup slot
from sim.kit_nb import KIND_HEURISTIC, KIND_RANDOM, KIND_USER  # noqa: F401

SIGNATURE = types.int64(types.int64[::1], types.float64[::1])
FUNCTION_TYPE = types.FunctionType(SIGNATURE)
MAX_SLOTS = 7
FUNCTION_TUPLE = types.UniTuple(FUNCTION_TYPE, MAX_SLOTS)
N_PARAMS = 16  # width of the params row every player gets

# First-class functions are the documented way to pass a user's player into a
# compiled kernel; the "experimental" notice would print once per process.
warnings.filterwarnings("ignore", category=NumbaExperimentalFeatureWarning)


@njit(SIGNATURE, cache=True)
def no_player(obs, params):
    """Fills the function-pointer slots of the lineup slots that a user's player
    does not sit in (the engine never calls it)."""
    return -1
