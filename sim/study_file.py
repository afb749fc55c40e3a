"""Study files: several studies in one TOML file (``tricksim study FILE``).

```toml
[defaults]            # optional: applies to every run
seed = 1

[[run]]
name = "wizard-heuristic-vs-random"
game = "wizard"
players = 4
lineup = ["heuristic", "random", "heuristic", "random"]
seating = "duplicate"
games = 5000
options = { dealer_restriction = "leader" }
```

A ``[[compare]]`` table (``name``, ``a``, ``b``: two run names) compares two
runs dealt the same cards board by board (``tricksim compare``) after the
runs are done, into ``<output folder>/<name>/``.

Keys of a run: ``name`` (its directory under the output folder), ``game``, ``variant``,
``players``, ``lineup``, ``games`` or ``deals``, ``seed``, ``seating``,
``options``, ``aggregate``, ``chunk_games``.
"""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

from .errors import TricksimError, choices
from .study import Study

KEYS = ("name", "game", "variant", "players", "lineup", "games", "deals", "seed", "seating",
        "options", "aggregate", "chunk_games")


def load_comparisons(path: Path, run_names) -> list[tuple[str, str, str]]:
    """The ``[[compare]]`` tables of a study file: (name, run a, run b)."""
    data = tomllib.loads(Path(path).read_text())
    out = []
    for i, item in enumerate(data.get("compare", [])):
        unknown = [k for k in item if k not in ("name", "a", "b")]
        if unknown or "a" not in item or "b" not in item:
            raise TricksimError(f"study file {path}, compare {i + 1}: give name, a and b (run names)")
        for key in ("a", "b"):
            if item[key] not in run_names:
                raise TricksimError(f"study file {path}, compare {i + 1}: no run named {item[key]!r}; "
                                    f"runs are {choices(run_names)}")
        out.append((str(item.get("name", f"compare{i + 1}")), item["a"], item["b"]))
    return out


def load_study_file(path: Path) -> list[tuple[str, Study]]:
    try:
        data = tomllib.loads(Path(path).read_text())
    except FileNotFoundError:
        raise TricksimError(f"study file {path} does not exist") from None
    except tomllib.TOMLDecodeError as exc:
        raise TricksimError(f"study file {path} is not valid TOML: {exc}") from None
    defaults = data.get("defaults", {})
    runs = data.get("run", [])
    if not runs:
        raise TricksimError(f"study file {path} has no [[run]] tables")
    out = []
    for i, run in enumerate(runs):
        spec = {**defaults, **run}
        unknown = [k for k in spec if k not in KEYS]
        if unknown:
            raise TricksimError(f"study file {path}, run {i + 1}: unknown key {unknown[0]!r}; "
                                f"keys are {choices(KEYS)}")
        name = str(spec.get("name", f"run{i + 1}"))
        if not re.fullmatch(r"[A-Za-z0-9_.-]+", name):
            raise TricksimError(f"study file {path}: run name {name!r} must be letters, digits, . _ -")
        if "game" not in spec:
            raise TricksimError(f"study file {path}, run {name}: no game given")
        lineup = spec.get("lineup")
        if isinstance(lineup, str):
            lineup = [lineup]
        study = Study.create(spec["game"], players=spec.get("players"), lineup=lineup,
                             options={k: str(v) for k, v in spec.get("options", {}).items()},
                             boards=spec.get("games"), deals=spec.get("deals"),
                             seed=spec.get("seed", 0), seating=spec.get("seating", "fixed"),
                             chunk_boards=spec.get("chunk_games"),
                             aggregate=bool(spec.get("aggregate", False)),
                             variant=spec.get("variant"))
        out.append((name, study))
    names = [n for n, _ in out]
    if len(set(names)) != len(names):
        raise TricksimError(f"study file {path}: run names must differ")
    return out
