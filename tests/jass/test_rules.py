"""Every Jass rule and option, each from a hand-made deal.

Most tests replay a short record (often cut short: the replay then reports
the legal options of the next decision, which is what a rule about legal
play is about). Expected tricks, legal sets and scores are worked out by hand
in the comments from the rules in ``docs/rules.md`` (seed 001 and the
clarifications). The dealer is seat 3 unless said otherwise, so seat 0 is
the first hand: it chooses the mode (Schieber) and leads the first trick.
"""
import numpy as np
import pytest

from sim.errors import TricksimError
from sim.games.jass import obs as O
from sim.games.jass.state_nb import PHASE_OVER, X_CLAIM_SEAT
from sim.games.jass import rules_nb
from sim.games.jass.cards import mask_of, parse_card
from sim.replay import replay, transcript

from .steps import apply, jass_config, legal_mask, observed, start
from .helpers import (PACK, card_points, claim, deal, finish, play, predict, record, trick, trump,
                     weis)


def legal_next(rec):
    result = replay(rec)
    return result["next"]["legal"]


def replay_error(rec) -> str:
    with pytest.raises(TricksimError) as caught:
        replay(rec)
    message = str(caught.value)
    assert "\n" not in message
    return message


def cards(text):
    return text.split()


# -- following suit and trumping ------------------------------------------------------

def test_follow_suit_or_trump_at_any_time():
    # hearts trump; spade led; seat 1 holds spades, hearts and others: it may follow
    # or trump, but not throw a diamond or club
    hands = deal("S6", "S7 SA H6 DT DQ C6 C8 CT CQ")
    rec = record(hands, [trump(0, "H"), play(0, "S6")])
    assert legal_next(rec) == cards("S7 SA H6")
    message = replay_error(record(hands, [trump(0, "H"), play(0, "S6"), play(1, "DT")]))
    assert "may not play DT" in message and "follow the suit led (S)" in message
    assert "legal: S7 SA H6" in message


def test_void_in_the_suit_led_may_play_anything():
    hands = deal("S6", "H6 H7 DT DQ C6 C8 CT CQ CK")
    rec = record(hands, [trump(0, "H"), play(0, "S6")])
    assert legal_next(rec) == hands[1]


def test_trump_led_must_be_answered_with_a_trump():
    hands = deal("H7", "H6 HA S7 SA DT DQ C6 C8 CT")
    rec = record(hands, [trump(0, "H"), play(0, "H7")])
    assert legal_next(rec) == cards("H6 HA")
    message = replay_error(record(hands, [trump(0, "H"), play(0, "H7"), play(1, "S7")]))
    assert "trump (H) was led" in message


def test_buur_alone_need_not_be_played_to_a_trump_lead():
    # seat 1's only trump is the Under of hearts (Buur): it may play anything
    hands = deal("H7", "HJ S7 SA DT DQ C6 C8 CT CQ")
    rec = record(hands, [trump(0, "H"), play(0, "H7")])
    assert legal_next(rec) == hands[1]
    # ... but with another trump beside it the Buur exception is gone
    hands = deal("H7", "HJ H6 SA DT DQ C6 C8 CT CQ")
    rec = record(hands, [trump(0, "H"), play(0, "H7")])
    assert legal_next(rec) == cards("H6 HJ")


def test_a_suit_that_is_not_trump_need_not_be_trumped_when_void():
    # void in spades, holding trumps: trumping is allowed but not required
    hands = deal("S6", "H6 D6 D7 DT DQ C6 C8 CT CQ")
    rec = record(hands, [trump(0, "H"), play(0, "S6")])
    assert legal_next(rec) == hands[1]


# -- the under-trumping ban (Schieber) ---------------------------------------------------

def ban_position(variant="schieber"):
    """Spade led (hearts trump), seat 1 trumps with H6, seat 2 over-trumps with HA.
    Seat 3 holds S7, HK and HJ: HK is above H6 but below the highest trump HA."""
    hands = deal("S6 S8 S9 ST SJ SQ SK SA C6", "H6 D6 D7 D8 D9 DT DJ DQ DK",
                 "HA DA C7 C8 C9 CT CJ CQ CK", "S7 H7 H8 H9 HT HJ HQ HK CA", seed=1, melds_ok=True)
    if variant == "schieber":
        head = [trump(0, "H")]
        extra = {}
    else:
        # Differenzler: the dealer (seat 3) turned up H7, so hearts are trump here too
        head = [predict(s, 0) for s in range(4)]
        extra = {"trump_card": "H7"}
    decisions = head + [play(0, "S6"), play(1, "H6"), play(2, "HA")]
    return hands, decisions, extra


def test_under_trumping_ban_checks_against_the_highest_trump_in_the_trick():
    hands, decisions, _ = ban_position()
    # following spades is always allowed; H9 and HJ are above HA in trump order; H7 H8 HT
    # HQ HK are below HA (HK even though it beats H6, the first trump) and banned;
    # CA is neither the suit led nor a trump and seat 3 can follow
    assert legal_next(record(hands, decisions)) == cards("S7 H9 HJ")
    message = replay_error(record(hands, decisions + [play(3, "HK")]))
    assert "may not play HK" in message and "under-trumping" in message


