"""The tables of a French Tarot run, from the cube of :mod:`analysis.tarot`: bid accuracy (contracts
made, the margin, bids by hand strength), trump odds (trumps, oudlers, handfuls, the dog) and the
scoring balance (the settlement), every estimate with its 95 % interval.

Most tables are declared (:class:`analysis.spec.Table`) over the cube's tables
and the frames derived from them (``FRAMES``); the few that are the game's own
(two counts one above the other, a mean beside its quantiles, the handfuls
dealt) are functions, placed among the declared ones by :class:`Own`.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from sim.games.tarot.replay import CONTRACT_NAMES, HANDFUL_NAMES
from sim.games.tarot.rules_nb import HANDFUL_TRUMPS

from . import balance
from .common import Lineup, add_moments, sum_by, tag, with_mean, with_rate
from .spec import Frames, Mean, Own, Rate, Share, Table, build, made_rate, mean_of, positive

SCORING = balance.Scoring("game total")
QUESTIONS = ("Bid accuracy", "Trump odds", "Scoring balance")
ROLE_NAMES = ("defender", "taker", "partner")
# hand strength for the bid tables: trumps held, in ranges (3 players hold more: the last is open)
TRUMP_RANGES = ((0, 2), (3, 5), (6, 8), (9, 11), (12, 99))


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
    frames = Frames(cube, lineup, FRAMES)
    return {**build(BID_TABLES + TRUMP_TABLES + SETTLEMENT_TABLES, frames),
            **balance.tables(cube, lineup, QUESTIONS[2], SCORING)}


# -- derived frames: what the tables read beside the cube's own tables ------------------------------

def _contracts(cube: dict, lineup: Lineup) -> pd.DataFrame:
    deals = cube["contracts"].copy()
    deals["contract"] = contract_labels(deals["contract"])
    return deals


def _takers(cube: dict, lineup: Lineup) -> pd.DataFrame:
    return lineup.label(_contracts(cube, lineup).rename(columns={"taker_player": "player"}))


def _margins(cube: dict, lineup: Lineup) -> pd.DataFrame:
    margins = cube["margins"].copy()
    margins["contract"] = contract_labels(margins["contract"])
    return margins


def _bids(cube: dict, lineup: Lineup) -> pd.DataFrame:
    bids = lineup.label(cube["bids"].copy())
    bids["bid"] = pd.Categorical([CONTRACT_NAMES[int(b)] for b in bids["bid"]], categories=list(CONTRACT_NAMES))
    bids["trumps"] = trump_range(bids["trumps_held"])
    return bids


def _handfuls(cube: dict, lineup: Lineup) -> pd.DataFrame:
    shown = lineup.label(cube["handfuls"].copy())
    shown["role"] = pd.Categorical([ROLE_NAMES[int(r)] for r in shown["role"]], categories=list(ROLE_NAMES))
    shown["handful"] = pd.Categorical([HANDFUL_NAMES[int(h)] for h in shown["handful"]],
                                      categories=list(HANDFUL_NAMES))
    return shown


def _taker_trumps(cube: dict, lineup: Lineup) -> pd.DataFrame:
    taker = cube["taker_trumps"].copy()
    taker["contract"] = contract_labels(taker["contract"])
    return add_moments(add_moments(taker, "trumps_dealt"), "taker_trumps")


def _roles(cube: dict, lineup: Lineup) -> pd.DataFrame:
    roles = cube["roles"].copy()
    roles["contract"] = contract_labels(roles["contract"])
    return roles


def _labelled_roles(cube: dict, lineup: Lineup) -> pd.DataFrame:
    roles = lineup.label(_roles(cube, lineup))
    roles["role"] = pd.Categorical([ROLE_NAMES[int(r)] for r in roles["role"]], categories=list(ROLE_NAMES))
    return roles


FRAMES = {"deals": _contracts, "takers": _takers, "labelled_margins": _margins, "labelled_bids": _bids,
          "labelled_handfuls": _handfuls, "labelled_taker_trumps": _taker_trumps, "labelled_roles": _labelled_roles,
          "contract_roles": _roles}


# -- the game's own tables -----------------------------------------------------------------------

def _success(df: pd.DataFrame, by) -> pd.DataFrame:
    return made_rate(df, by, made_counted=True)


def success_by_oudlers(frames: Frames) -> pd.DataFrame:
    """Contracts made by contract and oudlers, the oudlers counted as dealt and at the end, one above the other."""
    deals = frames["deals"]
    dealt = _success(deals, ["contract", "oudlers_dealt"]).rename(columns={"oudlers_dealt": "oudlers"})
    at_end = _success(deals, ["contract", "taker_oudlers"]).rename(columns={"taker_oudlers": "oudlers"})
    both = pd.concat([dealt.assign(counted="dealt to the taker"), at_end.assign(counted="the taker's side at the end")],
                     ignore_index=True)
    both = both[["counted", *[c for c in both.columns if c != "counted"]]]
    return tag(both, QUESTIONS[0], "Contracts made, by contract and oudlers", "report",
               "counted: the oudlers in the taker's hand as dealt, or those of the taker's side at the end "
               "(the target follows the latter: 56, 51, 41, 36 points for 0 … 3)")


MARGIN_NOTE = "margin = points above the target (made) or below it (failed, negative)"


def margin_by_contract(frames: Frames) -> pd.DataFrame:
    """The mean margin by contract with its quantiles."""
    dist = sum_by(frames["labelled_margins"], ["contract", "margin"], ["n"]).rename(columns={"n": "deals"})
    moments = sum_by(frames["deals"], ["contract"], ["n", "margin_sum", "margin_sq"]).rename(columns={"n": "deals"})
    moments = with_mean(moments[moments["deals"] > 0], "deals", "margin_sum", "margin_sq", "mean_margin")
    return tag(moments.merge(_quantiles(dist, "contract", "margin"), on="contract"), QUESTIONS[0],
               "The taker's margin, by contract", "report", MARGIN_NOTE)


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


def handful_odds(frames: Frames) -> pd.DataFrame:
    """Hands dealt at least each handful's trumps, per player count."""
    rows = []
    for players, part in frames["holdings"].groupby("players", sort=True):
        trumps = part["trumps_held"] + part["excuse_held"]
        hands = int(part["n"].sum())
        for level, name in enumerate(HANDFUL_NAMES[1:]):
            need = int(HANDFUL_TRUMPS[int(players) - 3][level])
            rows.append({"players": int(players), "handful": name, "trumps_needed": need, "hands": hands,
                         "held": int(part["n"][trumps >= need].sum())})
    frame = pd.DataFrame(rows, columns=["players", "handful", "trumps_needed", "hands", "held"])
    return tag(with_rate(frame, "held", "hands", "held_rate"), QUESTIONS[1], "Odds of being dealt a handful",
               "report", "held: hands dealt at least the handful's trumps (the Excuse counting as one); "
               "the taker may reach one with the dog")


