"""Auction Pitch (Setback), one game of a board at a time (numba): the state, the
card play (:func:`play_cards_nb`, which keeps the trick in locals; the bidding and
the points are in ``auction_rules_nb``), the step interface's own functions and the
hooks the kit's board loop (``sim/board_nb.py``) is bound to.

``chance`` for :func:`start_deal_nb` (``sim.kit_nb.CH_*``): the dealer at
``CH_DEALER``, each seat's game score before the deal at ``CH_TOTALS …
+3`` and the times each seat was set back so far at ``CH_TOTALS + 4 … +7``.

A game is played deal after deal until a seat wins (a smudge, or 7 in the
counting order) or ``MAX_DEALS`` deals have been played. Each deal draws its
cards from its own stream (``sim.kit_nb.deal_attempt_stream_nb``: the board's,
the deal's number and the attempt's), so the rotations of a duplicate board are
dealt the same cards in every deal they both play, however their games differ
in length or in deals dealt again (``all_pass=redeal``).
"""
import numpy as np
from numba import njit

from ...bits_nb import ZERO, bit, popcount
from ...board_nb import ask_player_nb
from ...borrow_nb import borrowed
from ...kit_nb import (CH_DEALER, CH_TOTALS, DEAL_ABANDON, DEAL_AGAIN, DEAL_KEEP, KIND_RANDOM,
                       close_trick_nb, deal_attempt_stream_nb, deal_row_keys_nb, draw_nb,
                       game_row_keys_nb, random_choice_nb, rank_and_win_nb, store_trick_nb,
                       trace_deal_start_nb, trace_decision_nb)
from ...rng_nb import shuffle_prefix
from . import obs as O
from .observe_nb import observe_nb  # noqa: F401  (a hook of the board loop)
from .auction_rules_nb import (ALL_PASS_DEALER_FORCED, END_CAP, END_SMUDGE, END_TARGET, HAND_SIZE,
                               MAX_DEALS, MAX_REDEALS, N, SETTLE_YES, apply_bid_nb, count_nb,
                               legal_bids_nb, legal_cards_nb, legal_word_nb, note_void_nb,
                               score_change_nb, score_deal_nb, trick_key_nb, winner_nb)
from .cards import N_SUIT_CARDS, SUIT_MASKS, SUIT_OF
from .cfg import CFG_ALL_PASS, CFG_LOW_TO, CFG_SETTLE

# -- the state ---------------------------------------------------------------------------
# ``st``: the deal's slots (obs.py), then what a game of a board carries from deal to deal;
# ``hands``: one word a seat (obs.HANDS_SIZE).
G_SCORES = O.STATE_SIZE          # 4 slots: each seat's game score
G_SETBACKS = G_SCORES + 4        # 4 slots: times each seat was set back (the trace's totals
                                 # are these 8 slots: the scores, then the set-backs)
G_SETTLEMENT = G_SETBACKS + 4    # 4 slots: the settlement of a finished game
G_WINNER = G_SETTLEMENT + 4      # the seat that won the game, -1 none (yet)
G_END = G_WINNER + 1             # how the game ended (auction_rules_nb.END_*)
STATE_SIZE = G_END + 1


# -- the deal's start -------------------------------------------------------------------
@njit(cache=True, inline="always")   # once a deal in the kernel: a call passing arrays costs ~50 ns
def begin_deal_nb(st, hands, cfg, dealt, dealer, totals):
    """Deal ``dealt[0 … 3]`` (one word a seat; ``hands`` itself will do) by ``dealer``;
    ``totals``: each seat's game score, then its set-backs, before the deal."""
    for i in range(O.TEN_POINT_PRIVATE):     # the observation and Auction's own slots
        st[i] = 0
    st[O.PHASE] = O.PHASE_BID
    st[O.SEAT] = (dealer + 1) % N
    st[O.DEALER] = dealer
    st[O.N_PLAYERS] = N
    st[O.VARIANT] = O.VARIANT_AUCTION
    st[O.BIDDER] = -1
    st[O.TRUMP] = -1
    st[O.TRICK_LEADER] = -1
    st[O.LEAD] = -1
    st[O.WINNING_SEAT] = -1
    st[O.WINNING_CARD] = -1
    for s in range(N):
        hands[s] = dealt[s]
        st[O.DEALT + s] = np.int64(dealt[s])
        st[O.TRICK_CARDS + s] = -1
        st[O.BIDS + s] = -1
        st[O.SCORES + s] = totals[s]
        st[O.SETBACKS + s] = totals[4 + s]
    for s in range(N, O.HANDS_SIZE):
        hands[s] = ZERO
    st[O.ALL_PASS_RULE] = cfg[CFG_ALL_PASS]
    st[O.LOW_TO_RULE] = cfg[CFG_LOW_TO]
    st[O.HIGH_SEAT] = -1
    st[O.LOW_SEAT] = -1
    st[O.JACK_SEAT] = -1
    st[O.GAME_SEAT] = -1


