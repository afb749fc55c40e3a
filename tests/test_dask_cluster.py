"""A dask cluster of separate processes, started with dask's command line as on
many machines (a scheduler, two workers), plays a study through its address
with the serial run's results: from the library, ``tricksim simulate`` and
``tricksim study``.
"""
import importlib.util
import json
import subprocess
import sys
import time

import pytest

from sim.runner import run_study
from sim.store import load_manifest, run_digest
from sim.study import Study
from cluster_processes import log_tail, script, start, stop, worker_env

pytestmark = [pytest.mark.skipif(importlib.util.find_spec("distributed") is None,
                                 reason="needs dask.distributed"),
              pytest.mark.xdist_group("dask-cluster")]

WORKERS = 2
STUDY = dict(game="oh_hell", players=4, lineup=["random"], boards=8, seed=5, chunk_boards=2)


def small_study(**changes) -> Study:
    """8 boards of 4-player Oh Hell between random players, in 4 chunks of 2."""
    return Study.create(**{**STUDY, **changes})


@pytest.fixture(scope="module")
def dask_cluster(tmp_path_factory):
    """``dask scheduler`` and two ``dask worker`` processes on 127.0.0.1; the
    scheduler's address. Every process is stopped afterwards, whatever happens."""
    dask = script("dask")
    folder = tmp_path_factory.mktemp("dask-cluster")
    scheduler_file = folder / "scheduler.json"
    env = worker_env(DASK_DISTRIBUTED__WORKER__DAEMON="False")
    processes = []
    try:
        processes.append(start([dask, "scheduler", "--host", "127.0.0.1", "--port", "0",
                                "--no-dashboard", "--scheduler-file", str(scheduler_file)],
                               env, folder / "scheduler.log"))
        address = _wait_for_address(scheduler_file, processes[0], folder / "scheduler.log")
        for i in range(WORKERS):
            processes.append(start([dask, "worker", "--scheduler-file", str(scheduler_file),
                                    "--host", "127.0.0.1", "--nworkers", "1", "--nthreads", "1",
                                    "--no-dashboard", "--local-directory", str(folder / f"worker{i}")],
                                   env, folder / f"worker{i}.log"))
        _wait_for_workers(address, processes, folder)
        yield address
    finally:
        stop(processes)


def _wait_for_address(scheduler_file, process, log, timeout: float = 60) -> str:
    deadline = time.monotonic() + timeout
    while True:
        try:
            return json.loads(scheduler_file.read_text())["address"]
        except (OSError, ValueError, KeyError):
            pass
        assert process.poll() is None, f"dask scheduler exited:\n{log_tail(log)}"
        assert time.monotonic() < deadline, f"no dask scheduler after {timeout} s:\n{log_tail(log)}"
        time.sleep(0.2)


def _wait_for_workers(address: str, processes, folder, timeout: float = 60) -> None:
    from distributed import Client

    with Client(address, timeout=timeout) as client:
        try:
            client.wait_for_workers(WORKERS, timeout=timeout)
        except TimeoutError:
            logs = "\n".join(log_tail(folder / f"worker{i}.log") for i in range(WORKERS))
            raise AssertionError(f"{WORKERS} dask workers did not join in {timeout} s:\n{logs}") from None


@pytest.fixture(scope="module")
def serial_digests(tmp_path_factory):
    """The serial run's digests: records, and in-task aggregates."""
    folder = tmp_path_factory.mktemp("serial")
    return {aggregate: run_digest(run_study(small_study(aggregate=aggregate), folder / str(aggregate),
                                            backend="serial", progress=False))
            for aggregate in (False, True)}


def backend_and_chunks(run_dir) -> tuple[str, int]:
    manifest = load_manifest(run_dir)
    return manifest["backend"], len(manifest["chunks"])


def executed(address: str) -> int:
    """The tasks the cluster's workers have run so far (both still there)."""
    from distributed import Client

    with Client(address, timeout=30) as client:
        counts = client.run(_executed)
    assert len(counts) == WORKERS
    return sum(counts.values())


