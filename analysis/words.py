"""How estimates read in sentences: percents, values with their intervals, verdicts in words.

Every game's summary words its numbers with these, so that a reader meets
one style everywhere:

* a value shows its 95 % interval only when it has one: fewer than
  :data:`analysis.common.MIN_OBSERVATIONS` observations give no interval
  (the tables leave ``_lo`` and ``_hi`` empty), and the sentence says so;
* an interval whose bounds read as the value shown gets more decimals, until
  the value and its bounds read apart ("4.64 (4.62 to 4.65)", not "4.6 (4.6
  to 4.6)"); only an interval of no width at all, which comes from
  observations all equal, is said to be so;
* a number that rounds to zero reads "0.0", never "-0.0";
* a difference is *significant* when its 95 % interval excludes 0, and the
  sentence says which side is ahead rather than leaving the reader to read
  the signs.

Every formatter takes ``more``: decimals beyond its usual ones.
"""
from __future__ import annotations

import math

# beyond this many more decimals an interval reads as its value (it is then narrower than 1e-9)
MAX_MORE_DECIMALS = 8


def unsigned_zero(text: str) -> str:
    """``text`` without its minus sign when every digit is 0: a negative number rounded to zero."""
    return text[1:] if text.startswith("-") and not text.strip("-0.,") else text


def percent(x, more: int = 0) -> str:
    """A share in percent: "41.2 %" (two decimals under 1 %, so that a rare event does not read 0.0 %)."""
    decimals = (2 if 0 < abs(x) < 0.01 else 1) + more
    return unsigned_zero(f"{100 * x:.{decimals}f}") + " %"


def points(x, more: int = 0) -> str:
    """A number of points with one decimal: "12.5", "1,692.6", "0.0" for −0.04."""
    return unsigned_zero(f"{x:,.{1 + more}f}")


def signed_points(x, more: int = 0) -> str:
    """A difference of points with its sign: "+1.5", "-0.3", "0.0" (never "-0.0" or "+0.0")."""
    text = f"{x:+,.{1 + more}f}"
    return text[1:] if not text.strip("+-0.,") else text


def signed_percent_points(x, more: int = 0) -> str:
    """A difference of two rates in percentage points, with its sign: "+3.1" for 0.031."""
    return signed_points(100 * x, more)


def has_interval(row, col: str) -> bool:
    lo, hi = row.get(col + "_lo"), row.get(col + "_hi")
    return lo is not None and hi is not None and math.isfinite(lo) and math.isfinite(hi)


def with_interval(row, col: str, fmt=percent, unit: str = "") -> str:
    """``value unit (lo to hi)``; the value alone when there is no interval, and "every observation the
    same" when the interval has no width. ``fmt`` writes a number (one of the formatters above, or
    one that takes ``more`` as they do); an interval that reads as its value gets more decimals."""
    if not has_interval(row, col):
        return fmt(row[col]) + unit
    value, lo, hi = row[col], row[col + "_lo"], row[col + "_hi"]
    if lo == hi:
        return f"{fmt(value)}{unit} (every observation the same)"
    more = 0
    while not _told_apart(fmt, value, lo, hi, more) and more < MAX_MORE_DECIMALS:
        more += 1
    return f"{fmt(value, more)}{unit} ({fmt(lo, more)} to {fmt(hi, more)})"


def _told_apart(fmt, value, lo, hi, more: int) -> bool:
    """Whether the value and each bound read differently, where they differ at all (a rate of
    0 successes is its low bound)."""
    text = fmt(value, more)
    return ((lo == value or fmt(lo, more) != text) and (hi == value or fmt(hi, more) != text)
            and fmt(lo, more) != fmt(hi, more))


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
