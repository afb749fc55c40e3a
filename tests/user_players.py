"""Players the tests load the way a user's players are loaded: by ``module:attribute``.

* ``HEURISTIC_VIA_POINTER`` / ``RANDOM_VIA_POINTER``: the built-in decision
  functions wrapped as user players, so the engine calls them through a
  function pointer instead of inline. Same decisions, other dispatch path.
* ``lowest_legal_decide``: a bare ABI function (no Player around it).
* ``BAD_BID`` / ``BAD_PLAY`` / ``BAD_TRUMP``: legal everywhere except in one
  decision kind, where they answer something never legal.
* ``voids_probe_decide``: a card chosen by the voids the observation shows (and the
  trick's number), the lowest bid: two tables whose ``VOIDS`` differ play differently.
* Things that are not players, for the bad-input tests.
"""
import numba
import numpy as np

from sim.games.wizard import obs as O
from strategies import wizard_nb
from strategies.abi import KIND_USER, SIGNATURE
from strategies.registry import Player

HEURISTIC_VIA_POINTER = Player(
    name="heuristic_via_pointer", family="wizard", kind=KIND_USER,
    decide=wizard_nb.heuristic_decide,
    param_names=wizard_nb.NAMES, param_values=wizard_nb.DEFAULTS,
)

RANDOM_VIA_POINTER = Player(
    name="random_via_pointer", family="wizard", kind=KIND_USER, decide=wizard_nb.random_decide,
)

ILLEGAL_BID = 99      # more tricks than any hand holds
ILLEGAL_SUIT = 4      # suits are 0..3


@numba.njit(cache=True)
def lowest_bit(mask):
    for i in range(64):
        if (mask >> np.uint64(i)) & np.uint64(1):
            return i
    return -1


@numba.njit(SIGNATURE, cache=True)
def lowest_legal_decide(obs, params):
    """Always the lowest legal action (bid, suit or card id)."""
    return lowest_bit(np.uint64(obs[O.LEGAL]))


@numba.njit(cache=True)
def lowest_illegal_card(obs):
    """The lowest card id outside the legal set: never a legal play."""
    return lowest_bit(~np.uint64(obs[O.LEGAL]))


@numba.njit(SIGNATURE, cache=True)
def bad_bid_decide(obs, params):
    if obs[O.PHASE] == O.PHASE_BID:
        return ILLEGAL_BID
    return lowest_bit(np.uint64(obs[O.LEGAL]))


@numba.njit(SIGNATURE, cache=True)
def bad_play_decide(obs, params):
    if obs[O.PHASE] == O.PHASE_PLAY:
        return lowest_illegal_card(obs)
    return lowest_bit(np.uint64(obs[O.LEGAL]))


@numba.njit(SIGNATURE, cache=True)
def bad_trump_decide(obs, params):
    if obs[O.PHASE] == O.PHASE_TRUMP:
        return ILLEGAL_SUIT
    return lowest_bit(np.uint64(obs[O.LEGAL]))


BAD_BID = Player(name="bad_bid", family="wizard", kind=KIND_USER, decide=bad_bid_decide)
BAD_PLAY = Player(name="bad_play", family="wizard", kind=KIND_USER, decide=bad_play_decide)
BAD_TRUMP = Player(name="bad_trump", family="wizard", kind=KIND_USER, decide=bad_trump_decide)

# --- not players --------------------------------------------------------------

NOT_A_PLAYER = 42


def plain_python_decide(obs, params):
    """Right arguments, but not compiled with numba: the engine cannot call it."""
    return 0


@numba.njit("float64(float64)", cache=True)
def wrong_signature_decide(x):
    return x


OTHER_FAMILY = Player(name="other_family", family="no_such_family", kind=KIND_USER,
                      decide=lowest_legal_decide)


@numba.njit(SIGNATURE, cache=True)
def voids_probe_decide(obs, params):
    legal = np.uint64(obs[O.LEGAL])
    if obs[O.PHASE] != O.PHASE_PLAY:
        return lowest_bit(legal)
    pick = obs[O.TRICK_NO]
    for s in range(O.MAX_PLAYERS):
        pick += obs[O.VOIDS + s] * (7 * s + 3)
    count = 0
    for c in range(64):
        count += (legal >> np.uint64(c)) & np.uint64(1)
    k = pick % np.int64(count)
    for c in range(64):
        if (legal >> np.uint64(c)) & np.uint64(1):
            if k == 0:
                return c
            k -= 1
    return -1
