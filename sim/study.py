"""A study: what to simulate, validated once, hashable, written to the manifest.

``Study.create(...)`` checks everything a user can get wrong (unknown game,
option, player; a player count out of range; a bad seating) and raises a
one-line :class:`~sim.errors.TricksimError`; after that the runner can trust
it. The study plus its seed fixes every result.
"""
from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass

from strategies.registry import resolve

from . import registry
from .errors import TricksimError, choices, counted, whole_number

SEATINGS = ("fixed", "rotate", "duplicate")


# Deals a chunk by default. Each chunk costs a few ms of Python beside its compiled work
# (the cube's tables, its checkpoint, the parent's sum): random Oh Hell 4x12, 16M deals,
# `simulate --aggregate` ran at 1.02M deals/s on one core and 1.68-1.73M on two with
# 100,000-deal chunks, 1.11M and 1.90-1.93M with 250,000 (1.08M one core with 500,000).
DEFAULT_CHUNK_DEALS = 250_000


# What two studies must share to be dealt the same cards board by board (the deal stream
# depends on the seed and the board alone): what pairs them in `tricksim compare`.
SAME_DEALS = ("game", "variant", "players", "seed", "boards", "seating")


def check_common_deals(a: dict, b: dict) -> None:
    """Refuse two studies (as ``Study.to_dict()``) that were not dealt the same cards."""
    for key in SAME_DEALS:
        if a.get(key) != b.get(key):
            raise TricksimError(
                f"the runs were not dealt the same cards: {key} is {a.get(key)!r} "
                f"in the first and {b.get(key)!r} in the second (they must agree on "
                f"{', '.join(SAME_DEALS)})")


def _player_count(meta, players, lineup) -> int:
    """The number of players: given, or the lineup's length when it names every seat
    (one name plays every seat of the game's default count)."""
    if players is None:
        if len(lineup) == 1:
            return meta.default_players
        try:
            return meta.check_players(len(lineup))
        except TricksimError as exc:
            raise TricksimError(f"{exc} (the lineup names {len(lineup)}); give one player "
                                f"name for all seats, or one per seat") from None
    n = meta.check_players(players)
    if len(lineup) not in (1, n):
        raise TricksimError(f"{meta.name}: {n} players need 1 or {n} player names, got {len(lineup)}")
    return n


@dataclass(frozen=True)
class Study:
    game: str
    players: int
    lineup: tuple[str, ...]          # player spec per lineup slot (slot s sits at seat s in game 0)
    options: tuple[tuple[str, object], ...]
    boards: int                      # boards to deal; each is one whole game per rotation
    seed: int = 0
    seating: str = "fixed"
    chunk_boards: int = 0            # boards per chunk: the unit of work and resume, not of results
    aggregate: bool = False          # reduce records inside each task instead of storing them
    variant: str = ""                # the game's variant ('' for a game without variants)

    @classmethod
    def create(cls, game: str, players: int | None = None, lineup=None, options=None,
               boards: int | None = None, deals: int | None = None, seed: int = 0,
               seating: str = "fixed", chunk_boards: int | None = None,
               aggregate: bool = False, variant: str | None = None) -> "Study":
        meta = registry.info(game)
        lineup = tuple(lineup or ["random"])
        n = _player_count(meta, players, lineup)
        seed = whole_number("seed", seed, lowest=0)
        boards = None if boards is None else whole_number("games (boards)", boards, lowest=1)
        deals = None if deals is None else whole_number("deals", deals, lowest=1)
        chunk_boards = None if chunk_boards is None else whole_number("chunk games", chunk_boards, lowest=1)
        if len(lineup) == 1:
            lineup = lineup * n
        variant = meta.check_variant(variant)
        # a slow player (a search player) asks for smaller chunks: the progress bar moves
        # and every core gets work (``Player.chunk_deals``)
        chunk_deals = min([DEFAULT_CHUNK_DEALS] + [
            p.chunk_deals for p in (resolve(meta.family, spec, meta.name, variant) for spec in lineup)
            if p.chunk_deals > 0])
        opts = meta.validate(options, variant)
        if seating not in SEATINGS:
            raise TricksimError(f"unknown seating {seating!r}; seating is {choices(SEATINGS)}")
        study = cls(game=meta.name, players=n, lineup=lineup, options=tuple(sorted(opts.items())),
                    boards=1, seed=int(seed), seating=seating, aggregate=bool(aggregate),
                    variant=variant)
        impl = registry.game(meta.name)
        rounds = impl.rounds(study)
        if boards is None and deals is None:
            boards = 1000
        if boards is None:
            if int(deals) < 1:
                raise TricksimError(f"deals must be at least 1, not {deals}")
            # a board plays whole games: round up to whole boards
            boards = math.ceil(int(deals) / (rounds * impl.games_per_board(study)))
        if int(boards) < 1:
            raise TricksimError(f"the number of games must be at least 1, not {boards}")
        if chunk_boards is None or chunk_boards <= 0:
            per_board = rounds * impl.games_per_board(study)
            chunk_boards = max(1, chunk_deals // per_board)
        return cls(game=meta.name, players=n, lineup=lineup, options=study.options,
                   boards=int(boards), seed=int(seed), seating=seating,
                   chunk_boards=int(chunk_boards), aggregate=bool(aggregate), variant=variant)

    @property
    def option_dict(self) -> dict:
        return dict(self.options)

    @property
    def n_chunks(self) -> int:
        return math.ceil(self.boards / self.chunk_boards)

    def chunk_bounds(self, chunk_index: int) -> tuple[int, int]:
        """(first board, number of boards) of a chunk."""
        first = chunk_index * self.chunk_boards
        return first, min(self.chunk_boards, self.boards - first)

    def to_dict(self) -> dict:
        d = asdict(self)
        d["lineup"] = list(self.lineup)
        d["options"] = dict(self.options)
        return d

    @classmethod
    def from_dict(cls, d: dict) -> "Study":
        d = dict(d)
        d["lineup"] = tuple(d["lineup"])
        d["options"] = tuple(sorted(dict(d["options"]).items()))
        return cls(**d)

    def key(self) -> str:
        """A canonical string of what the study plays: equal keys, equal results.

        The chunk size is not part of it: every board has its own deal and
        decision streams, so it changes no result (a run resumed with
        another chunk size keeps its finished boards).
        """
        return json.dumps(self._identity(), sort_keys=True)

    def _identity(self) -> dict:
        d = self.to_dict()
        d.pop("chunk_boards")
        return d

    def differences(self, other: "Study") -> list[tuple[str, object, object]]:
        """``(field, this value, other value)`` for each field that makes ``other`` another study."""
        mine, theirs = self._identity(), other._identity()
        return [(k, mine[k], theirs.get(k)) for k in mine if mine[k] != theirs.get(k)]


def check_extension(run_dir, previous: Study, study: Study) -> None:
    """A run may be extended to ``study`` when only its number of boards grows: its
    boards keep their deal and decision streams, so its first boards stay as played."""
    fields = [field for field, _, _ in previous.differences(study)]
    if fields != ["boards"]:
        field, theirs, mine = previous.differences(study)[0]
        raise TricksimError(f"{run_dir} holds a different study ({field} {theirs!r} there, {mine!r} "
                            f"asked); only its number of games can grow")
    if study.boards < previous.boards:
        raise TricksimError(f"{run_dir} holds {counted(previous.boards, 'game')}; extending it "
                            f"needs at least as many, not {study.boards:,}")
    if previous.aggregate:
        raise TricksimError(f"{run_dir} is an aggregate run: its chunks are folded into one cube, "
                            f"so it cannot be extended; run it without --aggregate")
