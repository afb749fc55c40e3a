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
user's player is called at the address of its compiled ``decide``
(``sim/call_nb.py``), so adding one never recompiles the engine.
"""
from numba import types

# the kinds of player (sim/kit_nb.py): how the engine asks each lineup slot
from sim.kit_nb import KIND_HEURISTIC, KIND_RANDOM, KIND_USER  # noqa: F401

SIGNATURE = types.int64(types.int64[::1], types.float64[::1])
MAX_SLOTS = 7
N_PARAMS = 16  # width of the params row every player gets
