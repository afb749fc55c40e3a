"""Pitch analysis: records -> cube -> tables, summary and plots, on hand-made records of both
games (every sum checked by hand below) and on small studies of the engines."""
import numpy as np
import pandas as pd
import pytest

from analysis import pitch as A
from analysis.report import report
from sim import registry
from sim.games.pitch.records import DEALS, GAMES
from sim.rng_nb import chunk_states
from sim.study import Study
from sim.engine import Engine

AUCTION_LINEUP = ["heuristic", "random", "random", "random"]
TEN_POINT_LINEUP = ["heuristic", "random", "heuristic", "random"]


def bit(*cards) -> int:
    return sum(1 << c for c in cards)


def deal_rows(game, deal, dealer, bids, bidder, contract, trump, made, forced=0, hands=None, trumps=None,
              points=None, score=None, totals=None, high=None, low=None, jack=None, game_point=None, burned=None,
              burned_points=None, redeals=0, teams=False):
    """The four DEALS rows of one deal, seat by seat (lists are per seat; None reads 0)."""
    rows = []
    for s in range(4):
        def at(values, default=0):
            return default if values is None else values[s]
        rows.append((game, game, deal, s, s, dealer, (s - dealer - 1) % 4, s % 2 if teams else s,
                     at(hands), bids[s], bidder, contract, forced, trump, at(trumps), 0, at(high), at(low),
                     at(jack), at(game_point), 0, at(points), at(burned), at(burned_points), made, at(score),
                     at(totals), redeals))
    return rows


def game_rows(game, totals, wins, deals, end, redeals=0, teams=False, setbacks=(0, 0, 0, 0)):
    ranks = [1 + sum(t > totals[s] for t in totals) for s in range(4)]
    return [(game, game, s, s, s % 2 if teams else s, 3, s, totals[s], ranks[s], wins[s], totals[s], setbacks[s],
             deals, redeals, end) for s in range(4)]


# -- Auction, hand-made: 3 deals in 2 games, fixed seating (slot = seat) -----------------------------------
#
# deal  game dealer pitcher(pos) contract trump  Jack of trumps      points: High Low Jack Game   pitcher took
#  A     0    3     seat 0 (0)      3      S    dealt to seat 0     0    1    0    0      3 made
#  B     0    0     seat 0 (3)      2 forced H  not dealt           2    0    -    tied   1 set
#  C     1    3     seat 2 (2)      4 smudge D  dealt to seat 1     2    2    1    2      3 set
# score changes: A seat 0 +3, seat 1 +1; B seat 0 −2, seat 2 +1; C seat 2 −4, seat 1 +1
def auction_records():
    no_jack, tied = [-1] * 4, [-1] * 4
    deals = (
        deal_rows(0, 0, 3, [3, 0, 0, 0], 0, 3, 0, 1, hands=[bit(9), 0, 0, 0], trumps=[3, 1, 0, 2],
                  points=[3, 1, 0, 0], score=[3, 1, 0, 0], high=[1, 0, 0, 0], low=[0, 1, 0, 0], jack=[1, 0, 0, 0],
                  game_point=[1, 0, 0, 0])
        + deal_rows(0, 1, 0, [2, 0, 0, 0], 0, 2, 1, 0, forced=1, trumps=[2, 1, 1, 1], points=[1, 0, 1, 0],
                    score=[-2, 0, 1, 0], high=[0, 0, 1, 0], low=[1, 0, 0, 0], jack=no_jack, game_point=tied)
        + deal_rows(1, 0, 3, [0, 0, 4, 0], 2, 4, 2, 0, hands=[0, bit(35), 0, 0], trumps=[0, 1, 4, 1],
                    points=[0, 1, 3, 0], score=[0, 1, -4, 0], high=[0, 0, 1, 0], low=[0, 0, 1, 0], jack=[0, 1, 0, 0],
                    game_point=[0, 0, 1, 0], redeals=2))
    games = (game_rows(0, [3, -1, -1, -1], [1, 0, 0, 0], 2, 1, setbacks=(1, 0, 0, 0))
             + game_rows(1, [-1, 3, -1, -1], [0, 1, 0, 0], 1, 3, redeals=2, setbacks=(0, 0, 1, 0)))
    return {"deals": np.array(deals, dtype=DEALS), "games": np.array(games, dtype=GAMES)}