# -- card play ---------------------------------------------------------------------------
@njit(cache=True, inline="always")
def play_cards_nb(st, hands, cfg, lineup, kinds, params, fns, dec_rng, obs, status, forced,
                  trace):
    """The card play: cards into tricks, tricks to their winners, then the points.

    With ``forced`` >= 0 (and ``kinds`` None: no players, none of their code
    compiled) plays that card for the seat to act and returns. With
    ``forced`` < 0 asks the players and plays the deal out; returns False
    after an illegal action (``status``). The trick in progress lives in
    locals and is written back before a player that reads the state decides
    and at the end: the random players' loop stays in registers (Wizard's
    loop measured ~45 % faster so).
    """
    trump = st[O.TRUMP]
    seat = st[O.SEAT]
    k = st[O.TRICK_N]
    lead = st[O.LEAD]
    best = st[O.WINNING_CARD]
    best_seat = st[O.WINNING_SEAT]
    trick_no = st[O.TRICK_NO]
    played = np.uint64(st[O.PLAYED])
    trick_cards = ZERO
    best_key = trick_key_nb(best, lead, trump) if best >= 0 else -1
    for i in range(k):
        trick_cards |= bit(st[O.TRICK_CARDS + i])
    while trick_no < HAND_SIZE:
        if kinds is None:
            card = forced
        else:
            legal = legal_cards_nb(hands[seat], lead, trump)
            draw = draw_nb(dec_rng)
            slot = lineup[seat]
            if kinds[slot] == KIND_RANDOM:
                card = random_choice_nb(legal, draw)
            else:
                store_trick_nb(st, O.SEAT, O.TRICK_BLOCK, seat, k, lead, best, best_seat, trick_no,
                               np.int64(played))
                st[O.TRUMP] = trump
                card = ask_player_nb(st, hands, cfg, seat, slot, np.int64(legal), np.int64(0), draw,
                                     kinds, params, fns, obs, status)
                if card < 0:
                    return False
            trace_decision_nb(trace, seat, O.PHASE_PLAY, card)
        if trump < 0:               # the pitch: its suit is trump
            trump = SUIT_OF[card]
        # compile-time tests: a kernel of built-in players only keeps no voids (none reads them)
        if kinds is None:           # the step interface: every observation keeps them
            note_void_nb(st, seat, lead if k > 0 else -1, trump, card)
        elif fns is not None:       # a user's player (a search player) may read them
            note_void_nb(st, seat, lead if k > 0 else -1, trump, card)
        hands[seat] &= ~bit(card)
        st[O.TRICK_CARDS + k] = card
        trick_cards |= bit(card)
        if k == 0:
            lead = SUIT_OF[card]
        # selects, not a branch: which card wins is a coin flip for random players
        card_key = trick_key_nb(card, lead, trump)
        take = (k == 0) | (card_key > best_key)
        best = card if take else best
        best_key = card_key if take else best_key
        best_seat = seat if take else best_seat
        k += 1
        seat = seat + 1 if seat + 1 < N else 0
        if k == N:                  # the winner takes the trick and leads the next
            st[O.TAKEN + best_seat] |= np.int64(trick_cards)
            played |= trick_cards
            trick_cards = ZERO
            close_trick_nb(st, O.TRICK_BLOCK, O.TRICK_CARDS, N, best_seat)
            seat = best_seat
            trick_no += 1
            k = 0
            lead = -1
            best = -1
            best_seat = -1
        if forced >= 0:
            break
    store_trick_nb(st, O.SEAT, O.TRICK_BLOCK, seat, k, lead, best, best_seat, trick_no,
                   np.int64(played))
    st[O.TRUMP] = trump
    if trick_no == HAND_SIZE:
        score_deal_nb(st)
    return True


# -- the step interface's own functions (the rest is bound from sim/board_nb.py) -------------
@njit(cache=True)
def new_state_nb(cfg):
    return np.zeros(STATE_SIZE, dtype=np.int64), np.zeros(O.HANDS_SIZE, dtype=np.uint64)


@njit(cache=True)
def start_deal_nb(st, hands, cfg, dealt, chance):
    """Deal ``dealt[0 … 3]`` (one word a seat) with the dealer and scores of ``chance``."""
    begin_deal_nb(st, hands, cfg, dealt, chance[CH_DEALER], chance[CH_TOTALS:])


