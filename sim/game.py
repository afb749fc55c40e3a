"""The game base: everything a game's implementation shares with every other.

A game is its rules, its step functions and its players. Everything around
them is here, written once: warm-up, running a chunk of boards
(:meth:`GameBase.run_chunk`) and several chunks in numba threads
(:meth:`GameBase.run_chunks`), the resumable board loop for games whose
length varies, the error for an illegal action, seating, replay and the
transcript. The runner, the store, replay, the CLI and the report use a
game only through this class and never branch on a game's name.

What a game supplies (see docs/new_game.md for the order to write them in):

``name``, ``family``, ``analysis``
    Registry name, the family whose players it shares
    (``strategies.<family>``), the analysis module (``reduce``/``tables``).
``tables``
    The record dtypes a chunk writes: ``{"deals": …, "games": …}``.
``kernels``
    The module with ``simulate_chunk_nb`` and ``simulate_chunks_nb`` (the
    board loop; signatures below), imported lazily.
``replay_module``
    The module with ``replay(game, record)`` and ``transcript(game, record, result)``.
``step_module``
    The module with the step interface on a deal's state (``sim/kit_nb.py``
    lists its functions): replay, tests and search players drive a deal
    one decision at a time with it.
``random_deal(study, rng)``
    (dealt hands, chance) of a random deal, for the step interface.
``random_decide``
    The built-in random player as an ABI function (fills unused lineup slots).
``config(study)``
    The study packed into an ``int64`` array for the kernels.
``deals_per_game(study)``
    Deals one game lasts: exact for a fixed-length game, the expected
    number (on the short side) for a game played to a target.
``max_deals_per_game(study)``
    The longest a game can last, or None when no bound exists.
``decision_text(phase, action, legal_lo, legal_hi)``
    (kind, action text, legal text) for the illegal-action message.

The kernels' contract::

    simulate_chunk_nb(cfg, aux, kinds, params, fns, deal_base, dec_base,
                      first_board, n_boards, deals_out, games_out, status, done, trace)
    simulate_chunks_nb(cfg, aux, kinds, params, deal_bases, dec_states,
                       first_boards, n_boards, deal_offsets, game_offsets,
                       deals_out, games_out, statuses, dones)

``simulate_chunk_nb`` plays boards ``first_board …`` and stops early, before a
board that might not fit ``deals_out``/``games_out`` (see ``board_rows``), or
after an illegal action (``status``, layout in :mod:`sim.kit_nb`). A game with
no longest length checks its room deal by deal and drops a board that outgrows
the arrays; the base then plays it again into arrays twice as large.
``done`` gets (boards played, deal rows, game rows). ``trace`` is None, or an
int64 array that logs every deal's start and every decision
(``sim.kit_nb.trace_deal_nb``, ``trace_decision_nb``; :meth:`GameBase.trace_board`). Board ``b``'s cards and
decisions come from its own streams, so the loop here continues a chunk that
ran out of room in fresh arrays and the records are the same as if it had not
stopped, and the chunk plan never changes a result.
"""
from __future__ import annotations

import importlib

import numpy as np

from .errors import TricksimError
from .kit_nb import (ST_ACTION, ST_CODE, ST_DEAL, ST_GAME, ST_LEGAL, ST_LEGAL_HI, ST_PHASE,
                     ST_SEAT, ST_SIZE, ST_SLOT, SEATINGS)
from .rng_nb import chunk_states

# Room for this many more deals than expected when sizing a chunk's record arrays
# (games played to a target vary in length; a chunk that runs out of room goes on).
CAPACITY_MARGIN = 1.3