# -- Ten-point, hand-made: one game of 2 deals; teams 0+2 (slots heuristic) and 1+3 (random) --------------
#
# deal dealer bidder(pos) contract trump  Jack  Jick(holder)  BJ      LJ       points by seat   burned  made
#  D    3     seat 1 (1)     6      H    s1    D J: seat 3    seat 0  stock    2 4 0 3          1 (1 pt) 7 ≥ 6
#  E    0     seat 0 (3)  4 forced  S    s0    C J: seat 2    seat 1  seat 1   2 5 1 2          0        3 < 4
def ten_point_records():
    deals = (
        deal_rows(0, 0, 3, [0, 6, 0, 0], 1, 6, 1, 1, hands=[bit(53), bit(22), 0, bit(35)], trumps=[3, 5, 7, 2],
                  points=[2, 4, 0, 3], burned=[0, 0, 1, 0], burned_points=[0, 0, 1, 0], score=[0, 6, 0, 6],
                  teams=True)
        + deal_rows(0, 1, 0, [4, 0, 0, 0], 0, 4, 0, 0, forced=1, hands=[bit(9), bit(52, 53), bit(48), 0],
                    trumps=[4, 6, 3, 1], points=[2, 5, 1, 2], score=[-4, 7, -4, 7], teams=True))
    games = game_rows(0, [-4, 13, -4, 13], [0, 1, 0, 1], 2, 3, teams=True)
    return {"deals": np.array(deals, dtype=DEALS), "games": np.array(games, dtype=GAMES)}


def hand_made(variant):
    lineup = AUCTION_LINEUP if variant == "auction" else TEN_POINT_LINEUP
    records = auction_records() if variant == "auction" else ten_point_records()
    study = Study.create("pitch", variant=variant, lineup=lineup, boards=2)
    manifest = {"study": study.to_dict()}
    cube = A.reduce(records, study)
    return cube, manifest, A.tables(cube, manifest)


@pytest.fixture(scope="module")
def auction():
    return hand_made("auction")


@pytest.fixture(scope="module")
def ten_point():
    return hand_made("ten_point")


def row(table, **where):
    mask = np.ones(len(table), dtype=bool)
    for column, value in where.items():
        mask &= (table[column] == value).to_numpy()
    assert mask.sum() == 1, f"expected one row with {where}, found {mask.sum()}"
    return table[mask].iloc[0]


def test_auction_bids_made_points_taken_forced_and_smudges(auction):
    _, _, t = auction
    success = t["contract_success"]
    assert [(r.strategy, r.contract, r.deals, r.made, r.mean_points) for r in success.itertuples()] == [
        ("heuristic", 2, 1, 0, 1.0), ("heuristic", 3, 1, 1, 3.0), ("random", 4, 1, 0, 3.0)]
    assert np.isnan(row(success, contract=3)["made_rate_lo"])          # one deal: no interval
    by_position = t["contract_success_by_position"]
    assert row(by_position, strategy="heuristic", position=3, contract=2)["order"] == "dealer"
    assert row(by_position, position=2, contract=4)["made"] == 0
    assert row(t["points_by_contract"], contract=4, points=3)["share"] == 1.0
    forced = t["forced_bids"]
    assert row(forced, strategy="heuristic", bidding="forced on the dealer")["share"] == 0.5
    assert row(forced, strategy="heuristic", bidding="won")["made"] == 1
    smudge = row(t["smudges"], strategy="random")
    assert (smudge["attempts"], smudge["made"]) == (1, 0)
    bids = t["bids_by_position"]
    assert row(bids, strategy="random", position=1, bid=0)["hands"] == 3   # seats 1, 2, 1 passed at 2nd hand
    assert row(bids, strategy="heuristic", position=3, bid=2)["hands"] == 1


def test_auction_points_in_play_and_the_jack(auction):
    _, _, t = auction
    in_play = t["points_in_play"].set_index("point")
    assert list(in_play.index) == ["High", "Low", "Jack", "Game"]
    assert list(in_play["deals"]) == [3, 3, 3, 3]
    assert list(in_play["in_play"]) == [3, 3, 2, 2]                     # deal B: Jack not dealt, Game tied
    assert list(in_play["to_pitcher"]) == [2, 2, 1, 2]
    assert in_play.loc["Jack", "pitcher_rate"] == 0.5
    assert row(t["point_winners"], strategy="heuristic", point="Game", contract=2, winner="nobody")["deals"] == 1
    holders = t["trump_card_holders"]
    assert set(holders["card"]) == {"Jack of trumps"}
    assert [(r.strategy, r.holder, r.deals, r.made, r.share) for r in holders.itertuples()] == [
        ("heuristic", "the pitcher", 1, 1, 0.5), ("heuristic", "not dealt", 1, 0, 0.5),
        ("random", "an opponent", 1, 0, 1.0)]
    made = t["made_by_trumps"]
    assert row(made, contract=3, trumps_dealt=3)["made_rate"] == 1.0
    assert row(t["bidder_trumps_by_contract"], contract=4)["mean_trumps_dealt"] == 4.0
    assert "burned_points" not in t


