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
runs are done, into ``<output folder>/<name>/``; runs that could not be
compared (another game, variant, player count, seed, number of games or
seating, or an aggregate run) are refused with the rest of the file. A
``[[grid]]`` table plays every combination of a few options, lineups and
player counts against a baseline (``sim/study_grid.py``). Every key is
documented in ``docs/studies.md``.

The whole file is checked before anything runs: an unknown table or key, a
value of the wrong type or outside what is allowed is a one-line
:class:`~sim.errors.TricksimError` that names the file, the run (or
comparison) by its name and the key, and lists what is allowed.
"""
from __future__ import annotations

import re
import tomllib
from contextlib import contextmanager
from pathlib import Path

from .errors import TricksimError, choices
from .study import Study, check_common_deals

# top-level tables: name -> how it is written
TABLES = {"defaults": "[defaults]", "run": "[[run]]", "compare": "[[compare]]", "grid": "[[grid]]"}
# the keys of a run, in the order they are checked: a key's check may rely on the
# keys before it (options on the variant, the lineup on the number of players)
KEYS = ("name", "game", "variant", "players", "lineup", "options", "seating", "seed", "games",
        "deals", "chunk_games", "aggregate")
DEFAULT_KEYS = tuple(k for k in KEYS if k != "name")   # names must differ, so no default name
# a comparison's own keys, then those of a sequential one (tricksim compare --precision ...)
SEQUENTIAL_KEYS = ("precision", "max_boards", "sprt", "alpha", "beta")
COMPARE_KEYS = ("name", "a", "b") + SEQUENTIAL_KEYS
NAME = re.compile(r"[A-Za-z0-9_.-]+")
# Study.create's argument for each key of a run that is passed on as it is
ARGUMENTS = {"game": "game", "variant": "variant", "players": "players", "seating": "seating",
             "seed": "seed", "games": "boards", "deals": "deals", "chunk_games": "chunk_boards"}


@contextmanager
def _blame(where: str):
    """Prefix a TricksimError raised inside with where it happened."""
    try:
        yield
    except TricksimError as exc:
        raise TricksimError(f"{where}: {exc}") from None


def _read(path: Path) -> dict:
    """The file's top-level tables, each of the right shape."""
    try:
        data = tomllib.loads(Path(path).read_text())
    except FileNotFoundError:
        raise TricksimError(f"study file {path} does not exist") from None
    except tomllib.TOMLDecodeError as exc:
        raise TricksimError(f"study file {path} is not valid TOML: {exc}") from None
    allowed = choices(TABLES.values())
    for key, value in data.items():
        if key not in TABLES:
            shown = f"[[{key}]]" if isinstance(value, list) else f"[{key}]" if isinstance(value, dict) \
                else f"key {key!r}"
            raise TricksimError(f"study file {path}: unknown {shown}; a study file has {allowed}")
    if not isinstance(data.get("defaults", {}), dict):
        raise TricksimError(f"study file {path}: defaults must be a [defaults] table")
    for key in ("run", "compare", "grid"):
        items = data.get(key, [])
        if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
            raise TricksimError(f"study file {path}: {key} must be {TABLES[key]} tables "
                                f"(one per {key}), not {type(items).__name__}")
    return data


def _check_name(where: str, name) -> str:
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise TricksimError(f"{where}, key name: {name!r} is not allowed; a name is letters, "
                            f"digits, '.', '_' or '-' (it names a folder)")
    return name


def _named_table(path, kind: str, index: int, item: dict, keys, taken: set) -> tuple[str, str]:
    """(the name of the ``index``-th table of ``kind`` — ``compare``, ``grid`` — and how errors
    place it), after checking its name, its keys against ``keys`` and that no run,
    comparison or grid of ``taken`` already has the name."""
    where = f"study file {path}, {kind} {index + 1}"
    name = _check_name(where, item.get("name", f"{kind}{index + 1}"))
    where = f"study file {path}, {kind} {name}"
    for key in item:
        if key not in keys:
            raise TricksimError(f"{where}: unknown key {key!r}; a {kind} table takes {choices(keys)}")
    if name in taken:
        raise TricksimError(f"{where}, key name: {name!r} is already the name of a run, comparison "
                            f"or grid; names must differ (each names a folder)")
    return name, where


def _run_arguments(key: str, value) -> dict:
    """Study.create's arguments for one key of a run, after checking its type."""
    if key in ARGUMENTS:
        return {ARGUMENTS[key]: value}
    if key == "lineup":
        lineup = [value] if isinstance(value, str) else value
        if not isinstance(lineup, list) or not lineup or not all(isinstance(s, str) for s in lineup):
            raise TricksimError(f"lineup must be a player spec or a list of them, not {value!r}")
        return {"lineup": lineup}
    if key == "options":
        if not isinstance(value, dict):
            raise TricksimError(f"options must be a table such as {{ scoring = \"penalty\" }}, not {value!r}")
        return {"options": {k: str(v) for k, v in value.items()}}
    if key == "aggregate":
        if not isinstance(value, bool):
            raise TricksimError(f"aggregate must be true or false, not {value!r}")
        return {"aggregate": value}
    return {}


