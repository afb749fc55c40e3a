"""Counting helpers of the determinization tests: a chi-square bound without scipy."""
import math

import numpy as np


def chi_square(counts) -> tuple[float, int]:
    """(statistic, degrees of freedom) of ``counts`` against a uniform spread."""
    counts = np.asarray(counts, dtype=float)
    expected = counts.sum() / len(counts)
    return float(((counts - expected) ** 2 / expected).sum()), len(counts) - 1


def chi_square_bound(df: int, z: float = 4.0) -> float:
    """The chi-square value exceeded with probability about that of a normal beyond ``z``
    (Wilson and Hilferty's cube-root approximation; z = 4: ~3e-5)."""
    a = 2.0 / (9.0 * df)
    return df * (1.0 - a + z * math.sqrt(a)) ** 3