def _executed(dask_worker) -> int:
    """The tasks a worker has run."""
    return dask_worker.state.executed_count


@pytest.mark.parametrize("aggregate", [False, True], ids=["records", "aggregate"])
def test_a_dask_cluster_at_a_scheduler_address_gives_the_serial_digest(tmp_path, dask_cluster,
                                                                       serial_digests, aggregate):
    before = executed(dask_cluster)
    run_dir = run_study(small_study(aggregate=aggregate), tmp_path / "run", jobs=2, backend="dask",
                        scheduler=dask_cluster, progress=False)
    assert run_digest(run_dir) == serial_digests[aggregate]
    assert backend_and_chunks(run_dir) == ("dask", 4)
    # the chunks ran on the cluster's workers, not in this process nor a local cluster
    assert executed(dask_cluster) - before >= 4


def cli(*args, timeout: float = 180) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "sim.cli", *args], env=worker_env(), timeout=timeout,
                          capture_output=True, text=True)


def test_tricksim_simulate_through_a_dask_scheduler(tmp_path, dask_cluster, serial_digests):
    out = tmp_path / "run"
    before = executed(dask_cluster)
    done = cli("simulate", "oh_hell", "-n", "4", "-p", "random", "--games", "8", "--seed", "5",
               "--chunk-games", "2", "--backend", "dask", "--scheduler", dask_cluster,
               "--no-progress", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert run_digest(out) == serial_digests[False]
    assert backend_and_chunks(out) == ("dask", 4)
    assert executed(dask_cluster) - before >= 4


def test_tricksim_study_through_a_dask_scheduler(tmp_path, dask_cluster, serial_digests):
    (tmp_path / "study.toml").write_text(
        '[defaults]\ngame = "oh_hell"\nplayers = 4\nlineup = "random"\ngames = 8\nseed = 5\n'
        'chunk_games = 2\n\n[[run]]\nname = "records"\n\n[[run]]\nname = "cubes"\naggregate = true\n')
    before = executed(dask_cluster)
    done = cli("study", str(tmp_path / "study.toml"), "--out", str(tmp_path / "out"),
               "--backend", "dask", "--scheduler", dask_cluster, "--no-progress")
    assert done.returncode == 0, done.stderr
    assert run_digest(tmp_path / "out" / "records") == serial_digests[False]
    assert run_digest(tmp_path / "out" / "cubes") == serial_digests[True]
    for name in ("records", "cubes"):
        assert backend_and_chunks(tmp_path / "out" / name) == ("dask", 4)
        assert (tmp_path / "out" / name / "report.md").is_file()
    assert executed(dask_cluster) - before >= 8


def test_a_sequential_comparison_extends_its_runs_through_a_dask_scheduler(tmp_path, dask_cluster):
    runs = {}
    for name, player in (("a", "random"), ("b", "heuristic")):
        runs[name] = run_study(small_study(lineup=[player, "random", "random", "random"]),
                               tmp_path / name, backend="serial", progress=False)
    before = executed(dask_cluster)
    done = cli("compare", str(runs["a"]), str(runs["b"]), "--out", str(tmp_path / "c"), "--precision", "0.001",
               "--max-boards", "16", "--backend", "dask", "--scheduler", dask_cluster)
    assert done.returncode == 0, done.stderr
    assert executed(dask_cluster) - before >= 8, "the 8 new chunks ran on the cluster's workers"
    for name, player in (("a", "random"), ("b", "heuristic")):
        manifest = load_manifest(runs[name])
        assert manifest["study"]["boards"] == 16 and manifest["backend"] == "dask", name
        # extended on the cluster, the run is the one played at 16 games from the start
        whole = run_study(small_study(lineup=[player, "random", "random", "random"], boards=16),
                          tmp_path / f"{name}-whole", backend="serial", progress=False)
        assert run_digest(runs[name]) == run_digest(whole), name
