"""Every Beim Jupiter rule and option from hand-made rounds through replay, and the
seed's two worked examples (the trump decision, the allocation at counters II and IV)."""
import numpy as np
import pytest

from jupiter.helpers import bids, d, layouts, play_out, plays, record, state_after
from sim.errors import TricksimError
from sim.games.jupiter import obs as O
from sim.games.jupiter.cards import NAMES, parse_card
from sim.games.jupiter.replay import replay
from sim.games.jupiter.rules_nb import STEP_COUNT, STEP_HIGHEST, STEP_NONE, STEP_SUM, trump_decision


def face_up(cards: str) -> np.uint64:
    return np.uint64(sum(1 << parse_card(c) for c in cards.split()))


# -- 3. the trump --------------------------------------------------------------------------
def test_seed_trump_example_red_wins_on_the_highest_card():
    # two blue and two red turned up, one yellow; blue and red both sum to 12: red 11 decides
    rec = record(5, 1, {0: "B5", 1: "B7", 2: "R1", 3: "R11", 4: "Y3"},
                 decisions=layouts("B5", "B7", "R1", "R11", "Y3", first=0, players=5), dealer=4)
    res = replay("jupiter", rec)["result"]
    assert res["trump"] == "R" and res["trump_step"] == "highest"


@pytest.mark.parametrize("cards,rule,expected", [
    ("B1 B2 R14", 0, (0, STEP_COUNT)),           # count first: blue has more cards
    ("B1 B2 R14", 1, (1, STEP_SUM)),             # sum first: red's 14 beats 3
    ("B6 R2 R4 Y1", 1, (1, STEP_COUNT)),         # sums 6 = 6: then red's two cards
    ("B5 R2 R3 Y9", 0, (1, STEP_COUNT)),         # counts 1, 2, 1: red
    ("B5 Y9 G1", 0, (2, STEP_SUM)),              # one card each: yellow's sum 9
    ("B3 B4 R2 R5", 0, (1, STEP_HIGHEST)),       # 2 and 2, 7 and 7: top 5 beats 4
    ("B3 B4 R2 R5", 1, (1, STEP_HIGHEST)),
    ("B3 B4 R3 R4", 0, (-1, STEP_NONE)),         # equal tops: no trump
    ("B3 B4 R3 R4 Y1 Y6", 1, (2, STEP_HIGHEST)),  # sums 7, counts 2: yellow's 6 on top
    ("B3 B4 R1 R6 Y2 Y5", 0, (1, STEP_HIGHEST)),
    ("B3 B4 R3 R4 Y7", 1, (-1, STEP_NONE)),      # sums 7, blue and red 2 cards, tops 4
])
def test_trump_stages_for_both_rules(cards, rule, expected):
    assert trump_decision(face_up(cards), rule) == expected


def test_cards_left_on_the_table_count_for_trump_and_sum_first_changes_it():
    # layouts blue 2, red 3, yellow 4, green 1; yellow 1 and 2 lie beside counter 3 from before
    given = {0: "B2", 1: "R3", 2: "Y4", 3: "G1"}
    table = {"3": "Y1 Y2"}
    rec = record(4, 2, given, decisions=layouts("B2", "R3", "Y4", "G1"), table=table)
    res = replay("jupiter", rec)["result"]
    assert res["trump"] == "Y" and res["trump_step"] == "count"
    # yellow 1 + 2 + 4 = 7 against green 1 + 13: sum first, green (table green 13)
    table = {"3": "Y1 Y2", "4": "G11"}
    rec = record(4, 2, given, decisions=layouts("B2", "R3", "Y4", "G1"), table=table,
                 options={"trump_rule": "sum_first"})
    res = replay("jupiter", rec)["result"]
    assert res["trump"] == "G" and res["trump_step"] == "sum"
    rec["options"] = {"trump_rule": "count_first"}
    res = replay("jupiter", rec)["result"]
    assert res["trump"] == "Y" and res["trump_step"] == "count"


