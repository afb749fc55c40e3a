"""A game and its players from another installed package, through entry points.

The toy game in ``tests/plugins/toy_trick`` is pip-installed into a folder of
its own; tricksim, run with that folder on ``PYTHONPATH``, finds the game
(``tricksim.games``) and its players (``tricksim.players``) with no edit to
tricksim, and simulates, reports and replays it.
"""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOY = ROOT / "tests" / "plugins" / "toy_trick"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    target = tmp_path_factory.mktemp("site")
    source = tmp_path_factory.mktemp("src") / "toy_trick"
    shutil.copytree(TOY, source)            # the build writes beside the sources: not in the repo
    build = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
         "--target", str(target), str(source)],
        capture_output=True, text=True, cwd=tmp_path_factory.mktemp("build"))
    assert build.returncode == 0, build.stderr[-2000:]
    assert any(p.name.startswith("toy_trick-") and p.suffix == ".dist-info" for p in target.iterdir())
    return target


def tricksim(site, *args, cwd=ROOT):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), str(ROOT)]))
    return subprocess.run([sys.executable, "-m", "sim.cli", *map(str, args)], capture_output=True,
                          text=True, env=env, cwd=cwd, timeout=600)


def test_the_installed_game_is_listed_with_its_players(site):
    games = tricksim(site, "games")
    assert games.returncode == 0, games.stderr
    assert "toy_trick" in games.stdout and "trump" in games.stdout
    players = tricksim(site, "players", "toy_trick")
    assert players.returncode == 0, players.stderr
    assert "random" in players.stdout and "heuristic" in players.stdout


def test_the_installed_game_simulates_reports_and_replays(site, tmp_path):
    run = tmp_path / "run"
    sim = tricksim(site, "simulate", "toy_trick", "-p", "heuristic", "-p", "random",
                   "--seating", "duplicate", "--games", 300, "-o", "trump=spades",
                   "--backend", "serial", "--out", run, "--report")
    assert sim.returncode == 0, sim.stderr[-2000:]
    report = (run / "report.md").read_text()
    assert "Toy trick" in report
    csvs = {p.name for p in (run / "report").glob("*.csv")}
    assert any(name.startswith("balance") or "score" in name for name in csvs), csvs
    # the heuristic (highest card) takes more tricks than random on the same boards
    manifest = json.loads((run / "manifest.json").read_text())
    assert manifest["status"] == "complete"

    record = {"game": "toy_trick", "options": {"trump": "spades"}, "players": 2, "dealer": 0,
              "hands": [["S1", "H4", "D2", "C3"], ["S4", "H1", "H2", "D1"]],
              "decisions": [{"seat": 1, "kind": "play", "value": "H1"},
                            {"seat": 0, "kind": "play", "value": "H4"},
                            {"seat": 0, "kind": "play", "value": "D2"},
                            {"seat": 1, "kind": "play", "value": "D1"},
                            {"seat": 0, "kind": "play", "value": "C3"},
                            {"seat": 1, "kind": "play", "value": "S4"},
                            {"seat": 1, "kind": "play", "value": "H2"},
                            {"seat": 0, "kind": "play", "value": "S1"}]}
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(record))
    replayed = tricksim(site, "replay", path, "--json")
    assert replayed.returncode == 0, replayed.stderr[-2000:]
    # H4 takes the first trick; D2 the second; S4 trumps C3; S1 trumps H2
    assert json.loads(replayed.stdout)["tricks"] == [3, 1]
    record["decisions"][3]["value"] = "H2"     # seat 1 holds D1: it must follow diamonds
    path.write_text(json.dumps(record))
    illegal = tricksim(site, "replay", path)
    assert illegal.returncode != 0
    assert "may not play H2; legal: D1" in illegal.stderr and "Traceback" not in illegal.stderr
