"""The balance cube's compiled pass against pandas on the same records: as the kernel wrote
them, shuffled, with boards far apart, and empty."""
import numpy as np
import pandas as pd
import pytest

from analysis import balance
from analysis.common import paired_sums, strategies
from sim.engine import Engine
from sim.rng_nb import chunk_states
from sim.study import Study

N_PLAYERS = 4


@pytest.fixture(scope="module")
def team_records():
    """Schieber: two teams, a heuristic and a random strategy (strategy pairs too)."""
    study = Study.create("jass", players=N_PLAYERS, lineup=["heuristic", "random", "random", "heuristic"],
                         boards=30, seed=11, seating="rotate", variant="schieber")
    return study, Engine(study).run_chunk(0, 30, chunk_states(11, 0))["games"]


@pytest.fixture(scope="module")
def solo_records():
    """Oh Hell: every seat for itself, shared wins, duplicate seating."""
    study = Study.create("oh_hell", players=N_PLAYERS, lineup=["heuristic", "random", "heuristic", "random"],
                         boards=40, seed=5, seating="duplicate", options={"rounds": "3"})
    return study, Engine(study).run_chunk(0, 40, chunk_states(5, 0))["games"]


def pandas_cube(games: np.ndarray, study) -> dict:
    g = pd.DataFrame({k: games[k] for k in games.dtype.names})
    if "team" not in g:
        g["team"] = g["seat"]
    g = g.astype({k: np.int64 for k in ("seat", "team", "player", "start_position", "total", "board", "game")})
    g["win_units"] = np.rint(g["win"].astype(np.float64) * balance.WIN_UNIT).astype(np.int64)
    g["total_sq"] = g["total"] ** 2
    keys = balance.KEYS["games"]
    games_table = g.groupby(keys).agg(n=("total", "size"), win_units=("win_units", "sum"),
                                      total_sum=("total", "sum"), total_sq=("total_sq", "sum")).reset_index()
    totals = g.groupby(["player", "total"]).size().rename("n").reset_index()
    pairs = g.merge(g, on="game")
    pairs = pairs[(pairs["seat_x"] < pairs["seat_y"]) & (pairs["team_x"] == pairs["team_y"])]
    slot_a = np.minimum(pairs["player_x"], pairs["player_y"])
    slot_b = np.maximum(pairs["player_x"], pairs["player_y"])
    teammates = pd.DataFrame({"slot_a": slot_a, "slot_b": slot_b}).groupby(["slot_a", "slot_b"]).size() \
        .rename("n").reset_index()
    per_board = g.groupby(["board", "player"]).agg(n=("total", "size"), total=("total", "sum"),
                                                 win=("win_units", "sum")).unstack(fill_value=0)
    counts = per_board["n"].reindex(columns=range(N_PLAYERS), fill_value=0).to_numpy(np.int64)
    strategy_of_slot, _ = strategies(study.lineup)
    slot_pairs, strategy_pairs = [], []
    for measure, column in ((balance.MEASURE_TOTAL, "total"), (balance.MEASURE_WIN, "win")):
        sums = per_board[column].reindex(columns=range(N_PLAYERS), fill_value=0).to_numpy(np.int64)
        for out, groups, names in ((slot_pairs, np.arange(N_PLAYERS), ("slot_a", "slot_b")),
                                   (strategy_pairs, strategy_of_slot, ("strategy_a", "strategy_b"))):
            pairs = paired_sums(sums, counts, groups, names)
            pairs.insert(0, "measure", np.full(len(pairs), measure, dtype=np.int64))
            out.append(pairs)
    return {"games": games_table.astype(np.int64), "totals": totals.astype(np.int64),
            "teammates": teammates.astype(np.int64),
            "slot_pairs": pd.concat(slot_pairs, ignore_index=True),
            "strategy_pairs": pd.concat(strategy_pairs, ignore_index=True)}


def assert_same(got: dict, want: dict) -> None:
    for name, table in want.items():
        pd.testing.assert_frame_equal(got[name].reset_index(drop=True), table.reset_index(drop=True),
                                      check_exact=True, obj=name)


@pytest.mark.parametrize("records", ["team_records", "solo_records"])
def test_the_compiled_pass_equals_pandas(records, request):
    study, games = request.getfixturevalue(records)
    assert_same(balance.reduce(games, study), pandas_cube(games, study))


@pytest.mark.parametrize("records", ["team_records", "solo_records"])
def test_row_order_and_board_numbers_do_not_matter(records, request):
    study, games = request.getfixturevalue(records)
    shuffled = games[np.random.default_rng(3).permutation(len(games))]
    want = pandas_cube(games, study)
    assert_same(balance.reduce(shuffled, study), want)
    apart = games.copy()
    apart["board"] *= 100_000           # far apart: numbered, not counted densely
    assert_same(balance.reduce(apart, study), want)


def test_no_rows_give_the_tables_with_their_columns(solo_records):
    study, games = solo_records
    cube = balance.reduce(games[:0], study)
    full = balance.reduce(games, study)
    assert list(cube) == list(full)
    for name in cube:
        assert len(cube[name]) == 0 and list(cube[name].columns) == list(full[name].columns)


def test_boards_that_are_not_alike(solo_records):
    """Records filtered by hand: some boards lack a game (duplicate seating plays four), so
    the slots' rows differ from board to board and each board's sums are kept apart."""
    study, games = solo_records
    dropped = np.isin(games["game"], [4 * 3 + 1, 4 * 7 + 2, 4 * 7 + 3])
    filtered = games[~dropped]
    assert len(set(np.bincount(filtered["board"]))) == 3          # boards of 4, 3 and 2 games
    want = pandas_cube(filtered, study)
    assert_same(balance.reduce(filtered, study), want)
    assert_same(balance.reduce(filtered[::-1].copy(), study), want)
