"""The runner: backends agree, runs resume to identical results, errors surface.

This module doubles as a tiny analysis module (``reduce`` / ``combine``
below) and a tiny user strategy (``always_99``), so that worker processes
can import them by this module's name, as they would a user's module.
"""
import importlib.util
import shutil

import numpy as np
import pandas as pd
import pytest
from numba import njit

from sim import registry, store
from sim.errors import TricksimError
from sim.rng_nb import chunk_states
from sim.runner import ChunkOrderFold, run_study
from sim.store import run_digest
from sim.study import Study
from sim.engine import Engine
from strategies.abi import SIGNATURE

THIS_MODULE = __name__
REAL_RUN_CHUNK = Engine.run_chunk     # patched per test; the real one


def small_study(**changes) -> Study:
    """12 boards of 4-player Wizard (15 rounds each) in 4 chunks of 3 boards."""
    args = dict(game="wizard", players=4, lineup=["heuristic", "random"] * 2, boards=12,
                seed=7, chunk_boards=3)
    args.update(changes)
    return Study.create(**args)


# -- a tiny analysis module: additive counts and sums --------------------------
def reduce(records, study):
    deals = pd.DataFrame(records["deals"])
    games = pd.DataFrame(records["games"])
    bids = deals.groupby(["hand_size", "bid"]).agg(rows=("tricks", "size"), tricks=("tricks", "sum"))
    games["win"] = games["win"].astype(np.float64)      # shares like 1/3: float sums
    wins = games.groupby("player").agg(games=("win", "size"), wins=("win", "sum"))
    return {"bids": bids.astype(np.int64).astype({"tricks": np.int64}),
            "wins": wins.astype({"games": np.int64})}


def combine(cubes):
    out = {}
    for name in cubes[0]:
        joined = pd.concat([cube[name] for cube in cubes])
        out[name] = joined.groupby(level=list(range(joined.index.nlevels))).sum().sort_index()
    return out


@pytest.fixture
def fake_analysis(monkeypatch):
    monkeypatch.setattr(registry.game("wizard"), "analysis", THIS_MODULE)


# -- a user strategy that always answers 99: never a legal bid or card ---------
@njit(SIGNATURE, cache=True)
def always_99(obs, params):
    return 99


def parquet_files(run_dir):
    return sorted(p.name for p in run_dir.rglob("*.parquet"))


def temporaries(run_dir):
    return sorted(p.name for p in run_dir.rglob("*.tmp"))


# -- determinism ---------------------------------------------------------------
def test_every_local_backend_gives_the_same_digest(tmp_path):
    study = small_study()
    digests = {}
    for backend, jobs in [("serial", 1), ("loky", 2), ("threading", 2), ("numba", 2)]:
        run_dir = run_study(study, tmp_path / backend, jobs=jobs, backend=backend, progress=False)
        digests[backend] = run_digest(run_dir)
    assert len(set(digests.values())) == 1, digests


@pytest.mark.parametrize("aggregate", [False, True])
def test_one_worker_packages_a_chunk_while_the_next_plays(tmp_path, monkeypatch, aggregate):
    """``--jobs 1`` on a machine with a core to spare: a second thread reduces or writes each
    chunk while the next plays, with the results of a serial run."""
    from sim import backends
    overlapped = []
    monkeypatch.setattr(backends, "_spare_core", lambda: True)
    real = backends._overlapped_results
    monkeypatch.setattr(backends, "_overlapped_results", lambda tasks: overlapped.append(1) or real(tasks))
    study = small_study(aggregate=aggregate)
    serial = run_study(study, tmp_path / "serial", backend="serial", progress=False)
    for backend in ("threading", "loky"):
        one = run_study(study, tmp_path / backend, jobs=1, backend=backend, progress=False)
        assert run_digest(one) == run_digest(serial)
        assert parquet_files(one) == parquet_files(serial)
    assert overlapped == [1, 1]


