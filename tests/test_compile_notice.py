"""A run says on stderr, in one line, when numba compiles (a cold cache: the first
run of a game after an install or an edit), and only then: `simulate`, `study`,
`deal` (and `replay`, in test_replay_notice.py)."""
import importlib
import itertools
from pathlib import Path

from sim.cli import main

PLAYER_MODULE = """\
import numba
from strategies.abi import KIND_USER, SIGNATURE
from strategies.registry import Player
from strategies.wizard_nb import random_decide


@numba.njit(SIGNATURE)        # no cache: importing this module compiles it
def decide(obs, params):
    return random_decide(obs, params)


PLAYER = Player(name="fresh", family="wizard", kind=KIND_USER, decide=decide)
"""
_names = itertools.count()


def fresh_player(tmp_path, monkeypatch) -> str:
    """The spec of a user player that numba has never compiled in this process."""
    name = f"fresh_player_{next(_names)}_{tmp_path.name.replace('-', '_')}"
    (tmp_path / f"{name}.py").write_text(PLAYER_MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    return f"{name}:PLAYER"


def simulate(out, *players):
    argv = ["simulate", "wizard", "--games", "1", "--backend", "serial", "--no-progress",
            "--out", str(out)]
    for spec in players:
        argv += ["-p", spec]
    return main(argv)


def test_simulate_says_once_that_it_compiles(tmp_path, monkeypatch, capsys):
    spec = fresh_player(tmp_path, monkeypatch)
    assert simulate(tmp_path / "first", spec) == 0
    err = capsys.readouterr().err
    assert err.count("compiling") == 1
    assert "tricksim: compiling the wizard engine (only the first time" in err


def test_simulate_says_nothing_when_nothing_compiles(tmp_path, monkeypatch, capsys):
    spec = fresh_player(tmp_path, monkeypatch)
    assert simulate(tmp_path / "first", spec) == 0
    capsys.readouterr()
    assert simulate(tmp_path / "second", spec) == 0     # everything is compiled by now
    assert "compiling" not in capsys.readouterr().err


def test_study_says_that_it_compiles(tmp_path, monkeypatch, capsys):
    spec = fresh_player(tmp_path, monkeypatch)
    study = tmp_path / "study.toml"
    study.write_text(f'[[run]]\nname = "one"\ngame = "wizard"\ngames = 1\nlineup = ["{spec}"]\n')
    assert main(["study", str(study), "--out", str(tmp_path / "out"), "--backend", "serial",
                 "--no-progress"]) == 0
    err = capsys.readouterr().err
    assert err.count("compiling") == 1 and "tricksim: compiling the players engine" in err


def test_deal_says_that_it_compiles(tmp_path, monkeypatch, capsys):
    from numba import njit
    assert simulate(tmp_path / "run") == 0
    deal_export = importlib.import_module("sim.deal_export")
    real_export = deal_export.export_deal

    def export_that_compiles(*args):
        njit(lambda x: x + 1)(1)    # stands in for the engine's first compile
        return real_export(*args)

    monkeypatch.setattr(deal_export, "export_deal", export_that_compiles)
    capsys.readouterr()
    assert main(["deal", str(tmp_path / "run"), "--game", "0"]) == 0
    err = capsys.readouterr().err
    assert err.count("compiling") == 1 and "compiling the wizard engine" in err
    assert Path(tmp_path / "run" / "deals" / "game-0-deal-0.json").is_file()
