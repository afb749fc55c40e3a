"""Where chunks run: one task per chunk, on a backend, its results as they finish.

``results(backend, jobs, scheduler, engine, todo, reduce, run_dir)`` yields
what each task returns (see :func:`run_chunk_task`); the runner
(``sim/runner.py``) saves and folds them. Every task gets the study's
:class:`~sim.engine.Engine` (its lineup resolved once, in the parent) and,
for an aggregate run, the game's ``reduce`` step: a worker imports nothing
by name.

Backends
    ``serial``     a loop in this process.
    ``loky``       joblib's process pool: one chunk per task.
    ``threading``  joblib's threads (the default): parallel as far as the game's kernels
                   release the GIL (numba ``nogil=True``).
    ``dask``       joblib's dask backend: a ``distributed.Client`` to the
                   ``scheduler`` address, or a LocalCluster of ``jobs`` worker
                   processes that the runner starts and closes.
    ``ray``        joblib's ray backend (``ray.init(address=scheduler)`` when given).
    ``numba``      in this process, ``jobs`` chunks at a time in numba threads:
                   ``engine.run_chunks(tasks)`` with tasks
                   ``(chunk_index, first_board, n_boards, states)`` returns one
                   record dict per task, in order.

    With one worker (``jobs`` 1, loky or threading) on a machine with a core
    to spare, a thread plays the chunks and a second packages each one (its
    cube, or its Parquet files) while the next plays
    (:func:`_overlapped_results`).

Who writes what
    Records runs: on the local backends (serial, loky, threading, numba) the
    task writes its chunk's Parquet files itself and returns only a small
    summary, so the parent never holds records. On ``dask`` and ``ray`` the
    workers may sit on machines that do not share this disk, so the task
    returns the record arrays and the parent writes them, one chunk at a time.

    Aggregate runs (``study.aggregate``): the task reduces its records with
    the game's ``reduce(records, study)`` (its analysis module's) and returns
    the small cube, which the parent saves and folds (``sim/runner.py``).

A loky worker ignores Ctrl-C (:func:`_ignore_ctrl_c`): the parent stops the run.
"""
from __future__ import annotations

import importlib
import os
import signal
import time
from pathlib import Path

from . import store
from .errors import TricksimError
from .files import write_records
from .replay import compile_notice
from .rng_nb import chunk_states

BACKENDS = ("serial", "loky", "threading", "dask", "ray", "numba")


# -- one chunk (runs in a worker) ---------------------------------------------
def _package_chunk(engine, chunk: tuple[int, int, int], records: dict, reduce,
                   write_dir: str | None) -> dict:
    """Turn a chunk's records into what the parent receives.

    ``chunk`` is ``(index, first board, boards)``. Aggregate: the chunk's
    cube. Records: the files written (``write_dir`` given) or the arrays
    themselves (the parent writes them).
    """
    chunk_index, first, n_boards = chunk
    result = {"index": chunk_index, "first_board": first, "n_boards": n_boards,
              "rows": {table: int(len(array)) for table, array in records.items()}}
    if reduce is not None:
        result["cube"] = reduce(records, engine.study)
    elif write_dir is not None:
        for table, array in records.items():
            write_records(store.records_file(write_dir, table, chunk_index), array)
        result["files"] = [store.records_file("", t, chunk_index).name for t in records]
    else:
        result["records"] = records
    return result


def run_chunk_task(engine, chunk: tuple[int, int, int], reduce, write_dir: str | None) -> dict:
    """Play one chunk ``(index, first board, boards)`` and package it (the unit of
    work every backend runs)."""
    records, seconds = _timed_play(engine, chunk)
    return _timed_package(engine, chunk, records, reduce, write_dir, seconds)


def _timed_play(engine, chunk: tuple[int, int, int]) -> tuple[dict, float]:
    """A chunk's records, and the seconds it took to play them."""
    started = time.perf_counter()
    chunk_index, first, n_boards = chunk
    records = engine.run_chunk(first, n_boards, chunk_states(engine.study.seed, chunk_index))
    return records, time.perf_counter() - started


def _timed_package(engine, chunk, records, reduce, write_dir, play_seconds: float) -> dict:
    started = time.perf_counter()
    result = _package_chunk(engine, chunk, records, reduce, write_dir)
    result["seconds"] = play_seconds + time.perf_counter() - started
    return result