class GameBase:
    """Base of every game's implementation object (one object per registered game)."""

    name: str
    family: str
    analysis: str
    tables: dict[str, np.dtype]
    kernels_module: str
    replay_module: str
    step_module: str

    # -- what a game supplies ------------------------------------------------------------
    def config(self, study) -> np.ndarray:
        raise NotImplementedError

    def aux(self, study) -> np.ndarray:
        """A second int64 input array for the kernels (e.g. Wizard's hand sizes)."""
        return np.zeros(1, dtype=np.int64)

    def deals_per_game(self, study) -> int:
        raise NotImplementedError

    def deals_to_allocate(self, study) -> int:
        """Deals per game to size record arrays for (on the long side of the expected)."""
        return self.deals_per_game(study)

    def max_deals_per_game(self, study) -> int | None:
        """The longest a game can last (None: no bound). Fixed-length games: the same."""
        return self.deals_per_game(study)

    def seats(self, study) -> int:
        """Rows a deal writes (one per seat)."""
        return study.players

    def decision_text(self, phase: int, action: int, legal_lo: int, legal_hi: int):
        raise NotImplementedError

    @property
    def random_decide(self):
        raise NotImplementedError

    def warmup_studies(self):
        """Small studies that compile every kernel specialisation a run needs."""
        from .registry import info
        from .study import Study
        meta = info(self.name)
        variants = [v.name for v in meta.variants] or [None]
        lineup = ["random", "heuristic"] * meta.min_players
        return [Study.create(self.name, players=meta.min_players, lineup=lineup[:meta.min_players],
                             boards=1, variant=variant) for variant in variants]

    # -- seating -------------------------------------------------------------------------
    def rounds(self, study) -> int:
        """Deals in one game (expected, for a game played to a target)."""
        return self.deals_per_game(study)

    def games_per_board(self, study) -> int:
        """Games played on one board: one per rotation of the lineup with duplicate seating."""
        return self.seats(study) if study.seating == "duplicate" else 1

    @staticmethod
    def seating_code(study) -> int:
        return SEATINGS[study.seating]

    # -- study -> kernel inputs ----------------------------------------------------------
    @property
    def kernels(self):
        return importlib.import_module(self.kernels_module)

    @property
    def steps(self):
        """The game's step-interface module (``new_state_nb``, ``apply_nb``, …)."""
        return importlib.import_module(self.step_module)

    def random_deal(self, study, rng: np.random.Generator):
        """(dealt, chance): each seat's hand as dealt and what chance fixed
        (``sim.kit_nb.CH_*``) for one random deal of the study."""
        raise NotImplementedError

    def players(self, study):
        """(kinds, params, fns, resolved players) for the lineup."""
        from strategies.registry import lineup_arrays
        return lineup_arrays(self.family, study.lineup, self.random_decide)

    def board_rows(self, study) -> tuple[int, int]:
        """(deal rows, game rows) one board writes at most (its worst case)."""
        games = self.games_per_board(study)
        longest = self.max_deals_per_game(study)
        if longest is None:   # no bound: the kernel checks room deal by deal
            longest = self.deals_per_game(study)
        return games * longest * self.seats(study), games * self.seats(study)

    def capacity(self, study, n_boards: int) -> tuple[int, int]:
        """(deal rows, game rows) to allocate for ``n_boards`` boards: exactly what
        they write when games have a fixed length, else the expected length with a
        margin, and never less than one board's worst case."""
        worst_deals, game_rows = self.board_rows(study)
        games = n_boards * self.games_per_board(study)
        seats = self.seats(study)
        if self.max_deals_per_game(study) == self.deals_per_game(study):
            return games * self.deals_per_game(study) * seats, n_boards * game_rows
        expected = int(games * seats * self.deals_to_allocate(study) * CAPACITY_MARGIN) + 64
        return max(expected, worst_deals), n_boards * game_rows

    # -- running -------------------------------------------------------------------------
    def warmup(self) -> None:
        """Compile (or load from numba's cache) every kernel a run needs, in this process."""
        for study in self.warmup_studies():
            self.run_chunk(study, 0, 0, 1, chunk_states(0, 0))
            self.run_chunks(study, [(0, 0, 1, chunk_states(0, 0)), (1, 1, 1, chunk_states(0, 1))])

    def run_chunk(self, study, chunk_index, first_board, n_boards, states) -> dict[str, np.ndarray]:
        """Play boards ``first_board … first_board + n_boards - 1``; return record arrays.

        ``states`` is the (2, 4) uint64 deal and decision bases every board's
        streams derive from (``sim.rng_nb.chunk_states``).
        Raises TricksimError if a player returned an illegal action.
        """
        kinds, params, fns, resolved = self.players(study)
        deal_base = np.ascontiguousarray(states[0]).copy()
        dec_base = np.ascontiguousarray(states[1]).copy()
        parts: list = []
        self._play_on(study, self.config(study), self.aux(study), kinds, params, fns, resolved,
                      deal_base, dec_base, first_board, n_boards, parts)
        return self._joined(parts)

    def _play_on(self, study, cfg, aux, kinds, params, fns, resolved, deal_base, dec_base,
                 first_board, n_boards, parts) -> None:
        """Play boards ``first_board …`` into fresh arrays until all are done; append to ``parts``."""
        deals_dtype, games_dtype = self.tables["deals"], self.tables["games"]
        kernels = self.kernels
        room = 1   # doubles while not even one board fits (a game with no longest length)
        while n_boards > 0:
            n_deal_rows, n_game_rows = self.capacity(study, n_boards)
            n_deal_rows *= room
            deals = np.empty(n_deal_rows, dtype=deals_dtype)
            games = np.empty(n_game_rows, dtype=games_dtype)
            status = np.zeros(ST_SIZE, dtype=np.int64)
            done = np.zeros(3, dtype=np.int64)
            kernels.simulate_chunk_nb(cfg, aux, kinds, params, fns, deal_base, dec_base,
                                      first_board, n_boards, deals, games, status, done, None)
            if status[ST_CODE] != 0:
                raise self.illegal_action_error(status, resolved)
            if done[0] == 0 and self.max_deals_per_game(study) is not None:
                raise RuntimeError(f"{self.name}: a board does not fit {n_deal_rows} deal rows")
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

    def run_chunks(self, study, tasks) -> list[dict[str, np.ndarray]]:
        """Several chunks in numba threads; the same records as ``run_chunk`` one by one.

        ``tasks``: ``(chunk_index, first_board, n_boards, states)`` tuples. A
        lineup with a user's player runs them one after another (a tuple of
        function pointers does not cross ``prange``).
        """
        kinds, params, fns, resolved = self.players(study)
        if fns is not None or len(tasks) == 1:
            return [self.run_chunk(study, *task) for task in tasks]
        cfg, aux = self.config(study), self.aux(study)
        rows = np.array([self.capacity(study, t[2]) for t in tasks], dtype=np.int64)
        deal_offsets = np.concatenate([[0], np.cumsum(rows[:, 0])])
        game_offsets = np.concatenate([[0], np.cumsum(rows[:, 1])])
        deals = np.empty(deal_offsets[-1], dtype=self.tables["deals"])
        games = np.empty(game_offsets[-1], dtype=self.tables["games"])
        states = np.array([t[3] for t in tasks], dtype=np.uint64)
        deal_bases = np.ascontiguousarray(states[:, 0])
        dec_states = np.ascontiguousarray(states[:, 1])
        statuses = np.zeros((len(tasks), ST_SIZE), dtype=np.int64)
        dones = np.zeros((len(tasks), 3), dtype=np.int64)
        first_boards = np.array([t[1] for t in tasks], dtype=np.int64)
        n_boards = np.array([t[2] for t in tasks], dtype=np.int64)
        self.kernels.simulate_chunks_nb(cfg, aux, kinds, params, deal_bases, dec_states,
                                        first_boards, n_boards, deal_offsets, game_offsets,
                                        deals, games, statuses, dones)
        for status in statuses:
            if status[ST_CODE] != 0:
                raise self.illegal_action_error(status, resolved)
        out = []
        for i in range(len(tasks)):
            done = dones[i]
            parts = [(deals[deal_offsets[i]:deal_offsets[i] + done[1]],
                      games[game_offsets[i]:game_offsets[i] + done[2]])]
            # a chunk that ran out of room goes on with its next board (streams are per board)
            self._play_on(study, cfg, aux, kinds, params, fns, resolved, deal_bases[i],
                          dec_states[i], int(first_boards[i] + done[0]),
                          int(n_boards[i] - done[0]), parts)
            out.append(self._joined(parts))
        return out

    # -- one board, decision by decision (``tricksim deal``) ----------------------------
    def trace_board(self, study, board: int) -> list[dict]:
        """Play board ``board`` of the study again, exactly as the run played it (its
        streams are its own), and return each of its deals as a dict: ``game``, ``deal``,
        ``dealer``, ``turned``, ``totals`` (before the deal), ``hands`` (as dealt, one
        int per seat) and ``decisions`` ([seat, kind, action] in order)."""
        from .kit_nb import TRACE_DEAL, TRACE_START
        kinds, params, fns, resolved = self.players(study)
        states = chunk_states(study.seed, 0)
        deal_rows, game_rows = self.board_rows(study)
        size = 1 << 16
        while True:
            trace = np.zeros(size, dtype=np.int64)
            trace[0] = TRACE_START
            deals = np.empty(max(deal_rows, 1) * 8, dtype=self.tables["deals"])
            games = np.empty(game_rows, dtype=self.tables["games"])
            status = np.zeros(ST_SIZE, dtype=np.int64)
            done = np.zeros(3, dtype=np.int64)
            self.kernels.simulate_chunk_nb(self.config(study), self.aux(study), kinds, params, fns,
                                           states[0].copy(), states[1].copy(), board, 1, deals,
                                           games, status, done, trace)
            if status[ST_CODE] != 0:
                raise self.illegal_action_error(status, resolved)
            if trace[1] == 0 and done[0] == 1:
                break
            size *= 4      # a long game: room for more
            deal_rows *= 4
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

    def deal_record(self, study, deal: dict) -> dict:
        """The replay record (docs/records.md) of one traced deal (:meth:`trace_board`)."""
        raise TricksimError(f"{self.name} cannot export a deal as a record yet")

    # -- errors, replay ------------------------------------------------------------------
    def illegal_action_error(self, status, resolved) -> TricksimError:
        """The one-line error for the illegal action recorded in ``status``."""
        kind, action_text, legal_text = self.decision_text(
            int(status[ST_PHASE]), int(status[ST_ACTION]), int(status[ST_LEGAL]),
            int(status[ST_LEGAL_HI]))
        player = resolved[int(status[ST_SLOT])]
        return TricksimError(
            f"player {player.label or player.name} (seat {int(status[ST_SEAT])}) made an illegal "
            f"{kind} {action_text} in game {int(status[ST_GAME])}, deal {int(status[ST_DEAL])}; "
            f"legal: {legal_text}"
        )

    def replay(self, record: dict) -> dict:
        """Replay a record of this game (format in docs/records.md)."""
        return importlib.import_module(self.replay_module).replay(self.name, record)

    def transcript(self, record: dict, result: dict) -> str:
        """A readable account of a replayed record."""
        return importlib.import_module(self.replay_module).transcript(self.name, record, result)
