"""The tables of a Jass run (Schieber and Differenzler), from the cube of :mod:`analysis.jass`:
trump odds, the Weis, bid accuracy (Differenzler's predictions) and the scoring balance, every
estimate with its 95 % interval.

Schieber's trump tables are declared here (:class:`analysis.spec.Table`), Differenzler's in
:mod:`analysis.jass_differenzler`; the few that are the game's own (a labelled player column
last, a note read from the run's options, two teams side by side, the claims) are functions,
placed among the declared ones by :class:`Own`."""
from __future__ import annotations

import numpy as np
import pandas as pd

from sim.games.jass.cards import MODE_NAMES
from sim.games.jass.records import END_CLAIM_RIGHT, END_CLAIM_WRONG, END_KINDS

from . import balance, jass_differenzler
from .common import Lineup, add_moments, share_within, sum_by, tag, with_mean, with_rate
from .jass_terms import QUESTIONS, ROLES, SCORING, variant_of
from .spec import Frames, Mean, Own, Rate, Share, Table, build, drop, length_summary, mean_of


# -- labels ------------------------------------------------------------------------------

def mode_labels(modes) -> pd.Categorical:
    return pd.Categorical([MODE_NAMES[int(m)] for m in modes], categories=list(MODE_NAMES))


# -- cube -> tables ------------------------------------------------------------------------

def tables(cube: dict, manifest: dict) -> dict[str, pd.DataFrame]:
    """Labelled tables answering the questions of the run's variant, every estimate with its 95 % interval.

    Estimates come as three columns ``x, x_lo, x_hi``; rates and shares are
    fractions. Rate intervals are Wilson intervals, mean intervals Student t,
    paired comparisons t intervals of the per-board differences. A win rate
    is the mean win share (a shared Differenzler win counts 1/k).

    The intervals treat the rows they count (deals, hands, games) as
    independent. Deals of one game, and the rotations of a duplicate board,
    are not quite, so those intervals are somewhat narrow; the paired
    comparisons are exact in this respect (one observation per board).
    """
    lineup = Lineup(manifest["study"])
    if variant_of(lineup.study) == "schieber":
        return {**build(SCHIEBER_TRUMP_TABLES, Frames(cube, lineup, SCHIEBER_FRAMES)),
                **schieber_balance_tables(cube, lineup)}
    frames = Frames(cube, lineup, jass_differenzler.FRAMES)
    return {**build(jass_differenzler.TABLES, frames),
            **balance_tables(cube, lineup, QUESTIONS["differenzler"][2])}


# -- Schieber: trump odds ------------------------------------------------------------------

def _deals(cube) -> pd.DataFrame:
    """The ``s_deals`` cube table with each mode's name as ``mode_name`` beside its number."""
    deals = cube["s_deals"].copy()
    deals["mode_name"] = mode_labels(deals["mode"])
    return deals


def _named_modes(df: pd.DataFrame) -> pd.DataFrame:
    """The table with its mode numbers dropped and ``mode_name`` shown as ``mode``."""
    return df.drop(columns="mode").rename(columns={"mode_name": "mode"})


def _chooser(pushed) -> np.ndarray:
    """Who chose the mode of a deal, from whether the first hand pushed."""
    return np.where(pushed == 1, "partner after a push", "first hand")


def _trump_deals(cube: dict, lineup: Lineup) -> pd.DataFrame:
    """``s_deals`` with the mode's name, the pushes counted and who chose (``chooser``)."""
    deals = _deals(cube)
    return deals.assign(pushes=deals["n"] * deals["pushed"], chooser=_chooser(deals["pushed"]))


def _suit_seats(cube: dict, lineup: Lineup) -> pd.DataFrame:
    """``s_seats`` of the deals with a trump suit, roles named, with the moments of the trumps held."""
    seats = cube["s_seats"]
    suit = seats[seats["suit_mode"] == 1].copy()
    suit["role"] = pd.Categorical([ROLES[r] for r in suit["role"]], categories=list(ROLES))
    return add_moments(suit, "trumps_held")


