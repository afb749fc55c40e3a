"""``tricksim deal``: any simulated deal becomes a record that replays to the
results the run stored (each board has its own streams, so it is played again
exactly)."""
import json

import pandas as pd
import pytest

from sim.cli import main
from sim.deal_export import export_deal
from sim.replay import load, replay
from sim.runner import run_study
from sim.store import iter_records
from sim.study import Study

CASES = {
    "oh_hell": dict(game="oh_hell", players=4, options={"rounds": "up_down", "scoring": "classic"}),
    "wizard": dict(game="wizard", players=3),
    "schieber": dict(game="jass", variant="schieber", options={"target": 1000}),
    "differenzler": dict(game="jass", variant="differenzler"),
}


def stored(run, table):
    return pd.concat(list(iter_records(run, table)), ignore_index=True)


@pytest.mark.parametrize("case", list(CASES))
def test_exported_deals_replay_to_the_stored_results(case, tmp_path):
    kw = CASES[case]
    n = kw.get("players", 4)
    study = Study.create(**kw, lineup=(["heuristic", "random"] * 4)[:n], boards=6, chunk_boards=4,
                         seating="duplicate", seed=17)
    run = run_study(study, tmp_path / "run", backend="serial", progress=False)
    deals = stored(run, "deals")
    picks = deals[["game", "deal"]].drop_duplicates().sample(6, random_state=1).to_numpy()
    for game_id, deal_no in picks:
        record, path = export_deal(run, int(game_id), int(deal_no))
        assert load(path) == json.loads(json.dumps(record))
        result = replay(load(path))["result"]
        rows = deals[(deals["game"] == game_id) & (deals["deal"] == deal_no)].sort_values("seat")
        assert record["seat_players"] == [study.lineup[slot] for slot in rows["player"]]
        if kw["game"] != "jass":
            assert result["bids"] == rows["bid"].tolist()
            assert result["tricks_won"] == rows["tricks"].tolist()
            assert result["scores"] == rows["score"].tolist()
            assert result["totals"] == rows["total"].tolist()
        elif kw["variant"] == "schieber":
            assert result["deal_score"] == rows["team_score"].tolist()[:2]
            assert result["totals"] == rows["total"].tolist()[:2]
        else:
            assert result["points"] == rows["points"].tolist()
            assert result["penalties"] == rows["penalty"].tolist()
            assert result["predictions"] == rows["prediction"].tolist()


def test_the_command_writes_the_record_and_prints_the_transcript(tmp_path, capsys):
    study = Study.create("oh_hell", players=4, lineup=["heuristic", "random", "random", "random"],
                         options={"rounds": 5}, boards=3, seed=2, seating="rotate")
    run = run_study(study, tmp_path / "run", backend="serial", progress=False)
    assert main(["deal", str(run), "--game", "2"]) == 0
    out = capsys.readouterr()
    assert "Bids:" in out.out and "Trick 1" in out.out
    # game 2 of a rotating lineup: seat s is played by lineup slot (s + 2) % 4
    assert out.out.splitlines()[1] == ("Players: seat 0 random, seat 1 random, seat 2 heuristic, "
                                       "seat 3 random")
    record = json.loads((run / "deals" / "game-2-deal-0.json").read_text())
    assert record["seat_players"] == ["random", "random", "heuristic", "random"]
    assert (run / "deals" / "game-2-deal-0.json").is_file()
    assert main(["replay", str(run / "deals" / "game-2-deal-0.json")]) == 0


@pytest.mark.parametrize("args,message", [
    (["--game", "99"], "game 99 is not in"),
    (["--game", "0", "--deal", "3"], "game 0 has 1 deal: --deal takes 0 to 0, not 3"),
])
def test_a_game_or_deal_that_is_not_there_is_a_one_line_error(args, message, tmp_path, capsys):
    study = Study.create("oh_hell", players=4, options={"rounds": 5}, boards=3, seed=2)
    run = run_study(study, tmp_path / "run", backend="serial", progress=False)
    assert main(["deal", str(run), *args]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and "\n" not in err
