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

from .errors import TricksimError, choices, whole_number
from .options import Option, validate_options


@dataclass(frozen=True)
class Variant:
    """A named variant of a game (e.g. Jass Schieber): which of the game's
    options apply to it."""

    name: str
    summary: str
    options: tuple[str, ...] = ()


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
    variants: tuple[Variant, ...] = ()   # none: the game is its own only variant

    def check_variant(self, variant: str | None) -> str:
        """The variant's name ('' for a game without variants); default: the first."""
        if not self.variants:
            if variant:
                raise TricksimError(f"{self.name} has no variants, not {variant!r}")
            return ""
        if variant is None or variant == "":
            return self.variants[0].name
        names = [v.name for v in self.variants]
        key = str(variant).strip().lower()
        if key not in names:
            raise TricksimError(f"unknown variant {variant!r} of {self.name}; variants are {choices(names)}")
        return key

    def options_of(self, variant: str) -> tuple[Option, ...]:
        """The options that apply to a variant (all of them for a game without variants)."""
        if not self.variants:
            return self.options
        wanted = next(v for v in self.variants if v.name == variant).options
        return tuple(o for o in self.options if o.name in wanted)

    def check_players(self, n: int) -> int:
        number = whole_number("players", n)
        if not self.min_players <= number <= self.max_players:
            allowed = (f"{self.min_players}" if self.min_players == self.max_players
                       else f"{self.min_players} to {self.max_players}")
            raise TricksimError(f"{self.name} is played by {allowed} players, not {n}")
        return number

    def validate(self, raw: dict | None, variant: str = "") -> dict:
        """Typed options of a variant, defaults filled in."""
        specs = self.options_of(variant)
        label = f"{self.name} {variant}" if variant else self.name
        for key in raw or {}:
            if any(o.name == key for o in self.options) and not any(o.name == key for o in specs):
                allowed = choices([o.name for o in specs]) if specs else "no options"
                raise TricksimError(f"option {key} does not apply to {label}; it takes {allowed}")
        return validate_options(label, specs, raw)


_GAMES: dict[str, GameInfo] = {}
_IMPLS: dict[str, object] = {}
_LOADED = False
ENTRY_POINT_GROUP = "tricksim.games"


def register(info: GameInfo) -> GameInfo:
    """Make a game available by name (called by a game's ``rules`` module)."""
    if info.name in _GAMES and _GAMES[info.name].impl != info.impl:
        raise TricksimError(f"two games are called {info.name!r}: {_GAMES[info.name].impl} "
                            f"and {info.impl}")
    _GAMES[info.name] = info
    return info


def _load_declarations() -> None:
    """Import every game's declarations once: each package under ``sim/games/``
    (its ``rules`` module registers it), then each installed package's entry
    point in the ``tricksim.games`` group (a module that registers its games
    when imported, or a :class:`GameInfo`)."""
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    import pkgutil
    from importlib.metadata import entry_points

    from . import games
    from importlib.util import find_spec
    for package in sorted(m.name for m in pkgutil.iter_modules(games.__path__) if m.ispkg):
        # a game registers itself in its info module; a package without one (a game
        # still being written) registers nothing
        if find_spec(f"{games.__name__}.{package}.info") is not None:
            importlib.import_module(f"{games.__name__}.{package}.info")
    for point in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda p: p.name):
        try:
            loaded = point.load()
        except Exception as problem:   # a broken plug-in must not take tricksim down silently
            raise TricksimError(f"the installed game {point.name!r} ({point.value}) "
                                f"failed to load: {problem}") from None
        if isinstance(loaded, GameInfo):
            register(loaded)


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
