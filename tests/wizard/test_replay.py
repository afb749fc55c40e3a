"""Replay of Wizard / Oh Hell records: the example records, partial records,
loading, transcripts, and a clear error for every kind of bad record."""
import copy
import json
from pathlib import Path

import numpy as np
import pytest

from sim.errors import TricksimError
from sim.games.wizard.cards import card_name
from sim.replay import load, replay, transcript

RECORDS = Path(__file__).parent / "records"


def example(name):
    return load(RECORDS / name)


def legal_sets(result, kind):
    return [d["legal"] for d in result["decisions"] if d["kind"] == kind]


# -- the example records, worked out by hand ------------------------------------

def test_wizard_round_with_a_turned_wizard():
    # 3 players, dealer seat 1 (so seat 2 bids first and leads), Z4 turned:
    # the dealer chooses hearts. Totals before: 30, 50, 20, so the dealer leads
    # strictly and under the leader rule may not bid 2 (0 + 1 + 2 = 3 cards).
    result = replay(example("wizard_turned_wizard.json"))
    assert (result["trump"], result["trump_source"], result["trump_card"]) == ("H", "chosen", "Z4")
    assert result["decisions"][0]["legal"] == ["S", "H", "D", "C"]
    assert legal_sets(result, "bid") == [[0, 1, 2, 3], [0, 1, 2, 3], [0, 1, 3]]
    assert legal_sets(result, "play") == [
        ["S2", "H9", "D8"], ["S7", "N1"], ["HK", "C3", "Z1"],   # S2 led; seat 0 keeps HA back
        ["C3", "Z1"], ["H9", "D8"], ["HA", "N1"],               # Z1 led: anything goes
        ["C3"], ["H9"], ["HA"],
    ]
    assert result["tricks"] == [
        # HK trumps the spades; Z1 wins; HA is the highest trump
        {"leader": 2, "seats": [2, 0, 1], "cards": ["S2", "S7", "HK"], "winner": 1, "points": None},
        {"leader": 1, "seats": [1, 2, 0], "cards": ["Z1", "D8", "N1"], "winner": 1, "points": None},
        {"leader": 1, "seats": [1, 2, 0], "cards": ["C3", "H9", "HA"], "winner": 0, "points": None},
    ]
    # seat 0 bid 1 took 1: 20 + 10; seat 1 bid 3 took 2: -10; seat 2 bid 0 took 0: 20
    assert result["result"] == {"bids": [1, 3, 0], "tricks_won": [1, 2, 0],
                                "scores": [30, -10, 20], "totals": [60, 40, 40],
                                "complete": True}
    assert "next" not in result and "current_trick" not in result


def test_oh_hell_round():
    # 4 players, dealer seat 0, diamonds trump; bids 2, 1, 0 leave the dealer
    # (hooked by default) every bid but 0.
    rec = example("oh_hell_round.json")
    result = replay(rec)
    assert (result["trump"], result["trump_source"]) == ("D", "turned")
    assert legal_sets(result, "bid") == [[0, 1, 2, 3]] * 3 + [[1, 2, 3]]
    assert legal_sets(result, "play")[:4] == [["SQ", "SA", "H4"], ["S3"], ["H7", "C5", "CA"], ["SK"]]
    assert [(t["leader"], t["winner"]) for t in result["tricks"]] == [(1, 1), (1, 2), (2, 0)]
    assert result["result"]["tricks_won"] == [1, 1, 1, 0]
    # classic: exact bids score tricks + 10 (seats 0, 2, 3); seat 1 missed and keeps its trick
    assert result["result"]["scores"] == [11, 1, 11, 10]
    rec["options"]["scoring"] = "penalty"
    assert replay(rec)["result"]["scores"] == [11, -1, 11, 10]
    rec["options"]["scoring"] = "wizard"
    assert replay(rec)["result"]["scores"] == [30, -10, 30, 20]


def test_record_cut_short_mid_trick():
    result = replay(example("wizard_cut_short.json"))
    # trick 1: DA led, N3, CQ trumps (clubs turned), D9 follows: seat 2 wins
    assert result["tricks"] == [{"leader": 0, "seats": [0, 1, 2, 3], "cards": ["DA", "N3", "CQ", "D9"],
                                 "winner": 2, "points": None}]
    assert result["current_trick"] == {"leader": 2, "seats": [2, 3], "cards": ["ST", "HJ"]}
    assert result["next"] == {"seat": 0, "kind": "play", "legal": ["Z2"]}
    assert result["result"] == {"bids": [2, 0, 1, 0], "tricks_won": [0, 0, 1, 0],
                                "scores": None, "totals": None, "complete": False}
    assert len(result["decisions"]) == 10


