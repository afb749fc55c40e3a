"""Replay of Jass records: the example records worked out by hand, transcripts, and a
one-line error for every kind of bad record."""
import copy
from pathlib import Path

import pytest

from sim.errors import TricksimError
from sim.replay import load, replay, transcript

RECORDS = Path(__file__).parent / "records"


def example(name):
    return load(RECORDS / name)


def error_of(rec) -> str:
    with pytest.raises(TricksimError) as caught:
        replay(rec)
    message = str(caught.value)
    assert "\n" not in message, "error messages fit on one line"
    return message


# -- the example records ---------------------------------------------------------------

def test_schieber_push_weis_example():
    rec = example("schieber_push_weis.json")
    result = replay(rec)
    # seat 0 (first hand) pushes; its partner seat 2 must choose and picks Obenabe (x3)
    assert result["decisions"][0]["legal"] == ["S", "H", "D", "C", "obe", "une", "push"]
    assert result["decisions"][1]["legal"] == ["S", "H", "D", "C", "obe", "une"]
    assert (result["mode"], result["chooser"], result["pushed"], result["multiplier"]) == ("obe", 2, True, 3)
    # three sequences of 4 (50 each): tops H9 (seat 1), CQ (seat 2), DJ (seat 3); no trump in
    # Obenabe, so the highest top card wins: seat 2's, for team 0
    assert result["weis"]["declared"] == [0, 50, 50, 50]
    assert result["weis"]["team"] == 0
    # Obenabe points: Ace 11, 10 10, 8 8, Ober 3, King 4
    assert result["tricks"] == [
        {"leader": 0, "seats": [0, 1, 2, 3], "cards": ["S6", "S7", "SA", "S9"], "winner": 2, "points": 11},
        {"leader": 2, "seats": [2, 3, 0, 1], "cards": ["HA", "HT", "HQ", "H9"], "winner": 2, "points": 24},
        {"leader": 2, "seats": [2, 3, 0, 1], "cards": ["DA", "D8", "DK", "DQ"], "winner": 2, "points": 26},
    ]
    # seat 3 must follow the spade with its only spade
    assert result["next"] == {"seat": 3, "kind": "play", "legal": ["SK"]}
    assert result["current_trick"] == {"leader": 2, "seats": [2], "cards": ["SQ"]}
    assert result["result"] == {"points": [61, 0], "complete": False, "over": False}
    # the legal sets of the first trick: everyone holding spades must follow
    plays = [d["legal"] for d in result["decisions"] if d["kind"] == "play"]
    assert plays[:4] == [rec["hands"][0], ["S7"], ["SJ", "SQ", "SA"], ["S9", "SK"]]


def test_differenzler_example():
    result = replay(example("differenzler_deal.json"))
    assert result["mode"] == "C" and result["trump_card"] == "CA"
    # seat 0 leads; the others are void, seat 3 trumps every trick it does not lead
    assert [t["winner"] for t in result["tricks"]] == [3] * 9
    # trick 1: three Aces (11 each) and a trump 6; trick 4: the Nell C9 (14) and three Unders
    assert result["tricks"][0]["points"] == 33 and result["tricks"][3]["points"] == 20
    assert result["tricks"][-1]["points"] == 11 + 5
    assert result["result"] == {"points": [0, 0, 0, 157], "predictions": [10, 0, 25, 150],
                                "complete": True, "over": True, "penalties": [10, 0, 25, 7],
                                "totals": [22, 30, 32, 47]}


def test_transcripts_read_the_deal():
    rec = example("schieber_push_weis.json")
    text = transcript(rec, replay(rec))
    assert "Seat 0 pushes to the partner." in text
    assert "Seat 2 chooses Obenabe (obe), multiplier 3." in text
    assert "Best Weis: team 0." in text
    assert "Trick 2: seat 2 leads: seat 2 HA, seat 3 HT, seat 0 HQ, seat 1 H9; seat 2 takes 24" in text
    assert text.rstrip().endswith("next: seat 3 to play (legal: SK).")
    rec = example("differenzler_deal.json")
    text = transcript(rec, replay(rec))
    assert "Turned CA: trump is Acorns (C)." in text
    assert "seat 3: predicted 150, took 157, penalty 7 (total 47)" in text


