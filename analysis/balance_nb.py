"""The compiled pass of the balance cube: every table of :mod:`analysis.balance` from one
read of a chunk's ``games`` records.

Written as numpy, the balance cube read the 400k game rows of a 100k-deal Oh
Hell chunk about twenty times (copies of each field, a pass per key and value
of each table, the board cells three times) and took 14 ms; this reads each
row once, from the record fields where they lie, into dense arrays over the
keys' ranges. Compiled once per game (its fields' types) and cached.
"""
from __future__ import annotations

import numba as nb
import numpy as np

from .sums_nb import dense_index, widen


@nb.njit(cache=True, nogil=True)
def key_ranges_nb(game, board, seat, team, player, start, total, n_players):
    """``(lowest, highest)`` of the board, seat, team, player, start position and total (rows
    of an int64 array), in one pass; whether every seat is a team of its own (no
    teammates to count); and whether the rows come in whole blocks, a game's seats
    0 … ``n_players`` − 1 in order (``analysis.common.whole_blocks``). The ranges are
    locals: in an array that the loop updates LLVM stores every update, and six passes
    a field took 5.1 ms a 1M-row Oh Hell chunk where this takes 3.5 (best of nine)."""
    top, bottom = np.iinfo(np.int64).max, np.iinfo(np.int64).min
    b0 = s0 = m0 = p0 = q0 = t0 = top
    b1 = s1 = m1 = p1 = q1 = t1 = bottom
    alone = True
    blocks = len(seat) % n_players == 0
    block_game = np.int64(0)
    place = 0                       # the row's place in its game's block
    for i in range(len(seat)):
        if place == 0:
            block_game = np.int64(game[i])
        blocks &= (seat[i] == place) & (game[i] == block_game)
        place = place + 1 if place + 1 < n_players else 0
        b0, b1 = widen(b0, b1, board[i])
        s0, s1 = widen(s0, s1, seat[i])
        m0, m1 = widen(m0, m1, team[i])
        p0, p1 = widen(p0, p1, player[i])
        q0, q1 = widen(q0, q1, start[i])
        t0, t1 = widen(t0, t1, total[i])
        alone &= team[i] == seat[i]
    ranges = np.array([[b0, b1], [s0, s1], [m0, m1], [p0, p1], [q0, q1], [t0, t1]], dtype=np.int64)
    return ranges, alone, blocks


@nb.njit(cache=True, nogil=True)
def balance_pass_nb(board, seat, team, player, start, total, win, win_unit, lows,
                    games, totals, slot_counts, slot_totals, slot_wins):
    """Add every row into the dense balance arrays.

    ``lows``: the lowest board, seat, team, player, start position and total
    (the arrays' origins). ``games[seat, team, player, start]`` gets
    ``(rows, win units, Σ total, Σ total²)``; ``totals[player, total]`` the
    rows; ``slot_*[board, player]`` the rows, totals and win units per board
    and lineup slot. A win share is counted in whole units: ``rint(win × win_unit)``.
    """
    board_low, seat_low, team_low, player_low, start_low, total_low = lows[0], lows[1], lows[2], lows[3], \
        lows[4], lows[5]
    zero, one, two, three = nb.uint64(0), nb.uint64(1), nb.uint64(2), nb.uint64(3)
    for i in range(len(seat)):
        w = np.int64(np.rint(np.float64(win[i]) * win_unit))
        t = np.int64(total[i])
        s, m = dense_index(seat[i], seat_low), dense_index(team[i], team_low)
        p, q = dense_index(player[i], player_low), dense_index(start[i], start_low)
        cell = games[s, m, p, q]
        cell[zero] += 1
        cell[one] += w
        cell[two] += t
        cell[three] += t * t
        totals[p, dense_index(t, total_low)] += 1
        b, slot = dense_index(board[i], board_low), nb.uint64(player[i])
        slot_counts[b, slot] += 1
        slot_totals[b, slot] += t
        slot_wins[b, slot] += w


@nb.njit(cache=True, nogil=True)
def teammates_nb(team, player, n_players, out):
    """``out[a, b] += 1`` (a < b) for each two slots that sat in one team, game by game
    (a game is ``n_players`` consecutive rows)."""
    for first in range(0, len(team), n_players):
        for i in range(first, first + n_players):
            for j in range(i + 1, first + n_players):
                if team[i] == team[j]:
                    a, b = player[i], player[j]
                    out[min(a, b), max(a, b)] += 1
