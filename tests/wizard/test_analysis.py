"""Wizard / Oh Hell analysis: records -> cube -> tables, plots and the report."""
import math

import numpy as np
import pandas as pd
import pytest

from analysis import balance
from analysis import plots as P
from analysis import wizard as W
from analysis.balance_plots import balance_figure
from analysis.common import MIN_OBSERVATIONS, with_rate
from analysis.report import (Report, display_frame, format_for_terminal, markdown_table, report,
                             write_report)
from analysis.stats import t_quantile
from sim import registry
from sim.games.wizard.records import DEALS, GAMES
from sim.rng_nb import chunk_states
from sim.study import Study
from sim.engine import Engine

# -- a hand-made Oh Hell run: 3 players, fixed seating, 2 games of 2 rounds -------------------
#
# lineup: slot 0 heuristic, slots 1 and 2 random. Classic scoring (tricks, +10 when exact).
# game 0, first dealer 2          game 1, first dealer 0
#   round 0 (1 card, suit turned)    round 0 (1 card, suit turned)
#     seat bid tricks score trumps     seat bid tricks score trumps
#      0    1    1     11    1          0    1    1     11    1
#      1    0    0     10    0          1    0    0     10    0
#      2    1    0      0    0          2    0    0     10    0
#   round 1 (2 cards, no card left)  round 1 (2 cards, suit turned)
#      0    0    1      1    0          0    0    0     10    0
#      1    1    1     11    0          1    1    1     11    2
#      2    0    0     10    0          2    0    1      1    0
# totals: game 0: 12, 21, 10 (seat 1 wins); game 1: 21, 21, 11 (seats 0 and 1 share the win)
HAND_MADE = [
    # game, first dealer, round, hand size, trump kind, [(bid, tricks, score, trumps held) per seat]
    (0, 2, 0, 1, 0, [(1, 1, 11, 1), (0, 0, 10, 0), (1, 0, 0, 0)]),
    (0, 2, 1, 2, 2, [(0, 1, 1, 0), (1, 1, 11, 0), (0, 0, 10, 0)]),
    (1, 0, 0, 1, 0, [(1, 1, 11, 1), (0, 0, 10, 0), (0, 0, 10, 0)]),
    (1, 0, 1, 2, 0, [(0, 0, 10, 0), (1, 1, 11, 2), (0, 1, 1, 0)]),
]
TOTALS = {0: [12, 21, 10], 1: [21, 21, 11]}
WINS = {0: [0.0, 1.0, 0.0], 1: [0.5, 0.5, 0.0]}
RANKS = {0: [2, 1, 3], 1: [1, 1, 3]}
FIRST_DEALER = {0: 2, 1: 0}


def hand_made_records():
    deals = []
    running = {}
    for game, first_dealer, rnd, hand, kind, seats in HAND_MADE:
        dealer = (first_dealer + rnd) % 3
        for seat, (bid, tricks, score, trumps) in enumerate(seats):
            running[game, seat] = running.get((game, seat), 0) + score
            deals.append((game, game, rnd, hand, seat, seat, dealer, (seat - dealer - 1) % 3, bid, tricks,
                          score, running[game, seat], 0 if kind == 0 else -1, kind, trumps, 0, 0))
    games = [(game, game, seat, seat, seat, FIRST_DEALER[game], (seat - FIRST_DEALER[game] - 1) % 3,
              TOTALS[game][seat], RANKS[game][seat], WINS[game][seat]) for game in (0, 1) for seat in range(3)]
    records = {"deals": np.array(deals, dtype=DEALS), "games": np.array(games, dtype=GAMES)}
    assert all(running[g, s] == TOTALS[g][s] for g in (0, 1) for s in range(3))   # the table above adds up
    return records


@pytest.fixture(scope="module")
def hand_made():
    study = Study.create("oh_hell", players=3, lineup=["heuristic", "random", "random"], boards=2)
    manifest = {"study": study.to_dict()}
    cube = W.reduce(hand_made_records(), study)
    return cube, manifest, W.tables(cube, manifest)


def row(table, **where):
    mask = np.ones(len(table), dtype=bool)
    for column, value in where.items():
        mask &= (table[column] == value).to_numpy()
    assert mask.sum() == 1, f"expected one row with {where}, found {mask.sum()}"
    return table[mask].iloc[0]