# -- 5. play ------------------------------------------------------------------------------
def round8(given, lay=("B1", "R1", "Y2", "G1"), table=None, options=None):
    """4 players, round 8 (6 cards, 5 tricks), dealer 3: seat 0 starts. The layouts make
    yellow trump (on the sum) unless said otherwise."""
    return record(4, 8, given, decisions=layouts(*lay) + bids(1, 1, 1, 1), table=table,
                  options=options)


def legal_now(rec):
    return state_after(rec).legal()


def names(actions):
    from sim.games.jupiter.notation import play_text
    return sorted(play_text(a) for a in actions)


def test_lamb_lead_then_a_lamb_passes_the_choice_then_the_colour_must_be_followed():
    rec = round8({0: "B1 L1 B5", 1: "R1 L2 B6", 2: "Y2 R9 B7 B8", 3: "G1 R10 R11"})
    rec["decisions"] += plays("L1 L2", 0)
    # only lambs so far: seat 2 may play anything
    assert names(legal_now(rec)) == names(state_after(rec).held(2))
    rec["decisions"] += plays("R9", 2, 4)[:1]
    rec["decisions"][-1]["seat"] = 2
    # red is led now: seat 3 holds red and must follow it
    assert set(names(legal_now(rec))) == {"R10", "R11"}
    rec["decisions"].append(d(3, "play", "R10"))
    res = play_out(rec)
    assert res["rounds"][0]["tricks"][0]["winner"] == 3     # lambs never win


def test_a_lamb_may_be_played_even_when_able_to_follow():
    rec = round8({0: "B1 B5", 1: "R1 B6 L1", 2: "Y2", 3: "G1"})
    rec["decisions"] += plays("B5", 0)
    assert "L1" in names(legal_now(rec)) and "B6" in names(legal_now(rec))


def test_jupiter_and_juno_in_one_trick_the_first_played_wins():
    rec = round8({0: "B1 B5", 1: "R1 JUN B6", 2: "Y2 JUP", 3: "G1 B9"})
    # blue led; seat 1 can follow blue, so Juno is not allowed
    rec["decisions"] += plays("B5", 0)
    assert "JUN" not in names(legal_now(rec))
    rec = round8({0: "B1 B5", 1: "R1 JUN R2 R3 R4 R5", 2: "Y2 JUP Y3 Y4 Y5 Y6", 3: "G1 B9"})
    rec["decisions"] += plays("B5 JUN JUP B9", 0)
    res = play_out(rec)
    assert res["rounds"][0]["tricks"][0]["winner"] == 1


def test_jupiter_led_calls_for_trumps_and_beats_the_trump_colour():
    rec = round8({0: "B1 JUP", 1: "R1 Y9 B6", 2: "Y2 Y10 B7", 3: "G1 B9 JUN"})
    rec["decisions"] += plays("JUP", 0)
    assert set(names(legal_now(rec))) == {"Y9"} | ({"L1", "L2", "L3"} & set(names(legal_now(rec))))
    rec["decisions"] += [d(1, "play", "Y9"), d(2, "play", "Y10")]
    assert set(names(legal_now(rec))) - {"L1", "L2", "L3"} == {"JUN"}    # seat 3: Juno is a trump
    rec["decisions"].append(d(3, "play", "JUN"))
    res = play_out(rec)
    assert res["rounds"][0]["trump"] == "Y"
    assert res["rounds"][0]["tricks"][0]["winner"] == 0


