"""The deal's steps, and the kit's step interface on them (``sim/kit_nb.py``).

The state is ``(st, hands)``: ``st`` is the observation layout (``obs.py``;
nothing in this game is private but the hands), ``hands`` one word per seat.
"""
import numpy as np
from numba import njit

from sim.bits_nb import bit, popcount, select
from sim.kit_nb import (CH_DEALER, CH_TOTALS, close_trick_nb, is_legal_nb)
from . import obs as O
from .rules_nb import legal_cards, trick_key

CFG_SEATING = 0     # sim.kit_nb.SEATING_*
CFG_TRUMP = 1       # 0 spades, -1 none
CFG_DEALS = 2
CFG_SIZE = 3


@njit(cache=True, inline="always")
def start_nb(st, dealer, trump, total0, total1):
    for i in range(O.SIZE):
        st[i] = 0
    st[O.PHASE] = O.PHASE_PLAY
    st[O.DEALER] = dealer
    st[O.TRUMP] = trump
    st[O.TOTALS] = total0
    st[O.TOTALS + 1] = total1
    st[O.TRICK_LEADER] = 1 - dealer
    st[O.SEAT] = 1 - dealer
    st[O.LEAD_SUIT] = -1
    st[O.WINNING_SEAT] = -1
    st[O.WINNING_CARD] = -1
    st[O.TRICK_CARDS] = -1
    st[O.TRICK_CARDS + 1] = -1


@njit(cache=True, inline="always")
def legal_now_nb(st, hands):
    return legal_cards(hands[st[O.SEAT]], st[O.LEAD_SUIT])


@njit(cache=True, inline="always")
def play_card_nb(st, hands, card):
    """The seat to act plays ``card``; a full trick goes to its taker, who leads next."""
    seat = st[O.SEAT]
    k = st[O.TRICK_N]
    hands[seat] &= ~bit(card)
    st[O.TRICK_CARDS + k] = card
    if k == 0:
        st[O.LEAD_SUIT] = card // 4
    lead = st[O.LEAD_SUIT]
    if k == 0 or trick_key(card, lead, st[O.TRUMP]) > trick_key(st[O.WINNING_CARD], lead, st[O.TRUMP]):
        st[O.WINNING_CARD] = card
        st[O.WINNING_SEAT] = seat
    st[O.PLAYED] |= np.int64(bit(card))
    if k == 1:
        winner = st[O.WINNING_SEAT]
        st[O.TRICKS + winner] += 1
        close_trick_nb(st, O.TRICK_BLOCK, O.TRICK_CARDS, 2, winner)
        st[O.TRICK_NO] += 1
        st[O.TRICK_N] = 0
        st[O.LEAD_SUIT] = -1
        st[O.WINNING_SEAT] = -1
        st[O.WINNING_CARD] = -1
        st[O.SEAT] = winner
    else:
        st[O.TRICK_N] = 1
        st[O.SEAT] = 1 - seat


# -- the kit's step interface ----------------------------------------------------------------
@njit(cache=True)
def new_state_nb(cfg):
    return np.zeros(O.SIZE, dtype=np.int64), np.zeros(2, dtype=np.uint64)


@njit(cache=True)
def start_deal_nb(st, hands, cfg, dealt, chance):
    hands[0] = dealt[0]
    hands[1] = dealt[1]
    start_nb(st, chance[CH_DEALER], cfg[CFG_TRUMP], chance[CH_TOTALS], chance[CH_TOTALS + 1])


@njit(cache=True)
def to_act_nb(st):
    return st[O.SEAT]


@njit(cache=True)
def decision_nb(st):
    return st[O.PHASE]


@njit(cache=True)
def legal_actions_nb(st, hands, cfg, out):
    legal = legal_now_nb(st, hands)
    count = popcount(legal)
    for k in range(count):
        out[k] = select(legal, k)
    return count


@njit(cache=True)
def is_legal_action_nb(st, hands, cfg, action):
    return is_legal_nb(action, legal_now_nb(st, hands))


@njit(cache=True)
def apply_nb(st, hands, cfg, action):
    play_card_nb(st, hands, action)


@njit(cache=True)
def is_over_nb(st):
    return st[O.TRICK_NO] == O.N_TRICKS


@njit(cache=True)
def result_nb(st, cfg, out):
    out[0] = st[O.TRICKS]
    out[1] = st[O.TRICKS + 1]
    return 2
