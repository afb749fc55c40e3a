"""Compare two runs on common deals: a variant balance or strategy study.

Two record runs of the same game, player count, seed, number of boards and
seating were dealt the same cards board by board (the deal stream depends on
the seed and the board alone), whatever their rule options or players. So the
difference of a result between the runs can be taken board by board, which
removes the luck of the cards from the comparison: a paired t interval on the
per-board differences.

``compare(run_a, run_b)`` returns tables of the mean game total and the win
rate per lineup slot and per starting position in each run, with the paired
difference B − A and its 95 % interval. ``tricksim compare RUN_A RUN_B``
prints them and writes ``compare.md`` plus CSV files into ``--out``.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from sim.errors import TricksimError
from .common import interval_if_enough, order_name
from .report import markdown_table
from .stats import paired_diff_ci

# what must agree for two runs to have been dealt the same cards
_SAME_DEALS = ("game", "variant", "players", "seed", "boards", "seating")


def _load(run_dir):
    from sim import store
    manifest = store.load_manifest(run_dir)
    if manifest["study"].get("aggregate"):
        raise TricksimError(f"{run_dir} is an --aggregate run: comparing runs board by board "
                            f"needs their records; run both without --aggregate")
    return manifest, store.load_records(run_dir, "games")


def _check_common_deals(a: dict, b: dict) -> None:
    for key in _SAME_DEALS:
        if a["study"].get(key) != b["study"].get(key):
            raise TricksimError(
                f"the runs were not dealt the same cards: {key} is {a['study'].get(key)!r} "
                f"in the first and {b['study'].get(key)!r} in the second (they must agree on "
                f"{', '.join(_SAME_DEALS)})")


def _describe(study: dict) -> str:
    options = ", ".join(f"{k}={v}" for k, v in sorted(study["options"].items()))
    return f"{options or 'default options'}; players {', '.join(study['lineup'])}"


def _paired(a: pd.DataFrame, b: pd.DataFrame, by: str, labels) -> pd.DataFrame:
    """Per ``by`` group: mean total and win rate in each run and the paired difference
    over boards (each board's mean over its games in that group)."""
    rows = []
    keys = ["board", by]
    per_board_a = a.groupby(keys)[["total", "win"]].mean()
    per_board_b = b.groupby(keys)[["total", "win"]].mean()
    joined = per_board_a.join(per_board_b, suffixes=("_a", "_b"), how="inner")
    for group, part in joined.groupby(level=by):
        row = {by: labels(group), "boards": len(part)}
        for what in ("total", "win"):
            diff = (part[f"{what}_b"] - part[f"{what}_a"]).to_numpy(dtype=np.float64)
            mean, lo, hi = paired_diff_ci(len(diff), diff.sum(), (diff * diff).sum())
            lo, hi = interval_if_enough(len(diff), lo, hi)
            name = "mean_total" if what == "total" else "win_rate"
            row[f"a_{name}"] = part[f"{what}_a"].mean()
            row[f"b_{name}"] = part[f"{what}_b"].mean()
            row[f"diff_{name}"], row[f"diff_{name}_lo"], row[f"diff_{name}_hi"] = (
                float(mean), float(lo), float(hi))
        rows.append(row)
    return pd.DataFrame(rows)


def compare(run_a, run_b) -> dict[str, pd.DataFrame]:
    """Paired tables of two runs dealt the same cards (see the module docstring)."""
    manifest_a, games_a = _load(run_a)
    manifest_b, games_b = _load(run_b)
    _check_common_deals(manifest_a, manifest_b)
    lineup_a, lineup_b = manifest_a["study"]["lineup"], manifest_b["study"]["lineup"]

    def slot_label(slot):
        a, b = lineup_a[slot], lineup_b[slot]
        return f"{slot} {a}" if a == b else f"{slot} {a} → {b}"

    n_players = int(manifest_a["study"]["players"])
    by_start = _paired(games_a, games_b, "start_position", int)
    if len(by_start):       # the position in words, as the run reports name it
        by_start.insert(1, "order", [order_name(int(p), n_players) for p in by_start["start_position"]])
    tables = {"by_player": _paired(games_a, games_b, "player", slot_label), "by_start_position": by_start}
    tables["by_player"].attrs["title"] = "Mean game total and win rate by player, B − A on the same boards"
    tables["by_start_position"].attrs["title"] = (
        "Mean game total and win rate by starting position, B − A on the same boards")
    tables["runs"] = pd.DataFrame({
        "run": ["A", "B"], "directory": [str(run_a), str(run_b)],
        "study": [_describe(manifest_a["study"]), _describe(manifest_b["study"])],
    })
    return tables


def write_comparison(tables: dict[str, pd.DataFrame], out_dir) -> Path:
    """CSV per table and ``compare.md`` into ``out_dir``; returns the Markdown file."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    lines = ["# Comparison on common deals", ""]
    for name, table in tables.items():
        table.to_csv(out_dir / f"compare_{name}.csv", index=False)
        lines += [f"## {table.attrs.get('title', name)}", "", markdown_table(table), ""]
    path = out_dir / "compare.md"
    path.write_text("\n".join(lines))
    return path