def _overlapped_results(tasks):
    """One worker, the chunks in a pipeline of threads: one plays the chunks one after
    another, a second packages each (reduces it to its cube, or writes its Parquet
    files) while the next one plays, and this one saves what is packaged (the
    parent's marker, checkpoint and fold) meanwhile. The kernel is ``nogil``, so are
    the cube's passes and pyarrow's writer. A chunk's result is yielded only once it
    is packaged, so its marker never precedes its files; at most two chunks' records
    are held at a time."""
    from concurrent.futures import ThreadPoolExecutor

    tasks = list(tasks)
    if not tasks:
        return
    with ThreadPoolExecutor(1, thread_name_prefix="tricksim-play") as player, \
            ThreadPoolExecutor(1, thread_name_prefix="tricksim-package") as packer:
        playing = player.submit(_timed_play, *tasks[0][:2])
        packaging = None
        for i, (engine, chunk, reduce, write_dir) in enumerate(tasks):
            records, seconds = playing.result()
            packaged = packer.submit(_timed_package, engine, chunk, records, reduce, write_dir, seconds)
            del records
            playing = player.submit(_timed_play, *tasks[i + 1][:2]) if i + 1 < len(tasks) else None
            if packaging is not None:
                yield packaging.result()
            packaging = packaged
        yield packaging.result()


def _spare_core() -> bool:
    """Whether this process may run on more than one core (a second thread gains nothing on one)."""
    try:
        return len(os.sched_getaffinity(0)) > 1
    except AttributeError:      # pragma: no cover - not Linux
        return (os.cpu_count() or 1) > 1


