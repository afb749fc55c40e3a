"""Grids in study files: the ``[[grid]]`` tables of ``tricksim study FILE``.

```toml
[[grid]]
name = "hook"
game = "oh_hell"
options = { rounds = 3 }
seed = 1
games = 400
axes.players = [3, 4]
axes.lineup = ["random", "heuristic"]
axes.options.dealer_restriction = ["always", "never"]
baseline = { lineup = "random", options.dealer_restriction = "always" }
```

A grid's cells are the cross product of its axes (``variant``, ``players``,
``lineup``, ``options.NAME``), each a study of the grid's fixed keys with the
cell's values. Every cell plays the same seed and boards, so two cells of the
same variant and player count are dealt the same cards board by board; the
baseline names a value of every other axis, and each variant and player count
(a *deal shape*) has its baseline cell, against which its cells are compared
(``analysis/grid.py``); with ``precision``, every cell is then extended until
each one's difference from its baseline is known that precisely. Every key is
documented in ``docs/studies.md``.

The whole grid is checked before anything runs, with the rest of the file:
each fixed key, then each value of each axis, then each cell, a one-line
:class:`~sim.errors.TricksimError` naming the file, the grid and the key.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass

from .errors import TricksimError, choices
from .study import Study

# a grid's fixed keys: a run's keys except aggregate (a grid pairs records board by board)
FIXED_KEYS = ("name", "game", "variant", "players", "lineup", "options", "seating", "seed", "games",
              "deals", "chunk_games")
# extend every cell until each cell's difference from its baseline is known this precisely
SEQUENTIAL_KEYS = ("precision", "max_boards", "alpha")
GRID_KEYS = FIXED_KEYS + ("axes", "baseline") + SEQUENTIAL_KEYS
# the axes in the order they vary (the last fastest); options.NAME come last, in the file's order
AXES = ("variant", "players", "lineup", "options")
# the axes that change the cards dealt: each of their combinations has its own baseline
SHAPE_AXES = ("variant", "players")


@dataclass(frozen=True)
class Cell:
    """One cell of a grid: its folder name, its values (axis key -> value as written), its study,
    and the index of its baseline cell in the grid."""
    name: str
    values: dict
    study: Study
    baseline: int

    @property
    def label(self) -> str:
        return ", ".join(f"{key}={shown(value)}" for key, value in self.values.items())


@dataclass(frozen=True)
class Grid:
    """A grid's name, its cells in order, and its sequential request
    (:class:`analysis.compare_sequential.Request`; None when it plays its games as given)."""
    name: str
    cells: list
    request: object = None


def shown(value) -> str:
    """An axis value in words (a lineup's specs separated by spaces)."""
    return " ".join(value) if isinstance(value, list) else str(value)


def _axes(where: str, axes) -> dict:
    """The grid's axes as ``{key: values}`` (``options.NAME`` flattened), each a non-empty list."""
    if not isinstance(axes, dict) or not axes:
        raise TricksimError(f"{where}, key axes: a grid needs axes, e.g. axes.players = [3, 4] or "
                            f"axes.options.NAME = [...]; axes are {choices(k + ('.NAME' if k == 'options' else '') for k in AXES)}")
    flat = {}
    for key in AXES:
        if key not in axes:
            continue
        if key == "options":
            if not isinstance(axes[key], dict) or not axes[key]:
                raise TricksimError(f"{where}, key axes.options: give one list per option, "
                                    f"e.g. axes.options.scoring = [\"classic\", \"penalty\"]")
            flat.update({f"options.{name}": values for name, values in axes[key].items()})
        else:
            flat[key] = axes[key]
    for key in axes:
        if key not in AXES:
            raise TricksimError(f"{where}: unknown key axes.{key}; axes are "
                                f"{choices(k + ('.NAME' if k == 'options' else '') for k in AXES)}")
    for key, values in flat.items():
        if not isinstance(values, list) or not values:
            raise TricksimError(f"{where}, key axes.{key}: an axis is a non-empty list of values, "
                                f"not {values!r}")
        normal = [_normal(key, v) for v in values]
        if len(set(map(repr, normal))) < len(normal):
            raise TricksimError(f"{where}, key axes.{key}: a value is given twice in {values!r}")
    return flat


def _normal(key: str, value):
    """A value as cells and the baseline are matched on (an option's word in lower case)."""
    if key.startswith("options."):
        return str(value).strip().lower()
    return value


def _arguments(fixed: dict, key: str, value) -> dict:
    """Study.create's arguments of the fixed keys with one axis value in place."""
    from .study_file import _run_arguments
    if key.startswith("options."):
        options = {**fixed.get("options", {}), key.split(".", 1)[1]: str(value)}
        return {**fixed, "options": options}
    return {**fixed, **_run_arguments(key, value)}


def _baseline(where: str, baseline, axes: dict) -> dict:
    """The baseline's value of every axis but the deal shape's, checked against the axes."""
    compared = [key for key in axes if key not in SHAPE_AXES]
    if not compared:
        raise TricksimError(f"{where}, key axes: only {' and '.join(SHAPE_AXES)} vary, which deal "
                            f"other cards; a grid compares an axis lineup or options.NAME against its baseline")
    if not isinstance(baseline, dict):
        raise TricksimError(f"{where}: no baseline given; key baseline names a value of each of "
                            f"{choices(compared)}, e.g. baseline = {{ {compared[0]} = ... }}")
    flat = {}
    for key, value in baseline.items():
        if key == "options" and isinstance(value, dict):
            flat.update({f"options.{name}": v for name, v in value.items()})
        else:
            flat[key] = value
    for key, value in flat.items():
        if key in SHAPE_AXES:
            raise TricksimError(f"{where}, key baseline.{key}: {key} changes the cards dealt, so "
                                f"every {key} has its own baseline; the baseline names {choices(compared)}")
        if key not in compared:
            raise TricksimError(f"{where}: unknown key baseline.{key}; the baseline names a value "
                                f"of each axis, {choices(compared)}")
        allowed = [_normal(key, v) for v in axes[key]]
        if _normal(key, value) not in allowed:
            raise TricksimError(f"{where}, key baseline.{key}: {value!r} is not a value of axes.{key}; "
                                f"it takes {choices(shown(v) for v in axes[key])}")
    missing = [key for key in compared if key not in flat]
    if missing:
        raise TricksimError(f"{where}, key baseline: no value of {missing[0]} given; the baseline "
                            f"names a value of each of {choices(compared)}")
    return {key: _normal(key, flat[key]) for key in compared}


def load_grid(path, index: int, item: dict, taken: set) -> Grid:
    """One ``[[grid]]`` table, checked whole (see the module docstring); ``taken``: the names
    of the file's runs, comparisons and grids before it."""
    from .study_file import _blame, _named_table, _run_arguments
    name, where = _named_table(path, "grid", index, item, GRID_KEYS, taken)
    if "game" not in item:
        raise TricksimError(f"{where}: no game given; key game is required")
    if "games" in item and "deals" in item:
        raise TricksimError(f"{where}: give games or deals, not both")
    fixed = {}
    for key in FIXED_KEYS[1:]:
        if key in item:
            with _blame(f"{where}, key {key}"):
                fixed.update(_run_arguments(key, item[key]))
                Study.create(**fixed)
    axes = _axes(where, item.get("axes"))
    for key, values in axes.items():
        for value in values:
            with _blame(f"{where}, key axes.{key}"):
                Study.create(**_arguments(fixed, key, value))
    baseline = _baseline(where, item.get("baseline"), axes)
    cells, shapes = [], {}
    for n, combination in enumerate(itertools.product(*axes.values())):
        values = dict(zip(axes, combination))
        arguments = fixed
        for key, value in values.items():
            arguments = _arguments(arguments, key, value)
        label = ", ".join(f"{key}={shown(value)}" for key, value in values.items())
        with _blame(f"{where}, cell {label}"):
            study = Study.create(**arguments)
        shape = (study.variant, study.players)
        if all(_normal(key, values[key]) == baseline[key] for key in baseline):
            shapes[shape] = n
        cells.append((f"cell-{n + 1:02d}", values, study, shape))
    return Grid(name, [Cell(cell, values, study, shapes[shape]) for cell, values, study, shape in cells],
                _request(where, item, cells[0][2].boards))


def _request(where: str, item: dict, boards: int):
    """The grid's sequential request (precision, max_boards, alpha), checked; None without one."""
    from analysis.compare_sequential import Request, check_request
    given = {key: item[key] for key in SEQUENTIAL_KEYS if key in item}
    if not given:
        return None
    from .study_file import _blame
    if "precision" not in given:
        raise TricksimError(f"{where}: key {next(iter(given))} needs key precision: what to stop on")
    request = Request(**given)
    with _blame(where):
        check_request(request, boards, {}, keys={key: f"key {key}" for key in SEQUENTIAL_KEYS + ("beta", "sprt")})
    return request


def load_grids(path, runs, comparisons) -> list:
    """The ``[[grid]]`` tables of a study file, each a checked :class:`Grid`
    (``runs``, ``comparisons``: the file's, whose names a grid's may not take)."""
    from .study_file import _read
    taken = {name for name, _ in runs} | {name for name, *_ in comparisons}
    grids = []
    for i, item in enumerate(_read(path).get("grid", [])):
        grids.append(load_grid(path, i, item, taken))
        taken.add(grids[-1].name)
    return grids
