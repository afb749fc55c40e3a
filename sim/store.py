"""A run directory on disk: how results are written, found again and read.

Layout of a run directory::

    manifest.json                 the study, players, versions, chunk plan, finished
                                  chunks, status
    deals-00003.parquet           records runs: one file per chunk and table
    games-00003.parquet
    cube-<name>.parquet           aggregate runs: the combined cube, written at the end
    chunks/chunk-00003.json       a chunk is finished when its marker exists: it lists
                                  the chunk's files, rows per table and seconds
    chunks/cube-00003-<name>.parquet   aggregate runs: the cube of one chunk (checkpoint;
                                  deleted with the markers once the final cube is written)

Every file is written atomically (``sim/files.py``): a reader sees a whole
file or none, and an interrupted run leaves no partial Parquet file behind,
only temporaries that the next run removes. A chunk's marker is written
after its data files, so a chunk with a marker is complete.

Readers: :func:`load_manifest`, :func:`load_study`, :func:`is_complete`,
:func:`iter_records` / :func:`load_records` (records runs),
:func:`load_cube` (both kinds of run) and :func:`run_digest`. They read a
run's chunks in the order of its plan (:func:`run_plan`), which lists them
by their first board.
"""
from __future__ import annotations

import hashlib
import importlib
import json
import re
from pathlib import Path
from typing import Iterable, Iterator

import numpy as np
import pandas as pd
import pyarrow.parquet as pq

from . import registry
from .errors import TricksimError, choices
from .files import TEMP_NAME, read_frame, read_records, write_atomic, write_frame, write_json
from .study import Study

MANIFEST = "manifest.json"
CHUNKS_DIR = "chunks"
FORMAT_VERSION = 1
LAYOUTS = ("records", "aggregate")
_CUBE_NAME = re.compile(r"^[A-Za-z0-9_]+$")
_CHUNK_FILE = re.compile(r"^(chunk-[0-9]{5,}\.json|cube-[0-9]{5,}\.npz|cube-[0-9]{5,}-[A-Za-z0-9_]+\.parquet)$")
# columns that order the rows of a record table canonically (those a table has)
_RECORD_ORDER = ("game", "deal", "seat")


# -- file names ----------------------------------------------------------------
def records_file(run_dir, table: str, chunk_index: int) -> Path:
    return Path(run_dir) / f"{table}-{chunk_index:05d}.parquet"


def cube_file(run_dir, name: str) -> Path:
    return Path(run_dir) / f"cube-{name}.parquet"


def chunk_cube_file(run_dir, chunk_index: int, name: str | None = None) -> Path:
    """A chunk's cube checkpoint: one ``.npz`` (``name`` None) or a table's Parquet file."""
    stem = f"cube-{chunk_index:05d}"
    return Path(run_dir) / CHUNKS_DIR / (f"{stem}.npz" if name is None else f"{stem}-{name}.parquet")


def marker_file(run_dir, chunk_index: int) -> Path:
    return Path(run_dir) / CHUNKS_DIR / f"chunk-{chunk_index:05d}.json"


def check_cube_names(cube: dict) -> None:
    """Cube table names become file names: keep them plain."""
    for name in cube:
        if not _CUBE_NAME.match(str(name)):
            raise TricksimError(f"cube table name {name!r} must use only letters, digits and _")


def remove_temporaries(run_dir) -> None:
    """Delete temporaries an interrupted run left behind (only names we create)."""
    for folder in (Path(run_dir), Path(run_dir) / CHUNKS_DIR):
        if folder.is_dir():
            for path in folder.iterdir():
                if TEMP_NAME.match(path.name):
                    path.unlink(missing_ok=True)


def remove_chunk_files(run_dir) -> None:
    """Delete the ``chunks`` folder's markers, checkpoints and temporaries (only
    names we create), and the folder if that empties it."""
    folder = Path(run_dir) / CHUNKS_DIR
    if not folder.is_dir():
        return
    for path in folder.iterdir():
        if _CHUNK_FILE.match(path.name) or TEMP_NAME.match(path.name):
            path.unlink(missing_ok=True)
    if not any(folder.iterdir()):
        folder.rmdir()


# -- manifest ------------------------------------------------------------------
def write_manifest(run_dir, manifest: dict) -> Path:
    return write_json(Path(run_dir) / MANIFEST, manifest)


