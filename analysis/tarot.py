"""Analysis of French Tarot runs: bid accuracy, trump odds, scoring balance.

The path is records → :func:`reduce` → cube → :func:`combine` → :func:`tables`
and :func:`plots`, as for every game (see ``analysis/wizard.py``): a *cube*
is a dict of small DataFrames of integer counts and sums per group, and the
cubes of different chunks add up. This module declares the cube (``CUBE``)
and reduces records to it; the tables are declared in
:mod:`analysis.tarot_tables`, the plots drawn by :mod:`analysis.tarot_plots`,
the scoring balance (tables, summary, plots) by :mod:`analysis.balance`;
what every game's analysis shares is in :mod:`analysis.common`.

A *deal* is one played deal of one game (deals dealt again because every
player passed, or for a petit sec, write no records: every table reads
played deals only). The *taker's side* is the taker, and with 5 players his
called partner.

Cube tables (keys → values, all int64):

``contracts``   players, contract, taker_player, oudlers_dealt, taker_oudlers → n (one row per deal),
                ``made`` (deals whose contract was made), ``margin_sum``, ``margin_sq`` (Σ and Σ² of the
                signed margin: points above the target when made, below it (negative) when failed),
                ``side_sum``, ``side_sq`` (Σ and Σ² of the taker's side's settlement of the deal),
                ``redeals`` (Σ deals dealt again before the deal); oudlers_dealt = oudlers in the
                taker's hand as dealt, taker_oudlers = oudlers of the taker's side at the end
``margins``     contract, margin → n (one row per deal; margin signed as above)
``roles``       contract, role, player → n, ``points_sum``, ``points_sq`` (one row per deal and seat:
                the seat's settlement; role 0 defender, 1 taker, 2 the taker's partner)
``bids``        player, oudlers_held, trumps_held, bid → n (one row per deal and seat: the bid
                against the hand as dealt; 0 pass … 4 Guard Against)
``handfuls``    player, role, handful → n (one row per deal and seat: the handful shown, 0 none …
                3 triple)
``taker_trumps`` contract, trumps_dealt, taker_trumps → n (one row per deal: the taker's trumps as
                dealt, and after the dog and his discard)
``holdings``    players, trumps_held, excuse_held, oudlers_held, kings_held → n (one row per hand
                dealt; trumps without the Excuse)
``dogs``        players, dog_oudlers, dog_kings → n (one row per deal: the dog as dealt)
``games``, ``totals``, ``slot_pairs``, ``strategy_pairs``, ``teammates``
                the scoring-balance tables every game shares: see :mod:`analysis.balance`

``player`` is the lineup slot; a *strategy* is a distinct player spec of the
lineup, numbered in order of first appearance. Facts of the cards alone
(``holdings``, ``dogs``) are counted once per board: with duplicate seating
the board's first game stands for its rotations. A run has one player count;
``players`` is a key so that the tables of several runs line up.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from sim.errors import counted

from . import balance, tarot_plots
from .compare import RATE, Measure
from .common import contiguous_fields, games_per_board, square, study_dict, whole_blocks
from .spec import CubeTable, estimate, keys_of
from .stats import Scratch, combine_cubes
from .tarot_tables import QUESTIONS, SCORING, tables       # noqa: F401  (the runner calls tarot.tables)
from .words import percent

CUBE = {
    "contracts": CubeTable(("players", "contract", "taker_player", "oudlers_dealt", "taker_oudlers"),
                           ("made", "margin_sum", "margin_sq", "side_sum", "side_sq", "redeals"), "one per deal"),
    "margins": CubeTable(("contract", "margin"), rows="one per deal"),
    "roles": CubeTable(("contract", "role", "player"), ("points_sum", "points_sq"), "one per deal and seat"),
    "bids": CubeTable(("player", "oudlers_held", "trumps_held", "bid"), rows="one per deal and seat"),
    "handfuls": CubeTable(("player", "role", "handful"), rows="one per deal and seat"),
    "taker_trumps": CubeTable(("contract", "trumps_dealt", "taker_trumps"), rows="one per deal"),
    "holdings": CubeTable(("players", "trumps_held", "excuse_held", "oudlers_held", "kings_held"),
                          rows="one per hand dealt (a board's first game)"),
    "dogs": CubeTable(("players", "dog_oudlers", "dog_kings"), rows="one per deal (a board's first game)"),
}
KEYS = keys_of({**CUBE, **balance.KEYS})
# the record fields reduce reads
DEAL_FIELDS = ("game", "board", "deal", "seat", "player", "hand_hi", "trumps_held", "oudlers_held", "kings_held",
               "bid", "role", "contract", "dog_oudlers", "dog_kings", "taker_trumps", "taker_oudlers", "made",
               "margin", "handful", "points", "redeals")
EXCUSE_HI_BIT = 77 - 64          # the Excuse (card 77) in ``hand_hi``


# -- records -> cube -----------------------------------------------------------------

def reduce(records: dict, study) -> dict[str, pd.DataFrame]:
    """The cube of one chunk's records ``{"deals": DEALS rows, "games": GAMES rows}``."""
    study = study_dict(study)
    n = int(study["players"])
    d = whole_blocks(contiguous_fields(records["deals"], DEAL_FIELDS), ("game", "deal"), n)
    scratch = Scratch(len(d["game"]))
    rows = len(d["game"])
    d["excuse_held"] = ((d["hand_hi"] >> np.uint64(EXCUSE_HI_BIT)) & np.uint64(1)).astype(np.int8)
    d["players"] = np.full(rows, n, dtype=np.int8)
    # per deal: the taker's row (exactly one a deal) and the settlement of the taker's side
    taker_rows = np.flatnonzero(d["role"] == 1)
    per_deal = {k: d[k][taker_rows] for k in ("game", "board", "players", "contract", "taker_oudlers", "made",
                                              "dog_oudlers", "dog_kings", "taker_trumps", "redeals")}
    per_deal["taker_player"] = d["player"][taker_rows]
    per_deal["oudlers_dealt"] = d["oudlers_held"][taker_rows]
    per_deal["trumps_dealt"] = d["trumps_held"][taker_rows]
    per_deal["margin"] = d["margin"][taker_rows].astype(np.int64)    # signed in the records
    side = np.where(d["role"] > 0, d["points"], 0).astype(np.int64).reshape(-1, n).sum(axis=1)
    # the first game of each board; the other rotations replay its cards
    rotations = games_per_board(d["game"], d["board"])
    if rotations == 1:
        dealt, dealt_once = d, per_deal
    else:
        first = d["game"] == d["board"] * rotations
        dealt = {k: d[k][first] for k in KEYS["holdings"]}
        first_deal = per_deal["game"] == per_deal["board"] * rotations
        dealt_once = {k: per_deal[k][first_deal] for k in KEYS["dogs"]}
    return {
        "contracts": CUBE["contracts"].sums(per_deal, {
            "made": per_deal["made"], "margin_sum": per_deal["margin"], "margin_sq": square(per_deal["margin"]),
            "side_sum": side, "side_sq": square(side), "redeals": per_deal["redeals"]}),
        "margins": CUBE["margins"].sums(per_deal),
        "roles": CUBE["roles"].sums(d, {"points_sum": d["points"], "points_sq": square(d["points"])},
                                    scratch=scratch),
        "bids": CUBE["bids"].sums(d, scratch=scratch),
        "handfuls": CUBE["handfuls"].sums(d, scratch=scratch),
        "taker_trumps": CUBE["taker_trumps"].sums(per_deal),
        "holdings": CUBE["holdings"].sums(dealt, scratch=scratch if rotations == 1 else None),
        "dogs": CUBE["dogs"].sums(dealt_once),
        **balance.reduce(records["games"], study),
    }