def test_no_under_trumping_ban_in_differenzler():
    hands, decisions, extra = ban_position("differenzler")
    rec = record(hands, decisions, variant="differenzler", trump_card=extra["trump_card"])
    # follow spades or trump with any heart: no ban
    assert legal_next(rec) == cards("S7 H7 H8 H9 HT HJ HQ HK")


def test_void_hand_with_lower_trumps_keeps_its_other_cards():
    # diamond led, seat 1 trumps with H9 (Nell); seat 2 is void in diamonds and holds
    # the Buur, a lower trump (H6) and clubs: H6 is banned, the Buur and clubs are not
    hands = deal("D6 S6 S7 S8 S9 ST SJ SQ SK", "H9 D7 D8 D9 DT DJ DQ DK DA",
                 "HJ H6 C6 C7 C8 C9 CT CJ CQ", seed=2, melds_ok=True)
    rec = record(hands, [trump(0, "H"), play(0, "D6"), play(1, "H9")])
    assert legal_next(rec) == cards("HJ C6 C7 C8 C9 CT CJ CQ")


def test_buur_exception_and_the_ban_together():
    # trump led: the ban does not apply, so a lower trump may follow (H6 under H7);
    # seat 1 holds only the Buur as trump and throws a spade instead
    hands = deal("H7 S6", "HJ S7 SA DT DQ C6 C8 CT CQ", "H6 HA D6 D7 D8 C7 C9 CJ CK", seed=3,
                 melds_ok=True)
    rec = record(hands, [trump(0, "H"), play(0, "H7"), play(1, "S7")])
    assert legal_next(rec) == cards("H6 HA")
    # non-trump led, the Buur over-trumps a Nell: allowed; H6 below H9 is not
    hands = deal("S6", "H9 D6 D7 D8 DT DQ DK DA C6", "HJ H6 C7 C8 C9 CT CJ CQ CK", seed=4,
                 melds_ok=True)
    rec = record(hands, [trump(0, "H"), play(0, "S6"), play(1, "H9")])
    assert legal_next(rec) == cards("HJ C7 C8 C9 CT CJ CQ CK")


def mask(text):
    return np.uint64(mask_of(parse_card(c) for c in text.split()))


def names(m):
    return [PACK[c] for c in range(36) if int(m) >> c & 1]


@pytest.mark.parametrize("hand, allowed", [
    ("H6 H7", "H6 H7"),      # nothing but lower trumps: any card of the hand
    ("H6 HJ", "H6 HJ"),      # nothing but trumps: any trump, the lower one too
    ("H6 HJ C6", "HJ C6"),   # another card held: the lower trump is banned
    ("H6 S7", "S7"),         # following the suit led is always allowed
])
def test_only_trumps_exception(hand, allowed):
    # late in a deal: spade led, the trick's highest trump is HA (hearts trump)
    lead, best = 0, parse_card("HA")
    got = rules_nb.legal_cards(mask(hand), lead, 1, best, 1)
    assert names(got) == allowed.split()
    # Differenzler (no ban): every trump and the spade stay legal
    got = rules_nb.legal_cards(mask(hand), lead, 1, best, 0)
    expected = [c for c in hand.split() if c[0] in "SH"] if "S7" in hand else hand.split()
    assert names(got) == sorted(expected, key=PACK.index)


# -- trick order and card points ------------------------------------------------------------

def test_trump_order_buur_nell_then_ace_down():
    order = sorted((f"H{r}" for r in "6789TJQKA"),
                   key=lambda c: rules_nb.trick_key(parse_card(c), 1, 1))
    assert order == cards("H6 H7 H8 HT HQ HK HA H9 HJ")
    # the lowest trump beats the Ace of the suit led; a card of a third suit never wins
    lead = 0
    assert rules_nb.trick_key(parse_card("H6"), lead, 1) > rules_nb.trick_key(parse_card("SA"), lead, 1)
    assert rules_nb.trick_key(parse_card("DA"), lead, 1) < rules_nb.trick_key(parse_card("S6"), lead, 1)


@pytest.mark.parametrize("mode, trick_cards, winner", [
    ("obe", "S6 SA S7 DA", 1),     # Obenabe: Ace high, no trump (DA is off-suit)
    ("une", "SA S6 S7 D6", 1),     # Unenufe: 6 high
    ("une", "S7 SA S8 S9", 0),     # Unenufe: 7 beats 8, 9 and the Ace
    ("H", "S6 SA H6 S7", 2),       # any trump beats the suit led
    ("H", "HT H9 HA HK", 1),       # the Nell beats the Ace
])
def test_trick_winner_per_mode(mode, trick_cards, winner):
    order = cards(trick_cards)
    # the leader holds the rest of the suit led, so the others play what they must
    led = order[0][0]
    rest = [c for c in PACK if c[0] == led and c not in order]
    hands = deal(" ".join([order[0]] + rest), *order[1:], seed=5, melds_ok=True)
    rec = record(hands, [trump(0, mode)] + trick(0, trick_cards))
    result = replay(rec)
    assert result["tricks"][0]["winner"] == winner
    assert result["tricks"][0]["points"] == sum(card_points(c, mode) for c in order)