def load_manifest(run_dir) -> dict:
    """The run's manifest; TricksimError if ``run_dir`` is not a run or it is malformed."""
    path = Path(run_dir) / MANIFEST
    if not path.is_file():
        raise TricksimError(f"{run_dir} is not a tricksim run (it has no {MANIFEST})")
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise TricksimError(f"{path} is malformed: {exc}") from None
    if not isinstance(manifest, dict):
        raise TricksimError(f"{path} is malformed: expected a JSON object")
    missing = [k for k in ("study", "status", "layout", "tables", "chunks") if k not in manifest]
    if missing:
        raise TricksimError(f"{path} is malformed: it lacks {choices(missing)}")
    if manifest["layout"] not in LAYOUTS:
        raise TricksimError(f"{path} is malformed: layout is {manifest['layout']!r}, not {choices(LAYOUTS)}")
    return manifest


def load_study(run_dir, manifest: dict | None = None) -> Study:
    """The study a run directory holds."""
    manifest = manifest if manifest is not None else load_manifest(run_dir)
    try:
        return Study.from_dict(manifest["study"])
    except (TypeError, KeyError, ValueError, AttributeError) as exc:
        raise TricksimError(f"{Path(run_dir) / MANIFEST} is malformed: bad study ({exc})") from None


def is_complete(run_dir) -> bool:
    """True when the run finished (every chunk and the final files are written)."""
    return load_manifest(run_dir)["status"] == "complete"


# -- the chunk plan ------------------------------------------------------------
# A run's plan lists its chunks in board order as (index, first board, boards);
# the index names the chunk's files. A new run's plan is the study's: chunks of
# study.chunk_boards boards, indexed in order. A run resumed with another chunk
# size keeps its finished chunks as they are and cuts the boards between them
# into chunks of the new size, with new indices (results do not depend on the
# plan: every board has its own deal and decision streams).
Plan = list[tuple[int, int, int]]


def uniform_plan(study: Study) -> Plan:
    """Chunks of ``study.chunk_boards`` boards, indexed in board order."""
    return [(i, *study.chunk_bounds(i)) for i in range(study.n_chunks)]


def run_plan(run_dir, manifest: dict, study: Study) -> Plan:
    """The plan a run's manifest records (``plan``), or the study's for a run without one."""
    if "plan" not in manifest:
        return uniform_plan(study)
    try:
        plan = [(int(i), int(first), int(n)) for i, first, n in manifest["plan"]]
    except (TypeError, ValueError):
        plan = []
    board, tiled = 0, bool(plan)
    for _, first, n in plan:                # each chunk starts where the one before ends
        tiled = tiled and first == board and n >= 1
        board = first + n
    if not tiled or board != study.boards or len({i for i, _, _ in plan}) != len(plan):
        raise TricksimError(f"{Path(run_dir) / MANIFEST} is malformed: its plan does not cover "
                            f"boards 0 to {study.boards - 1} once, in order")
    return plan


def replan(study: Study, kept: dict[int, dict], first_new_index: int) -> Plan:
    """A plan that keeps the finished chunks ``kept`` (index -> marker) and cuts the
    boards between them into chunks of ``study.chunk_boards``, indexed from
    ``first_new_index``."""
    plan, board, index = [], 0, first_new_index
    spans = sorted((e["first_board"], e["n_boards"], i) for i, e in kept.items())
    for first, n, kept_index in spans + [(study.boards, 0, None)]:
        while board < first:
            size = min(study.chunk_boards, first - board)
            plan.append((index, board, size))
            index, board = index + 1, board + size
        if kept_index is not None:
            plan.append((kept_index, first, n))
            board = first + n
    return plan


def finished_chunks(run_dir, plan: Plan | Study) -> dict[int, dict]:
    """Chunks of a plan (a study: its own plan) already on disk: index -> marker
    (files, rows, seconds).

    A chunk counts when its marker exists, holds the boards the plan gives the
    chunk and every file it lists exists.
    """
    plan = uniform_plan(plan) if isinstance(plan, Study) else plan
    done = {}
    folder = Path(run_dir) / CHUNKS_DIR
    if not folder.is_dir():
        return done
    for index, first, n_boards in plan:
        path = marker_file(run_dir, index)
        if not path.is_file():
            continue
        try:
            entry = json.loads(path.read_text(encoding="utf-8"))
            bounds = (entry["first_board"], entry["n_boards"])
            files = entry["files"]
        except (OSError, ValueError, KeyError, TypeError):
            continue                       # unreadable marker: run the chunk again
        if bounds == (first, n_boards) and all((Path(run_dir) / f).is_file() for f in files):
            done[index] = entry
    return done


