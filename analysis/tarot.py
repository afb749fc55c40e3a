"""Analysis of French Tarot runs: bid accuracy, trump odds, scoring balance.

The path is records → :func:`reduce` → cube → :func:`combine` → :func:`tables`
and :func:`plots`, as for every game (see ``analysis/wizard.py``): a *cube*
is a dict of small DataFrames of integer counts and sums per group, and the
cubes of different chunks add up. The plots are drawn by
:mod:`analysis.tarot_plots`, the scoring balance (tables, summary, plots) by
:mod:`analysis.balance`; what every game's analysis shares is in
:mod:`analysis.common`.

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
from sim.games.tarot.replay import CONTRACT_NAMES, HANDFUL_NAMES
from sim.games.tarot.rules_nb import HANDFUL_TRUMPS

from . import balance, tarot_plots
from .compare import RATE, Measure
from .common import (Lineup, add_moments, contiguous_fields, games_per_board, share_within, square, study_dict,
                     sum_by, tag, whole_blocks, with_mean, with_rate)
from .spec import estimate, made_rate
from .words import percent
from .stats import Scratch, combine_cubes, group_sums

SCORING = balance.Scoring("game total")
KEYS = {
    "contracts": ["players", "contract", "taker_player", "oudlers_dealt", "taker_oudlers"],
    "margins": ["contract", "margin"],
    "roles": ["contract", "role", "player"],
    "bids": ["player", "oudlers_held", "trumps_held", "bid"],
    "handfuls": ["player", "role", "handful"],
    "taker_trumps": ["contract", "trumps_dealt", "taker_trumps"],
    "holdings": ["players", "trumps_held", "excuse_held", "oudlers_held", "kings_held"],
    "dogs": ["players", "dog_oudlers", "dog_kings"],
    **balance.KEYS,
}
# the record fields reduce reads
DEAL_FIELDS = ("game", "board", "deal", "seat", "player", "hand_hi", "trumps_held", "oudlers_held", "kings_held",
               "bid", "role", "contract", "dog_oudlers", "dog_kings", "taker_trumps", "taker_oudlers", "made",
               "margin", "handful", "points", "redeals")
EXCUSE_HI_BIT = 77 - 64          # the Excuse (card 77) in ``hand_hi``
ROLE_NAMES = ("defender", "taker", "partner")
# hand strength for the bid tables: trumps held, in ranges (3 players hold more: the last is open)
TRUMP_RANGES = ((0, 2), (3, 5), (6, 8), (9, 11), (12, 99))

QUESTIONS = ("Bid accuracy", "Trump odds", "Scoring balance")


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
        "contracts": group_sums({k: per_deal[k] for k in KEYS["contracts"]},
                                {"made": per_deal["made"], "margin_sum": per_deal["margin"],
                                 "margin_sq": square(per_deal["margin"]), "side_sum": side,
                                 "side_sq": square(side), "redeals": per_deal["redeals"]}),
        "margins": group_sums({k: per_deal[k] for k in KEYS["margins"]}),
        "roles": group_sums({k: d[k] for k in KEYS["roles"]},
                            {"points_sum": d["points"], "points_sq": square(d["points"])}, scratch=scratch),
        "bids": group_sums({k: d[k] for k in KEYS["bids"]}, scratch=scratch),
        "handfuls": group_sums({k: d[k] for k in KEYS["handfuls"]}, scratch=scratch),
        "taker_trumps": group_sums({k: per_deal[k] for k in KEYS["taker_trumps"]}),
        "holdings": group_sums({k: dealt[k] for k in KEYS["holdings"]},
                               scratch=scratch if rotations == 1 else None),
        "dogs": group_sums({k: dealt_once[k] for k in KEYS["dogs"]}),
        **balance.reduce(records["games"], study),
    }


def combine(cubes) -> dict[str, pd.DataFrame]:
    """Add cubes (of chunks, or of earlier combinations): canonical and associative."""
    return combine_cubes(cubes, KEYS)


# -- cube -> tables ------------------------------------------------------------------------

def contract_labels(contracts) -> pd.Categorical:
    return pd.Categorical([CONTRACT_NAMES[int(c)] for c in contracts], categories=list(CONTRACT_NAMES[1:]))


def trump_range(trumps) -> pd.Categorical:
    """Trumps held as a range ("0–2", …, "12+")."""
    names = [f"{lo}–{hi}" if hi < 99 else f"{lo}+" for lo, hi in TRUMP_RANGES]
    index = [next(i for i, (lo, hi) in enumerate(TRUMP_RANGES) if lo <= int(t) <= hi) for t in trumps]
    return pd.Categorical([names[i] for i in index], categories=names)


def tables(cube: dict, manifest: dict) -> dict[str, pd.DataFrame]:
    """Labelled tables answering the three questions, every estimate with a 95 % interval.

    Estimates come as three columns ``x, x_lo, x_hi``; rates and shares are
    fractions (0.412, not 41.2), with Wilson intervals; means have Student t
    intervals. The intervals treat the deals (hands) they count as
    independent; deals of one game, and the rotations of a duplicate board,
    are not quite, so they are somewhat narrow. Tables the report shows carry
    ``attrs`` (question, title, show, note).
    """
    lineup = Lineup(manifest["study"])
    return {**bid_tables(cube, lineup), **trump_tables(cube, lineup), **balance_tables(cube, lineup)}


def _contracts(cube: dict) -> pd.DataFrame:
    deals = cube["contracts"].copy()
    deals["contract"] = contract_labels(deals["contract"])
    return deals


def _success(df: pd.DataFrame, by) -> pd.DataFrame:
    return made_rate(df, by, made_counted=True)


def bid_tables(cube: dict, lineup: Lineup) -> dict[str, pd.DataFrame]:
    """Bid accuracy: contracts made by contract and oudlers, the margin, bids by hand strength."""
    q, out = QUESTIONS[0], {}
    deals = _contracts(cube)
    out["contract_success_by_contract"] = tag(_success(deals, ["contract"]), q, "Contracts made, by contract",
                                              "terminal")
    dealt = _success(deals, ["contract", "oudlers_dealt"]).rename(columns={"oudlers_dealt": "oudlers"})
    at_end = _success(deals, ["contract", "taker_oudlers"]).rename(columns={"taker_oudlers": "oudlers"})
    both = pd.concat([dealt.assign(counted="dealt to the taker"), at_end.assign(counted="the taker's side at the end")],
                     ignore_index=True)
    both = both[["counted", *[c for c in both.columns if c != "counted"]]]
    out["contract_success_by_oudlers"] = tag(
        both, q, "Contracts made, by contract and oudlers", "report",
        "counted: the oudlers in the taker's hand as dealt, or those of the taker's side at the end "
        "(the target follows the latter: 56, 51, 41, 36 points for 0 … 3)")
    takers = lineup.label(deals.rename(columns={"taker_player": "player"}))
    out["contract_success_by_player"] = tag(_success(takers, ["player", "strategy", "contract"]), q,
                                            "Contracts made, by taker and contract", "report")

    margins = cube["margins"].copy()
    margins["contract"] = contract_labels(margins["contract"])
    dist = sum_by(margins, ["contract", "margin"], ["n"]).rename(columns={"n": "deals"})
    out["margin_distribution"] = tag(share_within(dist, ["contract"], "deals"), q,
                                     "The taker's margin, by contract (share of the contract's deals)", "csv",
                                     "margin = points above the target (made) or below it (failed, negative)")
    moments = sum_by(deals, ["contract"], ["n", "margin_sum", "margin_sq"]).rename(columns={"n": "deals"})
    moments = with_mean(moments[moments["deals"] > 0], "deals", "margin_sum", "margin_sq", "mean_margin")
    out["margin_by_contract"] = tag(moments.merge(_quantiles(dist, "contract", "margin"), on="contract"), q,
                                    "The taker's margin, by contract", "report",
                                    "margin = points above the target (made) or below it (failed, negative)")

    bids = lineup.label(cube["bids"].copy())
    bids["bid"] = pd.Categorical([CONTRACT_NAMES[int(b)] for b in bids["bid"]], categories=list(CONTRACT_NAMES))
    overall = sum_by(bids, ["strategy", "bid"], ["n"]).rename(columns={"n": "hands"})
    out["bids_by_strategy"] = tag(share_within(overall, ["strategy"], "hands"), q, "Bids made, by strategy",
                                  "report", "hands: hands of played deals (a deal every player passed is not recorded)")
    bids["trumps"] = trump_range(bids["trumps_held"])
    strength = sum_by(bids, ["strategy", "oudlers_held", "trumps", "bid"], ["n"]).rename(columns={"n": "hands"})
    out["bids_by_hand_strength"] = tag(
        share_within(strength, ["strategy", "oudlers_held", "trumps"], "hands"), q,
        "Bids by hand strength: oudlers and trumps dealt", "csv",
        "share: of the hands with these oudlers and trumps (the Excuse not counted among trumps)")
    return out


def _quantiles(dist: pd.DataFrame, group: str, value: str) -> pd.DataFrame:
    """min, p05, p25, median, p75, p95, max of ``value`` per ``group`` from a (value → deals) histogram."""
    rows = []
    for key, part in dist.groupby(group, observed=True, sort=True):
        part = part.groupby(value)["deals"].sum()
        cum = part.cumsum().to_numpy()
        total = int(cum[-1])
        # lower quantile: the smallest value with at least q·n deals at or below it
        q = {name: int(part.index[np.searchsorted(cum, p * total)])
             for name, p in (("p05", 0.05), ("p25", 0.25), ("median", 0.5), ("p75", 0.75), ("p95", 0.95))}
        rows.append({group: key, "min": int(part.index[0]), **q, "max": int(part.index[-1])})
    return pd.DataFrame(rows, columns=[group, "min", "p05", "p25", "median", "p75", "p95", "max"])


def trump_tables(cube: dict, lineup: Lineup) -> dict[str, pd.DataFrame]:
    """Trump odds: trumps and oudlers dealt, handfuls, the dog, the taker's trumps after the dog."""
    q, out = QUESTIONS[1], {}
    held = cube["holdings"]
    for col, what in (("trumps_held", "trumps (the Excuse not counted)"), ("oudlers_held", "oudlers")):
        odds = sum_by(held, ["players", col], ["n"]).rename(columns={"n": "hands"})
        out[f"{col}_odds"] = tag(share_within(odds, ["players"], "hands"), q, f"Odds of holding k {what}",
                                 "report" if col == "oudlers_held" else "csv")
    out["handful_odds"] = tag(_handful_odds(held), q, "Odds of being dealt a handful", "report",
                              "held: hands dealt at least the handful's trumps (the Excuse counting as one); "
                              "the taker may reach one with the dog")
    shown = lineup.label(cube["handfuls"].copy())
    shown["role"] = pd.Categorical([ROLE_NAMES[int(r)] for r in shown["role"]], categories=list(ROLE_NAMES))
    shown["handful"] = pd.Categorical([HANDFUL_NAMES[int(h)] for h in shown["handful"]],
                                      categories=list(HANDFUL_NAMES))
    shown = sum_by(shown, ["strategy", "role", "handful"], ["n"]).rename(columns={"n": "hands"})
    out["handful_shown"] = tag(share_within(shown, ["strategy", "role"], "hands"), q, "Handfuls shown, by role",
                               "csv", "handful none: no handful shown")

    dogs = cube["dogs"]
    parts = []
    for col, card in (("dog_oudlers", "oudlers"), ("dog_kings", "Kings")):
        part = sum_by(dogs, ["players", col], ["n"]).rename(columns={"n": "deals", col: "in_dog"})
        parts.append(share_within(part, ["players"], "deals").assign(card=card))
    dog = pd.concat(parts, ignore_index=True)
    out["dog_odds"] = tag(dog[["players", "card", "in_dog", "deals", "share", "share_lo", "share_hi"]], q,
                          "Odds that the dog holds k oudlers or Kings", "csv",
                          "in_dog: oudlers (Kings) in the dog as dealt, in played deals")
    rows = []
    for col, card in (("dog_oudlers", "oudlers"), ("dog_kings", "Kings")):
        part = dogs.assign(any=np.where(dogs[col] > 0, dogs["n"], 0))
        part = sum_by(part, ["players"], ["n", "any"]).rename(columns={"n": "deals", "any": "with_any"})
        rows.append(part.assign(card=card))
    any_card = pd.concat(rows, ignore_index=True)[["players", "card", "deals", "with_any"]]
    out["dog_any_odds"] = tag(with_rate(any_card, "with_any", "deals", "any_rate"), q,
                              "Odds that the dog holds an oudler, a King", "report",
                              "with_any: deals whose dog holds at least one")

    taker = cube["taker_trumps"].copy()
    taker["contract"] = contract_labels(taker["contract"])
    add_moments(add_moments(taker, "trumps_dealt"), "taker_trumps")
    means = sum_by(taker, ["contract"], ["n", "trumps_dealt_x", "trumps_dealt_xx", "taker_trumps_x",
                                         "taker_trumps_xx"]).rename(columns={"n": "deals"})
    means = means[means["deals"] > 0]
    means = with_mean(means, "deals", "trumps_dealt_x", "trumps_dealt_xx", "mean_trumps_dealt")
    out["taker_trumps_by_contract"] = tag(
        with_mean(means, "deals", "taker_trumps_x", "taker_trumps_xx", "mean_taker_trumps"), q,
        "The taker's trumps as dealt and after the dog", "report",
        "after the dog: with the dog taken and the discard made (Take, Guard); Guard Without and "
        "Guard Against leave the hand as dealt; the Excuse not counted")
    dist = sum_by(taker, ["contract", "taker_trumps"], ["n"]).rename(columns={"n": "deals"})
    out["taker_trumps_odds"] = tag(share_within(dist, ["contract"], "deals"), q,
                                   "The taker's trumps after the dog, by contract", "csv")
    return out


