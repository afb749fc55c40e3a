"""What every game implementation provides (the runner's and replay's view).

The runner never branches on a game's name: it asks the game object for the
record tables a board writes, runs chunks through it, and hands records to
the game's analysis module.
"""
from __future__ import annotations

from typing import Protocol

import numpy as np


class Game(Protocol):
    name: str
    family: str
    tables: dict[str, np.dtype]      # record tables a chunk returns, e.g. {"deals": …, "games": …}
    analysis: str                    # module with reduce(records) / report(...)

    def rounds(self, study) -> int:
        """Deals in one game of this study."""

    def games_per_board(self, study) -> int:
        """Games played on one board (the number of rotations with duplicate seating)."""

    def warmup(self) -> None:
        """Compile (or load from cache) every kernel a run needs, in this process."""

    def run_chunk(self, study, chunk_index: int, first_board: int, n_boards: int,
                  states: np.ndarray) -> dict[str, np.ndarray]:
        """Play boards ``first_board … first_board + n_boards - 1``; return record arrays.

        ``states`` is the chunk's (2, 4) uint64 generator state (deal, decision).
        Raises TricksimError if a player returned an illegal action.
        """

    def run_chunks(self, study, tasks: list) -> list[dict[str, np.ndarray]]:
        """Several ``(chunk_index, first_board, n_boards, states)`` tasks in this
        process with numba threads; the same records as ``run_chunk`` one by one."""

    def replay(self, record: dict) -> dict:
        """Replay a game record (see docs/records.md)."""

    def transcript(self, record: dict, result: dict) -> str:
        """A readable account of a replayed record."""
