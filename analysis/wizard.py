"""Analysis of Wizard and Oh Hell runs: bid accuracy, trump odds, scoring balance.

The path is records → :func:`reduce` → cube → :func:`combine` → :func:`tables`
and :func:`plots`. A *cube* is a dict of small DataFrames of integer counts
and sums per group (see ``KEYS``); cubes of different chunks add up, so a run
of a billion deals is analysed from the same few thousand rows as a run of a
thousand, and a worker can reduce its chunk before sending it back.

Cube tables (keys → values, all int64):

``bids``            deal, hand_size, player, bid, tricks → n
``seats``           deal, hand_size, seat, position, player → n, exact, score_sum, score_sq
``bid_totals``      deal, hand_size, excess → n  (one row per deal:
                    excess = sum of the bids − cards in hand)
``trump_outcomes``  deal, hand_size, trump_kind → n  (one per board and deal)
``holdings``        hand_size, trump_kind, trumps_held, wizards_held → n  (one per hand dealt)
``trump``           hand_size, trump_kind, is_dealer, trumps_held, wizards_held, tricks → n
``games``, ``totals``, ``slot_pairs``, ``strategy_pairs``, ``teammates``
                    the scoring-balance tables every game shares: see :mod:`analysis.balance`

``player`` is the lineup slot; a *strategy* is a distinct player spec of the
lineup (``heuristic`` in slots 0 and 2 is one strategy), numbered in order of
first appearance. Facts
of the cards alone (how trump was decided, what a hand holds) are counted once
per board: with duplicate seating every rotation of a board repeats them
exactly.

The plots are drawn by :mod:`analysis.wizard_plots` (the balance plots by
:mod:`analysis.balance_plots`); what every game's analysis shares (cube
building blocks, labels, rates and means with their intervals) is in
:mod:`analysis.common`.
"""
from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pandas as pd

from sim.games.wizard.records import DEALS, TRUMP_KINDS

from . import balance, wizard_nb, wizard_plots
from .compare import RATE, Measure
from .common import Lineup, add_moments, as_records, shares_sentence, study_dict, whole_blocks_order
from .spec import (CubeTable, Frames, Mean, Rate, Share, Table, build, drop, estimate, keys_of, labelled, mean_of,
                   positive)
from .stats import combine_cubes, dense_frame, empty_frame, reused_zeros
from .words import percent
from sim.errors import counted

SCORING = balance.Scoring("game total")
CUBE = {
    "bids": CubeTable(("deal", "hand_size", "player", "bid", "tricks"), rows="one per deal and seat"),
    "seats": CubeTable(("deal", "hand_size", "seat", "position", "player"), ("exact", "score_sum", "score_sq"),
                       "one per deal and seat"),
    "bid_totals": CubeTable(("deal", "hand_size", "excess"), rows="one per deal"),
    "trump_outcomes": CubeTable(("deal", "hand_size", "trump_kind"), rows="one per board and deal"),
    "holdings": CubeTable(("hand_size", "trump_kind", "trumps_held", "wizards_held"),
                          rows="one per hand dealt (a board's first game)"),
    "trump": CubeTable(("hand_size", "trump_kind", "is_dealer", "trumps_held", "wizards_held", "tricks"),
                       rows="one per deal and seat"),
}
KEYS = keys_of({**CUBE, **balance.KEYS})
QUESTIONS = ("Bid accuracy", "Trump odds", "Scoring balance")
TRUMP_SUITS = (0, 3)      # trump kinds with a trump suit: turned up, or chosen by the dealer


# -- records -> cube -----------------------------------------------------------------

