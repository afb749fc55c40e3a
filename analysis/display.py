"""Tables shown to a reader: an estimate and its interval in one cell, numbers formatted.

Shared by the Markdown report (``analysis/report.py``) and the HTML one
(``analysis/html.py``). Estimates are columns ``x, x_lo, x_hi``; they show as one
column ``x (95 % CI)``, in percent when the name ends in ``rate`` or ``share``.
"""
from __future__ import annotations

import math

import numpy as np
import pandas as pd

from .words import percent as words_percent, unsigned_zero


def display_frame(table: pd.DataFrame) -> pd.DataFrame:
    """Strings for display: ``x, x_lo, x_hi`` merged into one column, numbers formatted."""
    columns = list(table.columns)
    shown = {}
    for col in columns:
        if col.endswith("_lo") or col.endswith("_hi"):
            if col[:-3] in columns:
                continue
        percent = col.endswith("rate") or col.endswith("share")
        values = table[col]
        if f"{col}_lo" in columns and f"{col}_hi" in columns:
            shown[f"{col} (95 % CI)"] = [_estimate(v, lo, hi, percent)
                                         for v, lo, hi in zip(values, table[f"{col}_lo"], table[f"{col}_hi"])]
        else:
            shown[col] = [_number(v, percent) for v in values]
    return pd.DataFrame(shown)


def _estimate(value, lo, hi, percent: bool) -> str:
    """``value (lo to hi)``; the value alone without an interval (too few observations, see
    ``analysis.common.MIN_OBSERVATIONS``) or when the interval reads as the value itself."""
    text = _number(value, percent)
    low, high = _number(lo, percent), _number(hi, percent)
    if low == "–" or high == "–" or low == high == text:
        return text
    return f"{text} ({low} to {high})"


def _number(value, percent: bool = False) -> str:
    if isinstance(value, (bool, np.bool_)):
        return str(value)
    if isinstance(value, (int, np.integer)):
        return f"{value:,}"
    if isinstance(value, (float, np.floating)):
        if not math.isfinite(value):
            return "–"
        if percent:   # one decimal, two for shares under 1 % (so that a rare event does not read 0.0 %)
            return words_percent(value)
        if float(value).is_integer() and abs(value) < 1e15:
            return f"{int(value):,}"
        return unsigned_zero(f"{value:.3f}" if abs(value) < 10 else f"{value:,.1f}")     # no "-0.000"
    return str(value)


def looks_numeric(text: str) -> bool:
    """A number, or a number with its interval: ``-1,234``, ``41.2 % (40.8 % to 41.6 %)``, ``–``."""
    words = text.replace(",", "").replace("(", " ").replace(")", " ").replace("%", " ").split()
    for word in words:
        if word in ("to", "–"):
            continue
        try:
            float(word)
        except ValueError:
            return False
    return bool(words)
