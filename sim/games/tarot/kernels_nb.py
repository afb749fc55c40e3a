"""The French Tarot engine (numba): boards of games, written as records.

A game is ``deals`` played deals (each seat deals in turn). The pack is
shuffled and each hand, then the dog, taken in order: the same law as packets
of 3 with the dog put aside one card at a time. A petit sec (option
``petit_sec``) or all passes deal again with the same dealer, counted in
``redeals``; every attempt draws from its own stream (the board's, the deal's
number and the attempt's: ``sim.kit_nb.deal_attempt_stream_nb``), so a
redeal in one rotation of a duplicate board changes no other deal. Every decision goes through the step
functions of ``step_nb``.
"""
import numpy as np
from numba import njit, prange

from ...kit_nb import (board_fits_nb, chunk_done_nb, deal_attempt_stream_nb, deal_row_keys_nb,
                       draw_nb, flag_illegal_nb, flag_where_nb, is_legal2_nb, observe2_nb,
                       random_choice2_nb, rotations_nb, seat_game_rows_nb, start_board_nb,
                       start_game_nb, trace_deal_nb, trace_decision_nb)
from ...rng_nb import below, shuffle_prefix
from strategies.abi import KIND_HEURISTIC, KIND_RANDOM
from strategies.tarot_nb import heuristic_nb
from . import obs as O
from .rules_nb import KINGS_LO, ONE, OUDLERS_HI, OUDLERS_LO, TRUMPS_HI, TRUMPS_LO, ZERO, popcount2
from .step_nb import (CFG_DEALS, CFG_EXCHANGE, CFG_PETIT_SEC, CFG_PLAYERS, CFG_SEATING,
                      HAND_CARDS, MAX_SEATS, apply_action_nb, begin_nb, legal_now_nb, play_cards_nb,
                      score_nb, settle)

MAX_REDEALS = 10_000    # a lineup that never bids: the deal is played by nobody, all zero


@njit(cache=True, inline="always")
def deal_out_nb(rng, deck, dealt, n):
    """Shuffle the pack; hands of the first hand on, then the dog (two words each)."""
    shuffle_prefix(rng, deck, 78)
    size = HAND_CARDS[n - 3]
    for i in range(2 * n + 2):
        dealt[i] = ZERO
    for owner in range(n + 1):      # the hands in turn, then the dog (the rest)
        end = (owner + 1) * size if owner < n else 78
        for i in range(owner * size, end):
            c = deck[i]
            dealt[2 * owner + (c >> 6)] |= ONE << np.uint64(c & 63)


@njit(cache=True, inline="always")
def decide_nb(st, hands, seat, kinds, params, fns, slot, draw, obs):
    """The decision of the seat to act; returns (action, legal lo, legal hi)."""
    lo, hi = legal_now_nb(st, hands)
    if kinds[slot] == KIND_RANDOM:
        return random_choice2_nb(lo, hi, draw), lo, hi
    observe2_nb(obs, st, O.OBS_SIZE, O.HAND, hands[2 * seat], hands[2 * seat + 1], O.LEGAL, lo, hi,
                O.RANDOM, draw)
    if kinds[slot] == KIND_HEURISTIC or fns is None:
        return heuristic_nb(obs, params[slot]), lo, hi
    return fns[slot](obs, params[slot]), lo, hi


