"""The tables of a Jass run (Schieber and Differenzler), from the cube of :mod:`analysis.jass`:
trump odds, the Weis, bid accuracy (Differenzler's predictions) and the scoring balance, every
estimate with its 95 % interval."""
from __future__ import annotations

import numpy as np
import pandas as pd

from sim.games.jass.cards import MODE_NAMES, RANK_NAMES
from sim.games.jass.records import END_CLAIM_RIGHT, END_CLAIM_WRONG, END_KINDS

from . import balance
from .common import Lineup, add_moments, share_within, sum_by, tag, with_mean, with_rate
from .jass_terms import CALIBRATION_BUCKET, DEAL_POINTS, MISS_BANDS, N_SEATS, QUESTIONS, ROLES, SCORING, variant_of
from .spec import length_summary


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
        return {**schieber_trump_tables(cube, lineup), **schieber_balance_tables(cube, lineup)}
    return {**differenzler_bid_tables(cube, lineup), **differenzler_trump_tables(cube),
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


def schieber_trump_tables(cube: dict, lineup: Lineup) -> dict[str, pd.DataFrame]:
    """Modes chosen and pushes, the declaring team's points, trumps held, Weis and Stöck, matches."""
    q, out = QUESTIONS["schieber"][0], {}
    deals = _deals(cube)
    modes = sum_by(deals, ["mode", "mode_name", "multiplier"], ["n"]).rename(columns={"n": "deals"})
    modes = _named_modes(share_within(modes, [], "deals"))
    out["modes"] = tag(modes, q, "Modes chosen (share of deals)", "terminal",
                       "multiplier: the mode's multiplier under the option `multipliers`")

    pushes = sum_by(deals.assign(pushes=deals["n"] * deals["pushed"]), ["first_player"], ["n", "pushes"])
    pushes = with_rate(pushes.rename(columns={"n": "deals"}), "pushes", "deals", "push_rate")
    out["push_rate_by_player"] = tag(lineup.label(pushes.rename(columns={"first_player": "player"})), q,
                                     "Pushes of the first hand, by player", "terminal",
                                     "deals: deals the player was first hand (chose or pushed)")

    by_player = sum_by(deals, ["chooser_player", "mode", "mode_name"], ["n"]).rename(columns={"n": "deals"})
    by_player = share_within(by_player, ["chooser_player"], "deals")
    by_player = lineup.label(_named_modes(by_player).rename(columns={"chooser_player": "player"}))
    out["modes_by_player"] = tag(by_player, q, "Modes chosen by each player (share of the player's choices)",
                                 "report")
    by_role = deals.assign(chooser=_chooser(deals["pushed"]))
    by_role = sum_by(by_role, ["chooser", "mode", "mode_name"], ["n"]).rename(columns={"n": "deals"})
    by_role = _named_modes(share_within(by_role, ["chooser"], "deals"))
    out["modes_by_role"] = tag(by_role, q, "Modes chosen by the first hand and by its partner after a push",
                               "report")

    whole = deals[deals["complete"] == 1]
    point_cols = ["n", "decl_points_sum", "decl_points_sq", "decl_counted_sum", "decl_counted_sq", "over_half",
                  "outscored", "decl_match", "def_match"]
    note = ("complete deals; card points of 157, raw = card points + Weis + Stöck + match before the "
            "multiplier, counted = raw × multiplier; over half: the declaring team took ≥ 79 card points")
    by_mode = _declarer_points(sum_by(whole, ["mode", "mode_name", "multiplier"], point_cols), raw=True,
                               rates=("over_half",))       # matches by mode have a table of their own
    out["declarer_points_by_mode"] = tag(_named_modes(by_mode), q, "The declaring team's points by mode", "terminal",
                                         note)
    push = whole.assign(chooser=_chooser(whole["pushed"]))
    out["declarer_points_by_chooser"] = tag(_declarer_points(sum_by(push, ["chooser"], point_cols)), q,
                                            "The declaring team's points: first hand or partner after a push",
                                            "report", note)
    by_chooser = lineup.label(_declarer_points(sum_by(whole, ["chooser_player"], point_cols))
                              .rename(columns={"chooser_player": "player"}))
    out["declarer_points_by_player"] = tag(by_chooser, q, "The declaring team's points by the player who chose",
                                           "report", note)
    match = sum_by(whole, ["mode", "mode_name"], ["n", "decl_match", "def_match"]).rename(columns={"n": "deals"})
    match = match.rename(columns={"decl_match": "matches", "def_match": "defender_matches"})
    match = with_rate(with_rate(match, "matches", "deals", "match_rate"), "defender_matches", "deals",
                      "defender_match_rate")
    out["match_rate_by_mode"] = tag(_named_modes(match), q,
                                    "Match (all nine tricks) by mode: declaring team and defenders", "report",
                                    "complete deals; a match adds 100 raw points")

    seats = cube["s_seats"]
    suit = seats[seats["suit_mode"] == 1].copy()
    suit["role"] = pd.Categorical([ROLES[r] for r in suit["role"]], categories=list(ROLES))
    held = sum_by(suit, ["role", "trumps_held"], ["n"]).rename(columns={"n": "hands"})
    out["trumps_held_odds"] = tag(share_within(held, ["role"], "hands"), q,
                                  "Trumps held by the chooser, the partner and a defender (deals with a trump suit)")
    mean_held = add_moments(held, "trumps_held", "hands")
    mean_held = sum_by(mean_held, ["role"], ["hands", "trumps_held_x", "trumps_held_xx"])
    out["trumps_held_by_role"] = tag(with_mean(mean_held, "hands", "trumps_held_x", "trumps_held_xx",
                                               "mean_trumps_held"), q,
                                     "Trumps held by role (deals with a trump suit)", "report",
                                     "each defender counted on his own: the two defenders hold twice this")
    team = cube["s_team_trumps"]
    team = sum_by(team, ["team_trumps"], ["n", "points_sum", "points_sq", "over_half"]).rename(
        columns={"n": "deals"})
    team = with_rate(with_mean(team, "deals", "points_sum", "points_sq", "mean_card_points"), "over_half", "deals",
                     "over_half_rate")
    out["points_by_team_trumps"] = tag(team.drop(columns="over_half"), q,
                                       "The declaring team's card points by the trumps the team holds", "report",
                                       "complete deals with a trump suit; trumps of the chooser and his partner")
    out.update(weis_tables(cube, lineup, q))
    return out


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


def weis_tables(cube: dict, lineup: Lineup, q: str) -> dict[str, pd.DataFrame]:
    """How often a hand holds, declares and scores Weis of each value; Stöck; the same per team."""
    out = {}
    weis = cube["s_weis"].copy()
    weis["held"] = weis["n"].where(weis["weis_held"] > 0, 0)
    weis["declared_n"] = weis["n"] * weis["declared"]
    weis["scored_n"] = weis["n"] * weis["scored"]
    weis["stoeck_n"] = weis["n"] * weis["stoeck"]
    weis["suit_hands"] = weis["n"] * weis["suit_mode"]

    values = sum_by(weis, ["weis_held"], ["n", "declared_n", "scored_n"]).rename(
        columns={"weis_held": "value", "n": "hands"})
    values = share_within(values, [], "hands")
    values = with_rate(with_rate(values, "declared_n", "hands", "declared_rate"), "scored_n", "hands", "scored_rate")
    out["weis_values"] = tag(values.drop(columns=["declared_n", "scored_n"]), q,
                             "Weis held in a hand, by value: how often, declared, scored", "report",
                             "value = raw points of all melds in the hand as dealt (0: no Weis); "
                             "declared and scored rates are of the hands holding that value")

    def per(keys):
        part = sum_by(weis, keys, ["n", "held", "declared_n", "scored_n", "scored_sum", "scored_sq", "stoeck_n",
                                   "suit_hands"]).rename(columns={"n": "hands"})
        part = with_rate(part, "held", "hands", "held_rate")
        part = with_rate(part, "declared_n", "held", "declared_rate")
        part = with_rate(part, "scored_n", "held", "scored_rate")
        part = with_mean(part, "hands", "scored_sum", "scored_sq", "mean_weis_scored")
        part = with_rate(part, "stoeck_n", "suit_hands", "stoeck_rate")
        return part.drop(columns=["held", "declared_n", "scored_n", "stoeck_n"])

    note = ("per hand; declared and scored rates are of the hands holding a Weis; mean Weis scored is raw "
            "points per hand; Stöck rate is of hands in a trump-suit deal")
    out["weis_by_player"] = tag(lineup.label(per(["player"])), q, "Weis and Stöck by player", "report", note)
    by_position = per(["position"])
    by_position.insert(1, "order", lineup.orders(by_position["position"]))
    out["weis_by_position"] = tag(by_position, q, "Weis and Stöck by play position", "csv", note)

    team = cube["s_team_weis"].copy()
    team["side"] = np.where(team["declaring"] == 1, "declaring team", "defenders")
    team["weis_n"] = team["n"].where(team["weis"] > 0, 0)
    team["stoeck_n"] = team["n"] * team["stoeck"]
    team = add_moments(team, "weis")
    sides = sum_by(team, ["side"], ["n", "weis_n", "weis_x", "weis_xx", "stoeck_n"]).rename(columns={"n": "deals"})
    sides = with_rate(with_rate(sides, "weis_n", "deals", "weis_rate"), "stoeck_n", "deals", "stoeck_rate")
    out["weis_by_team"] = tag(with_mean(sides, "deals", "weis_x", "weis_xx", "mean_weis_scored")
                              .drop(columns=["weis_n", "stoeck_n"]), q,
                              "Weis and Stöck scored by the declaring team and the defenders", "report",
                              "per deal; raw points before the multiplier; Stöck rate of all deals")
    values = sum_by(team, ["side", "weis"], ["n"]).rename(columns={"n": "deals"})
    out["team_weis_values"] = tag(share_within(values, ["side"], "deals"), q,
                                  "Weis a team scores in a deal, by value (raw points)")
    return out


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


# -- Differenzler: bid accuracy and trump odds ----------------------------------------------

def differenzler_bid_tables(cube: dict, lineup: Lineup) -> dict[str, pd.DataFrame]:
    """Prediction error by strategy, player, position, seat; the miss; calibration."""
    q, out = QUESTIONS["differenzler"][0], {}
    seats = lineup.label(cube["d_seats"].copy())
    columns = ["n", "penalty_sum", "penalty_sq", "miss_sum", "miss_sq", "exact"]

    def error_by(keys):
        part = sum_by(seats, keys, columns).rename(columns={"n": "predictions"})
        part = part[part["predictions"] > 0]
        part = with_mean(part, "predictions", "penalty_sum", "penalty_sq", "mean_abs_error")
        part = with_mean(part, "predictions", "miss_sum", "miss_sq", "mean_miss")
        return with_rate(part, "exact", "predictions", "exact_rate")

    note = "error = |points taken − prediction| (the deal's penalty); miss = points taken − prediction"
    out["prediction_error_by_strategy"] = tag(error_by(["strategy"]), q, "Prediction error by strategy",
                                              "terminal", note)
    out["prediction_error_by_player"] = tag(error_by(["player", "strategy"]), q, "Prediction error by player",
                                            "report", note)
    by_position = error_by(["position"])
    by_position.insert(1, "order", lineup.orders(by_position["position"]))
    out["prediction_error_by_position"] = tag(by_position, q, "Prediction error by play position", "report",
                                              note + "; the first hand predicts first")
    out["prediction_error_by_seat"] = tag(error_by(["seat"]), q, "Prediction error by seat", "report", note)
    kind = error_by(["extra"])
    kind.insert(0, "deals", np.where(kind["extra"] == 1, "tie-break deals", "deals 1–4"))
    out["prediction_error_by_deal_kind"] = tag(kind.drop(columns="extra"), q,
                                               "Prediction error in the four deals and in tie-break deals")

    miss = lineup.label(cube["d_miss"].copy())
    dist = sum_by(miss, ["strategy", "miss"], ["n"]).rename(columns={"n": "predictions"})
    out["prediction_miss"] = tag(share_within(dist, ["strategy"], "predictions"), q,
                                 "The miss: points taken − prediction (distribution)")
    bands = dist.assign(**{f"within_{k}": dist["predictions"].where(dist["miss"].abs() <= k, 0) for k in MISS_BANDS},
                        over=dist["predictions"].where(dist["miss"] > 0, 0),
                        under=dist["predictions"].where(dist["miss"] < 0, 0))
    names = [f"within_{k}" for k in MISS_BANDS] + ["over", "under"]
    bands = sum_by(bands, ["strategy"], ["predictions", *names])
    for name in names:
        bands = with_rate(bands, name, "predictions", f"{name}_share").drop(columns=name)
    out["prediction_miss_summary"] = tag(bands, q, "How far predictions miss", "report",
                                         "within k: |points − prediction| ≤ k; over: took more than predicted")

    predictions = lineup.label(cube["d_predictions"].copy())
    predictions["bucket"] = predictions["prediction"] // CALIBRATION_BUCKET
    predictions = add_moments(predictions, "prediction")
    calib = sum_by(predictions, ["strategy", "bucket"], ["n", "prediction_x", "prediction_xx", "points_sum",
                                                         "points_sq"]).rename(columns={"n": "predictions"})
    calib = calib[calib["predictions"] > 0]
    calib.insert(1, "predicted", [_bucket_name(b) for b in calib["bucket"]])
    calib = with_mean(calib, "predictions", "prediction_x", "prediction_xx", "mean_prediction")
    calib = with_mean(calib, "predictions", "points_sum", "points_sq", "mean_points")
    out["prediction_calibration"] = tag(calib.drop(columns="bucket"), q,
                                        "Calibration: mean points taken for each prediction bucket", "report",
                                        "well calibrated: mean points = mean prediction in every bucket")
    return out


def _bucket_name(bucket: int) -> str:
    low = int(bucket) * CALIBRATION_BUCKET
    return f"{low}–{min(low + CALIBRATION_BUCKET - 1, DEAL_POINTS)}"


def differenzler_trump_tables(cube: dict) -> dict[str, pd.DataFrame]:
    """The turned trump suit and card, and what the trumps held are worth in points."""
    q, out = QUESTIONS["differenzler"][1], {}
    turned = cube["d_turned"].copy()
    suits = sum_by(turned, ["mode"], ["n"]).rename(columns={"n": "deals"})
    suits.insert(0, "suit", mode_labels(suits["mode"]))
    out["turned_trump"] = tag(share_within(suits.drop(columns="mode"), [], "deals"), q,
                              "The turned trump suit (share of deals)", "terminal",
                              "counted once per board and deal (duplicate rotations turn the same card)")
    ranks = sum_by(turned, ["trump_rank"], ["n"]).rename(columns={"n": "deals"})
    ranks.insert(0, "card", [RANK_NAMES[int(r)] for r in ranks["trump_rank"]])
    out["turned_card_rank"] = tag(share_within(ranks.drop(columns="trump_rank"), [], "deals"), q,
                                  "The rank of the turned card (the dealer keeps it)")

    trumps = cube["d_trumps"].copy()
    trumps["role"] = np.where(trumps["position"] == N_SEATS - 1, "dealer", "others")
    trumps = add_moments(trumps, "trumps_held")
    held = sum_by(trumps, ["role", "trumps_held"], ["n", "points_sum", "points_sq", "prediction_sum",
                                                    "prediction_sq"]).rename(columns={"n": "hands"})
    held = with_mean(with_mean(held, "hands", "points_sum", "points_sq", "mean_points"),
                     "hands", "prediction_sum", "prediction_sq", "mean_prediction")
    out["points_by_trumps_held"] = tag(held, q, "Points taken and predicted by trumps held", "report",
                                       "the dealer's hand includes the turned card")
    odds = sum_by(trumps, ["role", "trumps_held"], ["n"]).rename(columns={"n": "hands"})
    out["trumps_held_odds"] = tag(share_within(odds, ["role"], "hands"), q, "Odds of holding k trumps")
    mean_held = sum_by(trumps, ["role"], ["n", "trumps_held_x", "trumps_held_xx"]).rename(columns={"n": "hands"})
    out["trumps_held_by_role"] = tag(with_mean(mean_held, "hands", "trumps_held_x", "trumps_held_xx",
                                               "mean_trumps_held"), q, "Trumps held: the dealer and the others",
                                     "report", "the dealer's hand includes the turned card")
    return out
