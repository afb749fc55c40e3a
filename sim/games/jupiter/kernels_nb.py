"""The Beim Jupiter engine (numba): boards of games, written as records.

A game is 8 rounds on one table: the cards beside the counters, the unused
zero-trick cards and the scores carry from round to round in the kernel's
locals and enter each round through ``begin_nb``. Each round's pack is the
game's pack less every card laid out in an earlier round (won, beside a
counter, or out of the game), shuffled and dealt ``14 - round`` cards a hand,
the last card (3 and 4 players) left over unseen. Every round draws from its
own stream (the board's, the round's number and the attempt's:
``sim.kit_nb.deal_attempt_stream_nb``): a hand without a numbered colour card
deals the round again with the same dealer, counted in ``redeals``, from the
next attempt's stream, so a redeal in one rotation of a duplicate board
changes no other round. Round 1 is the same in every rotation; a later
round's pack lacks the cards laid out before it, which the rotations' players
chose, so its hands are the same only where those choices were (the whole
pack is shuffled and the cards out skipped: see :func:`deal_out_nb`). Every
decision goes through the step functions of ``step_nb``.
"""
import numpy as np
from numba import njit, prange

from ...bits_nb import popcount
from ...kit_nb import (board_fits_nb, chunk_done_nb, deal_attempt_stream_nb, deal_row_keys_nb,
                       draw_nb, flag_illegal_nb, flag_where_nb, is_legal2_nb, observe2_nb,
                       random_choice2_nb, rotations_nb, seat_game_rows_nb, start_board_nb,
                       start_game_nb, trace_deal_nb, trace_decision_nb)
from ...rng_nb import below, shuffle_prefix
from strategies.abi import KIND_HEURISTIC, KIND_RANDOM
from strategies.jupiter_nb import heuristic_nb
from . import obs as O
from .rules_nb import ONE, ZERO, claim_class, trump_decision
from .step_nb import (CFG_ORPHANS, CFG_PLAYERS, CFG_ROUNDS, CFG_SEATING, CFG_TRUMP_RULE,
                      DEALT_SIZE, DEALT_TABLE, DEALT_UNSEEN, DEALT_ZERO, MAX_COUNTER, MAX_SEATS,
                      apply_action_nb, begin_nb, hand_size_nb, legal_now_nb, round_points_nb)

MAX_REDEALS = 10_000    # never reached in practice: the round is then played as dealt
N_IDS = 65

# the pack by player count 3, 4, 5 (cards.py): two words
_PACK = np.zeros((3, 2), dtype=np.uint64)
for _n, _top, _lambs in ((3, 8, 2), (4, 11, 3), (5, 14, 3)):
    _both = 0
    for _c in range(4):
        for _k in range(1, _top + 1):
            _both |= 1 << (15 * _c + _k - 1)
        _both |= 1 << (15 * _c + 14)
    _both |= (1 << 60) | (1 << 61)
    for _l in range(_lambs):
        _both |= 1 << (62 + _l)
    _PACK[_n - 3, 0] = np.uint64(_both & (2**64 - 1))
    _PACK[_n - 3, 1] = np.uint64(_both >> 64)
PACK = _PACK