# -- readers -------------------------------------------------------------------
def _records_run(run_dir, partial: bool) -> tuple[dict, Study, Plan]:
    manifest = load_manifest(run_dir)
    if manifest["layout"] != "records":
        raise TricksimError(f"{run_dir} is an aggregate run: it stores a cube, not records; use load_cube")
    if manifest["status"] != "complete" and not partial:
        raise TricksimError(f"{run_dir} is not complete; finish it by running the study again "
                            f"with the same output directory")
    study = load_study(run_dir, manifest)
    return manifest, study, run_plan(run_dir, manifest, study)


def _require_every_chunk(run_dir, plan: Plan, done: dict) -> None:
    missing = [i for i, _, _ in plan if i not in done]
    if missing:
        raise TricksimError(f"{run_dir} lacks the files of chunk {missing[0]}; run the study again "
                            f"with the same output directory to play it again")


def _check_table(run_dir, manifest: dict, table: str) -> None:
    if table not in manifest["tables"]:
        raise TricksimError(f"{run_dir} has no table {table!r}; tables are {choices(manifest['tables'])}")


def iter_records(run_dir, table: str, columns=None, partial: bool = False,
                 from_board: int = 0) -> Iterator[pd.DataFrame]:
    """The records of one table, one DataFrame per chunk, in chunk order.

    With ``partial=True`` an unfinished run yields the chunks it has; with
    ``from_board``, only the chunks that hold a board from that one on.
    """
    manifest, study, plan = _records_run(run_dir, partial)
    _check_table(run_dir, manifest, table)
    if columns is not None:
        names = registry.game(study.game).tables[table].names
        unknown = [c for c in columns if c not in names]
        if unknown:
            raise TricksimError(f"table {table} has no column {unknown[0]!r}; columns are {choices(names)}")
        columns = list(columns)
    done = finished_chunks(run_dir, plan)
    if not partial:
        _require_every_chunk(run_dir, plan, done)
    for index, first, n_boards in plan:
        if index in done and first + n_boards > from_board:
            yield pq.read_table(records_file(run_dir, table, index), columns=columns).to_pandas()


def load_records(run_dir, table: str, columns=None, partial: bool = False) -> pd.DataFrame:
    """All chunks of one record table concatenated in chunk order.

    Columns are the fields of the game's record dtype (see the game's
    ``records.py``), with their dtypes.
    """
    manifest, study, _ = _records_run(run_dir, partial)
    dtype = registry.game(study.game).tables[table] if table in manifest["tables"] else None
    frames = list(iter_records(run_dir, table, columns, partial))
    if not frames:
        names = list(columns) if columns is not None else list(dtype.names)
        return pd.DataFrame({n: pd.Series([], dtype=dtype[n]) for n in names})
    return pd.concat(frames, ignore_index=True)


def analysis_module(game):
    """The analysis module a game names (its ``reduce`` and ``combine``)."""
    try:
        return importlib.import_module(game.analysis)
    except ImportError as exc:
        raise TricksimError(f"{game.name}: cannot import its analysis module {game.analysis!r} ({exc})") from None


def load_chunk_records(run_dir, study: Study, chunk_index: int) -> dict[str, np.ndarray]:
    """One chunk's record arrays, as the game's ``run_chunk`` returned them."""
    game = registry.game(study.game)
    return {t: read_records(records_file(run_dir, t, chunk_index), dtype) for t, dtype in game.tables.items()}


def write_chunk_cube(run_dir, chunk_index: int, cube: dict[str, pd.DataFrame]) -> list[Path]:
    """Write a chunk's cube as its checkpoint; return the files.

    A cube of plain tables (numbers, a fresh index: every built-in game's)
    goes into one uncompressed ``.npz``, an array a column: the parent writes
    a checkpoint for every chunk it folds, and eleven Parquet files took
    10 ms a chunk (Oh Hell 4×12, 100k-deal chunks), the archive 2.5 ms. Any
    other cube (a plug-in's, with an index or text) is a Parquet file a table.
    The checkpoints are the parent's scratch, deleted once the final cube is written.
    """
    check_cube_names(cube)
    if not all(_is_plain(frame) for frame in cube.values()):
        return [write_frame(chunk_cube_file(run_dir, chunk_index, name), frame) for name, frame in cube.items()]
    arrays = {f"{name}.{column}": np.ascontiguousarray(frame[column].to_numpy())
              for name, frame in cube.items() for column in frame.columns}

    def write(temp: Path) -> None:
        with open(temp, "wb") as f:
            np.savez(f, **arrays)
    return [write_atomic(chunk_cube_file(run_dir, chunk_index), write)]


