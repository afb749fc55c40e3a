"""Play a study: cut it into chunks, run them on a backend, store the results.

``run_study(study, out_dir, jobs, backend)`` is the one entry point. A run
plays its chunk plan (``sim.store``: chunks of ``study.chunk_boards`` boards
for a new run) and every board draws from its own deal and decision streams
(``sim/rng_nb.py``), so results depend only on the study: never on the
backend, the number of workers, the order chunks finish in or the chunk size.

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
    a hash of the engine's sources, each user player's module (its code, not
    its comments or docstrings) and the players' params, and a run whose hash
    differs is refused. Resumed with another chunk size, a run keeps its
    finished chunks and plays the other boards in chunks of the new size
    (the manifest's ``plan``). Once an aggregate run's final cube is written,
    its chunk checkpoints are deleted.

    Ctrl-C (SIGINT), SIGTERM and SIGHUP stop a run: the parent alone acts on
    Ctrl-C (loky workers ignore it), kills the workers, keeps the finished
    chunks and never writes ``complete``.

    A run that fails before any chunk is finished removes what it wrote, so
    the directory is free for the next command. ``jobs`` is capped at the
    number of chunks to play and, on this machine, at its number of cores.
"""
from __future__ import annotations

import ast
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
from .errors import TricksimError, choices, counted
from .rng_nb import chunk_states
from .store import run_digest  # noqa: F401  (part of the runner's API)
from .study import Study

BACKENDS = ("serial", "loky", "threading", "dask", "ray", "numba")
# rewrite the manifest (chunk list, timings) at most this often while running
_MANIFEST_EVERY_SECONDS = 10.0


# -- one chunk (runs in a worker) ---------------------------------------------
def _package_chunk(study: Study, chunk: tuple[int, int, int], records: dict,
                   analysis_name: str | None, write_dir: str | None) -> dict:
    """Turn a chunk's records into what the parent receives.

    ``chunk`` is ``(index, first board, boards)``. Aggregate: the chunk's
    cube. Records: the files written (``write_dir`` given) or the arrays
    themselves (the parent writes them).
    """
    chunk_index, first, n_boards = chunk
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


def run_chunk_task(study: Study, chunk: tuple[int, int, int], analysis_name: str | None,
                   write_dir: str | None) -> dict:
    """Play one chunk ``(index, first board, boards)`` and package it (the unit of
    work every backend runs)."""
    started = time.perf_counter()
    game = registry.game(study.game)
    chunk_index, first, n_boards = chunk
    records = game.run_chunk(study, chunk_index, first, n_boards, chunk_states(study.seed, chunk_index))
    result = _package_chunk(study, chunk, records, analysis_name, write_dir)
    result["seconds"] = time.perf_counter() - started
    return result


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


def _numba_results(game, study: Study, todo: list, jobs: int, analysis_name, write_dir):
    """Batches of ``jobs`` chunks played together by ``game.run_chunks`` (numba threads)."""
    import numba

    threads = max(1, min(jobs, numba.config.NUMBA_NUM_THREADS))
    previous_threads = numba.get_num_threads()
    numba.set_num_threads(threads)
    try:
        for start in range(0, len(todo), threads):
            batch = [(*chunk, chunk_states(study.seed, chunk[0])) for chunk in todo[start:start + threads]]
            started = time.perf_counter()
            if hasattr(game, "run_chunks"):
                batch_records = game.run_chunks(study, batch)
            else:
                batch_records = [game.run_chunk(study, *task) for task in batch]
            # the chunks ran together: share the batch's time out evenly
            seconds = (time.perf_counter() - started) / len(batch)
            for (index, first, n_boards, _), records in zip(batch, batch_records):
                result = _package_chunk(study, (index, first, n_boards), records, analysis_name, write_dir)
                result["seconds"] = seconds
                yield result
    finally:
        numba.set_num_threads(previous_threads)


def _results(backend, jobs, scheduler, game, study, todo, analysis_name, run_dir):
    # workers on another machine may not see this disk: dask and ray send records back
    local = backend in ("serial", "loky", "threading", "numba")
    write_dir = str(run_dir) if local else None
    tasks = [(study, chunk, analysis_name, write_dir) for chunk in todo]
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
    """Fold chunk cubes with ``combine`` strictly in the plan's order.

    ``order`` lists the chunk indices in board order (a number ``n``: chunks
    0 … n-1). Cubes arriving early wait in ``pending``; finished chunks of an
    earlier session are read from their checkpoint when their turn comes.
    """

    def __init__(self, combine, order, load_finished):
        self.combine = combine
        self.order = list(range(order)) if isinstance(order, int) else list(order)
        self.load_finished = load_finished      # chunk index -> cube, or None if not finished
        self.pending: dict[int, dict] = {}
        self.position = 0
        self.total = None

    def add(self, chunk_index: int, cube: dict) -> None:
        self.pending[chunk_index] = cube
        self.advance()

    def advance(self) -> None:
        while self.position < len(self.order):
            index = self.order[self.position]
            cube = self.pending.pop(index, None)
            if cube is None:
                cube = self.load_finished(index)
            if cube is None:
                return
            self.total = cube if self.total is None else self.combine([self.total, cube])
            self.position += 1

    def result(self) -> dict:
        self.advance()
        if self.position < len(self.order):
            raise RuntimeError(f"chunk {self.order[self.position]} never arrived")
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


