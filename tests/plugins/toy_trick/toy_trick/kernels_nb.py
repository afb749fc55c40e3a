"""The board loop (the kit's kernel contract, see sim/game.py)."""
import numpy as np
from numba import njit, prange

from sim.bits_nb import bit, highest
from sim.kit_nb import (board_fits_nb, chunk_done_nb, deal_row_keys_nb, draw_nb, flag_illegal_nb,
                        flag_where_nb, is_legal_nb, random_choice_nb, rotations_nb,
                        seat_game_rows_nb, start_board_nb, start_game_nb)
from sim.rng_nb import below, shuffle_prefix
from strategies.abi import KIND_HEURISTIC, KIND_RANDOM
from . import obs as O
from .step_nb import CFG_DEALS, CFG_SEATING, CFG_TRUMP, legal_now_nb, play_card_nb, start_nb


@njit(cache=True, inline="always")
def play_deal_nb(st, hands, lineup, kinds, params, fns, dec_rng, obs):
    """Play the deal on to its end: (-1, 0), or (the illegal action, the legal set)
    when a user's player broke the rules (the seat to act is the culprit)."""
    while st[O.TRICK_NO] < O.N_TRICKS:
        seat = st[O.SEAT]
        legal = legal_now_nb(st, hands)
        draw = draw_nb(dec_rng)
        slot = lineup[seat]
        if kinds[slot] == KIND_RANDOM:
            card = random_choice_nb(legal, draw)
        elif kinds[slot] == KIND_HEURISTIC or fns is None:
            card = highest(legal)           # the built-in heuristic: its highest legal card
        else:
            for i in range(O.SIZE):
                obs[i] = st[i]
            obs[O.HAND] = np.int64(hands[seat])
            obs[O.LEGAL] = np.int64(legal)
            obs[O.RANDOM] = draw
            card = fns[slot](obs, params[slot])
            if not is_legal_nb(card, legal):
                return card, np.int64(legal)
        play_card_nb(st, hands, card)
    return -1, np.int64(0)


@njit(cache=True, nogil=True)
def simulate_chunk_nb(cfg, aux, kinds, params, fns, deal_base, dec_base, first_board, n_boards,
                      deals_out, games_out, status, done, trace):
    n = 2
    seating = cfg[CFG_SEATING]
    n_deals = cfg[CFG_DEALS]
    rotations = rotations_nb(n, seating)
    deck = np.arange(16).astype(np.int64)
    board_rng = np.empty(4, dtype=np.uint64)
    dec_rng = np.empty(4, dtype=np.uint64)
    deal_rng = np.empty(4, dtype=np.uint64)
    st = np.zeros(O.SIZE, dtype=np.int64)
    obs = np.zeros(O.SIZE, dtype=np.int64)
    hands = np.zeros(n, dtype=np.uint64)
    dealt = np.zeros(n, dtype=np.uint64)
    totals = np.zeros(n, dtype=np.int64)
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
            game_id = start_game_nb(board_rng, deal_rng, deck, 16, lineup, n, seating, board, rot,
                                    rotations)
            first_dealer = below(deal_rng, n)
            totals[:] = 0
            for d in range(n_deals):
                dealer = (first_dealer + d) % n
                shuffle_prefix(deal_rng, deck, 8)
                for s in range(n):
                    m = np.uint64(0)
                    for i in range(4 * s, 4 * s + 4):
                        m |= bit(deck[i])
                    hands[s] = m
                    dealt[s] = m
                start_nb(st, dealer, cfg[CFG_TRUMP], totals[0], totals[1])
                bad, legal = play_deal_nb(st, hands, lineup, kinds, params, fns, dec_rng, obs)
                if bad != -1:
                    seat = st[O.SEAT]
                    flag_illegal_nb(status, seat, lineup[seat], O.PHASE_PLAY, bad, legal, 0)
                    flag_where_nb(status, game_id, d)
                    return chunk_done_nb(done, boards_done, d_row, g_row)
                for s in range(n):
                    totals[s] += st[O.TRICKS + s]
                    row = deals_out[d_row]
                    deal_row_keys_nb(row, game_id, board, d, s, lineup[s], dealer, n)
                    row.hand = dealt[s]
                    row.tricks = st[O.TRICKS + s]
                    row.total = totals[s]
                    d_row += 1
            g_row = seat_game_rows_nb(games_out, g_row, game_id, board, lineup, first_dealer, n,
                                      totals)
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
