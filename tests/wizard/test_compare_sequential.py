"""Sequential comparisons through the engine: the GSPRT's false positives on a real null pair,
runs extended look by look, and ``tricksim compare --precision/--sprt``."""
import dataclasses
import json
import math

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from analysis.sequential import H1, Sprt, run_sequential
from sim.cli import main
from sim.errors import TricksimError
from sim.runner import run_study
from sim.store import load_manifest, load_records
from sim.study import Study

REPETITIONS, BOARDS_EACH, PILOT = 300, 800, 2000
SMALL = dict(game="oh_hell", players=4, seed=7, options={"rounds": "3"}, chunk_boards=20)


def null_pair_differences(play_all_chunks) -> np.ndarray:
    """Per-board differences of a genuine null pair: slot 2 − slot 0 of four random players
    with duplicate seating, one Oh Hell run.

    Two runs of one lineup would play identical games (difference 0 on every board), so
    the pair is taken inside one run: with duplicate seating every board is played once
    per rotation of the lineup, so slots 0 and 2 sit at every seat once on every board
    and meet the same cards; the random players draw from the board's decision stream,
    which runs on through the rotations, so the two slots' games differ. Nothing but the
    slot's label tells them apart: the mean difference is exactly 0.
    """
    study = Study.create(**{**SMALL, "chunk_boards": None}, lineup=["random"], seating="duplicate",
                         boards=PILOT + REPETITIONS * BOARDS_EACH)
    games = pd.DataFrame(play_all_chunks(study)["games"][["board", "player", "total"]])
    per_slot = games.groupby(["board", "player"])["total"].mean().unstack()
    return (per_slot[2] - per_slot[0]).to_numpy(dtype=np.float64)


def test_the_sprt_false_positive_rate_on_a_null_pair_is_alpha(play_all_chunks):
    """300 SPRTs of "slot 2 > slot 0 by D" on a null pair (:func:`null_pair_differences`),
    each on its own 800 boards, looked at after every board (from the 30th): the share that
    accepts H1 lies in the 99 % binomial interval of α = 0.05. D is a quarter of the differences' standard
    deviation, taken from 2,000 boards no test sees; a test undecided after 800 boards
    (rare: it needs about 100 on average) counts as no false positive. The confidence
    sequences of the same tests cover 0 at every look as often as they should."""
    diffs = null_pair_differences(play_all_chunks)
    pilot, tests = diffs[:PILOT], diffs[PILOT:].reshape(REPETITIONS, BOARDS_EACH)
    sprt = Sprt(0.0, 0.25 * pilot.std(ddof=1))
    accepted, covered, undecided = 0, 0, 0
    for row in tests:
        seen = [0]

        def more(k, row=row):
            seen[0] += k
            return {"d": row[seen[0] - k:seen[0]]}
        outcome = run_sequential(more, start=1, step=1, max_boards=BOARDS_EACH, sprt=("d", sprt))
        accepted += outcome.decision == H1
        undecided += outcome.reason == "max boards"
        covered += all(cs["d"][0] <= 0.0 <= cs["d"][1] for _, cs, _ in outcome.history)
    low, high = stats.binom.interval(0.99, REPETITIONS, sprt.alpha)
    assert low <= accepted <= high, (accepted, REPETITIONS)
    assert undecided < REPETITIONS // 20
    assert covered >= stats.binom.ppf(0.005, REPETITIONS, 1 - sprt.alpha)


def small_run(tmp_path, name, lineup, boards=40, **kwargs):
    study = Study.create(**{**SMALL, **kwargs}, lineup=lineup, boards=boards)
    return run_study(study, tmp_path / name, backend="serial", progress=False)


def test_an_extended_run_is_the_run_played_at_that_size(tmp_path):
    """Extended chunk by chunk, a run holds the records a run of the final size holds, is
    complete and is not played again."""
    lineup = ["heuristic", "random", "heuristic", "random"]
    a = small_run(tmp_path, "a", lineup)
    study = Study.create(**SMALL, lineup=lineup, boards=40)
    for boards in (55, 90):
        run_study(dataclasses.replace(study, boards=boards), a, backend="serial", progress=False, extend=True)
    whole = small_run(tmp_path, "whole", lineup, boards=90)
    for table in ("games", "deals"):
        assert load_records(a, table).equals(load_records(whole, table))
    assert load_manifest(a)["status"] == "complete" and load_manifest(a)["study"]["boards"] == 90
    heard = []
    run_study(dataclasses.replace(study, boards=90), a, backend="serial", progress=False,
              notify=lambda event, message: heard.append(event))
    assert heard == ["complete"]