def test_record_cut_short_during_the_bidding():
    rec = example("wizard_cut_short.json")
    rec["decisions"] = rec["decisions"][:2]
    result = replay(rec)
    assert result["result"]["bids"] == [2, 0, None, None]
    assert result["next"] == {"seat": 2, "kind": "bid", "legal": [0, 1, 2]}
    assert result["tricks"] == [] and "current_trick" not in result


def test_notation_is_case_insensitive():
    rec = example("wizard_turned_wizard.json")
    lower = copy.deepcopy(rec)
    lower["hands"] = [[c.lower() for c in hand] for hand in rec["hands"]]
    lower["extra"]["trump_card"] = "z4"
    for d in lower["decisions"]:
        if isinstance(d["value"], str):
            d["value"] = d["value"].lower()
    assert replay(lower) == replay(rec)


def test_transcript_of_a_complete_record():
    rec = example("wizard_turned_wizard.json")
    text = transcript(rec, replay(rec))
    assert "seat 1: HK C3 Z1" in text
    assert "Turned Z4 (a Wizard): the dealer chooses trump: H." in text
    assert "seat 1 bids 3 (legal: 0 1 3)" in text
    assert "Trick 1: seat 2 leads: seat 2 S2, seat 0 S7, seat 1 HK; seat 1 wins" in text
    assert "seat 1: bid 3, took 2, scores -10 (total 40)" in text


def test_transcript_of_a_partial_record():
    rec = example("wizard_cut_short.json")
    text = transcript(rec, replay(rec))
    assert "Trick 2 (in progress): seat 2 leads: seat 2 ST, seat 3 HJ" in text
    assert "next: seat 0 to play (legal: Z2)" in text


# -- random games against an independent reading of the trick rules ----------

def trick_winner(cards, trump):
    """Which position (from the leader) wins: written from the rules text, not the engine."""
    wizards = [i for i, c in enumerate(cards) if c.startswith("Z")]
    if wizards:
        return wizards[0]
    suited = [i for i, c in enumerate(cards) if not c.startswith("N")]
    if not suited:
        return 0
    led = cards[suited[0]][0]
    ranks = "23456789TJQKA"
    for suit in (trump, led):
        of_suit = [i for i in suited if cards[i][0] == suit]
        if of_suit:
            return max(of_suit, key=lambda i: ranks.index(cards[i][1]))
    raise AssertionError("unreachable: the led suit has a card")


@pytest.mark.parametrize("game, players, hand_size, seed", [
    ("wizard", 3, 6, 1), ("wizard", 4, 5, 2), ("wizard", 6, 10, 3), ("wizard", 5, 12, 4),
    ("oh_hell", 7, 4, 5), ("oh_hell", 4, 13, 6),
])
def test_random_legal_games_keep_the_invariants(game, players, hand_size, seed):
    rng = np.random.default_rng(seed)
    deck = 60 if game == "wizard" else 52
    cards = [card_name(int(c)) for c in rng.permutation(deck)]
    hands = [cards[s * hand_size:(s + 1) * hand_size] for s in range(players)]
    used = players * hand_size
    rec = {"game": game, "players": players, "dealer": int(rng.integers(players)), "hands": hands,
           "extra": {"trump_card": cards[used] if used < deck else None}, "decisions": []}
    while True:
        result = replay(rec)
        if result["result"]["complete"]:
            break
        nxt = result["next"]
        value = nxt["legal"][int(rng.integers(len(nxt["legal"])))]
        rec["decisions"].append({"seat": nxt["seat"], "kind": nxt["kind"], "value": value})

    played = [c for t in result["tricks"] for c in t["cards"]]
    assert sorted(played) == sorted(cards[:used])              # every card played once
    assert sum(result["result"]["tricks_won"]) == hand_size
    leader = (rec["dealer"] + 1) % players
    for t in result["tricks"]:
        assert t["leader"] == leader
        assert t["seats"] == [(leader + i) % players for i in range(players)]
        assert t["winner"] == t["seats"][trick_winner(t["cards"], result["trump"])]
        leader = t["winner"]


# -- loading ----------------------------------------------------------------------