def test_exact_bids_by_player_strategy_position_and_hand_size(hand_made):
    _, _, t = hand_made
    assert [(r.player, r.bids, r.exact) for r in t["bid_exact_by_player"].itertuples()] == [
        ("0 heuristic", 4, 3), ("1 random", 4, 4), ("2 random", 4, 2)]
    assert row(t["bid_exact_by_strategy"], strategy="random")["exact_rate"] == 6 / 8
    assert row(t["bid_exact_by_hand_size"], hand_size=2, strategy="heuristic")["exact_rate"] == 1 / 2
    assert row(t["bid_exact_by_hand_size"], hand_size=1, strategy="random")["exact_rate"] == 3 / 4
    by_position = t["bid_exact_by_position"]
    assert list(by_position["order"]) == ["first hand", "2nd hand", "dealer"]
    assert list(by_position["exact"]) == [3, 4, 2]


def test_rates_carry_wilson_intervals_from_the_minimum_of_observations_on():
    rates = with_rate(pd.DataFrame({"k": [12, 4], "n": [12, 4]}), "k", "n", "rate")
    enough, few = rates.iloc[0], rates.iloc[1]
    assert MIN_OBSERVATIONS == 10
    assert enough["rate_hi"] == 1.0
    assert enough["rate_lo"] == pytest.approx(12 / (12 + 1.959964**2), abs=1e-6)   # Wilson lower at k = n
    assert few["rate"] == 1.0 and np.isnan(few["rate_lo"]) and np.isnan(few["rate_hi"])


def test_estimates_from_too_few_observations_have_no_interval(hand_made):
    _, _, t = hand_made
    r = row(t["bid_exact_by_player"], player="1 random")          # 4 of 4
    assert r["exact_rate"] == 1.0 and np.isnan(r["exact_rate_lo"]) and np.isnan(r["exact_rate_hi"])
    r = row(t["bid_calibration"], strategy="random", bid=0)        # 5 bids
    assert np.isnan(r["mean_tricks_lo"]) and np.isnan(r["mean_tricks_hi"])
    r = row(t["paired_players"], player_a="0 heuristic", player_b="1 random")     # 2 boards
    assert np.isnan(r["diff_mean_total_lo"]) and "too few boards" in r["verdict"]


def test_bid_matrix_calibration_and_miss(hand_made):
    _, _, t = hand_made
    matrix = t["bid_vs_tricks"]
    heuristic_zero = matrix[(matrix["strategy"] == "heuristic") & (matrix["bid"] == 0)]
    assert list(heuristic_zero["tricks"]) == [0, 1] and list(heuristic_zero["share_of_bid"]) == [0.5, 0.5]
    # random players bid 0 five times and took 0, 0, 0, 0, 1 tricks: mean 0.2, sd sqrt(0.2)
    r = row(t["bid_calibration"], strategy="random", bid=0)
    assert r["bids"] == 5 and r["mean_tricks"] == pytest.approx(0.2)
    miss = t["bid_miss"]
    assert row(miss, strategy="random", miss=1)["bids"] == 1          # bid 0, took 1
    assert row(miss, strategy="random", miss=-1)["bids"] == 1         # bid 1, took 0
    assert row(miss, strategy="random", miss=0)["share"] == 6 / 8


def test_sum_of_bids_against_the_cards(hand_made):
    _, _, t = hand_made
    one, two = t["bid_totals_by_hand_size"].itertuples()
    # 1 card: bids 2 (over) and 1 (equal); 2 cards: bids 1 and 1 (both under)
    assert (one.deals, one.over_share, one.equal_share, one.under_share, one.mean_excess) == (2, 0.5, 0.5, 0.0, 0.5)
    assert (two.deals, two.under_share, two.mean_excess) == (2, 1.0, -1.0)


def test_trump_outcomes_and_tricks_by_trumps_held(hand_made):
    _, _, t = hand_made
    outcomes = t["trump_outcomes"].set_index("outcome")
    assert outcomes.loc["suit turned up", "deals"] == 3 and outcomes.loc["suit turned up", "share"] == 0.75
    assert outcomes.loc["no card left: no trump", "deals"] == 1
    vs = t["tricks_by_trumps_held"]          # deals with a trump suit only
    assert row(vs, hand_sizes="1", trumps_held=1)["mean_tricks"] == 1.0
    assert row(vs, hand_sizes="1", trumps_held=0)["hands"] == 4
    assert row(vs, hand_sizes="2", trumps_held=0)["mean_tricks"] == 0.5
    odds = t["trumps_held_odds"]
    assert row(odds, hand_size=1, trumps_held=1)["share"] == pytest.approx(2 / 6)
    assert "tricks_by_wizards_held" not in t                      # Oh Hell has no Wizards