_DOG_CARDS = (("dog_oudlers", "oudlers"), ("dog_kings", "Kings"))


def dog_odds(frames: Frames) -> pd.DataFrame:
    """The oudlers and the Kings in the dog, one distribution above the other."""
    dogs, parts = frames["dogs"], []
    for col, card in _DOG_CARDS:
        part = sum_by(dogs, ["players", col], ["n"]).rename(columns={"n": "deals", col: "in_dog"})
        parts.append(Share("deals", ("players",))(part).assign(card=card))
    dog = pd.concat(parts, ignore_index=True)
    return tag(dog[["players", "card", "in_dog", "deals", "share", "share_lo", "share_hi"]], QUESTIONS[1],
               "Odds that the dog holds k oudlers or Kings", "csv",
               "in_dog: oudlers (Kings) in the dog as dealt, in played deals")


def dog_any_odds(frames: Frames) -> pd.DataFrame:
    """Deals whose dog holds an oudler, a King."""
    dogs, rows = frames["dogs"], []
    for col, card in _DOG_CARDS:
        part = dogs.assign(any=np.where(dogs[col] > 0, dogs["n"], 0))
        part = sum_by(part, ["players"], ["n", "any"]).rename(columns={"n": "deals", "any": "with_any"})
        rows.append(part.assign(card=card))
    any_card = pd.concat(rows, ignore_index=True)[["players", "card", "deals", "with_any"]]
    return tag(with_rate(any_card, "with_any", "deals", "any_rate"), QUESTIONS[1],
               "Odds that the dog holds an oudler, a King", "report", "with_any: deals whose dog holds at least one")


def settlement_by_contract(frames: Frames) -> pd.DataFrame:
    """The taker's side's settlement beside a defender's, by contract."""
    side = sum_by(frames["deals"], ["contract"], ["n", "made", "side_sum", "side_sq"]).rename(columns={"n": "deals"})
    side = with_mean(with_rate(side[side["deals"] > 0], "made", "deals", "made_rate"), "deals", "side_sum",
                     "side_sq", "mean_taker_side")
    roles = frames["contract_roles"]
    defenders = sum_by(roles[roles["role"] == 0], ["contract"], ["n", "points_sum", "points_sq"])
    defenders = with_mean(defenders.rename(columns={"n": "defender_hands"}), "defender_hands", "points_sum",
                          "points_sq", "mean_defender")
    return tag(side.merge(defenders, on="contract", how="left"), QUESTIONS[2],
               "Settlement per deal: the taker's side against a defender, by contract", "terminal",
               "mean_taker_side: the taker's (and partner's) settlement of a deal; mean_defender: one defender's; "
               "the settlements of a deal add up to 0")


