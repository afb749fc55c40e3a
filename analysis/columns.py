"""What the columns of the report's tables mean, so that a table explains itself.

:func:`column_notes` gives the one line under each table in ``report.md``
and on the terminal: the meaning of each of its columns that is named here.
``docs/outputs.md`` is the full reference of every table.
"""
from __future__ import annotations

from .common import MIN_OBSERVATIONS

COLUMNS = {
    "games": "games played",
    "wins": "games won (a win shared by k players counts 1/k)",
    "mean_total": "mean final total per game",
    "win_rate": "wins / games",
    "boards": "boards (deals of the cards) both sides played",
    "diff_mean_total": "a − b: mean per-board difference of the final totals",
    "diff_win_rate": "a − b: mean per-board difference of the win rates",
    "verdict": "the differences whose 95 % interval excludes 0, in words",
    "share": "share of the group's count",
    "order": "the position in words",
    "strategy": "the player spec (slots with the same spec are one strategy)",
    "player": "lineup slot and its player spec",
}


def column_notes(table) -> str:
    """One line: the meaning of the table's documented columns, and how its intervals read."""
    notes = [f"{c}: {COLUMNS[c]}" for c in table.columns if c in COLUMNS]
    if any(c.endswith("_lo") for c in table.columns):
        notes.append(f"(95 % CI): the 95 % interval, left out below {MIN_OBSERVATIONS} observations")
    return "; ".join(notes)
