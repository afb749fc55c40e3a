"""A grid's report: every cell beside its baseline, on the same boards (``[[grid]]`` of a study file).

The cells of one deal shape (variant and player count) were dealt the same
cards board by board, so each cell is compared with its shape's baseline as
``tricksim compare`` compares two runs: per board, the mean of a measure over
the lineup slots whose player differs from the baseline's (every slot when
only rule options differ), then the mean of the per-board differences
cell − baseline with its 95 % interval (:func:`analysis.stats.paired_diff_ci`).
The measures: the game total and the win rate.

Each difference gets the two-sided p-value of the paired t-test, and the
p-values of a measure over the grid's cells are corrected for their number
with Holm's step-down method (S. Holm, "A simple sequentially rejective
multiple test procedure", Scandinavian Journal of Statistics 6, 1979): the
chance that any cell is called different from its baseline when none is
stays at most 5 %. The verdict says whether the cell is better or worse
than its baseline for the measure (a higher win rate is better; a higher
game total too, unless the game's winners have the lower totals, as in
Differenzler's penalty) when its corrected p-value is below 0.05.
"""
from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import pandas as pd
from scipy import stats as scipy_stats

from sim.errors import counted
from sim.files import write_atomic
from sim.study_grid import shown
from .common import interval_if_enough
from .compare import Measure, _board_means
from .compare_sequential import changed_slots
from .report import markdown_table
from .stats import paired_diff_ci

LEVEL = 0.05          # the family-wise error rate of the verdicts
GRID_FILE, CSV_FILE = "grid.md", "grid.csv"


def measures(study_a: dict, study_b: dict) -> tuple[Measure, Measure]:
    """The game total and the win rate of the lineup slots that differ (every slot when none does)."""
    slots = changed_slots(study_a, study_b)

    def rows(g):
        return np.isin(g["player"].to_numpy(), slots)
    return (Measure("total", "game total", lambda g: g["total"], "games", rows=rows),
            Measure("win_rate", "win rate", lambda g: g["win"], "games", rows=rows, bounds=(0.0, 1.0)))


def board_differences(games_a: pd.DataFrame, games_b: pd.DataFrame, measure: Measure) -> np.ndarray:
    """The measure's per-board difference B − A on the boards both runs played, in board order."""
    joined = pd.concat({"a": _board_means(games_a, measure, None), "b": _board_means(games_b, measure, None)},
                       axis=1, join="inner").sort_index()
    # each side rounded to the 7 digits of a float32 record (win shares are float32): two means
    # of shares that sum to one (every slot's win rate) differ by rounding alone (1e-9 here),
    # which a t-test would call significant
    joined = joined.round(6)
    return (joined["b"] - joined["a"]).to_numpy(dtype=np.float64)


def paired_p_value(diff: np.ndarray) -> float:
    """The two-sided p-value of the paired t-test of mean 0 (1 when every difference is 0;
    0 when every difference is the same non-zero number)."""
    n = len(diff)
    mean, sd = float(np.mean(diff)), float(np.std(diff, ddof=1)) if n > 1 else 0.0
    if sd == 0.0:
        return 1.0 if mean == 0.0 else 0.0
    t = mean / (sd / np.sqrt(n))
    return float(2 * scipy_stats.t.sf(abs(t), n - 1))


def holm(p_values) -> np.ndarray:
    """Holm's step-down adjusted p-values (in the order given): the i-th smallest of m is
    multiplied by m − i + 1, capped at 1, and made non-decreasing in that order."""
    p = np.asarray(p_values, dtype=np.float64)
    order = np.argsort(p, kind="stable")
    m = len(p)
    adjusted = np.empty(m)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p[i]))
        adjusted[i] = running
    return adjusted


def verdict(diff: float, adjusted_p: float, higher_better: bool) -> str:
    """``better``, ``worse`` or ``no significant difference`` of a cell against its baseline."""
    if not adjusted_p < LEVEL:
        return "no significant difference"
    return "better" if (diff > 0) == higher_better else "worse"


def higher_total_better(games: pd.DataFrame) -> bool:
    """Whether the game's winners have the higher totals (not so for a penalty, as in Differenzler)."""
    won = games["win"].to_numpy() > 0
    if won.all() or not won.any():
        return True
    return float(games["total"][won].mean()) >= float(games["total"][~won].mean())


