"""The README's headline figures, read from the default study's results.

    tricksim study scripts/default_study.toml --out results --jobs -1
    python scripts/readme_figures.py [--results results] [--check]

Each figure of README.md is marked ``<!--fig NAME-->TEXT<!--/fig-->`` (the
marks do not show on a rendered page). This script reads every figure from
the tables the default study wrote (a run's ``report/<table>.csv``, a
comparison's ``compare_<table>.csv``), writes its TEXT into README.md, copies
the README's plot, and records the figures in ``scripts/readme_figures.json``
with the runs they were read from: each run's study as the study file states
it and the digest of its records (``sim.store.run_digest``).
``tests/test_readme_figures.py`` holds the README to that file and the file to
the study file, so that the README cannot drift from what the default study
gives. ``--check`` only says whether README.md is what the results give.
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
STUDY_FILE = ROOT / "scripts" / "default_study.toml"
RECORD = ROOT / "scripts" / "readme_figures.json"
PLOT = ("wizard-heuristic-vs-random", "bid_exact_by_hand_size.png")   # run, plot
PLOT_COPY = ROOT / "results" / "readme" / "bid_exact_by_hand_size.png"
MARK = re.compile(r"<!--fig (?P<name>[a-z0-9_]+)-->(?P<text>.*?)<!--/fig-->")
# the fields of a study that decide its results (how it is cut into chunks does not)
STUDY_FIELDS = ("game", "variant", "players", "lineup", "options", "boards", "seed", "seating")
CONSTANT_39 = "heuristic[intercept=39,trumps=0,buur=0,nell=0,tops=0,tens=0,voids=0]"


def whole(x) -> str:
    return f"{x:,.0f}"


def signed_whole(x) -> str:
    return f"{x:+,.0f}"


def one_decimal(x) -> str:
    return f"{x:,.1f}"


def percent(x) -> str:
    """One decimal; more when a share short of all or above none would read 100.0 % or 0.0 %."""
    decimals = 1
    while 0 < x < 1 and round(100 * x, decimals) in (0, 100) and decimals < 4:
        decimals += 1
    return f"{100 * x:.{decimals}f} %"


def percent_points(x) -> str:
    return f"{100 * x:.1f}"


@dataclass(frozen=True)
class Figure:
    """A figure of the README: ``column`` of the row of ``table`` (of run or comparison ``source``)
    whose columns hold the values of ``where``, written by ``fmt``."""
    name: str
    source: str
    table: str
    where: tuple[tuple[str, object], ...]
    column: str
    fmt: object


HEURISTIC_VS_RANDOM = (("strategy_a", "heuristic"), ("strategy_b", "random"))
DEALER = (("order", "dealer"),)
FIGURES = (
    Figure("wizard_boards", "wizard-heuristic-vs-random", "paired_strategies", HEURISTIC_VS_RANDOM, "boards", whole),
    Figure("wizard_margin", "wizard-heuristic-vs-random", "paired_strategies", HEURISTIC_VS_RANDOM,
           "diff_mean_total", one_decimal),
    Figure("wizard_margin_lo", "wizard-heuristic-vs-random", "paired_strategies", HEURISTIC_VS_RANDOM,
           "diff_mean_total_lo", one_decimal),
    Figure("wizard_margin_hi", "wizard-heuristic-vs-random", "paired_strategies", HEURISTIC_VS_RANDOM,
           "diff_mean_total_hi", one_decimal),
    Figure("schieber_win_rate", "schieber-heuristic-vs-random", "score_by_strategy", (("strategy", "heuristic"),),
           "win_rate", percent),
    Figure("schieber_margin", "schieber-heuristic-vs-random", "paired_strategies", HEURISTIC_VS_RANDOM,
           "diff_mean_total", signed_whole),
    Figure("schieber_boards", "schieber-heuristic-vs-random", "paired_strategies", HEURISTIC_VS_RANDOM, "boards",
           whole),
    Figure("differenzler_fitted_error", "differenzler-fitted-vs-constant", "prediction_error_by_strategy",
           (("strategy", "heuristic"),), "mean_abs_error", one_decimal),
    Figure("differenzler_constant_error", "differenzler-fitted-vs-constant", "prediction_error_by_strategy",
           (("strategy", CONSTANT_39),), "mean_abs_error", whole),
    Figure("hook_dealer_without", "oh_hell-hook-vs-no-hook", "by_start_position", DEALER, "b_win_rate", percent),
    Figure("hook_dealer_with", "oh_hell-hook-vs-no-hook", "by_start_position", DEALER, "a_win_rate", percent),
    Figure("hook_dealer_difference", "oh_hell-hook-vs-no-hook", "by_start_position", DEALER, "diff_win_rate",
           percent_points),
    Figure("hook_dealer_difference_lo", "oh_hell-hook-vs-no-hook", "by_start_position", DEALER, "diff_win_rate_lo",
           percent_points),
    Figure("hook_dealer_difference_hi", "oh_hell-hook-vs-no-hook", "by_start_position", DEALER, "diff_win_rate_hi",
           percent_points),
    Figure("hook_boards", "oh_hell-hook-vs-no-hook", "by_start_position", DEALER, "boards", whole),
)


class FigureError(Exception):
    """A figure that the results cannot give (a missing table or row)."""


def table_path(results: Path, figure: Figure) -> Path:
    """A run's report table, or a comparison's table."""
    run_table = results / figure.source / "report" / f"{figure.table}.csv"
    return run_table if run_table.exists() else results / figure.source / f"compare_{figure.table}.csv"


def figure_value(results: Path, figure: Figure):
    """The number a figure shows, from its table."""
    path = table_path(results, figure)
    if not path.exists():
        raise FigureError(f"{figure.name}: no table {path}; run the default study first "
                          f"(tricksim study {STUDY_FILE.relative_to(ROOT)} --out {results})")
    table = pd.read_csv(path)
    rows = table
    for column, value in figure.where:
        rows = rows[rows[column].astype(str) == str(value)]
    if len(rows) != 1:
        raise FigureError(f"{figure.name}: {len(rows)} rows of {path} have {dict(figure.where)}, not one")
    return rows.iloc[0][figure.column]


def figure_texts(results: Path) -> dict[str, str]:
    return {f.name: f.fmt(figure_value(results, f)) for f in FIGURES}


def marked(text: str) -> dict[str, str]:
    """The marked figures of a README text: name -> the text shown."""
    return {m.group("name"): m.group("text") for m in MARK.finditer(text)}


def rewrite(text: str, figures: dict[str, str]) -> str:
    """``text`` with each marked figure's text replaced by ``figures[name]``."""
    missing = sorted(set(marked(text)) ^ set(figures))
    if missing:
        raise FigureError(f"README marks and figures differ: {', '.join(missing)}")
    return MARK.sub(lambda m: f"<!--fig {m.group('name')}-->{figures[m.group('name')]}<!--/fig-->", text)