def _weis(cube: dict, lineup: Lineup) -> pd.DataFrame:
    weis = cube["s_weis"].copy()
    weis["held"] = weis["n"].where(weis["weis_held"] > 0, 0)
    weis["declared_n"] = weis["n"] * weis["declared"]
    weis["scored_n"] = weis["n"] * weis["scored"]
    weis["stoeck_n"] = weis["n"] * weis["stoeck"]
    weis["suit_hands"] = weis["n"] * weis["suit_mode"]
    return weis


def _team_weis(cube: dict, lineup: Lineup) -> pd.DataFrame:
    team = cube["s_team_weis"].copy()
    team["side"] = np.where(team["declaring"] == 1, "declaring team", "defenders")
    team["weis_n"] = team["n"].where(team["weis"] > 0, 0)
    team["stoeck_n"] = team["n"] * team["stoeck"]
    return add_moments(team, "weis")


SCHIEBER_FRAMES = {"deals": _trump_deals, "suit_seats": _suit_seats, "weis": _weis, "team_weis": _team_weis}


def push_rate_by_player(frames: Frames) -> pd.DataFrame:
    deals = frames["deals"]
    pushes = sum_by(deals, ["first_player"], ["n", "pushes"])
    pushes = with_rate(pushes.rename(columns={"n": "deals"}), "pushes", "deals", "push_rate")
    return tag(frames.lineup.label(pushes.rename(columns={"first_player": "player"})), QUESTIONS["schieber"][0],
               "Pushes of the first hand, by player", "terminal",
               "deals: deals the player was first hand (chose or pushed)")


def modes_by_player(frames: Frames) -> pd.DataFrame:
    by_player = sum_by(frames["deals"], ["chooser_player", "mode", "mode_name"], ["n"]).rename(
        columns={"n": "deals"})
    by_player = share_within(by_player, ["chooser_player"], "deals")
    by_player = frames.lineup.label(_named_modes(by_player).rename(columns={"chooser_player": "player"}))
    return tag(by_player, QUESTIONS["schieber"][0], "Modes chosen by each player (share of the player's choices)",
               "report")


def declarer_points_by_player(frames: Frames) -> pd.DataFrame:
    deals = frames["deals"]
    whole = deals[deals["complete"] == 1]
    by_chooser = frames.lineup.label(_declarer_points(sum_by(whole, ["chooser_player"], POINT_COLUMNS))
                                     .rename(columns={"chooser_player": "player"}))
    return tag(by_chooser, QUESTIONS["schieber"][0], "The declaring team's points by the player who chose",
               "report", POINTS_NOTE)


POINT_COLUMNS = ["n", "decl_points_sum", "decl_points_sq", "decl_counted_sum", "decl_counted_sq", "over_half",
                 "outscored", "decl_match", "def_match"]
POINTS_NOTE = ("complete deals; card points of 157, raw = card points + Weis + Stöck + match before the "
               "multiplier, counted = raw × multiplier; over half: the declaring team took ≥ 79 card points")


def _complete(df: pd.DataFrame) -> pd.Series:
    return df["complete"] == 1


_DECLARER_RATES = {"over_half": "over_half_rate", "outscored": "outscore_rate", "decl_match": "match_rate",
                   "def_match": "defender_match_rate"}


def _declarer_points(df: pd.DataFrame, raw: bool = False, rates=tuple(_DECLARER_RATES)) -> pd.DataFrame:
    """Means of the declaring team's points and the ``rates`` (counts of ``s_deals``), per row of summed
    ``s_deals`` columns; ``raw`` adds the points before the multiplier (rows of one mode only)."""
    df = df[df["n"] > 0].rename(columns={"n": "deals"}).copy()
    df = with_mean(df, "deals", "decl_points_sum", "decl_points_sq", "mean_card_points")
    if raw:
        # the multiplier is one number per mode in a run, so raw = counted / multiplier exactly
        m = df["multiplier"].astype(np.float64)
        df["raw_sum"], df["raw_sq"] = df["decl_counted_sum"] / m, df["decl_counted_sq"] / (m * m)
        df = with_mean(df, "deals", "raw_sum", "raw_sq", "mean_raw_points")
    df = with_mean(df, "deals", "decl_counted_sum", "decl_counted_sq", "mean_counted_points")
    for count in rates:
        df = with_rate(df, count, "deals", _DECLARER_RATES[count])
    return df.drop(columns=list(_DECLARER_RATES))


