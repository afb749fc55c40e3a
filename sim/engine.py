"""The engine: a study's game bound to its players, playing chunks of boards.

``Engine(study)`` resolves the study's lineup once (``strategies.registry``)
and binds the kit's board loop (``sim/board_nb.py``) to the game's step
module and its family's built-in heuristic (``sim/binding.py``): one
compiled kernel per game, cached on disk. Then

* :meth:`Engine.run_chunk` plays boards ``first … first + n - 1`` into
  record arrays (``{"deals": …, "games": …}``), continuing into larger
  arrays where a game outgrew its room;
* :meth:`Engine.run_chunks` plays several chunks at once in numba threads;
* :meth:`Engine.trace_board` plays one board again and returns its deals
  decision by decision (``tricksim deal``);
* :meth:`Engine.warmup` compiles (or loads) exactly what the run will use.

An engine pickles as its study and lineup: a worker process binds it again
and loads the kernels from numba's cache. This module sits above the
players (it imports ``strategies``) and below the runner; the games' own
code imports neither.

The kernels' contract (``board_nb.simulate_chunk_nb``)::

    simulate_chunk_nb(cfg, aux, kinds, params, fns, deal_base, dec_base,
                      first_board, n_boards, deals_out, games_out, status, done, trace)
    simulate_chunks_nb(cfg, aux, kinds, params, fns, deal_bases, dec_bases,
                       first_boards, n_boards, deal_offsets, game_offsets,
                       deals_out, games_out, statuses, dones)

``status`` holds the first illegal action (layout in :mod:`sim.kit_nb`),
``done`` (boards played, deal rows, game rows). ``fns`` holds the address of
each user's player (``sim/call_nb.py``). ``trace`` is an ``int64``
array that logs each deal's start and every decision, or empty (``NO_TRACE``).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from strategies.registry import Lineup, heuristic_by_variant, heuristic_of

from . import board_nb, registry
from .binding import bind, binding_name
from .errors import TricksimError
from .kit_nb import (ST_ACTION, ST_CODE, ST_DEAL, ST_GAME, ST_LEGAL, ST_LEGAL_HI, ST_PHASE,
                     ST_SEAT, ST_SIZE, ST_SLOT, TRACE_DEAL, TRACE_START)
from .rng_nb import chunk_states

NO_TRACE = np.zeros(0, dtype=np.int64)   # the trace of a run that is not traced (sim/kit_nb.py)


@njit(cache=True)
def _never_asked(obs, params):
    """The heuristic of a family that has none: no lineup slot can choose it."""
    return -1


def kernels_of(game, variant: str):
    """The compiled kernels of a game's variant: the board loop bound to its step
    module and its family's heuristic (one binding per step module and heuristic,
    and process)."""
    module = game.steps_module(variant)
    heuristic = heuristic_of(game.family, variant or game.name) or _never_asked
    hooks = dict(vars(module))
    hooks["heuristic_nb"] = heuristic
    unit, family = binding_name(module, game.family)
    where = variant or game.name
    if heuristic_by_variant(game.family) and not unit.endswith(where):
        # a heuristic per variant: a kernel (and a cache entry) of its own each, as
        # numba's cache tells bound copies apart by name, not by what they call
        unit = f"{unit}_{where}"
    return bind(unit, family, hooks, board_nb.KERNELS, label=game.name)


class Engine:
    """A study's game and resolved lineup, bound into compiled kernels."""

    def __init__(self, study, lineup: Lineup | None = None):
        self.study = study
        self.game = registry.game(study.game)
        meta = registry.info(study.game)
        self.lineup = lineup or Lineup.resolve(meta.family, study.lineup, meta.name, study.variant)
        self.kinds, self.params, self.fns = self.lineup.arrays()
        self.cfg = self.game.config(study)
        self.aux = self.game.aux(study)
        self._kernels = None

    def __getstate__(self):
        return {"study": self.study, "lineup": self.lineup}

    def __setstate__(self, state):
        self.__init__(state["study"], state["lineup"])

    @property
    def kernels(self):
        if self._kernels is None:
            self._kernels = kernels_of(self.game, self.study.variant)
        return self._kernels

    # -- running -------------------------------------------------------------------------
    def warmup(self, threads: bool = False) -> None:
        """Compile (or load from numba's cache) what a run of the study uses: the
        game's kernel, and its numba threads twin when ``threads``. One board,
        thrown away."""
        states = chunk_states(0, 0)
        self._play_on(states[0].copy(), states[1].copy(), 0, 1, [])
        if threads and not self.lineup.has_user_player:
            self._run_threads([(0, 0, 1, states), (1, 1, 1, chunk_states(0, 1))])

    def run_chunk(self, first_board: int, n_boards: int, states) -> dict[str, np.ndarray]:
        """Play boards ``first_board … first_board + n_boards - 1``; return record arrays.

        ``states`` is the (2, 4) uint64 deal and decision bases every board's
        streams derive from (``sim.rng_nb.chunk_states``). Raises TricksimError
        if a player returned an illegal action.
        """
        deal_base = np.ascontiguousarray(states[0]).copy()
        dec_base = np.ascontiguousarray(states[1]).copy()
        parts: list = []
        self._play_on(deal_base, dec_base, first_board, n_boards, parts)
        return self._joined(parts)

    def _play_on(self, deal_base, dec_base, first_board, n_boards, parts) -> None:
        """Play boards ``first_board …`` into fresh arrays until all are done; append to ``parts``."""
        game, study = self.game, self.study
        room = 1   # doubles while not even one board fits (a game with no longest length)
        while n_boards > 0:
            n_deal_rows, n_game_rows = game.capacity(study, n_boards)
            n_deal_rows *= room
            deals = np.empty(n_deal_rows, dtype=game.tables["deals"])
            games = np.empty(n_game_rows, dtype=game.tables["games"])
            status = np.zeros(ST_SIZE, dtype=np.int64)
            done = np.zeros(3, dtype=np.int64)
            self.kernels.simulate_chunk_nb(self.cfg, self.aux, self.kinds, self.params, self.fns,
                                           deal_base, dec_base, first_board, n_boards, deals, games,
                                           status, done, NO_TRACE)
            if status[ST_CODE] != 0:
                raise self.illegal_action_error(status)
            if done[0] == 0 and game.max_deals_per_game(study) is not None:
                raise RuntimeError(f"{game.name}: a board does not fit {n_deal_rows} deal rows")
            parts.append((deals[:done[1]], games[:done[2]]))
            first_board += int(done[0])
            n_boards -= int(done[0])
            room = 1 if done[0] else 2 * room

    @staticmethod
    def _joined(parts) -> dict[str, np.ndarray]:
        if len(parts) == 1:   # the usual case: no copy, the filled front of the arrays
            return {"deals": parts[0][0], "games": parts[0][1]}
        return {"deals": np.concatenate([p[0] for p in parts]),
                "games": np.concatenate([p[1] for p in parts])}

    def run_chunks(self, tasks) -> list[dict[str, np.ndarray]]:
        """Several chunks in numba threads; the same records as ``run_chunk`` one by one.

        ``tasks``: ``(chunk_index, first_board, n_boards, states)`` tuples. A
        lineup with a user's player runs them one after another: nothing says
        that a user's player may run on several threads at once.
        """
        if self.lineup.has_user_player or len(tasks) == 1:
            return [self.run_chunk(*task[1:]) for task in tasks]
        return self._run_threads(tasks)

    def _run_threads(self, tasks) -> list[dict[str, np.ndarray]]:
        game, study = self.game, self.study
        rows = np.array([game.capacity(study, t[2]) for t in tasks], dtype=np.int64)
        deal_offsets = np.concatenate([[0], np.cumsum(rows[:, 0])])
        game_offsets = np.concatenate([[0], np.cumsum(rows[:, 1])])
        deals = np.empty(deal_offsets[-1], dtype=game.tables["deals"])
        games = np.empty(game_offsets[-1], dtype=game.tables["games"])
        states = np.array([t[3] for t in tasks], dtype=np.uint64)
        deal_bases = np.ascontiguousarray(states[:, 0])
        dec_bases = np.ascontiguousarray(states[:, 1])
        statuses = np.zeros((len(tasks), ST_SIZE), dtype=np.int64)
        dones = np.zeros((len(tasks), 3), dtype=np.int64)
        first_boards = np.array([t[1] for t in tasks], dtype=np.int64)
        n_boards = np.array([t[2] for t in tasks], dtype=np.int64)
        self.kernels.simulate_chunks_nb(self.cfg, self.aux, self.kinds, self.params, self.fns,
                                        deal_bases,
                                        dec_bases, first_boards, n_boards, deal_offsets,
                                        game_offsets, deals, games, statuses, dones)
        for status in statuses:
            if status[ST_CODE] != 0:
                raise self.illegal_action_error(status)
        out = []
        for i in range(len(tasks)):
            done = dones[i]
            parts = [(deals[deal_offsets[i]:deal_offsets[i] + done[1]],
                      games[game_offsets[i]:game_offsets[i] + done[2]])]
            # a chunk that ran out of room goes on with its next board (streams are per board)
            self._play_on(deal_bases[i], dec_bases[i], int(first_boards[i] + done[0]),
                          int(n_boards[i] - done[0]), parts)
            out.append(self._joined(parts))
        return out

    # -- one board, decision by decision (``tricksim deal``) ----------------------------
    def trace_board(self, board: int) -> list[dict]:
        """Play board ``board`` of the study again, exactly as the run played it (its
        streams are its own), and return each of its deals as a dict: ``game``, ``deal``,
        ``dealer``, ``turned``, ``totals`` (before the deal), ``hands`` (as dealt, one
        int per seat) and ``decisions`` ([seat, kind, action] in order)."""
        game, study = self.game, self.study
        states = chunk_states(study.seed, 0)
        deal_rows, game_rows = game.board_rows(study)
        size = 1 << 16
        while True:
            trace = np.zeros(size, dtype=np.int64)
            trace[0] = TRACE_START
            deals = np.empty(max(deal_rows, 1) * 8, dtype=game.tables["deals"])
            games = np.empty(game_rows, dtype=game.tables["games"])
            status = np.zeros(ST_SIZE, dtype=np.int64)
            done = np.zeros(3, dtype=np.int64)
            self.kernels.simulate_chunk_nb(self.cfg, self.aux, self.kinds, self.params, self.fns,
                                           states[0].copy(), states[1].copy(), board, 1, deals,
                                           games, status, done, trace)
            if status[ST_CODE] != 0:
                raise self.illegal_action_error(status)
            if trace[1] == 0 and done[0] == 1:
                break
            size *= 4      # a long game: room for more
            deal_rows *= 4
        return _traced_deals(trace)

    # -- errors --------------------------------------------------------------------------
    def illegal_action_error(self, status) -> TricksimError:
        """The one-line error for the illegal action recorded in ``status``."""
        kind, action_text, legal_text = self.game.decision_text(
            int(status[ST_PHASE]), int(status[ST_ACTION]), int(status[ST_LEGAL]),
            int(status[ST_LEGAL_HI]))
        player = self.lineup.players[int(status[ST_SLOT])]
        return TricksimError(
            f"player {player.label or player.name} (seat {int(status[ST_SEAT])}) made an illegal "
            f"{kind} {action_text} in game {int(status[ST_GAME])}, deal {int(status[ST_DEAL])}; "
            f"legal: {legal_text}"
        )


def _traced_deals(trace) -> list[dict]:
    """A trace array (``sim.kit_nb``'s layout) as a list of deals."""
    out, at, end = [], TRACE_START, int(trace[0])
    while at < end:
        if trace[at] == TRACE_DEAL:
            k = int(trace[at + 5])
            m = int(trace[at + 6 + k])
            out.append({"game": int(trace[at + 1]), "deal": int(trace[at + 2]),
                        "dealer": int(trace[at + 3]), "turned": int(trace[at + 4]),
                        "totals": [int(v) for v in trace[at + 6:at + 6 + k]],
                        "hands": [int(v) & ((1 << 64) - 1) for v in trace[at + 7 + k:at + 7 + k + m]],
                        "decisions": []})
            at += 7 + k + m
        else:
            out[-1]["decisions"].append([int(v) for v in trace[at + 1:at + 4]])
            at += 4
    return out
