"""French Tarot analysis: records -> cube -> tables, plots and the report."""
import numpy as np
import pandas as pd
import pytest

from analysis import tarot as T
from analysis.report import report
from sim import registry
from sim.games.tarot.records import DEALS, GAMES
from sim.rng_nb import chunk_states
from sim.study import Study
from sim.engine import Engine

# -- hand-made records: 4 players, fixed seating, game 0 of two deals, game 1 of one ------------------
#
# deal  taker contract  oudlers dealt/at end  made margin  score   dog oudlers/Kings  taker trumps dealt/after
#  A     0    Take          2 / 2               1    10     +35          1 / 0              6 / 8
#  B     1    Guard         1 / 1               0    -5     -60          0 / 2              5 / 7
#  C     2    Take          1 / 2               1     0     +25          0 / 1              7 / 9
# settlement: the taker 3 × score, each defender −score. In deal A seat 1 holds 9 trumps and the
# Excuse (a single handful as dealt) and shows it.
EXCUSE_BIT = np.uint64(1) << np.uint64(77 - 64)
DEALS_MADE = [
    # game, deal, taker, contract, dealt, at end, made, margin, score, dog oudlers, dog Kings, trumps dealt, after
    (0, 0, 0, 1, 2, 2, 1, 10, 35, 1, 0, 6, 8),
    (0, 1, 1, 2, 1, 1, 0, -5, -60, 0, 2, 5, 7),
    (1, 0, 2, 1, 1, 2, 1, 0, 25, 0, 1, 7, 9),
]
OTHER_TRUMPS = 3          # trumps dealt to every seat but the taker (and seat 1 in deal A)
REDEALS = {(0, 0): 0, (0, 1): 2, (1, 0): 1}


def hand_made_records():
    deals, totals = [], {}
    for game, deal, taker, contract, dealt, at_end, made, margin, score, dog_o, dog_k, trumps, after in DEALS_MADE:
        dealer = (deal + 3) % 4
        for seat in range(4):
            is_taker = seat == taker
            points = 3 * score if is_taker else -score
            totals[game, seat] = totals.get((game, seat), 0) + points
            handful_hand = (game, deal, seat) == (0, 0, 1)
            held = trumps if is_taker else (9 if handful_hand else OTHER_TRUMPS)
            deals.append((game, game, deal, seat, seat, dealer, (seat - dealer - 1) % 4, 0,
                          EXCUSE_BIT if handful_hand else 0, held, dealt if is_taker else 0, 1,
                          contract if is_taker else 0, int(is_taker), taker, contract, dog_o, dog_k, after, 0, at_end,
                          made, margin, 0, 1 if handful_hand else 0, 0, 0, score, points, totals[game, seat],
                          REDEALS[game, deal]))
    games = []
    for game in (0, 1):
        best = max(totals[game, s] for s in range(4))
        for seat in range(4):
            total = totals[game, seat]
            games.append((game, game, seat, seat, seat, 3, seat, total, 1 + sum(totals[game, s] > total for s in range(4)),
                          1.0 if total == best else 0.0, 2 - game, REDEALS[game, 0]))
    return {"deals": np.array(deals, dtype=DEALS), "games": np.array(games, dtype=GAMES)}


@pytest.fixture(scope="module")
def hand_made():
    study = Study.create("tarot", players=4, lineup=["heuristic", "random", "random", "random"], boards=2)
    manifest = {"study": study.to_dict()}
    cube = T.reduce(hand_made_records(), study)
    return cube, manifest, T.tables(cube, manifest)


def row(table, **where):
    mask = np.ones(len(table), dtype=bool)
    for column, value in where.items():
        mask &= (table[column] == value).to_numpy()
    assert mask.sum() == 1, f"expected one row with {where}, found {mask.sum()}"
    return table[mask].iloc[0]