def _per_hand(df: pd.DataFrame) -> pd.DataFrame:
    """Weis and Stöck per hand of summed ``s_weis`` rows (see ``_weis``)."""
    part = df.rename(columns={"n": "hands"})
    part = with_rate(part, "held", "hands", "held_rate")
    part = with_rate(part, "declared_n", "held", "declared_rate")
    part = with_rate(part, "scored_n", "held", "scored_rate")
    part = with_mean(part, "hands", "scored_sum", "scored_sq", "mean_weis_scored")
    part = with_rate(part, "stoeck_n", "suit_hands", "stoeck_rate")
    return part.drop(columns=["held", "declared_n", "scored_n", "stoeck_n"])


PER_HAND = ("n", "held", "declared_n", "scored_n", "scored_sum", "scored_sq", "stoeck_n", "suit_hands")
WEIS_NOTE = ("per hand; declared and scored rates are of the hands holding a Weis; mean Weis scored is raw "
             "points per hand; Stöck rate is of hands in a trump-suit deal")


def weis_by_player(frames: Frames) -> pd.DataFrame:
    return tag(frames.lineup.label(_per_hand(sum_by(frames["weis"], ["player"], list(PER_HAND)))),
               QUESTIONS["schieber"][0], "Weis and Stöck by player", "report", WEIS_NOTE)


def _table(name: str, title: str, show: str = "csv", note: str = "", **more) -> Table:
    return Table(name, QUESTIONS["schieber"][0], title, show, note, **more)


SCHIEBER_TRUMP_TABLES = [
    _table("modes", "Modes chosen (share of deals)", "terminal",
           "multiplier: the mode's multiplier under the option `multipliers`", frame="deals",
           by=("mode", "mode_name", "multiplier"), counted="deals", steps=(Share("deals"), _named_modes)),
    Own("push_rate_by_player", push_rate_by_player),
    Own("modes_by_player", modes_by_player),
    _table("modes_by_role", "Modes chosen by the first hand and by its partner after a push", "report",
           frame="deals", by=("chooser", "mode", "mode_name"), counted="deals",
           steps=(Share("deals", ("chooser",)), _named_modes)),
    _table("declarer_points_by_mode", "The declaring team's points by mode", "terminal", POINTS_NOTE, frame="deals",
           rows=_complete, by=("mode", "mode_name", "multiplier"), sums=tuple(POINT_COLUMNS),
           # matches by mode have a table of their own
           steps=(lambda df: _declarer_points(df, raw=True, rates=("over_half",)), _named_modes)),
    _table("declarer_points_by_chooser", "The declaring team's points: first hand or partner after a push", "report",
           POINTS_NOTE, frame="deals", rows=_complete, by=("chooser",), sums=tuple(POINT_COLUMNS),
           steps=(_declarer_points,)),
    Own("declarer_points_by_player", declarer_points_by_player),
    _table("match_rate_by_mode", "Match (all nine tricks) by mode: declaring team and defenders", "report",
           "complete deals; a match adds 100 raw points", frame="deals", rows=_complete, by=("mode", "mode_name"),
           sums=("n", "decl_match", "def_match"), counted="deals",
           rename={"decl_match": "matches", "def_match": "defender_matches"},
           steps=(Rate("match_rate", "matches", "deals"), Rate("defender_match_rate", "defender_matches", "deals"),
                  _named_modes)),
    _table("trumps_held_odds", "Trumps held by the chooser, the partner and a defender (deals with a trump suit)",
           frame="suit_seats", by=("role", "trumps_held"), counted="hands", steps=(Share("hands", ("role",)),)),
    _table("trumps_held_by_role", "Trumps held by role (deals with a trump suit)", "report",
           "each defender counted on his own: the two defenders hold twice this", frame="suit_seats", by=("role",),
           sums=("n", "trumps_held_x", "trumps_held_xx"), counted="hands", steps=(mean_of("trumps_held", "hands"),)),
    _table("points_by_team_trumps", "The declaring team's card points by the trumps the team holds", "report",
           "complete deals with a trump suit; trumps of the chooser and his partner", frame="s_team_trumps",
           by=("team_trumps",), sums=("n", "points_sum", "points_sq", "over_half"), counted="deals",
           steps=(Mean("mean_card_points", "deals", "points_sum", "points_sq"),
                  Rate("over_half_rate", "over_half", "deals"), drop("over_half"))),
    _table("weis_values", "Weis held in a hand, by value: how often, declared, scored", "report",
           "value = raw points of all melds in the hand as dealt (0: no Weis); "
           "declared and scored rates are of the hands holding that value", frame="weis", by=("weis_held",),
           sums=("n", "declared_n", "scored_n"), rename={"weis_held": "value", "n": "hands"},
           steps=(Share("hands"), Rate("declared_rate", "declared_n", "hands"),
                  Rate("scored_rate", "scored_n", "hands"), drop("declared_n", "scored_n"))),
    Own("weis_by_player", weis_by_player),
    _table("weis_by_position", "Weis and Stöck by play position", "csv", WEIS_NOTE, frame="weis", by=("position",),
           sums=PER_HAND, steps=(_per_hand,), order=True),
    _table("weis_by_team", "Weis and Stöck scored by the declaring team and the defenders", "report",
           "per deal; raw points before the multiplier; Stöck rate of all deals", frame="team_weis", by=("side",),
           sums=("n", "weis_n", "weis_x", "weis_xx", "stoeck_n"), counted="deals",
           steps=(Rate("weis_rate", "weis_n", "deals"), Rate("stoeck_rate", "stoeck_n", "deals"),
                  mean_of("weis", "deals", "mean_weis_scored"), drop("weis_n", "stoeck_n"))),
    _table("team_weis_values", "Weis a team scores in a deal, by value (raw points)", frame="team_weis",
           by=("side", "weis"), counted="deals", steps=(Share("deals", ("side",)),)),
]


