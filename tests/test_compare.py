"""Comparing two runs on common deals (analysis/compare.py)."""
import numpy as np
import pandas as pd
import pytest

from analysis.compare import compare, comparison_text, write_comparison
from paired_by_hand import every_row, mean_difference
from sim.cli import main
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


def test_identical_records_are_said_so_at_the_top(tmp_path, capsys):
    a = run(tmp_path, "a")
    b = run(tmp_path, "b")
    tables = compare(a, b)
    said = "The two runs' records are identical: the two studies are the same, so every difference below is 0."
    assert tables.summary == [said]
    text = write_comparison(tables, tmp_path / "cmp").read_text()
    assert text.splitlines()[2] == f"- {said}"        # under the heading, before any table
    assert main(["compare", str(a), str(b), "--out", str(tmp_path / "cli")]) == 0
    assert capsys.readouterr().out.startswith(f"- {said}\n")


def test_runs_that_differ_do_not_say_identical(tmp_path):
    a = run(tmp_path, "hook", options={"dealer_restriction": "always"})
    b = run(tmp_path, "nohook", options={"dealer_restriction": "never"})
    tables = compare(a, b)
    assert not any("identical" in s for s in tables.summary)
    assert tables.summary[0] == "B − A: dealer_restriction always → never, on the same 40 boards."
    assert comparison_text(tables).startswith("- B − A: dealer_restriction always → never")


def test_the_game_total_and_win_rate_are_the_per_board_differences_of_the_records(tmp_path):
    a = run(tmp_path, "hook", options={"dealer_restriction": "always"})
    b = run(tmp_path, "nohook", options={"dealer_restriction": "never"})
    table = compare(a, b)["by_player"].set_index("player")
    for slot in range(4):
        in_slot = (lambda g, slot=slot: g["player"] == slot)
        for column, value in (("mean_total", lambda g: g["total"]), ("win_rate", lambda g: g["win"])):
            expected, boards = mean_difference(a, b, "games", in_slot, value)
            assert table.loc[f"{slot} heuristic", f"diff_{column}"] == pytest.approx(expected, abs=1e-12)
            assert table.loc[f"{slot} heuristic", "boards"] == boards == 40


def test_wizard_and_oh_hell_compare_the_exact_bid_rate(tmp_path):
    a = run(tmp_path, "hook", options={"dealer_restriction": "always"})
    b = run(tmp_path, "nohook", options={"dealer_restriction": "never"})
    tables = compare(a, b)
    table = tables["exact_rate"].set_index("player")
    exact = (lambda d: d["bid"] == d["tricks"])
    expected, boards = mean_difference(a, b, "deals", every_row, exact)
    assert table.loc["all players", "diff_exact_rate"] == pytest.approx(expected, abs=1e-12)
    assert table.loc["all players", "boards"] == boards == 40
    assert list(table.index) == ["all players", *(f"{slot} heuristic" for slot in range(4))]
    assert tables.summary[1].startswith("Exact-bid rate, all players: A ")
    assert "Exact-bid rate by player" in write_comparison(tables, tmp_path / "cmp").read_text()
    assert (tmp_path / "cmp" / "compare_exact_rate.csv").exists()


def test_every_rate_difference_of_a_comparison_lies_in_its_range(tmp_path):
    a = run(tmp_path, "hook", options={"dealer_restriction": "always"})
    b = run(tmp_path, "nohook", options={"dealer_restriction": "never"})
    write_comparison(compare(a, b), tmp_path / "cmp")
    checked = 0
    for path in (tmp_path / "cmp").glob("compare_*.csv"):
        frame = pd.read_csv(path)
        for column in [c for c in frame.columns if c.startswith("diff_") and c.endswith("rate")]:
            lo, hi = frame[f"{column}_lo"], frame[f"{column}_hi"]
            assert ((-1 <= lo) & (lo <= frame[column]) & (frame[column] <= hi) & (hi <= 1)).all(), (path, column)
            checked += 1
    assert checked >= 3           # the win rate twice, the exact-bid rate
