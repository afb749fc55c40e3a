"""Jass analysis (Schieber and Differenzler): records -> cube -> tables, plots and the report."""
import math

import numpy as np
import pandas as pd
import pytest

from analysis import jass as J
from analysis.report import report, write_report
from analysis.stats import t_quantile
from analysis.words import percent
from sim import registry
from sim.games.jass.records import DEALS, END_CLAIM_RIGHT, END_EXTRA_DEALS, END_FOUR_DEALS, END_TRICKS, GAMES
from sim.rng_nb import chunk_states
from sim.study import Study
from sim.engine import Engine

LINEUP = ["heuristic", "random", "heuristic", "random"]


def records_of(dtype, rows: list[dict]) -> np.ndarray:
    """A record array from dicts of field values; fields not given are 0 (or -1 where 0 means something)."""
    out = np.zeros(len(rows), dtype=dtype)
    for name in ("trump_card", "prediction", "chooser", "claim_seat"):
        if name in dtype.names:
            out[name] = -1
    for i, row in enumerate(rows):
        for name, value in row.items():
            out[i][name] = value
    return out


def row(table, **where):
    mask = np.ones(len(table), dtype=bool)
    for column, value in where.items():
        mask &= (table[column] == value).to_numpy()
    assert mask.sum() == 1, f"expected one row with {where}, found {mask.sum()}"
    return table[mask].iloc[0]


def t_interval(values):
    values = np.asarray(values, dtype=float)
    half = t_quantile(len(values) - 1) * values.std(ddof=1) / math.sqrt(len(values))
    return values.mean() - half, values.mean() + half


# -- a hand-made Schieber run: fixed seating, target 1000, two games of three deals ---------------
#
# Multipliers (default): S ×1, H ×2, D ×2, C ×1, Obenabe ×3, Unenufe ×4. Team t = seats t and t+2.
# game 0 (first dealer 3)
#   deal 0  dealer 3  first hand 0 chooses Shields ×2. Card points 50 30 40 37 (team 0: 90, team 1: 67).
#           Weis: seat 0 holds and declares 50 and has the best Weis; seat 1 declares 20 (not scored).
#           Stöck: seat 3. Counted: team 0 2×(90+50) = 280, team 1 2×(67+20) = 174.
#   deal 1  dealer 0  first hand 1 pushes, seat 3 chooses Obenabe ×3. Team 1 takes every trick:
#           157 + match 100, counted 3×257 = 771; team 0 0.
#   deal 2  dealer 1  first hand 2 chooses Roses ×1; seat 3 claims "Thanks, enough" after 5 tricks with
#           team 1 at 945 + 60 = 1005 >= 1000 (right). Team 0 counted 30. Deal not complete.
#   totals: team 0 310, team 1 1005 (team 1 wins).
# game 1 (first dealer 0)
#   deal 0  dealer 0  first hand 1 chooses Bells ×2. Card points 40 30 45 42 (team 0: 85, team 1: 72).
#           Stöck: seat 1. Counted: team 0 170, team 1 2×(72+20) = 184.
#   deal 1  dealer 1  first hand 2 pushes, seat 0 chooses Unenufe ×4. Card points 60 20 30 47
#           (90, 67). Weis: seat 2 holds 100 but does not declare; seat 3 declares 20 and scores it.
#           Counted: team 0 360, team 1 4×87 = 348.
#   deal 2  dealer 2  first hand 3 chooses Obenabe ×3. Card points 80 30 20 27 (100, 57). Weis: seat 0
#           declares and scores 150. Counted: team 0 3×250 = 750, team 1 171.
#   totals: team 0 530 + 750 = 1280 (wins, counting tricks), team 1 532 + 171 = 703.
SCHIEBER_DEALS = [
    # game, deal, dealer, mode, pushed, chooser, multiplier, complete, (team 0, team 1 counted),
    # per seat: (tricks, points, last trick, trumps held, Weis held, declared, scored, Stöck, match)
    (0, 0, 3, 1, 0, 0, 2, 1, (280, 174), [(3, 50, 0, 4, 50, 50, 50, 0, 0), (2, 30, 0, 2, 20, 20, 0, 0, 0),
                                          (3, 40, 1, 1, 0, 0, 0, 0, 0), (1, 37, 0, 2, 0, 0, 0, 1, 0)]),
    (0, 1, 0, 4, 1, 3, 3, 1, (0, 771), [(0, 0, 0, 0, 0, 0, 0, 0, 0), (5, 100, 1, 0, 0, 0, 0, 0, 1),
                                        (0, 0, 0, 0, 0, 0, 0, 0, 0), (4, 57, 0, 0, 0, 0, 0, 0, 1)]),
    (0, 2, 1, 0, 0, 2, 1, 0, (30, 60), [(1, 10, 0, 3, 0, 0, 0, 0, 0), (1, 20, 0, 2, 0, 0, 0, 0, 0),
                                        (1, 20, 0, 3, 0, 0, 0, 0, 0), (2, 40, 0, 1, 0, 0, 0, 0, 0)]),
    (1, 0, 0, 2, 0, 1, 2, 1, (170, 184), [(2, 40, 0, 2, 0, 0, 0, 0, 0), (2, 30, 0, 3, 0, 0, 0, 1, 0),
                                          (3, 45, 1, 2, 0, 0, 0, 0, 0), (2, 42, 0, 2, 0, 0, 0, 0, 0)]),
    (1, 1, 1, 5, 1, 0, 4, 1, (360, 348), [(3, 60, 1, 0, 0, 0, 0, 0, 0), (2, 20, 0, 0, 0, 0, 0, 0, 0),
                                          (2, 30, 0, 0, 100, 0, 0, 0, 0), (2, 47, 0, 0, 20, 20, 20, 0, 0)]),
    (1, 2, 2, 4, 0, 3, 3, 1, (750, 171), [(4, 80, 1, 0, 150, 150, 150, 0, 0), (2, 30, 0, 0, 0, 0, 0, 0, 0),
                                          (1, 20, 0, 0, 0, 0, 0, 0, 0), (2, 27, 0, 0, 0, 0, 0, 0, 0)]),
]
SCHIEBER_GAMES = {  # game: first dealer, team totals, winning team, end, claiming seat
    0: (3, (310, 1005), 1, END_CLAIM_RIGHT, 3),
    1: (0, (1280, 703), 0, END_TRICKS, -1),
}


