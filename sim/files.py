"""Files written whole or not at all, and output folders tried before a run writes.

Every file tricksim writes goes through :func:`write_atomic`: to a hidden
temporary name in the same directory, then renamed over the final name with
``os.replace``. A reader therefore sees a whole file or none; an interrupted
run leaves only temporaries (:data:`TEMP_NAME`), which the next run removes
(``sim/store.py``). Record arrays and cube tables are Parquet
(:func:`write_records`, :func:`write_frame`); :func:`check_output_dir` tries a
folder before any work is done, and :func:`writing` turns a failed write into
a one-line error.
"""
from __future__ import annotations

import json
import os
import re
import secrets
from contextlib import contextmanager
from pathlib import Path
from typing import Callable

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from .errors import TricksimError

# the temporaries write_atomic makes (".<name>.<8 hex>.tmp"): only these are ever removed
TEMP_NAME = re.compile(r"^\..+\.[0-9a-f]{8}\.tmp$")


# -- atomic writes -------------------------------------------------------------
def write_atomic(path, write: Callable[[Path], None]) -> Path:
    """Call ``write(temporary_path)``, then rename the temporary to ``path``.

    The temporary lives in the same directory (a rename across file systems
    would not be atomic) and is removed if ``write`` fails.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    try:
        write(temp)
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    return path


def write_json(path, data: dict) -> Path:
    text = json.dumps(data, indent=2, sort_keys=False) + "\n"
    return write_atomic(path, lambda temp: temp.write_text(text, encoding="utf-8"))


# rows a records file writes at a time (one row group each): a block's columns are copied
# out of the records while they are in the cache. 250k Oh Hell deals (1M deal rows, 1M
# game rows) took 115 ms to write in blocks of 128Ki rows, 163 ms as one table.
RECORDS_BLOCK_ROWS = 1 << 17


def write_records(path, records: np.ndarray) -> Path:
    """Write a structured record array as Parquet, one column per field.

    Integer fields are delta-encoded (``DELTA_BINARY_PACKED``), nothing is
    dictionary-encoded, and only ``game`` and ``board`` (the columns a reader
    selects rows by) carry min/max statistics: the columns are small integers
    and ever-growing game and board numbers, and pyarrow's default (a
    dictionary and statistics for every column; the game numbers overflow the
    dictionary) took 110 ms to write a 100k-deal Oh Hell chunk (400k deal
    rows, 400k game rows; 6.1 MB), this 52 ms and 2.5 MB. No column can be
    null, and the schema says so: the writer skips a definition level a value
    (52 → 40 ms). The rows go in blocks of :data:`RECORDS_BLOCK_ROWS`, a row
    group each.
    """
    names = list(records.dtype.names)
    schema = pa.schema([pa.field(n, pa.from_numpy_dtype(records.dtype[n]), nullable=False) for n in names])
    encoding = {n: "DELTA_BINARY_PACKED" for n in names if records.dtype[n].kind in "iu"}
    statistics = [n for n in ("game", "board") if n in names]

    def write(temp):
        with pq.ParquetWriter(temp, schema, use_dictionary=False, column_encoding=encoding,
                              write_statistics=statistics) as writer:
            for start in range(0, len(records), RECORDS_BLOCK_ROWS):
                block = records[start:start + RECORDS_BLOCK_ROWS]
                writer.write_table(pa.Table.from_arrays([pa.array(np.ascontiguousarray(block[n])) for n in names],
                                                        schema=schema))
    return write_atomic(path, write)


def write_frame(path, frame: pd.DataFrame) -> Path:
    """Write a DataFrame (its index too) as Parquet."""
    table = pa.Table.from_pandas(frame)
    return write_atomic(path, lambda temp: pq.write_table(table, temp))


def read_frame(path) -> pd.DataFrame:
    return pq.read_table(path).to_pandas()


def read_records(path, dtype: np.dtype) -> np.ndarray:
    """Read a Parquet file written by :func:`write_records` back into ``dtype``."""
    table = pq.read_table(path)
    out = np.empty(table.num_rows, dtype=dtype)
    for name in dtype.names:
        out[name] = table.column(name).to_numpy()
    return out


# -- output folders ------------------------------------------------------------
def check_output_dir(path, option: str = "--out", remedy: str | None = None) -> None:
    """TricksimError unless ``path`` is, or can be made, a directory that takes new files.

    The nearest folder of ``path`` that exists is tried with a file created and
    deleted at once (a hidden temporary, as the atomic writes use): a
    permission, a read-only or immutable folder or a special file system such
    as ``/proc`` refuse it for what they are, whoever runs tricksim.
    ``remedy`` ends the message (default: give another ``option``).
    """
    path = Path(path)
    remedy = remedy or f"give another {option}"
    for folder in (path, *path.parents):
        if folder.exists():
            if not folder.is_dir():
                where = "it" if folder == path else folder
                raise TricksimError(f"cannot write to {path}: {where} is a file, not a directory; {remedy}")
            probe = folder / f".probe.{secrets.token_hex(4)}.tmp"
            try:
                probe.touch(exist_ok=False)
                probe.unlink()
            except OSError as exc:
                where = "it" if folder == path else folder
                raise TricksimError(f"cannot write to {path}: {where} does not take new files "
                                    f"({exc.strerror or exc}); {remedy}") from None
            return


@contextmanager
def writing(target, remedy: str):
    """Turn a failed write inside into a one-line TricksimError about ``target``
    (a disk that fills up, a folder made read-only while tricksim runs)."""
    try:
        yield
    except OSError as exc:
        name = exc.filename2 or exc.filename       # a rename names its target second
        culprit = f" ({name})" if name and str(name) != str(target) else ""
        raise TricksimError(f"cannot write to {target}: {exc.strerror or exc}{culprit}; {remedy}") from None
