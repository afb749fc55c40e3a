"""Compiled passes of the cube reduction: key ranges, packed key codes, sums per code.

:func:`analysis.stats.group_sums` counts the rows of a chunk per combination
of keys. In numpy each step was a pass or more over every row (a key's
minimum and maximum two passes, packing it three, each summed value a
float64 copy and a ``bincount``); here each is one pass that reads the
record field where it lies, strided or not. Each function is compiled once
per column type (a handful: the record fields are 8- to 64-bit integers or
booleans viewed as int8) and cached; they inline nothing of the engine.
"""
from __future__ import annotations

import numba as nb
import numpy as np


@nb.njit(inline="always")
def widen(low, high, x):
    """``(low, high)`` widened to take ``x`` (int64): a range kept in two locals. The passes
    that find several ranges in one read keep them so, not in an array the loop updates:
    LLVM cannot tell such an array from the records and stores every update."""
    x = np.int64(x)
    return min(low, x), max(high, x)


@nb.njit(inline="always")
def dense_index(x, low):
    """An index into a dense table: the key less its range's lowest value, unsigned. numba
    checks a signed index for a negative one to wrap around; these are never negative
    (the Wizard cube's table pass 9.5 → 6.1 ms, the balance pass 6.5 → 5.0 ms a 1M-row
    Oh Hell chunk, best of seven and nine)."""
    return nb.uint64(np.int64(x) - low)


@nb.njit(cache=True, nogil=True)
def key_range_nb(col):
    """``(lowest, highest)`` of a non-empty column, as int64."""
    lo = hi = col[0]
    for i in range(1, len(col)):        # min/max without a branch: LLVM vectorises it
        lo = min(lo, col[i])
        hi = max(hi, col[i])
    return np.int64(lo), np.int64(hi)


@nb.njit(cache=True, nogil=True)
def pack_key_nb(code, col, lo, size, first):
    """Append a key to the mixed-radix ``code``: ``code·size + (col − lo)`` (``first``: ``col − lo``)."""
    if first:
        for i in range(len(code)):
            code[i] = np.int64(col[i]) - lo
    else:
        for i in range(len(code)):
            code[i] = code[i] * size + (np.int64(col[i]) - lo)


@nb.njit(cache=True, nogil=True)
def add_up_nb(code, value, out):
    """``out[code[i]] += value[i]`` for every row: the sums per code, exact in int64."""
    for i in range(len(code)):
        out[code[i]] += value[i]


@nb.njit(cache=True, nogil=True)
def add_squares_nb(code, value, out):
    """``out[code[i]] += value[i]²`` for every row, squared in the type of ``out`` (int64)."""
    for i in range(len(code)):
        x = out.dtype.type(value[i])
        out[code[i]] += x * x


@nb.njit(cache=True, nogil=True)
def rows_with_any_nb(counts):
    """For each row of a 2-d array, whether any of its cells is non-zero."""
    out = np.zeros(counts.shape[0], np.bool_)
    for r in range(counts.shape[0]):
        for c in range(counts.shape[1]):
            if counts[r, c] != 0:
                out[r] = True
                break
    return out


@nb.njit(cache=True, nogil=True)
def rows_all_equal_nb(m):
    """Whether every row of a 2-d array equals its first."""
    for r in range(1, m.shape[0]):
        for c in range(m.shape[1]):
            if m[r, c] != m[0, c]:
                return False
    return True


@nb.njit(cache=True, nogil=True)
def column_moments_nb(m):
    """``(Σ_r m[r, j], Σ_r m[r, j]·m[r, k])`` of an int64 matrix, exact. Column by column on
    a transposed copy, loops LLVM vectorises: 0.26 ms for 100k boards × 4 slots, where a
    row-by-row pass took 1.0 ms and numpy's integer ``m.T @ m`` (no BLAS) 0.7 ms."""
    n = m.shape[1]
    columns = np.ascontiguousarray(m.T)
    total = np.zeros(n, np.int64)
    cross = np.zeros((n, n), np.int64)
    for j in range(n):
        a = columns[j]
        s = 0
        for r in range(len(a)):
            s += a[r]
        total[j] = s
        for k in range(j, n):
            b = columns[k]
            c = 0
            for r in range(len(a)):
                c += a[r] * b[r]
            cross[j, k] = c
            cross[k, j] = c
    return total, cross


@nb.njit(cache=True, nogil=True)
def in_blocks_nb(seat, key, n_seats):
    """Whether the rows come in blocks of ``n_seats``, seats 0 … n_seats − 1 in order and one
    ``key`` in each block (one pass over record fields where they lie: numpy's comparisons
    of strided views read the whole record array once a seat)."""
    s = 0                           # the row's place in its block (no division a row)
    for i in range(len(seat)):
        if seat[i] != s or key[i] != key[i - s]:
            return False
        s = s + 1 if s + 1 < n_seats else 0
    return True
