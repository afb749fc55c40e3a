"""Checks of a written report that hold for every game: the ranges of its intervals, the words of its summary.

Used by the games' analysis tests on a report of a small run, and on the
default study's reports (``python tests/report_checks.py results``).
"""
import re
import sys
from pathlib import Path

import numpy as np
import pandas as pd

SAID_EQUAL = "(every observation the same)"


def range_of(column: str) -> tuple[float, float] | None:
    """The range of an estimate column: a rate or share in [0, 1], a difference of two in [−1, 1]."""
    if not re.search(r"(rate|share)$", column):
        return None
    return (-1.0, 1.0) if column.startswith("diff_") else (0.0, 1.0)


def intervals_out_of_range(csv_files) -> list[str]:
    """``file: column row`` for every rate or share interval of the CSV tables that leaves its range
    or does not hold its value."""
    found = []
    for path in csv_files:
        frame = pd.read_csv(path)
        for column in frame.columns:
            bounds = range_of(column)
            if bounds is None or f"{column}_lo" not in frame or f"{column}_hi" not in frame:
                continue
            value, lo, hi = frame[column], frame[f"{column}_lo"], frame[f"{column}_hi"]
            known = lo.notna() & hi.notna()
            bad = known & ~((bounds[0] <= lo) & (lo <= value + 1e-12) & (value <= hi + 1e-12) & (hi <= bounds[1]))
            found += [f"{Path(path).name}: {column} row {i}" for i in np.flatnonzero(bad)]
    return found


def zero_width_values(csv_files) -> int:
    """How many estimates of the CSV tables have an interval of no width (lo == hi)."""
    count = 0
    for path in csv_files:
        frame = pd.read_csv(path)
        for column in frame.columns:
            if f"{column}_lo" in frame and f"{column}_hi" in frame:
                count += int((frame[f"{column}_lo"] == frame[f"{column}_hi"]).sum())
    return count


def report_problems(run_dir) -> list[str]:
    """What is wrong with a run's report.md and its CSV tables, if anything."""
    run_dir = Path(run_dir)
    csvs = sorted((run_dir / "report").glob("*.csv"))
    text = (run_dir / "report.md").read_text()
    problems = intervals_out_of_range(csvs) + words_problems(text, "report.md")
    said = text.count(SAID_EQUAL)
    if said > zero_width_values(csvs):
        problems.append(f"report.md says {SAID_EQUAL!r} {said} times, of more estimates than have no width")
    return problems


def comparison_problems(out_dir) -> list[str]:
    """What is wrong with a comparison's compare.md and its CSV tables, if anything."""
    out_dir = Path(out_dir)
    return (intervals_out_of_range(sorted(out_dir.glob("compare_*.csv")))
            + words_problems((out_dir / "compare.md").read_text(), "compare.md"))


def words_problems(text: str, name: str) -> list[str]:
    """Negative zeros, and intervals whose bounds read as one number."""
    problems = [f"{name}: a negative zero {m.group(0)!r}" for m in re.finditer(r"(?<![\d.])-0\.0+(?!\d)", text)]
    for match in re.finditer(r"(-?[\d,.]+)( %)? \((-?[\d,.]+)(?: %)? to (-?[\d,.]+)(?: %)?\)", text):
        if match.group(3) == match.group(4):
            problems.append(f"{name}: an interval that reads as one number: {match.group(0)!r}")
    return problems


if __name__ == "__main__":
    root = Path(sys.argv[1])
    bad = {path.parent: report_problems(path.parent) for path in sorted(root.glob("*/report.md"))}
    bad.update({path.parent: comparison_problems(path.parent) for path in sorted(root.glob("*/compare.md"))})
    for run, problems in bad.items():
        for p in problems:
            print(f"{run.name}: {p}")
    print(f"{len(bad)} reports and comparisons, {sum(map(len, bad.values()))} problems")