def schieber_records():
    deals, running = [], {}
    for game, deal, dealer, mode, pushed, chooser, mult, complete, counted, seats in SCHIEBER_DEALS:
        for team in (0, 1):
            running[game, team] = running.get((game, team), 0) + counted[team]
        for seat, (tricks, points, last, trumps, held, declared, scored, stoeck, match) in enumerate(seats):
            deals.append(dict(game=game, board=game, deal=deal, seat=seat, player=seat, team=seat % 2,
                              dealer=dealer, position=(seat - dealer - 1) % 4, mode=mode, chooser=chooser,
                              pushed=pushed, multiplier=mult, trumps_held=trumps, tricks=tricks, points=points,
                              last_trick=last, weis_held=held, weis_declared=declared, weis_scored=scored,
                              stoeck=stoeck, match=match, team_score=counted[seat % 2],
                              total=running[game, seat % 2], complete=complete))
    games = []
    for game, (first_dealer, totals, winner, end, claim) in SCHIEBER_GAMES.items():
        assert totals == (running[game, 0], running[game, 1])      # the table above adds up
        for seat in range(4):
            games.append(dict(game=game, board=game, seat=seat, player=seat, team=seat % 2,
                              first_dealer=first_dealer, start_position=(seat - first_dealer - 1) % 4,
                              total=totals[seat % 2], rank=1 if seat % 2 == winner else 2,
                              win=1.0 if seat % 2 == winner else 0.0, end=end, claim_seat=claim, deals=3))
    return {"deals": records_of(DEALS, deals), "games": records_of(GAMES, games)}


@pytest.fixture(scope="module")
def schieber():
    study = Study.create("jass", variant="schieber", lineup=LINEUP, boards=2, options={"target": 1000})
    manifest = {"study": study.to_dict()}
    cube = J.reduce(schieber_records(), study)
    return cube, manifest, J.tables(cube, manifest)