def _handful_odds(held: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for players, part in held.groupby("players", sort=True):
        trumps = part["trumps_held"] + part["excuse_held"]
        hands = int(part["n"].sum())
        for level, name in enumerate(HANDFUL_NAMES[1:]):
            need = int(HANDFUL_TRUMPS[int(players) - 3][level])
            rows.append({"players": int(players), "handful": name, "trumps_needed": need, "hands": hands,
                         "held": int(part["n"][trumps >= need].sum())})
    frame = pd.DataFrame(rows, columns=["players", "handful", "trumps_needed", "hands", "held"])
    return with_rate(frame, "held", "hands", "held_rate")


def balance_tables(cube: dict, lineup: Lineup) -> dict[str, pd.DataFrame]:
    """Scoring balance: the settlement of the taker's side and of a defender, by contract and player count,
    and the shared tables of :mod:`analysis.balance`."""
    q = QUESTIONS[2]
    out = {}
    deals = _contracts(cube)
    side = sum_by(deals, ["contract"], ["n", "made", "side_sum", "side_sq"]).rename(columns={"n": "deals"})
    side = with_mean(with_rate(side[side["deals"] > 0], "made", "deals", "made_rate"), "deals", "side_sum",
                     "side_sq", "mean_taker_side")
    roles = cube["roles"].copy()
    roles["contract"] = contract_labels(roles["contract"])
    defenders = sum_by(roles[roles["role"] == 0], ["contract"], ["n", "points_sum", "points_sq"])
    defenders = with_mean(defenders.rename(columns={"n": "defender_hands"}), "defender_hands", "points_sum",
                          "points_sq", "mean_defender")
    settlement = side.merge(defenders, on="contract", how="left")
    out["settlement_by_contract"] = tag(
        settlement, q, "Settlement per deal: the taker's side against a defender, by contract", "terminal",
        "mean_taker_side: the taker's (and partner's) settlement of a deal; mean_defender: one defender's; "
        "the settlements of a deal add up to 0")
    by_role = lineup.label(roles)
    by_role["role"] = pd.Categorical([ROLE_NAMES[int(r)] for r in by_role["role"]], categories=list(ROLE_NAMES))
    by_role = sum_by(by_role, ["strategy", "role"], ["n", "points_sum", "points_sq"]).rename(columns={"n": "hands"})
    out["settlement_by_role"] = tag(with_mean(by_role[by_role["hands"] > 0], "hands", "points_sum", "points_sq",
                                              "mean_points"), q, "Settlement per deal, by strategy and role",
                                    "report")
    per_count = sum_by(cube["contracts"], ["players"], ["n", "made", "side_sum", "side_sq", "redeals"])
    per_count = per_count[per_count["n"] > 0].rename(columns={"n": "deals"})
    per_count = with_mean(with_rate(per_count, "made", "deals", "made_rate"), "deals", "side_sum", "side_sq",
                          "mean_taker_side")
    per_count["redeals_per_deal"] = per_count["redeals"] / per_count["deals"]
    out["deals_by_players"] = tag(per_count, q, "Contracts made and the taker's settlement, by player count",
                                  "report", "redeals: deals dealt again (all passed, petit sec) before the "
                                  "played deals; a run has one player count: compare runs by this table")
    out.update(balance.tables(cube, lineup, q, SCORING))
    return out


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
