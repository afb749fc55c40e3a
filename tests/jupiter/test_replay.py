"""Beim Jupiter records through replay: bad input is one clear line, a round
carries its table, and the transcript reads the round."""
import pytest

from jupiter.helpers import bids, d, layouts, play_out, record
from sim.errors import TricksimError
from sim.games.jupiter.cards import NAMES
from sim.games.jupiter.replay import replay
from sim.games.jupiter.transcript import transcript
from sim.engine import Engine


def round8(**kw):
    return record(4, 8, {0: "B1 BX", 1: "R1", 2: "Y2", 3: "G1"}, **kw)


@pytest.mark.parametrize("decisions,message", [
    (layouts("B1", "R1", "Y2", "G1") + [d(0, "bid", {"counter": 6, "locked": False})],
     "there is no counter 6: this round's counters are 1 … 5"),
    (layouts("B1", "R1", "Y2", "G1") + [d(0, "bid", {"counter": 0})],
     "there is no counter 0"),
    (layouts("B1", "R1", "Y2", "G1") + [d(0, "bid", "zero")],
     "seat 0 has used its zero-trick card already"),
    (layouts("B1", "R1", "Y2", "G1") + bids(1, 1, 1, 1) + [d(0, "play", "BX")],
     "a God card is played as 0 or 15"),
    (layouts("B1", "R1", "Y2", "G1") + bids(1, 1, 1, 1) + [d(0, "play", "BX", god=7)],
     "a God card is played as 0 or 15"),
    (layouts("B1", "R1", "Y2", "G1") + bids(1, 1, 1, 1) + [d(0, "play", "B1", god=0)],
     "only a God card takes a value"),
    ([d(0, "layout", "BX")], "only a numbered colour card"),
    ([d(1, "layout", "R1")], "seat 0 is to layout"),
])
def test_bad_decisions_are_one_line_errors(decisions, message):
    rec = round8(decisions=decisions, zero_unused=[False, True, True, True])
    with pytest.raises(TricksimError) as error:
        replay("jupiter", rec)
    assert message in str(error.value) and "\n" not in str(error.value)


def test_an_allocation_choice_outside_the_allowed_cards():
    rec = {"game": "jupiter", "players": 4, "dealer": 3, "hands": [[], [], [], []],
           "extra": {"phase": "allocation", "round": 1, "table": {"2": ["Y1"], "4": ["Y9"]},
                     "layouts": ["G4", "G5", "B6", "R8"],
                     "bids": [{"counter": 2, "locked": False}, {"counter": 4, "locked": True},
                              {"counter": 4, "locked": True}, {"counter": 1, "locked": True}],
                     "tricks": [2, 4, 4, 2], "card_points": [20, 38, 47, 15]},
           "decisions": [d(0, "take", "Y1")]}
    with pytest.raises(TricksimError, match="seat 0 may not take Y1 at counter 2; allowed: G4"):
        replay("jupiter", rec)
    rec["decisions"] = [d(0, "take", "G4"), d(3, "take", "Y1"), d(2, "take", "G5")]
    with pytest.raises(TricksimError, match="may not take G5 at counter 4; allowed: B6 Y9"):
        replay("jupiter", rec)


@pytest.mark.parametrize("change,message", [
    (lambda r: r["hands"][0].append("B14"), "hands[0] has 7 cards; in round 8 each hand has 6"),
    (lambda r: r["hands"][0].__setitem__(0, r["hands"][1][0]), "is dealt twice"),
    (lambda r: r["hands"][0].__setitem__(0, "B13"), "not in the pack for 4 players"),
    (lambda r: r["hands"][0].__setitem__(1, "G11"), "the cards do not make round 8's pack"),
    (lambda r: r["extra"].pop("unseen"), "one card is left over unseen"),
    (lambda r: r["extra"].update(table={"7": ["G11"]}), "there is no counter '7'"),
    (lambda r: r["extra"].update(table={"2": ["BX"]}), "only numbered colour cards lie beside"),
    (lambda r: r["extra"].update(round=9), "extra.round must be a round from 1 to 8"),
])
def test_cards_that_do_not_make_the_pack_and_bad_tables(change, message):
    rec = round8()
    change(rec)
    with pytest.raises(TricksimError) as error:
        replay("jupiter", rec)
    assert message in str(error.value) and "\n" not in str(error.value)


