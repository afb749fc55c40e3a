"""Play a study: cut it into chunks, run them on a backend, store the results.

``run_study(study, out_dir, jobs, backend)`` is the one entry point. The
chunk plan is part of the study (``study.n_chunks``, ``study.chunk_bounds``)
and every chunk draws from its own generator states
(``rng_nb.chunk_states(seed, chunk)``), so results depend only on the study:
never on the backend, the number of workers or the order chunks finish in.

Backends
    ``serial``     a loop in this process.
    ``loky``       joblib's process pool (the default): one chunk per task.
    ``threading``  joblib's threads: parallel as far as the game's kernels
                   release the GIL (numba ``nogil=True``).
    ``dask``       joblib's dask backend: a ``distributed.Client`` to the
                   ``scheduler`` address, or a LocalCluster of ``jobs`` worker
                   processes that the runner starts and closes.
    ``ray``        joblib's ray backend (``ray.init(address=scheduler)`` when given).
    ``numba``      in this process, ``jobs`` chunks at a time in numba threads:
                   ``game.run_chunks(study, tasks)`` with tasks
                   ``(chunk_index, first_board, n_boards, states)`` returns one
                   record dict per task, in order. Games without it run the
                   chunks one by one.

Who writes what
    Records runs: on the local backends (serial, loky, threading, numba) the
    task writes its chunk's Parquet files itself and returns only a small
    summary, so the parent never holds records. On ``dask`` and ``ray`` the
    workers may sit on machines that do not share this disk, so the task
    returns the record arrays and the parent writes them, one chunk at a time.

    Aggregate runs (``study.aggregate``): the task reduces its records with
    the game's analysis module (``reduce(records, study)``) and returns the
    small cube. The parent writes it as the chunk's checkpoint and folds it
    into the total with ``combine``. The fold runs in chunk order: a cube
    that finishes ahead of an earlier chunk waits in a small buffer. That
    keeps floating-point sums bit-identical whatever the backend, and keeps
    memory flat (chunks finish nearly in order).

    After a chunk's files, the parent writes its marker
    (``chunks/chunk-00003.json``); a chunk with a marker is finished. A run
    started again on the same directory skips finished chunks (resume), but
    only if the same code would play the rest: the manifest's ``code`` holds
    a hash of the engine's sources, each user player's module file and the
    players' params, and a run whose hash differs is refused. Once an
    aggregate run's final cube is written, its chunk checkpoints are deleted.

    A run that fails before any chunk is finished removes what it wrote, so
    the directory is free for the next command. ``jobs`` is capped at the
    number of chunks to play and, on this machine, at its number of cores.
"""
from __future__ import annotations

import hashlib
import importlib
import importlib.metadata
import json
import os
import platform
import signal
import sys
import threading
import time
from contextlib import closing, contextmanager
from pathlib import Path

import numpy as np
from tqdm import tqdm

from . import cache, registry, store
from .errors import TricksimError, choices
from .rng_nb import chunk_states
from .store import run_digest  # noqa: F401  (part of the runner's API)
from .study import Study

BACKENDS = ("serial", "loky", "threading", "dask", "ray", "numba")
# rewrite the manifest (chunk list, timings) at most this often while running
_MANIFEST_EVERY_SECONDS = 10.0


# -- one chunk (runs in a worker) ---------------------------------------------
def _package_chunk(study: Study, chunk_index: int, records: dict,
                   analysis_name: str | None, write_dir: str | None) -> dict:
    """Turn a chunk's records into what the parent receives.

    Aggregate: the chunk's cube. Records: the files written (``write_dir``
    given) or the arrays themselves (the parent writes them).
    """
    first, n_boards = study.chunk_bounds(chunk_index)
    result = {"index": chunk_index, "first_board": first, "n_boards": n_boards,
              "rows": {table: int(len(array)) for table, array in records.items()}}
    if analysis_name is not None:
        result["cube"] = importlib.import_module(analysis_name).reduce(records, study)
    elif write_dir is not None:
        for table, array in records.items():
            store.write_records(store.records_file(write_dir, table, chunk_index), array)
        result["files"] = [store.records_file("", t, chunk_index).name for t in records]
    else:
        result["records"] = records
    return result