@njit(cache=True, inline="always")
def deal_out_nb(rng, deck, dealt, n, round_no, gone):
    """Deal round ``round_no``: the whole pack of ``n`` players shuffled, then the
    cards not in ``gone`` (laid out in earlier rounds) taken in that order,
    ``14 - round`` to each seat in turn, the last card (if any) unseen: a uniform
    deal of the round's pack. Shuffling the whole pack keeps the rotations of a
    duplicate board as close as their layouts allow: the cards they did not lay
    out differently come in the same order. Writes the hands and the unseen card
    into ``dealt``; the table slots are the caller's."""
    lo = PACK[n - 3, 0]
    hi = PACK[n - 3, 1]
    m = 0
    word = lo
    while word != ZERO:                      # the pack in id order
        low = word & (~word + ONE)
        deck[m] = popcount(low - ONE)
        m += 1
        word ^= low
    if hi != ZERO:
        deck[m] = 64
        m += 1
    shuffle_prefix(rng, deck[:m], m)
    size = hand_size_nb(round_no)
    for i in range(DEALT_TABLE):
        dealt[i] = ZERO
    k = 0
    for i in range(m):
        c = deck[i]
        if c < 64 and (gone >> np.uint64(c)) & ONE != ZERO:
            continue                         # out of the pack
        slot = 2 * (k // size) if k < n * size else DEALT_UNSEEN
        dealt[slot + (c >> 6)] |= ONE << np.uint64(c & 63)
        k += 1


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


@njit(cache=True, inline="always")
def claim_of_nb(st, seat, n):
    """The seat's standing at the counter of its tricks (records.DEALS ``claim``)."""
    tricks = st[O.TRICKS + seat]
    if tricks == 0 or st[O.BIDS + seat] == 0:
        return 0
    others = 0
    for s in range(n):
        others += s != seat and st[O.TRICKS + s] == tricks and st[O.BIDS + s] != 0
    if others == 0:
        return 4
    return claim_class(st[O.BIDS + seat], st[O.LOCKS + seat], tricks)


@njit(cache=True, nogil=True)
def simulate_chunk_nb(cfg, aux, kinds, params, fns, deal_base, dec_base, first_board, n_boards,
                      deals_out, games_out, status, done, trace):
    n = cfg[CFG_PLAYERS]
    seating = cfg[CFG_SEATING]
    n_rounds = cfg[CFG_ROUNDS]
    trump_rule = cfg[CFG_TRUMP_RULE]
    orphans = cfg[CFG_ORPHANS]
    rotations = rotations_nb(n, seating)
    deck = np.arange(N_IDS).astype(np.int64)
    board_rng = np.empty(4, dtype=np.uint64)
    dec_rng = np.empty(4, dtype=np.uint64)
    deal_rng = np.empty(4, dtype=np.uint64)
    st = np.zeros(O.STATE_SIZE, dtype=np.int64)
    # exactly the observation: a player reading past its end fails a bounds check
    # (tricksim check-player) instead of reading the deal's private slots
    obs = np.zeros(O.OBS_SIZE, dtype=np.int64)
    hands = np.zeros(2 * MAX_SEATS, dtype=np.uint64)
    dealt = np.zeros(DEALT_SIZE, dtype=np.uint64)
    totals = np.zeros(MAX_SEATS, dtype=np.int64)
    zero_used = np.zeros(MAX_SEATS, dtype=np.int64)
    lineup = np.zeros(n, dtype=np.int64)
    d_row = 0
    g_row = 0
    boards_done = 0
    for b in range(n_boards):
        if not board_fits_nb(deals_out, d_row, rotations * n_rounds * n, games_out, g_row,
                             rotations * n):
            break
        board = first_board + b
        start_board_nb(deal_base, dec_base, board, board_rng, dec_rng)
        for rot in range(rotations):
            game_id = start_game_nb(board_rng, deal_rng, deck, N_IDS, lineup, n, seating, board,
                                    rot, rotations)
            first_dealer = below(deal_rng, n)
            totals[:] = 0
            zero_used[:] = 0
            for i in range(DEALT_SIZE):
                dealt[i] = ZERO
            dealt[DEALT_ZERO] = np.uint64((1 << n) - 1)
            gone = ZERO                  # cards laid out in earlier rounds: out of the pack
            out_count = 0                # of those, the ones out of the game
            game_redeals = 0
            for d in range(n_rounds):
                round_no = d + 1
                dealer = (first_dealer + d) % n
                redeals = 0
                while True:
                    # each attempt from its own stream (see the module docstring)
                    deal_attempt_stream_nb(board_rng, d, redeals, deck, N_IDS, deal_rng)
                    deal_out_nb(deal_rng, deck, dealt, n, round_no, gone)
                    begin_nb(st, hands, n, dealer, round_no, trump_rule, orphans, dealt, totals)
                    if st[O.REDEAL] == 0 or redeals >= MAX_REDEALS:
                        break
                    redeals += 1
                if st[O.REDEAL] != 0:    # a lineup of hands that never gets a colour card
                    st[O.REDEAL] = 0
                    break
                game_redeals += redeals
                table_cards = 0
                for k in range(1, MAX_COUNTER + 1):
                    table_cards += popcount(dealt[DEALT_TABLE + k])
                trace_deal_nb(trace, game_id, d, dealer, -1, totals, n, dealt, DEALT_SIZE)
                while st[O.PHASE] != O.PHASE_OVER:
                    seat = st[O.SEAT]
                    slot = lineup[seat]
                    draw = draw_nb(dec_rng)
                    action, lo, hi = decide_nb(st, hands, seat, kinds, params, fns, slot, draw, obs)
                    if kinds[slot] != KIND_RANDOM and not is_legal2_nb(action, lo, hi):
                        flag_illegal_nb(status, seat, slot, st[O.PHASE], action, np.int64(lo),
                                        np.int64(hi))
                        flag_where_nb(status, game_id, d)
                        return chunk_done_nb(done, boards_done, d_row, g_row)
                    trace_decision_nb(trace, seat, st[O.PHASE], action)
                    apply_action_nb(st, hands, action)
                # the round's own columns, once for its rows
                layouts = ZERO
                for s in range(n):
                    layouts |= ONE << np.uint64(st[O.LAYOUTS + s])
                alone, _ = trump_decision(layouts, trump_rule)
                table_decides = 1 if alone != st[O.TRUMP] else 0
                out_count += popcount(np.uint64(st[O.ORPHANED])) + popcount(np.uint64(st[O.ZERO_LOST]))
                table_after = 0
                for k in range(1, MAX_COUNTER + 1):
                    table_after += popcount(np.uint64(st[O.TABLE + k]))
                for s in range(n):
                    points = round_points_nb(st, s)
                    totals[s] += points
                    bid = st[O.BIDS + s]
                    zero_used[s] |= bid == 0
                    row = deals_out[d_row]
                    deal_row_keys_nb(row, game_id, board, d, s, lineup[s], dealer, n)
                    row.hand_lo = dealt[2 * s]
                    row.hand_hi = dealt[2 * s + 1]
                    row.layout = st[O.LAYOUTS + s]
                    row.trump = st[O.TRUMP]
                    row.trump_step = st[O.TRUMP_STEP]
                    row.table_decides = table_decides
                    row.table_cards = table_cards
                    row.bid = bid
                    row.locked = st[O.LOCKS + s]
                    row.tricks = st[O.TRICKS + s]
                    row.exact = st[O.TRICKS + s] == bid
                    row.card_points = st[O.CARD_POINTS + s]
                    row.claim = claim_of_nb(st, s, n)
                    taken = np.uint64(st[O.TAKEN + s])
                    row.cards_won = popcount(taken)
                    row.own_card = (taken >> np.uint64(st[O.LAYOUTS + s])) & ONE != ZERO
                    row.points = points
                    row.total = totals[s]
                    row.table_after = table_after
                    row.out_after = out_count
                    row.redeals = redeals
                    d_row += 1
                # the table the next round starts from
                gone |= layouts
                for k in range(1, MAX_COUNTER + 1):
                    dealt[DEALT_TABLE + k] = np.uint64(st[O.TABLE + k])
                dealt[DEALT_ZERO] = np.uint64(st[O.ZERO_UNUSED])
            first_row = g_row
            g_row = seat_game_rows_nb(games_out, g_row, game_id, board, lineup, first_dealer, n,
                                      totals)
            for r in range(first_row, g_row):
                games_out[r].zero_used = zero_used[r - first_row]
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
