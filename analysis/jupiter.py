"""Analysis of Beim Jupiter runs: trump odds, bid accuracy, scoring balance.

The path is records → :func:`reduce` → cube → :func:`combine` → :func:`tables`
and :func:`plots`, as for every game (see ``analysis/wizard.py``): a *cube*
is a dict of small DataFrames of integer counts and sums per group, and the
cubes of different chunks add up. The plots are drawn by
:mod:`analysis.jupiter_plots`, the scoring balance (tables, summary, plots) by
:mod:`analysis.balance`.

A *round* is one played round of one game (a deal in the records; rounds
dealt again write no records). A *bid* is one seat's bid in one round: the
zero-trick card, or a counter, locked with the marker or not.

Cube tables (keys → values, all int64):

``trumps``   players, round, trump_step, table_decides → n (one row per round: the stage that
             settled the trump, 0 no trump, 1 count, 2 sum, 3 highest card; table_decides 1 when
             the cards left beside the counters from earlier rounds changed the trump the new
             layouts alone would give), ``table_cards`` (Σ colour cards beside the counters when
             the round began), ``redeals`` (Σ rounds dealt again before the round)
``bids``     players, round, position, player, bid_kind, exact → n (one row per round and seat:
             bid_kind 0 the zero-trick card, 1 a counter not locked, 2 a counter locked; exact 1
             when the tricks taken equal the bid), ``won`` (Σ cards won), ``own`` (Σ own layout
             cards won back), ``points_sum``, ``points_sq`` (Σ and Σ² of the round's victory points),
             ``miss_sum`` (Σ |tricks − bid|)
``claims``   players, player, claim → n (one row per round and seat: the seat's standing at the
             counter of its tricks, 0 none (no trick, or a zero bid), 1 locked and made,
             2 unlocked, 3 locked and failed, 4 sole claimant), ``won`` (Σ cards won),
             ``points_sum``, ``points_sq``
``games``, ``totals``, ``slot_pairs``, ``strategy_pairs``, ``teammates``
             the scoring-balance tables every game shares: see :mod:`analysis.balance`

``player`` is the lineup slot. A run has one player count; ``players`` is a
key so that the tables of several runs line up.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from sim.errors import counted
from sim.games.jupiter.rules_nb import STEP_NAMES

from . import balance, jupiter_plots
from .compare import RATE, Measure
from .common import (Lineup, contiguous_fields, share_within, square, study_dict, sum_by, tag, whole_blocks,
                     with_mean, with_rate)
from .stats import Scratch, combine_cubes, group_sums
from .words import percent, points, with_interval

SCORING = balance.Scoring("victory points")
KEYS = {
    "trumps": ["players", "round", "trump_step", "table_decides"],
    "bids": ["players", "round", "position", "player", "bid_kind", "exact"],
    "claims": ["players", "player", "claim"],
    **balance.KEYS,
}
DEAL_FIELDS = ("game", "deal", "seat", "player", "position", "trump_step", "table_decides", "table_cards",
               "bid", "locked", "tricks", "exact", "claim", "cards_won", "own_card", "points", "redeals")
BID_KINDS = ("zero-trick card", "unlocked", "locked")
CLAIM_NAMES = ("none", "locked and made", "unlocked", "locked and failed", "sole claimant")
QUESTIONS = ("Trump odds", "Bid accuracy", "Scoring balance")


# -- records -> cube -----------------------------------------------------------------

def reduce(records: dict, study) -> dict[str, pd.DataFrame]:
    """The cube of one chunk's records ``{"deals": DEALS rows, "games": GAMES rows}``."""
    study = study_dict(study)
    n = int(study["players"])
    d = whole_blocks(contiguous_fields(records["deals"], DEAL_FIELDS), ("game", "deal"), n)
    rows = len(d["game"])
    scratch = Scratch(rows)
    d["players"] = np.full(rows, n, dtype=np.int8)
    d["round"] = (d["deal"] + 1).astype(np.int8)
    d["bid_kind"] = np.where(d["bid"] == 0, 0, 1 + d["locked"]).astype(np.int8)
    miss = np.abs(d["tricks"].astype(np.int64) - d["bid"].astype(np.int64))
    first = np.arange(0, rows, n)                 # one row a round: its first seat
    per_round = {k: d[k][first] for k in ("players", "round", "trump_step", "table_decides", "table_cards",
                                          "redeals")}
    return {
        "trumps": group_sums({k: per_round[k] for k in KEYS["trumps"]},
                             {"table_cards": per_round["table_cards"], "redeals": per_round["redeals"]}),
        "bids": group_sums({k: d[k] for k in KEYS["bids"]},
                           {"won": d["cards_won"], "own": d["own_card"], "points_sum": d["points"],
                            "points_sq": square(d["points"]), "miss_sum": miss}, scratch=scratch),
        "claims": group_sums({k: d[k] for k in KEYS["claims"]},
                             {"won": d["cards_won"], "points_sum": d["points"],
                              "points_sq": square(d["points"])}, scratch=scratch),
        **balance.reduce(records["games"], study),
    }