def run_chunk_task(study: Study, chunk_index: int, analysis_name: str | None,
                   write_dir: str | None) -> dict:
    """Play one chunk and package it (the unit of work every backend runs)."""
    started = time.perf_counter()
    game = registry.game(study.game)
    first, n_boards = study.chunk_bounds(chunk_index)
    records = game.run_chunk(study, chunk_index, first, n_boards, chunk_states(study.seed, chunk_index))
    result = _package_chunk(study, chunk_index, records, analysis_name, write_dir)
    result["seconds"] = time.perf_counter() - started
    return result


# -- backends: each yields task results as they finish --------------------------
def _joblib_results(tasks, jobs: int, backend: str | None):
    from joblib import Parallel, delayed

    parallel = Parallel(n_jobs=jobs, backend=backend, return_as="generator_unordered", batch_size=1)
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


def _numba_results(game, study: Study, todo: list[int], jobs: int, analysis_name, write_dir):
    """Batches of ``jobs`` chunks played together by ``game.run_chunks`` (numba threads)."""
    import numba

    threads = max(1, min(jobs, numba.config.NUMBA_NUM_THREADS))
    previous_threads = numba.get_num_threads()
    numba.set_num_threads(threads)
    try:
        for start in range(0, len(todo), threads):
            batch = [(i, *study.chunk_bounds(i), chunk_states(study.seed, i))
                     for i in todo[start:start + threads]]
            started = time.perf_counter()
            if hasattr(game, "run_chunks"):
                batch_records = game.run_chunks(study, batch)
            else:
                batch_records = [game.run_chunk(study, *task) for task in batch]
            # the chunks ran together: share the batch's time out evenly
            seconds = (time.perf_counter() - started) / len(batch)
            for (index, *_), records in zip(batch, batch_records):
                result = _package_chunk(study, index, records, analysis_name, write_dir)
                result["seconds"] = seconds
                yield result
    finally:
        numba.set_num_threads(previous_threads)


def _results(backend, jobs, scheduler, game, study, todo, analysis_name, run_dir):
    # workers on another machine may not see this disk: dask and ray send records back
    local = backend in ("serial", "loky", "threading", "numba")
    write_dir = str(run_dir) if local else None
    tasks = [(study, i, analysis_name, write_dir) for i in todo]
    if backend == "serial":
        return (run_chunk_task(*args) for args in tasks)
    if backend in ("loky", "threading"):
        return _joblib_results(tasks, jobs, backend)
    if backend == "dask":
        return _dask_results(tasks, jobs, scheduler)
    if backend == "ray":
        return _ray_results(tasks, jobs, scheduler)
    return _numba_results(game, study, todo, jobs, analysis_name, write_dir)


# -- the parent's side ---------------------------------------------------------
class ChunkOrderFold:
    """Fold chunk cubes with ``combine`` strictly in chunk order.

    Cubes arriving early wait in ``pending``; finished chunks of an earlier
    session are read from their checkpoint when their turn comes.
    """

    def __init__(self, combine, n_chunks: int, load_finished):
        self.combine = combine
        self.n_chunks = n_chunks
        self.load_finished = load_finished      # chunk index -> cube, or None if not finished
        self.pending: dict[int, dict] = {}
        self.next_index = 0
        self.total = None

    def add(self, chunk_index: int, cube: dict) -> None:
        self.pending[chunk_index] = cube
        self.advance()

    def advance(self) -> None:
        while self.next_index < self.n_chunks:
            cube = self.pending.pop(self.next_index, None)
            if cube is None:
                cube = self.load_finished(self.next_index)
            if cube is None:
                return
            self.total = cube if self.total is None else self.combine([self.total, cube])
            self.next_index += 1

    def result(self) -> dict:
        self.advance()
        if self.next_index < self.n_chunks:
            raise RuntimeError(f"chunk {self.next_index} never arrived")
        return self.total


