"""Beim Jupiter players: the heuristic beats random in victory points on duplicate deals,
and each of its params changes its decisions."""
import importlib.util
import os

import numpy as np
import pytest

from sim import registry
from sim.rng_nb import chunk_states
from sim.study import Study
from sim.engine import Engine
from strategies.registry import resolve

_spec = importlib.util.spec_from_file_location(
    "jupiter_players", os.path.join(os.path.dirname(__file__), "..", "..", "scripts",
                                    "jupiter_players.py"))
jupiter_players = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(jupiter_players)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_the_heuristic_beats_random_on_duplicate_deals(n):
    mean, half, wins_h, wins_r = jupiter_players.heuristic_minus_random(n, 300, seed=100 + n)
    assert mean - half > 0, f"{n} players: {mean:+.2f} ± {half:.2f}"
    assert wins_h > wins_r


def run(n, lineup, boards=40, seed=3):
    study = Study.create("jupiter", players=n, lineup=lineup, boards=boards, seed=seed,
                         chunk_boards=boards)
    return Engine(study).run_chunk(0, boards, chunk_states(seed, 0))


@pytest.mark.parametrize("param,value", [
    ("layout_value", -5.0), ("layout_pull", 5.0), ("trump_win", 0.0), ("high_win", 2.0),
    ("bid_shift", 3.0), ("counter_cost", 0.0), ("lock_min", 1.0), ("zero_below", 5.0),
    ("god_high", 0.0), ("take_own", 14.0),
])
def test_every_param_changes_the_heuristics_decisions(param, value):
    base = run(4, ["heuristic"])["deals"]
    changed = run(4, [f"heuristic[{param}={value}]"])["deals"]
    columns = {"layout_value": "layout", "layout_pull": "layout", "trump_win": "bid",
               "high_win": "bid", "bid_shift": "bid", "counter_cost": "bid", "lock_min": "locked",
               "zero_below": "bid", "god_high": "card_points", "take_own": "points"}
    assert not np.array_equal(base[columns[param]], changed[columns[param]])
    assert resolve("jupiter", f"heuristic[{param}={value}]").params()[
        list(resolve("jupiter", "heuristic").param_names).index(param)] == value
