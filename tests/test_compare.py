"""Comparing two runs on common deals (analysis/compare.py)."""
import numpy as np
import pytest

from analysis.compare import compare, write_comparison
from sim.errors import TricksimError
from sim.runner import run_study
from sim.study import Study


def run(tmp_path, name, **kwargs):
    spec = dict(game="oh_hell", players=4, lineup=["heuristic"], boards=40, seed=3,
                chunk_boards=20)
    spec.update(kwargs)
    return run_study(Study.create(**spec), tmp_path / name, backend="serial", progress=False)


def test_identical_studies_differ_by_exactly_nothing(tmp_path):
    a = run(tmp_path, "a")
    b = run(tmp_path, "b")
    tables = compare(a, b)
    for name in ("by_player", "by_start_position"):
        table = tables[name]
        assert len(table) == 4 and (table["boards"] == 40).all()
        assert np.allclose(table["diff_mean_total"], 0) and np.allclose(table["diff_win_rate"], 0)


def test_a_rule_option_is_compared_board_by_board(tmp_path):
    a = run(tmp_path, "hook", options={"dealer_restriction": "always"})
    b = run(tmp_path, "nohook", options={"dealer_restriction": "never"})
    table = compare(a, b)["by_player"]
    # the paired difference is the mean of the per-board differences of the two runs
    assert np.allclose(table["diff_mean_total"], table["b_mean_total"] - table["a_mean_total"])
    assert (table["diff_mean_total_lo"] <= table["diff_mean_total"]).all()
    assert (table["diff_mean_total"] <= table["diff_mean_total_hi"]).all()
    path = write_comparison(compare(a, b), tmp_path / "cmp")
    assert "Comparison on common deals" in path.read_text()
    assert (tmp_path / "cmp" / "compare_by_player.csv").exists()


def test_runs_dealt_different_cards_are_refused(tmp_path):
    a = run(tmp_path, "a")
    b = run(tmp_path, "b", seed=4)
    with pytest.raises(TricksimError, match="not dealt the same cards: seed"):
        compare(a, b)


def test_aggregate_runs_are_refused(tmp_path):
    a = run(tmp_path, "a")
    b = run(tmp_path, "b", aggregate=True)
    with pytest.raises(TricksimError, match="aggregate"):
        compare(a, b)


def test_start_positions_are_named_as_the_run_reports_name_them(tmp_path):
    a = run(tmp_path, "a")
    b = run(tmp_path, "b", options={"dealer_restriction": "never"})
    tables = compare(a, b)
    assert list(tables["by_start_position"]["order"]) == ["first hand", "2nd hand", "3rd hand", "dealer"]
    text = write_comparison(tables, tmp_path / "cmp").read_text()
    assert "| first hand" in text and "| dealer" in text
