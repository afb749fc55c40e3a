"""PLACEHOLDER: replaced by the ten_point game's board loop."""
from numba import njit

EXPECTED_DEALS = 1
ALLOCATE_DEALS = 1
MAX_DEALS = 1


@njit(cache=True, nogil=True)
def ten_point_chunk_nb(cfg, aux, kinds, params, fns, deal_base, dec_base, first_board, n_boards,
                  deals_out, games_out, status, done, trace):
    done[0] = 0
    done[1] = 0
    done[2] = 0
