"""The Pitch engine (numba): boards of games, written as records.

Each game's board loop is its own module (``auction_kernels_nb``,
``ten_point_kernels_nb``); the kernels the runner calls choose by
``cfg[CFG_VARIANT]``.
"""
from numba import njit, prange

from . import obs as O
from .auction_kernels_nb import auction_chunk_nb
from .cfg import CFG_VARIANT
from .ten_point_kernels_nb import ten_point_chunk_nb


@njit(cache=True, nogil=True)
def simulate_chunk_nb(cfg, aux, kinds, params, fns, deal_base, dec_base, first_board, n_boards,
                      deals_out, games_out, status, done, trace):
    if cfg[CFG_VARIANT] == O.VARIANT_TEN_POINT:
        ten_point_chunk_nb(cfg, aux, kinds, params, fns, deal_base, dec_base, first_board, n_boards,
                           deals_out, games_out, status, done, trace)
    else:
        auction_chunk_nb(cfg, aux, kinds, params, fns, deal_base, dec_base, first_board, n_boards,
                         deals_out, games_out, status, done, trace)


@njit(cache=True, nogil=True, parallel=True)
def simulate_chunks_nb(cfg, aux, kinds, params, deal_states, dec_states, first_boards, n_boards,
                       deal_offsets, game_offsets, deals_out, games_out, statuses, dones):
    for i in prange(first_boards.shape[0]):
        simulate_chunk_nb(cfg, aux, kinds, params, None, deal_states[i], dec_states[i],
                          first_boards[i], n_boards[i],
                          deals_out[deal_offsets[i]:deal_offsets[i + 1]],
                          games_out[game_offsets[i]:game_offsets[i + 1]], statuses[i], dones[i], None)