def test_schieber_modes_and_pushes(schieber):
    _, _, t = schieber
    modes = t["modes"].set_index("mode")
    assert modes["deals"].to_dict() == {"Roses": 1, "Shields": 1, "Bells": 1, "Obenabe": 2, "Unenufe": 1}
    assert modes.loc["Obenabe", "share"] == pytest.approx(2 / 6) and modes.loc["Unenufe", "multiplier"] == 4
    # first hands: player 0 once, 1 twice (pushed once), 2 twice (pushed once), 3 once
    pushes = t["push_rate_by_player"]
    assert list(pushes["deals"]) == [1, 2, 2, 1] and list(pushes["pushes"]) == [0, 1, 1, 0]
    assert row(pushes, player="1 random")["push_rate"] == 0.5
    by_player = t["modes_by_player"]
    assert row(by_player, player="3 random", mode="Obenabe")["share"] == 1.0     # chose twice, Obenabe both times
    assert row(by_player, player="0 heuristic", mode="Unenufe")["share"] == 0.5
    by_role = t["modes_by_role"]
    assert by_role.groupby("chooser")["deals"].sum().to_dict() == {"first hand": 4, "partner after a push": 2}


def test_schieber_declaring_team_points_by_mode(schieber):
    _, _, t = schieber
    points = t["declarer_points_by_mode"]
    assert list(points["mode"]) == ["Shields", "Bells", "Obenabe", "Unenufe"]    # Roses was cut short by a claim
    obe = row(points, mode="Obenabe")                    # team 1 declared twice: 157 (a match) and 57
    assert obe["deals"] == 2 and obe["mean_card_points"] == 107
    assert np.isnan(obe["mean_card_points_lo"]) and np.isnan(obe["mean_card_points_hi"])    # 2 deals: no interval
    assert obe["mean_raw_points"] == (257 + 57) / 2 and obe["mean_counted_points"] == (771 + 171) / 2
    assert obe["over_half_rate"] == 0.5
    shields = row(points, mode="Shields")
    assert (shields["mean_card_points"], shields["mean_raw_points"], shields["mean_counted_points"]) == (90, 140, 280)
    assert row(points, mode="Bells")["over_half_rate"] == 0.0                    # 72 of 157
    match = t["match_rate_by_mode"]
    assert row(match, mode="Obenabe")["match_rate"] == 0.5 and match["defender_matches"].sum() == 0
    chooser = t["declarer_points_by_chooser"].set_index("chooser")
    assert chooser.loc["partner after a push", "mean_card_points"] == (157 + 90) / 2
    assert chooser.loc["first hand", "outscore_rate"] == pytest.approx(2 / 3)   # 280>174, 184>170, 171<750


def test_schieber_first_hand_advantage_and_position(schieber):
    _, _, t = schieber
    first, other = (r for _, r in t["first_hand_advantage"].iterrows())
    assert first["deals"] == 5 and first["mean_card_points"] == pytest.approx(466 / 5)
    assert other["mean_card_points"] == pytest.approx(319 / 5)
    assert first["mean_counted_points"] == pytest.approx(1766 / 5) and first["match_rate"] == pytest.approx(1 / 5)
    by_position = t["points_by_position"]
    assert list(by_position["order"]) == ["first hand", "2nd hand", "3rd hand", "dealer"]
    assert list(by_position["mean_card_points"]) == pytest.approx([237 / 5, 202 / 5, 229 / 5, 117 / 5])
    assert list(by_position["last_trick"]) == [1, 2, 2, 0]
    counted = row(t["counted_points_by_mode"], mode="Obenabe")
    assert counted["mean_counted_points"] == (771 + 921) / 2 and counted["mean_margin"] == (771 - 579) / 2


def test_schieber_trumps_held(schieber):
    _, _, t = schieber
    roles = t["trumps_held_by_role"].set_index("role")["mean_trumps_held"]
    # trump-suit deals: Shields (chooser 0), Roses (chooser 2), Bells (chooser 1)
    assert roles.to_dict() == pytest.approx({"chooser": 10 / 3, "partner": 2.0, "defender": 11 / 6})
    team = t["points_by_team_trumps"]           # complete trump-suit deals: 4+1 trumps (90 points), 3+2 (72)
    assert list(team["team_trumps"]) == [5] and team["mean_card_points"].iloc[0] == 81
    assert team["over_half_rate"].iloc[0] == 0.5


