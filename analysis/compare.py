"""Compare two runs on common deals: a variant balance or strategy study.

Two record runs of the same game, player count, seed, number of boards and
seating were dealt the same cards board by board (the deal stream depends on
the seed and the board alone), whatever their rule options or players. So the
difference of a result between the runs can be taken board by board, which
removes the luck of the cards from the comparison: the mean of the per-board
differences B − A, with its 95 % interval (a t interval; for a rate, one that
stays within [−1, 1], see :func:`analysis.stats.paired_diff_ci`).

Every game is compared on its game total and win rate, per lineup slot and
per starting position. Each game's analysis module adds what its own analysis
measures (an exact-bid rate, contracts made, a prediction error, …) by
declaring it: ``compared(study)`` returns :class:`Measure` objects, each of
which says which record table it reads, which rows count and what each row's
value is. Nothing here knows a game by name.

``compare(run_a, run_b)`` returns a :class:`Comparison`: the tables, and the
sentences that head ``compare.md`` and the terminal output (first of all
whether the two runs' records are identical, when the option or player that
differs changed nothing on these deals). ``tricksim compare RUN_A RUN_B``
prints them and writes ``compare.md`` plus CSV files into ``--out``.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np
import pandas as pd

from sim.errors import TricksimError, counted
from sim.files import write_atomic
from sim.study import check_common_deals
from .common import interval_if_enough, order_name
from .report import analysis_module, markdown_table
from .stats import paired_diff_ci
from .words import percent, points, signed_percent_points, signed_points, significant, with_interval

RATE = (0.0, 1.0)           # the range of a rate or a share
ALL_PLAYERS = "all players"


@dataclass(frozen=True)
class Measure:
    """A result a game's analysis measures, compared board by board.

    ``value(records)`` gives each row's value from the ``table`` records (a
    DataFrame of the whole table, columns as in the game's record dtype);
    ``rows(records)``, when given, which rows count (the taker's row of each
    deal, say). On each
    board a side's result is the mean value of its rows. ``bounds`` is the
    range of a value that has one (a rate: :data:`RATE`), so that the interval
    of the difference stays within its range; ``name`` is the column stem of
    the tables (``exact_rate``: a name ending in ``rate`` reads in percent).
    The table has a row for all players together and, unless ``per_player``
    is False (a fact of the round rather than of a seat), one per lineup slot.
    """
    name: str
    what: str
    value: Callable[[pd.DataFrame], np.ndarray]
    table: str = "deals"
    rows: Callable[[pd.DataFrame], np.ndarray] | None = None
    bounds: tuple[float, float] | None = None
    per_player: bool = True


GAME_TOTAL = Measure("mean_total", "game total", lambda g: g["total"], "games")
WIN_RATE = Measure("win_rate", "win rate", lambda g: g["win"], "games", bounds=RATE)
# game length, for games whose ``games`` records count their deals
DEALS_PER_GAME = Measure("mean_deals", "deals per game", lambda g: g["deals"], "games")


class Comparison(dict):
    """The tables of a comparison (name -> DataFrame), with the sentences that head it (``summary``)
    and the two runs' manifests (``manifests``: A's, B's)."""

    def __init__(self, tables: dict, summary: list[str], manifests: tuple = ()):
        super().__init__(tables)
        self.summary = summary
        self.manifests = manifests


def _load(run_dir):
    from sim import store
    manifest = store.load_manifest(run_dir)
    if manifest["study"].get("aggregate"):
        raise TricksimError(f"{run_dir} is an --aggregate run: comparing runs board by board "
                            f"needs their records; run both without --aggregate")
    return manifest, {table: store.load_records(run_dir, table) for table in sorted(manifest["tables"])}


def _describe(study: dict) -> str:
    options = ", ".join(f"{k}={v}" for k, v in sorted(study["options"].items()))
    return f"{options or 'default options'}; players {', '.join(study['lineup'])}"


def _what_differs(a: dict, b: dict) -> str:
    """The options and lineup slots that differ between two studies, in words."""
    changes = [f"{k} {a['options'].get(k, 'default')} → {b['options'].get(k, 'default')}"
               for k in sorted(set(a["options"]) | set(b["options"])) if a["options"].get(k) != b["options"].get(k)]
    changes += [f"slot {slot} {x} → {y}" for slot, (x, y) in enumerate(zip(a["lineup"], b["lineup"])) if x != y]
    return ", ".join(changes)


