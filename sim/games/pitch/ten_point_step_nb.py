"""Ten-point Pitch, one game of a board at a time (numba): the state, the step
interface's own functions and the hooks the kit's board loop (``sim/board_nb.py``)
is bound to. The deal's steps themselves are in ``ten_point_rules_nb``.

A game of a board is played deal after deal until a team reaches 52 (the
bidding team first) or ``MAX_DEALS`` deals have been played. Each deal
shuffles the 54 cards and takes the hands as 9 consecutive cards each from
the first hand on (the same law as packets of 3), the stock the last 18;
then a second shuffle gives the refill order. Both come from the deal's own
stream (``sim.kit_nb.deal_attempt_stream_nb``), so every rotation of a
duplicate board is dealt the same cards in deal ``d``. Every deal is kept
(the dealer is forced when all pass): the kit's default ``deal_verdict_nb``.
"""
import numpy as np
from numba import njit

from ...bits_nb import ONE, ZERO, popcount
from ...board_nb import ask_player_nb
from ...kit_nb import (CH_DEALER, CH_TOTALS, KIND_RANDOM, deal_attempt_stream_nb,
                       deal_row_keys_nb, draw_nb, game_row_keys_nb, random_choice_nb,
                       rank_and_win_nb, trace_deal_start_nb, trace_decision_nb)
from ...rng_nb import shuffle_prefix
from . import obs as O
from .observe_nb import observe_nb  # noqa: F401  (a hook of the board loop)
from .cards import N_CARDS
from .ten_point_rules_nb import (HAND_SIZE, MAX_DEALS, TARGET, act_nb, begin_deal_nb,
                                 legal_word_nb, made_nb, score_change_nb, trumps_nb)

# -- the state ---------------------------------------------------------------------------
# ``st``: the deal's slots (obs.py), then what a game of a board carries from deal to deal;
# ``hands``: the words of play (obs.HANDS_SIZE), then the deal as dealt (obs.DEALT_SIZE
# words: the four hands, the stock, the refill order), for the rows and the trace.
G_TOTALS = O.STATE_SIZE          # 4 slots: each seat's team's game score (seat s: team s % 2)
G_SETBACKS = G_TOTALS + 4        # 2 slots: times each team was set
G_WINNER = G_SETBACKS + 2        # the team that won the game, -1 none (yet)
STATE_SIZE = G_WINNER + 1
H_DEALT = O.HANDS_SIZE
HANDS_WORDS = H_DEALT + O.DEALT_SIZE


# -- the step interface's own functions (the rest is bound from sim/board_nb.py) -------------
@njit(cache=True)
def new_state_nb(cfg):
    return np.zeros(STATE_SIZE, dtype=np.int64), np.zeros(HANDS_WORDS, dtype=np.uint64)


@njit(cache=True)
def start_deal_nb(st, hands, cfg, dealt, chance):
    """A new deal: ``dealt`` (hands 0 … 3, the stock, the refill order), ``chance``
    (the dealer, each seat's team score before the deal)."""
    begin_deal_nb(st, hands, dealt, chance[CH_DEALER], chance[CH_TOTALS:])


@njit(cache=True)
def result_nb(st, cfg, out):
    """Each seat's change of game score (its team's); returns 4."""
    for s in range(4):
        out[s] = score_change_nb(st, s)
    return 4


# -- the hooks of the board loop (sim/board_nb.py) -----------------------------------------------
SEAT = O.SEAT
PHASE = O.PHASE
OBS_SIZE = O.OBS_SIZE


@njit(cache=True, inline="always")
def seats_nb(cfg):
    return 4


@njit(cache=True, inline="always")
def deck_size_nb(cfg):
    return N_CARDS


@njit(cache=True, inline="always")
def room_deals_nb(cfg, aux):
    """A game lasts ``MAX_DEALS`` deals at most."""
    return MAX_DEALS


@njit(cache=True, inline="always")
def new_game_nb(st, hands, cfg, aux, first_dealer):
    for i in range(G_TOTALS, G_WINNER):
        st[i] = 0
    st[G_WINNER] = -1


@njit(cache=True, inline="always")
def deal_nb(st, hands, cfg, aux, board_rng, deal_rng, deck, deal_no, attempt, first_dealer):
    """Shuffle the pack: hands 0 … 3 nine consecutive cards each, the stock the rest; a
    second shuffle gives the refill order. Kept as dealt in ``hands[H_DEALT:]``."""
    deal_attempt_stream_nb(board_rng, deal_no, attempt, deck, deck.shape[0], deal_rng)
    dealt = hands[H_DEALT:]
    shuffle_prefix(deal_rng, deck, N_CARDS)
    for i in range(O.DEALT_REFILL):
        dealt[i] = ZERO
    for i in range(N_CARDS):
        owner = i // HAND_SIZE if i < 4 * HAND_SIZE else O.DEALT_STOCK
        dealt[owner] |= ONE << np.uint64(deck[i])
    refill = dealt[O.DEALT_REFILL:O.DEALT_REFILL + N_CARDS]
    for i in range(N_CARDS):
        refill[i] = i
    shuffle_prefix(deal_rng, refill, N_CARDS)
    begin_deal_nb(st, hands, dealt, (first_dealer + deal_no) % 4, st[G_TOTALS:])