@pytest.mark.parametrize("mode", ["S", "H", "D", "C", "obe", "une"])
def test_157_points_in_every_mode_and_5_for_the_last_trick(mode):
    hands = deal(seed=6, melds_ok=True)
    _, result = finish(record(hands, [trump(0, mode)]))
    points = [t["points"] for t in result["tricks"]]
    by_cards = [sum(card_points(c, mode) for c in t["cards"]) for t in result["tricks"]]
    assert points[:-1] == by_cards[:-1]
    assert points[-1] == by_cards[-1] + 5
    assert sum(points) == 157 and sum(result["result"]["points"]) == 157


def test_unenufe_and_obenabe_card_values():
    # the seed: Unenufe 6s 11, Aces 0, 8s 8; Obenabe 8s 8
    for c, une, obe in (("S6", 11, 0), ("SA", 0, 11), ("S8", 8, 8), ("SJ", 2, 2), ("S9", 0, 0)):
        assert rules_nb.card_points(parse_card(c), 5) == une
        assert rules_nb.card_points(parse_card(c), 4) == obe
    # trump Under 20, Nell 14; the same cards plain 2 and 0
    assert rules_nb.card_points(parse_card("HJ"), 1) == 20 and rules_nb.card_points(parse_card("HJ"), 0) == 2
    assert rules_nb.card_points(parse_card("H9"), 1) == 14 and rules_nb.card_points(parse_card("H9"), 0) == 0


# -- trump choice and push -----------------------------------------------------------------

def test_first_hand_chooses_or_pushes_and_the_partner_must_choose():
    hands = deal(seed=7)
    result = replay(record(hands, [], dealer=1))            # first hand: seat 2
    assert result["next"] == {"seat": 2, "kind": "trump",
                              "legal": ["S", "H", "D", "C", "obe", "une", "push"]}
    result = replay(record(hands, [trump(2, "push")], dealer=1))
    assert result["next"] == {"seat": 0, "kind": "trump", "legal": ["S", "H", "D", "C", "obe", "une"]}
    message = replay_error(record(hands, [trump(2, "push"), trump(0, "push")], dealer=1))
    assert "may not push back" in message
    result = replay(record(hands, [trump(2, "push"), trump(0, "une")], dealer=1))
    assert (result["mode"], result["chooser"], result["pushed"], result["multiplier"]) == ("une", 0, True, 4)
    assert result["next"]["seat"] == 2                     # the first hand still leads
    message = replay_error(record(hands, [trump(3, "S")], dealer=1))
    assert "seat 3" in message and "seat 2's turn" in message


# -- Weis ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("hand, mode, points", [
    ("H6 H7 H8", 0, 20), ("H6 H7 H8 H9", 0, 50), ("H6 H7 H8 H9 HT", 0, 100),
    ("H6 H7 H8 H9 HT HJ", 0, 150), ("H6 H7 H8 H9 HT HJ HQ", 0, 200),
    ("H6 H7 H8 H9 HT HJ HQ HK", 0, 250), ("H6 H7 H8 H9 HT HJ HQ HK HA", 0, 300),
    ("ST HT DT CT", 0, 100), ("SQ HQ DQ CQ", 0, 100), ("SK HK DK CK", 0, 100),
    ("SA HA DA CA", 0, 100), ("S9 H9 D9 C9", 0, 150), ("SJ HJ DJ CJ", 0, 200),
    ("S6 H6 D6 C6", 0, 0), ("S6 H6 D6 C6", 4, 0), ("S6 H6 D6 C6", 5, 100),   # four 6s: Unenufe only
    ("SA HA DA CA", 5, 0),                                                   # ... instead of four Aces
    ("S8 H8 D8 C8", 0, 0), ("S7 H7 D7 C7", 5, 0),
    ("HQ HK HA DQ", 0, 20), ("H6 H7 H9 HT", 0, 0),                           # no wrap, no gap
    ("SJ HJ DJ CJ HT HQ", 0, 200 + 20),      # HJ in a sequence and in the four Unders
    ("H6 H7 H8 HT HJ HQ", 0, 40),            # two separate runs of 3
    ("H6 H7 H8 D6 D7 D8 D9", 2, 20 + 50),
])
def test_weis_values(hand, mode, points):
    got, key, _ = rules_nb.weis_of(mask(hand), mode)
    assert got == points
    assert (key > 0) == (points > 0)