def sources() -> list[str]:
    return sorted({f.source for f in FIGURES})


def study_runs(study_file: Path = STUDY_FILE) -> dict[str, dict]:
    """Each run of the study file as the fields that decide its results, comparisons as their runs."""
    sys.path.insert(0, str(ROOT))
    from sim.study_file import load_comparisons, load_study_file
    studies = load_study_file(study_file)
    runs = {name: {k: study.to_dict()[k] for k in STUDY_FIELDS} for name, study in studies}
    for name, a, b, _ in load_comparisons(study_file, studies):
        runs[name] = {"a": a, "b": b}
    return runs


def record(results: Path, figures: dict[str, str]) -> dict:
    """What the README's figures were read from: the runs' studies and digests, the figures."""
    from sim.store import run_digest
    planned = study_runs()
    runs = {}
    for source in sources():
        names = [planned[source]["a"], planned[source]["b"]] if "a" in planned[source] else [source]
        for name in names:
            runs[name] = {"study": planned[name], "digest": run_digest(results / name)}
        if "a" in planned[source]:
            runs[source] = planned[source]
    return {"study_file": STUDY_FILE.relative_to(ROOT).as_posix(), "runs": runs,
            "figures": {f.name: {"text": figures[f.name], "source": f.source, "table": f.table,
                                 "row": dict(f.where), "column": f.column} for f in FIGURES}}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=Path, default=ROOT / "results",
                        help="the default study's output directory (default: results)")
    parser.add_argument("--check", action="store_true", help="only check that README.md is current")
    args = parser.parse_args(argv)
    try:
        figures = figure_texts(args.results)
        text = README.read_text(encoding="utf-8")
        new = rewrite(text, figures)
    except FigureError as exc:
        print(f"readme_figures: {exc}", file=sys.stderr)
        return 2
    changed = {name: (old, figures[name]) for name, old in marked(text).items() if old != figures[name]}
    if args.check:
        for name, (old, now) in changed.items():
            print(f"{name}: README {old}, results {now}")
        print("README.md is current" if not changed else f"README.md differs in {len(changed)} figures")
        return 1 if changed else 0
    README.write_text(new, encoding="utf-8")
    RECORD.write_text(json.dumps(record(args.results, figures), indent=2, ensure_ascii=False) + "\n",
                      encoding="utf-8")
    shutil.copyfile(args.results / PLOT[0] / "report" / PLOT[1], PLOT_COPY)
    for name, (old, now) in changed.items():
        print(f"{name}: {old} -> {now}")
    print(f"{len(changed)} of {len(figures)} figures changed; wrote {README.name} and {RECORD.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
