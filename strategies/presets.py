"""Presets: a player with params (a built-in, or a user's ``module:attribute``), saved under a name.

A preset is a line of a TOML file::

    [wizard_tuned]
    family = "wizard"
    player = "heuristic[bias=0.31,hold=44]"
    note = "tricksim tune wizard ... (docs/players.md, Tuned presets)"

and is named like a built-in wherever a player is taken (``-p wizard_tuned``,
``-p "wizard_tuned[hold=40]"`` to change one of its params). Two files are
read (``strategies/preset_files.py``): the package's ``strategies/presets.toml`` (the presets tricksim ships:
tuned, then validated on fresh deals) and the user's file, the path in the
environment variable ``TRICKSIM_PRESETS`` or else ``~/.tricksim/presets.toml``,
into which ``tricksim tune --name NAME`` saves. A user's preset of the same
name as a shipped one replaces it. A run records the preset's name as typed,
so a preset changed later makes another run: name a new setting anew.
"""
from __future__ import annotations

import re
from pathlib import Path

from sim.errors import TricksimError

from .preset_files import presets, read_presets, user_presets_path
from .registry import _load_builtins

NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def preset_names(family: str) -> list[str]:
    """The presets of a family, by name."""
    return sorted(n for n, e in presets().items() if e["family"] == family)


def check_preset_name(name: str, family: str) -> None:
    """Refuse a preset name that is not a word or that a built-in of ``family`` holds."""
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
    entries = read_presets(path)
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
