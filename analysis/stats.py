"""Estimates with their uncertainty, computed from additive counts and moments.

Analysis never keeps raw rows: it keeps counts, sums and sums of squares per
group (a *cube*, see :func:`group_sums` and :func:`combine_cubes`), which add
up across chunks of a run. The functions here turn those sums into estimates
with 95 % intervals:

* :func:`wilson` – the Wilson score interval for a proportion;
* :func:`mean_ci` – a mean with its Student-t interval, from (n, Σx, Σx²);
* :func:`bounded_mean_ci` – a mean of observations that lie in a known range
  (a win share in [0, 1], a difference of two shares in [−1, 1]): a score
  interval that stays inside the range;
* :func:`paired_diff_ci` – the mean of the per-board differences of a
  paired comparison (players or variants on the same deals), with the
  t interval or, for a difference of bounded results, the bounded one;
* :func:`unpaired_diff_ci` – the difference of two means measured on
  different deals (Welch's interval): what the pairing is measured against.

Everything is vectorised over numpy arrays or pandas Series, and a group with
no data gives NaN rather than an error. The t quantile of a whole column of
cells is computed at once by :func:`t_quantile` (closed forms for 1 and 2
degrees of freedom, the Cornish–Fisher expansion beyond).
"""
from __future__ import annotations

import math
import threading

import numpy as np
import pandas as pd

from . import sums_nb

Z95 = 1.959963984540054          # the normal quantile of 0.975: two-sided 95 %


# -- intervals -----------------------------------------------------------------

