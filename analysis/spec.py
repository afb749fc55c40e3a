"""Cubes and tables as declarations: what a game's analysis says, not how pandas does it.

A game's analysis module declares

* its cube tables (:class:`CubeTable`): which rows a table sums over, its
  keys and its values (``n`` always, and the sums it names); the module's
  ``KEYS``, which :func:`analysis.stats.combine_cubes` adds by, are read from
  them (:func:`keys_of`);
* its derived frames: a function per name from the cube (and the lineup) to
  a frame, computed once however many tables read it (:class:`Frames`);
* its tables (:class:`Table`): which question a table answers, its title,
  where it is shown, the frame it reads, the groups it sums by, and what it
  shows and how: a rate (:class:`Rate`, Wilson interval), a mean
  (:class:`Mean`, t interval) or a share within a group (:class:`Share`),
  all with the 95 % intervals of :mod:`analysis.stats`.

:func:`build` turns a list of declarations into the tables of a run, in the
order declared. The few tables that are truly a game's own stay functions
in its module.

The shared words and summaries of every game are here too: an estimate with
its interval in a sentence (:func:`estimate`), bids made by group
(:func:`made_rate`) and the game-length summary (:func:`length_summary`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import numpy as np
import pandas as pd

from .common import (MIN_OBSERVATIONS, Lineup, add_moments, share_within, sum_by, tag, with_mean, with_rate)
from .stats import group_sums, mean_ci
from .words import percent, points, signed_points, with_interval


# -- cube declarations ------------------------------------------------------------------

@dataclass(frozen=True)
class CubeTable:
    """A cube table: ``keys`` → ``n`` and the ``values`` summed per group; ``rows`` says which
    rows it sums over (one per deal and seat, one per board, …)."""
    keys: tuple[str, ...]
    values: tuple[str, ...] = ()
    rows: str = ""

    def sums(self, columns: dict, values: dict | None = None, scratch=None) -> pd.DataFrame:
        """The table of one chunk: ``columns`` holds (at least) the keys; ``values`` the summed columns."""
        return group_sums({k: columns[k] for k in self.keys}, values, scratch=scratch)


def keys_of(cubes: dict) -> dict[str, list[str]]:
    """The keys of each declared cube table (what :func:`analysis.stats.combine_cubes` adds by);
    plain lists of keys (:mod:`analysis.balance`'s) pass through."""
    return {name: list(c.keys) if isinstance(c, CubeTable) else list(c) for name, c in cubes.items()}


# -- estimates ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Rate:
    """``name`` = ``successes / n`` with its Wilson interval; ``drop`` names a column removed
    afterwards (the counted successes, when the table shows only the rate)."""
    name: str
    successes: str
    n: str
    drop: str | None = None

    def __call__(self, df: pd.DataFrame) -> pd.DataFrame:
        df = with_rate(df, self.successes, self.n, self.name)
        return df.drop(columns=self.drop) if self.drop else df


@dataclass(frozen=True)
class Mean:
    """``name`` = the mean of a sample known by ``n``, Σ ``s1``, Σ² ``s2``, with its t interval
    (the two sums are dropped)."""
    name: str
    n: str
    s1: str
    s2: str

    def __call__(self, df: pd.DataFrame) -> pd.DataFrame:
        return with_mean(df, self.n, self.s1, self.s2, self.name)


def mean_of(column: str, n: str, name: str | None = None) -> Mean:
    """The mean of ``column`` from its moments ``column_x``, ``column_xx`` (see :func:`analysis.common.add_moments`)."""
    return Mean(name or f"mean_{column}", n, f"{column}_x", f"{column}_xx")


@dataclass(frozen=True)
class Share:
    """Each row's share of its group's (``within``) total ``count``, with a Wilson interval;
    rows with no ``count`` are left out."""
    count: str
    within: tuple[str, ...] = ()
    name: str = "share"

    def __call__(self, df: pd.DataFrame) -> pd.DataFrame:
        return share_within(df, list(self.within), self.count, self.name)


def positive(column: str) -> Callable[[pd.DataFrame], pd.DataFrame]:
    """A step: only the rows where ``column`` is above 0 (groups that were played)."""
    return lambda df: df[df[column] > 0]


def drop(*columns: str) -> Callable[[pd.DataFrame], pd.DataFrame]:
    """A step: the table without ``columns``."""
    return lambda df: df.drop(columns=list(columns))


# -- table declarations ---------------------------------------------------------------------

@dataclass(frozen=True)
class Table:
    """A table of the report, declared.

    The table reads the frame ``frame`` (a cube table, or a frame the game
    derives from the cube: see :class:`Frames`), keeps the rows ``rows``
    selects, sums ``sums`` by ``by``, renames (``n`` → ``counted``: what a
    row counts, "bids", "deals", "hands"), then applies ``steps`` in turn:
    the estimates (:class:`Rate`, :class:`Mean`, :class:`Share`) and the
    odd step a table needs (a filter, a dropped column). With ``order`` the
    position of ``position`` in words goes in after column ``order_at``.
    ``when`` says, from the cube, whether the run has this table at all.
    """
    name: str
    question: str
    title: str
    show: str = "csv"
    note: str = ""
    frame: str = ""
    by: tuple[str, ...] = ()
    sums: tuple[str, ...] = ("n",)
    counted: str | None = None
    steps: tuple = ()
    rows: Callable[[pd.DataFrame], pd.Series] | None = None
    order: bool = False
    order_at: int = 1
    when: Callable[[dict], bool] | None = None
    rename: dict = field(default_factory=dict)

    def build(self, frames: "Frames") -> pd.DataFrame:
        df = frames[self.frame]
        if self.rows is not None:
            df = df[self.rows(df)]
        names = dict(self.rename)
        if self.counted:
            names["n"] = self.counted
        part = sum_by(df, list(self.by), list(self.sums))
        if names:
            part = part.rename(columns=names)
        for step in self.steps:
            part = step(part)
        if self.order:
            part.insert(self.order_at, "order", frames.lineup.orders(part["position"]))
        return tag(part, self.question, self.title, self.show, self.note)


class Frames:
    """The frames tables read: the cube's tables, and those a game derives from the cube (each
    computed once, on first use). ``derived`` maps a name to ``f(cube, lineup) -> DataFrame``."""

    def __init__(self, cube: dict, lineup: Lineup, derived: dict | None = None):
        self.cube, self.lineup, self.derived = cube, lineup, derived or {}
        self._made: dict[str, pd.DataFrame] = {}

    def __getitem__(self, name: str) -> pd.DataFrame:
        if name not in self._made:
            self._made[name] = (self.derived[name](self.cube, self.lineup) if name in self.derived
                                else self.cube[name])
        return self._made[name]


@dataclass(frozen=True)
class Own:
    """A table that is the game's own: ``make(frames)`` builds it (tagged), in the declared order."""
    name: str
    make: Callable[[Frames], pd.DataFrame]
    when = None

    def build(self, frames: Frames) -> pd.DataFrame:
        return self.make(frames)


def build(declared, frames: Frames) -> dict[str, pd.DataFrame]:
    """The tables ``declared`` (in their order), those whose ``when`` holds for the cube."""
    return {t.name: t.build(frames) for t in declared if t.when is None or t.when(frames.cube)}


def labelled(name: str, *moments: str) -> Callable[[dict, Lineup], pd.DataFrame]:
    """A derived frame: cube table ``name`` with the lineup's labels (``strategy``, ``player``)
    and the moments of ``moments`` (see :func:`analysis.common.add_moments`)."""
    def frame(cube: dict, lineup: Lineup) -> pd.DataFrame:
        df = lineup.label(cube[name].copy())
        for column in moments:
            add_moments(df, column)
        return df
    return frame


# -- shared tables and words ----------------------------------------------------------------

def made_rate(df: pd.DataFrame, by, extra=(), made_counted: bool = False) -> pd.DataFrame:
    """Contracts made per group of ``by``: ``deals``, ``made`` and ``made_rate`` with its interval.

    ``df`` has ``n`` (deals) and ``made``: a key (the rows' deals were made,
    0 or 1, so made deals are n · made) or, ``made_counted``, a value (the
    made deals among the row's n); ``extra`` are sums carried along.
    """
    if made_counted:
        part = sum_by(df, by, ["n", "made", *extra]).rename(columns={"n": "deals"})
    else:
        df = df.assign(_made=df["n"] * df["made"])
        part = sum_by(df, by, ["n", "_made", *extra]).rename(columns={"n": "deals", "_made": "made"})
    return with_rate(part[part["deals"] > 0], "made", "deals", "made_rate")


def length_summary(length: pd.DataFrame, extra: dict | None = None) -> pd.DataFrame:
    """Mean (with its t interval) and quantiles of the deals per game, from the (deals → games)
    histogram ``length``; ``extra`` columns (per game) go at the end."""
    games, deals = length["games"].to_numpy(), length["deals"].to_numpy()
    n = int(games.sum())
    if n == 0:
        return pd.DataFrame(columns=["games", "mean_deals", "mean_deals_lo", "mean_deals_hi"])
    cum = np.cumsum(games)
    quantile = {name: int(deals[np.searchsorted(cum, p * n)]) for name, p in
                (("p05", 0.05), ("median", 0.5), ("p95", 0.95))}
    mean, lo, hi = mean_ci(n, float((games * deals).sum()), float((games * deals * deals).sum()))
    if n < MIN_OBSERVATIONS:
        lo = hi = np.nan
    more = {name: f(n) for name, f in (extra or {}).items()}
    return pd.DataFrame([{"games": n, "mean_deals": mean, "mean_deals_lo": lo, "mean_deals_hi": hi,
                          "min": int(deals.min()), **quantile, "max": int(deals.max()), **more}])


def estimate(row, col: str, pct: bool = True) -> str:
    """An estimate of a table row with its interval, as the summaries word it: a percentage, or
    points (signed for a difference, ``diff_…``)."""
    return with_interval(row, col, percent if pct else signed_points if col.startswith("diff_") else points)