# -- Schieber: scoring balance ------------------------------------------------------------

def schieber_balance_tables(cube: dict, lineup: Lineup) -> dict[str, pd.DataFrame]:
    """The first hand's advantage, points by position, counted points by mode, and the shared tables."""
    q, out = QUESTIONS["schieber"][1], {}
    deals = _deals(cube)
    whole = deals[deals["complete"] == 1]
    sums = whole[["n", "decl_points_sum", "decl_points_sq", "def_points_sum", "def_points_sq",
                  "decl_counted_sum", "decl_counted_sq", "def_counted_sum", "def_counted_sq",
                  "decl_match", "def_match"]].sum()
    sides = pd.DataFrame({
        "team": ["first hand's team (declaring)", "the other team"],
        "deals": [sums["n"]] * 2,
        "points_sum": [sums["decl_points_sum"], sums["def_points_sum"]],
        "points_sq": [sums["decl_points_sq"], sums["def_points_sq"]],
        "counted_sum": [sums["decl_counted_sum"], sums["def_counted_sum"]],
        "counted_sq": [sums["decl_counted_sq"], sums["def_counted_sq"]],
        "matches": [sums["decl_match"], sums["def_match"]]})
    sides = with_mean(with_mean(sides, "deals", "points_sum", "points_sq", "mean_card_points"),
                      "deals", "counted_sum", "counted_sq", "mean_counted_points")
    out["first_hand_advantage"] = tag(with_rate(sides, "matches", "deals", "match_rate").drop(columns="matches"), q,
                                      "First hand's team against the other team, per deal", "terminal",
                                      "complete deals; the first hand chooses the mode (or pushes to his "
                                      "partner), so his team is always the declaring team")

    seats = cube["s_seats"]
    seats = seats[seats["complete"] == 1]
    by_position = sum_by(seats, ["position"], ["n", "points_sum", "points_sq", "tricks_sum", "tricks_sq",
                                               "last_trick"]).rename(columns={"n": "hands"})
    by_position.insert(1, "order", lineup.orders(by_position["position"]))
    by_position = with_mean(with_mean(by_position, "hands", "points_sum", "points_sq", "mean_card_points"),
                            "hands", "tricks_sum", "tricks_sq", "mean_tricks")
    out["points_by_position"] = tag(with_rate(by_position, "last_trick", "hands", "last_trick_rate"), q,
                                    "Card points per seat by play position in the deal", "report",
                                    "complete deals; first hand and 3rd hand are partners (the declaring team)")
    counted = sum_by(whole, ["mode", "mode_name", "multiplier"],
                     ["n", "deal_counted_sum", "deal_counted_sq", "margin_sum", "margin_sq"]).rename(
        columns={"n": "deals"})
    counted = with_mean(with_mean(counted, "deals", "deal_counted_sum", "deal_counted_sq", "mean_counted_points"),
                        "deals", "margin_sum", "margin_sq", "mean_margin")
    options = lineup.study.get("options", {})
    out["counted_points_by_mode"] = tag(
        _named_modes(counted), q,
        "Counted points per deal (both teams) by mode", "report",
        f"multipliers={options.get('multipliers', 'default')}; complete deals; margin = declaring team − "
        "defenders")
    out.update(balance_tables(cube, lineup, q))
    return out


