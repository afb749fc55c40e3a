"""tricksim's engine: cards, random streams, rules as data, game kernels,
the runner, the store and replay.

Importing ``sim`` points numba's on-disk cache at one folder per game family,
keyed by a hash of the sources that family's kernels can inline
(:mod:`sim.cache`), so an edit to one game recompiles that game alone, and
lets numba's inliner translate each inlined function once a process
(:mod:`sim.inliner`).
"""
from . import cache, inliner

cache.configure()
inliner.install()

from .replay import replay  # noqa: E402

__all__ = ["replay"]