def reduce(records: dict, study) -> dict[str, pd.DataFrame]:
    """The cube of one chunk's records ``{"deals": DEALS rows, "games": GAMES rows}``.

    Two compiled passes over the deal rows (:mod:`analysis.wizard_nb`): the keys'
    ranges (and whether the rows come a deal's seats together, as the kernels write
    them), then every table's dense cells; the tables are the cells that
    counted a row, in key order, as ``CUBE`` declares them.
    """
    study = study_dict(study)
    n_players = int(study["players"])
    deals = records["deals"]
    if len(deals) == 0:
        return {**{name: empty_frame(table.keys, ["n", *table.values]) for name, table in CUBE.items()},
                **balance.reduce(records["games"], study)}
    deals = as_records(deals, DEALS)     # the passes read whole records
    found, inside, in_blocks = wizard_nb.key_ranges_nb(deals, n_players, len(TRUMP_KINDS))
    if not inside:
        raise ValueError(f"a seat, position or player outside 0..{n_players - 1}, or a trump kind outside "
                         f"0..{len(TRUMP_KINDS) - 1}")
    if not in_blocks:
        # rows filtered or shuffled: put each deal's seats together, then find the ranges
        # again (a deal's excess adds up the bids of its block)
        deals = deals[whole_blocks_order({"seat": deals["seat"], "game": deals["game"], "deal": deals["deal"]},
                                         ("game", "deal"), n_players)]
        found, inside, in_blocks = wizard_nb.key_ranges_nb(deals, n_players, len(TRUMP_KINDS))
    fixed = [(0, n_players - 1)] * 3 + [(0, len(TRUMP_KINDS) - 1)]
    ranges = np.concatenate([np.array(fixed, np.int64), found[:len(wizard_nb.FOUND)]])
    low = dict(zip(wizard_nb.RANGED, ranges[:, 0]))
    size = dict(zip(wizard_nb.RANGED, (int(n) for n in ranges[:, 1] - ranges[:, 0] + 1)))
    low["is_dealer"], size["is_dealer"] = 0, 2

    def cells(name, *extra):
        keys = CUBE[name].keys
        return reused_zeros(f"wizard {name}", [size[k] for k in keys] + list(extra)), [low[k] for k in keys]

    (bids, bids_low), (seats, seats_low), (bid_totals, totals_low) = (cells("bids"), cells("seats", 4),
                                                                       cells("bid_totals"))
    (outcomes, outcomes_low), (holdings, holdings_low), (trump, trump_low) = (cells("trump_outcomes"),
                                                                              cells("holdings"), cells("trump"))
    wizard_nb.cube_pass_nb(deals, n_players, wizard_nb.games_per_board(found),
                           ranges[:, 0].copy(), bids, seats, bid_totals, outcomes,
                           holdings, trump)
    return {
        "bids": dense_frame(CUBE["bids"].keys, bids_low, bids, {"n": bids}),
        "seats": dense_frame(CUBE["seats"].keys, seats_low, seats[..., 0],
                             {v: seats[..., i] for i, v in enumerate(("n", "exact", "score_sum", "score_sq"))}),
        "bid_totals": dense_frame(CUBE["bid_totals"].keys, totals_low, bid_totals, {"n": bid_totals}),
        "trump_outcomes": dense_frame(CUBE["trump_outcomes"].keys, outcomes_low, outcomes, {"n": outcomes}),
        "holdings": dense_frame(CUBE["holdings"].keys, holdings_low, holdings, {"n": holdings}),
        "trump": dense_frame(CUBE["trump"].keys, trump_low, trump, {"n": trump}),
        **balance.reduce(records["games"], study),
    }


def combine(cubes) -> dict[str, pd.DataFrame]:
    """Add cubes (of chunks, or of earlier combinations): canonical and associative."""
    return combine_cubes(cubes, KEYS)


# -- cube -> tables ------------------------------------------------------------------------

def tables(cube: dict, manifest: dict) -> dict[str, pd.DataFrame]:
    """Labelled tables answering the three questions, every estimate with a 95 % interval.

    Estimates come as three columns ``x, x_lo, x_hi``; rates and shares are
    fractions (0.412, not 41.2). Rate intervals are Wilson intervals; mean
    intervals are Student t. A win rate is the mean win share (a win shared by
    k players counts 1/k), with a Wilson interval as if it were a proportion.

    The intervals treat the rows they count (bids, hands, games) as
    independent. Rounds of one game, and the rotations of a duplicate board,
    are not quite, so those intervals are somewhat narrow; the paired
    comparisons are exact in this respect (one observation per board).
    Tables the report shows carry ``attrs`` (question, title, show, note).
    """
    lineup = Lineup(manifest["study"])
    frames = Frames(cube, lineup, FRAMES)
    return {**build(BID_TABLES + TRUMP_TABLES, frames), **balance.tables(cube, lineup, QUESTIONS[2], SCORING),
            **build(BALANCE_TABLES, frames)}


# -- derived frames: what the tables read beside the cube's own tables ------------------------------

