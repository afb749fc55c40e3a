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

from sim.games.wizard.records import TRUMP_KINDS

from . import balance, wizard_plots
from .compare import RATE, Measure
from .common import (Lineup, add_moments, contiguous_fields, games_per_board, share_within, shares_sentence, square,
                     study_dict, sum_by, tag, whole_blocks, with_mean, with_rate)
from .stats import Scratch, combine_cubes, group_sums
from .words import percent, points, with_interval
from sim.errors import counted

SCORING = balance.Scoring("game total")
KEYS = {
    "bids": ["deal", "hand_size", "player", "bid", "tricks"],
    "seats": ["deal", "hand_size", "seat", "position", "player"],
    "bid_totals": ["deal", "hand_size", "excess"],
    "trump_outcomes": ["deal", "hand_size", "trump_kind"],
    "holdings": ["hand_size", "trump_kind", "trumps_held", "wizards_held"],
    "trump": ["hand_size", "trump_kind", "is_dealer", "trumps_held", "wizards_held", "tricks"],
    **balance.KEYS,
}
# the record fields reduce reads
DEAL_FIELDS = ("game", "board", "deal", "hand_size", "seat", "player", "position", "bid", "tricks", "score",
               "trump_kind", "trumps_held", "wizards_held")

QUESTIONS = ("Bid accuracy", "Trump odds", "Scoring balance")
TRUMP_SUITS = (0, 3)      # trump kinds with a trump suit: turned up, or chosen by the dealer


# -- records -> cube -----------------------------------------------------------------

