"""Players the conformance tests copy outside the repository and check there.

Wizard / Oh Hell players, legal except where their name says:

* ``LOWEST``: the lowest legal action, always (a good player).
* ``ILLEGAL``: at its first card, the lowest card it may not play.
* ``COUNTING``: picks among the legal actions by a counter kept in Python
  (not deterministic: one observation, several answers).
* ``PARAMS_COUNTER``: counts its decisions in its params row.
* ``PAST_THE_END``: at its first card, a helper of it reads one slot past
  the observation.
* ``RAISING``: raises an error at its first card.

Bare functions for any game:

* ``length_teller``: answers ``LENGTH_CODE`` + the length of its observation
  (never legal, so the engine's error shows the length).
* ``<family>_past_the_end``: reads the slot just past the family's documented
  observation (``obs.py``), then answers with it.
"""
import numba
import numpy as np

from sim.games.jass import obs as jass_obs
from sim.games.jupiter import obs as jupiter_obs
from sim.games.pitch import obs as pitch_obs
from sim.games.tarot import obs as tarot_obs
from sim.games.wizard import obs as O
from strategies.abi import KIND_USER, SIGNATURE
from strategies.registry import Player

LENGTH_CODE = 1_000_000


@numba.njit(cache=True)
def lowest_bit(mask):
    for i in range(64):
        if (mask >> np.uint64(i)) & np.uint64(1):
            return i
    return -1


@numba.njit(SIGNATURE, cache=True)
def lowest_decide(obs, params):
    return lowest_bit(np.uint64(obs[O.LEGAL]))


@numba.njit(SIGNATURE, cache=True)
def illegal_decide(obs, params):
    if obs[O.PHASE] == O.PHASE_PLAY:
        return lowest_bit(~np.uint64(obs[O.LEGAL]))
    return lowest_bit(np.uint64(obs[O.LEGAL]))


COUNTER = [0]


def next_count():
    COUNTER[0] += 1
    return COUNTER[0]


@numba.njit(SIGNATURE, cache=True)
def counting_decide(obs, params):
    with numba.objmode(count="int64"):
        count = next_count()
    legal = np.uint64(obs[O.LEGAL])
    n = 0
    for i in range(64):
        n += (legal >> np.uint64(i)) & np.uint64(1)
    pick = count % n
    for i in range(64):
        if (legal >> np.uint64(i)) & np.uint64(1):
            if pick == 0:
                return i
            pick -= 1
    return -1


@numba.njit(SIGNATURE, cache=True)
def params_counter_decide(obs, params):
    params[15] += 1.0
    return lowest_bit(np.uint64(obs[O.LEGAL]))


@numba.njit(cache=True)
def last_seat_score(obs):
    return obs[O.SIZE]        # one slot past the observation


@numba.njit(SIGNATURE, cache=True)
def past_the_end_decide(obs, params):
    if obs[O.PHASE] == O.PHASE_PLAY and last_seat_score(obs) == 12345:
        return 0
    return lowest_bit(np.uint64(obs[O.LEGAL]))


@numba.njit(SIGNATURE, cache=True)
def raising_decide(obs, params):
    if obs[O.PHASE] == O.PHASE_PLAY:
        raise ValueError("no card")
    return lowest_bit(np.uint64(obs[O.LEGAL]))


def _wizard(name, decide):
    return Player(name=name, family="wizard", kind=KIND_USER, decide=decide)


LOWEST = _wizard("lowest", lowest_decide)
ILLEGAL = _wizard("illegal", illegal_decide)
COUNTING = _wizard("counting", counting_decide)
PARAMS_COUNTER = _wizard("params_counter", params_counter_decide)
PAST_THE_END = _wizard("past_the_end", past_the_end_decide)
RAISING = _wizard("raising", raising_decide)


@numba.njit(SIGNATURE, cache=True)
def length_teller(obs, params):
    return LENGTH_CODE + obs.shape[0]


@numba.njit(SIGNATURE, cache=True)
def wizard_past_the_end(obs, params):
    return obs[O.SIZE]


@numba.njit(SIGNATURE, cache=True)
def jass_past_the_end(obs, params):
    return obs[jass_obs.SIZE]


@numba.njit(SIGNATURE, cache=True)
def tarot_past_the_end(obs, params):
    return obs[tarot_obs.OBS_SIZE]


@numba.njit(SIGNATURE, cache=True)
def pitch_past_the_end(obs, params):
    return obs[pitch_obs.OBS_SIZE]


@numba.njit(SIGNATURE, cache=True)
def jupiter_past_the_end(obs, params):
    return obs[jupiter_obs.OBS_SIZE]