def _bids(cube: dict, lineup: Lineup) -> pd.DataFrame:
    bids = labelled("bids", "bid", "tricks")(cube, lineup)
    bids["miss"] = bids["tricks"] - bids["bid"]
    return bids


BID_SIDES = ("over", "equal", "under")      # the bids of a deal add up to more than, exactly, fewer than the cards


def _bid_totals(cube: dict, lineup: Lineup) -> pd.DataFrame:
    totals = add_moments(cube["bid_totals"].copy(), "excess")
    for name, mask in zip(BID_SIDES, (totals["excess"] > 0, totals["excess"] == 0, totals["excess"] < 0)):
        totals[name] = totals["n"].where(mask, 0)
    return totals


def _outcomes(cube: dict, lineup: Lineup) -> pd.DataFrame:
    decided = cube["trump_outcomes"].copy()
    decided["outcome"] = pd.Categorical([TRUMP_KINDS[k] for k in decided["trump_kind"]],
                                        categories=list(TRUMP_KINDS.values()))
    return decided


def _hands(cube: dict, lineup: Lineup) -> pd.DataFrame:
    hands = add_moments(add_moments(cube["trump"].copy(), "tricks"), "trumps_held")
    hands["hand_sizes"] = hand_size_buckets(hands["hand_size"])
    return hands


def _roles(cube: dict, lineup: Lineup) -> pd.DataFrame:
    hands = _hands(cube, lineup)
    return hands.assign(role=np.where(hands["is_dealer"] == 1, "dealer", "others"),
                        outcome=[TRUMP_KINDS[k] for k in hands["trump_kind"]])


FRAMES = {"labelled_seats": labelled("seats"), "labelled_bids": _bids, "bid_totals": _bid_totals,
          "outcomes": _outcomes, "hands": _hands, "roles": _roles}


def _has_wizards(cube: dict) -> bool:
    return bool((cube["holdings"]["wizards_held"] > 0).any())


def _share_of_bid(matrix: pd.DataFrame) -> pd.DataFrame:
    matrix["share_of_bid"] = matrix["n"] / matrix.groupby(["strategy", "bid"], observed=True)["n"].transform("sum")
    return matrix


# -- the tables, declared ----------------------------------------------------------------------------

EXACT = (positive("bids"), Rate("exact_rate", "exact", "bids"))


def _exact_by(name: str, by, title: str, show: str = "report", **more) -> Table:
    return Table(name, QUESTIONS[0], title, show, frame="labelled_seats", by=by, sums=("n", "exact"),
                 counted="bids", steps=EXACT, **more)


BID_TABLES = [
    _exact_by("bid_exact_by_strategy", ("strategy",), "Exact bids by strategy", "terminal"),
    Table("bid_exact_by_player", QUESTIONS[0], "Exact bids and mean round score by player", "report",
          frame="labelled_seats", by=("player", "strategy"), sums=("n", "exact", "score_sum", "score_sq"),
          counted="bids", steps=(*EXACT, Mean("round_score", "bids", "score_sum", "score_sq"))),
    _exact_by("bid_exact_by_hand_size", ("hand_size", "strategy"), "Exact bids by hand size"),
    _exact_by("bid_exact_by_seat", ("seat",), "Exact bids by seat"),
    _exact_by("bid_exact_by_position", ("position",), "Exact bids by bidding position", order=True),
    Table("bid_vs_tricks", QUESTIONS[0], "Tricks taken for each bid (counts; share of the bid's row)",
          frame="labelled_bids", by=("strategy", "bid", "tricks"), steps=(positive("n"), _share_of_bid)),
    Table("bid_calibration", QUESTIONS[0], "Calibration: mean tricks taken for each bid", "report",
          frame="labelled_bids", by=("strategy", "bid"), sums=("n", "tricks_x", "tricks_xx"), counted="bids",
          steps=(positive("bids"), mean_of("tricks", "bids"))),
    Table("bid_means_by_hand_size", QUESTIONS[0], "Mean bid and mean tricks by hand size",
          frame="labelled_bids", by=("hand_size", "strategy"),
          sums=("n", "bid_x", "bid_xx", "tricks_x", "tricks_xx"), counted="bids",
          steps=(positive("bids"), mean_of("bid", "bids"), mean_of("tricks", "bids"))),
    Table("bid_miss", QUESTIONS[0], "The miss: tricks taken − bid", "report", frame="labelled_bids",
          by=("strategy", "miss"), counted="bids", steps=(Share("bids", ("strategy",)),)),
    Table("bid_totals_by_hand_size", QUESTIONS[0], "Sum of the bids against the cards in hand, per deal", "report",
          "excess = sum of all bids − cards in hand; over/equal/under: share of deals whose bids add up "
          "to more than, exactly, or fewer than the cards in hand",
          frame="bid_totals", by=("hand_size",), sums=("n", "excess_x", "excess_xx", *BID_SIDES), counted="deals",
          steps=(mean_of("excess", "deals"), *(Rate(f"{s}_share", s, "deals", drop=s) for s in BID_SIDES))),
]