def test_no_trump_colour_with_jupiter_led_only_juno_must_answer():
    # one card of each colour, equal sums and tops: no trump
    rec = round8({0: "B1 JUP", 1: "R1 R9 B6", 2: "Y1 Y10 B7", 3: "G1 JUN B9"},
                 lay=("B1", "R1", "Y1", "G1"))
    rec["decisions"] += plays("JUP", 0)
    state = state_after(rec)
    assert state.round.get("trump") is None
    # seat 1 holds no Jupiter/Juno: any card
    assert set(names(state.legal())) == set(names(state.held(1)))
    rec["decisions"] += [d(1, "play", "R9"), d(2, "play", "Y10")]
    assert set(names(legal_now(rec))) - {"L1", "L2", "L3"} == {"JUN"}
    rec["decisions"].append(d(3, "play", "JUN"))
    res = play_out(rec)
    assert res["rounds"][0]["trump"] is None and res["rounds"][0]["trump_step"] == "none"
    assert res["rounds"][0]["tricks"][0]["winner"] == 0


def five_players_green_trump(given):
    """5 players, round 1, dealer 4: layouts B1 R1 Y1 G1 G2 make green trump (two cards)."""
    return record(5, 1, given, decisions=layouts("B1", "R1", "Y1", "G1", "G2", players=5)
                  + bids(1, 1, 1, 1, 1, players=5), dealer=4)


def test_a_god_card_played_as_15_beats_the_14():
    rec = five_players_green_trump({0: "B1 B14", 1: "R1 BX", 2: "Y1 B2", 3: "G1 B3", 4: "G2 RX R5"})
    assert state_after(rec).st[O.TRUMP] == 3
    rec["decisions"] += plays("B14 BX=15 B2 B3", 0, 5) + [d(4, "play", "R5")]
    state = state_after(rec)
    assert state.round["tricks"][0]["winner"] == 1
    assert state.round["tricks"][0]["cards"][1] == "BX=15"
    assert state.st[O.CARD_POINTS + 1] == 14 + 0 + 2 + 3 + 5       # no number on the God: 0


def test_a_god_card_played_as_0_loses_to_every_number_of_its_colour():
    rec = five_players_green_trump({0: "B1 R9", 1: "R1 RX", 2: "Y1 R2", 3: "G1 R3", 4: "G2 R5"})
    rec["decisions"] += plays("R9 RX=0 R2 R3 R5", 0, 5)
    state = state_after(rec)
    assert state.round["tricks"][0]["winner"] == 0
    assert state.st[O.CARD_POINTS + 0] == 9 + 0 + 2 + 3 + 5


def test_a_trump_god_played_as_0_wins_against_the_colour_led():
    # 5 players, round 8 (6 cards): green trump (G1 G2 laid out); seat 1 holds no red
    lay = layouts("B1", "R1", "Y1", "G1", "G2", players=5) + bids(1, 1, 1, 1, 1, players=5)
    rec = record(5, 8, {0: "B1 R9", 1: "R1 GX Y3 Y4 Y5 Y6", 2: "Y1 R2", 3: "G1 R3", 4: "G2 R5"},
                 decisions=lay, dealer=4)
    rec["decisions"] += plays("R9 GX=0", 0, 5)
    rec["decisions"] += plays("R2 R3 R5", 2, 5)
    state = state_after(rec)
    assert state.round["tricks"][0]["winner"] == 1


def test_a_god_card_played_as_15_counts_0_in_the_card_points_that_order_the_claimants():
    # 4 players, round 8, yellow trump; everyone bids counter 1 unlocked, where the four
    # layouts lie. Seats 0 and 1 take one trick each (class 2 at counter 1): seat 1's holds
    # its own God played as 15 (B10 BX=15 B2 B3: 15 card points, 30 if the God counted),
    # seat 0's R2 R3 R4 R11 (20). So seat 0 chooses first and takes the yellow 2.
    given = {0: "B1 B10 R11 G2 YX GX", 1: "R1 BX R2 L1 RX B5",
             2: "Y2 B2 R3 JUP JUN Y5", 3: "G1 B3 R4 G3 L2 G4"}
    rec = round8(given)
    rec["decisions"] += (plays("B10 BX=15 B2 B3", 0) + plays("R2 R3 R4 R11", 1)
                         + plays("G2 L1 JUP G3", 0) + plays("JUN L2 YX=0 RX=0", 2)
                         + plays("Y5 G4 GX=0 B5", 2))
    state = state_after(rec)
    assert [t["winner"] for t in state.round["tricks"]] == [1, 0, 2, 2, 2]
    assert [t["points"] for t in state.round["tricks"]] == [15, 20, 5, 0, 14]
    assert [int(state.st[O.CARD_POINTS + s]) for s in range(4)] == [20, 15, 2 + 3 + 5 + 4 + 5, 0]
    assert (state.seat(), state.legal()) == (0, [parse_card("Y2")])
    res = play_out(rec)
    assert res["result"]["card_points"] == [20, 15, 19, 0]
    assert res["result"]["taken"] == [["Y2"], ["B1"], [], []]