@njit(cache=True)
def result_nb(st, cfg, out):
    """Each seat's change of game score in the deal (all 0 for a deal dealt again)."""
    for s in range(N):
        out[s] = 0 if st[O.REDEAL] else score_change_nb(st, s)
    return N


# -- the hooks of the board loop (sim/board_nb.py) -----------------------------------------------
SEAT = O.SEAT
PHASE = O.PHASE
OBS_SIZE = O.OBS_SIZE


@njit(cache=True, inline="always")
def seats_nb(cfg):
    return N


@njit(cache=True, inline="always")
def deck_size_nb(cfg):
    return N_SUIT_CARDS


@njit(cache=True, inline="always")
def room_deals_nb(cfg, aux):
    """A game lasts ``MAX_DEALS`` deals at most."""
    return MAX_DEALS


@njit(cache=True, inline="always")
def new_game_nb(st, hands, cfg, aux, first_dealer):
    for i in range(G_SCORES, G_WINNER):
        st[i] = 0
    st[G_WINNER] = -1
    st[G_END] = END_CAP


@njit(cache=True, inline="always")
def deal_nb(st, hands, cfg, aux, board_rng, deal_rng, deck, deal_no, attempt, first_dealer):
    """Deal ``deal_no`` (its attempt ``attempt``): shuffle, six cards to each seat from the
    first hand on (the same law as threes)."""
    dealer = (first_dealer + deal_no) % N
    deal_attempt_stream_nb(board_rng, deal_no, attempt, deck, deck.shape[0], deal_rng)
    shuffle_prefix(deal_rng, deck, N * HAND_SIZE)
    for i in range(N):
        word = np.uint64(0)
        for j in range(i * HAND_SIZE, (i + 1) * HAND_SIZE):
            word |= bit(deck[j])
        hands[(dealer + 1 + i) % N] = word
    begin_deal_nb(st, hands, cfg, hands, dealer, st[G_SCORES:])


@njit(cache=True, inline="always")
def trace_deal_nb(trace, st, hands, cfg, game_id, deal_no):
    trace_deal_start_nb(trace, game_id, deal_no, st[O.DEALER], -1, st[G_SCORES:], 8, hands, N)


# once a deal: a call, not inlined (compile time, docs/architecture.md)
@njit(cache=True)
def play_deal_nb(st, hands, cfg, lineup, kinds, params, fns, dec_rng, obs, status, trace):
    """The bidding, then the card play to the deal's end (none when every player passed
    under ``all_pass=redeal``). Every decision takes one draw from the decision stream;
    the random player answers right here. False after an illegal action (``status``)."""
    # Borrowed like the board loop's (sim/borrow_nb.py): the caller owns them, and numba's
    # reference counts of them around each heuristic decision drop out (4 calls of
    # NRT_incref and 4 of NRT_decref a card): heuristic 27.4M -> 35.6M card plays/s,
    # random not slower (interleaved medians, scripts/bench.py, one core). What a user's
    # player may receive (obs, params) stays counted when one plays (fns).
    st, hands, cfg, lineup = borrowed(st), borrowed(hands), borrowed(cfg), borrowed(lineup)
    kinds, dec_rng = borrowed(kinds), borrowed(dec_rng)
    status, trace = borrowed(status), borrowed(trace)
    if fns is None:
        params, obs = borrowed(params), borrowed(obs)
    while st[O.PHASE] == O.PHASE_BID:
        seat = st[O.SEAT]
        slot = lineup[seat]
        legal = legal_bids_nb(st)
        draw = draw_nb(dec_rng)
        if kinds[slot] == KIND_RANDOM:
            bid = random_choice_nb(legal, draw)
        else:
            bid = ask_player_nb(st, hands, cfg, seat, slot, np.int64(legal), np.int64(0), draw,
                                kinds, params, fns, obs, status)
            if bid < 0:
                return False
        trace_decision_nb(trace, seat, O.PHASE_BID, bid)
        apply_bid_nb(st, bid)
    if st[O.PHASE] == O.PHASE_OVER:      # every player passed: the deal is dealt again
        return True
    return play_cards_nb(st, hands, cfg, lineup, kinds, params, fns, dec_rng, obs, status, -1,
                         trace)


@njit(cache=True, inline="always")
def legal_now_nb(st, hands, cfg):
    return np.int64(legal_word_nb(st, hands)), np.int64(0)


