"""Games by name.

Each game is described by a :class:`GameInfo` (metadata: players, options
with defaults, variants) and implemented by a :class:`~sim.game.Game`
object that the runner, store, replay, CLI and report use without ever
branching on the game's name. Implementations are imported lazily so that
``tricksim games`` does not compile anything.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass

from .errors import TricksimError, choices
from .options import Option, validate_options


@dataclass(frozen=True)
class GameInfo:
    name: str
    title: str
    family: str                    # shares players (strategies.<family>) with its siblings
    summary: str
    min_players: int
    max_players: int
    default_players: int
    options: tuple[Option, ...]
    impl: str                      # "module:attribute" of the Game object
    unit: str = "game"             # what one board plays: a whole game

    def check_players(self, n: int) -> int:
        from .study import whole_number
        number = whole_number("players", n)
        if not self.min_players <= number <= self.max_players:
            raise TricksimError(
                f"{self.name} is played by {self.min_players} to {self.max_players} players, not {n}"
            )
        return number

    def validate(self, raw: dict | None) -> dict:
        return validate_options(self.name, self.options, raw)


_GAMES: dict[str, GameInfo] = {}
_IMPLS: dict[str, object] = {}
_DECLARATIONS = ("sim.games.wizard.rules",)


def register(info: GameInfo) -> GameInfo:
    _GAMES[info.name] = info
    return info


def _load_declarations() -> None:
    for module in _DECLARATIONS:
        importlib.import_module(module)


def all_games() -> list[GameInfo]:
    _load_declarations()
    return [_GAMES[k] for k in sorted(_GAMES)]


def info(name: str) -> GameInfo:
    _load_declarations()
    key = str(name).strip().lower()
    if key not in _GAMES:
        raise TricksimError(f"unknown game {name!r}; games are {choices(sorted(_GAMES))}")
    return _GAMES[key]


def game(name: str):
    """The implementation object of a game (imports its kernels)."""
    meta = info(name)
    if meta.name not in _IMPLS:
        module, _, attr = meta.impl.partition(":")
        _IMPLS[meta.name] = getattr(importlib.import_module(module), attr)
    return _IMPLS[meta.name]