@pytest.mark.skipif(importlib.util.find_spec("distributed") is None, reason="needs dask.distributed")
def test_dask_local_cluster_gives_the_serial_digest(tmp_path):
    study = small_study()
    serial = run_study(study, tmp_path / "serial", backend="serial", progress=False)
    dask = run_study(study, tmp_path / "dask", jobs=2, backend="dask", progress=False)
    assert run_digest(dask) == run_digest(serial)
    assert parquet_files(dask) == parquet_files(serial)


def test_a_different_seed_gives_a_different_digest(tmp_path):
    a = run_study(small_study(seed=7), tmp_path / "a", backend="serial", progress=False)
    b = run_study(small_study(seed=8), tmp_path / "b", backend="serial", progress=False)
    assert run_digest(a) != run_digest(b)


def test_stored_records_are_what_the_kernel_returns_chunk_by_chunk(tmp_path):
    study = small_study(seating="duplicate", boards=5, chunk_boards=2)
    run_dir = run_study(study, tmp_path / "run", jobs=2, progress=False)
    game = registry.game("wizard")
    expected = [Engine(study).run_chunk(*study.chunk_bounds(i), chunk_states(study.seed, i))
                for i in range(study.n_chunks)]
    for table in ("deals", "games"):
        stored = store.load_records(run_dir, table)
        direct = pd.DataFrame(np.concatenate([records[table] for records in expected]))
        pd.testing.assert_frame_equal(stored, direct)
    deals = store.load_records(run_dir, "deals")
    # duplicate seating: each board is played once per rotation of the 4 players
    assert len(deals) == 5 * 4 * 15 * 4
    assert sorted(deals["board"].unique()) == [0, 1, 2, 3, 4]


def test_manifest_describes_the_run(tmp_path):
    study = small_study(lineup=["heuristic[bias=0.25]", "random"] * 2, boards=7)
    run_dir = run_study(study, tmp_path / "run", backend="serial", progress=False)
    manifest = store.load_manifest(run_dir)
    assert manifest["status"] == "complete"
    assert Study.from_dict(manifest["study"]) == study
    assert manifest["root_seed"] == 7
    assert manifest["game"]["family"] == "wizard"
    assert manifest["players"][0]["spec"] == "heuristic[bias=0.25]"
    assert manifest["players"][0]["params"]["bias"] == 0.25
    assert manifest["players"][1]["params"] == {}
    assert set(manifest["versions"]) >= {"tricksim", "numba", "numpy", "python"}
    chunks = manifest["chunks"]
    assert [(c["first_board"], c["n_boards"]) for c in chunks] == [(0, 3), (3, 3), (6, 1)]
    assert [c["rows"]["games"] for c in chunks] == [12, 12, 4]
    assert manifest["timings"]["deals"] == 7 * 15


# -- resume ----------------------------------------------------------------------
def fail_on_chunk(monkeypatch, failing_chunk):
    """Make chunk ``failing_chunk`` raise (in this process); list the chunks played.

    The engine's warm-up plays a board of its own, not through ``run_chunk``.
    """
    played = []
    real_run_chunk = REAL_RUN_CHUNK

    def run_chunk(self, first, n_boards, states):
        chunk_index = first // self.study.chunk_boards
        if chunk_index == failing_chunk:
            raise TricksimError("simulated interruption")
        played.append(chunk_index)
        return real_run_chunk(self, first, n_boards, states)

    monkeypatch.setattr(Engine, "run_chunk", run_chunk)
    return played


@pytest.mark.parametrize("aggregate", [False, True])
def test_an_interrupted_run_resumes_to_the_same_results(tmp_path, monkeypatch, fake_analysis, aggregate):
    study = small_study(aggregate=aggregate)
    whole = run_study(study, tmp_path / "whole", backend="serial", progress=False)

    played = fail_on_chunk(monkeypatch, failing_chunk=2)
    with pytest.raises(TricksimError, match="simulated interruption"):
        run_study(study, tmp_path / "resumed", backend="serial", progress=False)
    run_dir = tmp_path / "resumed"
    assert played == [0, 1]
    assert store.load_manifest(run_dir)["status"] == "running"
    assert not any("00002" in name or "00003" in name for name in parquet_files(run_dir))

    played = fail_on_chunk(monkeypatch, failing_chunk=None)
    run_study(study, run_dir, backend="serial", progress=False)
    assert played == [2, 3]                 # the finished chunks were kept
    assert store.is_complete(run_dir)
    assert run_digest(run_dir) == run_digest(whole)
    assert [c["index"] for c in store.load_manifest(run_dir)["chunks"]] == [0, 1, 2, 3]


