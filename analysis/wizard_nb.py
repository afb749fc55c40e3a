"""The compiled passes of the Wizard and Oh Hell cube (:mod:`analysis.wizard`): its six
tables from two reads of a chunk's ``deals`` records.

Written as numpy (a copy of each of 13 fields, then passes per key and value of each
table), the cube took 10 ms a 100k-deal Oh Hell chunk beside the balance tables. Here
one pass finds every key's range and a second adds each row into dense arrays over
those ranges, read from the record fields where they lie. The tables are the cells
that counted a row, as :func:`analysis.stats.group_sums` gives them: the declarations
of ``analysis.wizard.CUBE`` say what each holds.
"""
from __future__ import annotations

import numba as nb
import numpy as np

# the keys whose ranges key_ranges_nb finds, in the order of its rows
RANGED = ("deal", "hand_size", "seat", "position", "player", "bid", "tricks", "trump_kind", "trumps_held",
          "wizards_held", "excess")


@nb.njit(cache=True, nogil=True)
def key_ranges_nb(deal, hand_size, seat, position, player, bid, tricks, trump_kind, trumps_held, wizards_held,
                  n_players):
    """``(lowest, highest)`` of each key of :data:`RANGED` (rows of an int64 array); the
    rows come in blocks of a deal's ``n_players`` seats. ``excess`` is a deal's sum of
    bids less the cards in hand."""
    out = np.empty((len(RANGED), 2), np.int64)
    for k in range(len(RANGED)):
        out[k, 0] = np.iinfo(np.int64).max
        out[k, 1] = np.iinfo(np.int64).min
    bid_sum = 0
    place = 0                       # the row's place in its deal's block (no division a row)
    for i in range(len(seat)):
        _widen(out, 0, deal[i])
        _widen(out, 1, hand_size[i])
        _widen(out, 2, seat[i])
        _widen(out, 3, position[i])
        _widen(out, 4, player[i])
        _widen(out, 5, bid[i])
        _widen(out, 6, tricks[i])
        _widen(out, 7, trump_kind[i])
        _widen(out, 8, trumps_held[i])
        _widen(out, 9, wizards_held[i])
        bid_sum += bid[i]
        place += 1
        if place == n_players:
            _widen(out, 10, bid_sum - np.int64(hand_size[i]))
            bid_sum = 0
            place = 0
    return out


@nb.njit(inline="always")
def _widen(ranges, k, x):
    x = np.int64(x)
    ranges[k, 0] = min(ranges[k, 0], x)
    ranges[k, 1] = max(ranges[k, 1], x)


@nb.njit(cache=True, nogil=True)
def cube_pass_nb(game, board, deal, hand_size, seat, position, player, bid, tricks, score, trump_kind,
                 trumps_held, wizards_held, n_players, rotations, lows,
                 bids, seats, bid_totals, outcomes, holdings, trump):
    """Add every row into the dense tables (origins ``lows``, in the order of :data:`RANGED`).

    ``bids[deal, hand, player, bid, tricks]``, ``seats[deal, hand, seat, position, player]``
    (rows, exact bids, Σ score, Σ score²) and ``trump[hand, kind, is_dealer, trumps,
    wizards, tricks]`` count every row; ``bid_totals[deal, hand, excess]`` every deal;
    ``holdings[hand, kind, trumps, wizards]`` and ``outcomes[deal, hand, kind]`` only the
    first game of each board (its other ``rotations`` replay the same cards).
    """
    dl, hl, sl, ql, pl, bl, tl, kl, thl, wl, el = lows
    bid_sum = 0
    place = 0                       # the row's place in its deal's block (no division a row)
    for i in range(len(seat)):
        d, h, k = deal[i] - dl, hand_size[i] - hl, trump_kind[i] - kl
        p, b, t = player[i] - pl, bid[i] - bl, tricks[i] - tl
        th, w = trumps_held[i] - thl, wizards_held[i] - wl
        bids[d, h, p, b, t] += 1
        cell = seats[d, h, seat[i] - sl, position[i] - ql, p]
        x = np.int64(score[i])
        cell[0] += 1
        cell[1] += bid[i] == tricks[i]
        cell[2] += x
        cell[3] += x * x
        dealer = 1 if position[i] == n_players - 1 else 0
        trump[h, k, dealer, th, w, t] += 1
        first_game = rotations == 1 or game[i] == board[i] * rotations
        if first_game:
            holdings[h, k, th, w] += 1
        bid_sum += bid[i]
        place += 1
        if place == n_players:
            bid_totals[d, h, bid_sum - np.int64(hand_size[i]) - el] += 1
            if first_game:
                outcomes[d, h, k] += 1
            bid_sum = 0
            place = 0