def grid_table(grid, out_dir) -> pd.DataFrame:
    """A row per cell: its values, and for each measure both means, the difference with its
    interval, its p-value, Holm's corrected p-value and the verdict (none for a baseline)."""
    from sim import store
    out_dir = Path(out_dir)
    games = {cell.name: store.load_records(out_dir / cell.name, "games") for cell in grid.cells}
    rows = []
    for cell in grid.cells:
        base = grid.cells[cell.baseline]
        row = {"cell": cell.name, **{key: shown(v) for key, v in cell.values.items()},
               "baseline": base.name, "boards": int(games[cell.name]["board"].nunique())}
        study_a, study_b = base.study.to_dict(), cell.study.to_dict()
        for measure in measures(study_a, study_b):
            diff = board_differences(games[base.name], games[cell.name], measure)
            mean, lo, hi = paired_diff_ci(len(diff), diff.sum(), (diff * diff).sum(), bounds=measure.bounds)
            lo, hi = interval_if_enough(len(diff), lo, hi)      # too few boards: no interval
            name = measure.name
            row[f"base_{name}"] = float(_board_means(games[base.name], measure, None).mean())
            row[f"cell_{name}"] = float(_board_means(games[cell.name], measure, None).mean())
            row[f"diff_{name}"], row[f"diff_{name}_lo"], row[f"diff_{name}_hi"] = float(mean), float(lo), float(hi)
            row[f"{name}_p"] = np.nan if cell is base else paired_p_value(diff)
        rows.append(row)
    table = pd.DataFrame(rows)
    compared = table["cell"] != table["baseline"]
    for name in ("total", "win_rate"):
        table[f"{name}_p_holm"] = np.nan
        table.loc[compared, f"{name}_p_holm"] = holm(table.loc[compared, f"{name}_p"])
        verdicts = []
        for index, (cell, r) in enumerate(zip(grid.cells, table.itertuples())):
            if cell.baseline == index:
                verdicts.append("baseline")
                continue
            higher = True if name == "win_rate" else higher_total_better(games[grid.cells[cell.baseline].name])
            verdicts.append(verdict(getattr(r, f"diff_{name}"), getattr(r, f"{name}_p_holm"), higher))
        table[f"{name}_verdict"] = verdicts
    per_measure = ("base_{}", "cell_{}", "diff_{}", "diff_{}_lo", "diff_{}_hi", "{}_p", "{}_p_holm", "{}_verdict")
    measured = [column.format(name) for name in ("total", "win_rate") for column in per_measure]
    table = table[[c for c in table.columns if c not in measured] + measured]
    table.attrs["title"] = "Each cell against its baseline, cell − baseline on the same boards"
    return table


def extend_grid(grid, out_dir, play):
    """Extend every cell a chunk at a time, on the same boards, until the confidence sequence
    of every cell's game-total difference from its baseline is at most ``grid.request.precision``
    wide, or ``max_boards`` (default: 4 times the grid's games) are reached; return the
    :class:`analysis.sequential.Outcome` (one tally per compared cell, named by the cell).

    ``play(study, run_dir)`` plays a cell to a study of more games (``extend=True``).
    Cells held at more games than the grid's (an earlier extension) bring the others to
    their size first, as ``tricksim compare --precision`` does with two runs; the looks
    start at the grid's games all the same, on the boards held, so that the file run again
    looks at the same boards and stops where it stopped.
    """
    from sim.store import load_study
    from .compare_sequential import board_differences as differences_from
    from .sequential import run_sequential
    out_dir, request = Path(out_dir), grid.request
    boards = max(load_study(out_dir / cell.name).boards for cell in grid.cells)
    studies = {cell.name: dataclasses.replace(cell.study, boards=boards) for cell in grid.cells}
    for cell in grid.cells:
        if load_study(out_dir / cell.name).boards != boards:
            play(studies[cell.name], out_dir / cell.name)
    compared = [(cell, grid.cells[cell.baseline]) for cell in grid.cells if grid.cells[cell.baseline] is not cell]
    total = {cell.name: measures(base.study.to_dict(), cell.study.to_dict())[0] for cell, base in compared}
    played = [0]

    def more(k: int) -> dict[str, np.ndarray]:
        first = played[0]
        if first + k > boards:
            for cell in grid.cells:
                play(dataclasses.replace(studies[cell.name], boards=first + k), out_dir / cell.name)
        played[0] = first + k
        return {cell.name: differences_from(out_dir / base.name, out_dir / cell.name, total[cell.name], first)[:k]
                for cell, base in compared}

    max_boards = request.max_boards if request.max_boards is not None else 4 * grid.cells[0].study.boards
    step = min(study.chunk_boards for study in studies.values())
    games = grid.cells[0].study.boards
    return run_sequential(more, games, step, max(max_boards, games), request.precision, None, request.alpha)


