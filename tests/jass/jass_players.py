"""Jass players the tests load the way a user's players are loaded (``module:attribute``).

* ``RANDOM_VIA_POINTER`` / ``HEURISTIC_VIA_POINTER``: the built-in decision
  functions wrapped as user players, so the engine calls them through a
  function pointer instead of inline. Same decisions, other dispatch path.
* ``BAD_TRUMP`` / ``BAD_PREDICT`` / ``BAD_PLAY``: legal everywhere except in one
  decision kind, where they answer something never legal.
"""
import numba
import numpy as np

from sim.games.jass import obs as O
from strategies import jass_nb
from strategies.abi import KIND_USER, SIGNATURE
from strategies.registry import Player

RANDOM_VIA_POINTER = Player(name="random_via_pointer", family="jass", kind=KIND_USER,
                            decide=jass_nb.random_decide)
HEURISTIC_VIA_POINTER = Player(name="heuristic_via_pointer", family="jass", kind=KIND_USER,
                               decide=jass_nb.heuristic_decide, param_names=jass_nb.NAMES,
                               param_values=jass_nb.DEFAULTS)

ILLEGAL_MODE = 7          # modes are 0..5, push 6
ILLEGAL_PREDICTION = 158  # predictions are 0..157


@numba.njit(cache=True)
def lowest_legal(obs):
    if obs[O.PHASE] == O.PHASE_PREDICT:
        return 0
    legal = np.uint64(obs[O.LEGAL])
    for i in range(64):
        if (legal >> np.uint64(i)) & np.uint64(1):
            return i
    return -1


@numba.njit(cache=True)
def lowest_illegal_card(obs):
    legal = np.uint64(obs[O.LEGAL])
    for i in range(36):
        if not (legal >> np.uint64(i)) & np.uint64(1):
            return i
    return -1


@numba.njit(SIGNATURE, cache=True)
def bad_trump_decide(obs, params):
    if obs[O.PHASE] == O.PHASE_TRUMP:
        return ILLEGAL_MODE
    return lowest_legal(obs)


@numba.njit(SIGNATURE, cache=True)
def bad_predict_decide(obs, params):
    if obs[O.PHASE] == O.PHASE_PREDICT:
        return ILLEGAL_PREDICTION
    return lowest_legal(obs)


@numba.njit(SIGNATURE, cache=True)
def bad_play_decide(obs, params):
    if obs[O.PHASE] == O.PHASE_PLAY and obs[O.TRICK_N] > 0:
        card = lowest_illegal_card(obs)
        if card >= 0:
            return card
    return lowest_legal(obs)


BAD_TRUMP = Player(name="bad_trump", family="jass", kind=KIND_USER, decide=bad_trump_decide)
BAD_PREDICT = Player(name="bad_predict", family="jass", kind=KIND_USER, decide=bad_predict_decide)
BAD_PLAY = Player(name="bad_play", family="jass", kind=KIND_USER, decide=bad_play_decide)
