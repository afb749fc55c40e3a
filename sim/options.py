"""Rules as data: named, typed, validated options with defaults.

Each game declares its options as a tuple of :class:`Option`. A user's
``name=value`` strings are validated against it (an unknown name or a bad
value is a :class:`~sim.errors.TricksimError` listing what is allowed) and
packed into an ``int64`` array that the game's kernel reads, so one compiled
kernel serves every option value and sweeps never recompile.
"""
from __future__ import annotations

from dataclasses import dataclass

from .errors import TricksimError, choices


@dataclass(frozen=True)
class Option:
    """One rule option of a game.

    ``choices`` lists the allowed words; ``int_range`` (lo, hi) allows whole
    numbers. An option may allow both (e.g. Oh Hell's ``rounds``: a schedule
    name or one fixed hand size). Packed for the kernel, a word becomes its
    index in ``choices`` and a number ``n`` becomes ``len(choices) + n``.
    """

    name: str
    default: str | int
    doc: str
    choices: tuple[str, ...] = ()
    int_range: tuple[int, int] | None = None

    def allowed(self) -> str:
        parts = list(self.choices)
        if self.int_range is not None:
            parts.append(f"a whole number from {self.int_range[0]} to {self.int_range[1]}")
        return choices(parts)

    def parse(self, game: str, value) -> str | int:
        """The typed value of ``value`` (a string from the CLI, or a typed value)."""
        text = str(value).strip().lower()
        if text in self.choices:
            return text
        if self.int_range is not None:
            try:
                number = int(text)
            except ValueError:
                number = None
            if number is not None and self.int_range[0] <= number <= self.int_range[1]:
                return number
        raise TricksimError(
            f"{game}: option {self.name}={value!s} is not allowed; "
            f"{self.name} takes {self.allowed()}"
        )

    def pack(self, value: str | int) -> int:
        """The value as compiled rules read it (see the class docstring)."""
        if isinstance(value, str):
            return self.choices.index(value)
        return len(self.choices) + int(value)


def validate_options(game: str, specs: tuple[Option, ...], raw: dict | None) -> dict:
    """Typed options with defaults filled in; raises on unknown names or values."""
    by_name = {o.name: o for o in specs}
    raw = dict(raw or {})
    unknown = [k for k in raw if k not in by_name]
    if unknown:
        allowed = choices(sorted(by_name)) if by_name else "no options"
        raise TricksimError(f"{game}: unknown option {unknown[0]!r}; {game} takes {allowed}")
    return {o.name: o.parse(game, raw[o.name]) if o.name in raw else o.default for o in specs}


def packed(specs: tuple[Option, ...], values: dict, name: str) -> int:
    """Option ``name`` as a game's compiled rules read it from the config
    (:meth:`Option.pack`; a value not given takes the default). A game's
    ``cfg.py`` writes its options with this, and its ``rules_nb`` constants
    follow the order of the option's ``choices``."""
    for option in specs:
        if option.name == name:
            return option.pack(values.get(name, option.default))
    raise KeyError(name)


def parse_assignments(items: list[str] | None) -> dict:
    """``["a=1", "b=x"]`` from the command line -> ``{"a": "1", "b": "x"}``."""
    out = {}
    for item in items or []:
        if "=" not in item:
            raise TricksimError(f"option {item!r} is not of the form name=value")
        name, value = (part.strip() for part in item.split("=", 1))
        if name in out:
            # last-one-wins would silently drop a value the user typed
            raise TricksimError(f"option {name} is given twice ({name}={out[name]} and {name}={value}); "
                                f"give each option once")
        out[name] = value
    return out
