"""Wizard and Oh Hell through the kit's step interface (``sim/kit_nb.py``).

A deal's state is ``(pub, hands)``: ``pub`` laid out as the observation
(``obs.py``), ``hands`` one word per seat. The functions here are thin,
uniform names over the deal's steps in ``kernels_nb``; replay, tests and
search players drive a deal with them from any position.
"""
import numpy as np
from numba import njit

from ...kit_nb import CH_DEAL, CH_DEALER, CH_DEALS, CH_TOTALS, CH_TURNED, is_legal_nb
from ...bits_nb import popcount, select
from . import kernels_nb as K
from . import obs as O
from .rules_nb import round_score


@njit(cache=True)
def new_state_nb(cfg):
    return np.zeros(O.SIZE, dtype=np.int64), np.zeros(O.MAX_PLAYERS, dtype=np.uint64)


@njit(cache=True)
def start_deal_nb(pub, hands, cfg, dealt, chance):
    """Deal ``dealt`` (one word per seat); ``chance``: dealer, deal index, turned card,
    deals in the game, totals per seat (kit ``CH_*``)."""
    n = cfg[K.CFG_PLAYERS]
    hand_size = popcount(dealt[0])
    for s in range(O.MAX_PLAYERS):
        hands[s] = dealt[s] if s < n else np.uint64(0)
    K.start_round_nb(pub, n, cfg[K.CFG_GAME], chance[CH_DEALER], chance[CH_DEAL],
                     chance[CH_DEALS], hand_size, chance[CH_TURNED], chance[CH_TOTALS:])


@njit(cache=True)
def to_act_nb(pub):
    return pub[O.SEAT]


@njit(cache=True)
def decision_nb(pub):
    return pub[O.PHASE]


@njit(cache=True, inline="always")
def legal_mask_nb(pub, hands, cfg):
    phase = pub[O.PHASE]
    if phase == O.PHASE_BID:
        return K.legal_bids_nb(pub, cfg[K.CFG_RESTRICT])
    if phase == O.PHASE_TRUMP:
        return np.uint64(15)
    return K.legal_play_nb(pub, hands)


@njit(cache=True)
def legal_actions_nb(pub, hands, cfg, out):
    legal = legal_mask_nb(pub, hands, cfg)
    count = popcount(legal)
    for k in range(count):
        out[k] = select(legal, k)
    return count


@njit(cache=True)
def is_legal_action_nb(pub, hands, cfg, action):
    return is_legal_nb(action, legal_mask_nb(pub, hands, cfg))


@njit(cache=True)
def apply_nb(pub, hands, cfg, action):
    phase = pub[O.PHASE]
    if phase == O.PHASE_BID:
        K.apply_bid_nb(pub, action)
    elif phase == O.PHASE_TRUMP:
        K.apply_trump_nb(pub, action)
    else:
        K.apply_play_nb(pub, hands, action)


@njit(cache=True)
def is_over_nb(pub):
    return pub[O.PHASE] == O.PHASE_PLAY and pub[O.TRICK_NO] >= pub[O.HAND_SIZE]


@njit(cache=True)
def result_nb(pub, cfg, out):
    """Each seat's score of the deal (the game's scoring table)."""
    n = pub[O.N_PLAYERS]
    for s in range(n):
        out[s] = round_score(pub[O.BIDS + s], pub[O.TRICKS_WON + s], cfg[K.CFG_SCORING])
    return n