def weis_team(fixed, declarations, mode="S", dealer=3, seed=0):
    """Which team's Weis counts, with the given seats declaring."""
    hands = deal(*fixed, seed=seed)
    first = (dealer + 1) % 4
    rec = record(hands, [trump(first, mode)], dealer=dealer)
    result = replay(rec)
    while result["next"]["kind"] == "weis":       # answer each seat the engine asks
        seat = result["next"]["seat"]
        rec["decisions"].append(weis(seat, seat in declarations))
        result = replay(rec)
    assert result["next"]["kind"] == "play"
    assert sorted(d["seat"] for d in rec["decisions"] if d["kind"] == "weis" and d["value"]) == \
        sorted(declarations)
    return result["weis"]["team"], result


def test_weis_best_meld_by_value_not_by_total():
    # seat 0: one 50 (4 in sequence); seat 1: three 20s (60 in all) -> seat 0's 50 is best
    fixed = ("C6 C7 C8 C9", "S6 S7 S8 H6 H7 H8 D6 D7 D8")
    team, result = weis_team(fixed, {0, 1}, mode="obe")
    assert team == 0 and result["weis"]["declared"][:2] == [50, 60]


def test_weis_four_of_a_kind_beats_a_sequence_of_the_same_value():
    fixed = ("C6 C7 C8 C9 CT", "SK HK DK CK")        # 100 each
    assert weis_team(fixed, {0, 1})[0] == 1


def test_weis_higher_top_card_then_unenufe_reversed():
    fixed = ("ST SJ SQ", "DJ DQ DK")                   # both 20; seat 1's top card is a King
    assert weis_team(fixed, {0, 1}, mode="C")[0] == 1
    assert weis_team(fixed, {0, 1}, mode="obe")[0] == 1
    assert weis_team(fixed, {0, 1}, mode="une")[0] == 0     # Unenufe: the lower sequence wins
    # four of a kind: four Aces above four Kings; Unenufe: four 6s above four Kings
    assert weis_team(("SK HK DK CK", "SA HA DA CA"), {0, 1})[0] == 1
    assert weis_team(("SK HK DK CK", "S6 H6 D6 C6"), {0, 1}, mode="une")[0] == 1


def test_weis_trump_sequence_then_nearer_the_first_hand():
    fixed = ("ST SJ SQ", "DT DJ DQ")                   # equal value and top card
    assert weis_team(fixed, {0, 1}, mode="D")[0] == 1  # seat 1's sequence is in trumps
    assert weis_team(fixed, {0, 1}, mode="obe")[0] == 0  # no trump: seat 0 is the first hand
    # dealer 2: seat 3 is the first hand, seat 0 second -> seat 3 wins the tie
    hands = ("ST SJ SQ", "", "", "DT DJ DQ")
    assert weis_team(hands, {0, 3}, mode="obe", dealer=2)[0] == 1
    assert weis_team(hands, {0, 3}, mode="obe", dealer=3)[0] == 0


def test_undeclared_weis_neither_counts_nor_competes():
    fixed = ("C6 C7 C8 C9", "S6 S7 S8")
    assert weis_team(fixed, {0, 1})[0] == 0
    assert weis_team(fixed, {1})[0] == 1                # seat 0 keeps its 50 quiet
    assert weis_team(fixed, set())[0] is None


def test_only_the_best_team_scores_all_weis_of_both_its_players():
    # seat 0: 20, seat 2 (partner): 50, seat 1: 20 with a higher top than seat 0's:
    # team 0 holds the best (seat 2's 50) and scores 20 + 50; team 1 scores nothing
    hands = deal("S6 S7 S8", "DQ DK DA", "C6 C7 C8 C9", seed=8)
    rec = record(hands, [trump(0, "H"), weis(0), weis(1), weis(2)])
    _, result = finish(rec)
    final = result["result"]
    assert result["weis"]["declared"][:3] == [20, 20, 50]
    assert final["weis"] == [70, 0]
    raw = [final["points"][t] + final["weis"][t] + final["stoeck"][t] + final["match"][t]
           for t in range(2)]
    assert final["deal_score"] == [2 * raw[0], 2 * raw[1]]          # hearts: x2


def test_weis_is_asked_only_of_seats_holding_a_meld_in_play_order():
    hands = deal("", "S6 S7 S8", "", "C6 C7 C8 C9", seed=9)
    result = replay(record(hands, [trump(0, "D")]))
    assert result["next"] == {"seat": 1, "kind": "weis", "legal": [False, True]}
    result = replay(record(hands, [trump(0, "D"), weis(1, False)]))
    assert result["next"] == {"seat": 3, "kind": "weis", "legal": [False, True]}
    # leaving a Weis out of a record means it was not declared
    result = replay(record(hands, [trump(0, "D"), play(0, hands[0][0])]))
    assert result["weis"]["declared"] == [0, 0, 0, 0]


# -- Stöck, match ---------------------------------------------------------------------------------