def combine(cubes) -> dict[str, pd.DataFrame]:
    """Add cubes (of chunks, or of earlier combinations): canonical and associative."""
    return combine_cubes(cubes, KEYS)


# -- plain-language summary ----------------------------------------------------------------

_ci = estimate


def summary(tabs: dict, manifest: dict) -> dict[str, list[str]]:
    """A few plain sentences per question, with the numbers and their 95 % intervals."""
    balance_lines = _settlement_summary(tabs) + balance.summary(tabs, manifest["study"], SCORING)
    return dict(zip(QUESTIONS, (_bid_summary(tabs), _trump_summary(tabs), balance_lines)))


def _bid_summary(tabs) -> list[str]:
    lines = [f"{r['contract']}: made {_ci(r, 'made_rate')} of {counted(int(r['deals']), 'deal')}."
             for _, r in tabs["contract_success_by_contract"].iterrows()]
    dealt = tabs["contract_success_by_oudlers"]
    dealt = dealt[dealt["counted"] == "dealt to the taker"].groupby("oudlers")[["deals", "made"]].sum()
    if len(dealt):
        lines.append("By the oudlers dealt to the taker, contracts were made " + ", ".join(
            f"{percent(r.made / r.deals)} with {counted(int(k), 'oudler')}" for k, r in dealt.iterrows()) + ".")
    margins = tabs["margin_by_contract"]
    if len(margins):
        lines.append("Median margin over the target: " + ", ".join(
            f"{r['contract']} {int(r['median']):+d}" for _, r in margins.iterrows()) + " points.")
    return lines


def _trump_summary(tabs) -> list[str]:
    lines = []
    for _, r in tabs["dog_any_odds"].iterrows():
        lines.append(f"With {int(r['players'])} players the dog holds at least one of the {r['card']} in "
                     f"{_ci(r, 'any_rate')} of {counted(int(r['deals']), 'deal')}.")
    for _, r in tabs["handful_odds"].iterrows():
        lines.append(f"A {r['handful']} handful ({int(r['trumps_needed'])} trumps) is dealt in "
                     f"{_ci(r, 'held_rate')} of hands ({int(r['players'])} players).")
    for _, r in tabs["taker_trumps_by_contract"].iterrows():
        lines.append(f"{r['contract']}: the taker holds {r['mean_trumps_dealt']:.2f} trumps as dealt, "
                     f"{r['mean_taker_trumps']:.2f} after the dog.")
    return lines


def _settlement_summary(tabs) -> list[str]:
    return [f"{r['contract']}: the taker's side settles {_ci(r, 'mean_taker_side', pct=False)} points a deal, "
            f"a defender {_ci(r, 'mean_defender', pct=False)}."
            for _, r in tabs["settlement_by_contract"].iterrows()]


# -- compared on common deals -------------------------------------------------------------------

def _taker(d: pd.DataFrame) -> np.ndarray:
    return d["role"] == 1


def compared(study: dict) -> tuple[Measure, ...]:
    """What ``tricksim compare`` compares beside game total and win rate: contracts made and the
    taker's settlement, read from the taker's row of each played deal (its ``player`` the taker)."""
    return (Measure("made_rate", "contracts made", lambda d: d["made"], rows=_taker, bounds=RATE),
            Measure("mean_taker_points", "the taker's settlement per deal", lambda d: d["points"],
                    rows=_taker))


# -- plots ------------------------------------------------------------------------------------

def plots(cube: dict, manifest: dict, out_dir, tabs: dict | None = None) -> list[Path]:
    """Draw the PNG plots of a run into ``out_dir`` (see :mod:`analysis.tarot_plots`); returns their paths."""
    return tarot_plots.draw(cube, tabs if tabs is not None else tables(cube, manifest), manifest, out_dir, SCORING)