def test_scoring_balance_by_player_seat_and_start_position(hand_made):
    _, _, t = hand_made
    by_player = t["score_by_player"]
    assert list(by_player["mean_total"]) == [16.5, 21.0, 10.5]
    assert list(by_player["wins"]) == [0.5, 1.5, 0.0]            # a shared win counts half
    assert list(by_player["win_rate"]) == [0.25, 0.75, 0.0]
    assert np.isnan(by_player["mean_total_lo"]).all()              # 2 games each: too few for an interval
    start = t["score_by_start_position"]                           # first hand: seat 0 of game 0, seat 1 of game 1
    assert row(start, start_position=0)["mean_total"] == (12 + 21) / 2
    assert row(t["score_by_strategy"], strategy="random")["mean_total"] == (21 + 10 + 21 + 11) / 4
    assert list(t["round_score_by_position"]["rounds"]) == [4, 4, 4]


def test_paired_comparisons_on_common_boards(hand_made):
    _, _, t = hand_made
    # boards (games) 0 and 1: slot 0 − slot 1 = 12 − 21 and 21 − 21
    r = row(t["paired_players"], player_a="0 heuristic", player_b="1 random")
    assert r["boards"] == 2 and r["diff_mean_total"] == -4.5
    # wins: game 0 slot 1 alone (0 − 1), game 1 shared by slots 0 and 1 (0.5 − 0.5)
    assert r["diff_win_rate"] == pytest.approx(-0.5)
    # heuristic − mean of the two random slots: 12 − 15.5 and 21 − 16
    s = row(t["paired_strategies"], strategy_a="heuristic", strategy_b="random")
    assert s["diff_mean_total"] == pytest.approx((-3.5 + 5) / 2)


def test_total_distribution(hand_made):
    _, _, t = hand_made
    r = row(t["total_distribution"], strategy="random")            # 10, 11, 21, 21
    assert (r["games"], r["min"], r["median"], r["max"]) == (4, 10, 11, 21)


def test_summary_speaks_of_each_strategy(hand_made):
    _, manifest, t = hand_made
    lines = W.summary(t, manifest)
    assert set(lines) == set(W.QUESTIONS)
    assert any(s.startswith("heuristic players bid exactly 75.0 %") for s in lines["Bid accuracy"])


# -- real records -----------------------------------------------------------------------------
def play(study, chunk):
    first, n = study.chunk_bounds(chunk)
    return Engine(study).run_chunk(first, n, chunk_states(study.seed, chunk))


def concat(*parts):
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


@pytest.fixture(scope="module")
def wizard_duplicate():
    """3-player duplicate Wizard, 3 chunks of 4 boards (enough boards for a paired interval)."""
    study = Study.create("wizard", players=3, lineup=["heuristic", "random", "heuristic"], boards=12,
                         seed=11, seating="duplicate", chunk_boards=4)
    return study, [play(study, i) for i in range(study.n_chunks)]


def assert_cubes_equal(a, b):
    assert set(a) == set(b) == set(W.KEYS)
    for name in W.KEYS:
        pd.testing.assert_frame_equal(a[name], b[name], obj=name)


def test_reduce_of_parts_combined_equals_reduce_of_the_whole(wizard_duplicate):
    study, chunks = wizard_duplicate
    whole = W.reduce(concat(*chunks), study)
    parts = [W.reduce(c, study) for c in chunks]
    assert_cubes_equal(W.combine(parts), whole)
    assert_cubes_equal(W.combine(parts[::-1]), whole)
    assert_cubes_equal(W.combine([W.combine(parts[:2]), parts[2]]), whole)
    assert_cubes_equal(W.combine([parts[0], W.combine(parts[1:])]), whole)
    assert_cubes_equal(W.combine([whole]), whole)