def test_a_round_from_a_given_table_carries_scores_and_prints_a_transcript():
    rec = round8(decisions=layouts("B1", "R1", "Y2", "G1") + bids("zero", 2, 3, "1!"),
                 table={"2": "B10", "5": "R11"}, scores=[10, 0, 5, 7])
    res = play_out(rec)
    r = res["result"]
    assert r["complete"] and r["bids"][0] == "zero" and r["bids"][3] == {"counter": 1, "locked": True}
    assert r["scores"] == [10 + a for a, b in zip(r["victory_points"], [0] * 4)][0:1] + \
        [s + v for s, v in zip([0, 5, 7], r["victory_points"][1:])]
    assert "5" not in r["table_left"] and "R11" in r["removed"]      # the highest counter left
    assert r["zero_unused"][0] is False
    text = transcript("jupiter", rec, res)
    assert "trump:" in text and "victory points:" in text and "zero-trick card" in text


def redealt(deal: dict) -> dict:
    """The same round's cards dealt so that seat 0 holds no numbered colour card."""
    from sim.games.jupiter.cards import is_numbered, parse_card
    cards = [parse_card(c) for h in deal["hands"] for c in h] + \
        ([parse_card(deal["unseen"])] if deal.get("unseen") else [])
    cards.sort(key=lambda c: (is_numbered(c), c))      # the cards that are never laid out first
    size = len(deal["hands"][0])
    hands = [cards[i * size:(i + 1) * size] for i in range(len(deal["hands"]))]
    out = {"hands": [[NAMES[c] for c in h] for h in hands]}
    if deal.get("unseen"):
        out["unseen"] = NAMES[cards[-1]]
    return out


def test_traced_games_replay_to_the_records_round_by_round_and_whole():
    """The engine's games, traced decision by decision, replay to the same points:
    each round as a record from its table, and the whole game as one record."""
    from conftest import run_all_chunks
    from sim import registry
    from sim.study import Study
    impl = registry.game("jupiter")
    for n in (3, 5):
        study = Study.create("jupiter", players=n, lineup=(["heuristic", "random"] * 3)[:n],
                             boards=2, seed=9 if n == 3 else 11, seating="duplicate")
        records = run_all_chunks(study)
        deals_table, games_table = records["deals"], records["games"]
        traced = Engine(study).trace_board(1)
        for game_id in {t["game"] for t in traced}:
            rounds = [t for t in traced if t["game"] == game_id]
            assert [t["deal"] for t in rounds] == list(range(8))
            whole = None
            for t in rounds:
                rec = impl.deal_record(study, t)
                res = replay("jupiter", rec)["result"]
                rows = deals_table[(deals_table["game"] == game_id) & (deals_table["deal"] == t["deal"])]
                assert res["victory_points"] == rows["points"].tolist()
                assert res["tricks_won"] == rows["tricks"].tolist()
                if whole is None:
                    whole = {k: v for k, v in rec.items() if k != "extra"}
                    whole["extra"] = {"unseen": rec["extra"].get("unseen"), "next_deals": []}
                    if n == 5:
                        whole["extra"].pop("unseen")
                    whole["decisions"] = list(rec["decisions"])
                else:
                    deal = {"hands": rec["hands"]}
                    if "unseen" in rec["extra"]:
                        deal["unseen"] = rec["extra"]["unseen"]
                    if t["deal"] == 7:       # round 8 dealt once before with a hand of no colour card
                        whole["extra"]["next_deals"].append(redealt(deal))
                    whole["extra"]["next_deals"].append(deal)
                    whole["decisions"] += rec["decisions"]
            result = replay("jupiter", whole)
            totals = games_table[games_table["game"] == game_id]["total"].tolist()
            assert result["kind"] == "game" and result["result"]["complete"]
            assert [r["round"] for r in result["rounds"]] == [1, 2, 3, 4, 5, 6, 7, 8, 8]
            assert result["rounds"][7]["redeal"] == 0 and "redeal" not in result["rounds"][8]
            assert result["rounds"][7]["dealer"] == result["rounds"][8]["dealer"]
            assert result["result"]["scores"] == totals
            best = max(totals)
            assert result["result"]["winners"] == [s for s in range(n) if totals[s] == best]
            assert "scores:" in transcript("jupiter", whole, result)


def test_tricksim_replay_prints_the_seed_allocation(capsys):
    from pathlib import Path
    from sim.cli import main
    path = Path(__file__).parent / "records" / "seed_allocation.json"
    main(["replay", str(path)])
    out = capsys.readouterr().out
    for line in ("counter 2: seat 0 takes G4", "counter 2: seat 3 takes Y1", "counter 4: seat 2 takes Y9",
                 "counter 4: seat 1 takes B6", "left on the table: counter 1: R8; counter 4: G5"):
        assert line in out