@pytest.mark.parametrize("change, said", [
    (dict(boards=30), "holds 40 games; extending it needs at least as many, not 30"),
    (dict(seed=8), "holds a different study (seed 7 there, 8 asked); only its number of games can grow"),
])
def test_only_the_number_of_games_can_grow(tmp_path, change, said):
    a = small_run(tmp_path, "a", ["random"])
    study = Study.create(**SMALL, lineup=["random"], boards=40)
    with pytest.raises(TricksimError, match=said.replace("(", r"\(").replace(")", r"\)")):
        run_study(dataclasses.replace(study, **change), a, backend="serial", progress=False, extend=True)


@pytest.fixture
def pair(tmp_path):
    """Oh Hell, 40 boards in chunks of 20: random players, and a heuristic in slot 0."""
    return (small_run(tmp_path, "random", ["random"]),
            small_run(tmp_path, "heuristic", ["heuristic", "random", "random", "random"]))


def test_compare_precision_extends_both_runs_until_the_sequence_is_narrow(pair, tmp_path, capsys):
    a, b = pair
    out = tmp_path / "cmp"
    assert main(["compare", str(a), str(b), "--precision", "2", "--max-boards", "4000", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    looks = pd.read_csv(out / "compare_sequential.csv")
    boards = int(looks["boards"].iloc[-1])
    assert 40 < boards < 4000 and boards % 20 == 0
    assert looks["cs_width"].iloc[-1] <= 2 < looks["cs_width"].iloc[-2]
    assert list(looks["boards"]) == list(range(40, boards + 1, 20))
    said = (f"Sequential comparison of the game total (slot 0), B − A: stopped after {boards:,} boards "
            f"({len(looks)} looks): the confidence sequence is")
    assert said in printed and said in (out / "compare.md").read_text()
    assert "at most the 2 asked" in printed
    for run in (a, b):          # complete runs of the size reached, as if played at it
        manifest = load_manifest(run)
        assert manifest["status"] == "complete" and manifest["study"]["boards"] == boards
        assert load_records(run, "games")["board"].max() == boards - 1
        heard = []
        run_study(Study.from_dict(manifest["study"]), run, backend="serial", progress=False,
                  notify=lambda event, message: heard.append(event))
        assert heard == ["complete"]
    assert main(["report", str(b)]) == 0
    table = pd.read_csv(out / "compare_by_player.csv")
    assert (table["boards"] == boards).all()


def test_compare_precision_says_when_max_boards_is_spent(pair, tmp_path, capsys):
    a, b = pair
    assert main(["compare", str(a), str(b), "--precision", "0.01", "--max-boards", "100",
                 "--out", str(tmp_path / "cmp")]) == 0
    printed = capsys.readouterr().out
    assert "stopped after 100 boards (4 looks): the maximum of 100 boards reached; the confidence sequence is still" in printed
    assert "wider than the 0.01 asked" in printed
    assert load_manifest(a)["study"]["boards"] == load_manifest(b)["study"]["boards"] == 100


def test_compare_sprt_decides_for_the_better_player(tmp_path, capsys):
    """From 4 boards, looked at every 4: a heuristic is some 4 points better than a random
    player, which a test of a margin of 0.3 takes a few looks to tell."""
    pair = [small_run(tmp_path, "random", ["random"], boards=4, chunk_boards=4),
            small_run(tmp_path, "heuristic", ["heuristic", "random", "random", "random"], boards=4, chunk_boards=4)]
    out = tmp_path / "cmp"
    assert main(["compare", *map(str, pair), "--sprt", "heuristic>random by 0.3", "--max-boards", "400",
                 "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "SPRT heuristic>random by 0.3 (H0: difference 0, H1: +0.3, α = 0.05, β = 0.05): H1 accepted, LLR" in printed
    looks = pd.read_csv(out / "compare_sequential.csv")
    assert looks["llr"].iloc[-1] >= math.log(19) > looks["llr"].iloc[:-1].max()
    boards = int(looks["boards"].iloc[-1])
    assert all(load_manifest(run)["study"]["boards"] == boards for run in pair)


@pytest.mark.parametrize("extra, said", [
    (["--precision", "0"], "--precision must be a width above 0, not 0.0"),
    (["--precision", "-1"], "--precision must be a width above 0"),
    (["--precision", "nan"], "--precision must be a width above 0"),
    (["--sprt", "A beats B"], "--sprt 'A beats B' is malformed"),
    (["--sprt", "A>C by 1"], "'C' is not a run of the comparison"),
    (["--sprt", "A>B by 0"], "D must be a number above 0"),
    (["--precision", "1", "--max-boards", "39"], "--max-boards 39 is below the runs' 40 games; give at least 40"),
    (["--max-boards", "100"], "--max-boards, --alpha and --beta need --precision or --sprt"),
    (["--sprt", "A>B by 1", "--alpha", "0.5"], "--alpha must be a number above 0 and below 0.5"),
    (["--sprt", "A>B by 1", "--beta", "0"], "--beta must be a number above 0 and below 0.5"),
])
def test_a_sequential_request_that_cannot_be_met_is_one_line(pair, tmp_path, capsys, extra, said):
    a, b = pair
    assert main(["compare", str(a), str(b), "--out", str(tmp_path / "cmp"), *extra]) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1
    assert all(load_manifest(run)["study"]["boards"] == 40 for run in pair)     # nothing was played


def test_an_aggregate_run_is_not_extended(tmp_path, capsys):
    a = small_run(tmp_path, "a", ["random"])
    b = small_run(tmp_path, "b", ["heuristic", "random", "random", "random"], aggregate=True)
    assert main(["compare", str(a), str(b), "--precision", "1", "--out", str(tmp_path / "cmp")]) == 2
    assert "is an --aggregate run" in capsys.readouterr().err
    assert json.loads((a / "manifest.json").read_text())["study"]["boards"] == 40


STUDY_FILE = """
[defaults]
game = "oh_hell"
options = { rounds = 3 }
seed = 7
games = 40
chunk_games = 20

[[run]]
name = "random"
lineup = "random"

[[run]]
name = "heuristic"
lineup = ["heuristic", "random", "random", "random"]

[[compare]]
name = "duel"
a = "random"
b = "heuristic"
sprt = "heuristic>random by 0.5"
max_boards = 1000
"""


def test_a_study_file_comparison_extends_its_runs_and_keeps_them(tmp_path, capsys):
    """A [[compare]] with sprt grows both runs and writes their reports again; the file run
    again keeps the grown runs and decides again on them."""
    path = tmp_path / "study.toml"
    path.write_text(STUDY_FILE)
    argv = ["study", str(path), "--out", str(tmp_path / "out"), "--backend", "serial", "--no-progress"]
    assert main(argv) == 0
    printed = capsys.readouterr().out
    assert "SPRT heuristic>random by 0.5 (H0: difference 0, H1: +0.5, α = 0.05, β = 0.05): H1 accepted" in printed
    boards = int(pd.read_csv(tmp_path / "out" / "duel" / "compare_sequential.csv")["boards"].iloc[-1])
    assert boards > 40
    for run in ("random", "heuristic"):
        assert load_manifest(tmp_path / "out" / run)["study"]["boards"] == boards
        assert f"{boards:,} games" in (tmp_path / "out" / run / "report.md").read_text()
    assert main(argv) == 0
    printed = capsys.readouterr().out
    assert printed.count("holds this run extended to more games by its comparison: kept as it is") == 2
    assert f"stopped after {boards:,} boards (1 look): the SPRT decided (H1 accepted)" in printed


def test_runs_left_at_different_sizes_are_brought_level_first(pair, tmp_path, capsys):
    """An extension stopped half way leaves one run larger than the other: the next
    sequential comparison plays the smaller one up to it before the first look."""
    a, b = pair
    grown = Study.from_dict(load_manifest(b)["study"])
    run_study(dataclasses.replace(grown, boards=60), b, backend="serial", progress=False, extend=True)
    assert main(["compare", str(a), str(b), "--sprt", "B>A by 0.5", "--max-boards", "1000",
                 "--out", str(tmp_path / "cmp")]) == 0
    looks = pd.read_csv(tmp_path / "cmp" / "compare_sequential.csv")
    assert looks["boards"].iloc[0] == 60
    boards = int(looks["boards"].iloc[-1])
    assert [load_manifest(run)["study"]["boards"] for run in pair] == [boards, boards]
