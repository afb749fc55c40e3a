"""The store: atomic files, manifests, reading records and cubes back, the digest."""
import json
import shutil

import numpy as np
import pandas as pd
import pytest

from sim import files, store
from sim.errors import TricksimError
from sim.games.wizard.records import DEALS, GAMES
from sim.runner import run_study
from sim.study import Study

BOARDS, CHUNK_BOARDS, ROUNDS, PLAYERS = 7, 3, 15, 4      # 4-player Wizard: 15 rounds


@pytest.fixture(scope="module")
def finished_run(tmp_path_factory):
    """A records run of 7 boards in chunks of 3, 3 and 1 (read only: copy it to change it)."""
    study = Study.create("wizard", players=PLAYERS, lineup=["heuristic", "random"] * 2,
                         boards=BOARDS, seed=3, chunk_boards=CHUNK_BOARDS)
    return run_study(study, tmp_path_factory.mktemp("store") / "run", backend="serial", progress=False)


@pytest.fixture
def run_copy(finished_run, tmp_path):
    return shutil.copytree(finished_run, tmp_path / "copy")


def edit_manifest(run_dir, **changes):
    path = run_dir / "manifest.json"
    manifest = json.loads(path.read_text())
    manifest.update(changes)
    path.write_text(json.dumps(manifest))


# -- atomic writes ---------------------------------------------------------------
def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path):
    target = tmp_path / "table.parquet"
    target.write_text("old")

    def half_write(temp):
        temp.write_text("half")
        raise OSError("disk full")

    with pytest.raises(OSError):
        files.write_atomic(target, half_write)
    assert [p.name for p in tmp_path.iterdir()] == ["table.parquet"]
    assert target.read_text() == "old"
    files.write_atomic(target, lambda temp: temp.write_text("new"))
    assert target.read_text() == "new"


def test_only_our_temporaries_are_removed(tmp_path):
    (tmp_path / ".deals-00001.parquet.0123abcd.tmp").write_text("left by a killed run")
    (tmp_path / "chunks").mkdir()
    (tmp_path / "chunks" / ".chunk-00001.json.89abcdef.tmp").write_text("{")
    (tmp_path / "notes.tmp").write_text("a user's file")
    store.remove_temporaries(tmp_path)
    assert sorted(p.name for p in tmp_path.rglob("*") if p.is_file()) == ["notes.tmp"]


def test_records_round_trip_through_parquet_with_their_dtype(tmp_path):
    rng = np.random.default_rng(0)
    records = np.zeros(50, dtype=DEALS)
    for name in DEALS.names:
        records[name] = rng.integers(-1, 100, size=50)
    files.write_records(tmp_path / "deals.parquet", records)
    back = files.read_records(tmp_path / "deals.parquet", DEALS)
    assert back.dtype == DEALS
    assert np.array_equal(back, records)


def test_frames_keep_their_index_through_parquet(tmp_path):
    index = pd.MultiIndex.from_arrays([np.array([1, 1, 2], np.int8), np.array([0, 1, 0], np.int8)],
                                      names=["hand_size", "bid"])
    frame = pd.DataFrame({"rows": np.array([5, 7, 9], np.int64), "share": [0.5, 1 / 3, 0.25]}, index=index)
    files.write_frame(tmp_path / "cube.parquet", frame)
    pd.testing.assert_frame_equal(files.read_frame(tmp_path / "cube.parquet"), frame, check_exact=True)


# -- manifests -------------------------------------------------------------------
def test_a_plain_chunk_cube_is_one_archive_and_comes_back_exactly(tmp_path):
    cube = {"bids": pd.DataFrame({"bid": np.array([0, 3], np.int64), "n": np.array([5, 2**40], np.int64)}),
            "empty": pd.DataFrame({"a": np.zeros(0, np.int64), "n": np.zeros(0, np.int64)}),
            "shares": pd.DataFrame({"player": np.array([1], np.int8), "wins": np.array([1 / 3])})}
    files = store.write_chunk_cube(tmp_path, 4, cube)
    assert [f.name for f in files] == ["cube-00004.npz"]
    back = store.load_chunk_cube(tmp_path, 4, list(cube))
    assert list(back) == list(cube)
    for name in cube:
        pd.testing.assert_frame_equal(back[name], cube[name], check_exact=True)


def test_a_chunk_cube_with_an_index_is_a_parquet_file_a_table(tmp_path):
    wins = pd.DataFrame({"wins": [0.5, 1 / 3]}, index=pd.Index([2, 7], name="player"))
    cube = {"wins": wins, "bids": pd.DataFrame({"bid": [1], "n": [4]})}
    files = store.write_chunk_cube(tmp_path, 0, cube)
    assert sorted(f.name for f in files) == ["cube-00000-bids.parquet", "cube-00000-wins.parquet"]
    back = store.load_chunk_cube(tmp_path, 0, list(cube))
    pd.testing.assert_frame_equal(back["wins"], wins, check_exact=True)


def test_a_directory_without_a_manifest_is_not_a_run(tmp_path):
    for path in (tmp_path, tmp_path / "missing"):
        with pytest.raises(TricksimError, match="is not a tricksim run"):
            store.load_manifest(path)
        with pytest.raises(TricksimError, match="is not a tricksim run"):
            store.is_complete(path)


