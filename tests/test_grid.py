"""Grids of a study file: cells, pairing with the baseline, deltas, Holm's correction, verdicts.

One small Oh Hell grid (single-deal games, 60 boards, 8 cells) is played once
through ``tricksim study`` and read by every test that needs records; the
bad-file cases are checked before anything runs.
"""
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy import stats as scipy_stats

from analysis.grid import higher_total_better, holm, paired_p_value, verdict
from sim.cli import main
from sim.errors import TricksimError
from sim.runner import run_study
from sim.store import load_records
from sim.study_file import load_comparisons, load_study_file
from sim.study_grid import load_grids
from test_html_report import self_contained_problems

ROOT = Path(__file__).resolve().parents[1]
BOARDS = 60
GRID = f"""
[[grid]]
name = "hook"
game = "oh_hell"
options = {{ rounds = 3 }}
seed = 5
games = {BOARDS}
axes.players = [3, 4]
axes.lineup = ["random", "heuristic"]
axes.options.dealer_restriction = ["always", "never"]
baseline = {{ lineup = "random", options.dealer_restriction = "always" }}
"""


def write(tmp_path, text: str) -> Path:
    path = tmp_path / "grid.toml"
    path.write_text(text)
    return path


def grids_of(path: Path):
    runs = load_study_file(path)
    return load_grids(path, runs, load_comparisons(path, runs))


@pytest.fixture(scope="module", params=["oh_hell"])      # the param groups the test with its family
def played(request, tmp_path_factory):
    """The grid played through the CLI: (study file, output folder, the grid)."""
    tmp = tmp_path_factory.mktemp("grid")
    path = write(tmp, GRID)
    out = tmp / "out"
    assert main(["study", str(path), "--out", str(out), "--backend", "serial", "--no-progress"]) == 0
    return path, out / "hook", grids_of(path)[0]


# --- the cells ---------------------------------------------------------------------------

def test_the_cells_are_the_cross_product_with_a_baseline_per_player_count(tmp_path):
    grid = grids_of(write(tmp_path, GRID))[0]
    assert [c.name for c in grid.cells] == [f"cell-{i:02d}" for i in range(1, 9)]
    expected = [(p, lineup, rule) for p in (3, 4) for lineup in ("random", "heuristic")
                for rule in ("always", "never")]
    assert [(c.study.players, c.study.lineup[0], c.study.option_dict["dealer_restriction"])
            for c in grid.cells] == expected
    assert all(len(set(c.study.lineup)) == 1 for c in grid.cells)
    assert {c.study.boards for c in grid.cells} == {BOARDS} and {c.study.seed for c in grid.cells} == {5}
    # the baseline of each player count: random players, dealer_restriction = always
    assert [c.baseline for c in grid.cells] == [0] * 4 + [4] * 4
    assert grid.cells[2].label == "players=3, lineup=heuristic, options.dealer_restriction=always"


def test_cells_of_a_player_count_are_dealt_the_same_cards(played):
    _, out, grid = played
    dealt = ["board", "game", "seat", "hand_size", "dealer", "trump", "trumps_held"]
    deals = {c.name: load_records(out / c.name, "deals") for c in grid.cells}
    for cell in grid.cells:
        base = grid.cells[cell.baseline].name
        pd.testing.assert_frame_equal(deals[cell.name][dealt], deals[base][dealt])
    assert not deals["cell-01"]["trump"].equals(deals["cell-05"]["trump"].iloc[:len(deals["cell-01"])])


def test_a_cell_plays_what_its_study_alone_plays(played, tmp_path):
    _, out, grid = played
    cell = grid.cells[2]
    run_study(cell.study, tmp_path / "alone", progress=False)
    for table in ("games", "deals"):
        pd.testing.assert_frame_equal(load_records(tmp_path / "alone", table), load_records(out / cell.name, table))


# --- the report --------------------------------------------------------------------------

