"""Pitch's step interface (``sim/kit_nb.py`` lists it): one deal, one decision at a time.

The state is ``(st, hands)`` (``obs.py``). Both games share the layout and
these entry points; each game's rules are its own module
(``auction_step_nb``, ``ten_point_step_nb``), chosen by ``cfg[CFG_VARIANT]``.
Every legal set is one word of action bits.
"""
import numpy as np
from numba import njit

from ...bits_nb import ONE, ZERO
from ...kit_nb import is_legal_nb
from . import auction_step_nb as A
from . import obs as O
from . import ten_point_step_nb as T

from .cfg import CFG_VARIANT


@njit(cache=True)
def new_state_nb(cfg):
    return np.zeros(O.STATE_SIZE, dtype=np.int64), np.zeros(O.HANDS_SIZE, dtype=np.uint64)


@njit(cache=True)
def start_deal_nb(st, hands, cfg, dealt, chance):
    if cfg[CFG_VARIANT] == O.VARIANT_TEN_POINT:
        T.start_deal_nb(st, hands, cfg, dealt, chance)
    else:
        A.start_deal_nb(st, hands, cfg, dealt, chance)


@njit(cache=True)
def to_act_nb(st):
    return st[O.SEAT]


@njit(cache=True)
def decision_nb(st):
    return st[O.PHASE]


@njit(cache=True, inline="always")
def _legal(st, hands, cfg):
    if cfg[CFG_VARIANT] == O.VARIANT_TEN_POINT:
        return T.legal_now_nb(st, hands)
    return A.legal_now_nb(st, hands)


@njit(cache=True)
def legal_actions_nb(st, hands, cfg, out):
    legal = _legal(st, hands, cfg)
    count = 0
    for a in range(64):
        if (legal >> np.uint64(a)) & ONE != ZERO:
            out[count] = a
            count += 1
    return count


@njit(cache=True)
def is_legal_action_nb(st, hands, cfg, action):
    return is_legal_nb(action, _legal(st, hands, cfg))


@njit(cache=True)
def apply_nb(st, hands, cfg, action):
    if cfg[CFG_VARIANT] == O.VARIANT_TEN_POINT:
        T.apply_nb(st, hands, cfg, action)
    else:
        A.apply_nb(st, hands, cfg, action)


@njit(cache=True)
def is_over_nb(st):
    return st[O.PHASE] == O.PHASE_OVER


@njit(cache=True)
def result_nb(st, cfg, out):
    """The deal's change of each seat's game score (Ten-point: its team's); returns 4."""
    if cfg[CFG_VARIANT] == O.VARIANT_TEN_POINT:
        return T.result_nb(st, cfg, out)
    return A.result_nb(st, cfg, out)