def test_stoeck_counts_20_times_the_multiplier_for_its_team():
    hands = deal("", "HQ HK", seed=10)
    _, result = finish(record(hands, [trump(0, "H")]))
    final = result["result"]
    assert result["stoeck"] == 1 and final["stoeck"] == [0, 20]
    assert final["deal_score"] == [2 * (final["points"][0] + final["match"][0]),
                                   2 * (final["points"][1] + 20 + final["match"][1])]
    # Ober and King in two hands, or no trump: no Stöck
    hands = deal("HQ", "HK", seed=10)
    _, result = finish(record(hands, [trump(0, "H")]))
    assert result["stoeck"] is None and result["result"]["stoeck"] == [0, 0]
    hands = deal("", "HQ HK", seed=10)
    _, result = finish(record(hands, [trump(0, "obe")]))
    assert result["stoeck"] is None and result["result"]["stoeck"] == [0, 0]


def test_match_for_taking_every_trick():
    # seat 0 holds all nine hearts and leads a trump every trick: nobody else has one
    # (and with the Ober and King of hearts it has Stöck too)
    hands = deal("H6 H7 H8 H9 HT HJ HQ HK HA", seed=11, melds_ok=True)
    _, result = finish(record(hands, [trump(0, "H")]))
    final = result["result"]
    assert [t["winner"] for t in result["tricks"]] == [0] * 9
    assert final["points"] == [157, 0] and final["match"] == [100, 0]
    assert final["stoeck"] == [20, 0]
    assert final["deal_score"] == [2 * (157 + 100 + 20), 0]


def test_no_match_when_the_other_team_took_a_trick_worth_nothing():
    # trick 1: S6 S8 D6 S7 (0 points), taken by seat 1's S8; then seat 1 leads H6 and
    # seat 0's trumps take the rest: team 0 has all 157 points but not every trick
    hands = [cards("S6 H7 H8 H9 HT HJ HQ HK HA"), cards("S8 H6 C6 C7 C8 C9 CT CJ CQ"),
             cards("D6 D7 D8 D9 DT DJ DQ DK DA"), cards("S7 S9 ST SJ SQ SK SA CK CA")]
    rec, result = finish(record(hands, [trump(0, "H")]))
    assert result["tricks"][0] == {"leader": 0, "seats": [0, 1, 2, 3], "cards": cards("S6 S8 D6 S7"),
                                   "winner": 1, "points": 0}
    final = result["result"]
    assert final["points"] == [157, 0] and final["match"] == [0, 0]
    assert final["stoeck"] == [20, 0]                      # seat 0 holds HQ and HK
    assert final["deal_score"] == [2 * (157 + 20), 0]


# -- multipliers -------------------------------------------------------------------------------------

TABLES = {   # clarifications: S H D C obe une = Roses, Shields, Bells, Acorns, Obenabe, Unenufe
    "default": {"S": 1, "H": 2, "D": 2, "C": 1, "obe": 3, "une": 4},
    "flat": {"S": 1, "H": 1, "D": 1, "C": 1, "obe": 1, "une": 1},
    "classic": {"S": 1, "H": 2, "D": 2, "C": 1, "obe": 3, "une": 3},
}


@pytest.mark.parametrize("table", sorted(TABLES))
@pytest.mark.parametrize("mode", ["S", "H", "D", "C", "obe", "une"])
def test_multiplier_tables(table, mode):
    # seat 0 holds 4 in sequence (50) and the Ober and King of spades and of hearts;
    # the diamond and club pairs are split: Stöck for team 0 in S and H only
    hands = deal("C6 C7 C8 C9 SQ SK HQ HK DQ", "DK CQ", "CK", seed=12)
    stoeck = [20, 0] if mode in ("S", "H") else [0, 0]
    rec = record(hands, [trump(0, mode), weis(0)], options={"multipliers": table})
    _, result = finish(rec)
    final = result["result"]
    m = TABLES[table][mode]
    assert result["multiplier"] == m and final["multiplier"] == m
    assert final["stoeck"] == stoeck
    weis_points = [50, 0]
    match = final["match"]
    raw = [final["points"][t] + weis_points[t] + stoeck[t] + match[t] for t in range(2)]
    assert final["deal_score"] == [m * raw[0], m * raw[1]]


# -- the end of the game: counting order and claims -----------------------------------------------

def test_stoeck_counts_before_tricks_at_the_end_of_a_deal():
    # team 1 holds Stöck; team 0 is 10 short, team 1 20 short of 2500 (hearts: x2).
    # Both reach the target with this deal; Stöck is counted first and decides it.
    hands = deal("", "HQ HK", seed=15)
    _, result = finish(record(hands, [trump(0, "H")], scores=[2490, 2480]))
    final = result["result"]
    assert final["points"][0] >= 5 and final["points"][1] >= 0       # team 0 reaches too
    assert min(final["totals"]) >= 2500
    assert result["tricks"][-1]["winner"] % 2 == 0       # team 0 would count its tricks first
    assert final["game_over"] and final["winner"] == 1 and "Stöck" in final["end"]