TRICKS = (positive("hands"), mean_of("tricks", "hands"))

TRUMP_TABLES = [
    Table("trump_outcomes", QUESTIONS[1], "How trump was decided (share of deals)", "terminal", frame="outcomes",
          by=("outcome",), counted="deals", steps=(Share("deals"),)),
    Table("trump_outcomes_by_deal", QUESTIONS[1], "How trump was decided, by deal (round)", frame="outcomes",
          by=("deal", "hand_size", "outcome"), counted="deals", steps=(Share("deals", ("deal",)),)),
    Table("trumps_held_odds", QUESTIONS[1], "Odds of holding k trumps, by hand size", "csv",
          "only deals whose trump suit was turned up: when the dealer chooses, the choice follows the hand",
          frame="holdings", rows=lambda t: t["trump_kind"] == 0, by=("hand_size", "trumps_held"), counted="hands",
          steps=(Share("hands", ("hand_size",)),)),
    Table("wizards_held_odds", QUESTIONS[1], "Odds of holding k Wizards, by hand size", "csv", frame="holdings",
          by=("hand_size", "wizards_held"), counted="hands", steps=(Share("hands", ("hand_size",)),),
          when=_has_wizards),
    Table("tricks_by_trumps_held", QUESTIONS[1], "Tricks taken by trumps held (deals with a trump suit)", "report",
          frame="hands", rows=lambda t: t["trump_kind"].isin(TRUMP_SUITS), by=("hand_sizes", "trumps_held"),
          sums=("n", "tricks_x", "tricks_xx"), counted="hands", steps=TRICKS),
    Table("tricks_by_wizards_held", QUESTIONS[1], "Tricks taken by Wizards held", "report", frame="hands",
          by=("hand_sizes", "wizards_held"), sums=("n", "tricks_x", "tricks_xx"), counted="hands", steps=TRICKS,
          when=_has_wizards),
    Table("trump_by_outcome_and_role", QUESTIONS[1], "Trumps held and tricks taken: dealer against the others",
          "report", frame="roles", by=("trump_kind", "outcome", "role"),
          sums=("n", "trumps_held_x", "trumps_held_xx", "tricks_x", "tricks_xx"), counted="hands",
          steps=(mean_of("trumps_held", "hands"), mean_of("tricks", "hands"), drop("trump_kind"))),
]

BALANCE_TABLES = [
    Table("round_score_by_position", QUESTIONS[2], "Mean round score by bidding position", "report", frame="seats",
          by=("position",), sums=("n", "score_sum", "score_sq"), counted="rounds",
          steps=(Mean("mean_score", "rounds", "score_sum", "score_sq"),), order=True),
]


