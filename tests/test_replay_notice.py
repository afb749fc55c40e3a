"""`tricksim replay` says on stderr when it compiles (a cold numba cache), and only then."""
import importlib
from pathlib import Path

from numba import njit

from sim.cli import main

replay_module = importlib.import_module("sim.replay")
RECORD = Path(__file__).parent / "wizard" / "records" / "oh_hell_round.json"


def test_a_compile_is_announced_once(capsys):
    @njit                       # no cache: the first call compiles
    def double(x):
        return 2 * x

    @njit
    def triple(x):
        return 3 * x

    with replay_module.compile_notice("oh_hell replay"):
        double(1)
        triple(1)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "compiling the oh_hell replay engine" in err


def test_nothing_is_said_without_a_compile(capsys):
    @njit
    def same(x):
        return x

    same(1)                     # compiled before the block
    with replay_module.compile_notice("oh_hell replay"):
        same(2)
    assert capsys.readouterr().err == ""


def test_the_replay_command_announces_its_compile(capsys, monkeypatch):
    real_replay = replay_module.replay

    def replay_that_compiles(record):
        njit(lambda x: x + 1)(1)    # stands in for the engine's first compile
        return real_replay(record)

    monkeypatch.setattr(replay_module, "replay", replay_that_compiles)
    assert main(["replay", str(RECORD)]) == 0
    captured = capsys.readouterr()
    assert "compiling the oh_hell replay engine" in captured.err
    assert "Oh Hell: 4 players, 3 cards each" in captured.out