def _load_run(path: Path, index: int, run: dict, defaults: dict) -> tuple[str, Study]:
    # two runs of one name are found once every run is read (load_study_file)
    name, where = _named_table(path, "run", index, run, KEYS, taken=set())
    spec = {**defaults, **run}
    if "game" not in spec:
        raise TricksimError(f"{where}: no game given; key game is required")
    for size, other in (("games", "deals"), ("deals", "games")):
        if size in run and other not in run:
            spec.pop(other, None)       # a run's own size replaces the size of [defaults]
    if "games" in spec and "deals" in spec:
        raise TricksimError(f"{where}: give games or deals, not both")
    arguments = {}
    for key in KEYS[1:]:
        if key not in spec:
            continue
        origin = " (from [defaults])" if key not in run else ""
        with _blame(f"{where}, key {key}{origin}"):
            arguments.update(_run_arguments(key, spec[key]))
            # each key is checked as soon as it is added, so the error names the key
            study = Study.create(**arguments)
    return name, study


def load_study_file(path: Path) -> list[tuple[str, Study]]:
    """The runs of a study file, each a checked Study, with its name."""
    data = _read(path)
    defaults = data.get("defaults", {})
    for key in defaults:
        if key not in DEFAULT_KEYS:
            raise TricksimError(f"study file {path}, [defaults]: unknown key {key!r}; "
                                f"[defaults] takes {choices(DEFAULT_KEYS)}")
    runs = data.get("run", [])
    if not runs and not data.get("grid"):
        raise TricksimError(f"study file {path} has no [[run]] or [[grid]] tables")
    out = [_load_run(path, i, run, defaults) for i, run in enumerate(runs)]
    names = [n for n, _ in out]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise TricksimError(f"study file {path}: run name {twice[0]!r} is used twice; run names must differ")
    return out


def load_comparisons(path: Path, runs) -> list[tuple[str, str, str, object]]:
    """The ``[[compare]]`` tables of a study file: (name, run a, run b, request), the
    request (:class:`analysis.compare_sequential.Request`) None unless the comparison
    extends its runs (``precision`` or ``sprt``).

    ``runs`` are the file's runs, ``(name, Study)`` as :func:`load_study_file`
    returns them: two runs compared must be record runs dealt the same cards
    (``tricksim compare``'s conditions), found here before anything runs. A run
    a sequential comparison extends may be in no other comparison (it would
    change that one's boards).
    """
    data = _read(path)
    studies = dict(runs)
    run_names = list(studies)
    out = []
    taken = set(run_names)
    for i, item in enumerate(data.get("compare", [])):
        name, where = _named_table(path, "compare", i, item, COMPARE_KEYS, taken)
        taken.add(name)
        for key in ("a", "b"):
            if key not in item:
                raise TricksimError(f"{where}: no {key} given; keys a and b name the two runs to compare")
            if item[key] not in run_names:
                raise TricksimError(f"{where}, key {key}: no run named {item[key]!r}; "
                                    f"runs are {choices(run_names)}")
            if studies[item[key]].aggregate:
                raise TricksimError(f"{where}, key {key}: run {item[key]} is an aggregate run; a "
                                    f"comparison pairs the records of both runs board by board, so "
                                    f"neither may set aggregate = true")
        _check_comparable(where, studies[item["a"]], studies[item["b"]])
        out.append((name, item["a"], item["b"], _request(where, item, studies[item["a"]])))
    for name, a, b, request in out:
        others = [other for other, x, y, _ in out if other != name and {x, y} & {a, b}]
        if request is not None and others:
            raise TricksimError(f"study file {path}, compare {name}: it extends runs {a} and {b} "
                                f"(precision or sprt), which compare {others[0]} compares too; a run "
                                f"extended by a comparison may be in no other comparison")
    return out


def _request(where: str, item: dict, study: Study):
    """The sequential request of a comparison, checked; None when it asks for none."""
    from analysis.compare_sequential import Request, check_request
    given = {key: item[key] for key in SEQUENTIAL_KEYS if key in item}
    if not given:
        return None
    request = Request(**given)
    names = {"A": -1, "B": 1, item["a"]: -1, item["b"]: 1}
    with _blame(where):
        check_request(request, study.boards, names, keys={key: f"key {key}" for key in SEQUENTIAL_KEYS})
    return request


def _check_comparable(where: str, a: Study, b: Study) -> None:
    """What ``tricksim compare`` checks of two runs, checked on their studies."""
    with _blame(where):
        check_common_deals(a.to_dict(), b.to_dict())
