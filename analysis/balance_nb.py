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
    board_low, seat_low, team_low, player_low, start_low, total_low = lows
    for i in range(len(seat)):
        w = np.int64(np.rint(np.float64(win[i]) * win_unit))
        t = np.int64(total[i])
        s, m, p, q = seat[i] - seat_low, team[i] - team_low, player[i] - player_low, start[i] - start_low
        games[s, m, p, q, 0] += 1
        games[s, m, p, q, 1] += w
        games[s, m, p, q, 2] += t
        games[s, m, p, q, 3] += t * t
        totals[p, t - total_low] += 1
        b, slot = board[i] - board_low, player[i]
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