def _module_hash(path) -> str:
    """A hash of a module's code: its syntax tree without docstrings, so that a
    comment, a docstring or a blank line added to a user's player module leaves
    its earlier runs resumable. A file that is not Python source is hashed whole."""
    source = Path(path).read_bytes()
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return hashlib.sha256(source).hexdigest()[:16]
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body \
                and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass()]
    return hashlib.sha256(ast.dump(tree).encode()).hexdigest()[:16]


def _code(study: Study, family: str, players: list[dict]) -> dict:
    """What decides the results besides the study: the engine's sources, the
    code of every user player's module (:func:`_module_hash`), and the players'
    params. ``hash`` changes when any of them does."""
    modules = {}
    for spec in study.lineup:
        for name in sorted(_player_modules(family, spec)):
            path = getattr(sys.modules.get(name), "__file__", None)
            modules[name] = _module_hash(path) if path else None
    params = [[p["spec"], p["params"]] for p in players]
    code = {"engine": cache.engine_hash(family), "modules": dict(sorted(modules.items()))}
    text = json.dumps([code, params], sort_keys=True)
    code["hash"] = hashlib.sha256(text.encode()).hexdigest()[:16]
    return code


def _is_whole(run_dir: Path, manifest: dict, plan: store.Plan) -> bool:
    """A complete run whose final files are all there (re-running it is a no-op)."""
    if manifest["status"] != "complete":
        return False
    if manifest["layout"] == "aggregate":
        return bool(manifest["tables"]) and all(store.cube_file(run_dir, n).is_file()
                                                for n in manifest["tables"])
    return len(store.finished_chunks(run_dir, plan)) == len(plan)


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
    plan = store.run_plan(run_dir, previous, previous_study)
    if previous["status"] != "complete" and not store.finished_chunks(run_dir, plan):
        _remove_run_files(run_dir)             # it never finished a chunk: nothing to keep
        return None
    if previous_study.key() != study.key():
        field, theirs, mine = previous_study.differences(study)[0]
        raise TricksimError(f"{run_dir} holds a different study ({field} {theirs!r} there, {mine!r} "
                            f"asked); start it afresh with --fresh, or use another --out")
    if previous.get("code", {}).get("hash") != code["hash"]:
        raise TricksimError(f"{run_dir} was played by other code (engine, player module or params "
                            f"changed since); start it afresh with --fresh, or use another --out")
    store.remove_temporaries(run_dir)
    return previous


def _chunk_plan(run_dir: Path, study: Study, previous: dict | None, notify) -> store.Plan:
    """The plan to play: a new run's is the study's; a resumed run keeps its own, and
    when asked for another chunk size, keeps its finished chunks and cuts the rest
    anew (:func:`sim.store.replan`)."""
    if previous is None:
        return store.uniform_plan(study)
    previous_study = store.load_study(run_dir, previous)
    plan = store.run_plan(run_dir, previous, previous_study)
    if previous_study.chunk_boards == study.chunk_boards:
        return plan
    kept = store.finished_chunks(run_dir, plan)
    notify("chunk size", f"{run_dir}: chunks of {study.chunk_boards:,} games from now on (they were "
                         f"{previous_study.chunk_boards:,}); the {counted(len(kept), 'finished chunk')} "
                         f"stay as they are (it changes no result)")
    return store.replan(study, kept, 1 + max(index for index, _, _ in plan))


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


class _Stop:
    """The signals that end a run, remembered: :meth:`check` raises the interrupt
    again where the run saves its work (after each chunk, before it says
    complete), so an interrupt swallowed on its way (by a finalizer, or by a
    worker's error racing it in joblib) cannot let the run go on."""

    def __init__(self):
        self.received: list[int] = []

    def check(self) -> None:
        if self.received:
            raise KeyboardInterrupt(f"signal {self.received[0]}")