# -- backends: each yields task results as they finish --------------------------
def _ignore_ctrl_c() -> None:
    """A loky worker's first act: ignore SIGINT. A terminal sends Ctrl-C to every
    process of the command; the parent alone acts on it (stops the run, keeps the
    finished chunks, ends the workers), and a worker that took it would fail its
    chunk or die, an error that joblib can drop while it aborts."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _joblib_results(tasks, jobs: int, backend: str | None):
    from joblib import Parallel, delayed

    workers = {"initializer": _ignore_ctrl_c} if backend == "loky" else {}
    parallel = Parallel(n_jobs=jobs, backend=backend, return_as="generator_unordered", batch_size=1,
                        **workers)
    return parallel(delayed(run_chunk_task)(*args) for args in tasks)


def _joblib_waves(tasks, jobs: int):
    """For joblib backends that cannot return a generator (ray's): a few chunks
    per call, so finished chunks are saved as they come and the parent holds
    at most one wave of results. One pool serves every wave."""
    from joblib import Parallel, delayed

    wave = 2 * jobs
    with Parallel(n_jobs=jobs, batch_size=1) as parallel:
        for start in range(0, len(tasks), wave):
            yield from parallel(delayed(run_chunk_task)(*args) for args in tasks[start:start + wave])


def _dask_results(tasks, jobs: int, scheduler: str | None):
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise TricksimError("the dask backend needs dask.distributed: pip install tricksim[dask]") from None
    from joblib import parallel_config

    cluster = None
    try:
        if scheduler:
            try:
                client = Client(scheduler)
            except (OSError, TimeoutError) as exc:
                raise TricksimError(f"cannot reach the dask scheduler at {scheduler}: {exc}") from None
        else:
            cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True,
                                   dashboard_address=None)
            client = Client(cluster)
        with client, parallel_config(backend="dask"):
            yield from _joblib_results(tasks, -1, None)
    finally:
        if cluster is not None:
            cluster.close()


def _ray_results(tasks, jobs: int, scheduler: str | None):
    try:
        import ray
        from ray.util.joblib import register_ray
    except ImportError:
        raise TricksimError("the ray backend needs ray: pip install tricksim[ray]") from None
    from joblib import parallel_config

    register_ray()
    started_here = not ray.is_initialized()
    if started_here:
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")   # no network calls, no prompt
        # ray's workers do not inherit the driver's sys.path: give them this
        # engine (and the user's modules) on PYTHONPATH
        paths = [str(Path(__file__).resolve().parent.parent), os.getcwd(), os.environ.get("PYTHONPATH", "")]
        runtime_env = {"env_vars": {"PYTHONPATH": os.pathsep.join(p for p in paths if p)}}
        try:
            if scheduler:
                ray.init(address=scheduler, runtime_env=runtime_env, logging_level="WARNING")
            else:
                # "local": a private instance, never a cluster another `ray start` left
                ray.init(address="local", num_cpus=jobs, include_dashboard=False,
                         runtime_env=runtime_env, logging_level="WARNING")
        except ConnectionError as exc:
            raise TricksimError(f"cannot reach the ray cluster at {scheduler}: {exc}") from None
    try:
        with parallel_config(backend="ray"):
            yield from _joblib_waves(tasks, jobs)
    finally:
        if started_here:
            ray.shutdown()


def _numba_results(engine, todo: list, jobs: int, reduce, write_dir):
    """Batches of ``jobs`` chunks played together by ``engine.run_chunks`` (numba threads)."""
    import numba

    threads = max(1, min(jobs, numba.config.NUMBA_NUM_THREADS))
    previous_threads = numba.get_num_threads()
    numba.set_num_threads(threads)
    try:
        for start in range(0, len(todo), threads):
            batch = [(*chunk, chunk_states(engine.study.seed, chunk[0]))
                     for chunk in todo[start:start + threads]]
            started = time.perf_counter()
            batch_records = engine.run_chunks(batch)
            # the chunks ran together: share the batch's time out evenly
            seconds = (time.perf_counter() - started) / len(batch)
            for (index, first, n_boards, _), records in zip(batch, batch_records):
                result = _package_chunk(engine, (index, first, n_boards), records, reduce, write_dir)
                result["seconds"] = seconds
                yield result
    finally:
        numba.set_num_threads(previous_threads)


def results(backend, jobs, scheduler, engine, todo, reduce, run_dir):
    """The results of the chunks ``todo`` (``(index, first board, boards)`` each) as they
    finish. ``reduce``: the game's reduce step (an aggregate run), else None."""
    # workers on another machine may not see this disk: dask and ray send records back
    local = backend in ("serial", "loky", "threading", "numba")
    write_dir = str(run_dir) if local else None
    tasks = [(engine, chunk, reduce, write_dir) for chunk in todo]
    if backend == "serial":
        return (run_chunk_task(*args) for args in tasks)
    if backend in ("loky", "threading"):
        if jobs == 1 and _spare_core():
            return _overlapped_results(tasks)
        return _joblib_results(tasks, jobs, backend)
    if backend == "dask":
        return _dask_results(tasks, jobs, scheduler)
    if backend == "ray":
        return _ray_results(tasks, jobs, scheduler)
    return _numba_results(engine, todo, jobs, reduce, write_dir)


# -- the parent's side ---------------------------------------------------------


def check_installed(backend: str) -> None:
    """Fail before touching the disk if a cluster backend's package is missing."""
    needs = {"dask": ("distributed", "dask"), "ray": ("ray", "ray")}
    if backend in needs:
        module, extra = needs[backend]
        try:
            importlib.import_module(module)
        except ImportError:
            raise TricksimError(f"the {backend} backend needs {module}: pip install tricksim[{extra}]") from None


# -- compiling before a study file's runs -------------------------------------
def _warm_engine(engine, threads: bool) -> None:
    with compile_notice(engine.game.name):
        engine.warmup(threads=threads)


def warm_side_by_side(engines, jobs: int, threads: bool = False) -> None:
    """Compile the kernels of several games at once, one game a process, into numba's
    on-disk cache (numba compiles on one core; on a cold cache the games of a study
    file then compile side by side, and each run loads its kernels). Engines that
    share their kernels (one game's runs that differ only in options or seats) are
    warmed once; a single one is left to its run. A worker's compile notice reaches
    the parent's stderr."""
    from joblib import Parallel, cpu_count, delayed

    distinct = distinct_kernels(engines)
    jobs = min(len(distinct), cpu_count() if jobs < 1 else jobs)
    if jobs < 2:
        return
    Parallel(n_jobs=jobs, backend="loky", initializer=_ignore_ctrl_c)(
        delayed(_warm_engine)(engine, threads) for engine in distinct)


def distinct_kernels(engines) -> list:
    """One engine for each kernel the engines run: the bound kernel's name (one per
    step module and heuristic, ``sim/engine.py``) with or without a user's player."""
    distinct = {}
    for engine in engines:
        key = (engine.kernels.simulate_chunk_nb.py_func.__qualname__, engine.fns is not None)
        distinct.setdefault(key, engine)
    return list(distinct.values())


def workers(jobs: int, backend: str, scheduler: str | None, n_tasks: int) -> int:
    """Workers worth starting: no more than chunks to play, and on this machine
    no more than its cores (more only add start-up time and memory)."""
    if backend == "serial" or jobs <= 1:
        return 1
    from joblib import cpu_count

    jobs = min(jobs, max(1, n_tasks))
    if not scheduler:
        jobs = min(jobs, cpu_count())
    return jobs
