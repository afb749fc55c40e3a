"""Ten-point Pitch, one deal at a time (numba): the deal's steps, and the hooks the
kit's board loop (``sim/board_nb.py``) is bound to.

The decisions: bids once each from the dealer's left (0 pass, 4 … 10, each
above the last; the dealer forced when the first three passed), the
bidder's trump (a suit 0 … 3), the burns of a bid loser holding more than 6
trumps (one card a decision, non-point trumps first), then the cards (only
trumps are played; a player without one is out). The discards, the refill
(in ``REFILL_ORDER``, from the pile) and the bidder's sweep of the pile's
trumps are no decisions: they happen as the last burn (or the trump, when
nobody burns) is applied.

A game of a board is played deal after deal until a team reaches 52 (the
bidding team first) or ``MAX_DEALS`` deals have been played. Each deal
shuffles the 54 cards and takes the hands as 9 consecutive cards each from
the first hand on (the same law as packets of 3), the stock the last 18;
then a second shuffle gives the refill order. Both come from the deal's own
stream (``sim.kit_nb.deal_attempt_stream_nb``), so every rotation of a
duplicate board is dealt the same cards in deal ``d``.

Every function is ``inline="always"``: the board loop calls them once per
decision, and a call passing arrays costs more than a random decision.
"""
import numpy as np
from numba import njit

from ...bits_nb import ONE, ZERO, popcount
from ...board_nb import ask_player_nb
from ...kit_nb import (CH_DEALER, CH_TOTALS, DEAL_KEEP, KIND_RANDOM, actions1_nb, deal_attempt_stream_nb,
                       deal_row_keys_nb,
                       draw_nb, game_row_keys_nb, is_legal_nb, random_choice_nb, rank_and_win_nb,
                       trace_deal_start_nb, trace_decision_nb)
from ...rng_nb import shuffle_prefix
from . import obs as O
from .cards import N_CARDS
from .ten_point_rules_nb import (MAX_DEALS, TARGET, point1_of_nb, points_of_nb, trumps_of_nb,
                                 value_nb)

HAND_SIZE = 9
KEEP = 6                 # a bid loser keeps at most 6 trumps and is refilled to 6 cards
BID_MIN = 4
BID_MAX = 10
BID_BITS = np.uint64(((1 << (BID_MAX + 1)) - 1) & ~((1 << BID_MIN) - 1))   # bits 4 … 10

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


@njit(cache=True, inline="always")
def _trumps(st):
    return np.uint64(st[O.TP_TRUMPS])


@njit(cache=True, inline="always")
def _has_trump(st, hands, seat):
    return hands[seat] & _trumps(st) != ZERO


@njit(cache=True, inline="always")
def begin_deal_nb(st, hands, dealt, dealer, totals):
    """A new deal: ``dealt`` (hands 0 … 3, the stock, the refill order) by ``dealer``;
    ``totals``: each seat's team score before the deal."""
    for i in range(O.STATE_SIZE):
        st[i] = 0
    st[O.PHASE] = O.PHASE_BID
    st[O.SEAT] = (dealer + 1) % 4
    st[O.DEALER] = dealer
    st[O.N_PLAYERS] = 4
    st[O.VARIANT] = O.VARIANT_TEN_POINT
    st[O.BIDDER] = -1
    st[O.TRUMP] = -1
    st[O.LEAD] = -1
    st[O.WINNING_SEAT] = -1
    st[O.WINNING_CARD] = -1
    st[O.TRICK_LEADER] = -1
    st[O.TP_THREE] = -1
    st[O.TP_TWO] = -1
    for s in range(4):
        st[O.TRICK_CARDS + s] = -1
        st[O.BIDS + s] = -1
        st[O.SCORES + s] = totals[s]
        hands[s] = dealt[s]
    hands[O.HANDS_PILE] = dealt[O.DEALT_STOCK]
    for i in range(O.HANDS_PILE + 1, O.HANDS_SIZE):
        hands[i] = ZERO
    for i in range(54):
        st[O.REFILL_ORDER + i] = np.int64(dealt[O.DEALT_REFILL + i])


@njit(cache=True, inline="always")
def legal_word_nb(st, hands):
    """The legal actions of the seat to decide, one bit each."""
    phase = st[O.PHASE]
    seat = st[O.SEAT]
    if phase == O.PHASE_PLAY:
        return hands[seat] & _trumps(st)
    if phase == O.PHASE_BID:
        high = st[O.HIGH_BID]
        above = BID_BITS & ~((ONE << np.uint64(high + 1)) - ONE)   # the bids above the last
        if st[O.BIDS_MADE] == 3 and high == 0:
            return above                                          # the dealer may not pass
        return above | ONE
    if phase == O.PHASE_TRUMP:
        return np.uint64(15)
    if phase == O.PHASE_BURN:
        held = hands[seat] & _trumps(st)
        free = held & np.uint64(st[O.TP_NONPOINT])
        return free if free != ZERO else held
    return ZERO