# -- the redeal ----------------------------------------------------------------------------
def test_a_hand_without_a_numbered_colour_card_is_dealt_again():
    rec = record(4, 8, {0: "BX RX YX GX JUP JUN", 1: "R1", 2: "Y2", 3: "G1"})
    res = replay("jupiter", rec)
    assert res["result"]["redeal"] == 0 and res["result"]["complete"] is False
    assert "trump" not in res["result"]
    with pytest.raises(TricksimError, match="over"):
        replay("jupiter", {**rec, "decisions": [d(0, "layout", "B1")]})


# -- 6. the allocation ---------------------------------------------------------------------
def allocation(layouts_, bids_, tricks, points, table=None, round_no=1, players=4, dealer=None,
               options=None, zero_unused=None):
    extra = {"phase": "allocation", "round": round_no, "table": table or {},
             "layouts": layouts_, "bids": bids_, "tricks": tricks, "card_points": points}
    if zero_unused is not None:
        extra["zero_unused"] = zero_unused
    rec = {"game": "jupiter", "players": players,
           "dealer": players - 1 if dealer is None else dealer,
           "hands": [[] for _ in range(players)], "extra": extra, "decisions": []}
    if options:
        rec["options"] = options
    return rec


def B(k, locked=False):
    return {"counter": k, "locked": locked}


def takes(*pairs):
    return [d(s, "take", c) for s, c in pairs]


def test_seed_allocation_example_at_counters_ii_and_iv():
    # seats: 0 Blue, 1 Red, 2 Yellow, 3 Green (round 1 of 4 players: 12 tricks)
    rec = allocation(["G4", "G5", "B6", "R8"], [B(2), B(4, True), B(4, True), B(1, True)],
                     [2, 4, 4, 2], [20, 38, 47, 15], table={"2": ["Y1"], "4": ["Y9"]})
    state = state_after(rec)
    assert (state.seat(), state.legal()) == (0, [parse_card("G4")])   # Blue before Green
    rec["decisions"] = takes((0, "G4"), (3, "Y1"))
    state = state_after(rec)
    assert state.seat() == 2                                           # Yellow's 47 before 38
    assert sorted(state.legal()) == sorted(parse_card(c) for c in ("B6", "Y9"))
    rec["decisions"] += takes((2, "Y9"))
    assert sorted(state_after(rec).legal()) == sorted(parse_card(c) for c in ("G5", "B6"))
    rec["decisions"] += takes((1, "B6"))
    res = replay("jupiter", rec)["result"]
    assert res["taken"] == [["G4"], ["B6"], ["Y9"], ["Y1"]]
    assert res["markers"] == [None, None, None, 2]
    assert res["table_left"] == {"1": ["R8"], "4": ["G5"]}
    assert res["victory_points"] == [4, 6, 9, 1]