def _save_chunk(run_dir: Path, result: dict) -> dict:
    """Write what the parent must write for a finished chunk; return its marker."""
    index = result["index"]
    files = list(result.get("files", []))
    if "records" in result:
        for table, array in result["records"].items():
            files.append(store.write_records(store.records_file(run_dir, table, index), array).name)
    entry = {"index": index, "first_board": result["first_board"], "n_boards": result["n_boards"],
             "rows": result["rows"], "seconds": round(result["seconds"], 6)}
    if "cube" in result:
        store.check_cube_names(result["cube"])
        for name, frame in result["cube"].items():
            path = store.write_frame(store.chunk_cube_file(run_dir, index, name), frame)
            files.append(f"{store.CHUNKS_DIR}/{path.name}")
        entry["cube"] = sorted(result["cube"])
    entry["files"] = files
    store.write_json(store.marker_file(run_dir, index), entry)
    return entry


def _versions() -> dict:
    import numba
    import pandas
    import pyarrow

    try:
        tricksim = importlib.metadata.version("tricksim")
    except importlib.metadata.PackageNotFoundError:
        tricksim = "unknown"
    return {"tricksim": tricksim, "numba": numba.__version__, "numpy": np.__version__,
            "pandas": pandas.__version__, "pyarrow": pyarrow.__version__,
            "python": platform.python_version()}


def _players(study: Study, family: str) -> list[dict]:
    from strategies.registry import resolve

    out = []
    for slot, spec in enumerate(study.lineup):
        player = resolve(family, spec)
        out.append({"slot": slot, "spec": spec, "name": player.name,
                    "params": dict(zip(player.param_names, player.param_values))})
    return out


def _player_modules(family: str, spec: str) -> set[str]:
    """Modules a user player's decisions come from: the module its spec names
    and the module its decision function is defined in."""
    from strategies.abi import KIND_USER
    from strategies.registry import resolve

    player = resolve(family, spec)
    if player.kind != KIND_USER:
        return set()
    modules = {str(spec).split("[", 1)[0].strip().partition(":")[0]}
    decide = getattr(player.decide, "py_func", player.decide)
    modules.add(getattr(decide, "__module__", None) or "")
    return {m for m in modules if m}


def _code(study: Study, family: str, players: list[dict]) -> dict:
    """What decides the results besides the study: the engine's sources, the
    source file of every user player's module, and the players' params.
    ``hash`` changes when any of them does."""
    modules = {}
    for spec in study.lineup:
        for name in sorted(_player_modules(family, spec)):
            path = getattr(sys.modules.get(name), "__file__", None)
            modules[name] = hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16] if path else None
    params = [[p["spec"], p["params"]] for p in players]
    code = {"engine": cache.engine_hash(family), "modules": dict(sorted(modules.items()))}
    text = json.dumps([code, params], sort_keys=True)
    code["hash"] = hashlib.sha256(text.encode()).hexdigest()[:16]
    return code


def _is_whole(run_dir: Path, manifest: dict, study: Study) -> bool:
    """A complete run whose final files are all there (re-running it is a no-op)."""
    if manifest["status"] != "complete":
        return False
    if manifest["layout"] == "aggregate":
        return bool(manifest["tables"]) and all(store.cube_file(run_dir, n).is_file()
                                                for n in manifest["tables"])
    return len(store.finished_chunks(run_dir, study)) == study.n_chunks


def _open_run_dir(run_dir: Path, study: Study, code: dict, resume: bool) -> dict | None:
    """Make ``run_dir`` ready; return the manifest of the run it holds, if any."""
    store.check_output_dir(run_dir)
    if not (run_dir / store.MANIFEST).exists():
        if run_dir.exists() and any(run_dir.iterdir()):
            raise TricksimError(f"{run_dir} is not empty and holds no tricksim run; use another --out")
        run_dir.mkdir(parents=True, exist_ok=True)
        return None
    previous = store.load_manifest(run_dir)
    if not resume:
        _remove_run_files(run_dir)
        return None
    previous_study = store.load_study(run_dir, previous)
    if previous["status"] != "complete" and not store.finished_chunks(run_dir, previous_study):
        _remove_run_files(run_dir)             # it never finished a chunk: nothing to keep
        return None
    if previous_study.key() != study.key():
        raise TricksimError(f"{run_dir} holds a different study; use another --out or delete it")
    if previous.get("code", {}).get("hash") != code["hash"]:
        raise TricksimError(f"{run_dir} was played by other code (engine, player module or params "
                            f"changed since); start it afresh with --fresh, or use another --out")
    store.remove_temporaries(run_dir)
    return previous


