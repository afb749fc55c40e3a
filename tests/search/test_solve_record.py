"""``tricksim solve``: a recorded deal's card play valued by the exact solver."""
import copy
import json
from pathlib import Path

import numpy as np
import pytest

from sim import registry
from sim.cli import main
from sim.errors import TricksimError
from sim.games.wizard.replay import play_positions
from sim.replay import load
from sim.search.analyse import solve_record, solve_text
from sim.search.solve import Solver

RECORDS = Path(__file__).resolve().parent.parent
OH_HELL = RECORDS / "wizard" / "records" / "oh_hell_round.json"


def test_every_card_played_is_valued_as_plain_minimax_values_it():
    record = load(OH_HELL)
    analysis = solve_record(record)
    game = registry.game("oh_hell")
    cfg, plays = play_positions("oh_hell", record)
    assert [p["number"] for p in analysis["positions"]] == [number for number, *_ in plays]
    solver = Solver(game, cfg, table_bits=12)
    steps = game.steps
    moves = np.zeros(128, dtype=np.int64)
    for position, (number, seat, st, hands, card) in zip(analysis["positions"], plays):
        side = 1 << seat
        base = int(solver.hooks.solve_value_nb(st, side))
        expected = {}
        for action in moves[:steps.legal_actions_nb(st, hands, cfg, moves)]:
            s2, h2 = st.copy(), hands.copy()
            steps.apply_nb(s2, h2, cfg, int(action))
            rest = 0 if steps.is_over_nb(s2) else solver.minimax(s2, h2, side)
            expected[int(action)] = int(solver.hooks.solve_value_nb(s2, side)) - base + rest
        assert list(position["values"].values()) == [expected[a] for a in sorted(expected)]
        assert position["best"] == max(expected.values())
        assert position["loss"] == position["best"] - expected[card] >= 0


def test_a_card_below_the_best_is_a_loss():
    # replace the record's first card by a legal one the solver values lower
    record = load(OH_HELL)
    first = solve_record(record)["positions"][0]
    worse = [c for c, v in first["values"].items() if v < first["best"]]
    assert worse, "the record's first play should leave a worse legal card"
    changed = copy.deepcopy(record)
    changed["decisions"] = record["decisions"][:first["number"] - 1] + [
        {"seat": first["seat"], "kind": "play", "value": worse[0]}]
    analysis = solve_record(changed)
    assert analysis["positions"][0]["loss"] == first["best"] - first["values"][worse[0]] > 0
    assert "loses" in solve_text(analysis)


def test_a_game_without_solver_hooks_is_a_clear_error(monkeypatch):
    # a registered game made one without hooks: the message lists the games that have them
    monkeypatch.setattr(registry.game("jupiter"), "search_module", None)
    have = [g.name for g in registry.all_games() if registry.game(g.name).search_module]
    assert "oh_hell" in have and "jupiter" not in have
    record = load(RECORDS / "jupiter" / "records" / "seed_allocation.json")
    with pytest.raises(TricksimError) as error:
        solve_record(record)
    assert str(error.value) == ("jupiter: the exact solver has no hooks for this game yet; "
                                f"games with a solver: {', '.join(have)}")


def test_a_record_that_plays_no_card_is_a_clear_error():
    record = load(OH_HELL)
    bids = [d for d in record["decisions"] if d["kind"] != "play"]
    with pytest.raises(TricksimError, match="plays no card"):
        solve_record({**record, "decisions": bids})


def test_an_illegal_record_fails_as_replay_says(tmp_path):
    record = load(OH_HELL)
    bad = copy.deepcopy(record)
    bad["decisions"][-1]["value"] = "XX"
    with pytest.raises(TricksimError):
        solve_record(bad)


def test_the_command_prints_the_analysis_and_errors_on_one_line(tmp_path, capsys):
    assert main(["solve", str(OH_HELL)]) in (0, None)
    out = capsys.readouterr().out
    assert "tricks lost to the best play: 0" in out
    assert main(["solve", str(OH_HELL), "--json"]) in (0, None)
    assert json.loads(capsys.readouterr().out)["game"] == "oh_hell"
    missing = tmp_path / "none.json"
    assert main(["solve", str(missing)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "no such file" in err