def test_reduce_reads_rows_in_any_order_and_none(wizard_duplicate):
    study, chunks = wizard_duplicate
    records = concat(*chunks)
    rng = np.random.default_rng(4)
    shuffled = {table: rows[rng.permutation(len(rows))] for table, rows in records.items()}
    assert_cubes_equal(W.reduce(shuffled, study), W.reduce(records, study))
    empty = W.reduce({table: rows[:0] for table, rows in records.items()}, study)
    whole = W.reduce(records, study)
    for name in W.KEYS:
        assert len(empty[name]) == 0 and list(empty[name].columns) == list(whole[name].columns), name


def test_tables_agree_with_pandas_on_the_raw_records(wizard_duplicate):
    study, chunks = wizard_duplicate
    records = concat(*chunks)
    manifest = {"study": study.to_dict()}
    t = W.tables(W.reduce(records, study), manifest)
    deals, games = pd.DataFrame(records["deals"]), pd.DataFrame(records["games"])
    exact = (deals["bid"] == deals["tricks"]).groupby(deals["player"]).mean()
    assert list(t["bid_exact_by_player"]["exact_rate"]) == pytest.approx(list(exact))
    # every deal's cards are played 3 times; how trump was decided is counted once per deal
    assert t["trump_outcomes"]["deals"].sum() == study.boards * 20
    # heuristic (slots 0 and 2) − random (slot 1): per board, mean over its games
    per_board = games.assign(side=np.where(games["player"] == 1, "random", "heuristic")) \
        .groupby(["board", "side"])["total"].mean().unstack()
    d = (per_board["heuristic"] - per_board["random"]).to_numpy()
    half = t_quantile(len(d) - 1) * d.std(ddof=1) / math.sqrt(len(d))
    r = row(t["paired_strategies"], strategy_a="heuristic", strategy_b="random")
    assert r["boards"] == study.boards
    assert (r["diff_mean_total"], r["diff_mean_total_lo"], r["diff_mean_total_hi"]) == pytest.approx(
        (d.mean(), d.mean() - half, d.mean() + half))
    # with duplicate seating each slot sat in every seat once per board
    assert (t["score_by_player"]["games"] == study.boards * 3).all()


def test_the_hook_means_bids_never_add_up_to_the_cards():
    # Oh Hell's default dealer_restriction "always": the dealer may never make the bids add up
    study = Study.create("oh_hell", players=4, lineup=["random"], boards=3, seed=5)
    t = W.tables(W.reduce(play(study, 0), study), {"study": study.to_dict()})
    totals = t["bid_totals_by_hand_size"]
    assert totals["deals"].sum() == 3 * 25 and (totals["equal_share"] == 0).all()


def test_wizard_tables_include_wizards_held(wizard_duplicate):
    study, chunks = wizard_duplicate
    t = W.tables(W.reduce(chunks[0], study), {"study": study.to_dict()})
    assert "tricks_by_wizards_held" in t and "wizards_held_odds" in t
    # every hand dealt counts once: 4 boards x 20 rounds x 3 seats
    assert t["wizards_held_odds"]["hands"].sum() == 4 * 20 * 3


# -- plots and the report ----------------------------------------------------------------------
EXPECTED_PLOTS = {"bid_exact_by_hand_size.png", "bid_vs_tricks.png", "bid_calibration.png",
                  "trump_outcomes_by_deal.png", "tricks_by_trumps_held.png", "score_balance.png",
                  "paired_strategies.png", "total_distribution.png"}


def test_plots_are_written(wizard_duplicate, tmp_path):
    study, chunks = wizard_duplicate
    paths = W.plots(W.combine([W.reduce(c, study) for c in chunks]), {"study": study.to_dict()}, tmp_path)
    assert {p.name for p in paths} == EXPECTED_PLOTS
    for p in paths:
        assert p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and p.stat().st_size > 5000


def test_write_report_mentions_each_question_and_links_its_files(hand_made, tmp_path):
    cube, manifest, t = hand_made
    plots = W.plots(cube, manifest, tmp_path / "report", t)
    path = write_report(tmp_path, t, plots, manifest)
    text = path.read_text()
    for question in W.QUESTIONS:
        assert f"## {question}" in text
    assert "heuristic players bid exactly 75.0 %" in text
    for p in plots:
        assert f"(report/{p.name})" in text
    assert len(list((tmp_path / "report").glob("*.csv"))) == len(t)
    csv = pd.read_csv(tmp_path / "report" / "score_by_player.csv")
    assert list(csv["mean_total"]) == [16.5, 21.0, 10.5]