def reduce(records: dict, study) -> dict[str, pd.DataFrame]:
    """The cube of one chunk's records ``{"deals": DEALS rows, "games": GAMES rows}``."""
    study = study_dict(study)
    n_players = int(study["players"])
    d = whole_blocks(contiguous_fields(records["deals"], DEAL_FIELDS), ("game", "deal"), n_players)
    deal_scratch = Scratch(len(d["game"]))      # work arrays shared between the tables
    d["exact"] = d["bid"] == d["tricks"]
    d["is_dealer"] = d["position"] == n_players - 1
    per_deal = {k: d[k][::n_players] for k in ("game", "board", "deal", "hand_size", "trump_kind")}
    per_deal["excess"] = sum(d["bid"][seat::n_players].astype(np.int64) for seat in range(n_players)) \
        - per_deal["hand_size"]
    # the first game of each board; the other rotations replay its cards
    rotations = games_per_board(d["game"], d["board"])
    if rotations == 1:
        dealt, dealt_once = d, per_deal
    else:
        dealt = {k: d[k][d["game"] == d["board"] * rotations] for k in KEYS["holdings"]}
        dealt_once = {k: v[per_deal["game"] == per_deal["board"] * rotations] for k, v in per_deal.items()}
    return {
        "bids": group_sums({k: d[k] for k in KEYS["bids"]}, scratch=deal_scratch),
        "seats": group_sums({k: d[k] for k in KEYS["seats"]},
                            {"exact": d["exact"], "score_sum": d["score"],
                             "score_sq": square(d["score"])}, scratch=deal_scratch),
        "bid_totals": group_sums({k: per_deal[k] for k in KEYS["bid_totals"]}),
        "trump_outcomes": group_sums({k: dealt_once[k] for k in KEYS["trump_outcomes"]}),
        "holdings": group_sums({k: dealt[k] for k in KEYS["holdings"]},
                               scratch=deal_scratch if rotations == 1 else None),
        "trump": group_sums({k: d[k] for k in KEYS["trump"]}, scratch=deal_scratch),
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
    return {**bid_tables(cube, lineup), **trump_tables(cube), **balance_tables(cube, lineup)}


def bid_tables(cube: dict, lineup: Lineup) -> dict[str, pd.DataFrame]:
    """Bid accuracy: exact rates, the bid/tricks matrix, calibration, the miss, sums of bids."""
    q, out = QUESTIONS[0], {}
    seats = lineup.label(cube["seats"].copy())

    def exact_by(keys):
        part = sum_by(seats, keys, ["n", "exact"]).rename(columns={"n": "bids"})
        return with_rate(part[part["bids"] > 0], "exact", "bids", "exact_rate")

    out["bid_exact_by_strategy"] = tag(exact_by(["strategy"]), q, "Exact bids by strategy", "terminal")
    by_player = sum_by(seats, ["player", "strategy"], ["n", "exact", "score_sum", "score_sq"])
    by_player = with_rate(by_player[by_player["n"] > 0].rename(columns={"n": "bids"}), "exact", "bids",
                          "exact_rate")
    out["bid_exact_by_player"] = tag(with_mean(by_player, "bids", "score_sum", "score_sq", "round_score"),
                                     q, "Exact bids and mean round score by player", "report")
    out["bid_exact_by_hand_size"] = tag(exact_by(["hand_size", "strategy"]), q, "Exact bids by hand size",
                                        "report")
    out["bid_exact_by_seat"] = tag(exact_by(["seat"]), q, "Exact bids by seat", "report")
    by_position = exact_by(["position"])
    by_position.insert(1, "order", lineup.orders(by_position["position"]))
    out["bid_exact_by_position"] = tag(by_position, q, "Exact bids by bidding position", "report")

    bids = lineup.label(cube["bids"].copy())
    for col in ("bid", "tricks"):
        add_moments(bids, col)
    matrix = sum_by(bids, ["strategy", "bid", "tricks"], ["n"])
    matrix = matrix[matrix["n"] > 0]
    matrix["share_of_bid"] = matrix["n"] / matrix.groupby(["strategy", "bid"], observed=True)["n"].transform("sum")
    out["bid_vs_tricks"] = tag(matrix, q, "Tricks taken for each bid (counts; share of the bid's row)")
    calib = sum_by(bids, ["strategy", "bid"], ["n", "tricks_x", "tricks_xx"]).rename(columns={"n": "bids"})
    calib = with_mean(calib[calib["bids"] > 0], "bids", "tricks_x", "tricks_xx", "mean_tricks")
    out["bid_calibration"] = tag(calib, q, "Calibration: mean tricks taken for each bid", "report")
    means = sum_by(bids, ["hand_size", "strategy"], ["n", "bid_x", "bid_xx", "tricks_x", "tricks_xx"])
    means = means[means["n"] > 0].rename(columns={"n": "bids"})
    means = with_mean(with_mean(means, "bids", "bid_x", "bid_xx", "mean_bid"),
                      "bids", "tricks_x", "tricks_xx", "mean_tricks")
    out["bid_means_by_hand_size"] = tag(means, q, "Mean bid and mean tricks by hand size")
    bids["miss"] = bids["tricks"] - bids["bid"]
    miss = sum_by(bids, ["strategy", "miss"], ["n"]).rename(columns={"n": "bids"})
    out["bid_miss"] = tag(share_within(miss, ["strategy"], "bids"), q, "The miss: tricks taken − bid", "report")

    totals = cube["bid_totals"].copy()
    add_moments(totals, "excess")
    sides = {"over": totals["excess"] > 0, "equal": totals["excess"] == 0, "under": totals["excess"] < 0}
    for name, mask in sides.items():
        totals[name] = totals["n"].where(mask, 0)
    per_hand = sum_by(totals, ["hand_size"], ["n", "excess_x", "excess_xx", *sides]).rename(columns={"n": "deals"})
    per_hand = with_mean(per_hand, "deals", "excess_x", "excess_xx", "mean_excess")
    for name in sides:
        per_hand = with_rate(per_hand, name, "deals", f"{name}_share").drop(columns=name)
    out["bid_totals_by_hand_size"] = tag(
        per_hand, q, "Sum of the bids against the cards in hand, per deal", "report",
        "excess = sum of all bids − cards in hand; over/equal/under: share of deals whose bids add up "
        "to more than, exactly, or fewer than the cards in hand")
    return out


def trump_tables(cube: dict) -> dict[str, pd.DataFrame]:
    """Trump odds: how trump was decided, what hands hold, and what holdings are worth in tricks."""
    q, out = QUESTIONS[1], {}
    decided = cube["trump_outcomes"].copy()
    decided["outcome"] = pd.Categorical([TRUMP_KINDS[k] for k in decided["trump_kind"]],
                                        categories=list(TRUMP_KINDS.values()))
    overall = sum_by(decided, ["outcome"], ["n"]).rename(columns={"n": "deals"})
    out["trump_outcomes"] = tag(share_within(overall, [], "deals"), q, "How trump was decided (share of deals)",
                                "terminal")
    by_deal = sum_by(decided, ["deal", "hand_size", "outcome"], ["n"]).rename(columns={"n": "deals"})
    out["trump_outcomes_by_deal"] = tag(share_within(by_deal, ["deal"], "deals"), q,
                                         "How trump was decided, by deal (round)")

    held = cube["holdings"]
    has_wizards = bool((held["wizards_held"] > 0).any())
    odds_of = [("trumps_held", "trumps", held[held["trump_kind"] == 0])]
    if has_wizards:
        odds_of.append(("wizards_held", "Wizards", held))
    for col, what, rows in odds_of:
        odds = sum_by(rows, ["hand_size", col], ["n"]).rename(columns={"n": "hands"})
        note = ("only deals whose trump suit was turned up: when the dealer chooses, the choice "
                "follows the hand" if what == "trumps" else "")
        out[f"{col}_odds"] = tag(share_within(odds, ["hand_size"], "hands"), q,
                                 f"Odds of holding k {what}, by hand size", "csv", note)

    hands = cube["trump"].copy()
    add_moments(add_moments(hands, "tricks"), "trumps_held")
    hands["hand_sizes"] = hand_size_buckets(hands["hand_size"])

    def tricks_by(rows, col):
        part = sum_by(rows, ["hand_sizes", col], ["n", "tricks_x", "tricks_xx"])
        return with_mean(part[part["n"] > 0].rename(columns={"n": "hands"}), "hands", "tricks_x", "tricks_xx",
                         "mean_tricks")

    with_suit = hands[hands["trump_kind"].isin(TRUMP_SUITS)]
    out["tricks_by_trumps_held"] = tag(tricks_by(with_suit, "trumps_held"), q,
                                       "Tricks taken by trumps held (deals with a trump suit)", "report")
    if has_wizards:
        out["tricks_by_wizards_held"] = tag(tricks_by(hands, "wizards_held"), q, "Tricks taken by Wizards held",
                                            "report")
    role = hands.assign(role=np.where(hands["is_dealer"] == 1, "dealer", "others"),
                        outcome=[TRUMP_KINDS[k] for k in hands["trump_kind"]])
    role = sum_by(role, ["trump_kind", "outcome", "role"],
                  ["n", "trumps_held_x", "trumps_held_xx", "tricks_x", "tricks_xx"])
    role = with_mean(role.rename(columns={"n": "hands"}), "hands", "trumps_held_x", "trumps_held_xx",
                     "mean_trumps_held")
    role = with_mean(role, "hands", "tricks_x", "tricks_xx", "mean_tricks")
    out["trump_by_outcome_and_role"] = tag(role.drop(columns="trump_kind"), q,
                                           "Trumps held and tricks taken: dealer against the others", "report")
    return out


def balance_tables(cube: dict, lineup: Lineup) -> dict[str, pd.DataFrame]:
    """Scoring balance: the tables of :mod:`analysis.balance`, and the mean round score by bidding position."""
    q = QUESTIONS[2]
    out = balance.tables(cube, lineup, q, SCORING)
    by_position = sum_by(cube["seats"], ["position"], ["n", "score_sum", "score_sq"]).rename(columns={"n": "rounds"})
    by_position.insert(1, "order", lineup.orders(by_position["position"]))
    out["round_score_by_position"] = tag(with_mean(by_position, "rounds", "score_sum", "score_sq", "mean_score"),
                                         q, "Mean round score by bidding position", "report")
    return out


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

def _pct(x) -> str:
    return percent(x)


def _count(k, noun: str) -> str:
    return f"{int(k)} {noun}" + ("" if int(k) == 1 else "s")


def _ci(row, col, pct=True) -> str:
    return with_interval(row, col, percent if pct else points)


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
