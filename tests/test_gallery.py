"""The example studies of scripts/studies/ (the README's gallery).

Every study file loads (the whole file is checked before anything runs), and
one is re-run from the command line at a tenth of its size and must agree
with its committed tables under results/gallery/ within what sampling allows.
"""
import math
import re
from pathlib import Path

import pandas as pd
import pytest

from sim.cli import main
from sim.study_file import load_comparisons, load_study_file
from sim.study_grid import load_grids

ROOT = Path(__file__).resolve().parents[1]
STUDIES = ROOT / "scripts" / "studies"
GALLERY = ROOT / "results" / "gallery"
Z95 = 1.959964


def test_every_example_study_loads_and_names_its_command():
    files = sorted(STUDIES.glob("*.toml"))
    assert len(files) >= 6
    games = set()
    for path in files:
        runs = load_study_file(path)
        grids = load_grids(path, runs, load_comparisons(path, runs))
        assert runs or grids, path
        games |= {study.game for _, study in runs} | {cell.study.game for grid in grids for cell in grid.cells}
        # the header says how to run it, into the gallery the README links
        assert f"tricksim study scripts/studies/{path.name} --out results/gallery" in path.read_text()
    assert games == {"wizard", "oh_hell", "jass", "tarot", "pitch", "jupiter"}


def test_every_gallery_result_the_readme_links_exists():
    readme = (ROOT / "README.md").read_text()
    linked = set(re.findall(r"\]\((results/gallery/[^)#]+)\)", readme))
    assert len(linked) >= 7
    for target in linked:
        assert (ROOT / target).exists(), target


def _se(row, column: str) -> float:
    """The standard error behind a 95 % interval of the table."""
    return (row[f"{column}_hi"] - row[f"{column}_lo"]) / (2 * Z95)


@pytest.mark.parametrize("game", ["wizard"])
def test_the_wizard_grid_rerun_small_matches_its_committed_table(tmp_path, capsys, game):
    committed = pd.read_csv(GALLERY / "dealer_restriction" / "grid.csv").set_index("cell")
    text = (STUDIES / "wizard_dealer_restriction.toml").read_text()
    full = int(re.search(r"^games = (\d+)$", text, re.M).group(1))
    small = full // 10
    study = tmp_path / "small.toml"
    study.write_text(text.replace(f"games = {full}", f"games = {small}"))
    assert main(["study", str(study), "--out", str(tmp_path / "out")]) == 0
    rerun = pd.read_csv(tmp_path / "out" / "dealer_restriction" / "grid.csv").set_index("cell")
    assert list(rerun.index) == list(committed.index)
    assert (rerun["boards"] == small).all() and (committed["boards"] == full).all()
    compared = 0
    for cell, mine in rerun.iterrows():
        theirs = committed.loc[cell]
        assert mine["players"] == theirs["players"] and mine["baseline"] == theirs["baseline"]
        if mine["baseline"] == cell:
            assert mine["diff_total"] == 0
            continue
        # the same seed deals the same boards, so the small run's boards are the first
        # tenth of the committed run's: the two means differ by the mean of the other
        # nine tenths against the first, whose variance is se_small² − se_full²
        gap = mine["diff_total"] - theirs["diff_total"]
        allowed = 3.29 * math.sqrt(max(_se(mine, "diff_total") ** 2 - _se(theirs, "diff_total") ** 2, 0.0))
        assert abs(gap) <= allowed, (cell, mine["diff_total"], theirs["diff_total"], allowed)
        # a difference the committed table calls clear keeps its sign at a tenth of the size
        if abs(theirs["diff_total"]) > 4 * _se(mine, "diff_total"):
            assert math.copysign(1, mine["diff_total"]) == math.copysign(1, theirs["diff_total"])
        compared += 1
    assert compared == 6