def hand_size_buckets(hand_size: pd.Series, max_buckets: int = 5) -> pd.Categorical:
    """Group the hand sizes dealt into at most ``max_buckets`` ranges of equal width ("1–3", "4–6", …).

    The ranges span the sizes actually dealt: a run of 10-card rounds only is
    one bucket "10", not "9–10".
    """
    sizes = sorted({int(h) for h in hand_size}) or [1]
    low, top = sizes[0], sizes[-1]
    width = max(1, math.ceil((top - low + 1) / max_buckets))
    starts = list(range(low, top + 1, width))
    names = [f"{s}" if width == 1 or s == top else f"{s}–{min(s + width - 1, top)}" for s in starts]
    return pd.Categorical([names[(int(h) - low) // width] for h in hand_size], categories=names)


# -- plain-language summary ----------------------------------------------------------------

_pct, _ci = percent, estimate


def _count(k, noun: str) -> str:
    return f"{int(k)} {noun}" + ("" if int(k) == 1 else "s")


def summary(tabs: dict, manifest: dict) -> dict[str, list[str]]:
    """A few plain sentences per question, with the numbers and their 95 % intervals."""
    balance_lines = balance.summary(tabs, manifest["study"], SCORING)
    return dict(zip(QUESTIONS, (_bid_summary(tabs), _trump_summary(tabs), balance_lines)))


def _bid_summary(tabs) -> list[str]:
    lines = [f"{r['strategy']} players bid exactly {_ci(r, 'exact_rate')} of the time ({counted(int(r['bids']), 'bid')})."
             for _, r in tabs["bid_exact_by_strategy"].iterrows()]
    pos = tabs["bid_exact_by_position"]
    if len(pos) > 1:
        best, worst = pos.loc[pos["exact_rate"].idxmax()], pos.loc[pos["exact_rate"].idxmin()]
        lines.append(f"By bidding position the exact rate runs from {_ci(worst, 'exact_rate')} ({worst['order']}) "
                     f"to {_ci(best, 'exact_rate')} ({best['order']}).")
    miss = tabs["bid_miss"]
    if len(miss):
        off_by_one = miss[miss["miss"].abs() == 1].groupby("strategy", observed=True)["bids"].sum()
        all_bids = miss.groupby("strategy", observed=True)["bids"].sum()
        parts = [f"{s} {_pct(off_by_one.get(s, 0) / n)}" for s, n in all_bids.items() if n]
        lines.append("A bid missed by exactly one trick: " + ", ".join(parts) + ".")
    sums = tabs["bid_totals_by_hand_size"]
    if len(sums):
        deals = sums["deals"].sum()
        over = (sums["over_share"] * sums["deals"]).sum() / deals
        equal = (sums["equal_share"] * sums["deals"]).sum() / deals
        lines.append(f"The bids of a deal added up to more than the cards in hand in {_pct(over)} of "
                     f"{counted(int(deals), 'deal')}, to exactly the cards in hand in {_pct(equal)}.")
    return lines


def _trump_summary(tabs) -> list[str]:
    lines = []
    outcomes = tabs["trump_outcomes"]
    if len(outcomes):
        lines.append(shares_sentence("Trump", outcomes, "outcome", _ci, sep="; "))
    for name, col, noun in (("tricks_by_trumps_held", "trumps_held", "trump"),
                            ("tricks_by_wizards_held", "wizards_held", "Wizard")):
        if name not in tabs or not len(tabs[name]):
            continue
        t = tabs[name]
        bucket = t.groupby("hand_sizes", observed=True)["hands"].sum().idxmax()     # the best-filled bucket
        part = t[(t["hand_sizes"] == bucket) & (t["hands"] >= 30)]
        if len(part):
            lines.append(f"With {bucket} cards in hand, a player holding " + ", ".join(
                f"{_count(r[col], noun)} takes {r['mean_tricks']:.2f}" for _, r in part.iterrows())
                + " tricks on average.")
    chose = tabs["trump_by_outcome_and_role"]
    chose = chose[chose["outcome"] == TRUMP_KINDS[3]].set_index("role")
    if {"dealer", "others"} <= set(chose.index):
        lines.append(f"When a Wizard is turned up the dealer chooses trump and then holds "
                     f"{chose.loc['dealer', 'mean_trumps_held']:.2f} trumps on average, the others "
                     f"{chose.loc['others', 'mean_trumps_held']:.2f}.")
    return lines


# -- compared on common deals -------------------------------------------------------------------

def compared(study: dict) -> tuple[Measure, ...]:
    """What ``tricksim compare`` compares beside game total and win rate: bid accuracy."""
    return (Measure("exact_rate", "exact-bid rate", lambda d: d["bid"] == d["tricks"], bounds=RATE),)


# -- plots ------------------------------------------------------------------------------------

def plots(cube: dict, manifest: dict, out_dir, tabs: dict | None = None) -> list[Path]:
    """Draw the PNG plots of a run into ``out_dir`` (see :mod:`analysis.wizard_plots`); returns their paths."""
    return wizard_plots.draw(cube, tabs if tabs is not None else tables(cube, manifest), manifest, out_dir, SCORING)
