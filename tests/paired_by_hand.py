"""A paired comparison of two runs recomputed from their records board by board, for the compare tests.

Written apart from ``analysis.compare``: a plain loop over the boards, so that
a test of a game's compare declarations checks them against the records and
not against the code under test.
"""
import numpy as np
import pytest

from sim import store


def board_means(run_dir, table: str, rows, value) -> dict[int, float]:
    """Per board: the mean ``value`` of the ``rows`` of one record table."""
    records = store.load_records(run_dir, table)
    keep = np.asarray(rows(records), dtype=bool)
    boards = records["board"].to_numpy()[keep]
    values = np.asarray(value(records), dtype=np.float64)[keep]
    return {int(b): float(values[boards == b].mean()) for b in np.unique(boards)}


def mean_difference(run_a, run_b, table: str, rows, value) -> tuple[float, int]:
    """The mean over common boards of B's board mean − A's, and the number of common boards."""
    a, b = board_means(run_a, table, rows, value), board_means(run_b, table, rows, value)
    common = sorted(set(a) & set(b))
    return float(np.mean([b[k] - a[k] for k in common])), len(common)


def every_row(records):
    return np.ones(len(records), dtype=bool)


def compared_runs(tmp_path, spec: dict, options_a: dict, options_b: dict):
    """Two runs of ``spec`` dealt the same cards under two sets of options, and their comparison."""
    from analysis.compare import compare
    from sim.runner import run_study
    from sim.study import Study
    runs = [run_study(Study.create(**spec, options=options), tmp_path / name, backend="serial", progress=False)
            for name, options in (("a", options_a), ("b", options_b))]
    return (*runs, compare(*runs))


def assert_compared(comparison, run_a, run_b, name: str, table: str, rows, value, rate: bool) -> None:
    """The comparison's all-players row of measure ``name`` is the mean per-board difference of the
    records' ``value`` over ``rows``; a rate's interval lies within [−1, 1]."""
    row = comparison[name].set_index("player").loc["all players"]
    expected, boards = mean_difference(run_a, run_b, table, rows, value)
    assert row[f"diff_{name}"] == pytest.approx(expected, abs=1e-12)
    assert row["boards"] == boards
    lo, hi = row[f"diff_{name}_lo"], row[f"diff_{name}_hi"]
    assert lo <= row[f"diff_{name}"] <= hi
    if rate:
        assert -1 <= lo and hi <= 1