@njit(cache=True, nogil=True)
def simulate_chunk_nb(cfg, aux, kinds, params, fns, deal_base, dec_base, first_board, n_boards,
                      deals_out, games_out, status, done, trace):
    n = cfg[CFG_PLAYERS]
    seating = cfg[CFG_SEATING]
    n_deals = cfg[CFG_DEALS]
    rotations = rotations_nb(n, seating)
    deck = np.arange(78).astype(np.int64)
    board_rng = np.empty(4, dtype=np.uint64)
    dec_rng = np.empty(4, dtype=np.uint64)
    deal_rng = np.empty(4, dtype=np.uint64)
    st = np.zeros(O.STATE_SIZE, dtype=np.int64)
    # exactly the observation: a player reading past its end fails a bounds check
    # (tricksim check-player) instead of reading the deal's private slots
    obs = np.zeros(O.OBS_SIZE, dtype=np.int64)
    hands = np.zeros(2 * MAX_SEATS + 2, dtype=np.uint64)
    dealt = np.zeros(2 * MAX_SEATS + 2, dtype=np.uint64)
    totals = np.zeros(n, dtype=np.int64)
    scores = np.zeros(n, dtype=np.int64)
    lineup = np.zeros(n, dtype=np.int64)
    d_row = 0
    g_row = 0
    boards_done = 0
    for b in range(n_boards):
        if not board_fits_nb(deals_out, d_row, rotations * n_deals * n, games_out, g_row, rotations * n):
            break
        board = first_board + b
        start_board_nb(deal_base, dec_base, board, board_rng, dec_rng)
        for rot in range(rotations):
            game_id = start_game_nb(board_rng, deal_rng, deck, 78, lineup, n, seating, board, rot,
                                    rotations)
            first_dealer = below(deal_rng, n)
            totals[:] = 0
            game_redeals = 0
            for d in range(n_deals):
                dealer = (first_dealer + d) % n
                redeals = 0
                while True:
                    # each attempt from its own stream: a redeal in one rotation of a
                    # duplicate board leaves the other deals common to every rotation
                    deal_attempt_stream_nb(board_rng, d, redeals, deck, 78, deal_rng)
                    deal_out_nb(deal_rng, deck, dealt, n)
                    begin_nb(st, hands, n, dealer, cfg[CFG_PETIT_SEC], cfg[CFG_EXCHANGE], dealt)
                    if trace is not None:
                        trace_at = trace[0]     # a deal dealt again leaves no trace
                    trace_deal_nb(trace, game_id, d, dealer, -1, totals, n, dealt, 2 * n + 2)
                    while st[O.PHASE] != O.PHASE_OVER:
                        seat = st[O.SEAT]
                        slot = lineup[seat]
                        if st[O.PHASE] == O.PHASE_PLAY and kinds[slot] == KIND_RANDOM:
                            play_cards_nb(st, hands, lineup, kinds, dec_rng, -1, trace)
                            continue
                        draw = draw_nb(dec_rng)
                        action, lo, hi = decide_nb(st, hands, seat, kinds, params, fns, slot, draw, obs)
                        if kinds[slot] != KIND_RANDOM and not is_legal2_nb(action, lo, hi):
                            flag_illegal_nb(status, seat, slot, st[O.PHASE], action, np.int64(lo),
                                            np.int64(hi))
                            flag_where_nb(status, game_id, d)
                            return chunk_done_nb(done, boards_done, d_row, g_row)
                        trace_decision_nb(trace, seat, st[O.PHASE], action)
                        apply_action_nb(st, hands, action)
                    if st[O.ANNULLED] == 0 or redeals >= MAX_REDEALS:
                        break
                    if trace is not None:
                        trace[0] = trace_at
                    redeals += 1
                game_redeals += redeals
                for s in range(n):
                    scores[s] = 0
                made, margin, score = False, 0, 0
                if st[O.ANNULLED] == 0:
                    made, margin, score = score_nb(st)
                    settle(score, n, st[O.TAKER], st[O.PARTNER], scores)
                taker = st[O.TAKER]
                t_lo = ZERO
                t_hi = ZERO
                if taker >= 0:
                    # the taker's hand after the dog and discard: dealt + dog (when taken) - discard
                    t_lo = dealt[2 * taker]
                    t_hi = dealt[2 * taker + 1]
                    if st[O.CONTRACT] <= 2:
                        t_lo = (t_lo | dealt[2 * n]) & ~np.uint64(st[O.DISCARD])
                        t_hi = (t_hi | dealt[2 * n + 1]) & ~np.uint64(st[O.DISCARD + 1])
                dog_lo = dealt[2 * n]
                dog_hi = dealt[2 * n + 1]
                n_tricks = st[O.N_TRICKS]
                # the deal's own columns, once for its rows
                dog_oudlers = popcount2(dog_lo & OUDLERS_LO, dog_hi & OUDLERS_HI)
                dog_kings = popcount2(dog_lo & KINGS_LO, ZERO)
                taker_trumps = popcount2(t_lo & TRUMPS_LO, t_hi & TRUMPS_HI)
                slam = 1 if st[O.TAKER_TRICKS] == n_tricks else (
                    -1 if st[O.TAKER_TRICKS] == 0 and taker >= 0 else 0)
                for s in range(n):
                    totals[s] += scores[s]
                    row = deals_out[d_row]
                    deal_row_keys_nb(row, game_id, board, d, s, lineup[s], dealer, n)
                    lo = dealt[2 * s]
                    hi = dealt[2 * s + 1]
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
                    row.points = scores[s]
                    row.total = totals[s]
                    row.redeals = redeals
                    d_row += 1
            first_row = g_row
            g_row = seat_game_rows_nb(games_out, g_row, game_id, board, lineup, first_dealer, n,
                                      totals)
            for r in range(first_row, g_row):
                games_out[r].deals = n_deals
                games_out[r].redeals = game_redeals
        boards_done += 1
    return chunk_done_nb(done, boards_done, d_row, g_row)


@njit(cache=True, nogil=True, parallel=True)
def simulate_chunks_nb(cfg, aux, kinds, params, deal_states, dec_states, first_boards, n_boards,
                       deal_offsets, game_offsets, deals_out, games_out, statuses, dones):
    for i in prange(first_boards.shape[0]):
        simulate_chunk_nb(cfg, aux, kinds, params, None, deal_states[i], dec_states[i],
                          first_boards[i], n_boards[i],
                          deals_out[deal_offsets[i]:deal_offsets[i + 1]],
                          games_out[game_offsets[i]:game_offsets[i + 1]], statuses[i], dones[i], None)
