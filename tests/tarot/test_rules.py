"""French Tarot's compiled rules on hand-made hands: legal cards, the trick's
order, the discard, handful thresholds, the score formula (the seed's five
worked examples) and the settlement (docs/rules.md, French Tarot)."""
import numpy as np
import pytest

from sim.games.tarot import rules_nb as R
from sim.games.tarot.cards import (HALF_POINTS, N_CARDS, PACK_HALF_POINTS, card_name, names_in,
                                   parse_card, words_of)
from sim.errors import TricksimError


def hand(text):
    return words_of([parse_card(c) for c in text.split()])


def legal(hand_text, lead, best=None):
    words = hand(hand_text)
    best_id = -1 if best is None else parse_card(best)
    lo, hi = R.legal_play(words[0], words[1], lead, best_id)
    return " ".join(names_in(lo, hi))


def test_notation_round_trip_and_pack_points():
    assert [card_name(parse_card(card_name(c))) for c in range(N_CARDS)] == [card_name(c) for c in range(N_CARDS)]
    assert card_name(0) == "S1" and card_name(13) == "SK" and card_name(11) == "SN"
    assert parse_card("t21") == 76 and parse_card("ex") == 77 and parse_card("C10") == 51
    assert int(HALF_POINTS.sum()) == PACK_HALF_POINTS == 182
    with pytest.raises(TricksimError, match="unknown card 'T22'"):
        parse_card("T22")


def test_follow_suit_with_the_excuse_allowed():
    assert legal("S3 SK H2 T5 EX", 0) == "S3 SK EX"


def test_void_must_trump():
    assert legal("H2 HK T5 T9", 0) == "T5 T9"


def test_void_must_overtrump_a_trump_already_in_the_trick():
    assert legal("H2 T5 T9 T12", 0, best="T7") == "T9 T12"


def test_void_cannot_overtrump_plays_any_trump():
    assert legal("H2 T5 T6", 0, best="T7") == "T5 T6"


def test_trump_led_must_overtrump():
    assert legal("S1 T3 T10 T15 EX", R.LEAD_TRUMP, best="T8") == "T10 T15 EX"


def test_trump_led_cannot_overtrump_any_lower_trump():
    assert legal("S1 T3 T4", R.LEAD_TRUMP, best="T8") == "T3 T4"


def test_no_trump_and_void_any_card():
    assert legal("H2 DK C5", 0) == "H2 DK C5"
    assert legal("H2 DK", R.LEAD_TRUMP, best="T2") == "H2 DK"


def test_overtrump_across_the_two_words():
    # T8 is the last trump of the first word, T9 the first of the second
    assert legal("T2 T8 T9", R.LEAD_TRUMP, best="T8") == "T9"
    assert legal("T2 T7 T8", R.LEAD_TRUMP, best="T7") == "T8"


def test_lead_any_card_and_after_an_excuse_lead():
    assert legal("S1 H1 T1", -1) == "S1 H1 T1"


def test_trick_order():
    lead = R.lead_of(parse_card("H5"))
    assert lead == 1
    keys = {c: R.card_key(parse_card(c), lead) for c in ("H5", "HK", "SK", "T1", "T21", "EX")}
    assert keys["HK"] > keys["H5"] > keys["SK"] > keys["EX"]
    assert keys["T21"] > keys["T1"] > keys["HK"]
    assert R.lead_of(parse_card("EX")) == -1 and R.lead_of(parse_card("T4")) == R.LEAD_TRUMP


def test_discard_no_kings_no_oudlers_trumps_only_when_unavoidable():
    lo, hi = R.discardable(*hand("SK S2 HQ T5 T21 EX T1"))
    assert names_in(lo, hi) == ["S2", "HQ"]
    lo, hi = R.discardable(*hand("SK HK T5 T9 T21 EX T1"))
    assert names_in(lo, hi) == ["T5", "T9"]


@pytest.mark.parametrize("players,thresholds", [(3, (13, 15, 18)), (4, (10, 13, 15)), (5, (8, 10, 13))])
def test_handful_thresholds(players, thresholds):
    single, double, triple = thresholds
    assert R.handful_levels(single - 1, 0, players) == 0
    assert R.handful_levels(single - 1, 1, players) == 1      # the Excuse completes it
    assert R.handful_levels(single, 0, players) == 1
    assert R.handful_levels(double, 0, players) == 2
    assert R.handful_levels(triple - 1, 1, players) == 3


def test_targets_and_the_half_point_rule():
    assert R.outcome(2 * 56, 0) == (True, 0)
    assert R.outcome(2 * 36 - 1, 3) == (False, -1)
    assert R.outcome(81, 2) == (False, -1)     # 40.5 with two oudlers fails by 1: margin -1
    assert R.outcome(83, 2) == (True, 1)       # 41.5 makes by 1
    assert R.outcome(82, 2) == (True, 0)
    assert R.outcome(2 * 3, 0) == (False, -53)   # 3 points against 56


def seed_example(contract, taker_points, oudlers, petit, handful, declared, taker_slam):
    made, margin = R.outcome(2 * taker_points, oudlers)
    return R.deal_score(contract, made, margin, petit, handful, declared, taker_slam, False)


def test_seed_worked_examples():
    # Guard, 43 with two oudlers, petit au bout won, single handful: +94
    assert seed_example(R.GUARD, 43, 2, 10, 20, False, False) == 94
    # Take, 31 with three oudlers, petit au bout won: -20
    assert seed_example(R.TAKE, 31, 3, 10, 0, False, False) == -20
    # Guard Without, 91 with three oudlers, double handful, unannounced slam: +550
    assert seed_example(R.GUARD_WITHOUT, 91, 3, 0, 30, False, True) == 550
    # Guard Against, 40 with two oudlers, single handful: -176
    assert seed_example(R.GUARD_AGAINST, 40, 2, 0, 20, False, False) == -176
    # Guard, 62 with one oudler, petit au bout lost, single handful: +72
    assert seed_example(R.GUARD, 62, 1, -10, 20, False, False) == 72


def test_slam_bonuses_add_up():
    assert R.deal_score(R.TAKE, True, 0, 0, 0, True, True, False) == 25 + 400
    assert R.deal_score(R.TAKE, False, 0, 0, 0, True, False, False) == -25 - 200
    assert R.deal_score(R.TAKE, False, 0, 0, 0, True, False, True) == -25 - 400
    assert R.deal_score(R.TAKE, False, 0, 0, 0, False, False, True) == -25 - 200


@pytest.mark.parametrize("players,taker,partner,expected", [
    (4, 1, -1, [-10, 30, -10, -10]),
    (3, 0, -1, [20, -10, -10]),
    (5, 2, 4, [-10, -10, 20, -10, 10]),
    (5, 2, -1, [-10, -10, 40, -10, -10]),
])
def test_settlement_is_zero_sum(players, taker, partner, expected):
    out = np.zeros(players, dtype=np.int64)
    R.settle(10, players, taker, partner, out)
    assert out.tolist() == expected
    R.settle(-7, players, taker, partner, out)
    assert out.tolist() == [-x * 7 // 10 for x in expected]