def test_auction_deals_by_position_and_game_length(auction):
    _, _, t = auction
    pos = t["deals_by_position"].set_index("position")
    assert list(pos["hands"]) == [3, 3, 3, 3]
    assert list(pos["bidder"]) == [1, 0, 1, 1]
    assert np.allclose(pos["mean_score"], [1.0, 1.0, -4 / 3, -2 / 3])
    assert np.allclose(pos["mean_points"], [1.0, 1.0, 1.0, 1 / 3])
    assert pos.loc[3, "order"] == "dealer"
    role = t["score_by_role"]
    assert row(role, strategy="heuristic", role="bidder")["mean_score"] == 0.5
    assert "partner" not in set(role["role"])
    length = t["game_length_summary"].iloc[0]
    assert (length["games"], length["mean_deals"], length["redeals_per_game"]) == (2, 1.5, 1.0)
    assert list(t["game_ends"]["how"]) == ["the target reached", "the deal limit"]
    assert list(t["score_by_seat"]["mean_total"]) == [1.0, 1.0, -1.0, -1.0]
    assert "score_by_team" not in t                                        # every seat plays for itself
    setbacks = t["setbacks_by_strategy"].set_index("strategy")
    assert (setbacks.loc["heuristic", "games"], setbacks.loc["heuristic", "mean_setbacks"]) == (2, 0.5)
    assert setbacks.loc["random", "mean_setbacks"] == 1 / 6


def test_ten_point_teams_key_trumps_and_burned_points(ten_point):
    _, _, t = ten_point
    success = t["contract_success"]
    assert [(r.strategy, r.contract, r.made, r.mean_points) for r in success.itertuples()] == [
        ("heuristic", 4, 0, 3.0), ("random", 6, 1, 7.0)]                     # the bidding team's points
    assert "smudges" not in t and "points_in_play" not in t
    holders = t["trump_card_holders"]
    assert holders.query("card == 'Jack of trumps' and holder == 'the bidder'")["deals"].sum() == 2
    assert row(holders, strategy="random", card="Jick", holder="the bidder's partner")["made"] == 1
    assert row(holders, strategy="heuristic", card="High Joker", holder="an opponent")["share"] == 1.0
    assert row(holders, strategy="random", card="Low Joker", holder="the stock")["deals"] == 1
    assert row(holders, strategy="heuristic", card="Low Joker", holder="an opponent")["made_rate"] == 0.0
    burned = t["burned_points"]
    assert list(zip(burned["burned"], burned["burned_points"], burned["deals"])) == [(0, 0, 1), (1, 1, 1)]
    role = t["score_by_role"]
    assert row(role, strategy="random", role="partner")["mean_score"] == 6.0
    assert row(role, strategy="heuristic", role="partner")["mean_score"] == -4.0
    assert row(t["score_by_team"], team="team 1 (seats 1+3)")["wins"] == 1


@pytest.mark.parametrize("variant", ["auction", "ten_point"])
def test_summary_and_plots_of_hand_made_records(variant, tmp_path):
    cube, manifest, t = hand_made(variant)
    lines = A.summary(t, manifest)
    assert list(lines) == list(A.QUESTIONS)
    if variant == "auction":
        assert "Jack: in play in 66.7 % of deals (the rest not dealt), won by the pitcher in 50.0 %." in lines[
            "Trump odds"]
        assert "random tried 1 smudge and made 0.0 %." in lines["Bid accuracy"]
    else:
        assert "Trumps were burned in 50.0 % of deals, points in 50.0 % (0.50 points a deal on average, of the 10 in " \
               "play)." in lines["Trump odds"]
    drawn = A.plots(cube, manifest, tmp_path, t)
    assert all(p.stem in t for p in drawn)
    assert ("points_in_play.png" in {p.name for p in drawn}) == (variant == "auction")


def test_cubes_add_up(auction):
    records = auction_records()
    study = Study.create("pitch", variant="auction", lineup=AUCTION_LINEUP, boards=2)
    first = {k: v[v["game"] == 0] for k, v in records.items()}
    second = {k: v[v["game"] == 1] for k, v in records.items()}
    whole = A.reduce(records, study)
    parts = A.combine([A.reduce(first, study), A.reduce(second, study)])
    assert set(parts) == set(A.KEYS)
    for name in A.KEYS:
        pd.testing.assert_frame_equal(parts[name], A.combine([whole])[name], obj=name)


# -- real records ---------------------------------------------------------------------------------
def play(study, chunk):
    first, n = study.chunk_bounds(chunk)
    return Engine(study).run_chunk(first, n, chunk_states(study.seed, chunk))