def test_report_of_a_stored_run(tmp_path):
    from sim.runner import run_study
    study = Study.create("oh_hell", players=3, lineup=["heuristic", "random", "random"], boards=4,
                         seed=2, seating="duplicate", chunk_boards=2, options={"rounds": "up"})
    run_dir = run_study(study, tmp_path / "run", backend="serial", progress=False)
    result = report(run_dir)
    assert isinstance(result, Report) and (run_dir / "report.md").is_file()
    assert result["score_by_player"]["games"].sum() == 4 * 3 * 3
    text = format_for_terminal(result)
    assert "Bid accuracy" in text and "Exact bids by strategy" in text and "heuristic" in text


def test_markdown_merges_estimates_with_their_intervals():
    frame = pd.DataFrame({"who": ["a"], "n": [12345], "exact_rate": [0.412], "exact_rate_lo": [0.408],
                          "exact_rate_hi": [0.416], "mean": [-3.25], "mean_lo": [float("nan")],
                          "mean_hi": [float("nan")]})
    shown = display_frame(frame)
    assert list(shown.columns) == ["who", "n", "exact_rate (95 % CI)", "mean (95 % CI)"]
    assert shown.iloc[0].tolist() == ["a", "12,345", "41.2 % (40.8 % to 41.6 %)", "-3.250"]
    lines = markdown_table(frame).splitlines()
    assert lines[0].startswith("| who |") and set(lines[1]) <= {"|", "-", ":"}
    assert len({len(line) for line in lines}) == 1        # padded: it reads as plain text too


# -- summaries that say something ----------------------------------------------------------------
def test_a_shared_win_is_explained_in_the_summary(hand_made):
    _, manifest, t = hand_made            # game 1: seats 0 and 1 share the win
    lines = W.summary(t, manifest)["Scoring balance"]
    assert any("credited 1/k of a win" in s for s in lines)


def test_a_single_hand_size_is_named_as_it_is():
    # oh_hell rounds=10: every round deals 10 cards, which is "10", not a range "9–10"
    assert list(W.hand_size_buckets(pd.Series([10, 10, 10])).categories) == ["10"]
    assert list(W.hand_size_buckets(pd.Series(range(1, 16))).categories) == ["1–3", "4–6", "7–9", "10–12", "13–15"]


def test_too_few_observations_print_no_interval():
    frame = pd.DataFrame({"games": [2], "mean_total": [5.0], "mean_total_lo": [float("nan")],
                          "mean_total_hi": [float("nan")], "diff": [-0.0001], "diff_lo": [-0.0002],
                          "diff_hi": [0.0001]})
    assert display_frame(frame).iloc[0].tolist() == ["2", "5", "0.000"]      # not "5 (– to –)", not "-0.000"


def score_tables(win_rates, totals, key="seat", half=0.08):
    """A score table of 100 games per row; win rate intervals ± ``half``, total intervals ± 1."""
    return pd.DataFrame({key: range(len(win_rates)), "games": 100, "wins": [100 * w for w in win_rates],
                         "mean_total": totals, "mean_total_lo": [x - 1 for x in totals],
                         "mean_total_hi": [x + 1 for x in totals], "win_rate": win_rates,
                         "win_rate_lo": [w - half for w in win_rates], "win_rate_hi": [w + half for w in win_rates]})


def test_equal_results_are_said_once_instead_of_as_a_range():
    seats = score_tables([0.25] * 4, [3.8] * 4)
    tabs = {"score_by_seat": seats, "score_by_player": seats.rename(columns={"seat": "player"})}
    lines = balance.summary(tabs, {"seating": "duplicate"})
    assert "Win rate is 25.0 % for every seat: equal by design of duplicate seating" in lines[0]
    assert lines[1].startswith("Mean game total is 3.8 for every seat")
    assert not any("lowest" in s for s in lines)