def _is_plain(frame: pd.DataFrame) -> bool:
    index = frame.index
    return (isinstance(index, pd.RangeIndex) and index.start == 0 and index.step == 1
            and all(isinstance(c, str) for c in frame.columns) and all(t.kind in "biuf" for t in frame.dtypes))


def load_chunk_cube(run_dir, chunk_index: int, names: Iterable[str]) -> dict[str, pd.DataFrame]:
    """The cube :func:`write_chunk_cube` wrote (its tables ``names``, in that order)."""
    path = chunk_cube_file(run_dir, chunk_index)
    if not path.exists():
        return {name: read_frame(chunk_cube_file(run_dir, chunk_index, name)) for name in names}
    columns: dict[str, dict[str, np.ndarray]] = {name: {} for name in names}
    with np.load(path, allow_pickle=False) as archive:
        for key in archive.files:
            name, column = key.split(".", 1)
            columns[name][column] = archive[key]
    return {name: pd.DataFrame(cols) for name, cols in columns.items()}


def load_cube(run_dir) -> dict[str, pd.DataFrame]:
    """The run's cube: table name -> DataFrame of additive counts and sums.

    An aggregate run stored it; for a records run each chunk's records are
    reduced with the game's analysis module and folded with its ``combine``
    in chunk order, exactly as an aggregate run of the same study does.
    """
    manifest = load_manifest(run_dir)
    if manifest["status"] != "complete":
        raise TricksimError(f"{run_dir} is not complete; finish it by running the study again "
                            f"with the same output directory")
    if manifest["layout"] == "aggregate":
        return {name: read_frame(cube_file(run_dir, name)) for name in manifest["tables"]}
    study = load_study(run_dir, manifest)
    plan = run_plan(run_dir, manifest, study)
    analysis = analysis_module(registry.game(study.game))
    _require_every_chunk(run_dir, plan, finished_chunks(run_dir, plan))
    total = None
    for index, _, _ in plan:
        cube = analysis.reduce(load_chunk_records(run_dir, study, index), study)
        total = cube if total is None else analysis.combine([total, cube])
    return total


# -- digest --------------------------------------------------------------------
def _hash_frame(digest, frame: pd.DataFrame) -> None:
    header = [[str(c), str(t)] for c, t in frame.dtypes.items()] + [len(frame)]
    digest.update(json.dumps(header).encode())
    _hash_rows(digest, frame)


def _hash_rows(digest, frame: pd.DataFrame) -> None:
    """Each row's hash, in order: rows split over several frames hash as one frame."""
    if len(frame):
        digest.update(pd.util.hash_pandas_object(frame, index=False).to_numpy().tobytes())


def _canonical_cube_table(frame: pd.DataFrame) -> pd.DataFrame:
    """The index as columns, rows sorted by every column: independent of row order."""
    flat = frame.reset_index(drop=isinstance(frame.index, pd.RangeIndex))
    return flat.sort_values(list(flat.columns), kind="stable", ignore_index=True)


def run_digest(run_dir) -> str:
    """sha256 of a finished run's results, in canonical order.

    Records are hashed row by row in board order (within a chunk sorted by
    game, round, seat; chunks hold consecutive boards), then their columns
    and number; a cube table by table (rows sorted). Timings, backend,
    number of workers and chunk plan are not part of it: equal studies give
    equal digests.
    """
    manifest = load_manifest(run_dir)
    if manifest["status"] != "complete":
        raise TricksimError(f"{run_dir} is not complete; a digest needs a finished run")
    digest = hashlib.sha256(manifest["layout"].encode())
    for table in sorted(manifest["tables"]):
        digest.update(f"\0{table}\0".encode())
        if manifest["layout"] == "records":
            rows, columns = 0, None
            for frame in iter_records(run_dir, table):
                keys = [c for c in _RECORD_ORDER if c in frame.columns]
                _hash_rows(digest, frame.sort_values(keys, kind="stable", ignore_index=True))
                rows, columns = rows + len(frame), [[str(c), str(t)] for c, t in frame.dtypes.items()]
            digest.update(json.dumps([columns, rows]).encode())
        else:
            _hash_frame(digest, _canonical_cube_table(read_frame(cube_file(run_dir, table))))
    return digest.hexdigest()