@contextmanager
def _signals_stop_the_run():
    """While a run plays, SIGINT, SIGTERM and SIGHUP raise KeyboardInterrupt and are
    remembered (:class:`_Stop`); a KeyboardInterrupt makes joblib kill its workers,
    which would otherwise finish their chunks. A signal the caller ignores (nohup's
    SIGHUP, a background job's SIGINT) stays ignored."""
    stop = _Stop()

    def interrupt(signum, frame):
        stop.received.append(signum)
        raise KeyboardInterrupt(f"signal {signum}")

    if threading.current_thread() is not threading.main_thread():
        yield stop
        return
    wanted = [signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGHUP", None)]
    caught = [s for s in wanted if s is not None and signal.getsignal(s) is not signal.SIG_IGN]
    previous = {s: signal.signal(s, interrupt) for s in caught}
    try:
        yield stop
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)


def _ignore(event: str, message: str) -> None:
    """The default ``notify``: a library caller reads the run directory instead."""


def run_study(study, out_dir, jobs: int = 1, backend: str = "loky", scheduler: str | None = None,
              progress: bool = True, resume: bool = True, notify=_ignore) -> Path:
    """Play every chunk of ``study`` and write the run directory ``out_dir``.

    ``study`` is a :class:`~sim.study.Study` or its dict. A directory holding
    the same study, played by the same code (engine, user player modules,
    params), is resumed (finished chunks are kept; another chunk size than
    before applies to the boards still to play) unless ``resume`` is false,
    which starts it afresh; a directory holding another study or played by
    other code is an error. ``notify(event, message)`` hears, in one line
    each, that the run was already complete (``"complete"``: nothing is
    played), that it resumes (``"resume"``) or that its chunk size changed
    (``"chunk size"``). Returns the run directory.
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
    if previous and _is_whole(run_dir, previous, store.run_plan(run_dir, previous,
                                                                 store.load_study(run_dir, previous))):
        if layout == "aggregate":
            store.remove_chunk_files(run_dir)  # left if a run was stopped right after finishing
        notify("complete", f"{run_dir} holds this run, already complete: nothing to play "
                           f"(--fresh plays it again)")
        return run_dir
    plan = _chunk_plan(run_dir, study, previous, notify)
    finished = store.finished_chunks(run_dir, plan)
    todo = [chunk for chunk in plan if chunk[0] not in finished]
    if finished:
        notify("resume", f"resuming {run_dir}: {len(finished)} of {counted(len(plan), 'chunk')} "
                         f"already played")
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
        "plan": [list(chunk) for chunk in plan],
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

    try:
        with _signals_stop_the_run() as stop:
            write_manifest("running")
            _play(study, game, run_dir, plan, todo, finished, jobs, backend, scheduler, progress,
                  deals_per_board, manifest, write_manifest, stop)
            stop.check()
            write_manifest("complete")
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
    if layout == "aggregate":
        store.remove_chunk_files(run_dir)      # the final cube is written: checkpoints are spent
    return run_dir


def _play(study, game, run_dir, plan, todo, finished, jobs, backend, scheduler, progress,
          deals_per_board, manifest, write_manifest, stop) -> None:
    """Play the chunks ``todo``, save each as it finishes; write the final cube."""
    analysis = store.analysis_module(game) if study.aggregate else None
    fold = None
    if analysis is not None:
        def load_finished(index):
            entry = finished.get(index)
            return store.load_chunk_cube(run_dir, index, entry["cube"]) if entry else None
        fold = ChunkOrderFold(analysis.combine, [index for index, _, _ in plan], load_finished)

    if todo:
        game.warmup()                      # compile once here; workers load numba's cache
    deals_done = sum(e["n_boards"] for e in finished.values()) * deals_per_board
    bar = tqdm(total=study.boards * deals_per_board, initial=deals_done, unit="deal",
               unit_scale=True, desc=study.game, file=sys.stderr, disable=not progress)
    last_manifest = time.perf_counter()
    with bar, closing(_results(backend, jobs, scheduler, game, study, todo,
                               game.analysis if fold is not None else None, run_dir)) as results:
        for result in results:
            stop.check()
            entry = _save_chunk(run_dir, result)
            finished[entry["index"]] = entry
            if fold is not None:
                fold.add(entry["index"], result["cube"])
            bar.update(entry["n_boards"] * deals_per_board)
            if time.perf_counter() - last_manifest > _MANIFEST_EVERY_SECONDS:
                write_manifest("running")
                last_manifest = time.perf_counter()
            stop.check()
    stop.check()
    missing = [index for index, _, _ in plan if index not in finished]
    if missing:     # a results stream that ended early: such a run is never called complete
        raise TricksimError(f"chunk {missing[0]} of {run_dir} came back from no worker; "
                            f"run the same command again to play it")
    if fold is not None:
        cube = fold.result()
        store.check_cube_names(cube)
        for name, frame in cube.items():
            store.write_frame(store.cube_file(run_dir, name), frame)
        manifest["tables"] = sorted(cube)