def test_differences_between_groups_are_judged_in_words():
    tabs = {"score_by_seat": score_tables([0.1, 0.4], [3.0, 9.0])}
    win, total = balance.summary(tabs, {"seating": "fixed"})
    assert "lowest 10.0 % (2.0 % to 18.0 %) for seat 0, highest 40.0 %" in win
    assert win.endswith("a significant difference (the 95 % intervals do not overlap).")
    tabs = {"score_by_seat": score_tables([0.2, 0.25], [3.0, 3.5])}
    assert all(s.endswith("no significant difference (the 95 % intervals overlap).")
               for s in balance.summary(tabs, {"seating": "fixed"}))


def test_identical_paired_results_are_said_so():
    zero = pd.DataFrame({"measure": [0, 1], "slot_a": [0, 0], "slot_b": [1, 1], "n_boards": [40, 40],
                         "weight_sum": [40, 40], "diff_sum": [0, 0], "diff_sq": [0, 0]})
    t = balance.paired_table(zero, "slot_a", "slot_b", ["0 heuristic", "1 heuristic"], "player")
    assert t["verdict"].tolist() == ["identical results on every board"]
    sentence = balance.summary({"paired_players": t}, {"seating": "duplicate"})[0]
    assert "identical results on every one of 40 boards" in sentence and "-0.0" not in sentence


def test_paired_verdicts_name_the_significant_differences(wizard_duplicate):
    study, chunks = wizard_duplicate
    t = W.tables(W.combine([W.reduce(c, study) for c in chunks]), {"study": study.to_dict()})
    for table, what in ((t["paired_players"], "player"), (t["paired_strategies"], "strategy")):
        for _, r in table.iterrows():
            better = r[f"{what}_a"] if r["diff_mean_total_lo"] > 0 else r[f"{what}_b"]
            assert (f"{better} does better on game total" in r["verdict"]) == (
                r["diff_mean_total_lo"] > 0 or r["diff_mean_total_hi"] < 0)
            assert ("wins more often" in r["verdict"]) == (r["diff_win_rate_lo"] > 0 or r["diff_win_rate_hi"] < 0)
            if r["verdict"] == "no significant difference":
                assert r["diff_mean_total_lo"] <= 0 <= r["diff_mean_total_hi"]


def test_the_report_explains_its_columns(hand_made, tmp_path):
    cube, manifest, t = hand_made
    text = write_report(tmp_path, t, [], manifest).read_text()
    assert ("Columns: player: lineup slot and its player spec; strategy: the player spec (slots with the same spec "
            "are one strategy); games: games played; wins: games won (a win shared by k players counts 1/k)") in text


# -- plots ---------------------------------------------------------------------------------------
def drawn_tick_labels(ax):
    ax.figure.canvas.draw()
    low, high = sorted(ax.get_ylim())
    return [t.get_text() for t, y in zip(ax.get_yticklabels(), ax.get_yticks()) if low <= y <= high]


def test_percent_ticks_of_a_narrow_axis_do_not_repeat():
    fig, (ax,) = P.figure("narrow")
    ax.plot([0, 1], [0.2552, 0.2648])
    P.percent_axis(ax)
    labels = drawn_tick_labels(ax)
    assert len(labels) >= 3 and all(a != b for a, b in zip(labels, labels[1:])), labels


def test_score_balance_win_rate_ticks_do_not_repeat():
    seats = score_tables([0.253, 0.255, 0.258, 0.256], [10.0, 10.5, 11.0, 9.5], half=0.002)    # "26% 26% 25%"
    start = seats.assign(order=["first hand", "2nd hand", "3rd hand", "dealer"])
    tabs = {"score_by_seat": seats, "score_by_start_position": start,
            "score_by_player": seats.rename(columns={"seat": "player"})}
    fig = balance_figure(tabs, "four seats, close win rates")
    win_rate_axes = [ax for ax in fig.axes if ax.get_title().startswith("win rate")]
    assert len(win_rate_axes) == 3
    for ax in win_rate_axes:
        labels = drawn_tick_labels(ax)
        assert all(a != b for a, b in zip(labels, labels[1:])), labels


# -- one balance module for every game -------------------------------------------------------------
def test_no_import_circles_in_analysis():
    import ast
    from pathlib import Path
    folder = Path(W.__file__).parent
    graph = {}
    for path in folder.glob("*.py"):
        imports = set()
        for node in ast.walk(ast.parse(path.read_text())):       # imports inside functions too
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                imports |= {node.module} if node.module else {a.name for a in node.names}
        graph[path.stem] = {m.split(".")[0] for m in imports if (folder / f"{m.split('.')[0]}.py").exists()}

    def reaches(start, goal, seen=()):
        return any(n == goal or (n not in seen and reaches(n, goal, (*seen, n))) for n in graph[start])

    assert [m for m in graph if reaches(m, m)] == []