def _identical(records_a: dict, records_b: dict) -> bool:
    """Whether two runs' record tables are equal, row for row and column for column."""
    return records_a.keys() == records_b.keys() and all(
        records_a[t].equals(records_b[t]) for t in records_a)


def _board_means(records: pd.DataFrame, measure: Measure, by: str | None) -> pd.Series:
    """Per board (and ``by`` group): the mean value of the measure's rows."""
    value = pd.Series(np.asarray(measure.value(records), dtype=np.float64), index=records.index)
    if measure.rows is not None:
        value = value[np.asarray(measure.rows(records), dtype=bool)]
    keys = [records["board"].loc[value.index]] + ([records[by].loc[value.index]] if by else [])
    return value.groupby(keys).mean()


def _paired(a: pd.DataFrame, b: pd.DataFrame, measures, by: str | None, label) -> list[dict]:
    """Per ``by`` group (all rows together when None): each run's mean of each measure over the
    common boards and the paired difference B − A."""
    rows = {}
    for measure in measures:
        joined = pd.concat({"a": _board_means(a, measure, by), "b": _board_means(b, measure, by)},
                           axis=1, join="inner")
        groups = joined.groupby(level=1) if by else [(None, joined)]
        for group, part in groups:
            row = rows.setdefault(group, {by or "player": label(group), "boards": len(part)})
            diff = (part["b"] - part["a"]).to_numpy(dtype=np.float64)
            mean, lo, hi = paired_diff_ci(len(diff), diff.sum(), (diff * diff).sum(), bounds=measure.bounds)
            lo, hi = interval_if_enough(len(diff), lo, hi)
            name = measure.name
            row[f"a_{name}"], row[f"b_{name}"] = part["a"].mean(), part["b"].mean()
            row[f"diff_{name}"], row[f"diff_{name}_lo"], row[f"diff_{name}_hi"] = float(mean), float(lo), float(hi)
    return list(rows.values())


def compare(run_a, run_b) -> Comparison:
    """Paired tables of two runs dealt the same cards (see the module docstring)."""
    manifest_a, records_a = _load(run_a)
    manifest_b, records_b = _load(run_b)
    check_common_deals(manifest_a["study"], manifest_b["study"])
    study_a, study_b = manifest_a["study"], manifest_b["study"]
    lineup_a, lineup_b = study_a["lineup"], study_b["lineup"]

    def slot_label(slot):
        if slot is None:
            return ALL_PLAYERS
        a, b = lineup_a[slot], lineup_b[slot]
        return f"{slot} {a}" if a == b else f"{slot} {a} → {b}"

    n_players = int(study_a["players"])
    games_a, games_b = records_a["games"], records_b["games"]
    tables = {"by_player": pd.DataFrame(_paired(games_a, games_b, (GAME_TOTAL, WIN_RATE), "player", slot_label))}
    by_start = pd.DataFrame(_paired(games_a, games_b, (GAME_TOTAL, WIN_RATE), "start_position", int))
    if len(by_start):       # the position in words, as the run reports name it
        by_start.insert(1, "order", [order_name(int(p), n_players) for p in by_start["start_position"]])
    tables["by_start_position"] = by_start
    tables["by_player"].attrs["title"] = "Mean game total and win rate by player, B − A on the same boards"
    tables["by_start_position"].attrs["title"] = (
        "Mean game total and win rate by starting position, B − A on the same boards")
    module = analysis_module(manifest_a)
    measures = tuple(module.compared(study_a)) if hasattr(module, "compared") else ()
    for measure in measures:
        a, b = records_a[measure.table], records_b[measure.table]
        table = pd.DataFrame(_paired(a, b, (measure,), None, slot_label)
                             + (_paired(a, b, (measure,), "player", slot_label) if measure.per_player else []))
        table.attrs["title"] = f"{measure.what[0].upper()}{measure.what[1:]} by player, B − A on the same boards"
        tables[measure.name] = table
    tables["runs"] = pd.DataFrame({
        "run": ["A", "B"], "directory": [str(run_a), str(run_b)],
        "study": [_describe(study_a), _describe(study_b)],
    })
    tables["runs"].attrs["title"] = "The two runs"
    return Comparison(tables, _summary(tables, measures, study_a, study_b, _identical(records_a, records_b)),
                      (manifest_a, manifest_b))