def test_load_reports_the_file_and_the_problem(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "wizard",\n "players": 3,,}')
    with pytest.raises(TricksimError, match=r"bad\.json: not valid JSON: .* line 2"):
        load(bad)
    with pytest.raises(TricksimError, match="no such file"):
        load(tmp_path / "missing.json")
    listed = tmp_path / "list.json"
    listed.write_text("[1, 2]")
    with pytest.raises(TricksimError, match="JSON object"):
        load(listed)


# -- bad records: one clear error each --------------------------------------------

def broken(change, name="wizard_turned_wizard.json"):
    rec = example(name)
    change(rec)
    with pytest.raises(TricksimError) as caught:
        replay(rec)
    message = str(caught.value)
    assert "\n" not in message
    return message


def test_unknown_game_and_missing_game():
    message = broken(lambda r: r.update(game="skat"))
    assert "unknown game 'skat'" in message and "wizard" in message
    assert "no 'game' field" in broken(lambda r: r.pop("game"))


def test_unknown_option_and_bad_option_value():
    message = broken(lambda r: r.update(options={"hook": "always"}))
    assert "unknown option 'hook'" in message and "dealer_restriction" in message
    message = broken(lambda r: r.update(options={"dealer_restriction": "sometimes"}))
    assert "leader, always or never" in message


def test_players_out_of_range():
    assert "3 to 6 players, not 7" in broken(lambda r: r.update(players=7))
    assert "players must be a whole number" in broken(lambda r: r.update(players="3"))


def test_wrong_dealer():
    assert "dealer 3 is not a seat" in broken(lambda r: r.update(dealer=3))


def test_hands_not_one_per_seat():
    assert "hands has 2 card lists" in broken(lambda r: r["hands"].pop())


def test_hands_of_unequal_length():
    message = broken(lambda r: r["hands"][1].pop())
    assert "unequal length" in message and "seat 1: 2 cards" in message


def test_duplicate_cards():
    def across(r):
        r["hands"][2][0] = "HA"
    assert "HA is dealt twice (seats 0 and 2)" in broken(across)

    def within(r):
        r["hands"][0][1] = "ha"
    assert "HA is dealt twice (seat 0 twice)" in broken(within)

    def turned(r):
        r["extra"]["trump_card"] = "HK"
    assert "also in seat 1's hand" in broken(turned)


def test_unknown_card_notation():
    def ten_as_10(r):
        r["hands"][0][0] = "H10"
    message = broken(ten_as_10)
    assert "hands[0][0]: unknown card 'H10'" in message and "T" in message


def test_a_wizard_in_oh_hell():
    def wizard(r):
        r["hands"][0][0] = "Z1"
    message = broken(wizard, "oh_hell_round.json")
    assert "Z1 is not in the oh_hell pack" in message


def test_hand_size_inconsistent_with_the_deck():
    def too_many(r):
        r["players"] = 3
        r["hands"] = [[card_name(c) for c in range(s * 18, s * 18 + 18)] for s in range(3)]
    message = broken(too_many, "oh_hell_round.json")        # 54 cards from a pack of 52
    assert "52 cards" in message and "1 to 17" in message

    def empty(r):
        r["hands"] = [[], [], []]
    assert "1 to 20" in broken(empty)

    def single_deal_of_five(r):
        r["options"]["rounds"] = 5
    message = broken(single_deal_of_five, "oh_hell_round.json")
    assert "3 cards is not a round of rounds=5" in message


def test_decision_by_the_wrong_seat():
    def swap(r):
        r["decisions"][4]["seat"] = 0                       # seat 2 leads the first trick
    assert "decision 5: seat 0 played S2, but it is seat 2's turn" in broken(swap)

    def no_such_seat(r):
        r["decisions"][4]["seat"] = 3
    assert "decision 5: seat 3 is not a seat of a 3-player game" in broken(no_such_seat)


def test_decision_of_the_wrong_kind():
    def skip_trump(r):
        r["decisions"].pop(0)
    message = broken(skip_trump)
    assert "decision 1: seat 2 bid 0, but next is the dealer's (seat 1) choice of trump" in message

    def play_during_bidding(r):
        r["decisions"][2] = {"seat": 0, "kind": "play", "value": "S7"}
    assert "seat 0's bid" in broken(play_during_bidding)

    def unknown_kind(r):
        r["decisions"][1]["kind"] = "pass"
    assert "unknown kind 'pass'; kinds are trump, bid or play" in broken(unknown_kind)


def test_illegal_bid_says_which_are_legal():
    def too_high(r):
        r["decisions"][1]["value"] = 4
    assert "bids are 0 to 3 (legal bids: 0 1 2 3)" in broken(too_high)

    def not_a_number(r):
        r["decisions"][1]["value"] = "two"
    assert "whole number" in broken(not_a_number)


