"""The presets' files (a preset: ``strategies/presets.py``): read, and the user's written.

Reads and writes TOML alone, so that the registry (``strategies/registry.py``),
which names a preset wherever a player is taken, reads them without importing
what checks a new preset against the built-ins.
"""
from __future__ import annotations

import os
import tomllib
from pathlib import Path

from sim.errors import TricksimError

PACKAGE_PRESETS = Path(__file__).with_name("presets.toml")
USER_PRESETS_VARIABLE = "TRICKSIM_PRESETS"


def user_presets_path() -> Path:
    """The user's presets file (``$TRICKSIM_PRESETS``, else ``~/.tricksim/presets.toml``)."""
    given = os.environ.get(USER_PRESETS_VARIABLE)
    return Path(given) if given else Path.home() / ".tricksim" / "presets.toml"


def read_presets(path: Path) -> dict:
    """The presets of one file by name (none when it does not exist)."""
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
    return {**read_presets(PACKAGE_PRESETS), **read_presets(user_presets_path())}


def preset_entry(family: str, name: str, typed: str) -> dict | None:
    """The preset ``name`` (``family`` and ``player``, the spec it stands for) when it is one
    of ``family``'s; None when no preset has that name."""
    entry = presets().get(name)
    if entry is not None and entry["family"] != family:
        raise TricksimError(f"player {typed}: preset {name} is a {entry['family']} player, "
                            f"not a {family} one")
    return entry