def test_every_game_shares_the_balance_tables_and_their_columns(hand_made):
    _, _, t = hand_made
    assert set(balance.KEYS) <= set(W.KEYS)
    for name in ("score_by_seat", "score_by_start_position", "score_by_player", "score_by_strategy"):
        assert set(balance.SCORE_COLUMNS) <= set(t[name].columns), name
    assert list(t["paired_players"].columns) == ["player_a", "player_b", *balance.PAIR_COLUMNS]
    assert "score_by_team" not in t               # every Wizard seat plays for itself
    assert set(t["score_balance"]["by"]) == {"seat", "start_position", "player", "strategy"}


def test_an_aggregate_run_reports_the_same_balance(tmp_path):
    from sim.runner import run_study
    spec = dict(game="oh_hell", players=3, lineup=["heuristic", "random", "random"], boards=6, seed=4,
                chunk_boards=2, options={"rounds": 3})
    runs = [run_study(Study.create(**spec, aggregate=aggregate), tmp_path / str(aggregate), backend="serial",
                      progress=False) for aggregate in (False, True)]
    plain, aggregated = (report(r) for r in runs)
    for name in ("score_by_player", "paired_strategies", "total_distribution"):
        pd.testing.assert_frame_equal(plain[name], aggregated[name], obj=name)


def test_a_game_without_analysis_of_its_own_gets_the_balance_alone(wizard_duplicate, tmp_path):
    from analysis import balance_only
    study, chunks = wizard_duplicate
    manifest = {"study": study.to_dict()}
    cube = balance_only.combine([balance_only.reduce(c, study) for c in chunks])
    t = balance_only.tables(cube, manifest)
    full = W.tables(W.combine([W.reduce(c, study) for c in chunks]), manifest)
    for name in ("score_by_player", "score_balance", "paired_strategies", "total_distribution"):
        pd.testing.assert_frame_equal(t[name], full[name], obj=name)
    assert list(balance_only.summary(t, manifest)) == ["Scoring balance"]
    assert {p.name for p in balance_only.plots(cube, manifest, tmp_path, t)} == {
        "score_balance.png", "paired_strategies.png", "total_distribution.png"}


# -- compared on common deals ------------------------------------------------------------------------
def test_compare_measures_the_exact_bid_rate(tmp_path):
    from paired_by_hand import assert_compared, compared_runs, every_row
    spec = dict(game="wizard", players=3, lineup=["heuristic", "random", "heuristic"], boards=12, seed=5,
                seating="duplicate")
    a, b, comparison = compared_runs(tmp_path, spec, {"dealer_restriction": "leader"},
                                     {"dealer_restriction": "never"})
    assert_compared(comparison, a, b, "exact_rate", "deals", every_row, lambda d: d["bid"] == d["tricks"], rate=True)
    assert list(comparison["exact_rate"]["player"]) == ["all players", "0 heuristic", "1 random", "2 heuristic"]


@pytest.mark.parametrize("field, value", [("seat", 3), ("position", -1), ("player", 3), ("trump_kind", 4)])
def test_reduce_refuses_a_key_outside_the_study(field, value):
    # the dense tables give seats, positions, lineup slots and trump kinds the room the
    # study fixes: a row outside it is an error, never a write beyond an array
    records = hand_made_records()
    records["deals"][field][4] = value
    study = Study.create("oh_hell", players=3, lineup=["heuristic", "random", "random"], boards=2)
    with pytest.raises(ValueError, match="outside"):
        W.reduce(records, study)


def test_reduce_reads_rows_of_another_layout_by_name():
    # rows with the fields in another order (a copy someone built) give the same cube
    records = hand_made_records()
    names = list(DEALS.names)[::-1]
    reordered = np.empty(len(records["deals"]), dtype=[(n, DEALS[n]) for n in names])
    for n in names:
        reordered[n] = records["deals"][n]
    study = Study.create("oh_hell", players=3, lineup=["heuristic", "random", "random"], boards=2)
    assert_cubes_equal(W.reduce({**records, "deals": reordered}, study), W.reduce(records, study))
