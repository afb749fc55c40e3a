"""tricksim tournament --precision / --sprt: every table extended on the same new boards until
every pair is known, the pair table's intervals then the confidence sequences.

Oh Hell single 5-card deals, three players at three seats (two tables): cheap, and named by
game so that tests/conftest.py runs them in the Wizard family's process.
"""
import dataclasses
import math

import numpy as np
import pandas as pd
import pytest

from analysis.sequential import H0, H1, confidence_sequence, rho_for
from sim.cli import main
from sim.runner import run_study
from sim.store import load_records, load_study
from sim.tournament import table_dir

PLAYERS = ["-p", "heuristic", "-p", "random", "-p", "heuristic[bias=0.5]"]


def tournament(game, out, *extra, boards=40):
    return ["tournament", game, *PLAYERS, "-o", "rounds=5", "-g", str(boards), "--seed", "3",
            "--bootstrap", "20", "--out", str(out), *extra]


def per_board(out, a: int, b: int, boards: int) -> np.ndarray:
    """Straight from the tables' records: a's game total − b's on every game where both sat
    (one seat each here), averaged per board, boards 0 to ``boards`` − 1."""
    lineups = [(0, 1, 2), (0, 2, 1)]
    diffs: dict[int, list[float]] = {}
    for index, lineup in enumerate(lineups):
        games = load_records(table_dir(out, index), "games")
        assert list(load_study(table_dir(out, index)).lineup) == [["heuristic", "random", "heuristic[bias=0.5]"][e]
                                                                  for e in lineup]
        for _, rows in games[games["board"] < boards].groupby("game"):
            totals = {lineup[p]: t for p, t in zip(rows["player"], rows["total"])}
            diffs.setdefault(int(rows["board"].iat[0]), []).append(float(totals[a] - totals[b]))
    return np.array([np.mean(diffs[k]) for k in sorted(diffs)])


def sequence(diffs: np.ndarray, looks, rho: float, alpha: float = 0.05) -> tuple[float, float]:
    """The running intersection of the confidence sequence at each look's boards."""
    lo, hi = -math.inf, math.inf
    for n in looks:
        if n >= 30:
            _, l, h = confidence_sequence(n, diffs[:n].sum(), (diffs[:n] ** 2).sum(), rho, alpha)
            lo, hi = max(lo, l), min(hi, h)
    return lo, hi


@pytest.mark.parametrize("game", ["oh_hell"])
def test_precision_extends_every_table_until_every_pair_is_that_narrow(tmp_path, capsys, game):
    out = tmp_path / "t"
    assert main(tournament(game, out, "--precision", "1.5", "--max-boards", "2000")) == 0
    printed = capsys.readouterr().out
    pairs = pd.read_csv(out / "pairs.csv")
    looks = pd.read_csv(out / "sequential.csv")
    boards = int(looks["boards"].max())
    assert 40 < boards < 2000 and boards % 40 == 0                 # extended, a look of 40 boards at a time
    assert (pairs["boards"] == boards).all() and (pairs["interval"] == "confidence sequence").all()
    assert ((pairs["diff_hi"] - pairs["diff_lo"]) <= 1.5).all()
    # it stopped at the first look where every pair was narrow enough
    widest = looks.groupby("boards")["cs_width"].max()
    assert widest.iloc[-1] <= 1.5 and (widest.iloc[:-1] > 1.5).all()
    for i in range(2):
        assert load_study(table_dir(out, i)).boards == boards
    # each pair's interval: the confidence sequence of the records' per-board differences
    rho = rho_for(math.sqrt(40 * 2000))
    names = ["heuristic", "random", "heuristic[bias=0.5]"]
    for row in pairs.itertuples():
        diffs = per_board(out, names.index(row.a), names.index(row.b), boards)
        assert len(diffs) == boards and row.diff == pytest.approx(diffs.mean())
        assert (row.diff_lo, row.diff_hi) == pytest.approx(sequence(diffs, widest.index, rho))
        assert row.significant == (row.diff_lo > 0 or row.diff_hi < 0)
    assert "at most 1.5 wide, as asked" in printed and "confidence sequence" in printed
    md = (out / "tournament.md").read_text()
    assert "confidence sequence, valid at every look" in md and f"stopped after {boards} boards" in md
    # the same command again keeps the extended tables and stops where it stopped
    first = {name: (out / name).read_bytes() for name in ("pairs.csv", "ratings.csv", "sequential.csv",
                                                          "tournament.md", "report.html")}
    assert main(tournament(game, out, "--precision", "1.5", "--max-boards", "2000")) == 0
    assert {name: (out / name).read_bytes() for name in first} == first
    # a table left larger (an extension stopped half way): the others are brought level, the
    # looks replayed on the boards held, the same stop and the same tables
    run_study(dataclasses.replace(load_study(table_dir(out, 1)), boards=boards + 40), table_dir(out, 1),
              backend="serial", progress=False, extend=True)
    assert main(tournament(game, out, "--precision", "1.5", "--max-boards", "2000")) == 0
    assert load_study(table_dir(out, 0)).boards == boards + 40
    assert {name: (out / name).read_bytes() for name in first} == first