@njit(cache=True, inline="always")
def trace_deal_nb(trace, st, hands, cfg, game_id, deal_no):
    trace_deal_start_nb(trace, game_id, deal_no, st[O.DEALER], -1, st[G_TOTALS:], 4,
                        hands[H_DEALT:], O.DEALT_SIZE)


# once a deal: a call, not inlined (compile time, docs/architecture.md)
@njit(cache=True)
def play_deal_nb(st, hands, cfg, lineup, kinds, params, fns, dec_rng, obs, status, trace):
    """Play the deal to its end: one draw from the decision stream a decision, whoever
    decides; the random player answers right here. False after an illegal action."""
    while st[O.PHASE] != O.PHASE_OVER:
        seat = st[O.SEAT]
        slot = lineup[seat]
        draw = draw_nb(dec_rng)
        legal = legal_word_nb(st, hands)
        if kinds[slot] == KIND_RANDOM:
            action = random_choice_nb(legal, draw)
        else:
            action = ask_player_nb(st, hands, cfg, seat, slot, np.int64(legal), np.int64(0), draw,
                                   kinds, params, fns, obs, status)
            if action < 0:
                return False
        trace_decision_nb(trace, seat, st[O.PHASE], action)
        act_nb(st, hands, action)
    return True


@njit(cache=True, inline="always")
def legal_now_nb(st, hands, cfg):
    return np.int64(legal_word_nb(st, hands)), np.int64(0)


@njit(cache=True, inline="always")
def apply_action_nb(st, hands, cfg, action):
    act_nb(st, hands, action)


@njit(cache=True, inline="always")
def deal_over_nb(st):
    return st[O.PHASE] == O.PHASE_OVER


@njit(cache=True, inline="always")
def deal_rows_nb(st, hands, cfg, aux, deals_out, d_row, game_id, board, deal_no, lineup, attempt):
    """The deal's scores into the teams', its rows (``records.DEALS``); True when the game
    is over (a team reached 52: the bidding team first; or ``MAX_DEALS`` deals)."""
    bidder = st[O.BIDDER]
    side = bidder % 2
    made = made_nb(st)
    if made == 0:
        st[G_SETBACKS + side] += 1
    for s in range(4):
        st[G_TOTALS + s] += score_change_nb(st, s)
    trumps = trumps_nb(st)
    for s in range(4):
        dealt = hands[H_DEALT + s]
        row = deals_out[d_row + s]
        deal_row_keys_nb(row, game_id, board, deal_no, s, lineup[s], st[O.DEALER], 4)
        row.team = s % 2
        row.hand = dealt
        row.bid = max(st[O.BIDS + s], 0)
        row.bidder = bidder
        row.contract = st[O.HIGH_BID]
        row.forced = st[O.TP_FORCED]
        row.trump = st[O.TRUMP]
        row.trumps_dealt = popcount(dealt & trumps)
        row.trumps_played = st[O.TP_PLAYED_N + s]
        row.high = 0
        row.low = 0
        row.jack = 0
        row.game_point = 0
        row.count = 0
        row.points = st[O.TP_POINTS + s]
        row.burned = st[O.TP_BURNED_N + s]
        row.burned_points = st[O.TP_BURNED_PTS + s]
        row.made = made
        row.score = score_change_nb(st, s)
        row.total = st[G_TOTALS + s]
        row.redeals = 0
    if st[G_TOTALS + side] >= TARGET:
        st[G_WINNER] = side                  # both at 52: the bidding team wins
    elif st[G_TOTALS + 1 - side] >= TARGET:
        st[G_WINNER] = 1 - side
    return st[G_WINNER] >= 0 or deal_no + 1 >= MAX_DEALS


@njit(cache=True, inline="always")
def team_rank_win_nb(winner, team, scores):
    """(rank, win) of a team: the winner's 1 and 1.0; at the deal limit by score (the
    kit's rank and win share over the two teams' scores)."""
    if winner >= 0:
        return (1, 1.0) if winner == team else (2, 0.0)
    return rank_and_win_nb(scores, 2, team, True)


@njit(cache=True, inline="always")
def game_rows_nb(st, hands, cfg, aux, games_out, g_row, game_id, board, lineup, first_dealer,
                 deals, redeals):
    winner = st[G_WINNER]
    scores = st[G_TOTALS:G_TOTALS + 2]      # team t's score: seat t's slot
    for s in range(4):
        t = s % 2
        row = games_out[g_row + s]
        game_row_keys_nb(row, game_id, board, s, lineup[s], t, first_dealer, 4)
        rank, win = team_rank_win_nb(winner, t, scores)
        row.total = scores[t]
        row.rank = rank
        row.win = win
        row.score = scores[t]
        row.setbacks = st[G_SETBACKS + t]
        row.deals = deals
        row.redeals = redeals
        row.end = 1 if winner >= 0 else 3
    return g_row + 4