def _summary(tables: dict, measures, study_a: dict, study_b: dict, identical: bool) -> list[str]:
    """The sentences that head the comparison: identical records, then each measure over all players."""
    boards = counted(int(study_a["boards"]), "board")
    change = _what_differs(study_a, study_b)
    if identical:
        why = f"{change} changed nothing on these {boards}" if change else "the two studies are the same"
        return [f"The two runs' records are identical: {why}, so every difference below is 0."]
    lines = [f"B − A: {change or 'the same study'}, on the same {boards}."]
    for measure in measures:
        table = tables[measure.name]
        if len(table):
            lines.append(_measure_sentence(table.iloc[0], measure))
    return lines


def _measure_sentence(row, measure: Measure) -> str:
    rate = measure.bounds is not None
    value, diff = (percent, signed_percent_points) if rate else (points, signed_points)
    unit = " percentage points" if rate else ""
    name = measure.name
    said = {1: "B higher", -1: "A higher", 0: "no significant difference"}[significant(row, f"diff_{name}")]
    return (f"{measure.what[0].upper()}{measure.what[1:]}, {row['player']}: A {value(row[f'a_{name}'])}, "
            f"B {value(row[f'b_{name}'])}; B − A {with_interval(row, f'diff_{name}', diff, unit)} over "
            f"{counted(int(row['boards']), 'board')}: {said}.")


def comparison_text(comparison: dict) -> str:
    """The comparison for the terminal: its sentences, then each table with its title."""
    blocks = ["\n".join(f"- {s}" for s in getattr(comparison, "summary", []))]
    blocks += [f"{table.attrs.get('title', name)}\n{markdown_table(table)}" for name, table in comparison.items()]
    return "\n\n".join(b for b in blocks if b)


def write_comparison(tables: dict[str, pd.DataFrame], out_dir, command=None) -> Path:
    """CSV per table, ``compare.md`` and ``report.html`` into ``out_dir``; returns the Markdown file.

    ``command``: the command that made the comparison, for report.html (default: ``tricksim
    compare`` of the two runs' directories into ``out_dir``)."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    lines = ["# Comparison on common deals", ""]
    summary = getattr(tables, "summary", [])
    if summary:
        lines += [f"- {s}" for s in summary] + [""]
    for name, table in tables.items():
        table.to_csv(out_dir / f"compare_{name}.csv", index=False)
        lines += [f"## {table.attrs.get('title', name)}", "", markdown_table(table), ""]
    text = "\n".join(lines)
    _write_html(tables, out_dir, command)
    return write_atomic(out_dir / "compare.md", lambda temp: temp.write_text(text, encoding="utf-8"))


def _write_html(tables: dict, out_dir: Path, command) -> Path:
    """The comparison's ``report.html``: its setup, both runs and their code, the sentences and the tables."""
    from .html import HTML_FILE, Section, code_provenance, write_html
    from .report import game_title
    runs = tables["runs"]
    if command is None:
        command = ["tricksim", "compare", *runs["directory"], "--out", str(out_dir)]
    manifests = getattr(tables, "manifests", ())
    setup, provenance, title = [], [], "Comparison on common deals"
    if manifests:
        study = manifests[0]["study"]
        title = f"{game_title(study)}: comparison on common deals"
        setup = [("game", f"{game_title(study)} (`{study['game']}`)"), ("players", str(study["players"])),
                 ("seating", study.get("seating", "fixed")), ("boards", f"{int(study['boards']):,}"),
                 ("seed", str(study.get("seed")))]
        for label, manifest in zip("AB", manifests):
            provenance += code_provenance(manifest, label)
    setup += [(f"run {row.run}", f"`{row.directory}`: {row.study}") for row in runs.itertuples()]
    section = Section("B − A on the same boards", list(getattr(tables, "summary", [])), list(tables.values()))
    return write_html(out_dir / HTML_FILE, title, setup, [section], command, provenance)
