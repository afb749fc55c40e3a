"""Beim Jupiter analysis: records -> cube -> tables and plots, each table's numbers
recounted here from the records."""
import numpy as np
import pandas as pd
import pytest

from analysis import jupiter as J
from sim import registry
from sim.rng_nb import chunk_states
from sim.study import Study


@pytest.fixture(scope="module")
def run():
    study = Study.create("jupiter", players=4, lineup=["heuristic", "random", "heuristic", "random"],
                         boards=30, seed=8, chunk_boards=10, seating="duplicate")
    impl = registry.game("jupiter")
    chunks = [impl.run_chunk(study, i, *study.chunk_bounds(i), chunk_states(study.seed, i))
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