@pytest.mark.parametrize("variant", ["auction", "ten_point"])
def test_chunks_of_a_study_add_up_and_recount_the_records(variant):
    lineup = AUCTION_LINEUP if variant == "auction" else TEN_POINT_LINEUP
    study = Study.create("pitch", variant=variant, lineup=lineup, boards=24, seed=5, seating="duplicate",
                         chunk_boards=8)
    chunks = [play(study, i) for i in range(study.n_chunks)]
    whole = {k: np.concatenate([c[k] for c in chunks]) for k in chunks[0]}
    one = A.reduce(whole, study)
    parts = [A.reduce(c, study) for c in chunks]
    for name in A.KEYS:
        pd.testing.assert_frame_equal(A.combine(parts)[name], A.combine([one])[name], obj=name)
    t = A.tables(A.combine(parts), {"study": study.to_dict()})
    d = whole["deals"]
    bidders = d[d["seat"] == d["bidder"]]
    assert t["contract_success"]["deals"].sum() == len(bidders) == len(d) // 4
    assert t["contract_success"]["made"].sum() == bidders["made"].sum()
    assert t["forced_bids"].query("bidding == 'forced on the dealer'")["deals"].sum() == bidders["forced"].sum()
    positions = t["deals_by_position"]
    assert (positions["hands"] == len(bidders)).all() and positions["bidder"].sum() == len(bidders)
    assert np.isclose((positions["hands"] * positions["mean_score"]).sum(), d["score"].sum())
    dealt = t["trump_card_holders"]
    assert (dealt.groupby("card", observed=True)["deals"].sum() == len(bidders)).all()
    if variant == "auction":
        jack = t["points_in_play"].set_index("point").loc["Jack"]
        assert jack["in_play"] == np.sum(bidders["jack"] != -1)
        assert dealt.loc[dealt["holder"] == "not dealt", "deals"].sum() == np.sum(bidders["jack"] == -1)
        game = t["points_in_play"].set_index("point").loc["Game"]
        assert game["in_play"] == np.sum(bidders["game_point"] != -1)
    else:
        burned = t["burned_points"]
        for col in ("burned", "burned_points"):
            assert (burned[col] * burned["deals"]).sum() == d[col].sum()
    g = whole["games"]
    assert t["game_length_summary"]["games"].iloc[0] == len(g) // 4
    if variant == "auction":
        setbacks = t["setbacks_by_strategy"]
        assert np.isclose((setbacks["games"] * setbacks["mean_setbacks"]).sum(), g["setbacks"].sum())


@pytest.mark.parametrize("variant", ["auction", "ten_point"])
def test_a_small_study_reports_every_table_and_plot(variant, tmp_path):
    from sim.runner import run_study
    lineup = AUCTION_LINEUP if variant == "auction" else TEN_POINT_LINEUP
    study = Study.create("pitch", variant=variant, lineup=lineup, boards=60, seed=3, seating="duplicate")
    result = report(run_study(study, tmp_path / "run", backend="serial", progress=False))
    out = tmp_path / "run" / "report"
    assert sorted(p.stem for p in out.glob("*.csv")) == sorted(result)
    assert {p.name for p in result.plots} == {p.name for p in out.glob("*.png")} >= {
        "contract_success_by_position.png", "points_by_contract.png", "made_by_trumps.png",
        "trump_card_holders.png", "deals_by_position.png", "game_length.png", "score_balance.png"}
    if variant == "auction":         # the settlement is zero-sum
        assert abs(result["score_by_seat"]["mean_total"].sum()) < 1e-9


def test_an_aggregate_run_reports_the_same_tables(tmp_path):
    from sim.runner import run_study
    spec = dict(game="pitch", variant="auction", lineup=AUCTION_LINEUP, boards=12, seed=4, chunk_boards=4,
                options={"all_pass": "redeal"})
    runs = [run_study(Study.create(**spec, aggregate=aggregate), tmp_path / str(aggregate), backend="serial",
                      progress=False) for aggregate in (False, True)]
    plain, aggregated = (report(r) for r in runs)
    assert sorted(plain) == sorted(aggregated)
    for name in plain:
        pd.testing.assert_frame_equal(plain[name], aggregated[name], obj=name)


# -- compared on common deals ------------------------------------------------------------------------
def test_compare_measures_bids_made_and_game_length(tmp_path):
    from paired_by_hand import assert_compared, compared_runs, every_row
    spec = dict(game="pitch", variant="auction", lineup=AUCTION_LINEUP, boards=12, seed=5, seating="duplicate")
    a, b, comparison = compared_runs(tmp_path, spec, {"all_pass": "dealer_forced"}, {"all_pass": "redeal"})
    bidder = (lambda d: d["seat"] == d["bidder"])
    assert_compared(comparison, a, b, "made_rate", "deals", bidder, lambda d: d["made"], rate=True)
    assert_compared(comparison, a, b, "mean_deals", "games", every_row, lambda g: g["deals"], rate=False)