def test_ties_on_card_points_go_to_the_earlier_seat_in_bidding_order():
    # counter 2: seats 0 and 3 unlocked (class 2), 15 points each; counter 4: seats 1 and 2
    # locked and made (class 1), 40 points each. Dealer 1: seats bid 2, 3, 0, 1
    rec = allocation(["G4", "G5", "B6", "R8"], [B(2), B(4, True), B(4, True), B(2)],
                     [2, 4, 4, 2], [15, 40, 40, 15], table={"4": ["Y9"]}, dealer=1)
    state = state_after(rec)
    assert state.seat() == 3 and state.legal() == [parse_card("R8")]    # the highest of G4 R8
    rec["decisions"] = takes((3, "R8"), (0, "G4"))
    state = state_after(rec)
    assert state.seat() == 2
    # class 1: its own locked B6 or any card not locked (Y9; seat 1's G5 is locked)
    assert sorted(state.legal()) == sorted(parse_card(c) for c in ("B6", "Y9"))
    rec["decisions"] += takes((2, "Y9"))
    state = state_after(rec)
    assert state.seat() == 1     # seat 2's B6 is free now that it took another card
    assert sorted(state.legal()) == sorted(parse_card(c) for c in ("G5", "B6"))
    # dealer 3 instead: seat 0 bids before seat 3, seat 1 before seat 2
    rec = allocation(["G4", "G5", "B6", "R8"], [B(2), B(4, True), B(4, True), B(2)],
                     [2, 4, 4, 2], [15, 40, 40, 15], table={"4": ["Y9"]}, dealer=3)
    assert state_after(rec).seat() == 0
    rec["decisions"] = takes((0, "R8"), (3, "G4"))
    assert state_after(rec).seat() == 1


def test_a_sole_claimant_takes_the_highest_card_locked_or_not():
    # seat 1 bid 3 locked and took 4 (marker to 4, its R2 free at 3); seat 2 bid 4 locked, took 5
    rec = allocation(["G4", "R2", "B6", "R8"], [B(3), B(3, True), B(4, True), B(1)],
                     [0, 4, 5, 3], [0, 30, 40, 20], table={"4": ["Y9", "G9"]})
    state = state_after(rec)
    # counter 3: seat 3 alone (3 tricks): the highest there, R2 or G4: G4
    assert state.seat() == 3 and state.legal() == [parse_card("G4")]
    rec["decisions"] = takes((3, "G4"))
    state = state_after(rec)
    # counter 4: seat 1 alone: the highest, Y9 or G9 (equal numbers: it chooses), over
    # seat 2's B6 (seat 2 failed: unlocked)
    assert state.seat() == 1 and sorted(state.legal()) == sorted(parse_card(c) for c in ("Y9", "G9"))
    with pytest.raises(TricksimError, match="may not take B6"):
        replay("jupiter", {**rec, "decisions": takes((3, "G4"), (1, "B6"))})
    rec["decisions"] += takes((1, "G9"))
    state = state_after(rec)
    # counter 5: seat 2 alone, but no card lies there: the round is over
    res = replay("jupiter", rec)["result"]
    assert res["complete"] and res["taken"] == [[], ["G9"], [], ["G4"]]
    assert res["markers"] == [None, 4, 5, None]


def test_a_sole_claimant_takes_the_highest_card_over_his_own_locked_card():
    rec = allocation(["G4", "R2", "B6", "R8"], [B(4, True), B(2), B(1), B(1)],
                     [4, 3, 5, 0], [30, 20, 40, 0], table={"4": ["Y9"]})
    state = state_after(rec)
    # counter 3: seat 1 alone, nothing there; counter 4: seat 0 alone, Y9 over its own G4
    assert state.seat() == 0 and state.legal() == [parse_card("Y9")]