def played_bounds(monkeypatch) -> list:
    """Record the (first board, boards) of every chunk played (in this process)."""
    played = []
    real_run_chunk = REAL_RUN_CHUNK

    def run_chunk(self, first, n_boards, states):
        played.append((first, n_boards))
        return real_run_chunk(self, first, n_boards, states)

    monkeypatch.setattr(Engine, "run_chunk", run_chunk)
    return played


@pytest.mark.parametrize("aggregate", [False, True])
@pytest.mark.parametrize("new_size", [2, 5])
def test_a_run_resumed_with_another_chunk_size_keeps_its_chunks(tmp_path, monkeypatch, aggregate, new_size):
    # the game's own analysis: its cubes add whole numbers, in any grouping
    study = small_study(aggregate=aggregate)             # 12 boards in chunks of 3
    whole = run_study(small_study(aggregate=aggregate, chunk_boards=4), tmp_path / "whole",
                      backend="serial", progress=False)
    fail_on_chunk(monkeypatch, failing_chunk=2)
    run_dir = tmp_path / "resumed"
    with pytest.raises(TricksimError, match="simulated interruption"):
        run_study(study, run_dir, backend="serial", progress=False)
    played = played_bounds(monkeypatch)
    notices = []
    run_study(small_study(aggregate=aggregate, chunk_boards=new_size), run_dir, backend="serial",
              progress=False, notify=lambda event, message: notices.append(event))
    # boards 0-5 (chunks 0 and 1) are kept; boards 6-11 are played in chunks of the new size
    expected = [(first, min(new_size, 12 - first)) for first in range(6, 12, new_size)]
    assert played == expected
    assert "chunk size" in notices and "resume" in notices
    manifest = store.load_manifest(run_dir)
    assert [tuple(c[1:]) for c in manifest["plan"]] == [(0, 3), (3, 3)] + expected
    assert manifest["study"]["chunk_boards"] == new_size and manifest["status"] == "complete"
    assert run_digest(run_dir) == run_digest(whole)
    if not aggregate:
        deals = store.load_records(run_dir, "deals")
        pd.testing.assert_frame_equal(deals, store.load_records(whole, "deals"))


def test_a_run_resumed_twice_with_other_chunk_sizes_still_adds_up(tmp_path, monkeypatch):
    whole = run_study(small_study(), tmp_path / "whole", backend="serial", progress=False)
    run_dir = tmp_path / "run"
    for size, failing in ((3, 2), (2, 5)):
        fail_on_chunk(monkeypatch, failing_chunk=failing)
        with pytest.raises(TricksimError, match="simulated interruption"):
            run_study(small_study(chunk_boards=size), run_dir, backend="serial", progress=False)
    fail_on_chunk(monkeypatch, failing_chunk=None)
    run_study(small_study(chunk_boards=5), run_dir, backend="serial", progress=False)
    plan = store.load_manifest(run_dir)["plan"]
    assert sum(n for _, _, n in plan) == 12 and len({i for i, _, _ in plan}) == len(plan)
    assert run_digest(run_dir) == run_digest(whole)


def test_the_digest_does_not_depend_on_the_chunk_size(tmp_path):
    digests = {run_digest(run_study(small_study(chunk_boards=size), tmp_path / f"c{size}",
                                    backend="serial", progress=False)) for size in (1, 5, 12)}
    assert len(digests) == 1


def test_a_deleted_chunk_file_is_played_again(tmp_path, monkeypatch):
    study = small_study()
    run_dir = run_study(study, tmp_path / "run", backend="serial", progress=False)
    digest = run_digest(run_dir)
    (run_dir / "games-00001.parquet").unlink()
    played = fail_on_chunk(monkeypatch, failing_chunk=None)
    run_study(study, run_dir, backend="serial", progress=False)
    assert played == [1]
    assert run_digest(run_dir) == digest