def test_weis_counts_before_tricks_and_after_stoeck():
    # team 0 declares 50 (x1 in spades) and reaches with it; team 1 took the last trick
    # and would reach with its tricks: Weis is counted before the tricks
    hands = deal("C6 C7 C8 C9", seed=15)
    _, result = finish(record(hands, [trump(0, "S"), weis(0)], scores=[2460, 2499]))
    final = result["result"]
    assert result["stoeck"] is None
    assert final["weis"] == [50, 0] and min(final["totals"]) >= 2500
    assert result["tricks"][-1]["winner"] % 2 == 1
    assert final["winner"] == 0 and "Weis" in final["end"]
    # with Stöck on team 1 as well, Stöck comes first
    hands = deal("C6 C7 C8 C9", "SQ SK", seed=14)
    _, result = finish(record(hands, [trump(0, "S"), weis(0)], scores=[2460, 2480]))
    final = result["result"]
    assert final["stoeck"] == [0, 20] and final["winner"] == 1 and "Stöck" in final["end"]


def test_the_team_that_took_the_last_trick_counts_its_tricks_first():
    hands = deal(seed=15)
    rec, result = finish(record(hands, [trump(0, "obe")], scores=[2499, 2499]))
    final = result["result"]
    last = result["tricks"][-1]["winner"] % 2
    assert min(final["totals"]) >= 2500                   # both teams reach the target
    assert final["winner"] == last and "tricks" in final["end"]
    assert final["weis"] == [0, 0] and final["stoeck"] == [0, 0]


def test_right_claim_wins_at_once():
    # team 0 needs 20 (x2 hearts): after seat 0 takes a trick worth 10+ it may claim
    hands = deal("HJ HA ST SA", "S6 S7 H6", "S8 S9 H7", "SJ SQ H8", seed=16, melds_ok=True)
    decisions = [trump(0, "H")] + trick(0, "HJ H6 H7 H8")   # 20 points, to seat 0
    result = replay(record(hands, decisions, scores=[2480, 100]))
    assert result["next"] == {"seat": 0, "kind": "claim", "legal": [False, True]}
    result = replay(record(hands, decisions + [claim(2)], scores=[2480, 100]))   # the partner may claim
    final = result["result"]
    assert final["claim"] == {"seat": 2, "right": True}
    assert final["game_over"] and final["winner"] == 0 and final["totals"] == [2520, 100]
    assert not final["complete"]
    message = replay_error(record(hands, decisions + [claim(2), play(0, "HA")], scores=[2480, 100]))
    assert "ended with the claim of decision" in message


def wrong_claim_deal():
    # team 0 declares 20 (x2 in hearts), shown after the first trick; seat 3's Nell
    # takes trick 1 (HA HK H7 H9: 29 points) for team 1
    hands = deal("HA S6 S7 S8", "H6 HK", "H7", "H8 H9", seed=17, melds_ok=True)
    return hands, [trump(0, "H"), weis(0)] + trick(0, "HA HK H7 H9")


def test_wrong_claim_loses_at_once():
    # team 0 has reached 2480 + 40 = 2520; team 1, far behind, took the trick and claims
    hands, decisions = wrong_claim_deal()
    result = replay(record(hands, decisions, scores=[2480, 0]))
    assert result["next"] == {"seat": 3, "kind": "claim", "legal": [False, True]}
    final = replay(record(hands, decisions + [claim(3)], scores=[2480, 0]))["result"]
    assert final["claim"] == {"seat": 3, "right": False}
    assert final["totals"] == [2520, 58]
    assert final["winner"] == 0 and "wrong claim" in final["end"]


def test_claims_only_right_after_a_trick_by_the_team_that_took_it():
    hands, decisions = wrong_claim_deal()
    message = replay_error(record(hands, decisions + [claim(0)], scores=[2480, 0]))
    assert "only the team that has just taken the trick" in message
    message = replay_error(record(hands, [trump(0, "H"), claim(0)]))
    assert "no trick has been taken yet" in message
    message = replay_error(record(hands, decisions + [play(3, "H8"), claim(3)]))
    assert "right after a trick" in message
    # no claim is offered while no team can have reached the target; a claim may still
    # be made (and is wrong)
    result = replay(record(hands, decisions))
    assert result["next"]["kind"] == "play"
    final = replay(record(hands, decisions + [claim(1)]))["result"]
    assert final["claim"] == {"seat": 1, "right": False} and final["winner"] == 0
    # the claim is a Schieber decision
    message = replay_error(record(hands, [claim(0)], variant="differenzler", trump_card=hands[3][0]))
    assert "unknown kind 'claim'" in message


def match_deal(team0_total):
    """Seat 0 holds all nine hearts and chooses hearts (x2): it takes every trick.
    Team 0 counts 2 x (157 + Stöck 20) = 354 with its tricks, 200 more with the match."""
    hands = deal("H6 H7 H8 H9 HT HJ HQ HK HA", seed=20)
    rec, result = finish(record(hands, [trump(0, "H"), weis(0, False)], scores=[team0_total, 0]))
    assert [t["winner"] for t in result["tricks"]] == [0] * 9
    return rec, result