@njit(cache=True, inline="always")
def _next_burner(st, hands, k):
    """From place ``k`` after the dealer on: the first bid loser over 6 trumps
    (PHASE_BURN), else the refill, the sweep and the first lead."""
    dealer = st[O.DEALER]
    bidder = st[O.BIDDER]
    trumps = _trumps(st)
    while k < 4:
        seat = (dealer + 1 + k) % 4
        if seat != bidder:
            over = popcount(hands[seat] & trumps) - KEEP
            if over > 0:
                st[O.PHASE] = O.PHASE_BURN
                st[O.SEAT] = seat
                st[O.BURN_LEFT] = over
                st[O.TP_BURN_K] = k
                return
        k += 1
    st[O.BURN_LEFT] = 0
    _refill_and_sweep(st, hands)


@njit(cache=True, inline="always")
def _refill_and_sweep(st, hands):
    """Each loser from the dealer's left dealt his need from the pile in REFILL_ORDER;
    the bidder takes the pile's trumps and lets his non-trumps go; the bidder leads."""
    dealer = st[O.DEALER]
    bidder = st[O.BIDDER]
    trumps = _trumps(st)
    pile = hands[O.HANDS_PILE]
    at = 0
    for k in range(4):
        seat = (dealer + 1 + k) % 4
        if seat == bidder:
            continue
        need = KEEP - popcount(hands[seat])
        while need > 0 and at < 54:
            c = np.uint64(st[O.REFILL_ORDER + at])
            at += 1
            b = ONE << c
            if pile & b != ZERO:
                pile ^= b
                hands[seat] |= b
                need -= 1
    swept = pile & trumps
    pile = (pile ^ swept) | (hands[bidder] & ~trumps)
    hands[bidder] = (hands[bidder] & trumps) | swept
    hands[O.HANDS_PILE] = pile
    out = 0
    for s in range(4):
        if hands[s] & trumps == ZERO:
            out |= 1 << s
    st[O.OUT] = out
    st[O.PHASE] = O.PHASE_PLAY
    _lead_from(st, hands, bidder)


@njit(cache=True, inline="always")
def _lead_from(st, hands, seat):
    """A new trick led by ``seat`` or, when it holds no trump, the next seat that does;
    the deal is over when nobody holds a trump."""
    for j in range(4):
        s = (seat + j) % 4
        if _has_trump(st, hands, s):
            st[O.TRICK_LEADER] = s
            st[O.SEAT] = s
            st[O.TP_TURN] = 0
            st[O.TRICK_N] = 0
            st[O.LEAD] = -1
            st[O.WINNING_SEAT] = -1
            st[O.WINNING_CARD] = -1
            st[O.TP_TRICK_SET] = 0
            return
    st[O.PHASE] = O.PHASE_OVER
    st[O.SEAT] = -1


@njit(cache=True, inline="always")
def _play(st, hands, seat, card):
    trump = st[O.TRUMP]
    b = ONE << np.uint64(card)
    hands[seat] ^= b
    n = st[O.TRICK_N]
    st[O.TRICK_CARDS + n] = card
    st[O.TRICK_N] = n + 1
    st[O.LEAD] = 4
    st[O.TP_TRICK_SET] = np.int64(np.uint64(st[O.TP_TRICK_SET]) | b)
    st[O.TP_PLAYED_N + seat] += 1
    if card == st[O.TP_TWO]:
        st[O.TP_POINTS + seat] += 1          # the 2: to its player, whoever wins the trick
    if n == 0 or value_nb(card, trump) > value_nb(st[O.WINNING_CARD], trump):
        st[O.WINNING_CARD] = card
        st[O.WINNING_SEAT] = seat
    if not _has_trump(st, hands, seat):
        st[O.OUT] |= 1 << seat
    # the next seat after the leader that still holds a trump has its turn
    leader = st[O.TRICK_LEADER]
    j = st[O.TP_TURN] + 1
    while j < 4:
        s = (leader + j) % 4
        if _has_trump(st, hands, s):
            st[O.TP_TURN] = j
            st[O.SEAT] = s
            return
        j += 1
    # every seat has had its turn: the trick is complete
    winner = st[O.WINNING_SEAT]
    cards = np.uint64(st[O.TP_TRICK_SET])
    won = popcount(cards & np.uint64(st[O.TP_POINT1]))
    if st[O.TP_THREE] >= 0 and (cards >> np.uint64(st[O.TP_THREE])) & ONE != ZERO:
        won += 3
    st[O.TP_POINTS + winner] += won
    st[O.TAKEN + winner] = np.int64(np.uint64(st[O.TAKEN + winner]) | cards)
    st[O.PLAYED] = np.int64(np.uint64(st[O.PLAYED]) | cards)
    st[O.TRICK_NO] += 1
    for i in range(4):
        st[O.TRICK_CARDS + i] = -1
    _lead_from(st, hands, winner)


