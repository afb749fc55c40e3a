"""A tournament: several players (entrants) of one game, every seating on the same deals.

``Tournament.create(game, entrants, ...)`` checks the input and plans the
tables; :func:`run_tournament` plays each table as a record run with
``duplicate`` seating into ``OUT/tables/table-NN`` and gathers every game's
result per entrant (:func:`results`), which ``analysis/tournament.py`` turns
into ratings and pair differences.

Seatings. Every table is dealt the same boards (same game, seed, boards and
player count: the deal stream depends on the seed and the board alone). A
table's lineup is played once per rotation on each board (the engine's
``duplicate`` seating), so the plan holds one lineup per rotation class:

* individual games, as many entrants as seats or more: every subset of
  table size in every order, i.e. every permutation of it over the seats.
  Rotations alone would give every entrant every seat equally often but not
  every neighbour: who sits after whom matters in a trick-taking game (the
  player on a strong player's left sees its leads first), so every cyclic
  order is played too ((n − 1)! lineups per subset, n rotations each);
* fewer entrants than seats: every order of the entrants, filled
  cyclically to the table size (A B C at four seats: A B C A), one lineup
  per rotation class: every entrant holds the extra seats equally often;
* team games (``Game.partners`` > 1: Schieber, Ten-point Pitch): a team is
  two copies of one entrant at partners' seats (A B A B), one lineup per
  pair of entrants: the rotations give each team both sides of the table.

French Tarot has no fixed partners (the taker's camp forms in each deal), so
its seats are individual.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from . import registry
from .errors import TricksimError, counted, whole_number
from .study import Study

TABLES_DIR = "tables"
# a plan larger than this is refused rather than played for hours (7 entrants at 5 seats
# plan 21 * 24 = 504 lineups)
MAX_TABLES = 1000


def seatings(entrants: int, seats: int, partners: int = 1) -> list[tuple[int, ...]]:
    """Lineups (entrant index per seat), one per rotation class, as the module docstring says."""
    if partners > 1:
        if seats % partners or seats // partners != 2:
            raise TricksimError(f"a team game of {seats} seats with {partners} partners each is "
                                f"not two teams")
        candidates = ((i, j) * partners for i, j in itertools.combinations(range(entrants), 2))
    elif entrants >= seats:
        candidates = (p for subset in itertools.combinations(range(entrants), seats)
                      for p in itertools.permutations(subset))
    else:
        candidates = (tuple(p[k % entrants] for k in range(seats))
                      for p in itertools.permutations(range(entrants)))
    kept, seen = [], set()
    for lineup in candidates:
        lineup = tuple(lineup)
        rotations = {lineup[r:] + lineup[:r] for r in range(seats)}
        if not rotations & seen:
            seen |= rotations
            kept.append(lineup)
    return kept


def _table_size(meta, partners: int, entrants: int, players) -> int:
    if players is not None:
        return meta.check_players(players)
    if partners == 1 and meta.min_players <= entrants <= meta.max_players:
        return entrants
    return meta.default_players


@dataclass(frozen=True)
class Tournament:
    game: str
    variant: str
    players: int                            # seats at a table
    entrants: tuple[str, ...]               # player specs, as given
    options: tuple[tuple[str, object], ...]
    boards: int
    seed: int
    partners: int                           # seats per team (1: every seat for itself)
    lineups: tuple[tuple[int, ...], ...]    # entrant index per seat, one per table

    @classmethod
    def create(cls, game: str, entrants, variant: str | None = None, players: int | None = None,
               options: dict | None = None, boards: int = 200, seed: int = 0) -> "Tournament":
        meta = registry.info(game)
        variant = meta.check_variant(variant)
        entrants = tuple(str(e).strip() for e in (entrants or ()))
        if len(entrants) < 2:
            raise TricksimError(f"a tournament needs at least 2 players (-p), not {len(entrants)}")
        twice = sorted({e for e in entrants if entrants.count(e) > 1})
        if twice:
            raise TricksimError(f"player {twice[0]!r} is entered twice; enter each player once "
                                f"(the same player with other params, e.g. heuristic[bias=0.5], is another entrant)")
        boards = whole_number("boards", boards, lowest=1)
        seed = whole_number("seed", seed, lowest=0)
        partners = registry.game(meta.name).partners(variant)
        n = _table_size(meta, partners, len(entrants), players)
        k = len(entrants)
        # counted before they are listed: 10 players at 7 seats would list 604,800 orders
        tables = (math.comb(k, 2) if partners > 1 else
                  math.comb(k, n) * math.factorial(n - 1) if k >= n else math.factorial(k))
        if tables > MAX_TABLES:
            raise TricksimError(f"{k} players at {n} seats make {tables:,} tables, more than "
                                f"{MAX_TABLES:,}; enter fewer players")
        lineups = seatings(k, n, partners)
        tournament = cls(game=meta.name, variant=variant, players=n, entrants=entrants,
                         options=(), boards=int(boards), seed=int(seed), partners=partners,
                         lineups=tuple(lineups))
        # Study.create checks the options, and each player against the game
        studies = tournament.studies(options)
        return cls(**{**tournament.__dict__, "options": studies[0].options})

    def studies(self, options=None) -> list[Study]:
        """One record study per table, duplicate seating, the same deals for all."""
        options = dict(self.options) if options is None else options
        return [Study.create(self.game, players=self.players, lineup=[self.entrants[i] for i in lineup],
                             options=options, boards=self.boards, seed=self.seed,
                             seating="duplicate", variant=self.variant)
                for lineup in self.lineups]

    @property
    def label(self) -> str:
        return f"{self.game} {self.variant}".strip()

    def describe(self) -> str:
        seats = (f"teams of {self.partners}" if self.partners > 1 else f"{self.players} seats")
        return (f"{self.label}, {seats}, {counted(len(self.entrants), 'player')} at "
                f"{counted(len(self.lineups), 'table')} (each played in every rotation), "
                f"{counted(self.boards, 'board')}, seed {self.seed}")


def table_dir(out: Path, index: int) -> Path:
    return Path(out) / TABLES_DIR / f"table-{index:02d}"


def run_tournament(tournament: Tournament, out, jobs: int = 1, backend: str = "threading",
                   progress: bool = False, fresh: bool = False, keep_extended: bool = False) -> pd.DataFrame:
    """Play every table into ``out/tables`` and return :func:`results`. A table already
    played there is kept (one of another tournament is an error) unless ``fresh``; with
    ``keep_extended``, so is a table of this tournament extended to more boards (by a
    sequential tournament, ``analysis/tournament_sequential.py``). Only the plan's tables
    are read: a table of an earlier, larger plan is left as it is."""
    from dataclasses import replace
    from .runner import _check_jobs, run_study
    out = Path(out)
    workers = _check_jobs(jobs)
    for index, study in enumerate(tournament.studies()):
        if keep_extended and not fresh and _extended(study, table_dir(out, index)):
            continue
        if workers > 1 and study.n_chunks < workers:
            # the tables play one after another, each split among the workers: a table of
            # a few hundred boards is one default chunk (about 250,000 deals), which kept
            # every other core idle (random, heuristic and pimc at Oh Hell, 300 boards of 7
            # cards: the tables' play took 3.5 s with one worker and two; 2.0 s with two
            # after this split). The chunk size changes no result (Study.key).
            study = replace(study, chunk_boards=-(-study.boards // workers))
        run_study(study, table_dir(out, index), jobs=jobs, backend=backend, progress=progress,
                  resume=not fresh, notify=lambda event, message: None)
    return results(tournament, out)


def _extended(study: Study, run_dir: Path) -> bool:
    """Whether ``run_dir`` holds ``study`` on more boards, finished or not (an extension
    stopped half way is finished by the next one)."""
    from .store import MANIFEST, load_study
    if not (run_dir / MANIFEST).is_file():
        return False
    held = load_study(run_dir)
    return held.boards > study.boards and [field for field, _, _ in study.differences(held)] == ["boards"]


def results(tournament: Tournament, out, from_board: int = 0) -> pd.DataFrame:
    """One row per game and entrant: ``table, board, game, entrant`` (its index), ``seats``
    (the seats it held), ``total`` (the mean game total of its seats) and ``rank`` (the mean
    of its seats' ranks in the game's records: 1 best, tied totals sharing the better rank);
    the boards from ``from_board`` on."""
    from .store import iter_records
    frames = []
    for index, lineup in enumerate(tournament.lineups):
        games = pd.concat(iter_records(table_dir(out, index), "games", ["game", "board", "player", "total", "rank"],
                                       from_board=from_board), ignore_index=True)
        games = games[games["board"] >= from_board]
        entrant = np.asarray(lineup)[games["player"].to_numpy()]
        frame = pd.DataFrame({"table": index, "board": games["board"].to_numpy(np.int64),
                              "game": games["game"].to_numpy(np.int64), "entrant": entrant,
                              "total": games["total"].to_numpy(np.float64),
                              "rank": games["rank"].to_numpy(np.float64)})
        frames.append(frame.groupby(["table", "board", "game", "entrant"], sort=True)
                      .agg(seats=("total", "size"), total=("total", "mean"), rank=("rank", "mean"))
                      .reset_index())
    return pd.concat(frames, ignore_index=True)