def test_a_finished_run_is_not_played_again(tmp_path, monkeypatch):
    study = small_study()
    run_dir = run_study(study, tmp_path / "run", backend="serial", progress=False)
    played = fail_on_chunk(monkeypatch, failing_chunk=None)
    notices = []
    run_study(study, run_dir, backend="serial", progress=False,
              notify=lambda event, message: notices.append((event, message)))
    assert played == []
    assert notices == [("complete", f"{run_dir} holds this run, already complete: nothing to play "
                                    f"(--fresh plays it again)")]


def test_another_study_in_the_same_directory_is_refused(tmp_path):
    run_dir = run_study(small_study(), tmp_path / "run", backend="serial", progress=False)
    with pytest.raises(TricksimError, match="different study") as error:
        run_study(small_study(seed=8), run_dir, backend="serial", progress=False)
    message = str(error.value)
    assert "seed 7 there, 8 asked" in message and "--fresh" in message and "delete" not in message


def test_resume_false_starts_afresh(tmp_path, monkeypatch):
    run_dir = run_study(small_study(seed=8), tmp_path / "run", backend="serial", progress=False)
    played = fail_on_chunk(monkeypatch, failing_chunk=None)
    run_study(small_study(), run_dir, backend="serial", progress=False, resume=False)
    assert played == [0, 1, 2, 3]
    fresh = run_study(small_study(), tmp_path / "fresh", backend="serial", progress=False)
    assert run_digest(run_dir) == run_digest(fresh)