def _remove_run_files(run_dir: Path) -> None:
    """Delete a previous run's files (only names the store writes) to start afresh."""
    for pattern in ("*-[0-9][0-9][0-9][0-9][0-9]*.parquet", "cube-*.parquet", store.MANIFEST):
        for path in run_dir.glob(pattern):
            path.unlink()
    store.remove_chunk_files(run_dir)
    store.remove_temporaries(run_dir)


def _check_installed(backend: str) -> None:
    """Fail before touching the disk if a cluster backend's package is missing."""
    needs = {"dask": ("distributed", "dask"), "ray": ("ray", "ray")}
    if backend in needs:
        module, extra = needs[backend]
        try:
            importlib.import_module(module)
        except ImportError:
            raise TricksimError(f"the {backend} backend needs {module}: pip install tricksim[{extra}]") from None


def _check_jobs(jobs) -> int:
    from joblib import cpu_count

    try:
        jobs = int(jobs)
    except (TypeError, ValueError):
        jobs = 0
    if jobs == -1:
        return cpu_count()
    if jobs < 1:
        raise TricksimError("jobs must be a number of workers of at least 1, or -1 for every core")
    return jobs


def _workers(jobs: int, backend: str, scheduler: str | None, n_tasks: int) -> int:
    """Workers worth starting: no more than chunks to play, and on this machine
    no more than its cores (more only add start-up time and memory)."""
    from joblib import cpu_count

    if backend == "serial":
        return 1
    jobs = min(jobs, max(1, n_tasks))
    if not scheduler:
        jobs = min(jobs, cpu_count())
    return jobs


@contextmanager
def _terminate_raises_interrupt():
    """SIGTERM (and SIGHUP) end the run like Ctrl-C: a KeyboardInterrupt makes
    joblib kill its workers, which would otherwise finish their chunks."""
    def interrupt(signum, frame):
        raise KeyboardInterrupt(f"signal {signum}")

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught = [s for s in (signal.SIGTERM, getattr(signal, "SIGHUP", None)) if s is not None]
    previous = {s: signal.signal(s, interrupt) for s in caught}
    try:
        yield
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)