def test_the_deltas_are_the_paired_differences_of_the_records(played):
    _, out, grid = played
    table = pd.read_csv(out / "grid.csv")
    assert list(table["cell"]) == [c.name for c in grid.cells]
    for cell, row in zip(grid.cells, table.itertuples()):
        base = grid.cells[cell.baseline]
        a = load_records(out / base.name, "games").groupby("board")["total"].mean()
        b = load_records(out / cell.name, "games").groupby("board")["total"].mean()
        diff = (b - a).to_numpy()
        assert row.baseline == base.name
        assert row.base_total == pytest.approx(a.mean()) and row.cell_total == pytest.approx(b.mean())
        assert row.diff_total == pytest.approx(diff.mean())
        if cell is base:
            assert row.total_verdict == "baseline" and np.isnan(row.total_p)
            continue
        half = scipy_stats.t.ppf(0.975, len(diff) - 1) * diff.std(ddof=1) / np.sqrt(len(diff))
        assert (row.diff_total_lo, row.diff_total_hi) == pytest.approx((diff.mean() - half, diff.mean() + half))
        assert row.total_p == pytest.approx(scipy_stats.ttest_rel(b, a).pvalue)
    compared = table[table["cell"] != table["baseline"]]
    assert list(compared["total_p_holm"]) == pytest.approx(list(holm(compared["total_p"])))


def test_heuristic_players_are_better_and_the_rule_alone_is_not(played):
    _, out, _ = played
    table = pd.read_csv(out / "grid.csv").set_index("cell")
    # heuristic bidders against random ones: +2.5 to +3.25 points a game here, corrected
    # p-values of 1e-6 and below; the rule alone moves the total by a tenth of a point
    assert set(table.loc[["cell-03", "cell-04", "cell-07", "cell-08"], "total_verdict"]) == {"better"}
    assert set(table.loc[["cell-01", "cell-05"], "total_verdict"]) == {"baseline"}
    # every slot changes, so the win rate is the same share on every board
    assert set(table.loc[table["baseline"] != table.index, "win_rate_verdict"]) == {"no significant difference"}


def test_the_report_files(played):
    path, out, grid = played
    text = (out / "grid.md").read_text()
    assert "Holm" in text and "cell-03 (players=3, lineup=heuristic" in text
    html = (out / "report.html").read_text()
    assert "tricksim study" in html and str(path) in html and "cell-08" in html
    assert self_contained_problems(html) == []
    assert not list(out.glob(".*.tmp")), "written atomically: no temporaries left"


@pytest.mark.parametrize("game", ["oh_hell"])      # the param groups the test with its family
def test_a_precise_grid_extends_every_cell_until_each_difference_is_known(tmp_path, game):
    assert f'game = "{game}"' in GRID
    text = GRID.replace("axes.players = [3, 4]\n", "").replace(f"games = {BOARDS}", "games = 100")
    path = write(tmp_path, text + "chunk_games = 50\nprecision = 0.8\nmax_boards = 1000\n")
    out = tmp_path / "out"
    command = ["study", str(path), "--out", str(out), "--backend", "serial", "--no-progress"]
    assert main(command) == 0
    table = pd.read_csv(out / "hook" / "grid.csv")
    boards = int(table["boards"].iloc[0])
    assert 100 < boards <= 1000 and set(table["boards"]) == {boards}
    for cell in table["cell"]:
        assert load_records(out / "hook" / cell, "games")["board"].nunique() == boards
    compared = table[table["cell"] != table["baseline"]]
    assert ((compared["total_cs_hi"] - compared["total_cs_lo"]) <= 0.8).all()
    # the confidence sequence holds the fixed-sample interval (it is wider: valid at every look)
    assert (compared["total_cs_lo"] <= compared["diff_total_lo"]).all()
    assert "stopped after" in (out / "hook" / "grid.md").read_text()
    # the file run again keeps the extended cells and stops where it stopped
    before = (out / "hook" / "grid.csv").read_text()
    assert main(command) == 0
    assert (out / "hook" / "grid.csv").read_text() == before


# --- the statistics by hand --------------------------------------------------------------

