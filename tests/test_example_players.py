"""The example players of ``docs/examples/`` play every game from outside the repository.

Each example is copied into a temporary folder, named on the command line
as ``module:PLAYER`` with ``PYTHONPATH`` set to that folder (the way
``docs/strategies.md`` tells a user to run a player of their own), and plays
a small simulation of every game and variant of its family beside the
built-ins.
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from sim import registry
from sim.cache import families
from sim.store import load_records

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "docs" / "examples"

CASES = [pytest.param(meta.name, variant, id=f"{meta.name}-{variant}" if variant else meta.name)
         for meta in registry.all_games() if meta.family in families()
         for variant in [v.name for v in meta.variants] or [None]]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    out = tmp_path_factory.mktemp("my_players")
    assert REPO not in out.resolve().parents
    for example in EXAMPLES.glob("*.py"):
        shutil.copy(example, out)
    return out


def test_every_family_has_an_example():
    assert {p.stem for p in EXAMPLES.glob("*.py")} == {f"{family}_player" for family in families()}


@pytest.mark.parametrize("game, variant", CASES)
def test_the_example_player_plays_a_simulation_from_outside_the_repository(game, variant, folder):
    meta = registry.info(game)
    n = meta.default_players
    example = f"{meta.family}_player:PLAYER"
    lineup = [example] + [("heuristic", "random")[s % 2] for s in range(n - 1)]
    run_dir = folder / "runs" / f"{game}-{variant}"
    args = ["simulate", game, "-n", str(n), "--games", "2", "--seating", "rotate", "--out",
            str(run_dir), "--backend", "serial", "--no-progress"]
    args += ["--variant", variant] if variant else []
    for player in lineup:
        args += ["-p", player]
    env = dict(os.environ, PYTHONPATH=str(folder))
    result = subprocess.run([sys.executable, "-m", "sim.cli", *args], cwd=folder, env=env,
                            capture_output=True, text=True, timeout=1800)
    assert result.returncode == 0, result.stderr
    assert f"run written to {run_dir}" in result.stdout
    deals = load_records(run_dir, "deals")
    assert len(deals) > 0 and (deals["player"] == 0).any()   # lineup slot 0: the example