def combine(cubes) -> dict[str, pd.DataFrame]:
    """Add cubes (of chunks, or of earlier combinations): canonical and associative."""
    return combine_cubes(cubes, KEYS)


# -- cube -> tables ------------------------------------------------------------------------

def tables(cube: dict, manifest: dict) -> dict[str, pd.DataFrame]:
    """Labelled tables answering the three questions, every estimate with a 95 % interval
    (rates with Wilson intervals, means with t intervals; rounds of one game, and the
    rotations of a duplicate board, are treated as independent, so the intervals are
    somewhat narrow)."""
    lineup = Lineup(manifest["study"])
    return {**trump_tables(cube), **bid_tables(cube, lineup), **balance_tables(cube, lineup)}


def _steps(df: pd.DataFrame) -> pd.DataFrame:
    df = df.copy()
    df["trump_step"] = pd.Categorical([STEP_NAMES[int(s)] for s in df["trump_step"]],
                                      categories=["count", "sum", "highest", "none"])
    return df


def trump_tables(cube: dict) -> dict[str, pd.DataFrame]:
    """Trump odds: the stage that settled the trump, by player count and round, and how often
    the cards left from earlier rounds decided it."""
    q, out = QUESTIONS[0], {}
    trumps = _steps(cube["trumps"])
    steps = sum_by(trumps, ["players", "trump_step"], ["n"]).rename(columns={"n": "rounds"})
    out["trump_steps"] = tag(share_within(steps, ["players"], "rounds"), q,
                             "How the trump was settled", "terminal",
                             "trump_step: count (most cards), sum, highest (single card) or none (no trump)")
    by_round = sum_by(trumps, ["players", "round", "trump_step"], ["n"]).rename(columns={"n": "rounds"})
    out["trump_steps_by_round"] = tag(share_within(by_round, ["players", "round"], "rounds"), q,
                                      "How the trump was settled, by round", "report")
    decided = trumps.assign(decided=trumps["n"] * trumps["table_decides"])
    decided = sum_by(decided, ["players", "round"], ["n", "decided", "table_cards"]).rename(columns={"n": "rounds"})
    decided["mean_table_cards"] = decided["table_cards"] / decided["rounds"]
    out["table_decides_trump"] = tag(
        with_rate(decided.drop(columns="table_cards"), "decided", "rounds", "decided_rate"), q,
        "Rounds whose trump the cards left from earlier rounds decided", "report",
        "decided: the trump differs from the one the new layouts alone would give; mean_table_cards: "
        "colour cards beside the counters when the round began")
    return out


def _bids(cube: dict, lineup: Lineup) -> pd.DataFrame:
    bids = lineup.label(cube["bids"].copy())
    bids["bid_kind"] = pd.Categorical([BID_KINDS[int(k)] for k in bids["bid_kind"]], categories=list(BID_KINDS))
    bids["exact_n"] = bids["n"] * bids["exact"]
    return bids


def _accuracy(bids: pd.DataFrame, by) -> pd.DataFrame:
    part = sum_by(bids, by, ["n", "exact_n", "won", "miss_sum"]).rename(columns={"n": "bids", "exact_n": "exact"})
    part = part[part["bids"] > 0]
    part["mean_miss"] = part["miss_sum"] / part["bids"]
    part = with_rate(part.drop(columns="miss_sum"), "exact", "bids", "exact_rate")
    return with_rate(part, "won", "bids", "won_rate")


def bid_tables(cube: dict, lineup: Lineup) -> dict[str, pd.DataFrame]:
    """Bid accuracy: exact bids, locked against unlocked, the zero-trick card, by round and seat."""
    q, out = QUESTIONS[1], {}
    bids = _bids(cube, lineup)
    note = ("exact: tricks taken = the bid (a zero-trick bid: no trick); won: bids that won a card; "
            "mean_miss: mean |tricks − bid|")
    out["bid_accuracy"] = tag(_accuracy(bids, ["strategy", "bid_kind"]), q,
                              "Exact bids, by strategy and kind of bid", "terminal", note)
    out["bid_accuracy_by_round"] = tag(_accuracy(bids, ["strategy", "round", "bid_kind"]), q,
                                       "Exact bids, by round", "report", note)
    by_seat = _accuracy(bids, ["strategy", "position", "bid_kind"])
    by_seat.insert(2, "order", lineup.orders(by_seat["position"]))
    out["bid_accuracy_by_seat"] = tag(by_seat, q, "Exact bids, by bidding order", "report",
                                      note + "; position 0 bids first (the start player)")
    kinds = sum_by(bids, ["strategy", "bid_kind"], ["n"]).rename(columns={"n": "bids"})
    out["bid_kinds"] = tag(share_within(kinds, ["strategy"], "bids"), q, "Kinds of bid, by strategy", "report")
    zero = bids[bids["bid_kind"] == BID_KINDS[0]]
    zero = sum_by(zero, ["strategy", "round"], ["n", "exact_n"]).rename(columns={"n": "bids", "exact_n": "made"})
    out["zero_trick_success"] = tag(with_rate(zero[zero["bids"] > 0], "made", "bids", "made_rate"), q,
                                    "The zero-trick card made, by round", "report",
                                    "made: no trick taken; the covered card is won")
    return out