def test_schieber_weis_and_stoeck(schieber):
    _, _, t = schieber
    values = t["weis_values"].set_index("value")
    assert values["hands"].to_dict() == {0: 19, 20: 2, 50: 1, 100: 1, 150: 1}
    assert values.loc[20, "declared_rate"] == 1.0 and values.loc[20, "scored_rate"] == 0.5
    assert values.loc[100, "declared_rate"] == 0.0
    team = t["weis_by_team"].set_index("side")
    assert team.loc["declaring team", "weis_rate"] == pytest.approx(1 / 6)
    assert team.loc["defenders", "weis_rate"] == pytest.approx(2 / 6)
    assert team.loc["defenders", "mean_weis_scored"] == pytest.approx(170 / 6)
    assert team.loc["declaring team", "stoeck_rate"] == team.loc["defenders", "stoeck_rate"] == pytest.approx(1 / 6)
    players = t["weis_by_player"]
    zero = row(players, player="0 heuristic")
    assert (zero["held_rate"], zero["scored_rate"], zero["mean_weis_scored"]) == pytest.approx((2 / 6, 1.0, 200 / 6))
    assert row(players, player="3 random")["stoeck_rate"] == pytest.approx(1 / 3)   # of 3 trump-suit deals


def test_schieber_games_ends_and_claims(schieber):
    _, _, t = schieber
    teams = t["score_by_team"]
    assert list(teams["games"]) == [2, 2]                        # each game counted once per team
    assert list(teams["mean_total"]) == [(310 + 1280) / 2, (1005 + 703) / 2] and list(teams["win_rate"]) == [0.5, 0.5]
    start = t["score_by_start_position"]            # first hand of the first deal: seat 0, then seat 1: both lost
    assert row(start, start_position=0)["win_rate"] == 0.0 and row(start, start_position=1)["win_rate"] == 1.0
    assert row(start, start_position=0)["mean_total"] == (310 + 703) / 2
    ends = t["game_ends"].set_index("end")["games"].to_dict()
    assert ends == {END_TRICKS: 1, END_CLAIM_RIGHT: 1}
    assert t["game_length_summary"]["mean_deals"].iloc[0] == 3
    claims = t["claims_by_player"]
    assert row(claims, player="3 random")["right"] == 1 and claims["wrong"].sum() == 0


def test_schieber_paired_comparison(schieber):
    _, _, t = schieber
    # heuristic (slots 0, 2) − random (slots 1, 3): board 0: 310 − 1005, lost; board 1: 1280 − 703, won
    r = row(t["paired_strategies"], strategy_a="heuristic", strategy_b="random")
    assert r["boards"] == 2 and r["diff_mean_total"] == (-695 + 577) / 2
    assert r["diff_win_rate"] == 0.0
    # 2 boards are too few for an interval, and the verdict says so
    assert np.isnan([r["diff_mean_total_lo"], r["diff_mean_total_hi"], r["diff_win_rate_lo"]]).all()
    assert r["verdict"].startswith("too few boards")
    # partners share their result: only opponents are compared
    assert {(a[0], b[0]) for a, b in zip(t["paired_players"]["player_a"], t["paired_players"]["player_b"])} == {
        ("0", "1"), ("0", "3"), ("1", "2"), ("2", "3")}


def test_schieber_summary_and_report(schieber, tmp_path):
    cube, manifest, t = schieber
    lines = J.summary(t, manifest)
    assert list(lines) == ["Trump odds", "Scoring balance"] and all(lines.values())
    assert any("pushed in 33.3 %" in s for s in lines["Trump odds"])
    plots = J.plots(cube, manifest, tmp_path / "report", t)
    path = write_report(tmp_path, t, plots, manifest, lines)
    text = path.read_text()
    for question in lines:
        assert f"## {question}" in text
    for p in plots:
        assert f"(report/{p.name})" in text


