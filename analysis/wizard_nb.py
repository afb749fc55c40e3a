"""The compiled passes of the Wizard and Oh Hell cube (:mod:`analysis.wizard`): its six
tables from two reads of a chunk's ``deals`` records.

Written as numpy (a copy of each of 13 fields, then passes per key and value of each
table), the cube took 10 ms a 100k-deal Oh Hell chunk beside the balance tables. Here
one pass finds every key's range and a second adds each row into dense arrays over
those ranges. The tables are the cells that counted a row, as
:func:`analysis.stats.group_sums` gives them: the declarations of
``analysis.wizard.CUBE`` say what each holds.

Both passes take the record array itself (``sim.games.wizard.records.DEALS``), not a
view a field: one base pointer and fields at fixed offsets, where thirteen strided
views spilled their pointers and strides out of the registers. And the dense arrays
are indexed with unsigned integers, which numba does not check for a negative index
to wrap around (every index here is a key less its range's lowest value, never
negative). One 250k-deal Oh Hell chunk (1M rows), best of seven: the range pass
7.1 → 4.6 ms (7.2 with the checks it took over), the table pass 14.3 → 6.1 ms (views →
records 9.5, then unsigned 6.1).
"""
from __future__ import annotations

import numba as nb
import numpy as np

from .sums_nb import dense_index, widen

# the keys of the dense tables, in the order of ``lows``; the first four lie in ranges the
# study fixes (seats, positions and lineup slots 0 … n-1, the trump kinds), the others'
# ranges key_ranges_nb finds
RANGED = ("seat", "position", "player", "trump_kind", "deal", "hand_size", "bid", "tricks", "trumps_held",
          "wizards_held", "excess")
FOUND = RANGED[4:]


@nb.njit(cache=True, nogil=True)
def key_ranges_nb(deals, n_players, n_trump_kinds):
    """``(lowest, highest)`` of each key of :data:`FOUND` (rows of an int64 array), then of
    the ``game`` and ``board`` numbers; the rows come in blocks of a deal's ``n_players``
    seats. ``excess`` is a deal's sum of bids less the cards in hand. With them, whether
    every key lies in the room the dense tables give it (seats, positions and players in
    0 … ``n_players`` − 1, trump kinds in 0 … ``n_trump_kinds`` − 1), and whether the
    rows come in whole blocks (``analysis.common.whole_blocks``: seats 0 … n-1 in order,
    one game and deal a block), read in the same pass.

    The ranges are locals, not rows of an array that the loop updates: LLVM cannot tell
    such an array from the records and stores every update (the ranges alone: 7.1 → 4.6 ms
    a 1M-row chunk). The checks of room and blocks add 2.5 ms, as much as the block check
    took as passes of its own (``analysis.common.block_order``)."""
    top, bottom = np.iinfo(np.int64).max, np.iinfo(np.int64).min
    d0 = h0 = b0 = t0 = th0 = w0 = e0 = g0 = bo0 = top
    d1 = h1 = b1 = t1 = th1 = w1 = e1 = g1 = bo1 = bottom
    n, kinds = nb.uint64(n_players), nb.uint64(n_trump_kinds)
    outside = False
    blocks = len(deals) % n_players == 0
    game = deal = np.int64(0)       # the block's game and deal (in locals, as the ranges)
    bid_sum = 0
    place = 0                       # the row's place in its deal's block (no division a row)
    for i in range(len(deals)):
        row = deals[i]
        outside |= ((nb.uint64(row.seat) >= n) | (nb.uint64(row.position) >= n) | (nb.uint64(row.player) >= n)
                    | (nb.uint64(row.trump_kind) >= kinds))
        g, d = np.int64(row.game), np.int64(row.deal)
        if place == 0:
            game, deal = g, d
        blocks &= (row.seat == place) & (g == game) & (d == deal)
        d0, d1 = widen(d0, d1, d)
        h0, h1 = widen(h0, h1, row.hand_size)
        b0, b1 = widen(b0, b1, row.bid)
        t0, t1 = widen(t0, t1, row.tricks)
        th0, th1 = widen(th0, th1, row.trumps_held)
        w0, w1 = widen(w0, w1, row.wizards_held)
        g0, g1 = widen(g0, g1, g)
        bo0, bo1 = widen(bo0, bo1, row.board)
        bid_sum += row.bid
        place += 1
        if place == n_players:
            e0, e1 = widen(e0, e1, bid_sum - np.int64(row.hand_size))
            bid_sum = 0
            place = 0
    ranges = np.array([[d0, d1], [h0, h1], [b0, b1], [t0, t1], [th0, th1], [w0, w1], [e0, e1], [g0, g1],
                       [bo0, bo1]], dtype=np.int64)
    return ranges, not outside, blocks


def games_per_board(ranges) -> int:
    """Games played on each board, from :func:`key_ranges_nb`'s ranges: the kit numbers the
    games of board ``b`` ``b * rotations + rotation`` and a chunk holds every game of its
    boards (``analysis.common.games_per_board``, without two more passes)."""
    game, board = ranges[len(FOUND)], ranges[len(FOUND) + 1]
    return (int(game[1]) + 1) // (int(board[1]) + 1)


@nb.njit(cache=True, nogil=True)
def cube_pass_nb(deals, n_players, rotations, lows, bids, seats, bid_totals, outcomes, holdings, trump):
    """Add every row into the dense tables (origins ``lows``, in the order of :data:`RANGED`).

    ``bids[deal, hand, player, bid, tricks]``, ``seats[deal, hand, seat, position, player]``
    (rows, exact bids, Σ score, Σ score²) and ``trump[hand, kind, is_dealer, trumps,
    wizards, tricks]`` count every row; ``bid_totals[deal, hand, excess]`` every deal;
    ``holdings[hand, kind, trumps, wizards]`` and ``outcomes[deal, hand, kind]`` only the
    first game of each board (its other ``rotations`` replay the same cards).
    """
    sl, ql, pl, kl, dl, hl, bl, tl, thl, wl, el = lows[0], lows[1], lows[2], lows[3], lows[4], lows[5], \
        lows[6], lows[7], lows[8], lows[9], lows[10]
    zero, one, two, three = nb.uint64(0), nb.uint64(1), nb.uint64(2), nb.uint64(3)
    bid_sum = 0
    place = 0                       # the row's place in its deal's block (no division a row)
    for i in range(len(deals)):
        row = deals[i]
        d, h, k = dense_index(row.deal, dl), dense_index(row.hand_size, hl), dense_index(row.trump_kind, kl)
        p, b, t = dense_index(row.player, pl), dense_index(row.bid, bl), dense_index(row.tricks, tl)
        th, w = dense_index(row.trumps_held, thl), dense_index(row.wizards_held, wl)
        bids[d, h, p, b, t] += 1
        cell = seats[d, h, dense_index(row.seat, sl), dense_index(row.position, ql), p]
        x = np.int64(row.score)
        cell[zero] += 1
        cell[one] += row.bid == row.tricks
        cell[two] += x
        cell[three] += x * x
        dealer = one if row.position == n_players - 1 else zero
        trump[h, k, dealer, th, w, t] += 1
        first_game = rotations == 1 or row.game == row.board * rotations
        if first_game:
            holdings[h, k, th, w] += 1
        bid_sum += row.bid
        place += 1
        if place == n_players:
            bid_totals[d, h, dense_index(bid_sum - np.int64(row.hand_size), el)] += 1
            if first_game:
                outcomes[d, h, k] += 1
            bid_sum = 0
            place = 0