def test_illegal_trump_choice():
    def bad_suit(r):
        r["decisions"][0]["value"] = "X"
    assert "decision 1: unknown suit 'X'" in broken(bad_suit)


def test_illegal_card_says_which_are_legal():
    def revoke(r):
        r["decisions"][5]["value"] = "HA"                   # seat 0 holds S7 to follow S2
    message = broken(revoke)
    assert "decision 6: seat 0 may not play HA" in message and "legal: S7 N1" in message


def test_card_the_seat_does_not_hold():
    def not_held(r):
        r["decisions"][5]["value"] = "SA"
    assert "seat 0 does not hold SA; seat 0 holds S7 HA N1" in broken(not_held)

    def played_twice(r):
        r["decisions"][9]["value"] = "S7"                   # seat 0 played S7 in trick 1
    assert "already in trick 1" in broken(played_twice)


def test_decisions_after_the_end_of_the_deal():
    def extra_card(r):
        r["decisions"].append({"seat": 0, "kind": "play", "value": "HA"})
    assert "decision 14: the deal is over" in broken(extra_card)


def test_missing_fields():
    for field in ("players", "dealer", "hands", "decisions"):
        assert f"no '{field}' field" in broken(lambda r: r.pop(field))
    assert "no extra.trump_card" in broken(lambda r: r.pop("extra"))

    def no_value(r):
        del r["decisions"][3]["value"]
    assert "decision 4 has no 'value' field" in broken(no_value)


def test_bad_extra_fields():
    def typo(r):
        r["extra"]["score"] = r["extra"].pop("scores")
    assert "unknown field extra.score" in broken(typo)

    def short_scores(r):
        r["extra"]["scores"] = [1, 2]
    assert "extra.scores must list" in broken(short_scores)

    def huge_score(r):
        r["extra"]["scores"][2] = 10**30
    assert "extra.scores[2] must be a whole number from" in broken(huge_score)


def test_records_that_are_not_objects():
    with pytest.raises(TricksimError, match="JSON object"):
        replay(["wizard"])
    assert "decisions must be a list" in broken(lambda r: r.update(decisions="none"))
    assert "decision 2 must be an object" in broken(lambda r: r["decisions"].__setitem__(1, 7))


def test_records_are_not_changed_by_replay():
    rec = example("oh_hell_round.json")
    before = json.dumps(rec, sort_keys=True)
    replay(rec)
    assert json.dumps(rec, sort_keys=True) == before


def test_an_oh_hell_revoke_speaks_of_oh_hell_cards():
    # seat 2 holds S3 and must follow SA; Oh Hell has no Wizards or Jesters to play instead
    def revoke(r):
        r["decisions"][5]["value"] = "HK"
    message = broken(revoke, "oh_hell_round.json")
    assert message == ("decision 6: seat 2 may not play HK: it must follow the suit led (S); "
                       "legal: S3")


def test_a_wizard_revoke_offers_wizards_and_jesters():
    def revoke(r):
        r["decisions"][5]["value"] = "HA"                   # seat 0 holds S7 to follow S2
    assert "it must follow the suit led (S) or play a Wizard or Jester; legal: S7 N1" in broken(revoke)


def one_card_deal():
    return {"game": "wizard", "players": 3, "dealer": 0,
            "hands": [["S2"], ["S3"], ["S4"]], "extra": {"trump_card": "H5"},
            "decisions": [{"seat": 1, "kind": "bid", "value": 0},
                          {"seat": 2, "kind": "bid", "value": 1},
                          {"seat": 0, "kind": "bid", "value": 0},
                          {"seat": 1, "kind": "play", "value": "S3"},
                          {"seat": 2, "kind": "play", "value": "S4"},
                          {"seat": 0, "kind": "play", "value": "S2"}]}


def test_counts_of_one_read_in_the_singular():
    rec = one_card_deal()
    assert "3 players, 1 card each" in transcript(rec, replay(rec))
    rec["decisions"].append({"seat": 0, "kind": "play", "value": "S2"})
    with pytest.raises(TricksimError, match=r"decision 7: the deal is over \(1 trick played by "
                                            r"decision 6\)"):
        replay(rec)
    rec = one_card_deal()
    rec["hands"][0] = ["S2", "S5"]
    with pytest.raises(TricksimError, match=r"seat 0: 2 cards, seat 1: 1 card, seat 2: 1 card"):
        replay(rec)