# -- a hand-made Differenzler run: fixed seating, two games ------------------------------------------
#
# Per deal: dealer, turned card, then per seat (points, prediction, trumps held); penalty = |points − prediction|.
# game 0 (first dealer 3): penalty totals 17, 37, 15, 27: seat 2 wins after four deals.
# game 1 (first dealer 0): 15, 15, 15, 30 after four deals: a tie; the extra deal (penalties 0, 10, 10, 3)
#   leaves 15, 25, 25, 33: seat 0 wins.
DIFFERENZLER_DEALS = [
    (0, 0, 3, 8, [(40, 40, 2), (30, 20, 2), (50, 60, 2), (37, 30, 3)]),     # SA turned: Roses
    (0, 1, 0, 9, [(20, 30, 3), (60, 50, 2), (27, 27, 2), (50, 40, 2)]),     # H6: Shields
    (0, 2, 1, 23, [(57, 50, 2), (0, 10, 3), (40, 40, 2), (60, 70, 2)]),     # DJ: Bells
    (0, 3, 2, 7, [(30, 30, 2), (47, 40, 2), (40, 45, 4), (40, 40, 1)]),     # SK: Roses
    (1, 0, 0, 29, [(40, 40, 3), (37, 37, 2), (40, 30, 2), (40, 50, 2)]),    # C8: Acorns
    (1, 1, 1, 17, [(50, 40, 2), (27, 27, 3), (40, 40, 2), (40, 50, 2)]),    # HA: Shields
    (1, 2, 2, 10, [(30, 30, 2), (50, 60, 2), (37, 37, 3), (40, 30, 2)]),    # H7: Shields
    (1, 3, 3, 0, [(40, 35, 2), (40, 35, 2), (40, 45, 2), (37, 37, 3)]),     # S6: Roses
    (1, 4, 0, 26, [(40, 40, 3), (50, 40, 2), (30, 40, 2), (37, 40, 2)]),    # DA: Bells (tie-break deal)
]
DIFFERENZLER_GAMES = {0: (3, (17, 37, 15, 27), 2, END_FOUR_DEALS), 1: (0, (15, 25, 25, 33), 0, END_EXTRA_DEALS)}


def differenzler_records():
    deals, running = [], {}
    for game, deal, dealer, card, seats in DIFFERENZLER_DEALS:
        for seat, (points, prediction, trumps) in enumerate(seats):
            penalty = abs(points - prediction)
            running[game, seat] = running.get((game, seat), 0) + penalty
            deals.append(dict(game=game, board=game, deal=deal, seat=seat, player=seat, team=seat, dealer=dealer,
                              position=(seat - dealer - 1) % 4, mode=card // 9, multiplier=1, trump_card=card,
                              trumps_held=trumps, points=points, team_score=points, total=running[game, seat],
                              prediction=prediction, penalty=penalty, complete=1))
    games = []
    for game, (first_dealer, totals, winner, end) in DIFFERENZLER_GAMES.items():
        assert totals == tuple(running[game, s] for s in range(4))      # the table above adds up
        n_deals = sum(1 for d in DIFFERENZLER_DEALS if d[0] == game)
        for seat in range(4):
            games.append(dict(game=game, board=game, seat=seat, player=seat, team=seat, first_dealer=first_dealer,
                              start_position=(seat - first_dealer - 1) % 4, total=totals[seat],
                              rank=1 + sum(t < totals[seat] for t in totals), win=float(seat == winner), end=end,
                              deals=n_deals, extra_deals=n_deals - 4))
    return {"deals": records_of(DEALS, deals), "games": records_of(GAMES, games)}


@pytest.fixture(scope="module")
def differenzler():
    study = Study.create("jass", variant="differenzler", lineup=LINEUP, boards=2)
    manifest = {"study": study.to_dict()}
    cube = J.reduce(differenzler_records(), study)
    return cube, manifest, J.tables(cube, manifest)


def test_differenzler_prediction_error(differenzler):
    _, _, t = differenzler
    players = t["prediction_error_by_player"]
    assert list(players["predictions"]) == [9] * 4
    assert list(players["mean_abs_error"]) == pytest.approx([32 / 9, 62 / 9, 40 / 9, 60 / 9])
    assert list(players["exact"]) == [5, 2, 4, 2]
    zero = row(players, player="0 heuristic")       # misses 0 −10 +7 0, 0 +10 0 +5 0
    assert zero["mean_miss"] == pytest.approx(12 / 9)
    assert np.isnan(zero["mean_abs_error_lo"])                 # 9 predictions: too few for an interval
    strategy = row(t["prediction_error_by_strategy"], strategy="heuristic")         # 18 predictions
    assert (strategy["mean_abs_error_lo"], strategy["mean_abs_error_hi"]) == pytest.approx(
        t_interval([0, 10, 7, 0, 0, 10, 0, 5, 0] + [10, 0, 0, 5, 10, 0, 0, 5, 10]))
    strategy = row(t["prediction_error_by_strategy"], strategy="heuristic")
    assert (strategy["mean_abs_error"], strategy["exact_rate"]) == (4.0, 0.5)
    position = t["prediction_error_by_position"]
    assert list(position["mean_abs_error"]) == pytest.approx([35 / 9, 55 / 9, 8.0, 32 / 9])
    kind = t["prediction_error_by_deal_kind"].set_index("deals")
    assert kind.loc["tie-break deals", "mean_abs_error"] == pytest.approx(23 / 4)


