"""A user's own player goes through a whole study in every game: tuned, compared, entered.

The players of ``tests/study_players/`` are written from ``docs/strategies.md``
alone (one module per family, each a ``Player`` with one tunable param), kept
outside the package and loaded the way the doc tells a user to: the folder on
the import path, the player named ``module:PLAYER``. For each game and variant
the command line then

* tunes the param against the heuristic (``tricksim tune … --name``) on a tiny
  budget and saves the best setting as a preset,
* plays the preset in place of the heuristic at seat 0 and compares that run with
  the heuristic's own on the same deals (``tricksim compare``),
* enters the player in a tournament against the built-in heuristic and random.

Sizes are the smallest that give each table its content (an interval needs 10
boards in ``compare``); the strength of the players is not what is tested.
"""
import json
import sys
from pathlib import Path

import pandas as pd
import pytest

from sim import registry
from sim.cli import main
from sim.store import load_manifest

PLAYERS = Path(__file__).parent / "study_players"

# (game, variant, the player, the tuned range): the param spans values that play differently
CASES = [pytest.param(game, variant, module, space, id=variant or game) for game, variant, module, space in [
    ("wizard", None, "my_wizard", "high=40:90"),
    ("oh_hell", None, "my_wizard", "high=5:70"),
    ("jass", "schieber", "my_jass", "strong=3:8"),
    ("jass", "differenzler", "my_jass", "strong=3:8"),
    ("tarot", None, "my_tarot", "take=20:80"),
    ("pitch", "auction", "my_pitch", "bid_at=1:10"),
    ("pitch", "ten_point", "my_pitch", "bid_at=1:10"),
    ("jupiter", None, "my_jupiter", "high=6:14"),
]]


@pytest.fixture
def user_setup(tmp_path, monkeypatch):
    """The players' folder on the import path (as PYTHONPATH puts it) and a presets file of
    the test's own."""
    monkeypatch.syspath_prepend(str(PLAYERS))
    monkeypatch.setenv("TRICKSIM_PRESETS", str(tmp_path / "presets.toml"))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(capsys, *args) -> str:
    """``tricksim ARGS``: its standard output; a failure shows its error line."""
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


@pytest.mark.parametrize("game, variant, module, space", CASES)
def test_a_user_player_is_tuned_compared_and_entered(game, variant, module, space, user_setup, capsys):
    meta = registry.info(game)
    n = meta.default_players
    where = ["--variant", variant] if variant else []
    spec = f"{module}:PLAYER"
    name = f"{module}_{variant or game}"
    param, _, bounds = space.partition("=")
    low, high = (float(b) for b in bounds.split(":"))

    # tune: the range searched, the best setting saved as a preset
    out = run(capsys, "tune", game, *where, "-p", f"{spec}[{space}]", "--against", "heuristic",
              "--trials", 2, "--boards-per-trial", 2, "--blocks", 2, "--validate-boards", 2,
              "--name", name, "--out", "tune")
    tuned = json.loads((user_setup / "tune" / "tune.json").read_text())
    best = tuned["best_spec"]
    assert best.startswith(f"{spec}[{param}=") and low <= float(best[len(spec) + len(param) + 2:-1]) <= high
    assert f"Best setting: {best}" in out and f"preset {name} saved" in out
    player = sys.modules[module].PLAYER
    default = player.param_values[0]
    if param in player.whole_params:      # searched over whole numbers, written as such
        assert best.endswith(f"={int(float(best[len(spec) + len(param) + 2:-1]))}]")
        default = int(default)
    assert tuned["baseline_spec"] == f"{spec}[{param}={default}]"
    assert len(pd.read_csv(user_setup / "tune" / "trials.csv")) == 2
    presets = (user_setup / "presets.toml").read_text()
    assert f'[{name}]\nfamily = "{meta.family}"\nplayer = "{best}"' in presets
    assert f"{name}: preset, {best}" in run(capsys, "players", game)

    # compare: the preset (by its name) at seat 0 against the heuristic there, same deals
    others = [("heuristic", "random")[s % 2] for s in range(1, n)]
    for run_name, first in (("a", "heuristic"), ("b", name)):
        players = [a for p in [first, *others] for a in ("-p", p)]
        run(capsys, "simulate", game, *where, "-n", n, *players, "--games", 10, "--seed", 3,
            "--out", run_name, "--backend", "serial", "--no-progress")
    # the run keeps the code of the preset's module, as of a player named by its path
    assert list(load_manifest(user_setup / "b")["code"]["modules"]) == [module]
    out = run(capsys, "compare", "a", "b", "--out", "cmp")
    by_player = pd.read_csv(user_setup / "cmp" / "compare_by_player.csv").set_index("player")
    row = by_player.loc[f"0 heuristic → {name}"]
    assert row["boards"] == 10
    assert row["diff_mean_total"] == pytest.approx(row["b_mean_total"] - row["a_mean_total"])
    assert row["diff_mean_total_lo"] <= row["diff_mean_total"] <= row["diff_mean_total_hi"]
    assert row["diff_mean_total_lo"] < row["diff_mean_total_hi"]
    assert f"slot 0 heuristic → {name}" in out

    # tournament: the player by its module path, with the built-ins, every one ranked
    entrants = [spec, "heuristic", "random"]
    out = run(capsys, "tournament", game, *where, *[a for p in entrants for a in ("-p", p)],
              "--boards", 2, "--bootstrap", 10, "--seed", 1, "--out", "tour")
    ratings = pd.read_csv(user_setup / "tour" / "ratings.csv")
    assert sorted(ratings["player"]) == sorted(entrants)
    assert sorted(ratings["place"]) == [1, 2, 3] and (ratings["games"] > 0).all()
    # a percentile bootstrap interval over two boards need not hold the estimate itself
    assert ratings[["rating", "rating_lo", "rating_hi"]].notna().all().all()
    assert (ratings["rating_lo"] <= ratings["rating_hi"]).all()
    assert list(ratings.sort_values("place")["rating"]) == sorted(ratings["rating"], reverse=True)
    pairs = pd.read_csv(user_setup / "tour" / "pairs.csv")
    assert {frozenset(p) for p in zip(pairs["a"], pairs["b"])} == {
        frozenset((a, b)) for i, a in enumerate(entrants) for b in entrants[i + 1:]}
    for player in entrants:
        assert f"| {player} " in out


@pytest.mark.parametrize("game", ["oh_hell"])
def test_tune_refuses_a_user_player_without_params(game, user_setup, capsys):
    assert main(["tune", game, "-p", "my_wizard:decide[high=0:1]", "--out", "t"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "tune takes a player with params" in err[0], err
