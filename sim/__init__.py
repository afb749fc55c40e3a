"""tricksim's engine: cards, random streams, rules as data, game kernels,
the runner, the store and replay.

Importing ``sim`` points numba's on-disk cache at a folder keyed by a hash of
the engine's own sources (``sim/`` and ``strategies/``). Numba checks only a
cached function's own file, while the kernels inline rules and built-in
players from other files; keying the folder by every source file means an
edit anywhere recompiles everything that could depend on it, never a stale
kernel. Set ``TRICKSIM_CACHE_DIR`` (or ``NUMBA_CACHE_DIR``) to move it.
"""
import hashlib
import os
from pathlib import Path


def _engine_source_hash() -> str:
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for package in ("sim", "strategies"):
        for path in sorted((root / package).rglob("*.py")):
            digest.update(path.relative_to(root).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _configure_numba_cache() -> None:
    if os.environ.get("NUMBA_CACHE_DIR"):
        return  # the user's choice wins
    base = os.environ.get("TRICKSIM_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"),
        "tricksim")
    folder = os.path.join(base, f"numba-{_engine_source_hash()}")
    os.environ["NUMBA_CACHE_DIR"] = folder  # inherited by worker processes
    import numba
    numba.config.CACHE_DIR = folder


_configure_numba_cache()

from .replay import replay  # noqa: E402

__all__ = ["replay"]