def test_a_claim_in_the_transcript():
    rec = {"game": "jass", "players": 4, "dealer": 3, "extra": {"scores": [2480, 100]},
           "hands": [["HJ", "HA", "ST", "SA", "S6", "D6", "D7", "C6", "C7"],
                     ["H6", "S7", "S8", "D8", "D9", "C8", "C9", "CT", "CJ"],
                     ["H7", "S9", "SJ", "DT", "DJ", "DQ", "CQ", "CK", "CA"],
                     ["H8", "H9", "HT", "HQ", "HK", "SQ", "SK", "DK", "DA"]],
           "decisions": [{"seat": 0, "kind": "trump", "value": "H"},
                         {"seat": 0, "kind": "play", "value": "HJ"},
                         {"seat": 1, "kind": "play", "value": "H6"},
                         {"seat": 2, "kind": "play", "value": "H7"},
                         {"seat": 3, "kind": "play", "value": "H8"},
                         {"seat": 0, "kind": "claim", "value": True}]}
    result = replay(rec)
    text = transcript(rec, result)
    # HJ (Buur, 20) takes H6 H7 H8: 20 points x 2 = 40, 2480 + 40 = 2520
    assert "seat 0 claims the game (Thanks, enough)." in text
    assert "team 0: card points 20, × 2 = 40 (total 2520)" in text
    assert "team 0 wins the game: right claim" in text


# -- bad records: one line that says what is wrong and what is allowed ----------------------

def base():
    return copy.deepcopy(example("schieber_push_weis.json"))


def with_decision(rec, index, **changes):
    rec["decisions"][index] = dict(rec["decisions"][index], **changes)
    return rec


BAD_RECORDS = [
    ("not a dict", lambda r: ["jass"], "a record is a JSON object"),
    ("no hands", lambda r: {k: v for k, v in r.items() if k != "hands"}, "no 'hands' field"),
    ("unknown variant", lambda r: dict(r, variant="coiffeur"), "unknown variant 'coiffeur'"),
    ("option of the other variant", lambda r: dict(r, options={"predictions": "open"}),
     "option predictions does not apply to jass schieber"),
    ("bad multipliers", lambda r: dict(r, options={"multipliers": "double"}),
     "multipliers=double is not allowed"),
    ("target too small", lambda r: dict(r, options={"target": 5}), "target takes a whole number from 100"),
    ("three players", lambda r: dict(r, players=3), "played by 4 players, not 3"),
    ("dealer out of range", lambda r: dict(r, dealer=4), "dealer 4 is not a seat of a 4-player game; seats are 0 to 3"),
    ("three hands", lambda r: dict(r, hands=r["hands"][:3]), "hands has 3 card lists"),
    ("eight cards", lambda r: dict(r, hands=[r["hands"][0][:8]] + r["hands"][1:]), "hands[0] has 8 cards"),
    ("unknown card", lambda r: dict(r, hands=[["H10"] + r["hands"][0][1:]] + r["hands"][1:]),
     "hands[0][0]: unknown card 'H10'"),
    ("card twice", lambda r: dict(r, hands=[r["hands"][0][:8] + ["S7"]] + r["hands"][1:]),
     "card S7 is dealt twice (seats 0 and 1)"),
    ("turned card in schieber", lambda r: dict(r, extra={"trump_card": "S6"}),
     "unknown field extra.trump_card; jass schieber records take extra.scores"),
    ("scores of one team", lambda r: dict(r, extra={"scores": [10]}), "extra.scores must list"),
    ("scores at the target", lambda r: dict(r, extra={"scores": [2500, 0]}),
     "extra.scores[0] is 2500: before a deal every team is below the target (2500)"),
    ("decision not an object", lambda r: dict(r, decisions=["push"]), "decision 1 must be an object"),
    ("decision without value", lambda r: dict(r, decisions=[{"seat": 0, "kind": "trump"}]),
     "decision 1 has no 'value' field"),
    ("unknown kind", lambda r: with_decision(r, 0, kind="bid"),
     "decision 1: unknown kind 'bid' in schieber; kinds are trump, weis, play or claim"),
    ("seat out of range", lambda r: with_decision(r, 0, seat=7), "seat 7 is not a seat"),
    ("wrong seat", lambda r: with_decision(r, 0, seat=1), "decision 1: seat 1 trump push, but it is seat 0's turn"),
    ("wrong kind", lambda r: with_decision(r, 0, kind="play", value="S6"),
     "decision 1: seat 0 play S6, but next is the choice of trump by the first hand (seat 0)"),
    ("unknown trump", lambda r: with_decision(r, 1, value="spades"),
     "decision 2: unknown trump choice 'spades': choices are S, H, D, C, obe, une or push"),
    ("Weis not true or false", lambda r: with_decision(r, 2, value="yes"),
     "decision 3: the value must be true or false, not 'yes'"),
    ("Weis of a seat without a meld", lambda r: dict(r, decisions=r["decisions"][:2] + [
        {"seat": 0, "kind": "weis", "value": True}]),
     "decision 3: seat 0 weis True, but seat 0 holds no meld; next is seat 1's Weis"),
    ("card not held", lambda r: with_decision(r, 6, value="SA"),
     "decision 7: seat 1 does not hold SA; seat 1 holds S7 H6 H7 H8 H9 DQ C6 C8 CA"),
    ("card not legal", lambda r: with_decision(r, 6, value="C6"),
     "decision 7: seat 1 may not play C6: it must follow the suit led (S); legal: S7"),
    ("card played already", lambda r: dict(r, decisions=r["decisions"][:9] + [
        {"seat": 2, "kind": "play", "value": "SA"}]), "played it already in trick 1"),
]


