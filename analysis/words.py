"""How estimates read in sentences: percents, values with their intervals, verdicts in words.

Every game's summary words its numbers with these, so that a reader meets
one style everywhere:

* a value shows its 95 % interval only when it has one: fewer than
  :data:`analysis.common.MIN_OBSERVATIONS` observations give no interval
  (the tables leave ``_lo`` and ``_hi`` empty), and the sentence says so;
* an interval that rounds to the value itself (every observation the same)
  is not printed as "5 (5 to 5)": the value is said to have no spread;
* a difference is *significant* when its 95 % interval excludes 0, and the
  sentence says which side is ahead rather than leaving the reader to read
  the signs.
"""
from __future__ import annotations

import math


def percent(x) -> str:
    """A share in percent: "41.2 %" (two decimals under 1 %, so that a rare event does not read 0.0 %)."""
    return f"{100 * x:.2f} %" if 0 < abs(x) < 0.01 else f"{100 * x:.1f} %"


def points(x) -> str:
    """A number of points with one decimal: "12.5", "1,692.6"."""
    return f"{x + 0.0:,.1f}"       # + 0.0: no "-0.0"


def signed_points(x) -> str:
    """A difference of points with its sign: "+1.5", "-0.3", "0.0" (never "-0.0")."""
    text = f"{x + 0.0:+,.1f}"
    return text[1:] if text in ("+0.0", "-0.0") else text


def signed_percent_points(x) -> str:
    """A difference of two rates in percentage points, with its sign: "+3.1" for 0.031."""
    return signed_points(100 * x)


def has_interval(row, col: str) -> bool:
    lo, hi = row.get(col + "_lo"), row.get(col + "_hi")
    return lo is not None and hi is not None and math.isfinite(lo) and math.isfinite(hi)


def with_interval(row, col: str, fmt=percent, unit: str = "") -> str:
    """``value unit (lo to hi)``; the value alone when there is no interval, and "every observation the
    same" when the interval has no spread."""
    value = fmt(row[col])
    if not has_interval(row, col):
        return value + unit
    lo, hi = fmt(row[col + "_lo"]), fmt(row[col + "_hi"])
    if lo == hi == value:
        return f"{value}{unit} (every observation the same)"
    return f"{value}{unit} ({lo} to {hi})"


def significant(row, col: str) -> int:
    """+1 when the 95 % interval of ``col`` lies above 0, −1 below, 0 when it contains 0 or is missing."""
    if not has_interval(row, col):
        return 0
    if row[col + "_lo"] > 0:
        return 1
    if row[col + "_hi"] < 0:
        return -1
    return 0


def intervals_apart(low, high, col: str) -> bool:
    """Whether the 95 % intervals of two rows do not overlap (``low`` the row with the lower value)."""
    return has_interval(low, col) and has_interval(high, col) and low[col + "_hi"] < high[col + "_lo"]