@pytest.mark.parametrize("game", ["oh_hell"])
def test_max_boards_spent_is_said_plainly(tmp_path, capsys, game):
    out = tmp_path / "t"
    assert main(tournament(game, out, "--precision", "0.05", "--max-boards", "100")) == 0
    printed = capsys.readouterr().out
    pairs = pd.read_csv(out / "pairs.csv")
    looks = pd.read_csv(out / "sequential.csv")
    assert list(looks["boards"].unique()) == [40, 80, 100]           # the last look: what was left
    assert (pairs["boards"] == 100).all() and ((pairs["diff_hi"] - pairs["diff_lo"]) > 0.05).all()
    assert "the maximum of 100 boards (--max-boards) reached" in printed
    assert "wider than the 0.05 asked" in printed


@pytest.mark.parametrize("game, hypothesis, decision", [
    ("oh_hell", "1>2 by 1", H1),             # heuristic − random: about +3 points a game
    ("oh_hell", "random>heuristic by 1", H0),
])
def test_sprt_stops_and_names_its_decision(tmp_path, capsys, game, hypothesis, decision):
    out = tmp_path / "t"
    assert main(tournament(game, out, "--sprt", hypothesis, "--max-boards", "400")) == 0
    printed = capsys.readouterr().out
    assert f"the SPRT decided ({decision})" in printed
    assert "on heuristic − random" in printed and f"{decision}, LLR" in printed
    looks = pd.read_csv(out / "sequential.csv")
    llr = looks.groupby("boards")["llr"].first()
    bound = math.log(0.95 / 0.05)
    assert abs(llr.iloc[-1]) >= bound and (llr.iloc[:-1].abs() < bound).all()
    assert (llr.iloc[-1] > 0) == (decision == H1)
    assert int(looks["boards"].max()) < 400
    assert f"{decision}" in (out / "tournament.md").read_text()


@pytest.mark.parametrize("game", ["oh_hell"])
def test_the_same_stop_and_tables_whatever_the_jobs(tmp_path, capsys, game):
    files = {}
    for jobs in (1, 2):
        out = tmp_path / f"j{jobs}"
        assert main(tournament(game, out, "--precision", "2", "--max-boards", "400", "--look-boards", "20",
                               "-j", str(jobs))) == 0
        files[jobs] = {name: (out / name).read_text().replace(str(out), "OUT")
                       for name in ("pairs.csv", "ratings.csv", "sequential.csv", "tournament.md")}
    assert files[1] == files[2]
    assert pd.read_csv(tmp_path / "j1" / "sequential.csv")["boards"].max() > 40


@pytest.mark.parametrize("game, extra, said", [
    ("oh_hell", ["--precision", "0"], "--precision must be a width above 0"),
    ("oh_hell", ["--precision", "-1"], "--precision must be a width above 0"),
    ("oh_hell", ["--precision", "nan"], "--precision must be a width above 0"),
    ("oh_hell", ["--sprt", "nobody>random by 2"], "'nobody' is not a player of the tournament"),
    ("oh_hell", ["--sprt", "1>4 by 2"], "'4' is not a player of the tournament"),
    ("oh_hell", ["--sprt", "1>heuristic by 2"], "names 'heuristic' twice"),
    ("oh_hell", ["--sprt", "heuristic beats random"], "is malformed"),
    ("oh_hell", ["--sprt", "1>2 by 0"], "D must be a number above 0"),
    ("oh_hell", ["--precision", "1", "--max-boards", "30"], "--max-boards 30 is below"),
    ("oh_hell", ["--max-boards", "100"], "need --precision or --sprt"),
    ("oh_hell", ["--precision", "1", "--alpha", "0.7"], "--alpha must be a number above 0 and below 0.5"),
    ("oh_hell", ["--sprt", "1>2 by 1", "--beta", "0"], "--beta must be a number above 0 and below 0.5"),
    ("oh_hell", ["--look-boards", "10"], "--look-boards needs --precision or --sprt"),
    ("oh_hell", ["--precision", "1", "--look-boards", "0"], "--look-boards must be a whole number"),
])
def test_a_sequential_request_that_cannot_be_met_is_one_line(tmp_path, capsys, game, extra, said):
    out = tmp_path / "t"
    assert main(tournament(game, out, *extra)) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("tricksim: error:") and said in err[0], err
    assert not out.exists()                                        # nothing played