def wilson(successes, n, z: float = Z95):
    """Wilson score interval ``(lo, hi)`` for ``successes`` out of ``n``.

    Unlike the textbook p ± z·se it stays inside [0, 1] and is not empty at
    0 or n successes. ``successes`` may be fractional (a shared win counts
    as a fraction of a win). ``n == 0`` gives NaN.
    """
    k = np.asarray(successes, dtype=np.float64)
    n_ = np.asarray(n, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        p = k / n_
        z2n = z * z / n_
        centre = (p + z2n / 2) / (1 + z2n)
        half = z / (1 + z2n) * np.sqrt(np.maximum(p * (1 - p) / n_ + z2n / (4 * n_), 0.0))
        # at 0 or n successes the bound is exactly 0 or 1; do not leave rounding dust
        lo = np.where(n_ > 0, np.where(k <= 0, 0.0, np.clip(centre - half, 0.0, 1.0)), np.nan)
        hi = np.where(n_ > 0, np.where(k >= n_, 1.0, np.clip(centre + half, 0.0, 1.0)), np.nan)
    return _like(lo, successes, n), _like(hi, successes, n)


def mean_ci(n, total, total_sq, z: float = Z95):
    """``(mean, lo, hi)`` of a sample known by its count, sum and sum of squares.

    The interval is mean ± t·s/√n with t the Student quantile for n − 1
    degrees of freedom at the confidence level of ``z`` (1.96 → 95 %). One
    observation gives a mean but a NaN interval; none gives NaN throughout.
    A sample of equal observations has an interval of no width.
    """
    n_, mean, var = _moments(n, total, total_sq)
    with np.errstate(invalid="ignore"):
        half = t_quantile(n_ - 1, z) * np.sqrt(var / n_)
    return _like(mean, total, n), _like(mean - half, total, n), _like(mean + half, total, n)


def bounded_mean_ci(n, total, total_sq, low: float = 0.0, high: float = 1.0, z: float = Z95):
    """``(mean, lo, hi)`` of a sample whose every observation lies in [``low``, ``high``].

    The t interval of :func:`mean_ci` can reach past the range (a win share
    of 0.998 over 1,000 boards: up to 1.0004). This one is the Wilson score
    interval of the mean moved to [0, 1], p = (mean − low) / (high − low),
    with the effective sample size n_eff = p(1 − p) / Var(p̂) and the Student
    quantile t(n − 1) for z, as Korn & Graubard (1998) adjust a proportion's
    interval for a complex sample (they use it with the Clopper–Pearson
    interval; with Wilson's it is the "modified Wilson" interval, which Dean &
    Pagano (2015) and Franco et al. (2019) compare with others for clustered
    survey proportions, the latter recommending it):
    the bounds solve (p̂ − p)² = t² p(1 − p) / n_eff. It lies inside the range,
    is asymmetric near its ends and is the t interval away from them.

    n_eff is not capped at n: observations that are not all 0 or 1 vary less
    than 0/1 ones of the same mean (Var ≤ p(1 − p)), and a per-board
    difference of win shares is mostly 0, so a cap would widen its interval
    about threefold (the Oh Hell hook comparison of the default study).
    A sample of equal observations inside the range has an interval of no
    width, as in :func:`mean_ci`; one of equal observations at an end of the
    range is a proportion of 0 or n successes and gets Wilson's interval of n.
    """
    n_, mean, var = _moments(n, total, total_sq)
    width = float(high) - float(low)
    with np.errstate(divide="ignore", invalid="ignore"):
        p = np.clip((mean - low) / width, 0.0, 1.0)
        var_p = var / (width * width)
        spread = p * (1 - p)
        at_end = (spread == 0) | (var_p == 0)
        # equal observations: a point inside the range, Wilson's n at its ends
        n_eff = np.where(at_end, np.where(spread == 0, n_, np.inf), n_ * spread / var_p)
        t = t_quantile(n_ - 1, z)
        c = t * t / n_eff
        centre = (p + c / 2) / (1 + c)
        half = t / (1 + c) * np.sqrt(np.maximum(spread / n_eff + c / (4 * n_eff), 0.0))
        lo = np.where(p <= 0, 0.0, np.clip(centre - half, 0.0, 1.0))
        hi = np.where(p >= 1, 1.0, np.clip(centre + half, 0.0, 1.0))
        # the point of a constant sample exactly, without the dust of (p ± 0) · width + low
        lo = np.where(np.isinf(n_eff), mean, low + width * lo)
        hi = np.where(np.isinf(n_eff), mean, low + width * hi)
        lo, hi = np.where(n_ > 1, lo, np.nan), np.where(n_ > 1, hi, np.nan)
    return _like(mean, total, n), _like(lo, total, n), _like(hi, total, n)


def _moments(n, total, total_sq):
    """``(n, mean, sample variance)`` as float arrays: NaN mean without observations, NaN
    variance below two."""
    n_ = np.asarray(n, dtype=np.float64)
    s1 = np.asarray(total, dtype=np.float64)
    s2 = np.asarray(total_sq, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        mean = np.where(n_ > 0, s1 / n_, np.nan)
        squares = s2 - s1 * mean            # Σ(x − mean)²
        # a constant sample leaves rounding dust of either sign: a few ulps of Σx² are 0
        squares = np.where(squares <= 64 * np.finfo(np.float64).eps * np.abs(s2), 0.0, squares)
        var = np.where(n_ > 1, squares / (n_ - 1), np.nan)
    return n_, mean, var


def paired_diff_ci(n, diff_sum, diff_sq, z: float = Z95, bounds: tuple[float, float] | None = None):
    """``(mean difference, lo, hi)`` of a paired comparison.

    ``n`` pairs (boards) with Σd and Σd² of the per-pair differences d. Pairing
    removes the luck of the cards that both sides share, which is why the
    interval is far narrower than comparing two independent means. With
    ``bounds`` (low, high), the range of each side's result (a rate: (0, 1)),
    d lies in [low − high, high − low] and the interval is
    :func:`bounded_mean_ci`'s; without, the t interval of :func:`mean_ci`.
    """
    if bounds is None:
        return mean_ci(n, diff_sum, diff_sq, z)
    reach = float(bounds[1]) - float(bounds[0])
    return bounded_mean_ci(n, diff_sum, diff_sq, -reach, reach, z)


def unpaired_diff_ci(n_a, total_a, total_sq_a, n_b, total_b, total_sq_b, z: float = Z95):
    """``(mean of b − mean of a, lo, hi)`` of two independent samples: Welch's t interval.

    Each side from its (n, Σx, Σx²), e.g. a player's game totals in a run and
    another player's in a run of other deals (another seed). Nothing cancels
    between the sides, so the luck of each side's cards stays in the interval;
    on the same deals :func:`paired_diff_ci` takes it out (docs/studies.md
    measures the two on one pair of players). Degrees of freedom by
    Welch–Satterthwaite; NaN unless each side has two observations.
    """
    _, mean_a, var_a = _moments(n_a, total_a, total_sq_a)
    _, mean_b, var_b = _moments(n_b, total_b, total_sq_b)
    with np.errstate(divide="ignore", invalid="ignore"):
        va, vb = var_a / np.asarray(n_a, dtype=np.float64), var_b / np.asarray(n_b, dtype=np.float64)
        se = np.sqrt(va + vb)
        df = (va + vb) ** 2 / (va**2 / (np.asarray(n_a) - 1.0) + vb**2 / (np.asarray(n_b) - 1.0))
        # two constant samples: no spread, the difference is exact
        half = np.where(se > 0, t_quantile(np.where(se > 0, df, 1.0), z) * se,
                        np.where(np.isnan(se), np.nan, 0.0))
    diff = mean_b - mean_a
    return _like(diff, total_a, n_a), _like(diff - half, total_a, n_a), _like(diff + half, total_a, n_a)


# -- the t quantile ----------------------------------------------------------------

def normal_cdf(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


def t_quantile(df, z: float = Z95):
    """The Student-t quantile with ``df`` degrees of freedom at the level of ``z``.

    That is, the t with P(T ≤ t) = Φ(z): for z = 1.96 the two-sided 95 %
    quantile (12.706 at 1 df, 2.228 at 10, → 1.96). 1 and 2 df have closed
    forms; from 3 df on the Cornish–Fisher expansion in 1/df (Abramowitz &
    Stegun 26.7.5): at 95 % it is 0.004 low at 3 df, 0.001 at 4 and under
    1e-5 from 10 df on – well below the uncertainty of the interval itself.
    ``df < 1`` gives NaN.
    """
    nu = np.asarray(df, dtype=np.float64)
    p = normal_cdf(z)
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    with np.errstate(divide="ignore", invalid="ignore"):
        series = z + g1 / nu + g2 / nu**2 + g3 / nu**3 + g4 / nu**4
    one = math.tan(math.pi * (p - 0.5))
    two = (2 * p - 1) / math.sqrt(2 * p * (1 - p))
    out = np.where(nu >= 3, series, np.where(nu >= 2, two, np.where(nu >= 1, one, np.nan)))
    return out if out.ndim else float(out)


def _like(values, *templates):
    """Give ``values`` the shape of the inputs: a Series if one was a Series."""
    for t in templates:
        if isinstance(t, pd.Series):
            return pd.Series(values, index=t.index)
    return values if np.ndim(values) else float(values)


# -- additive aggregates (the cube) -----------------------------------------------

_DENSE_LIMIT = 1 << 22          # above this many possible key combinations, sort instead of counting


_REUSED = threading.local()      # this thread's work memory, by name (see reused_zeros)


def reused_zeros(name: str, shape, dtype=np.int64, clear: bool = True) -> np.ndarray:
    """An array of zeros (``clear``, else of whatever was there) in memory that this thread
    reuses from chunk to chunk under ``name``.

    Fresh memory costs a page fault a 4 KiB page when first written: the 9.6 MB of a
    100k-deal Oh Hell chunk's board arrays took 3 ms to fault in and 2.3 ms to fill, while
    clearing reused memory is a memset. The array is valid until this thread asks for
    ``name`` again: work arrays only, never a result.
    """
    shape = tuple(int(n) for n in np.atleast_1d(shape))
    size = math.prod(shape) * np.dtype(dtype).itemsize
    pool = _REUSED.__dict__
    memory = pool.get(name)
    if memory is None or len(memory) < size:
        memory = pool[name] = np.empty(max(size, 1), np.uint8)
    out = memory[:size].view(dtype).reshape(shape)
    if clear:
        out.fill(0)
    return out


class Scratch:
    """A work array for several :func:`group_sums` calls over the same ``n_rows`` rows
    (:func:`reused_zeros`: the key codes of every table of a chunk, in memory the thread
    keeps; ``group_sums`` uses it within one call)."""

    def __init__(self, n_rows: int):
        self.code = reused_zeros("group_sums code", n_rows, np.int64, clear=False)


class Squared:
    """A column whose squares :func:`group_sums` adds up (no int64 copy of the squares
    is made: 1.5 ms and 3.2 MB a column of 400k rows)."""

    def __init__(self, column: np.ndarray):
        self.column = column


def group_sums(keys: dict[str, np.ndarray], values: dict[str, np.ndarray] | None = None,
               count: str = "n", scratch: Scratch | None = None) -> pd.DataFrame:
    """Count rows and sum integer columns per combination of integer keys.

    Like ``DataFrame.groupby(keys).sum()`` but many times faster on the
    small-integer keys of game records: each row's keys are packed into one
    integer code (mixed radix over the keys' observed ranges, the last key
    fastest, so codes sort like the keys), counted with ``np.bincount`` and
    summed by code in one compiled pass a value (:mod:`analysis.sums_nb`),
    exactly in int64; when the packed range is too large to count densely,
    the codes are numbered with ``np.unique`` first. Keys and values may be
    strided views (fields of a record array); nothing is copied but the
    code. A value given as :class:`Squared` adds its squares. Returns int64
    columns ``*keys, count, *values``, sorted by the keys, with a fresh index.
    (In numpy these passes and their float copies were most of the 68 ms that
    a 100k-deal Oh Hell chunk's cube took: docs/architecture.md.)
    """
    values = values or {}
    names = list(keys)
    cols = [_countable(keys[k]) for k in names]
    n_rows = len(cols[0]) if cols else 0
    if n_rows == 0:
        return empty_frame(names, [count, *values])
    ranges = [sums_nb.key_range_nb(c) for c in cols]
    lows = [int(lo) for lo, _ in ranges]
    sizes = [int(hi) - int(lo) + 1 for lo, hi in ranges]
    space = math.prod(sizes)
    code = scratch.code if scratch is not None and len(scratch.code) == n_rows else np.empty(n_rows, np.int64)
    for i, (c, lo, size) in enumerate(zip(cols, lows, sizes)):
        sums_nb.pack_key_nb(code, c, lo, size, i == 0)
    if space <= _DENSE_LIMIT:
        counts = np.bincount(code, minlength=space)
        codes = np.flatnonzero(counts)
        counts = counts[codes]
        index, n_cells = code, space
    else:
        codes, index, counts = np.unique(code, return_inverse=True, return_counts=True)
        n_cells = len(codes)
    sums = []
    for v in values:
        squared = isinstance(values[v], Squared)
        value = _countable(values[v].column if squared else values[v])
        total = np.zeros(n_cells, np.float64 if value.dtype.kind == "f" else np.int64)
        (sums_nb.add_squares_nb if squared else sums_nb.add_up_nb)(index, value, total)
        sums.append(total[codes] if index is code else total)
    return cells_frame(names, lows, sizes, codes, {count: counts, **dict(zip(values, sums))})


def cells_frame(names, lows, sizes, codes: np.ndarray, columns: dict) -> pd.DataFrame:
    """A cube table from packed key codes (mixed radix, the last key fastest: see
    :func:`group_sums`) and a value array per column (one entry a code), as int64."""
    frame = {}
    rest = codes.astype(np.int64)
    for name, lo, size in reversed(list(zip(names, lows, sizes))):
        frame[name] = rest % size + lo
        rest //= size
    frame = {name: frame[name] for name in names}
    frame.update((v, np.asarray(total).astype(np.int64)) for v, total in columns.items())
    return pd.DataFrame(frame)


def dense_frame(names, lows, cells: np.ndarray, columns: dict[str, np.ndarray]) -> pd.DataFrame:
    """A cube table from dense arrays over the key ranges (``cells``: the rows counted in
    each cell, shape = the keys' sizes; ``columns``: arrays of that shape): one row per
    cell that counted a row, in key order, as :func:`group_sums` returns it."""
    flat = cells.ravel()
    codes = np.flatnonzero(flat)
    return cells_frame(names, lows, cells.shape, codes, {k: v.ravel()[codes] for k, v in columns.items()})


def _countable(column) -> np.ndarray:
    """A column as the compiled passes take it: booleans as int8 (one type less to compile)."""
    column = np.asarray(column)
    return column.view(np.int8) if column.dtype == np.bool_ else column


def empty_frame(keys, values) -> pd.DataFrame:
    return pd.DataFrame({c: np.zeros(0, dtype=np.int64) for c in [*keys, *values]})


def combine_cubes(cubes, keys: dict[str, list[str]]) -> dict[str, pd.DataFrame]:
    """Add cubes: per table, sum the value columns of rows with equal keys.

    ``keys`` names the key columns of every table (the other columns are
    added). The result is canonical – sorted by the keys, fresh index, int64
    – so any order or grouping of the same cubes gives an identical result.
    """
    cubes = list(cubes)
    out = {}
    for name, key_cols in keys.items():
        parts = [c[name] for c in cubes if name in c and len(c[name])]
        if not parts:
            template = next((c[name] for c in cubes if name in c), None)
            values = [] if template is None else [x for x in template.columns if x not in key_cols]
            out[name] = empty_frame(key_cols, values)
            continue
        out[name] = _add_rows(parts, list(key_cols))
    return out


def _add_rows(parts: list[pd.DataFrame], key_cols: list[str]) -> pd.DataFrame:
    """One int64 frame: the rows of ``parts`` with equal keys added, sorted by the keys.

    What ``pd.concat(parts).groupby(key_cols).sum().reset_index()`` gives,
    in plain numpy (a stable sort and ``np.add.reduceat``, exact in int64):
    the parent of an aggregate run adds every chunk's cube to the total, and
    pandas' groupby spent 13 ms a chunk on it (11 tables of a few hundred
    rows; Oh Hell 4×12, 100k-deal chunks), more than the numpy below by ten.
    """
    value_cols = [c for c in parts[0].columns if c not in key_cols]
    keys = [np.concatenate([p[k].to_numpy(np.int64) for p in parts]) for k in key_cols]
    values = np.stack([np.concatenate([p[v].to_numpy(np.int64) for p in parts]) for v in value_cols], axis=1) \
        if value_cols else np.zeros((len(keys[0]), 0), np.int64)
    order = np.lexsort(keys[::-1])                      # the last key given to lexsort sorts first
    keys = [k[order] for k in keys]
    starts = np.flatnonzero(np.concatenate([[True], np.any([k[1:] != k[:-1] for k in keys], axis=0)]))
    frame = {k: col[starts] for k, col in zip(key_cols, keys)}
    sums = np.add.reduceat(values[order], starts, axis=0) if value_cols else values[:len(starts)]
    frame.update((v, sums[:, i]) for i, v in enumerate(value_cols))
    return pd.DataFrame(frame)
