"""The deal's steps, and the hooks the kit's board loop is bound to (``sim/board_nb.py``;
the kit's defaults play the deal, keep every deal and read the one-word legal sets).

The state is ``(st, hands)``: ``st`` is the observation layout (``obs.py``; nothing
in this game is private but the hands), then the game's totals; ``hands`` one word
per seat, then each seat's hand as dealt.
"""
import numpy as np
from numba import njit

from sim.bits_nb import bit
from sim.kit_nb import (CH_DEALER, CH_TOTALS, close_trick_nb, deal_row_keys_nb, seat_game_rows_nb,
                        trace_deal_start_nb)
from sim.rng_nb import shuffle_prefix
from . import obs as O
from .cfg import CFG_DEALS, CFG_TRUMP
from .rules_nb import TRUMP_SUIT, legal_cards, trick_key

TOTALS = O.SIZE     # st: the game's totals after the observation
DEALT = 2           # hands: the hands as dealt after the seats' hands
SEAT, PHASE, OBS_SIZE = O.SEAT, O.PHASE, O.SIZE


@njit(cache=True, inline="always")
def start_nb(st, cfg, dealer, total0, total1):
    st[:O.SIZE] = 0
    st[O.DEALER] = dealer
    st[O.TRUMP] = TRUMP_SUIT[cfg[CFG_TRUMP]]
    st[O.TOTALS], st[O.TOTALS + 1] = total0, total1
    st[O.TRICK_LEADER] = st[O.SEAT] = 1 - dealer
    st[O.LEAD_SUIT] = st[O.WINNING_SEAT] = st[O.WINNING_CARD] = -1
    st[O.TRICK_CARDS] = st[O.TRICK_CARDS + 1] = -1


@njit(cache=True, inline="always")
def legal_now_nb(st, hands, cfg):
    return np.int64(legal_cards(hands[st[O.SEAT]], st[O.LEAD_SUIT])), np.int64(0)


@njit(cache=True, inline="always")
def apply_action_nb(st, hands, cfg, card):
    """The seat to act plays ``card``; a full trick goes to its taker, who leads next."""
    seat, k = st[O.SEAT], st[O.TRICK_N]
    hands[seat] &= ~bit(card)
    st[O.TRICK_CARDS + k] = card
    if k == 0:
        st[O.LEAD_SUIT] = card // 4
    lead, trump = st[O.LEAD_SUIT], st[O.TRUMP]
    if k == 0 or trick_key(card, lead, trump) > trick_key(st[O.WINNING_CARD], lead, trump):
        st[O.WINNING_CARD], st[O.WINNING_SEAT] = card, seat
    st[O.PLAYED] |= np.int64(bit(card))
    if k == 0:
        st[O.TRICK_N], st[O.SEAT] = 1, 1 - seat
        return
    winner = st[O.WINNING_SEAT]
    st[O.TRICKS + winner] += 1
    close_trick_nb(st, O.TRICK_BLOCK, O.TRICK_CARDS, 2, winner)
    st[O.TRICK_NO] += 1
    st[O.TRICK_N] = 0
    st[O.LEAD_SUIT] = st[O.WINNING_SEAT] = st[O.WINNING_CARD] = -1
    st[O.SEAT] = winner


@njit(cache=True, inline="always")
def deal_over_nb(st):
    return st[O.TRICK_NO] == O.N_TRICKS


@njit(cache=True, inline="always")
def observe_nb(obs, st, hands, cfg, seat, lo, hi, draw, trusted):
    obs[:] = st[:O.SIZE]
    obs[O.HAND], obs[O.LEGAL], obs[O.RANDOM] = np.int64(hands[seat]), lo, draw
    return obs


# -- the step interface's own functions (the rest is bound from sim/board_nb.py) -------------
@njit(cache=True)
def new_state_nb(cfg):
    return np.zeros(O.SIZE + 2, dtype=np.int64), np.zeros(4, dtype=np.uint64)


@njit(cache=True)
def start_deal_nb(st, hands, cfg, dealt, chance):
    hands[0], hands[1] = dealt[0], dealt[1]
    start_nb(st, cfg, chance[CH_DEALER], chance[CH_TOTALS], chance[CH_TOTALS + 1])


@njit(cache=True)
def result_nb(st, cfg, out):
    out[0], out[1] = st[O.TRICKS], st[O.TRICKS + 1]
    return 2


# -- a game of a board ------------------------------------------------------------------------
@njit(cache=True, inline="always")
def deck_size_nb(cfg):
    return 16


@njit(cache=True, inline="always")
def room_deals_nb(cfg, aux):
    return cfg[CFG_DEALS]


@njit(cache=True, inline="always")
def new_game_nb(st, hands, cfg, aux, first_dealer):
    st[TOTALS] = st[TOTALS + 1] = 0


@njit(cache=True, inline="always")
def deal_nb(st, hands, cfg, aux, board_rng, deal_rng, deck, deal_no, attempt, first_dealer):
    shuffle_prefix(deal_rng, deck, 8)
    for s in range(2):
        m = np.uint64(0)
        for i in range(4 * s, 4 * s + 4):
            m |= bit(deck[i])
        hands[s] = hands[DEALT + s] = m
    start_nb(st, cfg, (first_dealer + deal_no) % 2, st[TOTALS], st[TOTALS + 1])


@njit(cache=True, inline="always")
def trace_deal_nb(trace, st, hands, cfg, game_id, deal_no):
    trace_deal_start_nb(trace, game_id, deal_no, st[O.DEALER], -1, st[TOTALS:], 2, hands[DEALT:], 2)


@njit(cache=True, inline="always")
def deal_rows_nb(st, hands, cfg, aux, deals_out, d_row, game_id, board, deal_no, lineup, attempt):
    for s in range(2):
        st[TOTALS + s] += st[O.TRICKS + s]
        row = deals_out[d_row + s]
        deal_row_keys_nb(row, game_id, board, deal_no, s, lineup[s], st[O.DEALER], 2)
        row.hand, row.tricks, row.total = hands[DEALT + s], st[O.TRICKS + s], st[TOTALS + s]
    return deal_no + 1 == cfg[CFG_DEALS]


@njit(cache=True, inline="always")
def game_rows_nb(st, hands, cfg, aux, games_out, g_row, game_id, board, lineup, first_dealer, deals,
                 redeals):
    return seat_game_rows_nb(games_out, g_row, game_id, board, lineup, first_dealer, 2, st[TOTALS:])
