"""The plain-language summary of a Pitch run (see :mod:`analysis.pitch` for the tables it reads).

A few sentences per question, each number with its 95 % interval, worded
with :mod:`analysis.words` as in every game's report.
"""
from __future__ import annotations

import pandas as pd

from sim.errors import counted

from . import balance
from .words import percent, points, with_interval


def summary(tabs: dict, study: dict, variant: str, scoring: balance.Scoring, questions) -> dict[str, list[str]]:
    return dict(zip(questions, (_bids(tabs, variant), _trumps(tabs, variant),
                                _balance(tabs, study, scoring))))


def _bids(tabs: dict, variant: str) -> list[str]:
    side = "the pitcher" if variant == "auction" else "the bidding team"
    lines = [f"{r['strategy']} bidding {int(r['contract'])}: made {with_interval(r, 'made_rate')} of "
             f"{counted(int(r['deals']), 'contract')}, {side} taking {with_interval(r, 'mean_points', _two)} points."
             for _, r in tabs["contract_success"].iterrows()]
    forced = tabs["forced_bids"]
    forced = forced[forced["bidding"] == "forced on the dealer"]
    for _, r in forced.iterrows():
        lines.append(f"{r['strategy']} as the dealer was forced to bid in {with_interval(r, 'share')} of its "
                     f"contracts and made {with_interval(r, 'made_rate')} of those.")
    by_position = tabs["contract_success_by_position"]
    if len(by_position):
        per = by_position.groupby(["position", "order"])[["deals", "made"]].sum()
        lines.append("Bids made by the bidder's position (every strategy and contract): " + ", ".join(
            f"{order} {percent(r.made / r.deals)} of {r.deals:,}" for (_, order), r in per.iterrows()) + ".")
    for _, r in tabs.get("smudges", pd.DataFrame()).iterrows():
        lines.append(f"{r['strategy']} tried {counted(int(r['attempts']), 'smudge')} and made "
                     f"{with_interval(r, 'made_rate')}.")
    return lines


def _trumps(tabs: dict, variant: str) -> list[str]:
    lines = []
    if variant == "auction":
        for _, r in tabs["points_in_play"].iterrows():
            in_play = ("always in play" if r["in_play"] == r["deals"] else
                       f"in play in {with_interval(r, 'in_play_rate')} of deals"
                       + (" (the rest tied)" if r["point"] == "Game" else " (the rest not dealt)"))
            lines.append(f"{r['point']}: {in_play}, won by the pitcher in {with_interval(r, 'pitcher_rate')}.")
    holders = tabs["trump_card_holders"]
    dealt = holders.groupby(["card", "holder"], observed=True)["deals"].sum().reset_index()
    for card, part in dealt.groupby("card", observed=True, sort=True):
        total = part["deals"].sum()
        lines.append(f"The {card} was dealt to " + ", ".join(
            f"{r['holder']} {percent(r['deals'] / total)}" for _, r in part.iterrows()) + f" (of {total:,} deals).")
    jack = holders[holders["card"] == holders["card"].cat.categories[0]] if len(holders) else holders
    for strategy, part in jack.groupby("strategy", observed=True, sort=True):
        lines.append(f"{strategy} made its bids with the {part['card'].iloc[0]} dealt to " + ", ".join(
            f"{r['holder']} in {with_interval(r, 'made_rate')}" for _, r in part.iterrows()) + ".")
    trumps = tabs["bidder_trumps_by_contract"]
    for strategy, part in trumps.groupby("strategy", observed=True, sort=True):
        lines.append(f"{strategy} bidding: mean trumps as dealt, by the bid: " + ", ".join(
            f"{int(r['contract'])}: {with_interval(r, 'mean_trumps_dealt', _two)}" for _, r in part.iterrows())
            + ".")
    made = tabs["made_by_trumps"]
    for strategy, part in made.groupby("strategy", observed=True, sort=True):
        per = part.groupby("trumps_dealt")[["deals", "made"]].sum()
        per = per[per["deals"] >= 10]
        if len(per):
            lines.append(f"{strategy}'s bids made by its trumps as dealt (every contract): " + ", ".join(
                f"{counted(int(k), 'trump')} {percent(r.made / r.deals)}" for k, r in per.iterrows()) + ".")
    if "burned_points" in tabs and len(tabs["burned_points"]):
        t = tabs["burned_points"]
        deals = int(t["deals"].sum())
        trumps, lost = t.loc[t["burned"] > 0, "deals"].sum(), t.loc[t["burned_points"] > 0, "deals"].sum()
        mean = float((t["burned_points"] * t["deals"]).sum()) / deals
        lines.append(f"Trumps were burned in {percent(trumps / deals)} of deals, points in "
                     f"{percent(lost / deals)} ({_two(mean)} points a deal on average, of the 10 in play).")
    return lines


def _two(x, more: int = 0) -> str:
    """Points with two decimals (a deal's points are small numbers)."""
    return points(x, 1 + more)


def _balance(tabs: dict, study: dict, scoring: balance.Scoring) -> list[str]:
    lines = [f"The {r['order']} won the bidding in {with_interval(r, 'bidder_rate')} of deals and its "
             f"score changed by {with_interval(r, 'mean_score', points)} a deal."
             for _, r in tabs["deals_by_position"].iterrows()]
    length = tabs["game_length_summary"]
    if len(length):
        r = length.iloc[0]
        lines.append(f"A game lasted {with_interval(r, 'mean_deals', points)} deals on average "
                     f"(median {int(r['median'])}, 5–95 %: {int(r['p05'])}–{int(r['p95'])})"
                     + (f", with {points(r['redeals_per_game'])} deals dealt again." if r["redeals_per_game"] > 0
                        else "."))
    ends = tabs["game_ends"]
    if len(ends):
        lines.append("Games ended: " + "; ".join(f"{r['how']} {percent(r['share'])}" for _, r in ends.iterrows())
                     + ".")
    if "setbacks_by_strategy" in tabs and len(tabs["setbacks_by_strategy"]):
        lines.append("Set back in a game: " + ", ".join(
            f"{r['strategy']} {with_interval(r, 'mean_setbacks', _two)} times" for _, r in
            tabs["setbacks_by_strategy"].iterrows()) + ".")
    return lines + balance.summary(tabs, study, scoring)