def test_a_claim_after_the_last_trick_counts_the_match_and_wins():
    # 2000 + 354 falls short of 2500 without the match; 2000 + 354 + 200 = 2554 reaches it
    rec, result = match_deal(2000)
    assert result["result"]["winner"] == 0 and "tricks" in result["result"]["end"]   # no claim
    claimed = dict(rec, decisions=rec["decisions"] + [claim(2)])
    result = replay(claimed)
    final = result["result"]
    assert final["claim"] == {"seat": 2, "right": True} and final["complete"]
    text = transcript(claimed, result)
    assert "Trick 9: seat 0 leads" in text and "seat 2 claims the game (Thanks, enough)." in text
    assert "team 0: card points 157 + Stöck 20 + match 100, × 2 = 554 (total 2554)" in text
    assert final["match"] == [100, 0] and final["totals"] == [2554, 0]
    assert final["game_over"] and final["winner"] == 0 and "right claim" in final["end"]


def test_a_wrong_claim_after_the_last_trick_loses():
    # 1900 + 554 = 2454: short of the target, so the claim loses at once
    rec, _ = match_deal(1900)
    final = replay(dict(rec, decisions=rec["decisions"] + [claim(0)]))["result"]
    assert final["claim"] == {"seat": 0, "right": False} and final["totals"] == [2454, 0]
    assert final["game_over"] and final["winner"] == 1 and "wrong claim" in final["end"]
    # only the team that took the last trick may claim, and only once the trick is complete
    message = replay_error(dict(rec, decisions=rec["decisions"] + [claim(1)]))
    assert "only the team that has just taken the trick" in message
    message = replay_error(dict(rec, decisions=rec["decisions"][:-1] + [claim(0)]))
    assert "right after a trick" in message


def test_a_claim_after_the_last_trick_comes_before_the_counting_order():
    # team 1 holds Stöck and reaches the target with it; counted in order it would win
    # (see test_stoeck_counts_before_tricks_at_the_end_of_a_deal). Team 0 took the last
    # trick, has reached the target too, and claims first.
    hands = deal("", "HQ HK", seed=15)
    rec, result = finish(record(hands, [trump(0, "H")], scores=[2490, 2480]))
    assert result["result"]["winner"] == 1 and "Stöck" in result["result"]["end"]
    taker = result["tricks"][-1]["winner"]
    assert taker % 2 == 0
    final = replay(dict(rec, decisions=rec["decisions"] + [claim(taker)]))["result"]
    assert final["claim"] == {"seat": taker, "right": True}
    assert final["winner"] == 0 and "right claim" in final["end"]
    message = replay_error(dict(rec, decisions=rec["decisions"] + [claim(taker), claim(taker)]))
    assert "the game ended with the claim of decision" in message


def test_the_engine_asks_for_a_claim_after_the_last_trick():
    # played on the engine's steps: after the ninth trick the taker is asked, and the
    # points it is shown include the match bonus
    rec, _ = match_deal(2000)
    hand_masks = np.array([mask(" ".join(h)) for h in rec["hands"]], dtype=np.uint64)
    cfg = jass_config("schieber", target=2500)
    st, hand_masks = start(cfg, hand_masks, 3, totals=(2000, 0))
    apply(st, hand_masks, cfg, 1)
    apply(st, hand_masks, cfg, 0)
    for d in rec["decisions"][2:]:
        assert d["kind"] == "play" and st[O.PHASE] == O.PHASE_PLAY
        apply(st, hand_masks, cfg, parse_card(d["value"]))
    assert st[O.PHASE] == O.PHASE_CLAIM and st[O.SEAT] == 0
    obs = observed(st, hand_masks, cfg)
    assert list(obs[O.TEAM_COUNTED:O.TEAM_COUNTED + 2]) == [2554, 0]
    apply(st, hand_masks, cfg, 0)                         # plays on: the deal is over
    assert st[O.PHASE] == PHASE_OVER and st[X_CLAIM_SEAT] == -1


# -- what the players see: Weis shown after the first trick, Stöck when announced ---------------