def test_differenzler_miss_and_calibration(differenzler):
    _, _, t = differenzler
    bands = row(t["prediction_miss_summary"], strategy="random")    # every miss is within 10 points
    assert bands["within_10_share"] == 1.0 and bands["within_20_share"] == 1.0
    seat_1 = [+10, +10, -10, +7, 0, 0, -10, +5, +10]          # points − prediction, game 0 then game 1
    seat_3 = [+7, +10, -10, 0, -10, -10, +10, 0, -3]
    assert bands["over_share"] == pytest.approx(sum(m > 0 for m in seat_1 + seat_3) / 18)
    assert row(t["prediction_miss"], strategy="heuristic", miss=0)["predictions"] == 9
    # heuristic predictions 30–39: seat 0 30 (took 20), 30 (30), 30 (30), 35 (40); seat 2 30 (40), 37 (37)
    calib = row(t["prediction_calibration"], strategy="heuristic", predicted="30–39")
    assert calib["predictions"] == 6 and calib["mean_points"] == pytest.approx(197 / 6)
    assert calib["mean_prediction"] == pytest.approx(192 / 6)


def test_differenzler_trump_odds(differenzler):
    _, _, t = differenzler
    turned = t["turned_trump"].set_index("suit")["deals"].to_dict()
    assert turned == {"Roses": 3, "Shields": 3, "Bells": 2, "Acorns": 1}
    ranks = t["turned_card_rank"].set_index("card")["deals"].to_dict()
    assert ranks["Ace"] == 3 and ranks["6"] == 2 and sum(ranks.values()) == 9
    dealer = row(t["points_by_trumps_held"], role="dealer", trumps_held=3)
    assert dealer["hands"] == 8 and dealer["mean_points"] == pytest.approx(238 / 8)
    assert row(t["trumps_held_by_role"], role="dealer")["mean_trumps_held"] == pytest.approx(28 / 9)


def test_differenzler_balance(differenzler):
    _, manifest, t = differenzler
    players = t["score_by_player"]
    assert list(players["mean_total"]) == [16, 31, 20, 30] and list(players["win_rate"]) == [0.5, 0, 0.5, 0]
    assert t["extra_deals"].set_index("extra_deals")["games"].to_dict() == {0: 1, 1: 1}
    assert "score_by_team" not in t
    # heuristic − random, per board: (17+15)/2 − (37+27)/2 = −16 and (15+25)/2 − (25+33)/2 = −9
    r = row(t["paired_strategies"], strategy_a="heuristic", strategy_b="random")
    assert r["diff_mean_total"] == -12.5 and r["diff_win_rate"] == 0.5
    assert np.isnan(r["diff_mean_total_lo"])                   # 2 boards: too few for an interval
    lines = J.summary(t, manifest)
    assert list(lines) == ["Bid accuracy", "Trump odds", "Scoring balance"] and all(lines.values())
    assert any(s.startswith("heuristic players missed their prediction by 4.0") for s in lines["Bid accuracy"])
    assert any("50.0 % of games were tied" in s for s in lines["Scoring balance"])


def test_rows_out_of_order_give_the_same_cube(differenzler, schieber):
    for records, (cube, manifest, _) in ((differenzler_records(), differenzler), (schieber_records(), schieber)):
        shuffled = {k: v[np.random.default_rng(3).permutation(len(v))] for k, v in records.items()}
        assert_cubes_equal(J.reduce(shuffled, manifest["study"]), cube)


# -- real records ---------------------------------------------------------------------------------
def play(study, chunk):
    first, n = study.chunk_bounds(chunk)
    return Engine(study).run_chunk(first, n, chunk_states(study.seed, chunk))


def concat(*parts):
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


def assert_cubes_equal(a, b):
    assert set(a) == set(b)
    for name in a:
        pd.testing.assert_frame_equal(a[name], b[name], obj=name)


@pytest.fixture(scope="module", params=["schieber", "differenzler"])
def real(request):
    """Duplicate seating, heuristic against random, 3 chunks of 4 boards."""
    study = Study.create("jass", variant=request.param, lineup=LINEUP, boards=12, seed=7,
                         seating="duplicate", chunk_boards=4)
    return study, [play(study, i) for i in range(study.n_chunks)]