def test_a_failed_locked_bid_moves_its_marker_and_frees_its_card():
    # seat 2 locked B6 at 4 and took 2: its marker goes to 2, class 3 there; B6 is free at 4
    rec = allocation(["G4", "R2", "B6", "R8"], [B(2), B(4), B(4, True), B(3)],
                     [2, 4, 2, 4], [20, 30, 40, 20], table={"2": ["Y1"]})
    state = state_after(rec)
    assert state.seat() == 0 and state.legal() == [parse_card("G4")]
    rec["decisions"] = takes((0, "G4"))
    assert state_after(rec).seat() == 2 and state_after(rec).legal() == [parse_card("Y1")]
    rec["decisions"] += takes((2, "Y1"))
    state = state_after(rec)
    # counter 4: seats 1 and 3 (both unlocked, class 2), seat 1 has more points... equal 30/20
    assert state.seat() == 1 and state.legal() == [parse_card("B6")]
    rec["decisions"] += takes((1, "B6"), (3, "R2"))
    res = replay("jupiter", rec)["result"]
    assert res["markers"] == [None, None, 2, None]
    assert res["taken"] == [["G4"], ["B6"], ["Y1"], ["R2"]]


@pytest.mark.parametrize("points,dealer,order,taken", [
    # class 2 first (seat 0: 10 points, seat 3: 5), then class 3 (seat 2: 30, seat 1: 20)
    ([10, 20, 30, 5], 3, [0, 3, 2], [["G4"], [], ["Y1"], ["Y2"]]),
    # class 3 tied on 20 points: bidding order from seat 0 (dealer 3) puts seat 1 first
    ([10, 20, 20, 5], 3, [0, 3, 1], [["G4"], ["Y1"], [], ["Y2"]]),
    # ... and from seat 2 (dealer 1) puts seat 2 first; class 2 still by points
    ([10, 20, 20, 5], 1, [0, 3, 2], [["G4"], [], ["Y1"], ["Y2"]]),
])
def test_class_order_at_one_counter(points, dealer, order, taken):
    # counter 3: seats 0 and 3 unlocked (class 2), seats 1 and 2 locked elsewhere and failed (class 3)
    rec = allocation(["G4", "R2", "B6", "R8"], [B(3), B(1, True), B(5, True), B(1)],
                     [3, 3, 3, 3], points, table={"3": ["Y1", "Y2"]}, dealer=dealer)
    seen = []
    state = state_after(rec)
    while state.phase() == O.PHASE_TAKE:
        seat = state.seat()
        seen.append(seat)
        rec["decisions"].append(d(seat, "take", NAMES[state.legal()[0]]))
        state = state_after(rec)
    assert seen == order
    assert replay("jupiter", rec)["result"]["taken"] == taken


def test_zero_trick_outcomes():
    rec = allocation(["G4", "R2", "B6", "R8"], ["zero", "zero", B(11), B(1)],
                     [0, 1, 11, 0], [0, 5, 90, 0], table={"1": ["Y5"]})
    rec["decisions"] = takes((2, "B6"))
    res = replay("jupiter", rec)["result"]
    assert res["taken"] == [["G4"], [], ["B6"], []]
    assert res["zero_lost"] == ["R2"]
    assert res["zero_unused"] == [False, False, True, True]
    assert res["victory_points"] == [4, 0, 6, 0]
    # seat 1 (zero, 1 trick) claims nothing at counter 1: Y5 and R8 stay
    assert res["table_left"] == {"1": ["R8", "Y5"]}
    # a second use of the zero-trick card
    rec["extra"]["zero_unused"] = [False, True, True, True]
    with pytest.raises(TricksimError, match="zero-trick card already"):
        replay("jupiter", rec)


@pytest.mark.parametrize("orphans,left", [("removed", {}), ("move_down", {"11": ["R8", "Y5"]})])
def test_the_highest_counter_leaves_with_its_cards_by_option(orphans, left):
    rec = allocation(["G4", "R2", "B6", "R8"], [B(1), B(1), B(1), B(12)],
                     [4, 4, 4, 0], [0, 5, 90, 0], table={"12": ["Y5"]}, options={"orphans": orphans})
    res = replay("jupiter", rec)["result"]
    assert res["table_left"] == {k: v for k, v in left.items()} | ({"1": ["B6", "R2", "G4"]})
    assert res["removed"] == ([] if orphans == "move_down" else ["R8", "Y5"])