def _redeals_per_deal(df: pd.DataFrame) -> pd.DataFrame:
    df["redeals_per_deal"] = df["redeals"] / df["deals"]
    return df


# -- the tables, declared ----------------------------------------------------------------------------

MADE = (positive("deals"), Rate("made_rate", "made", "deals"))
ODDS_OF = {"trumps_held": "trumps (the Excuse not counted)", "oudlers_held": "oudlers"}

BID_TABLES = [
    Table("contract_success_by_contract", QUESTIONS[0], "Contracts made, by contract", "terminal", frame="deals",
          by=("contract",), sums=("n", "made"), counted="deals", steps=MADE),
    Own("contract_success_by_oudlers", success_by_oudlers),
    Table("contract_success_by_player", QUESTIONS[0], "Contracts made, by taker and contract", "report",
          frame="takers", by=("player", "strategy", "contract"), sums=("n", "made"), counted="deals", steps=MADE),
    Table("margin_distribution", QUESTIONS[0], "The taker's margin, by contract (share of the contract's deals)",
          "csv", MARGIN_NOTE, frame="labelled_margins", by=("contract", "margin"), counted="deals",
          steps=(Share("deals", ("contract",)),)),
    Own("margin_by_contract", margin_by_contract),
    Table("bids_by_strategy", QUESTIONS[0], "Bids made, by strategy", "report",
          "hands: hands of played deals (a deal every player passed is not recorded)", frame="labelled_bids",
          by=("strategy", "bid"), counted="hands", steps=(Share("hands", ("strategy",)),)),
    Table("bids_by_hand_strength", QUESTIONS[0], "Bids by hand strength: oudlers and trumps dealt", "csv",
          "share: of the hands with these oudlers and trumps (the Excuse not counted among trumps)",
          frame="labelled_bids", by=("strategy", "oudlers_held", "trumps", "bid"), counted="hands",
          steps=(Share("hands", ("strategy", "oudlers_held", "trumps")),)),
]

TRUMP_TABLES = [
    *(Table(f"{col}_odds", QUESTIONS[1], f"Odds of holding k {what}", "report" if col == "oudlers_held" else "csv",
            frame="holdings", by=("players", col), counted="hands", steps=(Share("hands", ("players",)),))
      for col, what in ODDS_OF.items()),
    Own("handful_odds", handful_odds),
    Table("handful_shown", QUESTIONS[1], "Handfuls shown, by role", "csv", "handful none: no handful shown",
          frame="labelled_handfuls", by=("strategy", "role", "handful"), counted="hands",
          steps=(Share("hands", ("strategy", "role")),)),
    Own("dog_odds", dog_odds),
    Own("dog_any_odds", dog_any_odds),
    Table("taker_trumps_by_contract", QUESTIONS[1], "The taker's trumps as dealt and after the dog", "report",
          "after the dog: with the dog taken and the discard made (Take, Guard); Guard Without and "
          "Guard Against leave the hand as dealt; the Excuse not counted",
          frame="labelled_taker_trumps", by=("contract",),
          sums=("n", "trumps_dealt_x", "trumps_dealt_xx", "taker_trumps_x", "taker_trumps_xx"), counted="deals",
          steps=(positive("deals"), mean_of("trumps_dealt", "deals"), mean_of("taker_trumps", "deals"))),
    Table("taker_trumps_odds", QUESTIONS[1], "The taker's trumps after the dog, by contract", "csv",
          frame="labelled_taker_trumps", by=("contract", "taker_trumps"), counted="deals",
          steps=(Share("deals", ("contract",)),)),
]

SETTLEMENT_TABLES = [
    Own("settlement_by_contract", settlement_by_contract),
    Table("settlement_by_role", QUESTIONS[2], "Settlement per deal, by strategy and role", "report",
          frame="labelled_roles", by=("strategy", "role"), sums=("n", "points_sum", "points_sq"), counted="hands",
          steps=(positive("hands"), Mean("mean_points", "hands", "points_sum", "points_sq"))),
    Table("deals_by_players", QUESTIONS[2], "Contracts made and the taker's settlement, by player count", "report",
          "redeals: deals dealt again (all passed, petit sec) before the played deals; a run has one player count: "
          "compare runs by this table", frame="contracts", by=("players",),
          sums=("n", "made", "side_sum", "side_sq", "redeals"), counted="deals",
          steps=(*MADE, Mean("mean_taker_side", "deals", "side_sum", "side_sq"), _redeals_per_deal)),
]
