"""Presets: a built-in player with params, saved under a name.

A preset is a line of a TOML file::

    [wizard_tuned]
    family = "wizard"
    player = "heuristic[bias=0.31,hold=44]"
    note = "tricksim tune wizard ... (docs/players.md, Tuned presets)"

and is named like a built-in wherever a player is taken (``-p wizard_tuned``,
``-p "wizard_tuned[hold=40]"`` to change one of its params). Two files are
read: the package's ``strategies/presets.toml`` (the presets tricksim ships:
tuned, then validated on fresh deals) and the user's file, the path in the
environment variable ``TRICKSIM_PRESETS`` or else ``~/.tricksim/presets.toml``,
into which ``tricksim tune --name NAME`` saves. A user's preset of the same
name as a shipped one replaces it. A run records the preset's name as typed,
so a preset changed later makes another run: name a new setting anew.
"""
from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from sim.errors import TricksimError

PACKAGE_PRESETS = Path(__file__).with_name("presets.toml")
USER_PRESETS_VARIABLE = "TRICKSIM_PRESETS"
NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def user_presets_path() -> Path:
    """The user's presets file (``$TRICKSIM_PRESETS``, else ``~/.tricksim/presets.toml``)."""
    given = os.environ.get(USER_PRESETS_VARIABLE)
    return Path(given) if given else Path.home() / ".tricksim" / "presets.toml"


def _read(path: Path) -> dict:
    if not path.is_file():
        return {}
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except (tomllib.TOMLDecodeError, OSError) as exc:
        raise TricksimError(f"presets file {path} cannot be read: {exc}") from None
    for name, entry in data.items():
        if not isinstance(entry, dict) or not isinstance(entry.get("family"), str) \
                or not isinstance(entry.get("player"), str):
            raise TricksimError(f"presets file {path}: [{name}] needs family = \"...\" and "
                                f"player = \"heuristic[...]\"")
    return data


def presets() -> dict[str, dict]:
    """Every preset by name: the package's, then the user's (which win)."""
    return {**_read(PACKAGE_PRESETS), **_read(user_presets_path())}


@dataclass(frozen=True)
class Preset:
    player: object                   # the built-in it names, defaults as declared
    preset_params: dict              # its params, as text (name -> value)


def preset_player(family: str, name: str, typed: str) -> Preset | None:
    """The preset ``name`` for ``family``; None when there is no preset of that name."""
    from .registry import _SPEC, _load_builtins, _parse_params
    entry = presets().get(name)
    if entry is None:
        return None
    if entry["family"] != family:
        raise TricksimError(f"player {typed}: preset {name} is a {entry['family']} player, "
                            f"not a {family} one")
    m = _SPEC.match(entry["player"])
    builtins = _load_builtins(family)
    if not m or m.group("name") not in builtins:
        raise TricksimError(f"preset {name}: {entry['player']!r} is not a built-in player of "
                            f"{family} with params")
    return Preset(builtins[m.group("name")], _parse_params(m.group("params"), entry["player"]))


def preset_names(family: str) -> list[str]:
    """The presets of a family, by name."""
    return sorted(n for n, e in presets().items() if e["family"] == family)


def check_preset_name(name: str, family: str) -> None:
    """Refuse a preset name that is not a word or that a built-in of ``family`` holds."""
    from .registry import _load_builtins
    if not NAME.match(name):
        raise TricksimError(f"preset name {name!r} must be letters, digits and _ "
                            f"(not starting with a digit)")
    if name in _load_builtins(family):
        raise TricksimError(f"preset name {name!r} is a built-in player of {family}; "
                            f"choose another name")


def save_preset(name: str, family: str, spec: str, note: str = "", path: Path | None = None) -> Path:
    """Add (or replace) a preset in the user's presets file, atomically; its path."""
    from sim.files import write_atomic
    check_preset_name(name, family)
    path = Path(path) if path else user_presets_path()
    entries = _read(path)
    entries[name] = {"family": family, "player": spec, **({"note": note} if note else {})}

    def write(temp: Path) -> None:
        lines = []
        for key in sorted(entries):
            lines.append(f"[{key}]")
            lines += [f"{field} = {_quoted(str(value))}" for field, value in entries[key].items()]
            lines.append("")
        temp.write_text("\n".join(lines), encoding="utf-8")
    return write_atomic(path, write)


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