def test_reduce_of_parts_combined_equals_reduce_of_the_whole(real):
    study, chunks = real
    whole = J.reduce(concat(*chunks), study)
    parts = [J.reduce(c, study) for c in chunks]
    assert_cubes_equal(J.combine(parts), whole)
    assert_cubes_equal(J.combine(parts[::-1]), whole)
    assert_cubes_equal(J.combine([J.combine(parts[:2]), parts[2]]), whole)
    assert_cubes_equal(J.combine([parts[0], J.combine(parts[1:])]), whole)
    expected = J.SCHIEBER_KEYS if study.variant == "schieber" else J.DIFFERENZLER_KEYS
    assert set(whole) == set(J.SHARED_KEYS) | set(expected)


def test_tables_agree_with_pandas_on_the_raw_records(real):
    study, chunks = real
    records = concat(*chunks)
    t = J.tables(J.reduce(records, study), {"study": study.to_dict()})
    deals, games = pd.DataFrame(records["deals"]), pd.DataFrame(records["games"])
    if study.variant == "schieber":
        first = deals[deals["position"] == 0]                    # one row per deal: the first hand's
        push = first.groupby("player")["pushed"].mean()
        assert list(t["push_rate_by_player"]["push_rate"]) == pytest.approx(list(push))
        whole = deals[deals["complete"] == 1]
        team_points = whole.groupby(["game", "deal", "team"])["points"].sum().unstack()
        per_deal = whole[whole["seat"] == whole["chooser"]].set_index(["game", "deal"])
        declared = [team_points.loc[i, team] for i, team in zip(per_deal.index, per_deal["team"])]
        by_mode = pd.Series(declared, index=per_deal["mode"].to_numpy()).groupby(level=0).mean()
        assert list(t["declarer_points_by_mode"]["mean_card_points"]) == pytest.approx(list(by_mode))
        assert (team_points.sum(axis=1) == 157).all()             # the engine's deals hold 157 card points
    else:
        error = deals.groupby("player")["penalty"].mean()
        assert list(t["prediction_error_by_player"]["mean_abs_error"]) == pytest.approx(list(error))
        # every rotation of a board turns the same cards: counted once per board and deal
        first_games = deals[deals["game"] % 4 == 0]
        assert t["turned_trump"]["deals"].sum() == len(first_games) // 4
    # heuristic (slots 0 and 2) − random, per board: the mean over its games, of total and of win
    side = np.where(games["player"] % 2 == 0, "heuristic", "random")
    for column, name in (("total", "diff_mean_total"), ("win", "diff_win_rate")):
        per_board = games.assign(side=side).groupby(["board", "side"])[column].mean().unstack()
        d = (per_board["heuristic"] - per_board["random"]).to_numpy(dtype=float)
        r = row(t["paired_strategies"], strategy_a="heuristic", strategy_b="random")
        assert r["boards"] == study.boards and r[name] == pytest.approx(d.mean())
        if d.std() > 0:
            assert (r[f"{name}_lo"], r[f"{name}_hi"]) == pytest.approx(t_interval(d))
    assert (t["score_by_player"]["games"] == study.boards * 4).all()


EXPECTED_PLOTS = {
    "schieber": {"modes_by_player.png", "declarer_points_by_mode.png", "trumps_held_odds.png", "weis_values.png",
                 "game_length.png", "score_balance.png", "paired_strategies.png", "total_distribution.png"},
    "differenzler": {"prediction_calibration.png", "prediction_error_by_player.png", "points_by_trumps_held.png",
                     "game_length.png", "score_balance.png", "paired_strategies.png", "total_distribution.png"},
}


def test_plots_are_written(real, tmp_path):
    study, chunks = real
    paths = J.plots(J.combine([J.reduce(c, study) for c in chunks]), {"study": study.to_dict()}, tmp_path)
    assert {p.name for p in paths} == EXPECTED_PLOTS[study.variant]
    for p in paths:
        assert p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and p.stat().st_size > 5000


@pytest.mark.parametrize("variant", ["schieber", "differenzler"])
def test_report_of_a_stored_run(variant, tmp_path):
    from sim.runner import run_study
    study = Study.create("jass", variant=variant, lineup=LINEUP, boards=4, seed=2, seating="duplicate",
                         chunk_boards=2)
    run_dir = run_study(study, tmp_path / "run", backend="serial", progress=False)
    result = report(run_dir)
    text = (run_dir / "report.md").read_text()
    for question in J.QUESTIONS[variant]:
        assert f"## {question}" in text and result.summary[question]
    assert result["score_by_player"]["games"].sum() == 4 * 4 * 4


