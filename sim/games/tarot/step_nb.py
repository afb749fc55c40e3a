"""French Tarot on the kit's board loop (``sim/board_nb.py``): the state of a game
of a board, the step interface's own functions, and the hooks the board loop
is bound to.

A deal's state and its steps are ``play_nb``'s. A game of a board keeps more
in the same two arrays: ``st`` holds the game's totals and the deal's
settlement after the deal's slots (``TOTALS``, ``POINTS``), ``hands`` the
hands as dealt (players' hands, then the dog) after the live hands
(``DEALT``).

A game is ``cfg[CFG_DEALS]`` played deals, each seat dealing in turn. The
pack is shuffled and each hand, then the dog, taken in order: the same law as
packets of 3 with the dog put aside one card at a time. A petit sec (option
``petit_sec``) or all passes deal again with the same dealer, counted in
``redeals``; every attempt draws from its own stream (the board's, the deal's
number and the attempt's: ``sim.kit_nb.deal_attempt_stream_nb``), so a
redeal in one rotation of a duplicate board changes no other deal.
"""
import numpy as np
from numba import njit

from ...board_nb import ask_player_nb
from ...borrow_nb import borrowed
from ...kit_nb import (CFG_PLAYERS, CH_DEALER, DEAL_AGAIN, DEAL_KEEP, KIND_RANDOM,
                       deal_attempt_stream_nb, deal_row_keys_nb, draw_nb, observe2_nb,
                       random_choice2_nb, seat_game_rows_nb, trace_deal_start_nb, trace_decision_nb)
from ...rng_nb import shuffle_prefix
from . import obs as O
from .cfg import CFG_DEALS, CFG_EXCHANGE, CFG_PETIT_SEC
from .play_nb import (HAND_WORDS, MAX_SEATS, act_nb, apply_action_nb, begin_nb, legal_set_nb,
                      play_cards_nb, score_nb)
from .rules_nb import (HAND_CARDS, KINGS_LO, ONE, OUDLERS_HI, OUDLERS_LO, TRUMPS_HI, TRUMPS_LO,
                       ZERO, popcount2, settle)

N_CARDS = 78
MAX_REDEALS = 10_000    # a lineup that never bids: the deal is played by nobody, all zero

# ``st``: the deal's slots (obs.py), then the game's
TOTALS = O.STATE_SIZE               # per seat: the game's total so far
POINTS = TOTALS + MAX_SEATS         # per seat: the settlement of the deal just played
BOARD_STATE_SIZE = POINTS + MAX_SEATS
# ``hands``: the live hands, then the hands as dealt (players', then the dog)
DEALT = HAND_WORDS


# -- the step interface's own functions (the rest is bound from sim/board_nb.py) -------------
@njit(cache=True)
def new_state_nb(cfg):
    return (np.zeros(BOARD_STATE_SIZE, dtype=np.int64),
            np.zeros(DEALT + HAND_WORDS, dtype=np.uint64))


@njit(cache=True)
def start_deal_nb(st, hands, cfg, dealt, chance):
    """Deal ``dealt`` (the players' hands, then the dog, two words each); ``chance``:
    the dealer (kit ``CH_DEALER``)."""
    begin_nb(st, hands, cfg[CFG_PLAYERS], chance[CH_DEALER], cfg[CFG_PETIT_SEC], cfg[CFG_EXCHANGE],
             dealt)


@njit(cache=True)
def result_nb(st, cfg, out):
    """The settlement per seat (all zero for a deal dealt again)."""
    n = st[O.N_PLAYERS]
    for s in range(n):
        out[s] = 0
    if st[O.ANNULLED] != 0 or st[O.PHASE] != O.PHASE_OVER:
        return n
    made, margin, score = score_nb(st)
    settle(score, n, st[O.TAKER], st[O.PARTNER], out)
    return n


# -- the hooks of the board loop (sim/board_nb.py) -----------------------------------------------
SEAT = O.SEAT
PHASE = O.PHASE
OBS_SIZE = O.OBS_SIZE


@njit(cache=True, inline="always")
def deck_size_nb(cfg):
    return N_CARDS


@njit(cache=True, inline="always")
def room_deals_nb(cfg, aux):
    """Every game lasts its played deals (redeals write no rows)."""
    return cfg[CFG_DEALS]


@njit(cache=True, inline="always")
def new_game_nb(st, hands, cfg, aux, first_dealer):
    for s in range(MAX_SEATS):
        st[TOTALS + s] = 0