@pytest.mark.parametrize("name, change, expected", BAD_RECORDS, ids=[c[0] for c in BAD_RECORDS])
def test_bad_records(name, change, expected):
    message = error_of(change(base()))
    assert expected in message, message


def differenzler():
    return copy.deepcopy(example("differenzler_deal.json"))


BAD_DIFFERENZLER = [
    ("no turned card", lambda r: dict(r, extra={}), "the record has no extra.trump_card"),
    ("turned card not the dealer's", lambda r: dict(r, extra={"trump_card": "SA"}),
     "extra.trump_card SA is in seat 0's hand, but the turned card is the dealer's (seat 3)"),
    ("option of the other variant", lambda r: dict(r, options={"target": 1000}),
     "option target does not apply to jass differenzler"),
    ("negative penalty total", lambda r: dict(r, extra={"trump_card": "CA", "scores": [0, -1, 0, 0]}),
     "extra.scores are penalty totals, at least 0"),
    ("prediction too high", lambda r: with_decision(r, 0, value=158),
     "decision 1: seat 0 predicted 158; predictions are 0 to 157 card points"),
    ("prediction not a number", lambda r: with_decision(r, 0, value="ten"),
     "decision 1: a prediction must be a whole number, not 'ten'"),
    ("trump choice in differenzler", lambda r: with_decision(r, 0, kind="trump", value="S"),
     "unknown kind 'trump' in differenzler; kinds are predict or play"),
    ("too many decisions", lambda r: dict(r, decisions=r["decisions"] + [r["decisions"][-1]]),
     "decision 41: the deal is over (all 9 tricks were played by decision 40)"),
]


@pytest.mark.parametrize("name, change, expected", BAD_DIFFERENZLER, ids=[c[0] for c in BAD_DIFFERENZLER])
def test_bad_differenzler_records(name, change, expected):
    message = error_of(change(differenzler()))
    assert expected in message, message


# -- an illegal card: the reason given is the one that applies ---------------------------------

def hearts_trump(*plays):
    """Schieber, hearts trump: seat 0 leads S6; seat 1 holds no spade; seat 2 holds spades and
    only the trump H6; seat 3 holds spades and the trumps H7 H8 HT."""
    return {"game": "jass", "variant": "schieber", "players": 4, "dealer": 3,
            "hands": [["S6", "S7", "S8", "D7", "D8", "D9", "C6", "C7", "C8"],
                      ["HJ", "H9", "HA", "HK", "HQ", "C9", "CT", "CJ", "CQ"],
                      ["SJ", "SQ", "H6", "D6", "DT", "DJ", "DQ", "CK", "CA"],
                      ["SK", "SA", "S9", "ST", "H7", "H8", "HT", "DK", "DA"]],
            "decisions": [{"seat": 0, "kind": "trump", "value": "H"}]
            + [{"seat": seat, "kind": "play", "value": card} for seat, card in plays]}


def test_a_revoke_with_every_trump_banned_does_not_offer_a_trump():
    # HJ (the Buur) holds the trick: seat 2's only trump, H6, would under-trump it
    message = error_of(hearts_trump((0, "S6"), (1, "HJ"), (2, "D6")))
    assert message == ("decision 4: seat 2 may not play D6: it must follow the suit led (S) (its "
                       "trumps are all lower than the trump HJ in the trick, and under-trumping is "
                       "not allowed); legal: SJ SQ")


def test_a_revoke_with_a_trump_allowed_offers_it():
    # a club holds nothing against spades: seat 3 may follow or trump in with any trump
    message = error_of(hearts_trump((0, "S6"), (1, "C9"), (2, "SJ"), (3, "DK")))
    assert message == ("decision 5: seat 3 may not play DK: it must follow the suit led (S) or "
                       "play a trump; legal: S9 ST SK SA H7 H8 HT")


def test_card_counts_read_one_card():
    rec = base()
    rec["hands"][0] = rec["hands"][0][:1]
    assert "hands[0] has 1 card; every seat is dealt 9" in error_of(rec)