def balance_tables(cube: dict, lineup: Lineup) -> dict[str, pd.DataFrame]:
    """Scoring balance: victory points a round by standing at the allocation and by kind of bid,
    and the shared tables of :mod:`analysis.balance`."""
    q, out = QUESTIONS[2], {}
    claims = lineup.label(cube["claims"].copy())
    claims["claim"] = pd.Categorical([CLAIM_NAMES[int(c)] for c in claims["claim"]], categories=list(CLAIM_NAMES))
    part = sum_by(claims, ["strategy", "claim"], ["n", "won", "points_sum", "points_sq"]).rename(
        columns={"n": "rounds"})
    part = with_rate(part[part["rounds"] > 0], "won", "rounds", "won_rate")
    out["points_by_claim"] = tag(with_mean(part, "rounds", "points_sum", "points_sq", "mean_points"), q,
                                 "Victory points a round, by standing at the allocation", "report",
                                 "claim: the seat's class at the counter of its tricks; won: rounds it won a card")
    bids = _bids(cube, lineup)
    part = sum_by(bids, ["strategy", "bid_kind"], ["n", "own", "points_sum", "points_sq"]).rename(
        columns={"n": "bids"})
    part = with_rate(part[part["bids"] > 0], "own", "bids", "own_rate")
    out["points_by_bid_kind"] = tag(with_mean(part, "bids", "points_sum", "points_sq", "mean_points"), q,
                                    "Victory points a round, by kind of bid", "report",
                                    "own: rounds the seat won back its own layout card")
    out.update(balance.tables(cube, lineup, q, SCORING))
    return out


# -- plain-language summary ----------------------------------------------------------------

def summary(tabs: dict, manifest: dict) -> dict[str, list[str]]:
    """A few plain sentences per question, with the numbers and their 95 % intervals."""
    trump = [f"With {int(r['players'])} players the trump was settled by {r['trump_step']} in "
             f"{with_interval(r, 'share', percent)} of {counted(int(r['rounds']), 'round')}."
             for _, r in tabs["trump_steps"].iterrows()]
    decided = tabs["table_decides_trump"]
    if len(decided):
        total = decided.groupby("players")[["rounds", "decided"]].sum()
        trump += [f"With {int(k)} players the cards left from earlier rounds decided the trump in "
                  f"{percent(r.decided / r.rounds)} of rounds." for k, r in total.iterrows()]
    bids = [f"{r['strategy']}, {r['bid_kind']}: exact in {with_interval(r, 'exact_rate', percent)} of "
            f"{counted(int(r['bids']), 'bid')}, a card won in {percent(r['won_rate'])}."
            for _, r in tabs["bid_accuracy"].iterrows()]
    claims = [f"{r['strategy']}, {r['claim']}: {with_interval(r, 'mean_points', points)} victory points a round."
              for _, r in tabs["points_by_claim"].iterrows()]
    return dict(zip(QUESTIONS, (trump, bids, claims + balance.summary(tabs, manifest["study"], SCORING))))


# -- compared on common deals -------------------------------------------------------------------

def _round(d: pd.DataFrame) -> np.ndarray:
    """One row a round: the start player's."""
    return d["position"] == 0


def compared(study: dict) -> tuple[Measure, ...]:
    """What ``tricksim compare`` compares beside victory points and win rate: bids made (the tricks
    taken equal the bid; a zero-trick bid: no trick), one a round and seat; and, once a round, the
    cards left beside the counters and the rounds whose trump they decided (what ``orphans`` acts on)."""
    return (Measure("exact_rate", "bids made", lambda d: d["exact"], bounds=RATE),
            Measure("mean_table_cards", "colour cards beside the counters when a round began",
                    lambda d: d["table_cards"], rows=_round, per_player=False),
            Measure("decided_rate", "rounds whose trump the cards left from earlier rounds decided",
                    lambda d: d["table_decides"], rows=_round, bounds=RATE, per_player=False))


# -- plots ------------------------------------------------------------------------------------

def plots(cube: dict, manifest: dict, out_dir, tabs: dict | None = None) -> list[Path]:
    """Draw the PNG plots of a run into ``out_dir`` (see :mod:`analysis.jupiter_plots`); returns their paths."""
    return jupiter_plots.draw(cube, tabs if tabs is not None else tables(cube, manifest), manifest, out_dir,
                              SCORING)