def test_holm_by_hand():
    # sorted: 0.005 x4 = 0.02, 0.01 x3 = 0.03, 0.03 x2 = 0.06, 0.04 x1 = 0.04 -> 0.06 (monotone)
    assert list(holm([0.01, 0.04, 0.03, 0.005])) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert list(holm([0.5, 0.6])) == pytest.approx([1.0, 1.0])      # capped at 1
    assert list(holm([0.2])) == pytest.approx([0.2])


def test_the_verdict_says_which_way_is_better():
    assert verdict(2.0, 0.01, higher_better=True) == "better"
    assert verdict(-2.0, 0.01, higher_better=True) == "worse"
    assert verdict(2.0, 0.01, higher_better=False) == "worse"       # a penalty grew
    assert verdict(-2.0, 0.01, higher_better=False) == "better"
    assert verdict(2.0, 0.05, higher_better=True) == "no significant difference"
    penalty = pd.DataFrame({"total": [3, 10, 12, 1, 9, 8], "win": [1.0, 0, 0, 1.0, 0, 0]})
    assert not higher_total_better(penalty)
    assert higher_total_better(penalty.assign(total=-penalty["total"]))


def test_the_p_value_of_no_difference_and_of_a_constant_one():
    assert paired_p_value(np.zeros(10)) == 1.0
    assert paired_p_value(np.full(10, 2.0)) == 0.0
    diff = np.array([1.0, -0.5, 2.0, 0.3, 1.2])
    assert paired_p_value(diff) == pytest.approx(scipy_stats.ttest_1samp(diff, 0.0).pvalue)


# --- bad files ---------------------------------------------------------------------------

def grid_file(**changes) -> str:
    keys = {"name": '"g"', "game": '"oh_hell"', "games": "4",
            "axes.options.dealer_restriction": '["always", "never"]',
            "baseline": '{ options.dealer_restriction = "always" }'}
    keys.update(changes)
    return "[[grid]]\n" + "".join(f"{k} = {v}\n" for k, v in keys.items() if v is not None)