def sequential_sentence(outcome) -> str:
    """How the extension ended, in words."""
    widest = max(outcome.tallies.items(), key=lambda item: item[1].width)
    level = f"{100 * (1 - outcome.alpha):g} %"
    why = (f"every cell's {level} confidence sequence of its game-total difference is at most "
           f"{outcome.precision:g} wide" if outcome.reason == "precision" else
           f"the maximum of {counted(outcome.boards, 'board')} reached with {widest[0]}'s {level} "
           f"confidence sequence still {widest[1].width:.3g} wide, wider than the {outcome.precision:g} asked")
    return (f"Every cell extended a chunk at a time until its game total against its baseline was known "
            f"to {outcome.precision:g}: stopped after {counted(outcome.boards, 'board')} "
            f"({counted(outcome.looks, 'look')}): {why} (widest: {widest[0]}, {widest[1].width:.3g}; "
            f"asymptotic confidence sequences of Waudby-Smith et al. 2024, valid at every look; the "
            f"table's intervals are fixed-sample ones).")


def summary(grid, table: pd.DataFrame) -> list[str]:
    """The sentences that head the report: the pairing, the correction, each significant cell."""
    compared = int((table["cell"] != table["baseline"]).sum())
    lines = [f"{counted(len(grid.cells), 'cell')} on the same {counted(int(table['boards'].iloc[0]), 'board')}; "
             f"each compared with the baseline of its variant and player count; {compared} comparisons, "
             f"corrected with Holm's method (family-wise error rate {LEVEL:.0%} per measure)."]
    for row, cell in zip(table.itertuples(), grid.cells):
        for name, what in (("total", "game total"), ("win_rate", "win rate")):
            said = getattr(row, f"{name}_verdict")
            if said in ("better", "worse"):
                lines.append(f"{cell.name} ({cell.label}): {what} {said} than {row.baseline}, "
                             f"{getattr(row, f'diff_{name}'):+.3g} "
                             f"[{getattr(row, f'diff_{name}_lo'):+.3g}, {getattr(row, f'diff_{name}_hi'):+.3g}].")
    if len(lines) == 1:
        lines.append("No cell differs significantly from its baseline.")
    return lines


def write_grid(grid, out_dir, command, outcome=None) -> Path:
    """``grid.md``, ``grid.csv`` and ``report.html`` of a grid whose cells were played into
    ``out_dir/<cell>`` (``outcome``: how :func:`extend_grid` ended, when it extended them;
    each compared cell's confidence sequence is then in ``total_cs_lo``, ``total_cs_hi``);
    returns the Markdown file."""
    from .html import HTML_FILE, Section, write_html
    from .report import game_title
    out_dir = Path(out_dir)
    table = grid_table(grid, out_dir)
    sentences = summary(grid, table)
    if outcome is not None:
        sentences.insert(0, sequential_sentence(outcome))
        table["total_cs_lo"] = [outcome.tallies[c].lo if c in outcome.tallies else np.nan for c in table["cell"]]
        table["total_cs_hi"] = [outcome.tallies[c].hi if c in outcome.tallies else np.nan for c in table["cell"]]
    text = "\n".join([f"# Grid {grid.name}", ""] + [f"- {s}" for s in sentences] + [
        "", f"## {table.attrs['title']}", "", markdown_table(table), ""])
    write_atomic(out_dir / CSV_FILE, lambda temp: table.to_csv(temp, index=False))
    study = grid.cells[0].study.to_dict()
    setup = [("game", f"{game_title(study)} (`{study['game']}`)"), ("seating", study["seating"]),
             ("boards", f"{int(table['boards'].max()):,}"), ("seed", str(study["seed"]))]
    setup += [(cell.name, cell.label) for cell in grid.cells]
    write_html(out_dir / HTML_FILE, f"{game_title(study)}: grid {grid.name}", setup,
               [Section("Cells against their baselines", sentences, [table])], command)
    print(text)
    return write_atomic(out_dir / GRID_FILE, lambda temp: temp.write_text(text, encoding="utf-8"))