def test_contracts_made_by_contract_and_by_oudlers(hand_made):
    _, _, t = hand_made
    by_contract = t["contract_success_by_contract"]
    assert [(str(r.contract), r.deals, r.made) for r in by_contract.itertuples()] == [("Take", 2, 2), ("Guard", 1, 0)]
    assert row(by_contract, contract="Take")["made_rate"] == 1.0
    assert np.isnan(row(by_contract, contract="Take")["made_rate_lo"])     # 2 deals: no interval
    oudlers = t["contract_success_by_oudlers"]
    dealt = oudlers[oudlers["counted"] == "dealt to the taker"]
    assert row(dealt, contract="Take", oudlers=1)["deals"] == 1
    assert row(dealt, contract="Guard", oudlers=1)["made_rate"] == 0.0
    at_end = oudlers[oudlers["counted"] == "the taker's side at the end"]
    assert row(at_end, contract="Take", oudlers=2)["deals"] == 2          # deal C ended with 2
    assert row(t["contract_success_by_player"], player="2 random", contract="Take")["made"] == 1


def test_margin_is_signed_by_the_result(hand_made):
    _, _, t = hand_made
    take = row(t["margin_by_contract"], contract="Take")
    assert (take["deals"], take["mean_margin"], take["min"], take["max"]) == (2, 5.0, 0, 10)
    guard = row(t["margin_by_contract"], contract="Guard")
    assert (guard["mean_margin"], guard["median"]) == (-5.0, -5)           # failed by 5
    assert row(t["margin_distribution"], contract="Take", margin=10)["share"] == 0.5


def test_bids_by_strategy_and_hand_strength(hand_made):
    _, _, t = hand_made
    bids = t["bids_by_strategy"]
    assert row(bids, strategy="heuristic", bid="Take")["hands"] == 1       # slot 0 took in deal A
    assert row(bids, strategy="heuristic", bid="pass")["hands"] == 2
    assert row(bids, strategy="random", bid="pass")["share"] == 7 / 9
    strength = t["bids_by_hand_strength"]
    assert row(strength, strategy="random", oudlers_held=0, trumps="3–5", bid="pass")["hands"] == 6


def test_trump_odds_dog_and_handfuls(hand_made):
    _, _, t = hand_made
    dog = t["dog_any_odds"]
    assert (row(dog, card="oudlers")["with_any"], row(dog, card="Kings")["with_any"]) == (1, 2)
    assert row(dog, card="Kings")["any_rate"] == 2 / 3
    assert row(t["dog_odds"], card="Kings", in_dog=2)["deals"] == 1
    single = row(t["handful_odds"], handful="single")
    assert (single["trumps_needed"], single["hands"], single["held"]) == (10, 12, 1)   # 9 trumps + the Excuse
    assert row(t["handful_odds"], handful="double")["held"] == 0
    shown = row(t["handful_shown"], strategy="random", role="defender", handful="single")
    assert shown["hands"] == 1
    takers = row(t["taker_trumps_by_contract"], contract="Take")
    assert (takers["mean_trumps_dealt"], takers["mean_taker_trumps"]) == (6.5, 8.5)
    assert row(t["oudlers_held_odds"], oudlers_held=1)["hands"] == 2


def test_settlement_of_the_taker_side_and_a_defender(hand_made):
    _, _, t = hand_made
    take = row(t["settlement_by_contract"], contract="Take")
    assert (take["mean_taker_side"], take["defender_hands"], take["mean_defender"]) == (90.0, 6, -30.0)
    guard = row(t["settlement_by_contract"], contract="Guard")
    assert (guard["mean_taker_side"], guard["mean_defender"]) == (-180.0, 60.0)
    per_count = row(t["deals_by_players"], players=4)
    assert (per_count["deals"], per_count["made"], per_count["redeals"]) == (3, 2, 3)
    assert row(t["settlement_by_role"], strategy="heuristic", role="taker")["mean_points"] == 105.0
    # the shared balance: game 0 totals 165, -215, 25, 25; game 1 -25, -25, 75, -25
    assert list(t["score_by_seat"]["mean_total"]) == [70.0, -120.0, 50.0, 0.0]


def test_summary_answers_every_question(hand_made):
    _, manifest, t = hand_made
    lines = T.summary(t, manifest)
    assert list(lines) == list(T.QUESTIONS)
    assert "Take: made 100.0 % of 2 deals." in lines["Bid accuracy"]
    assert any("dog holds at least one of the Kings in 66.7 %" in s for s in lines["Trump odds"])