def test_duplicate_schieber_says_team_win_rates_are_equal_instead_of_a_range(real):
    study, chunks = real
    if study.variant != "schieber":
        pytest.skip("teams of two are Schieber's")
    manifest = {"study": study.to_dict()}
    t = J.tables(J.reduce(concat(*chunks), study), manifest)
    teams = t["score_by_team"]
    assert len(teams) == 2 and teams["win_rate"].nunique() == 1      # the case: every team wins as often
    lines = J.summary(t, manifest)["Scoring balance"]
    assert any(s.startswith(f"Win rate is {percent(teams['win_rate'].iloc[0])} for every team: equal by design "
                            "of duplicate seating") for s in lines)
    assert not any("Win rate runs from" in s or "Win rate by team" in s for s in lines)


def test_weis_legends_cover_no_data(schieber):
    from analysis.jass_plots import weis_figure
    _, _, t = schieber
    fig = weis_figure(t, "hand-made")
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()       # the Agg canvas every figure gets
    with_legend = [ax for ax in fig.axes if ax.get_legend() is not None]
    assert len(with_legend) == 2
    for ax in with_legend:
        legend, area = ax.get_legend().get_window_extent(renderer), ax.get_window_extent(renderer)
        assert not legend.overlaps(area), ax.get_title()


# -- compared on common deals ------------------------------------------------------------------------
def test_compare_measures_schiebers_declaring_team_and_game_length(tmp_path):
    from paired_by_hand import assert_compared, compared_runs, every_row
    spec = dict(game="jass", variant="schieber", lineup=["heuristic"], boards=12, seed=5)
    a, b, comparison = compared_runs(tmp_path, spec, {"multipliers": "default"}, {"multipliers": "flat"})

    def over_half(d):        # the chooser's team's card points, summed over its two seats by hand
        team = {(g, k, t): p for (g, k, t), p in d.groupby(["game", "deal", "team"])["points"].sum().items()}
        return np.array([team[g, k, t] >= 79 for g, k, t in zip(d["game"], d["deal"], d["team"])])

    chooser = (lambda d: (d["seat"] == d["chooser"]) & (d["complete"] == 1))
    assert_compared(comparison, a, b, "over_half_rate", "deals", chooser, over_half, rate=True)
    assert_compared(comparison, a, b, "mean_deals", "games", every_row, lambda g: g["deals"], rate=False)
    assert comparison["mean_deals"].set_index("player").loc["all players", "diff_mean_deals"] != 0


def test_compare_measures_differenzlers_prediction_error(tmp_path):
    from paired_by_hand import assert_compared, compared_runs, every_row
    spec = dict(game="jass", variant="differenzler", lineup=["heuristic", "random", "heuristic", "random"],
                boards=12, seed=5, seating="duplicate")
    a, b, comparison = compared_runs(tmp_path, spec, {"predictions": "hidden"}, {"predictions": "open"})
    assert_compared(comparison, a, b, "mean_abs_error", "deals", every_row, lambda d: d["penalty"], rate=False)
    assert_compared(comparison, a, b, "exact_rate", "deals", every_row, lambda d: d["penalty"] == 0, rate=True)


def test_every_rate_interval_of_a_report_lies_in_its_range(tmp_path):
    # the heuristic team wins nearly every board against random: the t interval of the per-board
    # difference of win shares reached past 1 (diff_win_rate_hi 1.0004 in the default study)
    from report_checks import intervals_out_of_range, report_problems
    from sim.runner import run_study
    study = Study.create("jass", variant="schieber", lineup=["heuristic", "random", "heuristic", "random"],
                         boards=30, seed=12, seating="duplicate")      # one board of 30 split: 0.983
    run_dir = run_study(study, tmp_path / "run", backend="serial", progress=False)
    result = report(run_dir)
    paired = result["paired_strategies"].iloc[0]
    assert 0.95 < paired["diff_win_rate"] < 1 and paired["diff_win_rate_hi"] <= 1     # the t interval: 1.017
    assert report_problems(run_dir) == []
    assert intervals_out_of_range(sorted((run_dir / "report").glob("*.csv"))) == []