def test_a_directory_that_is_not_a_run_is_left_alone(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(TricksimError, match="not empty"):
        run_study(small_study(), tmp_path, backend="serial", progress=False)
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


# -- aggregation -----------------------------------------------------------------
def test_aggregate_cube_equals_reducing_all_records_at_once(tmp_path, fake_analysis):
    records_run = run_study(small_study(), tmp_path / "records", backend="serial", progress=False)
    aggregate = small_study(aggregate=True)
    serial = run_study(aggregate, tmp_path / "serial", backend="serial", progress=False)
    loky = run_study(aggregate, tmp_path / "loky", jobs=2, backend="loky", progress=False)
    assert run_digest(serial) == run_digest(loky)
    assert not list(serial.glob("deals-*.parquet"))     # aggregate runs keep no records

    all_records = {table: store.load_records(records_run, table).to_records(index=False)
                   for table in ("deals", "games")}
    at_once = reduce(all_records, aggregate)
    cube = store.load_cube(serial)
    assert sorted(cube) == ["bids", "wins"]
    pd.testing.assert_frame_equal(cube["bids"], at_once["bids"].sort_index())
    pd.testing.assert_frame_equal(cube["wins"], at_once["wins"].sort_index(), check_exact=False)
    assert cube["wins"]["games"].sum() == 12 * 4
    # a records run reduced after the fact folds the same way, bit for bit
    from_records = store.load_cube(records_run)
    for name in cube:
        pd.testing.assert_frame_equal(from_records[name], cube[name], check_exact=True)


def test_cubes_fold_in_chunk_order_whatever_order_they_arrive_in():
    # list concatenation does not commute: the result shows the folding order
    fold = ChunkOrderFold(lambda cubes: {"t": cubes[0]["t"] + cubes[1]["t"]}, 4, lambda i: None)
    for index in (2, 0, 3, 1):
        fold.add(index, {"t": [index]})
    assert fold.result() == {"t": [0, 1, 2, 3]}


def test_finished_chunks_are_folded_from_their_checkpoint():
    on_disk = {0: {"t": [0]}, 2: {"t": [2]}}
    fold = ChunkOrderFold(lambda cubes: {"t": cubes[0]["t"] + cubes[1]["t"]}, 3, on_disk.get)
    fold.add(1, {"t": [1]})
    assert fold.result() == {"t": [0, 1, 2]}


# -- the numba backend ---------------------------------------------------------
def test_numba_backend_hands_batches_of_chunks_to_run_chunks(tmp_path, monkeypatch):
    batches = []

    def run_chunks(self, tasks):
        batches.append([task[0] for task in tasks])
        return [self.run_chunk(*task[1:]) for task in tasks]

    monkeypatch.setattr(Engine, "run_chunks", run_chunks)

    study = small_study(boards=10)          # 4 chunks: 3 + 3 + 3 + 1 boards
    run_dir = run_study(study, tmp_path / "numba", jobs=2, backend="numba", progress=False)
    assert batches == [[0, 1], [2, 3]]
    serial = run_study(study, tmp_path / "serial", backend="serial", progress=False)
    assert run_digest(run_dir) == run_digest(serial)


# -- errors --------------------------------------------------------------------
@pytest.mark.parametrize("backend, jobs", [("serial", 1), ("loky", 2), ("threading", 1)])
def test_an_illegal_action_in_a_worker_surfaces_as_tricksim_error(tmp_path, backend, jobs):
    study = small_study(lineup=[f"{THIS_MODULE}:always_99", "random", "random", "random"])
    run_dir = tmp_path / "run"
    with pytest.raises(TricksimError, match="illegal bid 99"):
        run_study(study, run_dir, jobs=jobs, backend=backend, progress=False)
    assert not run_dir.exists()             # nothing played: nothing left behind


def test_a_run_that_failed_at_once_does_not_block_the_corrected_command(tmp_path):
    run_dir = tmp_path / "run"
    run_dir.mkdir()
    bad = small_study(lineup=[f"{THIS_MODULE}:always_99", "random", "random", "random"])
    with pytest.raises(TricksimError, match="illegal bid 99"):
        run_study(bad, run_dir, backend="serial", progress=False)
    assert list(run_dir.iterdir()) == []    # the directory we were given stays
    fixed = run_study(small_study(), run_dir, backend="serial", progress=False)
    assert store.is_complete(fixed)


def test_a_killed_run_that_finished_no_chunk_does_not_block_another_study(tmp_path):
    run_dir = run_study(small_study(seed=8), tmp_path / "run", backend="serial", progress=False)
    # what a run killed right after writing its manifest leaves
    for path in run_dir.rglob("*.parquet"):
        path.unlink()
    shutil.rmtree(run_dir / "chunks")
    manifest = store.load_manifest(run_dir)
    store.write_manifest(run_dir, {**manifest, "status": "running", "chunks": []})
    run_study(small_study(), run_dir, backend="serial", progress=False)
    fresh = run_study(small_study(), tmp_path / "fresh", backend="serial", progress=False)
    assert run_digest(run_dir) == run_digest(fresh)


@pytest.mark.parametrize("kwargs, message", [
    (dict(backend="spark"), "backends are serial, loky, threading, dask, ray or numba"),
    (dict(jobs=0), "jobs must be"),
    (dict(backend="loky", scheduler="tcp://10.0.0.1:8786"), "dask or ray backend"),
])
def test_bad_runner_arguments_are_refused_before_writing(tmp_path, kwargs, message):
    with pytest.raises(TricksimError, match=message):
        run_study(small_study(), tmp_path / "run", progress=False, **kwargs)
    assert not (tmp_path / "run").exists()


@pytest.mark.skipif(importlib.util.find_spec("ray") is not None, reason="ray is installed")
def test_the_ray_backend_without_ray_names_the_extra(tmp_path):
    with pytest.raises(TricksimError, match=r"pip install tricksim\[ray\]"):
        run_study(small_study(), tmp_path / "run", backend="ray", progress=False)


# -- resume only with the same code ------------------------------------------------
USER_MODULE = """\
from strategies import wizard_nb
from strategies.abi import KIND_USER
from strategies.registry import Player

PLAYER = Player(name="mine", family="wizard", kind=KIND_USER, decide=wizard_nb.{decide})
"""


def user_player_study(tmp_path, monkeypatch, module_name: str) -> tuple[Study, object]:
    """A study with a user player from a module in ``tmp_path``; returns it and the module's file."""
    source = tmp_path / f"{module_name}.py"
    source.write_text(USER_MODULE.format(decide="random_decide"))
    monkeypatch.syspath_prepend(str(tmp_path))
    return small_study(lineup=[f"{module_name}:PLAYER", "random", "heuristic", "random"]), source


def test_resume_after_the_user_module_changed_is_refused(tmp_path, monkeypatch):
    study, source = user_player_study(tmp_path, monkeypatch, "edited_player")
    fail_on_chunk(monkeypatch, failing_chunk=2)
    run_dir = tmp_path / "run"
    with pytest.raises(TricksimError, match="simulated interruption"):
        run_study(study, run_dir, backend="serial", progress=False)
    source.write_text(USER_MODULE.format(decide="heuristic_decide"))
    played = fail_on_chunk(monkeypatch, failing_chunk=None)
    with pytest.raises(TricksimError, match="other code.*--fresh") as error:
        run_study(study, run_dir, backend="serial", progress=False)
    assert "\n" not in str(error.value)
    assert played == []
    run_study(study, run_dir, backend="serial", progress=False, resume=False)    # --fresh
    assert played == [0, 1, 2, 3]


def test_resume_with_the_user_module_unchanged_keeps_finished_chunks(tmp_path, monkeypatch):
    study, _ = user_player_study(tmp_path, monkeypatch, "unchanged_player")
    whole = run_study(study, tmp_path / "whole", backend="serial", progress=False)
    fail_on_chunk(monkeypatch, failing_chunk=2)
    run_dir = tmp_path / "run"
    with pytest.raises(TricksimError, match="simulated interruption"):
        run_study(study, run_dir, backend="serial", progress=False)
    played = fail_on_chunk(monkeypatch, failing_chunk=None)
    run_study(study, run_dir, backend="serial", progress=False)
    assert played == [2, 3]
    assert run_digest(run_dir) == run_digest(whole)
    assert "unchanged_player" in store.load_manifest(run_dir)["code"]["modules"]


def test_comments_and_docstrings_added_to_a_user_module_keep_its_runs(tmp_path, monkeypatch):
    study, source = user_player_study(tmp_path, monkeypatch, "commented_player")
    run_dir = run_study(study, tmp_path / "run", backend="serial", progress=False)
    source.write_text('"""My player, now documented."""\n# why it plays as it does\n\n'
                      + source.read_text().replace("PLAYER = ", "PLAYER = (  # the one to name\n    ")
                      .rstrip() + "\n)\n")
    notices = []
    run_study(study, run_dir, backend="serial", progress=False,
              notify=lambda event, message: notices.append(event))
    assert notices == ["complete"]
    source.write_text(source.read_text().replace("random_decide", "heuristic_decide"))
    with pytest.raises(TricksimError, match="other code"):
        run_study(study, run_dir, backend="serial", progress=False)


def test_resume_after_the_engine_changed_is_refused(tmp_path, monkeypatch):
    from sim import cache
    fail_on_chunk(monkeypatch, failing_chunk=2)
    with pytest.raises(TricksimError, match="simulated interruption"):
        run_study(small_study(), tmp_path / "run", backend="serial", progress=False)
    fail_on_chunk(monkeypatch, failing_chunk=None)
    monkeypatch.setattr(cache, "engine_hash", lambda family: "another-engine")
    with pytest.raises(TricksimError, match="other code"):
        run_study(small_study(), tmp_path / "run", backend="serial", progress=False)


# -- resources -------------------------------------------------------------------
def test_jobs_are_capped_at_the_chunks_to_play_and_the_cores(tmp_path, monkeypatch):
    from joblib import cpu_count

    from sim import backends
    asked = []
    real = backends._joblib_results

    def spy(tasks, jobs, backend):
        asked.append(jobs)
        return real(tasks, jobs, backend)

    monkeypatch.setattr(backends, "_joblib_results", spy)
    run_dir = run_study(small_study(), tmp_path / "run", jobs=256, backend="loky", progress=False)
    expected = min(small_study().n_chunks, cpu_count())
    assert asked == [expected]
    assert store.load_manifest(run_dir)["jobs"] == expected


@pytest.mark.parametrize("chunk_games", [0, -3])
def test_chunk_games_below_one_is_refused(chunk_games):
    with pytest.raises(TricksimError, match="chunk games must be a whole number at least 1"):
        small_study(chunk_boards=chunk_games)


def test_an_output_under_a_file_is_refused_in_one_line(tmp_path):
    (tmp_path / "somefile").write_text("mine")
    with pytest.raises(TricksimError, match="somefile is a file") as error:
        run_study(small_study(), tmp_path / "somefile" / "run", backend="serial", progress=False)
    assert "\n" not in str(error.value)
    with pytest.raises(TricksimError, match="is a file"):
        run_study(small_study(), tmp_path / "somefile", backend="serial", progress=False)
    assert (tmp_path / "somefile").read_text() == "mine"


def test_games_per_board_is_in_the_manifest(tmp_path):
    duplicate = run_study(small_study(seating="duplicate", boards=2, chunk_boards=2), tmp_path / "dup",
                          backend="serial", progress=False)
    fixed = run_study(small_study(boards=2, chunk_boards=2), tmp_path / "fixed",
                      backend="serial", progress=False)
    assert store.load_manifest(duplicate)["games_per_board"] == 4       # 4 rotations of 4 players
    assert store.load_manifest(fixed)["games_per_board"] == 1


@pytest.mark.parametrize("seating, rotations", [("duplicate", 4), ("rotate", 1)])
def test_a_chunks_records_tell_its_games_per_board(seating, rotations):
    """What the analysis reads from a chunk that starts anywhere: the kit's game ids."""
    from analysis.common import games_per_board
    study = small_study(seating=seating, boards=9, chunk_boards=3)
    engine = Engine(study)
    assert engine.game.games_per_board(study) == rotations
    for first in (0, 5):
        records = engine.run_chunk(first, 3, chunk_states(study.seed, 1))
        for table in ("deals", "games"):
            game, board = records[table]["game"], records[table]["board"]
            assert set(np.unique(board)) == {first, first + 1, first + 2}
            assert len(np.unique(game)) == 3 * rotations
            assert games_per_board(game, board) == rotations


def test_the_report_reads_games_per_board_from_the_manifest(tmp_path):
    from analysis.report import describe_study
    run_dir = run_study(small_study(boards=2, chunk_boards=2), tmp_path / "run", backend="serial",
                        progress=False)
    manifest = store.load_manifest(run_dir)
    assert dict(describe_study(manifest))["boards"] == "2 (2 games)"
    manifest["games_per_board"] = 3         # the manifest, not the engine, says it
    assert dict(describe_study(manifest))["boards"] == "2 (6 games)"


# -- aggregate runs keep no checkpoints --------------------------------------------
def test_a_complete_aggregate_run_keeps_only_manifest_and_cube(tmp_path, monkeypatch, fake_analysis):
    study = small_study(aggregate=True)
    run_dir = run_study(study, tmp_path / "run", jobs=2, backend="loky", progress=False)
    files = sorted(p.relative_to(run_dir).as_posix() for p in run_dir.rglob("*"))
    assert files == ["cube-bids.parquet", "cube-wins.parquet", "manifest.json"]
    digest = run_digest(run_dir)
    played = fail_on_chunk(monkeypatch, failing_chunk=None)
    run_study(study, run_dir, backend="serial", progress=False)
    assert played == []                     # still recognised as complete
    assert run_digest(run_dir) == digest
    assert len(store.load_manifest(run_dir)["chunks"]) == study.n_chunks


def test_a_study_files_runs_are_warmed_once_per_kernel():
    """Runs that differ only in their game of one step module, options, seats or seed
    share a kernel; a variant with steps of its own, or a user's player, does not."""
    from sim.backends import distinct_kernels
    studies = [Study.create("wizard", players=4, boards=1),
               Study.create("oh_hell", players=5, boards=1, seed=3,
                            options={"dealer_restriction": "never"}),
               Study.create("wizard", players=3, lineup=["random", "heuristic", "random"], boards=1)]
    assert len(distinct_kernels([Engine(s) for s in studies])) == 1
    studies.append(Study.create("pitch", variant="ten_point", boards=1))
    studies.append(Study.create("pitch", variant="auction", boards=1))
    kernels = distinct_kernels([Engine(s) for s in studies])
    assert [e.study.game for e in kernels] == ["wizard", "pitch", "pitch"]