# -- real records ---------------------------------------------------------------------------------
def play(study, chunk):
    first, n = study.chunk_bounds(chunk)
    return Engine(study).run_chunk(first, n, chunk_states(study.seed, chunk))


def concat(*parts):
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


def assert_cubes_equal(a, b):
    assert set(a) == set(b) == set(T.KEYS)
    for name in T.KEYS:
        pd.testing.assert_frame_equal(a[name], b[name], obj=name)


def test_reduce_of_chunks_combined_equals_reduce_of_the_whole():
    study = Study.create("tarot", players=4, lineup=["heuristic", "random", "heuristic", "random"], boards=12,
                         seed=5, seating="duplicate", chunk_boards=4)
    chunks = [play(study, i) for i in range(study.n_chunks)]
    whole = T.reduce(concat(*chunks), study)
    parts = [T.reduce(c, study) for c in chunks]
    assert_cubes_equal(T.combine(parts), whole)
    assert_cubes_equal(T.combine([T.combine(parts[:2]), parts[2]]), whole)
    # facts of the cards are counted once per board: its first game (of 4 rotations) only
    first_games = concat(*chunks)["deals"]
    first_games = first_games[first_games["game"] == first_games["board"] * 4]
    assert whole["holdings"]["n"].sum() == len(first_games)
    assert whole["dogs"]["n"].sum() == len(first_games) // 4


def test_a_small_study_reports_every_table_and_plot(tmp_path):
    from sim.runner import run_study
    study = Study.create("tarot", players=4, lineup=["heuristic"], boards=300, seed=3)
    result = report(run_study(study, tmp_path / "run", backend="serial", progress=False))
    out = tmp_path / "run" / "report"
    assert sorted(p.stem for p in out.glob("*.csv")) == sorted(result)
    assert {p.name for p in result.plots} == {p.name for p in out.glob("*.png")} >= {
        "contract_success_by_oudlers.png", "margin_distribution.png", "dog_odds.png", "score_balance.png"}
    deals = int(result["deals_by_players"]["deals"].sum())
    assert result["contract_success_by_contract"]["deals"].sum() == deals == result["dog_any_odds"]["deals"].iloc[0]
    # settlements are zero-sum: the taker's side pays or is paid by the defenders
    s = result["settlement_by_contract"]
    assert (s["deals"] * s["mean_taker_side"] + s["defender_hands"] * s["mean_defender"]).abs().max() < 1e-6
    assert result["trumps_held_odds"]["hands"].sum() == 4 * deals


def test_an_aggregate_run_reports_the_same_tables(tmp_path):
    from sim.runner import run_study
    spec = dict(game="tarot", players=3, lineup=["heuristic", "random", "heuristic"], boards=12, seed=4,
                chunk_boards=4)
    runs = [run_study(Study.create(**spec, aggregate=aggregate), tmp_path / str(aggregate), backend="serial",
                      progress=False) for aggregate in (False, True)]
    plain, aggregated = (report(r) for r in runs)
    assert sorted(plain) == sorted(aggregated)
    for name in plain:
        pd.testing.assert_frame_equal(plain[name], aggregated[name], obj=name)


# -- compared on common deals ------------------------------------------------------------------------
def test_compare_measures_contracts_made_and_the_takers_settlement(tmp_path):
    from paired_by_hand import assert_compared, compared_runs
    spec = dict(game="tarot", players=4, lineup=["heuristic", "random", "heuristic", "random"], boards=12,
                seed=5, seating="duplicate")
    a, b, comparison = compared_runs(tmp_path, spec, {"excuse_exchange": "fft"}, {"excuse_exchange": "none"})
    taker = (lambda d: d["role"] == 1)
    assert_compared(comparison, a, b, "made_rate", "deals", taker, lambda d: d["made"], rate=True)
    assert_compared(comparison, a, b, "mean_taker_points", "deals", taker, lambda d: d["points"], rate=False)
    # by player: the taker's slot
    by_taker = comparison["made_rate"].set_index("player")
    assert set(by_taker.index) == {"all players", "0 heuristic", "1 random", "2 heuristic", "3 random"}