FOUR = '["random", "random", "random", "heuristic"]'
BAD = [
    ("unknown-game", grid_file(game='"skat"'), ["grid g", "key game", "wizard"]),
    ("unknown-variant", grid_file(variant='"hook"'), ["grid g", "key variant"]),
    ("unknown-variant-axis", grid_file(game='"jass"', **{"axes.variant": '["schieber", "coiffeur"]'}),
     ["grid g", "key axes.variant", "differenzler"]),
    ("unknown-option", grid_file(options="{ hook = 1 }"), ["grid g", "key options", "dealer_restriction"]),
    ("unknown-option-axis", grid_file(**{"axes.options.hook": "[1, 2]"}),
     ["grid g", "key axes.options.hook", "dealer_restriction"]),
    ("bad-option-value", grid_file(**{"axes.options.dealer_restriction": '["always", "sometimes"]'}),
     ["grid g", "key axes.options.dealer_restriction", "sometimes", "leader, always or never"]),
    ("unknown-player", grid_file(**{"axes.lineup": '["random", "clever"]'}),
     ["grid g", "key axes.lineup", "clever", "heuristic"]),
    ("bad-player-count", grid_file(**{"axes.players": "[4, 9]"}), ["grid g", "key axes.players", "9"]),
    ("no-axes", grid_file(**{"axes.options.dealer_restriction": None, "baseline": None}),
     ["grid g", "key axes", "axes.players"]),
    ("empty-axis", grid_file(**{"axes.options.dealer_restriction": "[]"}),
     ["grid g", "key axes.options.dealer_restriction", "non-empty"]),
    ("shape-axes-only", grid_file(**{"axes.options.dealer_restriction": None, "axes.players": "[3, 4]",
                                     "baseline": None}), ["grid g", "key axes", "lineup or options.NAME"]),
    ("typo-key", grid_file(seeds="3"), ["grid g", "unknown key 'seeds'", "baseline"]),
    ("typo-axis", grid_file(**{"axes.lineups": '["random"]'}), ["grid g", "axes.lineups", "axes are"]),
    ("typo-baseline", grid_file(baseline='{ options.dealer_restrictions = "always" }'),
     ["grid g", "baseline.options.dealer_restrictions", "options.dealer_restriction"]),
    ("baseline-off-axis", grid_file(baseline='{ options.dealer_restriction = "leader" }'),
     ["grid g", "key baseline.options.dealer_restriction", "always or never"]),
    ("baseline-players", grid_file(**{"axes.players": "[3, 4]"},
                                   baseline='{ players = 3, options.dealer_restriction = "always" }'),
     ["grid g", "key baseline.players", "its own baseline"]),
    ("no-baseline", grid_file(baseline=None), ["grid g", "no baseline", "options.dealer_restriction"]),
    ("baseline-incomplete", grid_file(**{"axes.lineup": '["random", "heuristic"]'}),
     ["grid g", "key baseline", "no value of lineup"]),
    ("aggregate", grid_file(aggregate="true"), ["grid g", "unknown key 'aggregate'"]),
    ("no-game", grid_file(game=None), ["grid g", "no game"]),
    ("bad-precision", grid_file(precision="-1"), ["grid g", "key precision", "above 0"]),
    ("max-boards-alone", grid_file(max_boards="100"), ["grid g", "key max_boards", "needs key precision"]),
    ("max-boards-too-few", grid_file(precision="1", max_boards="2"), ["grid g", "key max_boards", "at least 4"]),
    ("name-taken", '[[run]]\nname = "g"\ngame = "wizard"\ngames = 2\n' + grid_file(),
     ["grid g", "key name", "already"]),
    ("bad-player-count-for-lineup", grid_file(lineup='["random", "random", "random", "random"]',
                                              **{"axes.players": "[3, 4]"}),
     ["grid g", "key axes.players", "got 4"]),
    ("bad-cell", grid_file(**{"axes.players": "[3, 4]", "axes.lineup": f"[{FOUR}]"},
                           baseline=f'{{ lineup = {FOUR}, options.dealer_restriction = "always" }}'),
     ["grid g", "cell players=3, lineup=random random random heuristic", "got 4"]),
]


@pytest.mark.parametrize("text, words", [case[1:] for case in BAD], ids=[case[0] for case in BAD])
def test_a_bad_grid_is_one_line_naming_the_file_grid_and_key(tmp_path, text, words):
    path = write(tmp_path, text)
    with pytest.raises(TricksimError) as info:
        grids_of(path)
    message = str(info.value)
    assert "\n" not in message and str(path) in message
    for word in words:
        assert word in message, (word, message)


def test_a_bad_grid_stops_the_study_before_any_run(tmp_path, capsys):
    path = write(tmp_path, '[[run]]\nname = "r"\ngame = "wizard"\ngames = 2\n'
                 + grid_file(**{"axes.lineup": '["random", "clever"]'}))
    assert main(["study", str(path), "--out", str(tmp_path / "out"), "--backend", "serial", "--no-progress"]) == 2
    assert "clever" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_the_example_grid_loads():
    grids = grids_of(ROOT / "scripts" / "studies" / "wizard_dealer_restriction.toml")
    assert grids and all(len(g.cells) > 1 for g in grids)


def test_every_grid_key_is_documented_and_the_documented_grid_loads(tmp_path):
    import re
    from sim.study_grid import GRID_KEYS
    doc = (ROOT / "docs" / "studies.md").read_text()
    keys = doc.split("### Grid keys\n", 1)[1].split("\n### ", 1)[0]
    assert set(re.findall(r"^\| `([^`]+)` \|", keys, flags=re.M)) == set(GRID_KEYS)
    example = re.findall(r"```toml\n(.*?)```", doc.split("## Grids\n", 1)[1], flags=re.S)[0]
    grid = grids_of(write(tmp_path, example))[0]
    assert len(grid.cells) == 9 and len({c.baseline for c in grid.cells}) == 3
    assert example.strip() in (ROOT / "scripts" / "studies" / "wizard_dealer_restriction.toml").read_text()
