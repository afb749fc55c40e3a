"""numba's IR inliner, translated once per function and copied in linear time
(sim/inliner.py): the machine code is the same as with numba's own inliner.
"""
import re
import types

import numba
import numpy as np
import pytest
from numba.core.inline_closurecall import InlineWorker

import sim  # noqa: F401  (installs the inliner)
from sim import inliner
from strategies import jass_heuristic_nb
from strategies.abi import SIGNATURE


@numba.njit(inline="always")
def _clamp(x, lo, hi):
    if x < lo:
        return lo
    if x > hi:
        return hi
    return x


@numba.njit(inline="always")
def _score(row, i):
    total = 0
    for j in range(i + 1):
        total += _clamp(row[j], -3, 7) * (j + 1)
    return total


def _three_sites(obs, params):
    """One inlined function at three call sites, itself inlining another at one."""
    a = _score(obs, 2)
    b = _score(obs, obs.shape[0] - 1) if obs[0] > 0 else -_score(obs, 1)
    return a + b + _clamp(np.int64(params[0]), 0, 9)


def _fresh(function, tag, **options):
    """A new compiled copy of ``function`` (numba compiles each dispatcher anew); the
    tags are of one length, as the copy's name is a string constant of the module."""
    copy = types.FunctionType(function.__code__, function.__globals__, function.__name__,
                              function.__defaults__)
    copy.__qualname__ = f"{function.__qualname__}__{tag}"
    return numba.njit(**options)(copy)


def _normalised_llvm(dispatcher, tag):
    """The optimised LLVM module with the names of things made neutral: the copies'
    names differ, and so do numba's variable names (each translation of an inlined
    function numbers its variables anew)."""
    text = dispatcher.inspect_llvm(SIGNATURE.args)
    text = text.replace(f"__{tag}", "__copy")
    text = re.sub(r"B\d+v\d+B", "BvB", text)         # the dispatcher's serial number, any length
    text = re.sub(r'\[\d+ x i8\] c"', '[n x i8] c"', text)   # ... in the strings that name it
    text = re.sub(r"[ \t]+", " ", text)               # alignment of comments
    names: dict[str, str] = {}
    return re.sub(r'[%@]"[^"]*"|[%@][\w.$]+|\bB\d+\b',
                  lambda m: names.setdefault(m.group(0), f"N{len(names)}"), text)


def _both_ways(function):
    ours = _fresh(function, "ours")
    ours.compile(SIGNATURE)
    with inliner.numba_as_is():
        theirs = _fresh(function, "nmba")
        theirs.compile(SIGNATURE)
    return ours, theirs


@pytest.fixture
def translated(monkeypatch):
    """The names of the functions numba translates for inlining, in order."""
    names = []
    run = InlineWorker.run_untyped_passes
    monkeypatch.setattr(InlineWorker, "run_untyped_passes",
                        lambda self, f, enable_ssa=False: names.append(f.__name__)
                        or run(self, f, enable_ssa))
    return names


def test_the_inliner_is_installed_and_translates_each_function_once(translated):
    assert inliner.install()
    inliner._TRANSLATED.clear()
    ours, theirs = _both_ways(_three_sites)
    # ours: each function once; numba's: at each site, and _clamp again inside each _score
    assert translated.count("_score") == 1 + 3, translated
    assert translated.count("_clamp") == 1 + (3 + 1), translated
    for first in (2, -2):
        obs = np.array([first, 9, -5, 4], dtype=np.int64)
        params = np.array([4.0])
        assert ours(obs, params) == theirs(obs, params) == _three_sites(obs, params)


def test_a_caller_with_locals_declarations_gets_numbas_own_inliner(translated):
    declared = _fresh(_three_sites, "locals", locals={"a": numba.int64})
    obs, params = np.array([3, 1, 4, 1], dtype=np.int64), np.array([2.0])
    assert declared(obs, params) == _three_sites(obs, params)
    assert translated.count("_score") == 3, translated      # at each site, as numba does


def test_the_machine_code_is_numbas_own():
    ours, theirs = _both_ways(_three_sites)
    assert _normalised_llvm(ours, "ours") == _normalised_llvm(theirs, "nmba")


def test_the_machine_code_of_a_heuristic_is_numbas_own():
    """Jass's heuristic: dozens of inlined functions, nested, at many sites."""
    ours, theirs = _both_ways(jass_heuristic_nb.heuristic_decide.py_func)
    assert _normalised_llvm(ours, "ours") == _normalised_llvm(theirs, "nmba")
