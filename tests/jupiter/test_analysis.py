"""Beim Jupiter analysis: records -> cube -> tables and plots, each table's numbers
recounted here from the records."""
import numpy as np
import pandas as pd
import pytest

from analysis import jupiter as J
from sim import registry
from sim.rng_nb import chunk_states
from sim.study import Study
from sim.engine import Engine


@pytest.fixture(scope="module")
def run():
    study = Study.create("jupiter", players=4, lineup=["heuristic", "random", "heuristic", "random"],
                         boards=30, seed=8, chunk_boards=10, seating="duplicate")
    impl = registry.game("jupiter")
    chunks = [Engine(study).run_chunk(*study.chunk_bounds(i), chunk_states(study.seed, i))
              for i in range(study.n_chunks)]
    return study, chunks


def test_cubes_of_chunks_add_up_to_the_cube_of_all(run):
    study, chunks = run
    whole = {t: np.concatenate([c[t] for c in chunks]) for t in chunks[0]}
    one = J.reduce(whole, study)
    parts = J.combine([J.reduce(c, study) for c in chunks])
    for name in J.KEYS:
        pd.testing.assert_frame_equal(one[name].reset_index(drop=True), parts[name].reset_index(drop=True),
                                      check_dtype=False, obj=name)


def test_tables_recount_the_records(run, tmp_path):
    study, chunks = run
    d = np.concatenate([c["deals"] for c in chunks])
    manifest = {"study": study.to_dict()}
    cube = J.combine([J.reduce(c, study) for c in chunks])
    t = J.tables(cube, manifest)
    # how the trump was settled: one count per round
    rounds = d[d["seat"] == 0]
    steps = t["trump_steps"].set_index("trump_step")["rounds"]
    for code, name in enumerate(("none", "count", "sum", "highest")):
        assert steps.get(name, 0) == np.sum(rounds["trump_step"] == code)
    decided = t["table_decides_trump"]
    assert decided["decided"].sum() == rounds["table_decides"].sum()
    assert decided.set_index("round").loc[1, "decided"] == 0      # round 1: an empty table
    # exact bids by kind, per strategy (slots 0 and 2 heuristic)
    acc = t["bid_accuracy"]
    heur = np.isin(d["player"], [0, 2])
    for kind, rows in (("zero-trick card", d["bid"] == 0), ("unlocked", (d["bid"] > 0) & (d["locked"] == 0)),
                       ("locked", d["locked"] == 1)):
        row = acc[(acc["strategy"] == "heuristic") & (acc["bid_kind"] == kind)]
        sel = rows & heur
        if sel.sum():
            assert int(row["bids"].iloc[0]) == sel.sum()
            assert int(row["exact"].iloc[0]) == np.sum(d["tricks"][sel] == d["bid"][sel])
    zero = t["zero_trick_success"]
    assert zero["bids"].sum() == np.sum(d["bid"] == 0)
    assert zero["made"].sum() == np.sum((d["bid"] == 0) & (d["tricks"] == 0))
    claims = t["points_by_claim"]
    sole = claims[(claims["strategy"] == "random") & (claims["claim"] == "sole claimant")]
    sel = (d["claim"] == 4) & ~heur
    assert np.isclose(sole["mean_points"].iloc[0], d["points"][sel].mean())
    # the summary and the plots, each plot named as its table
    assert list(J.summary(t, manifest)) == list(J.QUESTIONS)
    drawn = J.plots(cube, manifest, tmp_path, t)
    assert {"trump_steps_by_round.png", "bid_accuracy_by_round.png"} <= {p.name for p in drawn}
    assert all(p.stem in t for p in drawn)


# -- compared on common deals ------------------------------------------------------------------------
def test_compare_measures_bids_made(tmp_path):
    from paired_by_hand import assert_compared, compared_runs, every_row
    spec = dict(game="jupiter", players=4, lineup=["heuristic", "random", "heuristic", "random"], boards=12,
                seed=5, seating="duplicate")
    a, b, comparison = compared_runs(tmp_path, spec, {"orphans": "removed"}, {"orphans": "move_down"})
    assert_compared(comparison, a, b, "exact_rate", "deals", every_row, lambda d: d["exact"], rate=True)
    # what the option acts on: the cards left beside the counters, once a round
    first = (lambda d: d["position"] == 0)
    assert_compared(comparison, a, b, "mean_table_cards", "deals", first, lambda d: d["table_cards"], rate=False)
    assert_compared(comparison, a, b, "decided_rate", "deals", first, lambda d: d["table_decides"], rate=True)
    assert comparison["mean_table_cards"]["diff_mean_table_cards_lo"].iloc[0] > 0     # cards moved down stay
    assert len(comparison["decided_rate"]) == 1          # a fact of the round: no row per player
    assert not any("identical" in s for s in comparison.summary)


def test_orphans_change_nothing_for_four_heuristic_players_and_compare_says_so(tmp_path):
    # four heuristic players never leave a card at the highest counter: the option cannot act
    from paired_by_hand import compared_runs
    spec = dict(game="jupiter", players=4, lineup=["heuristic"], boards=12, seed=5)
    _, _, comparison = compared_runs(tmp_path, spec, {"orphans": "removed"}, {"orphans": "move_down"})
    assert comparison.summary == ["The two runs' records are identical: orphans removed → move_down changed "
                                  "nothing on these 12 boards, so every difference below is 0."]
    row = comparison["exact_rate"].iloc[0]
    assert row["diff_exact_rate"] == row["diff_exact_rate_lo"] == row["diff_exact_rate_hi"] == 0
