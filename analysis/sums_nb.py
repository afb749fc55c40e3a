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