@njit(cache=True, inline="always")
def apply_action_nb(st, hands, cfg, action):
    if st[O.PHASE] == O.PHASE_BID:
        apply_bid_nb(st, action)
    else:   # without players play_cards_nb reads none of their arguments: st stands in
        play_cards_nb(st, hands, cfg, st, None, st, None, hands, st, st, action, None)


@njit(cache=True, inline="always")
def deal_over_nb(st):
    return st[O.PHASE] == O.PHASE_OVER


@njit(cache=True, inline="always")
def deal_verdict_nb(st, hands, cfg, attempt):
    """Every player passed (``all_pass=redeal``): deal again, up to ``MAX_REDEALS`` times
    in a row; then the game stops (a lineup that never bids)."""
    if st[O.REDEAL] == 0:
        return DEAL_KEEP
    return DEAL_AGAIN if attempt < MAX_REDEALS else DEAL_ABANDON


@njit(cache=True, inline="always")
def deal_rows_nb(st, hands, cfg, aux, deals_out, d_row, game_id, board, deal_no, lineup, attempt):
    """The deal's scores into the game's, its rows (``records.DEALS``); True when the game
    is over (a seat won, or ``MAX_DEALS`` deals)."""
    winner, smudge = winner_nb(st)
    for s in range(N):
        st[G_SCORES + s] += score_change_nb(st, s)
    st[G_SETBACKS + st[O.BIDDER]] += 1 - st[O.MADE]
    trump = st[O.TRUMP]
    bidder = st[O.BIDDER]
    forced = 1
    for s in range(N):
        if s != st[O.DEALER] and st[O.BIDS + s] > 0:
            forced = 0
    forced = forced if st[O.ALL_PASS_RULE] == ALL_PASS_DEALER_FORCED else 0
    for s in range(N):
        dealt = np.uint64(st[O.DEALT + s])
        row = deals_out[d_row + s]
        deal_row_keys_nb(row, game_id, board, deal_no, s, lineup[s], st[O.DEALER], N)
        row.team = s
        row.hand = dealt
        row.bid = st[O.BIDS + s]
        row.bidder = bidder
        row.contract = st[O.HIGH_BID]
        row.forced = forced
        row.trump = trump
        trumps = popcount(dealt & SUIT_MASKS[trump])
        row.trumps_dealt = trumps
        row.trumps_played = trumps          # every card is played
        row.high = st[O.HIGH_SEAT] == s
        row.low = st[O.LOW_SEAT] == s
        row.jack = -1 if st[O.JACK_SEAT] < 0 else st[O.JACK_SEAT] == s
        row.game_point = -1 if st[O.GAME_SEAT] < 0 else st[O.GAME_SEAT] == s
        row.count = count_nb(np.uint64(st[O.TAKEN + s]))
        row.points = st[O.POINTS + s]
        row.burned = 0
        row.burned_points = 0
        row.made = st[O.MADE]
        row.score = score_change_nb(st, s)
        row.total = st[G_SCORES + s]
        row.redeals = attempt
    if winner >= 0:
        st[G_WINNER] = winner
        st[G_END] = END_SMUDGE if smudge else END_TARGET
        return True
    return deal_no + 1 >= MAX_DEALS


@njit(cache=True, inline="always")
def game_rows_nb(st, hands, cfg, aux, games_out, g_row, game_id, board, lineup, first_dealer,
                 deals, redeals):
    """The settlement: the winner receives 1 from each seat at 1 or more and 2 from each
    seat at 0 or below (``settle_setbacks``: and 1 for each of its set-backs). A game
    stopped at the deal limit is ranked (and the win shared) by score, with no settlement."""
    winner = st[G_WINNER]
    settle = cfg[CFG_SETTLE] == SETTLE_YES
    scores = st[G_SCORES:G_SCORES + N]
    settlement = st[G_SETTLEMENT:G_SETTLEMENT + N]
    for s in range(N):
        settlement[s] = 0
    if winner >= 0:
        for s in range(N):
            if s != winner:
                pay = (1 if scores[s] >= 1 else 2) + (st[G_SETBACKS + s] if settle else 0)
                settlement[s] -= pay
                settlement[winner] += pay
    for s in range(N):
        row = games_out[g_row + s]
        game_row_keys_nb(row, game_id, board, s, lineup[s], s, first_dealer, N)
        if winner >= 0:
            rank, win = rank_and_win_nb(settlement, N, s, True)
        else:
            rank, win = rank_and_win_nb(scores, N, s, True)
        row.total = settlement[s]
        row.rank = rank
        row.win = win
        row.score = scores[s]
        row.setbacks = st[G_SETBACKS + s]
        row.deals = deals
        row.redeals = redeals
        row.end = st[G_END]
    return g_row + N