@njit(cache=True, inline="always")
def deal_nb(st, hands, cfg, aux, board_rng, deal_rng, deck, deal_no, attempt, first_dealer):
    """Deal ``deal_no`` (attempt ``attempt``, from its own stream): shuffle the pack; the
    hands of the first hand on, then the dog (two words each), into ``hands[DEALT:]``;
    then start the deal's state."""
    n = cfg[CFG_PLAYERS]
    # each attempt from its own stream: a redeal in one rotation of a
    # duplicate board leaves the other deals common to every rotation
    deal_attempt_stream_nb(board_rng, deal_no, attempt, deck, N_CARDS, deal_rng)
    shuffle_prefix(deal_rng, deck, N_CARDS)
    size = HAND_CARDS[n - 3]
    for i in range(2 * n + 2):
        hands[DEALT + i] = ZERO
    for owner in range(n + 1):      # the hands in turn, then the dog (the rest)
        end = (owner + 1) * size if owner < n else N_CARDS
        for i in range(owner * size, end):
            c = deck[i]
            hands[DEALT + 2 * owner + (c >> 6)] |= ONE << np.uint64(c & 63)
    begin_nb(st, hands, n, (first_dealer + deal_no) % n, cfg[CFG_PETIT_SEC], cfg[CFG_EXCHANGE],
             hands[DEALT:])


@njit(cache=True, inline="always")
def trace_deal_nb(trace, st, hands, cfg, game_id, deal_no):
    n = cfg[CFG_PLAYERS]
    trace_deal_start_nb(trace, game_id, deal_no, st[O.DEALER], -1, st[TOTALS:], n, hands[DEALT:],
                        2 * n + 2)


# once a deal: a call, not inlined (compile time, docs/architecture.md)
@njit(cache=True)
def play_deal_nb(st, hands, cfg, lineup, kinds, params, fns, dec_rng, obs, status, trace):
    """Play the deal on from wherever ``st`` stands to its end.

    Every decision takes one draw from the decision stream. The random
    player is answered right here, without an observation; its cards are
    played by ``play_cards_nb`` with the trick in locals (the hot path of
    large random studies). Returns False when a player gave an illegal action
    (see ``status``).

    The arrays are borrowed (``sim/borrow_nb.py``): numba counts references to an
    array each time an inlined function receives it, and here that made an
    atomic increment and decrement for most arrays at every decision and
    trick, where no reference can end (the caller owns them all). Borrowed,
    4-player random went from ~26M to ~46M card plays/s and heuristic from
    ~7.6M to ~13.8M (scripts/bench.py, one core, interleaved rounds).
    ``obs`` and ``params`` stay counted when a user's player (``fns``) may
    receive them.
    """
    st = borrowed(st)
    hands = borrowed(hands)
    cfg = borrowed(cfg)
    lineup = borrowed(lineup)
    kinds = borrowed(kinds)
    dec_rng = borrowed(dec_rng)
    status = borrowed(status)
    trace = borrowed(trace)
    if fns is None:
        obs = borrowed(obs)
        params = borrowed(params)
    while st[O.PHASE] != O.PHASE_OVER:
        seat = st[O.SEAT]
        slot = lineup[seat]
        if st[O.PHASE] == O.PHASE_PLAY and kinds[slot] == KIND_RANDOM:
            play_cards_nb(st, hands, lineup, kinds, dec_rng, -1, trace, fns)
            continue
        draw = draw_nb(dec_rng)
        lo, hi = legal_set_nb(st, hands)
        if kinds[slot] == KIND_RANDOM:
            action = random_choice2_nb(lo, hi, draw)
        else:
            action = ask_player_nb(st, hands, cfg, seat, slot, np.int64(lo), np.int64(hi), draw,
                                   kinds, params, fns, obs, status)
            if action < 0:
                return False
        trace_decision_nb(trace, seat, st[O.PHASE], action)
        # a user's player (``fns``) may read the voids and piles: kept only then (compile time)
        act_nb(st, hands, cfg, action, fns)
    return True


@njit(cache=True, inline="always")
def legal_now_nb(st, hands, cfg):
    """The legal set of the decision waiting: two words of action bits."""
    lo, hi = legal_set_nb(st, hands)
    return np.int64(lo), np.int64(hi)


@njit(cache=True, inline="always")
def observe_nb(obs, st, hands, cfg, seat, lo, hi, draw, trusted):
    """The deciding seat's observation (``kit_nb.observe2_nb``: the state itself for the
    built-in heuristic, else a copy): the public slots with its hand, legal set and draw;
    the discard only in the taker's."""
    out = observe2_nb(obs, st, O.OBS_SIZE, O.HAND, hands[2 * seat], hands[2 * seat + 1], O.LEGAL,
                      lo, hi, O.RANDOM, draw, trusted)
    if not trusted and seat != st[O.TAKER]:
        out[O.DISCARD] = 0
        out[O.DISCARD + 1] = 0
    return out