@pytest.mark.parametrize("text, message", [
    ("{not json", "malformed"),
    ("[1, 2]", "expected a JSON object"),
    ('{"study": {}, "status": "complete"}', "lacks layout, tables or chunks"),
    ('{"study": {}, "status": "complete", "layout": "cubes", "tables": [], "chunks": []}', "layout"),
])
def test_a_malformed_manifest_is_refused(tmp_path, text, message):
    (tmp_path / "manifest.json").write_text(text)
    with pytest.raises(TricksimError, match=message):
        store.load_manifest(tmp_path)


def test_a_manifest_with_a_bad_study_is_refused(run_copy):
    edit_manifest(run_copy, study={"game": "wizard"})
    with pytest.raises(TricksimError, match="bad study"):
        store.load_study(run_copy)


def test_is_complete_follows_the_manifest(run_copy):
    assert store.is_complete(run_copy)
    edit_manifest(run_copy, status="running")
    assert not store.is_complete(run_copy)


def test_a_chunk_is_finished_only_with_its_marker_and_all_its_files(run_copy):
    study = store.load_study(run_copy)
    assert sorted(store.finished_chunks(run_copy, study)) == [0, 1, 2]
    (run_copy / "games-00001.parquet").unlink()
    (run_copy / "chunks" / "chunk-00002.json").write_text("{")
    assert sorted(store.finished_chunks(run_copy, study)) == [0]
    other_plan = Study.from_dict({**study.to_dict(), "chunk_boards": 2})
    assert sorted(store.finished_chunks(run_copy, other_plan)) == []


@pytest.mark.parametrize("plan", [[[0, 0, 2], [1, 1, 4]], [[0, 0, 2], [0, 2, 3]], [[0, 0, 2]], "all", []])
def test_a_manifest_whose_plan_does_not_cover_the_boards_is_refused(run_copy, plan):
    edit_manifest(run_copy, plan=plan)
    with pytest.raises(TricksimError, match="malformed: its plan"):
        store.load_records(run_copy, "deals")


def test_a_plan_kept_over_a_new_chunk_size_covers_every_board_once():
    study = Study.create("wizard", boards=20, chunk_boards=4)
    kept = {1: {"first_board": 3, "n_boards": 3}, 7: {"first_board": 10, "n_boards": 3}}
    plan = store.replan(study, kept, first_new_index=8)
    assert plan == [(8, 0, 3), (1, 3, 3), (9, 6, 4), (7, 10, 3), (10, 13, 4), (11, 17, 3)]


# -- reading records ---------------------------------------------------------------
def test_records_load_in_chunk_order_with_the_dtype_columns(finished_run):
    deals = store.load_records(finished_run, "deals")
    assert list(deals.columns) == list(DEALS.names)
    assert all(deals[name].dtype == DEALS[name] for name in DEALS.names)
    assert len(deals) == BOARDS * ROUNDS * PLAYERS
    # fixed seating: game = board, and chunks hold consecutive boards
    assert deals["game"].is_monotonic_increasing
    assert sorted(deals["game"].unique()) == list(range(BOARDS))
    games = store.load_records(finished_run, "games", columns=["game", "total"])
    assert list(games.columns) == ["game", "total"] and len(games) == BOARDS * PLAYERS
    assert games["total"].dtype == GAMES["total"]


def test_unknown_tables_and_columns_are_refused(finished_run):
    with pytest.raises(TricksimError, match="tables are deals or games"):
        store.load_records(finished_run, "tricks")
    with pytest.raises(TricksimError, match="no column 'bidd'"):
        store.load_records(finished_run, "deals", columns=["bidd"])


def test_an_unfinished_run_loads_only_when_partial_is_asked_for(run_copy):
    edit_manifest(run_copy, status="running")
    (run_copy / "chunks" / "chunk-00001.json").unlink()
    with pytest.raises(TricksimError, match="not complete"):
        store.load_records(run_copy, "deals")
    games = store.load_records(run_copy, "games", partial=True)
    assert sorted(games["board"].unique()) == [0, 1, 2, 6]      # chunks 0 and 2


def test_a_finished_run_missing_a_chunk_file_says_so(run_copy):
    (run_copy / "deals-00001.parquet").unlink()
    with pytest.raises(TricksimError, match="lacks the files of chunk 1"):
        store.load_records(run_copy, "deals")


def test_an_aggregate_run_has_no_records_but_its_cube(run_copy):
    frame = pd.DataFrame({"rows": [3, 4]}, index=pd.Index([0, 1], name="player"))
    files.write_frame(store.cube_file(run_copy, "wins"), frame)
    edit_manifest(run_copy, layout="aggregate", tables=["wins"])
    with pytest.raises(TricksimError, match="aggregate run"):
        store.load_records(run_copy, "deals")
    pd.testing.assert_frame_equal(store.load_cube(run_copy)["wins"], frame)


# -- the digest ----------------------------------------------------------------------
def test_the_digest_ignores_row_order_and_timings_but_not_values(finished_run, run_copy):
    digest = store.run_digest(finished_run)
    path = run_copy / "deals-00001.parquet"
    records = files.read_records(path, DEALS)
    files.write_records(path, records[::-1].copy())
    edit_manifest(run_copy, backend="dask", jobs=8, timings={"seconds": 99.0})
    assert store.run_digest(run_copy) == digest

    records["score"][5] += 10
    files.write_records(path, records)
    assert store.run_digest(run_copy) != digest


def test_an_unfinished_run_has_no_digest(run_copy):
    edit_manifest(run_copy, status="running")
    with pytest.raises(TricksimError, match="not complete"):
        store.run_digest(run_copy)
