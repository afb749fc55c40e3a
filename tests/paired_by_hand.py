"""A paired comparison of two runs recomputed from their records board by board, for the compare tests.

Written apart from ``analysis.compare``: a plain loop over the boards, so that
a test of a game's compare declarations checks them against the records and
not against the code under test.
"""
import numpy as np

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