def test_weis_cards_stoeck_and_counted_points_appear_when_the_rules_say():
    # hearts trump (x2), seat 0 first hand. Seat 2 holds S6 S7 S8 (20) and declares it;
    # seat 1 holds Stöck (HQ HK). Totals before the deal: 1000 and 1200.
    hands = [cards("HA HT D6 D7 C6 C8 CT CQ SA"), cards("HQ HK D8 DT DQ C7 C9 SJ SK"),
             cards("S6 S7 S8 H8 D9 DJ CJ CK CA"), cards("S9 ST SQ H6 H7 H9 HJ DK DA")]
    hand_masks = np.array([mask(" ".join(h)) for h in hands], dtype=np.uint64)
    cfg = jass_config("schieber", target=2500)
    st, hand_masks = start(cfg, hand_masks, 3, totals=(1000, 1200))
    apply(st, hand_masks, cfg, 1)
    assert st[O.PHASE] == O.PHASE_WEIS and st[O.SEAT] == 2       # the only seat with a meld
    apply(st, hand_masks, cfg, 1)

    def seen():
        seat = int(st[O.SEAT])
        obs = observed(st, hand_masks, cfg)
        assert obs[O.HAND] == np.int64(hand_masks[seat])
        assert obs[O.LEGAL] == legal_mask(st, hand_masks, cfg)
        return {"weis_cards": names(np.uint64(obs[O.WEIS_CARDS])), "stoeck": int(obs[O.STOECK_SEAT]),
                "counted": list(obs[O.TEAM_COUNTED:O.TEAM_COUNTED + 2]),
                "own_weis": int(obs[O.OWN_WEIS])}

    def play_cards(text):
        for c in text.split():
            apply(st, hand_masks, cfg, parse_card(c))

    # before the first card: who declared what, and whose Weis counts, but not its cards
    assert list(st[O.WEIS_DECLARED:O.WEIS_DECLARED + 4]) == [0, 0, 20, 0] and st[O.WEIS_TEAM] == 0
    assert seen() == {"weis_cards": [], "stoeck": -1, "counted": [1000, 1200], "own_weis": 0}
    play_cards("HT HQ")                    # trick 1: seat 1 plays its first Stöck card
    assert seen() == {"weis_cards": [], "stoeck": -1, "counted": [1000, 1200], "own_weis": 20}
    play_cards("H8 HJ")                    # seat 3's Buur takes HT HQ H8 HJ: 10 + 3 + 0 + 20
    # after the first trick the Weis cards are shown and count: 1000 + 2 x 20, 1200 + 2 x 33
    assert seen() == {"weis_cards": ["S6", "S7", "S8"], "stoeck": -1, "counted": [1040, 1266],
                      "own_weis": 0}
    play_cards("H6 HA HK")                 # trick 2: seat 1 plays the second: Stöck announced
    assert seen()["stoeck"] == 1 and seen()["counted"] == [1040, 1200 + 2 * (33 + 20)]
    play_cards("D9")                       # seat 0's HA takes H6 HA HK D9: 0 + 11 + 4 + 0
    assert seen()["counted"] == [1000 + 2 * (20 + 15), 1306]


# -- Differenzler -----------------------------------------------------------------------------------

def test_differenzler_predictions_then_play_then_penalties():
    hands = deal(seed=19)
    turned = hands[3][-1]                    # the dealer keeps the turned card
    head = [predict(0, 40), predict(1, 0), predict(2, 157), predict(3, 33)]
    result = replay(record(hands, head[:1], variant="differenzler", trump_card=turned))
    assert result["next"]["seat"] == 1 and result["next"]["kind"] == "predict"
    assert result["next"]["legal"] == list(range(158))
    assert result["mode"] == turned[0] and result["trump_card"] == turned
    rec, result = finish(record(hands, head, variant="differenzler", trump_card=turned,
                                scores=[5, 0, 10, 20]))
    final = result["result"]
    assert sum(final["points"]) == 157
    predictions = [40, 0, 157, 33]
    assert final["predictions"] == predictions
    penalties = [abs(p - q) for p, q in zip(final["points"], predictions)]
    assert final["penalties"] == penalties
    assert final["totals"] == [b + p for b, p in zip([5, 0, 10, 20], penalties)]
    # no Weis in Differenzler, and predictions come before the first card
    message = replay_error(record(hands, [weis(0)], variant="differenzler", trump_card=turned))
    assert "unknown kind 'weis'" in message
    message = replay_error(record(hands, [play(0, hands[0][0])], variant="differenzler",
                                  trump_card=turned))
    assert "prediction" in message


@pytest.mark.parametrize("option", ["hidden", "open"])
def test_differenzler_predictions_open_or_hidden(option):
    hands = deal(seed=20)
    hand_masks = np.array([mask(" ".join(h)) for h in hands], dtype=np.uint64)
    cfg = jass_config("differenzler", predictions=option)
    st, hand_masks = start(cfg, hand_masks, 3, parse_card(hands[3][0]))
    for value in (50, 60, 70):                       # seats 0, 1, 2
        apply(st, hand_masks, cfg, value)

    def seen_by(seat):
        obs = observed(st, hand_masks, cfg, seat)
        assert obs[O.LEGAL] == 157
        return list(obs[O.PREDICTIONS:O.PREDICTIONS + 4])

    if option == "open":
        assert seen_by(3) == [50, 60, 70, -1]        # the dealer sees every earlier prediction
        assert seen_by(0) == [50, 60, 70, -1]
    else:
        assert seen_by(3) == [-1, -1, -1, -1]        # only his own, not made yet
        assert seen_by(1) == [-1, 60, -1, -1]
        assert seen_by(0) == [50, -1, -1, -1]


def test_differenzler_turned_card_must_be_the_dealers():
    hands = deal(seed=21)
    message = replay_error(record(hands, [], variant="differenzler", trump_card=hands[0][0]))
    assert "dealer" in message and hands[0][0] in message
    message = replay_error(record(hands, [], variant="differenzler"))
    assert "extra.trump_card" in message
