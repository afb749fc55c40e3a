"""Jass (Schieber, Differenzler) through the kit's step interface (``sim/kit_nb.py``).

A deal's state is ``(st, hands)``: ``st`` is the observation (``obs.py``)
followed by the private slots of ``deal_nb`` (``STATE_SIZE`` in all),
``hands`` one word per seat. The functions here are thin, uniform names
over the deal's steps in ``deal_nb`` and ``play_nb``.
"""
import numpy as np
from numba import njit

from ...kit_nb import CH_DEAL, CH_DEALER, CH_TOTALS, CH_TURNED
from . import kernels_nb as K
from . import obs as O
from .deal_nb import (NS, PHASE_OVER, STATE_SIZE, VARIANT_SCHIEBER, X_SCORE, apply_decision_nb,
                      finish_deal_nb, new_game_nb, start_deal_nb as _start_deal_nb)
from .play_nb import apply_play_nb, legal_now_nb


@njit(cache=True)
def new_state_nb(cfg):
    return np.zeros(STATE_SIZE, dtype=np.int64), np.zeros(NS, dtype=np.uint64)


@njit(cache=True)
def start_deal_nb(st, hands, cfg, dealt, chance):
    """Deal ``dealt`` (one word per seat); ``chance``: dealer, deal index, the turned
    card (Differenzler), totals (Schieber: per team; Differenzler: penalties per seat)."""
    m = K.CFG_MULTS
    new_game_nb(st, cfg[K.CFG_VARIANT], cfg[K.CFG_TARGET], cfg[K.CFG_OPEN], cfg[m], cfg[m + 1],
                cfg[m + 2], cfg[m + 3], cfg[m + 4], cfg[m + 5])
    if cfg[K.CFG_VARIANT] == VARIANT_SCHIEBER:
        st[O.TEAM_TOTALS] = chance[CH_TOTALS]
        st[O.TEAM_TOTALS + 1] = chance[CH_TOTALS + 1]
    else:
        for s in range(NS):
            st[O.PENALTIES + s] = chance[CH_TOTALS + s]
    for s in range(NS):
        hands[s] = dealt[s]
    _start_deal_nb(st, chance[CH_DEALER], chance[CH_DEAL], chance[CH_TURNED])


@njit(cache=True)
def to_act_nb(st):
    return st[O.SEAT]


@njit(cache=True)
def decision_nb(st):
    return st[O.PHASE]


@njit(cache=True)
def legal_actions_nb(st, hands, cfg, out):
    legal = legal_now_nb(st, hands)
    if st[O.PHASE] == O.PHASE_PREDICT:   # a number 0 … legal, not a bitmask
        for k in range(legal + 1):
            out[k] = k
        return legal + 1
    count = 0
    for a in range(64):
        if (legal >> a) & 1:
            out[count] = a
            count += 1
    return count


@njit(cache=True)
def is_legal_action_nb(st, hands, cfg, action):
    legal = legal_now_nb(st, hands)
    if st[O.PHASE] == O.PHASE_PREDICT:
        return action >= 0 and action <= legal
    return action >= 0 and action < 64 and (legal >> action) & 1 == 1


@njit(cache=True)
def apply_nb(st, hands, cfg, action):
    phase = st[O.PHASE]
    if phase == O.PHASE_PLAY:
        apply_play_nb(st, hands, action)
    else:
        apply_decision_nb(st, hands, phase, st[O.SEAT], action)


@njit(cache=True)
def is_over_nb(st):
    return st[O.PHASE] == PHASE_OVER


@njit(cache=True)
def result_nb(st, cfg, out):
    """Each seat's score of the deal: Schieber its team's counted points, Differenzler
    its penalty (scored on a copy: the state itself is not advanced)."""
    work = st.copy()
    finish_deal_nb(work)
    schieber = st[O.VARIANT] == VARIANT_SCHIEBER
    for s in range(NS):
        out[s] = work[X_SCORE + (s % 2 if schieber else s)]
    return NS
