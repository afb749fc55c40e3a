"""What the games' analysis modules share: cube building blocks, player labels, table helpers.

Each game family has its own module (``analysis.wizard``, ``analysis.jass``)
that knows its records and the questions it answers. The pieces here do not
depend on the game:

* records → cube: contiguous columns, rows in whole blocks of seats, per-board
  sums of each lineup slot, and the additive moments of paired comparisons
  (:func:`paired_sums`, read back by :func:`paired_differences`);
* labels: the strategies of a lineup, player labels, positions in words
  (:class:`Lineup`);
* cube → tables: sums by group, rates and means with their 95 % intervals,
  shares within a group, mean game total and win rate
  (:func:`with_game_results`), quantiles of game totals, and the ``attrs``
  that tell the report where a table belongs (:func:`tag`);
* the sentence that lists shares in a summary (:func:`shares_sentence`) and
  the one-line description of a study under every plot (:func:`describe`).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from . import sums_nb
from .stats import Squared, empty_frame, mean_ci, paired_diff_ci, wilson
from sim.errors import counted

PAIR_VALUES = ["n_boards", "weight_sum", "diff_sum", "diff_sq"]     # the value columns of a paired cube table
GAME_VALUES = ["n", "win_units", "total_sum", "total_sq"]           # the value columns of a ``games`` cube table
# An interval from a handful of observations says more about the handful than about the game (two
# equal totals give "5 (5 to 5)"): below this many observations an estimate has no interval (its
# ``_lo`` and ``_hi`` are left empty) and the plots leave it out.
MIN_OBSERVATIONS = 10
MIN_PLOTTED = MIN_OBSERVATIONS


# -- records -> cube -------------------------------------------------------------------

def study_dict(study) -> dict:
    """The study as a dict, whether given as a :class:`sim.study.Study` or already as one."""
    return study if isinstance(study, dict) else study.to_dict()


def contiguous_fields(records: np.ndarray, names) -> dict[str, np.ndarray]:
    """One contiguous copy of each named field.

    Every pass over a field of a packed record array reads all of it, so a
    field used several times is read once.
    """
    return {name: np.ascontiguousarray(records[name]) for name in names}


def whole_blocks(d: dict, keys, n_seats: int) -> dict:
    """The columns with the ``n_seats`` rows of each block (a deal, a game) together, in seat order.

    A block is the rows with equal ``keys``. The kernels write them so;
    anything else (rows concatenated or filtered by hand) is sorted into that
    order first.
    """
    order = block_order(d, keys, n_seats)
    return d if order is None else {k: v[order] for k, v in d.items()}


def block_order(d: dict, keys, n_seats: int) -> np.ndarray | None:
    """None if the rows of ``d`` (columns: ``seat`` and ``keys``) are in whole blocks already
    (see :func:`whole_blocks`), else the order that puts them so."""
    if len(d["seat"]) % n_seats == 0 and all(sums_nb.in_blocks_nb(d["seat"], d[k], n_seats) for k in keys):
        return None
    return whole_blocks_order(d, keys, n_seats)      # which refuses rows not in whole blocks


def whole_blocks_order(d: dict, keys, n_seats: int) -> np.ndarray:
    """The order that puts the rows of ``d`` in whole blocks (by ``keys``, then seat)."""
    n = len(d["seat"])
    if n % n_seats:
        raise ValueError(f"{n} rows are not whole blocks of {n_seats} seats")
    return np.lexsort((d["seat"], *(d[k] for k in reversed(keys))))


def as_records(rows: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """``rows`` as one contiguous array of ``dtype``, its fields matched by name (a chunk's
    records as the kernel wrote them pass as they are; rows built another way, a filtered
    or reordered copy, are copied field by field: numpy assigns structures by position).
    Compiled passes that read whole records take this."""
    if rows.dtype == dtype and rows.flags.c_contiguous:
        return rows
    out = np.empty(len(rows), dtype=dtype)
    for name in dtype.names:
        out[name] = rows[name]
    return out


def square(x) -> Squared:
    """x², as a value of :func:`analysis.stats.group_sums`: the sums of squares of a cube,
    squared in int64 (a narrow record field would overflow) as they are added."""
    return Squared(np.asarray(x))


def games_per_board(game: np.ndarray, board: np.ndarray) -> int:
    """Games played on each board (the rotations of duplicate seating), read from a chunk's
    records (its ``game`` and ``board`` columns): the kit numbers the games of board ``b``
    ``b * rotations + rotation`` (``sim.kit_nb.start_game_nb``) and a chunk holds every
    game of its boards, so its last board's last game tells. (Two maxima instead of two
    ``np.unique``: 1.4 of the 3.8 s that 4M Oh Hell deals spent reducing their records.)"""
    if len(board) == 0:
        return 1
    return (int(game.max()) + 1) // (int(board.max()) + 1)


def paired_sums(slot_sums: np.ndarray, slot_counts: np.ndarray, group_of_slot,
                names=("a", "b")) -> pd.DataFrame:
    """Additive moments of the per-board difference between two sides (groups of lineup slots).

    On each board, side j's mean result is S_j / C_j (S_j the sum of the
    results its slots made on the board, C_j how many such rows). The
    difference a − b is D / W with the whole numbers D = C_b·S_a − C_a·S_b and
    W = C_a·C_b, so Σ D, Σ D² and Σ W add exactly across chunks. W is the same
    on every board of a study (every board plays all its games), so
    d = D / (Σ W / boards): see :func:`paired_differences`. A board never
    straddles chunks. One row per pair of sides a < b, columns ``*names,
    *PAIR_VALUES``.
    """
    group_of_slot = np.asarray(group_of_slot, dtype=np.int64)
    n_groups = int(group_of_slot.max()) + 1 if len(group_of_slot) else 0
    if len(slot_sums) == 0 or n_groups < 2:
        return empty_frame(list(names), PAIR_VALUES)
    if np.array_equal(group_of_slot, np.arange(len(group_of_slot))):
        sums, counts = slot_sums, slot_counts          # each slot its own side
    else:
        member = np.zeros((len(group_of_slot), n_groups), dtype=np.int64)
        member[np.arange(len(group_of_slot)), group_of_slot] = 1
        sums, counts = slot_sums @ member, slot_counts @ member
    a, b = np.triu_indices(n_groups, k=1)           # every pair of sides, a < b
    if sums_nb.rows_all_equal_nb(counts):
        # every board has the same rows per side (always, in a study): the moments come from
        # the side sums and their cross-products, ΣD² = cb²·Σsa² − 2·ca·cb·Σsa·sb + ca²·Σsb²
        ca, cb = counts[0, a], counts[0, b]
        total, cross = sums_nb.column_moments_nb(np.ascontiguousarray(sums, dtype=np.int64))
        both = (ca > 0) & (cb > 0)
        n_boards = np.where(both, len(sums), 0)
        diff_sum = np.where(both, cb * total[a] - ca * total[b], 0)
        diff_sq = np.where(both, cb * cb * cross[a, a] - 2 * ca * cb * cross[a, b] + ca * ca * cross[b, b], 0)
        weight_sum = n_boards * ca * cb
    else:
        ca, cb, sa, sb = counts[:, a], counts[:, b], sums[:, a], sums[:, b]
        both = (ca > 0) & (cb > 0)                    # boards where both sides played
        diff = np.where(both, cb * sa - ca * sb, 0)
        n_boards, weight_sum = both.sum(axis=0), np.where(both, ca * cb, 0).sum(axis=0)
        diff_sum, diff_sq = diff.sum(axis=0), (diff * diff).sum(axis=0)
    values = (a, b, n_boards, weight_sum, diff_sum, diff_sq)
    return pd.DataFrame({name: np.asarray(v, dtype=np.int64)
                         for name, v in zip((*names, *PAIR_VALUES), values)})


def paired_differences(n_boards, weight_sum, diff_sum, diff_sq, scale=1, bounds=None):
    """``(mean, lo, hi)`` of the per-board difference a − b from the moments of :func:`paired_sums`.

    Each board's difference is D / (W / boards); ``scale`` is the unit the
    summed results were counted in (a whole-number win unit, say), so that
    the difference comes out in results. ``bounds`` is the range of a result
    that has one (a win share: (0, 1)); the interval then stays within the
    range of the difference (see :func:`analysis.stats.paired_diff_ci`).
    """
    unit = weight_sum / n_boards * scale
    mean, lo, hi = paired_diff_ci(n_boards, diff_sum / unit, diff_sq / unit ** 2, bounds=bounds)
    return mean, *interval_if_enough(n_boards, lo, hi)


def interval_if_enough(n, lo, hi):
    """``lo, hi`` blanked (NaN) where ``n`` is below ``MIN_OBSERVATIONS``."""
    few = np.asarray(n) < MIN_OBSERVATIONS
    return (np.where(few, np.nan, np.asarray(lo, dtype=np.float64)),
            np.where(few, np.nan, np.asarray(hi, dtype=np.float64)))


# -- labels ------------------------------------------------------------------------------

def strategies(lineup) -> tuple[list[int], list[str]]:
    """(strategy index of each slot, the distinct player specs in order of first appearance)."""
    specs: list[str] = []
    index = []
    for spec in lineup:
        if spec not in specs:
            specs.append(spec)
        index.append(specs.index(spec))
    return index, specs


def player_labels(lineup) -> list[str]:
    """A label per lineup slot: its number and its player spec ("0 heuristic")."""
    return [f"{slot} {spec}" for slot, spec in enumerate(lineup)]


def order_name(position: int, n_players: int) -> str:
    """Bidding or play order in words: first hand … dealer."""
    if position == n_players - 1:
        return "dealer"
    if position == 0:
        return "first hand"
    return {1: "2nd hand", 2: "3rd hand"}.get(position, f"{position + 1}th hand")


class Lineup:
    """How the players of a study read in tables: slot labels, strategies, positions in words."""

    def __init__(self, study: dict):
        self.study = study
        self.n_players = int(study["players"])
        self.strategy_of_slot, self.specs = strategies(study["lineup"])
        self.labels = player_labels(study["lineup"])

    def label(self, df: pd.DataFrame, column: str = "player") -> pd.DataFrame:
        """Add ``strategy`` and turn ``column`` (a slot number) into its label ("0 heuristic")."""
        slots = df[column].to_numpy()
        df["strategy"] = pd.Categorical([self.specs[self.strategy_of_slot[s]] for s in slots],
                                        categories=self.specs)
        df[column] = pd.Categorical([self.labels[s] for s in slots], categories=self.labels)
        return df

    def orders(self, positions) -> list[str]:
        """Each position (0 = first hand) in words."""
        return [order_name(int(p), self.n_players) for p in positions]


# -- cube -> tables ----------------------------------------------------------------------

def sum_by(df: pd.DataFrame, by, columns) -> pd.DataFrame:
    """``columns`` summed per group of ``by``, the groups as columns, sorted."""
    return df.groupby(by, sort=True, observed=True)[columns].sum().reset_index()


def with_rate(df: pd.DataFrame, successes: str, n: str, name: str) -> pd.DataFrame:
    """Add the rate ``successes / n`` as ``name`` with its Wilson interval ``name_lo``, ``name_hi``
    (empty below ``MIN_OBSERVATIONS``)."""
    df[name] = df[successes] / df[n].where(df[n] > 0)
    df[name + "_lo"], df[name + "_hi"] = interval_if_enough(df[n], *wilson(df[successes], df[n]))
    return df


def with_mean(df: pd.DataFrame, n: str, s1: str, s2: str, name: str, drop: bool = True) -> pd.DataFrame:
    """Add the mean of a sample known by its count ``n``, sum ``s1`` and sum of squares ``s2``
    as ``name`` with its t interval (empty below ``MIN_OBSERVATIONS``); ``drop`` removes the two sums."""
    mean, lo, hi = mean_ci(df[n], df[s1], df[s2])
    df[name] = np.asarray(mean)
    df[name + "_lo"], df[name + "_hi"] = interval_if_enough(df[n], lo, hi)
    return df.drop(columns=[s1, s2]) if drop else df


def share_within(df: pd.DataFrame, group: list[str], count: str, name: str = "share") -> pd.DataFrame:
    """Each row's share of its group's total ``count`` (of all rows for no group), with a Wilson interval."""
    df = df[df[count] > 0].copy()
    df["_all"] = df.groupby(group, observed=True)[count].transform("sum") if group else df[count].sum()
    return with_rate(df, count, "_all", name).drop(columns="_all")


def add_moments(df: pd.DataFrame, column: str, count: str = "n") -> pd.DataFrame:
    """Add ``column_x`` and ``column_xx`` (count × value, count × value²) to a histogram-like table,
    so that summing rows gives the moments :func:`with_mean` reads."""
    value = df[column].astype(np.int64)
    df[column + "_x"] = df[count] * value
    df[column + "_xx"] = df[count] * value * value
    return df


def with_game_results(summed: pd.DataFrame, win_unit: int) -> pd.DataFrame:
    """Mean game total and win rate, with their intervals, from summed ``GAME_VALUES`` columns.

    ``win_units`` counts wins in whole units of 1 / ``win_unit`` (a win shared
    by k players is ``win_unit / k`` units); the table gets ``games``,
    ``wins``, ``mean_total`` and ``win_rate``. Groups without games are left out.
    """
    part = summed.rename(columns={"n": "games"})
    part = part[part["games"] > 0]
    part["wins"] = part["win_units"] / win_unit
    part = with_mean(part.drop(columns="win_units"), "games", "total_sum", "total_sq", "mean_total")
    return with_rate(part, "wins", "games", "win_rate")


def tag(df: pd.DataFrame, question: str, title: str, show: str = "csv", note: str = "") -> pd.DataFrame:
    """Describe a table for the report: its question, title, where it is shown.

    ``show``: ``terminal`` (printed by the CLI, and in the report), ``report``
    (in report.md) or ``csv`` (only written as CSV).
    """
    df = df.reset_index(drop=True)
    df.attrs.update(question=question, title=title, show=show, note=note)
    return df


def total_quantiles(dist: pd.DataFrame) -> pd.DataFrame:
    """Quantiles of game totals per strategy from the (total → count) histogram."""
    rows = []
    for strategy, part in dist.groupby("strategy", observed=True, sort=True):
        part = part.groupby("total")["n"].sum()
        cum = part.cumsum().to_numpy()
        n = int(cum[-1]) if len(cum) else 0
        if n == 0:
            continue
        # lower quantile: the smallest total with at least q·n games at or below it
        quantile = {f"p{int(q * 100):02d}": int(part.index[np.searchsorted(cum, q * n)])
                    for q in (0.05, 0.25, 0.5, 0.75, 0.95)}
        rows.append({"strategy": strategy, "games": n, "min": int(part.index[0]), **quantile,
                     "max": int(part.index[-1])})
    return pd.DataFrame(rows).rename(columns={"p50": "median"})


# -- summaries and plots ------------------------------------------------------------------

def shares_sentence(what: str, table: pd.DataFrame, label: str, interval, sep: str = ", ") -> str:
    """``<what>: <label> <share>, … (of N deals).`` from a table of shares of ``deals``.

    ``interval(row, "share")`` writes a share with its interval, as the game's summary words its numbers.
    """
    shares = sep.join(f"{r[label]} {interval(r, 'share')}" for _, r in table.iterrows())
    return f"{what}: {shares} (of {counted(int(table['deals'].sum()), 'deal')})."


def describe(study: dict, title: str, games: int | None = None) -> str:
    """A one-line description of the study for plot subtitles, headed by the game's ``title``."""
    opts = ", ".join(f"{k}={v}" for k, v in sorted(study.get("options", {}).items()))
    text = f"{title} ({opts})" if opts else title
    count = f" · {counted(games, 'game')}" if games is not None else ""
    players = ", ".join(player_labels(study["lineup"]))
    return (f"{text} · {study['players']} players: {players}{count} · "
            f"{study.get('seating', 'fixed')} seating, seed {study.get('seed')}")


def subtitle(manifest: dict, games: int | None = None, title: str | None = None) -> str:
    """The plot subtitle of a run: :func:`describe` headed by ``title``, by default its game's registered title."""
    study = manifest["study"]
    if title is None:
        from sim import registry     # at call time: the registry imports every game's package
        title = registry.info(study["game"]).title
    return describe(study, title, games)
