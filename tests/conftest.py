"""Shared test setup: warm a family's kernels once, share the work between
processes, and run whole studies.

A test under ``tests/<family>/`` first warms that family's games, once per
session, so that no single test of a family carries its compile time; other
tests compile (or load from numba's on-disk cache) what they use when they
use it. A session that runs one family's tests compiles that family alone.

The suite runs in several processes (pytest-xdist, ``-n auto`` in
pyproject.toml): compiling dominates a cold run and numba compiles on one
core, so every test of one game family goes to the same process
(``xdist_group``) — a family is compiled once, and the families compile side
by side.
"""
from pathlib import Path

import numpy as np
import pytest

from sim import registry
from sim.engine import Engine
from sim.rng_nb import chunk_states
from sim.study import Study

_TESTS = Path(__file__).parent
_warm: set[str] = set()
# More processes than this compile little more in parallel (five families) and each holds
# its compiled kernels: about 2 GB at the peak of a cold run.
MAX_WORKERS = 4


def pytest_xdist_auto_num_workers(config):
    import os
    return max(1, min(MAX_WORKERS, len(os.sched_getaffinity(0))))


def _family_of_item(item) -> str | None:
    """The process group of a test: the game family it exercises (its folder's, or that of
    a game or family named in its parameters); under ``search/``, ``search-<family>``."""
    parts = Path(str(item.fspath)).resolve().relative_to(_TESTS).parts
    families = {meta.family for meta in registry.all_games()}
    by_name = {meta.name: meta.family for meta in registry.all_games()}
    by_name.update({v.name: meta.family for meta in registry.all_games() for v in meta.variants})
    if parts[0] == "search":
        # a group of the search's tests for each family their file names (test_solve_pitch.py,
        # test_odds_differenzler.py; the rest Wizard's): a family's solver, odds and pimc
        # kernels compile in one process, and no one process takes every search test
        # (with one group for them all a clean run took 14 min 22 s)
        for word in Path(parts[-1]).stem.split("_"):
            if word in families or word in by_name:
                return f"search-{by_name.get(word, word)}"
        return "search-wizard"
    if len(parts) > 1:
        return parts[0]
    params = getattr(getattr(item, "callspec", None), "params", {})
    for value in params.values():
        name = getattr(value, "name", value)
        if isinstance(name, str):
            if name in by_name:
                return by_name[name]
            if name in families:
                return name
    return None


@pytest.hookimpl(tryfirst=True)     # before xdist's own hook reads the marks into the node ids
def pytest_collection_modifyitems(config, items):
    for item in items:
        family = _family_of_item(item)
        if family is not None:
            item.add_marker(pytest.mark.xdist_group(family))


@pytest.fixture(autouse=True)
def warm_up_family(request):
    """Warm the games of the family whose folder the test is in (once a session)."""
    parts = Path(str(request.node.fspath)).resolve().relative_to(_TESTS).parts
    family = parts[0] if len(parts) > 1 else None
    if family is not None and family not in _warm:
        _warm.add(family)
        for meta in registry.all_games():
            if meta.family == family:
                for study in warmup_studies(meta):
                    Engine(study).warmup()


def warmup_studies(meta):
    """One small study per variant of a game, random and heuristic players at its table."""
    variants = [v.name for v in meta.variants] or [None]
    lineup = ["random", "heuristic"] * meta.min_players
    return [Study.create(meta.name, players=meta.min_players, lineup=lineup[:meta.min_players],
                         boards=1, variant=variant) for variant in variants]


def run_all_chunks(study, order=None) -> dict[str, np.ndarray]:
    """Every record table of a study: its chunks run in ``order`` (default: in turn),
    concatenated in chunk order."""
    impl = registry.game(study.game)
    engine = Engine(study)
    order = range(study.n_chunks) if order is None else order
    parts = {}
    for i in order:
        first, n_boards = study.chunk_bounds(i)
        parts[i] = engine.run_chunk(first, n_boards, chunk_states(study.seed, i))
    return {table: np.concatenate([parts[i][table] for i in sorted(parts)])
            for table in impl.tables}


@pytest.fixture(scope="session")
def play_all_chunks():
    """``play_all_chunks(study, order=None) -> {table: records}`` (see :func:`run_all_chunks`)."""
    return run_all_chunks


def option_cases(meta):
    """``(variant, label, options)``: each variant's defaults, then each value of
    each of its options on its own (the others at their defaults)."""
    variants = [v.name for v in meta.variants] or [""]
    for variant in variants:
        yield variant, f"{variant or meta.name}-defaults", {}
        for option in meta.options_of(variant):
            values = list(option.choices)
            if option.int_range is not None:
                values.append(option.int_range[0])
            for value in values:
                if value != option.default:
                    yield variant, f"{variant or meta.name}-{option.name}={value}", {option.name: value}


# A search player's budget in the tests that play whole games with every built-in: the same
# code as at its default budget (legal, deterministic, blind), a few worlds a decision so
# that a game takes seconds, not minutes (tests/search/ checks its strength).
SEARCH_BUDGET = {"pimc": "pimc[worlds=2,exact_cards=1]"}


def budget_spec(name: str) -> str:
    """The spec a whole-game test seats for the built-in ``name``."""
    return SEARCH_BUDGET.get(name, name)


def engine_players(family: str) -> list[str]:
    """The built-ins the engine plays inline (random, the heuristic): the lineups of the
    record invariants, which hold whatever the players; search players, called like a
    user's player, are held to the harness (tests/test_strategies.py) instead."""
    from strategies.abi import KIND_USER
    from strategies.registry import available, resolve
    return [name for name in available(family) if resolve(family, name).kind != KIND_USER]
