"""Shared test setup: warm every game's kernels once, and run whole studies.

Compiling (or loading from numba's on-disk cache) happens once per session
here, so no single test carries the compile time and timings stay honest.
"""
import numpy as np
import pytest

from sim import registry
from sim.rng_nb import chunk_states


@pytest.fixture(scope="session", autouse=True)
def warm_up_games():
    for meta in registry.all_games():
        registry.game(meta.name).warmup()


def run_all_chunks(study, order=None) -> dict[str, np.ndarray]:
    """Every record table of a study: its chunks run in ``order`` (default: in turn),
    concatenated in chunk order."""
    impl = registry.game(study.game)
    order = range(study.n_chunks) if order is None else order
    parts = {}
    for i in order:
        first, n_boards = study.chunk_bounds(i)
        parts[i] = impl.run_chunk(study, i, first, n_boards, chunk_states(study.seed, i))
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