# -- both variants: games ----------------------------------------------------------------

def balance_tables(cube: dict, lineup: Lineup, q: str) -> dict[str, pd.DataFrame]:
    """The shared balance tables (:mod:`analysis.balance`), game length, how games ended, claims or tie-breaks."""
    schieber = variant_of(lineup.study) == "schieber"
    out = balance.tables(cube, lineup, q, SCORING[variant_of(lineup.study)])
    ends = cube["game_ends"].copy()
    length = sum_by(ends, ["deals"], ["n"]).rename(columns={"n": "games"})
    out["game_length"] = tag(share_within(length, [], "games"), q, "Deals per game (distribution)", "report"
                             if schieber else "csv")
    out["game_length_summary"] = tag(length_summary(length), q, "Deals per game", "terminal",
                                     "" if schieber else "4 deals, plus tie-break deals")
    kinds = sum_by(ends, ["end"], ["n"]).rename(columns={"n": "games"})
    kinds.insert(1, "how", [END_KINDS.get(int(e), f"end {e}") for e in kinds["end"]])
    out["game_ends"] = tag(share_within(kinds, [], "games"), q, "How games ended", "terminal")
    if schieber:
        games = lineup.label(cube["games"].copy())
        out["claims_by_player"] = tag(_claims(ends, games, lineup), q, "Claims (\"Thanks, enough\") by player",
                                      "report", "per game played; a wrong claim loses the game at once")
    else:
        extra = sum_by(ends, ["extra_deals"], ["n"]).rename(columns={"n": "games"})
        out["extra_deals"] = tag(share_within(extra, [], "games"), q, "Tie-break deals per game", "report",
                                 "a tie for the lowest total after 4 deals is played on, one deal at a time")
    return out


def _claims(ends: pd.DataFrame, games: pd.DataFrame, lineup: Lineup) -> pd.DataFrame:
    """Right and wrong claims per game played, by the lineup slot that claimed."""
    played = games.groupby("player", observed=False)["n"].sum()
    claims = ends[ends["claim_player"] >= 0]
    rows = []
    for slot, label in enumerate(lineup.labels):
        mine = claims[claims["claim_player"] == slot]
        rows.append({"player": slot, "games": int(played.get(label, 0)),
                     "right": int(mine.loc[mine["end"] == END_CLAIM_RIGHT, "n"].sum()),
                     "wrong": int(mine.loc[mine["end"] == END_CLAIM_WRONG, "n"].sum())})
    df = lineup.label(pd.DataFrame(rows))
    df = with_rate(with_rate(df, "right", "games", "right_claim_rate"), "wrong", "games", "wrong_claim_rate")
    return df[df["games"] > 0]
