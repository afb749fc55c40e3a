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
key so that the tables of several runs line up. The cube and the report's
tables are declared (:mod:`analysis.spec`).
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from sim.errors import counted
from sim.games.jupiter.rules_nb import STEP_NAMES

from . import balance, jupiter_plots
from .compare import RATE, Measure
from .common import Lineup, contiguous_fields, square, study_dict, whole_blocks
from .spec import CubeTable, Frames, Mean, Rate, Share, Table, build, drop, keys_of, positive
from .stats import Scratch, combine_cubes
from .words import percent, points, with_interval

SCORING = balance.Scoring("victory points")
CUBE = {
    "trumps": CubeTable(("players", "round", "trump_step", "table_decides"), ("table_cards", "redeals"),
                        "one per round"),
    "bids": CubeTable(("players", "round", "position", "player", "bid_kind", "exact"),
                      ("won", "own", "points_sum", "points_sq", "miss_sum"), "one per round and seat"),
    "claims": CubeTable(("players", "player", "claim"), ("won", "points_sum", "points_sq"),
                        "one per round and seat"),
}
KEYS = keys_of({**CUBE, **balance.KEYS})
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
        "trumps": CUBE["trumps"].sums(per_round, {"table_cards": per_round["table_cards"],
                                                  "redeals": per_round["redeals"]}),
        "bids": CUBE["bids"].sums(d, {"won": d["cards_won"], "own": d["own_card"], "points_sum": d["points"],
                                      "points_sq": square(d["points"]), "miss_sum": miss}, scratch=scratch),
        "claims": CUBE["claims"].sums(d, {"won": d["cards_won"], "points_sum": d["points"],
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
    frames = Frames(cube, lineup, FRAMES)
    return {**build(TRUMP_TABLES + BID_TABLES + POINTS_TABLES, frames),
            **balance.tables(cube, lineup, QUESTIONS[2], SCORING)}


# -- derived frames: what the tables read beside the cube's own tables ------------------------------

def _steps(cube: dict, lineup: Lineup) -> pd.DataFrame:
    df = cube["trumps"].copy()
    df["trump_step"] = pd.Categorical([STEP_NAMES[int(s)] for s in df["trump_step"]],
                                      categories=["count", "sum", "highest", "none"])
    df["decided"] = df["n"] * df["table_decides"]
    return df


def _bids(cube: dict, lineup: Lineup) -> pd.DataFrame:
    bids = lineup.label(cube["bids"].copy())
    bids["bid_kind"] = pd.Categorical([BID_KINDS[int(k)] for k in bids["bid_kind"]], categories=list(BID_KINDS))
    bids["exact_n"] = bids["n"] * bids["exact"]
    return bids


def _claims(cube: dict, lineup: Lineup) -> pd.DataFrame:
    claims = lineup.label(cube["claims"].copy())
    claims["claim"] = pd.Categorical([CLAIM_NAMES[int(c)] for c in claims["claim"]], categories=list(CLAIM_NAMES))
    return claims


FRAMES = {"steps": _steps, "labelled_bids": _bids, "labelled_claims": _claims}


def _mean_per(name: str, total: str, n: str):
    """A step: ``name`` = ``total / n``, a plain mean (no interval)."""
    return lambda df: df.assign(**{name: df[total] / df[n]})


# -- the tables, declared ----------------------------------------------------------------------------

TRUMP_TABLES = [
    Table("trump_steps", QUESTIONS[0], "How the trump was settled", "terminal",
          "trump_step: count (most cards), sum, highest (single card) or none (no trump)", frame="steps",
          by=("players", "trump_step"), counted="rounds", steps=(Share("rounds", ("players",)),)),
    Table("trump_steps_by_round", QUESTIONS[0], "How the trump was settled, by round", "report", frame="steps",
          by=("players", "round", "trump_step"), counted="rounds", steps=(Share("rounds", ("players", "round")),)),
    Table("table_decides_trump", QUESTIONS[0], "Rounds whose trump the cards left from earlier rounds decided",
          "report", "decided: the trump differs from the one the new layouts alone would give; mean_table_cards: "
          "colour cards beside the counters when the round began", frame="steps", by=("players", "round"),
          sums=("n", "decided", "table_cards"), counted="rounds",
          steps=(_mean_per("mean_table_cards", "table_cards", "rounds"), drop("table_cards"),
                 Rate("decided_rate", "decided", "rounds"))),
]

BID_NOTE = ("exact: tricks taken = the bid (a zero-trick bid: no trick); won: bids that won a card; "
            "mean_miss: mean |tricks − bid|")
ACCURACY = (positive("bids"), _mean_per("mean_miss", "miss_sum", "bids"), drop("miss_sum"),
            Rate("exact_rate", "exact", "bids"), Rate("won_rate", "won", "bids"))


def _accuracy(name: str, by, title: str, show: str = "report", note: str = BID_NOTE, **more) -> Table:
    return Table(name, QUESTIONS[1], title, show, note, frame="labelled_bids", by=by,
                 sums=("n", "exact_n", "won", "miss_sum"), counted="bids", rename={"exact_n": "exact"},
                 steps=ACCURACY, **more)


BID_TABLES = [
    _accuracy("bid_accuracy", ("strategy", "bid_kind"), "Exact bids, by strategy and kind of bid", "terminal"),
    _accuracy("bid_accuracy_by_round", ("strategy", "round", "bid_kind"), "Exact bids, by round"),
    _accuracy("bid_accuracy_by_seat", ("strategy", "position", "bid_kind"), "Exact bids, by bidding order",
              note=BID_NOTE + "; position 0 bids first (the start player)", order=True, order_at=2),
    Table("bid_kinds", QUESTIONS[1], "Kinds of bid, by strategy", "report", frame="labelled_bids",
          by=("strategy", "bid_kind"), counted="bids", steps=(Share("bids", ("strategy",)),)),
    Table("zero_trick_success", QUESTIONS[1], "The zero-trick card made, by round", "report",
          "made: no trick taken; the covered card is won", frame="labelled_bids",
          rows=lambda b: b["bid_kind"] == BID_KINDS[0], by=("strategy", "round"), sums=("n", "exact_n"),
          counted="bids", rename={"exact_n": "made"}, steps=(positive("bids"), Rate("made_rate", "made", "bids"))),
]

POINTS = ("points_sum", "points_sq")

POINTS_TABLES = [
    Table("points_by_claim", QUESTIONS[2], "Victory points a round, by standing at the allocation", "report",
          "claim: the seat's class at the counter of its tricks; won: rounds it won a card",
          frame="labelled_claims", by=("strategy", "claim"), sums=("n", "won", *POINTS), counted="rounds",
          steps=(positive("rounds"), Rate("won_rate", "won", "rounds"), Mean("mean_points", "rounds", *POINTS))),
    Table("points_by_bid_kind", QUESTIONS[2], "Victory points a round, by kind of bid", "report",
          "own: rounds the seat won back its own layout card", frame="labelled_bids", by=("strategy", "bid_kind"),
          sums=("n", "own", *POINTS), counted="bids",
          steps=(positive("bids"), Rate("own_rate", "own", "bids"), Mean("mean_points", "bids", *POINTS))),
]


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