@njit(cache=True, inline="always")
def deal_over_nb(st):
    return st[O.PHASE] == O.PHASE_OVER


@njit(cache=True, inline="always")
def deal_verdict_nb(st, hands, cfg, attempt):
    """All passed or a petit sec: deal again; after ``MAX_REDEALS`` attempts the deal
    is kept unplayed (its rows all zero)."""
    if st[O.ANNULLED] == 0 or attempt >= MAX_REDEALS:
        return DEAL_KEEP
    return DEAL_AGAIN


@njit(cache=True, inline="always")
def deal_rows_nb(st, hands, cfg, aux, deals_out, d_row, game_id, board, deal_no, lineup, attempt):
    """Score the deal, settle it, write its rows (``records.DEALS``); True after the
    game's last deal."""
    n = cfg[CFG_PLAYERS]
    for s in range(n):
        st[POINTS + s] = 0
    made, margin, score = False, 0, 0
    if st[O.ANNULLED] == 0:
        made, margin, score = score_nb(st)
        settle(score, n, st[O.TAKER], st[O.PARTNER], st[POINTS:POINTS + MAX_SEATS])
    taker = st[O.TAKER]
    t_lo = ZERO
    t_hi = ZERO
    if taker >= 0:
        # the taker's hand after the dog and discard: dealt + dog (when taken) - discard
        t_lo = hands[DEALT + 2 * taker]
        t_hi = hands[DEALT + 2 * taker + 1]
        if st[O.CONTRACT] <= 2:
            t_lo = (t_lo | hands[DEALT + 2 * n]) & ~np.uint64(st[O.DISCARD])
            t_hi = (t_hi | hands[DEALT + 2 * n + 1]) & ~np.uint64(st[O.DISCARD + 1])
    dog_lo = hands[DEALT + 2 * n]
    dog_hi = hands[DEALT + 2 * n + 1]
    n_tricks = st[O.N_TRICKS]
    # the deal's own columns, once for its rows
    dog_oudlers = popcount2(dog_lo & OUDLERS_LO, dog_hi & OUDLERS_HI)
    dog_kings = popcount2(dog_lo & KINGS_LO, ZERO)
    taker_trumps = popcount2(t_lo & TRUMPS_LO, t_hi & TRUMPS_HI)
    slam = 1 if st[O.TAKER_TRICKS] == n_tricks else (
        -1 if st[O.TAKER_TRICKS] == 0 and taker >= 0 else 0)
    for s in range(n):
        st[TOTALS + s] += st[POINTS + s]
        row = deals_out[d_row + s]
        deal_row_keys_nb(row, game_id, board, deal_no, s, lineup[s], st[O.DEALER], n)
        lo = hands[DEALT + 2 * s]
        hi = hands[DEALT + 2 * s + 1]
        row.hand_lo = lo
        row.hand_hi = hi
        row.trumps_held = popcount2(lo & TRUMPS_LO, hi & TRUMPS_HI)
        row.oudlers_held = popcount2(lo & OUDLERS_LO, hi & OUDLERS_HI)
        row.kings_held = popcount2(lo & KINGS_LO, ZERO)
        row.bid = max(st[O.BIDS + s], 0)
        row.role = 1 if s == taker else (2 if s == st[O.PARTNER] else 0)
        row.taker = taker
        row.contract = st[O.CONTRACT]
        row.dog_oudlers = dog_oudlers
        row.dog_kings = dog_kings
        row.taker_trumps = taker_trumps
        row.taker_hp = st[O.TAKER_HP]
        row.taker_oudlers = st[O.TAKER_OUDLERS]
        row.made = made
        row.margin = margin
        row.petit = st[O.PETIT]
        row.handful = max(st[O.HANDFULS + s], 0)
        row.slam_declared = st[O.SLAM]
        row.slam = slam
        row.score = score
        row.points = st[POINTS + s]
        row.total = st[TOTALS + s]
        row.redeals = attempt
    return deal_no + 1 == cfg[CFG_DEALS]


@njit(cache=True, inline="always")
def game_rows_nb(st, hands, cfg, aux, games_out, g_row, game_id, board, lineup, first_dealer,
                 deals, redeals):
    n = cfg[CFG_PLAYERS]
    end = seat_game_rows_nb(games_out, g_row, game_id, board, lineup, first_dealer, n,
                            st[TOTALS:])
    for r in range(g_row, end):
        games_out[r].deals = deals
        games_out[r].redeals = redeals
    return end
