"""Play a study: cut it into chunks, run them on a backend, store the results.

``run_study(study, out_dir, jobs, backend)`` is the one entry point. A run
plays its chunk plan (``sim.store``: chunks of ``study.chunk_boards`` boards
for a new run) and every board draws from its own deal and decision streams
(``sim/rng_nb.py``), so results depend only on the study: never on the
backend, the number of workers, the order chunks finish in or the chunk size.

Where chunks run, and who writes their files: ``sim/backends.py``.

Aggregate runs (``study.aggregate``): the parent writes each chunk's cube as
its checkpoint and folds it into the total with ``combine`` in the plan's
order: a cube that finishes ahead of an earlier chunk waits in a small
buffer. That keeps floating-point sums bit-identical whatever the backend,
and keeps memory flat (chunks finish nearly in order).

Resume
    After a chunk's files, the parent writes its marker
    (``chunks/chunk-00003.json``); a chunk with a marker is finished. A run
    started again on the same directory skips finished chunks (resume), but
    only if the same code would play the rest: the manifest's ``code`` holds
    a hash of the engine's sources, each user player's module (its code, not
    its comments or docstrings) and the players' params, and a run whose hash
    differs is refused. Resumed with another chunk size, a run keeps its
    finished chunks and plays the other boards in chunks of the new size
    (the manifest's ``plan``). Once an aggregate run's final cube is written,
    its chunk checkpoints are deleted. With ``extend=True``, a record run of
    the same study on fewer games keeps its chunks and plays the new boards
    after them (``tricksim compare --precision/--sprt`` grows runs so).

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
import platform
import signal
import sys
import threading
import time
from contextlib import closing, contextmanager
from pathlib import Path

import numpy as np
from tqdm import tqdm

from . import backends, cache, registry, store
from .errors import TricksimError, choices, counted
from .engine import Engine
from .files import check_output_dir, write_frame, write_json, write_records
from .study import Study, check_extension
from strategies.abi import KIND_USER
from strategies.registry import Lineup

# rewrite the manifest (chunk list, timings) at most this often while running
_MANIFEST_EVERY_SECONDS = 10.0


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
            files.append(write_records(store.records_file(run_dir, table, index), array).name)
    entry = {"index": index, "first_board": result["first_board"], "n_boards": result["n_boards"],
             "rows": result["rows"], "seconds": round(result["seconds"], 6)}
    if "cube" in result:
        files += [f"{store.CHUNKS_DIR}/{path.name}" for path in store.write_chunk_cube(run_dir, index, result["cube"])]
        entry["cube"] = sorted(result["cube"])
    entry["files"] = files
    write_json(store.marker_file(run_dir, index), entry)
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


def _players(study: Study, lineup: Lineup) -> list[dict]:
    """The manifest's players: each lineup slot's spec, name and params."""
    return [{"slot": slot, "spec": spec, "name": player.name,
             "params": dict(zip(player.param_names, player.param_values))}
            for slot, (spec, player) in enumerate(zip(study.lineup, lineup.players))]


def _player_modules(spec: str, player) -> set[str]:
    """Modules a user player's decisions come from: the module its spec names
    (none for a preset's name: its decision function says) and the module its
    decision function is defined in."""
    if player.kind != KIND_USER:
        return set()
    name = str(spec).split("[", 1)[0].strip()
    modules = {name.partition(":")[0]} if ":" in name else set()
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


def _code(study: Study, family: str, lineup: Lineup) -> dict:
    """What decides the results besides the study: the engine's sources, the
    code of every user player's module (:func:`_module_hash`), and the players'
    params. ``hash`` changes when any of them does."""
    players = _players(study, lineup)
    modules = {}
    for spec, player in zip(study.lineup, lineup.players):
        for name in sorted(_player_modules(spec, player)):
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


def _open_run_dir(run_dir: Path, study: Study, code: dict, resume: bool, extend: bool = False) -> dict | None:
    """Make ``run_dir`` ready; return the manifest of the run it holds, if any. With
    ``extend``, the run it holds may be the same study on fewer boards."""
    check_output_dir(run_dir)
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
    if extend and previous_study.key() != study.key():
        check_extension(run_dir, previous_study, study)
    elif previous_study.key() != study.key():
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
    if previous_study.boards != study.boards:   # extended: its chunks kept, new boards after them
        kept = store.finished_chunks(run_dir, plan)
        return store.replan(study, kept, 1 + max(index for index, _, _ in plan))
    if previous_study.chunk_boards == study.chunk_boards:
        return plan
    kept = store.finished_chunks(run_dir, plan)
    notify("chunk size", f"{run_dir}: chunks of {study.chunk_boards:,} games from now on (they were "
                         f"{previous_study.chunk_boards:,}); finished chunks kept: {len(kept)} (the "
                         f"chunk size changes no result)")
    return store.replan(study, kept, 1 + max(index for index, _, _ in plan))


def _remove_run_files(run_dir: Path) -> None:
    """Delete a previous run's files (only names the store writes) to start afresh."""
    for pattern in ("*-[0-9][0-9][0-9][0-9][0-9]*.parquet", "cube-*.parquet", store.MANIFEST):
        for path in run_dir.glob(pattern):
            path.unlink()
    store.remove_chunk_files(run_dir)
    store.remove_temporaries(run_dir)


def _check_jobs(jobs) -> int:
    try:
        jobs = int(jobs)
    except (TypeError, ValueError):
        jobs = 0
    if jobs == -1:
        from joblib import cpu_count     # imported when needed: 0.1 s of a one-worker run's start

        return cpu_count()
    if jobs < 1:
        raise TricksimError("jobs must be a number of workers of at least 1, or -1 for every core")
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


def run_study(study, out_dir, jobs: int = 1, backend: str = "threading", scheduler: str | None = None,
              progress: bool = True, resume: bool = True, notify=_ignore, extend: bool = False) -> Path:
    """Play every chunk of ``study`` and write the run directory ``out_dir``.

    ``study`` is a :class:`~sim.study.Study` or its dict. A directory holding
    the same study, played by the same code (engine, user player modules,
    params), is resumed (finished chunks are kept; another chunk size than
    before applies to the boards still to play) unless ``resume`` is false,
    which starts it afresh; a directory holding another study or played by
    other code is an error. ``notify(event, message)`` hears, in one line
    each, that the run was already complete (``"complete"``: nothing is
    played), that it resumes (``"resume"``) or that its chunk size changed
    (``"chunk size"``). With ``extend``, a directory holding the same study on
    fewer boards (a record run) is extended: its chunks are kept and the new
    boards played after them, so the run ends as if played at the new size
    (every board has its own streams). Returns the run directory.
    """
    study = study if isinstance(study, Study) else Study.from_dict(study)
    if backend not in backends.BACKENDS:
        raise TricksimError(f"unknown backend {backend!r}; backends are {choices(backends.BACKENDS)}")
    if scheduler and backend not in ("dask", "ray"):
        raise TricksimError(f"a scheduler address needs the dask or ray backend, not {backend}")
    jobs = _check_jobs(jobs)
    backends.check_installed(backend)
    game = registry.game(study.game)
    meta = registry.info(study.game)
    run_dir = Path(out_dir)
    lineup = Lineup.resolve(meta.family, study.lineup, meta.name, study.variant)
    players = _players(study, lineup)
    code = _code(study, meta.family, lineup)
    created = not run_dir.exists()
    previous = _open_run_dir(run_dir, study, code, resume, extend)
    layout = "aggregate" if study.aggregate else "records"
    if previous and previous["study"]["boards"] == study.boards and _is_whole(run_dir, previous, store.run_plan(run_dir, previous,
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
    jobs = backends.workers(jobs, backend, scheduler, len(todo))

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
            _play(Engine(study, lineup), run_dir, plan, todo, finished, jobs, backend, scheduler,
                  progress, deals_per_board, manifest, write_manifest, stop)
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


def _play(engine, run_dir, plan, todo, finished, jobs, backend, scheduler, progress,
          deals_per_board, manifest, write_manifest, stop) -> None:
    """Play the chunks ``todo``, save each as it finishes; write the final cube."""
    study = engine.study
    analysis = store.analysis_module(engine.game) if study.aggregate else None
    fold = None
    if analysis is not None:
        def load_finished(index):
            entry = finished.get(index)
            return store.load_chunk_cube(run_dir, index, entry["cube"]) if entry else None
        fold = ChunkOrderFold(analysis.combine, [index for index, _, _ in plan], load_finished)

    if todo:
        # compile once here (only what this run plays); workers load numba's cache
        engine.warmup(threads=backend == "numba")
    deals_done = sum(e["n_boards"] for e in finished.values()) * deals_per_board
    bar = tqdm(total=study.boards * deals_per_board, initial=deals_done, unit="deal",
               unit_scale=True, desc=study.game, file=sys.stderr, disable=not progress)
    last_manifest = time.perf_counter()
    reduce = analysis.reduce if analysis is not None else None   # handed to every task
    with bar, closing(backends.results(backend, jobs, scheduler, engine, todo, reduce,
                                       run_dir)) as results:
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
            write_frame(store.cube_file(run_dir, name), frame)
        manifest["tables"] = sorted(cube)
