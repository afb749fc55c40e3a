"""The player-writing docs match the code.

* ``docs/strategies.md`` has a slot table per family (after a marker
  ``<!-- observation: FAMILY -->``): its rows are the observation slots of
  the family's ``obs.py`` in order, each with its index or index range, and
  the section's heading states the observation's size.
* It links every example player of ``docs/examples/``.
* ``docs/api.md`` names the analysis module of every game, and the functions
  it says they share exist in each.
"""
import ast
import importlib
import re
from pathlib import Path

import pytest

from sim import registry
from sim.cache import families

REPO = Path(__file__).resolve().parents[1]
STRATEGIES = (REPO / "docs" / "strategies.md").read_text(encoding="utf-8")
API = (REPO / "docs" / "api.md").read_text(encoding="utf-8")
FAMILIES = list(families())            # the games of sim/games (not installed plug-ins)


def layout(family: str) -> tuple[list[tuple[str, int, int]], int]:
    """The observation slots of ``sim/games/<family>/obs.py`` in order — every
    assignment from ``PHASE`` to the size, less the kit's alias ``TRICK_BLOCK`` —
    as (name, first index, last index), and the size."""
    module = importlib.import_module(f"sim.games.{family}.obs")
    size_name = "OBS_SIZE" if hasattr(module, "OBS_SIZE") else "SIZE"
    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    names = [node.targets[0].id for node in tree.body
             if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)]
    slots = [n for n in names[names.index("PHASE"):names.index(size_name)] if n != "TRICK_BLOCK"]
    size = getattr(module, size_name)
    starts = [getattr(module, n) for n in slots] + [size]
    assert starts == sorted(starts) and len(set(starts)) == len(starts), f"{family}: slots out of order"
    return [(n, starts[i], starts[i + 1] - 1) for i, n in enumerate(slots)], size


def documented(family: str) -> tuple[list[tuple[str, int, int]], int]:
    """The slot table after the family's marker, and the size its heading states."""
    marker = f"<!-- observation: {family} -->"
    assert STRATEGIES.count(marker) == 1, f"docs/strategies.md has no single {marker}"
    before, after = STRATEGIES.split(marker)
    heading = [line for line in before.splitlines() if line.startswith("### ")][-1]
    stated = re.search(r"— (\d+) slots$", heading)
    assert stated, f"the heading {heading!r} states no size"
    rows = []
    for line in after.strip().splitlines()[2:]:      # below the header and its rule
        if not line.startswith("|"):
            break
        slot, index = [cell.strip() for cell in line.strip("|").split("|")][:2]
        name = re.fullmatch(r"`(\w+)( \+ \w)?`", slot)
        span = re.fullmatch(r"(\d+)(?:–(\d+))?", index)
        assert name and span, f"{family}: cannot read the row {line!r}"
        first = int(span[1])
        rows.append((name[1], first, int(span[2] or first)))
    return rows, int(stated[1])


@pytest.mark.parametrize("family", FAMILIES)
def test_the_observation_table_is_the_obs_module(family):
    assert documented(family) == layout(family)


@pytest.mark.parametrize("family", FAMILIES)
def test_the_example_player_of_each_family_is_linked(family):
    path = f"docs/examples/{family}_player.py"
    assert (REPO / path).is_file()
    assert f"(examples/{family}_player.py)" in STRATEGIES


def test_api_names_the_analysis_module_of_every_game():
    rows = re.findall(r"^\| (.+?) \| `(analysis\.\w+)` \|$", API, re.M)
    named = {}
    for games, module in rows:
        for game in re.findall(r"`(\w+)`", games):
            if game in {g.name for g in registry.all_games()}:
                named[game] = module
    assert named == {g.name: registry.game(g.name).analysis for g in registry.all_games()
                     if g.family in FAMILIES}
    shared = re.search(r"Each has the same functions: (.+?)\n\n", API, re.S)
    assert shared, "docs/api.md does not say what the analysis modules share"
    functions = re.findall(r"`(\w+)\(", shared[1].split("picks the run's module")[0])
    assert {"tables", "summary", "plots", "reduce", "combine"} <= set(functions)
    for module in set(named.values()):
        loaded = importlib.import_module(module)
        missing = [f for f in functions if not callable(getattr(loaded, f, None))]
        assert not missing, f"{module} has no {missing}"


def test_api_names_only_functions_that_exist():
    # `module.function(` and "`module` (`function`, …)" mentions of the analysis package
    for module, names in re.findall(r"`(analysis\.\w+)` \(([^()]*(?:\([^()]*\)[^()]*)*)\)", API):
        loaded = importlib.import_module(module)
        for name in re.findall(r"`(\w+)[`(]", names):
            assert callable(getattr(loaded, name, None)), f"docs/api.md: {module}.{name} does not exist"
