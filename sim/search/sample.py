"""Determinization from Python: a sampler over a position's consistent deals, its error,
and a reference counter and enumerator in exact integers (for the tests).

The compiled sampler is ``sample_nb``: :class:`Sampler` plans once and draws as often as
asked; ``count_consistent`` and ``consistent_deals`` count and list the same deals card by
card, with nothing shared with the compiled code but the question.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..errors import TricksimError
from .sample_nb import MAX_CARDS, MAX_HOLDERS, plan_nb, sample_nb


class NoConsistentDeal(TricksimError):
    """No deal of the hidden cards fits what is known (the needs, the allowed holders)."""


class Sampler:
    """Uniform draws of the hidden cards' holders: ``allowed[i]`` the bit set of the holders
    that may hold hidden card ``i``, ``need[h]`` the number of hidden cards holder ``h``
    holds. Raises :class:`NoConsistentDeal` when no deal fits."""

    def __init__(self, allowed, need):
        allowed = np.ascontiguousarray(allowed, dtype=np.int64)
        need = np.ascontiguousarray(need, dtype=np.int64)
        if len(need) > MAX_HOLDERS or len(allowed) > MAX_CARDS:
            raise TricksimError(f"the sampler takes at most {MAX_HOLDERS} holders and "
                                f"{MAX_CARDS} cards, not {len(need)} and {len(allowed)}")
        self.plan, self.counts = plan_nb(allowed, need)
        if not self.counts[0] > 0:
            raise NoConsistentDeal(f"no deal of the {len(allowed)} hidden cards gives the holders "
                                   f"{list(map(int, need))} cards each from their allowed sets")
        self.n = len(allowed)

    @property
    def count(self) -> float:
        """The number of consistent deals (a float: exact to ~1e-14 relative)."""
        return float(self.counts[0])

    def sample(self, rng, out=None) -> np.ndarray:
        """The holder of each hidden card in one uniform draw; ``rng`` a ``uint64[4]`` state
        of ``sim.rng_nb`` (advanced)."""
        out = np.empty(self.n, dtype=np.int64) if out is None else out
        sample_nb(self.plan, self.counts, rng, out)
        return out


def count_consistent(allowed, need) -> int:
    """The number of consistent deals, exactly: card by card, memoised on the card and the
    needs still open."""
    allowed = tuple(int(a) for a in allowed)
    k = len(need)

    @lru_cache(maxsize=None)
    def ways(i: int, open_: tuple) -> int:
        if i == len(allowed):
            return int(not any(open_))
        return sum(ways(i + 1, open_[:h] + (open_[h] - 1,) + open_[h + 1:])
                   for h in range(k) if allowed[i] >> h & 1 and open_[h] > 0)

    return ways(0, tuple(int(x) for x in need))


def consistent_deals(allowed, need):
    """Every consistent deal, as a tuple of the hidden cards' holders (for small cases)."""
    allowed = [int(a) for a in allowed]
    open_ = [int(x) for x in need]
    deal = []

    def walk(i):
        if i == len(allowed):
            if not any(open_):
                yield tuple(deal)
            return
        for h in range(len(open_)):
            if allowed[i] >> h & 1 and open_[h] > 0:
                open_[h] -= 1
                deal.append(h)
                yield from walk(i + 1)
                deal.pop()
                open_[h] += 1

    yield from walk(0)