@njit(cache=True, inline="always")
def act_nb(st, hands, action):
    """The seat to decide takes ``action`` (legal: the caller checks)."""
    phase = st[O.PHASE]
    seat = st[O.SEAT]
    if phase == O.PHASE_PLAY:
        _play(st, hands, seat, action)
    elif phase == O.PHASE_BID:
        st[O.BIDS + seat] = action
        made = st[O.BIDS_MADE] + 1
        st[O.BIDS_MADE] = made
        if action > 0:
            if made == 4 and st[O.HIGH_BID] == 0:
                st[O.TP_FORCED] = 1
            st[O.HIGH_BID] = action
            st[O.BIDDER] = seat
        if made < 4:
            st[O.SEAT] = (seat + 1) % 4
        else:
            st[O.PHASE] = O.PHASE_TRUMP
            st[O.SEAT] = st[O.BIDDER]
    elif phase == O.PHASE_TRUMP:
        trumps = trumps_of_nb(action)
        st[O.TRUMP] = action
        st[O.TP_TRUMPS] = np.int64(trumps)
        st[O.TP_POINT1] = np.int64(point1_of_nb(action))
        st[O.TP_NONPOINT] = np.int64(trumps & ~points_of_nb(action))
        st[O.TP_THREE] = 13 * action + 1
        st[O.TP_TWO] = 13 * action
        # every bid loser lets his non-trumps go to the pile
        for s in range(4):
            if s != seat:
                hands[O.HANDS_PILE] |= hands[s] & ~trumps
                hands[s] &= trumps
        _next_burner(st, hands, 0)
    elif phase == O.PHASE_BURN:
        b = ONE << np.uint64(action)
        hands[seat] ^= b
        st[O.BURNED] = np.int64(np.uint64(st[O.BURNED]) | b)
        st[O.TP_BURNED_N + seat] += 1
        if (np.uint64(st[O.TP_NONPOINT]) & b) == ZERO:
            p = 3 if action == st[O.TP_THREE] else 1
            st[O.TP_BURNED_PTS + seat] += p
        st[O.BURN_LEFT] -= 1
        if st[O.BURN_LEFT] == 0:
            _next_burner(st, hands, st[O.TP_BURN_K] + 1)


@njit(cache=True, inline="always")
def team_points_nb(st, team):
    return st[O.TP_POINTS + team] + st[O.TP_POINTS + team + 2]


@njit(cache=True, inline="always")
def made_nb(st):
    """1 the bidding team reached its bid, else 0."""
    side = st[O.BIDDER] % 2
    return 1 if team_points_nb(st, side) >= st[O.HIGH_BID] else 0


@njit(cache=True, inline="always")
def score_change_nb(st, seat):
    """The deal's change of a seat's game score (its team's): the bidding team its points
    when they reach the bid, else minus the bid; the other team its points."""
    team = seat % 2
    if team == st[O.BIDDER] % 2 and made_nb(st) == 0:
        return -st[O.HIGH_BID]
    return team_points_nb(st, team)


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


@njit(cache=True, inline="always")
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
def legal_has_nb(phase, action, lo, hi):
    return is_legal_nb(action, lo)


@njit(cache=True, inline="always")
def actions_of_nb(phase, lo, hi, out):
    return actions1_nb(np.uint64(lo), out)


@njit(cache=True, inline="always")
def observe_nb(obs, st, hands, cfg, seat, lo, hi, draw, trusted):
    """The deciding seat's observation. The built-in heuristic (``trusted``) reads the
    state itself, its observation slots filled in (it never reads past ``OBS_SIZE``);
    any other player gets a copy, so that nothing it writes can change the game."""
    if trusted:
        st[O.HAND] = np.int64(hands[seat])
        st[O.LEGAL] = lo
        st[O.RANDOM] = draw
        return st
    for i in range(O.OBS_SIZE):
        obs[i] = st[i]
    obs[O.HAND] = np.int64(hands[seat])
    obs[O.LEGAL] = lo
    obs[O.RANDOM] = draw
    return obs


@njit(cache=True, inline="always")
def apply_action_nb(st, hands, cfg, action):
    act_nb(st, hands, action)


@njit(cache=True, inline="always")
def deal_over_nb(st):
    return st[O.PHASE] == O.PHASE_OVER


@njit(cache=True, inline="always")
def deal_verdict_nb(st, hands, cfg, attempt):
    return DEAL_KEEP    # every deal is played as dealt (the dealer is forced when all pass)


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
    trumps = _trumps(st)
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
