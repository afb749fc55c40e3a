"""The deal's steps, and the hooks the kit's board loop is bound to (``sim/board_nb.py``).

The state is ``(st, hands)``: ``st`` is the observation layout (``obs.py``; nothing
in this game is private but the hands), then the game's totals; ``hands`` one word
per seat, then each seat's hand as dealt.
"""
import numpy as np
from numba import njit

from sim.bits_nb import bit
from sim.board_nb import ask_player_nb
from sim.kit_nb import (CFG_PLAYERS, CFG_SEATING, CH_DEALER, CH_TOTALS, DEAL_KEEP,  # noqa: F401
                        KIND_RANDOM, actions1_nb, close_trick_nb, deal_row_keys_nb, draw_nb,
                        is_legal_nb, random_choice_nb, seat_game_rows_nb, trace_deal_start_nb,
                        trace_decision_nb)
from sim.rng_nb import shuffle_prefix
from . import obs as O
from .rules_nb import legal_cards, trick_key

CFG_TRUMP = 2       # 0 spades, -1 none (after the kit's header: seating, players)
CFG_DEALS = 3
CFG_SIZE = 4
TOTALS = O.SIZE     # st: the game's totals after the observation
DEALT = 2           # hands: the hands as dealt after the seats' hands


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
def legal_now_nb(st, hands, cfg):
    return np.int64(legal_cards(hands[st[O.SEAT]], st[O.LEAD_SUIT])), np.int64(0)


@njit(cache=True, inline="always")
def apply_action_nb(st, hands, cfg, card):
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


@njit(cache=True, inline="always")
def deal_over_nb(st):
    return st[O.TRICK_NO] == O.N_TRICKS


@njit(cache=True, inline="always")
def legal_has_nb(phase, action, lo, hi):
    return is_legal_nb(action, lo)


@njit(cache=True, inline="always")
def actions_of_nb(phase, lo, hi, out):
    return actions1_nb(np.uint64(lo), out)


@njit(cache=True, inline="always")
def observe_nb(obs, st, hands, cfg, seat, lo, hi, draw, trusted):
    for i in range(O.SIZE):
        obs[i] = st[i]
    obs[O.HAND] = np.int64(hands[seat])
    obs[O.LEGAL] = lo
    obs[O.RANDOM] = draw
    return obs


# -- the step interface's own functions (the rest is bound from sim/board_nb.py) -------------
@njit(cache=True)
def new_state_nb(cfg):
    return np.zeros(O.SIZE + 2, dtype=np.int64), np.zeros(4, dtype=np.uint64)


@njit(cache=True)
def start_deal_nb(st, hands, cfg, dealt, chance):
    hands[0] = dealt[0]
    hands[1] = dealt[1]
    start_nb(st, chance[CH_DEALER], cfg[CFG_TRUMP], chance[CH_TOTALS], chance[CH_TOTALS + 1])


@njit(cache=True)
def result_nb(st, cfg, out):
    out[0] = st[O.TRICKS]
    out[1] = st[O.TRICKS + 1]
    return 2


# -- the board loop's hooks -------------------------------------------------------------------
SEAT = O.SEAT
PHASE = O.PHASE
OBS_SIZE = O.SIZE


@njit(cache=True, inline="always")
def seats_nb(cfg):
    return 2


@njit(cache=True, inline="always")
def deck_size_nb(cfg):
    return 16


@njit(cache=True, inline="always")
def room_deals_nb(cfg, aux):
    return cfg[CFG_DEALS]


@njit(cache=True, inline="always")
def new_game_nb(st, hands, cfg, aux, first_dealer):
    st[TOTALS] = 0
    st[TOTALS + 1] = 0


@njit(cache=True, inline="always")
def deal_nb(st, hands, cfg, aux, board_rng, deal_rng, deck, deal_no, attempt, first_dealer):
    shuffle_prefix(deal_rng, deck, 8)
    for s in range(2):
        m = np.uint64(0)
        for i in range(4 * s, 4 * s + 4):
            m |= bit(deck[i])
        hands[s] = m
        hands[DEALT + s] = m
    start_nb(st, (first_dealer + deal_no) % 2, cfg[CFG_TRUMP], st[TOTALS], st[TOTALS + 1])


@njit(cache=True, inline="always")
def trace_deal_nb(trace, st, hands, cfg, game_id, deal_no):
    trace_deal_start_nb(trace, game_id, deal_no, st[O.DEALER], -1, st[TOTALS:], 2, hands[DEALT:], 2)


@njit(cache=True, inline="always")
def play_deal_nb(st, hands, cfg, lineup, kinds, params, fns, dec_rng, obs, status, trace):
    while st[O.TRICK_NO] < O.N_TRICKS:
        seat = st[O.SEAT]
        lo, hi = legal_now_nb(st, hands, cfg)
        draw = draw_nb(dec_rng)
        slot = lineup[seat]
        if kinds[slot] == KIND_RANDOM:
            card = random_choice_nb(np.uint64(lo), draw)
        else:
            card = ask_player_nb(st, hands, cfg, seat, slot, lo, hi, draw, kinds, params, fns, obs,
                                 status)
            if card < 0:
                return False
        trace_decision_nb(trace, seat, O.PHASE_PLAY, card)
        apply_action_nb(st, hands, cfg, card)
    return True


@njit(cache=True, inline="always")
def deal_verdict_nb(st, hands, cfg, attempt):
    return DEAL_KEEP


@njit(cache=True, inline="always")
def deal_rows_nb(st, hands, cfg, aux, deals_out, d_row, game_id, board, deal_no, lineup, attempt):
    for s in range(2):
        st[TOTALS + s] += st[O.TRICKS + s]
        row = deals_out[d_row + s]
        deal_row_keys_nb(row, game_id, board, deal_no, s, lineup[s], st[O.DEALER], 2)
        row.hand = hands[DEALT + s]
        row.tricks = st[O.TRICKS + s]
        row.total = st[TOTALS + s]
    return deal_no + 1 == cfg[CFG_DEALS]


@njit(cache=True, inline="always")
def game_rows_nb(st, hands, cfg, aux, games_out, g_row, game_id, board, lineup, first_dealer, deals,
                 redeals):
    return seat_game_rows_nb(games_out, g_row, game_id, board, lineup, first_dealer, 2, st[TOTALS:])