def run_study(study, out_dir, jobs: int = 1, backend: str = "loky", scheduler: str | None = None,
              progress: bool = True, resume: bool = True) -> Path:
    """Play every chunk of ``study`` and write the run directory ``out_dir``.

    ``study`` is a :class:`~sim.study.Study` or its dict. A directory holding
    the same study, played by the same code (engine, user player modules,
    params), is resumed (finished chunks are kept) unless ``resume`` is
    false, which starts it afresh; a directory holding another study or
    played by other code is an error. Returns the run directory.
    """
    study = study if isinstance(study, Study) else Study.from_dict(study)
    if backend not in BACKENDS:
        raise TricksimError(f"unknown backend {backend!r}; backends are {choices(BACKENDS)}")
    if scheduler and backend not in ("dask", "ray"):
        raise TricksimError(f"a scheduler address needs the dask or ray backend, not {backend}")
    jobs = _check_jobs(jobs)
    _check_installed(backend)
    game = registry.game(study.game)
    meta = registry.info(study.game)
    run_dir = Path(out_dir)
    players = _players(study, meta.family)
    code = _code(study, meta.family, players)
    created = not run_dir.exists()
    previous = _open_run_dir(run_dir, study, code, resume)
    layout = "aggregate" if study.aggregate else "records"
    if previous and _is_whole(run_dir, previous, study):
        if layout == "aggregate":
            store.remove_chunk_files(run_dir)  # left if a run was stopped right after finishing
        return run_dir
    finished = store.finished_chunks(run_dir, study)
    todo = [i for i in range(study.n_chunks) if i not in finished]
    jobs = _workers(jobs, backend, scheduler, len(todo))

    games_per_board = game.games_per_board(study)
    deals_per_board = game.rounds(study) * games_per_board
    manifest = {
        "format": store.FORMAT_VERSION,
        "study": study.to_dict(),
        "game": {"name": meta.name, "title": meta.title, "family": meta.family},
        "players": players,
        "root_seed": study.seed,
        "layout": layout,
        "tables": list(game.tables) if layout == "records" else [],
        "games_per_board": games_per_board,
        "versions": _versions(),
        "code": code,
        "backend": backend,
        "jobs": jobs,
        "status": "running",
        "chunks": [],
        "timings": {},
    }
    earlier_seconds = float((previous or {}).get("timings", {}).get("seconds", 0.0))
    started = time.perf_counter()

    def write_manifest(status: str) -> None:
        seconds = earlier_seconds + time.perf_counter() - started
        deals = sum(e["n_boards"] for e in finished.values()) * deals_per_board
        manifest["status"] = status
        manifest["chunks"] = [finished[i] for i in sorted(finished)]
        manifest["timings"] = {"seconds": round(seconds, 3), "deals": deals,
                               "deals_per_second": round(deals / seconds, 1) if seconds > 0 else None,
                               "chunk_seconds": round(sum(e["seconds"] for e in finished.values()), 3)}
        store.write_manifest(run_dir, manifest)

    write_manifest("running")
    try:
        with _terminate_raises_interrupt():
            _play(study, game, run_dir, todo, finished, jobs, backend, scheduler, progress,
                  deals_per_board, manifest, write_manifest)
    except BaseException:
        if finished:
            write_manifest("running")          # the chunks to keep, for the next run
        else:
            # nothing to resume: leave the directory as it was, so a corrected
            # command can use it
            _remove_run_files(run_dir)
            if created and run_dir.is_dir() and not any(run_dir.iterdir()):
                run_dir.rmdir()
        raise
    write_manifest("complete")
    if layout == "aggregate":
        store.remove_chunk_files(run_dir)      # the final cube is written: checkpoints are spent
    return run_dir


def _play(study, game, run_dir, todo, finished, jobs, backend, scheduler, progress,
          deals_per_board, manifest, write_manifest) -> None:
    """Play the chunks ``todo``, save each as it finishes; write the final cube."""
    analysis = store.analysis_module(game) if study.aggregate else None
    fold = None
    if analysis is not None:
        def load_finished(index):
            entry = finished.get(index)
            return store.load_chunk_cube(run_dir, index, entry["cube"]) if entry else None
        fold = ChunkOrderFold(analysis.combine, study.n_chunks, load_finished)

    if todo:
        game.warmup()                      # compile once here; workers load numba's cache
    deals_done = sum(e["n_boards"] for e in finished.values()) * deals_per_board
    bar = tqdm(total=study.boards * deals_per_board, initial=deals_done, unit="deal",
               unit_scale=True, desc=study.game, file=sys.stderr, disable=not progress)
    last_manifest = time.perf_counter()
    with bar, closing(_results(backend, jobs, scheduler, game, study, todo,
                               game.analysis if fold is not None else None, run_dir)) as results:
        for result in results:
            entry = _save_chunk(run_dir, result)
            finished[entry["index"]] = entry
            if fold is not None:
                fold.add(entry["index"], result["cube"])
            bar.update(entry["n_boards"] * deals_per_board)
            if time.perf_counter() - last_manifest > _MANIFEST_EVERY_SECONDS:
                write_manifest("running")
                last_manifest = time.perf_counter()

    if fold is not None:
        cube = fold.result()
        store.check_cube_names(cube)
        for name, frame in cube.items():
            store.write_frame(store.cube_file(run_dir, name), frame)
        manifest["tables"] = sorted(cube)
