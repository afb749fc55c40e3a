"""The README's headline figures are the default study's (scripts/readme_figures.py).

The figures and the runs they were read from are recorded in
scripts/readme_figures.json when the script runs on the default study's
results. The README must show the recorded figures, and the recorded runs
must be the runs the study file describes: a change to either the README or
the study file fails here until the study is run again and the script
rewrites the figures. That a figure is read from its table as the records
give it is tested on a small run, through the same report code.
"""
import importlib.util
import json
import sys
from pathlib import Path

import numpy as np
import pytest

from sim import store
from sim.runner import run_study
from sim.study import Study

ROOT = Path(__file__).resolve().parent.parent
SPEC = importlib.util.spec_from_file_location("readme_figures", ROOT / "scripts" / "readme_figures.py")
figures = importlib.util.module_from_spec(SPEC)
sys.modules[SPEC.name] = figures          # a dataclass looks its module up there
SPEC.loader.exec_module(figures)
RECORDED = json.loads(figures.RECORD.read_text(encoding="utf-8"))
STALE = ("run `tricksim study scripts/default_study.toml --out results --jobs -1`, then "
         "`python scripts/readme_figures.py`")


def test_the_readme_shows_the_recorded_figures():
    shown = figures.marked(figures.README.read_text(encoding="utf-8"))
    assert shown == {name: f["text"] for name, f in RECORDED["figures"].items()}, STALE
    assert set(shown) == {f.name for f in figures.FIGURES}


def test_each_figure_is_recorded_as_the_script_reads_it():
    for f in figures.FIGURES:
        recorded = RECORDED["figures"][f.name]
        assert (recorded["source"], recorded["table"], recorded["column"]) == (f.source, f.table, f.column), f.name
        assert recorded["row"] == {k: v for k, v in f.where}, f.name


def test_the_figures_were_read_from_the_runs_the_study_file_describes():
    planned = figures.study_runs()
    for name, run in RECORDED["runs"].items():
        if "study" in run:
            assert planned[name] == run["study"], f"{name} changed in the study file: {STALE}"
            assert len(run["digest"]) == 64
        else:                                     # a comparison: its two runs
            assert planned[name] == run, f"{name} changed in the study file: {STALE}"
    assert set(figures.sources()) <= set(RECORDED["runs"])


def test_rewriting_changes_only_the_marked_text():
    text = "a <!--fig x-->1.0<!--/fig--> b <!--fig y-->+2<!--/fig--> c 1.0"
    assert figures.rewrite(text, {"x": "3.5", "y": "-7"}) == "a <!--fig x-->3.5<!--/fig--> b <!--fig y-->-7<!--/fig--> c 1.0"
    with pytest.raises(figures.FigureError, match="y"):
        figures.rewrite(text, {"x": "3.5"})


def test_a_figure_is_read_from_its_table_as_the_records_give_it(tmp_path):
    """The Wizard margin of heuristic over random, read by the script from the report of a small run
    named as in the default study, is the mean per-board difference of the records' game totals."""
    from analysis.report import report
    study = Study.create("wizard", players=4, lineup=["heuristic", "random", "heuristic", "random"], boards=12,
                         seed=3, seating="duplicate")
    run_dir = run_study(study, tmp_path / "wizard-heuristic-vs-random", backend="serial", progress=False)
    report(run_dir)
    games = store.load_records(run_dir, "games")
    heuristic = games["player"].isin([0, 2])
    per_board = (games[heuristic].groupby("board")["total"].mean() - games[~heuristic].groupby("board")["total"].mean())
    by_name = {f.name: f for f in figures.FIGURES}
    assert figures.figure_value(tmp_path, by_name["wizard_margin"]) == pytest.approx(per_board.mean(), abs=1e-9)
    assert figures.figure_value(tmp_path, by_name["wizard_boards"]) == 12
    low = figures.figure_value(tmp_path, by_name["wizard_margin_lo"])
    assert low == pytest.approx(per_board.mean() - 2.201 * per_board.std(ddof=1) / np.sqrt(12), abs=1e-2)


def test_the_readme_is_what_local_results_give():
    """When the default study's results are here (not in CI), the README shows what they give."""
    results = ROOT / "results"
    runs = [results / name for name, run in RECORDED["runs"].items() if "study" in run]
    if not all((run / "manifest.json").exists() for run in runs):
        pytest.skip("the default study's results are not here")
    for run in runs:
        if store.load_manifest(run)["study"]["boards"] != RECORDED["runs"][run.name]["study"]["boards"]:
            pytest.skip(f"{run} is not the default study's run")
    try:
        texts = figures.figure_texts(results)
    except figures.FigureError as exc:
        pytest.skip(str(exc))
    assert texts == figures.marked(figures.README.read_text(encoding="utf-8")), STALE
