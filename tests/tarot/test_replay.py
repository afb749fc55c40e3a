"""Every French Tarot rule through replay, from hand-made deals (docs/rules.md).

Deals are built by ``helpers.deal``: the cards a test names where it puts
them, the rest of the pack in order to the dog, then seat 0, 1, … . The
dealer is the last seat, so seat 0 bids first and leads the first trick.
Expected points and scores are worked out by hand in the comments.
"""
import pytest

from sim.errors import TricksimError
from sim.games.tarot.replay import replay, transcript

from .helpers import bids, d, play_out, record


def run(rec):
    return replay("tarot", rec)


def error(rec) -> str:
    with pytest.raises(TricksimError) as caught:
        run(rec)
    message = str(caught.value)
    assert "\n" not in message
    return message


def trumps(lo, hi):
    return " ".join(f"T{k}" for k in range(lo, hi + 1))


# -- bidding ------------------------------------------------------------------------------
def test_each_bid_must_be_above_the_last():
    rec = record(4, {}, bids("guard", "take"))
    assert "seat 1 may not bid take after guard" in error(rec)
    assert "guard_without" in error(rec)


def test_bidding_starts_right_of_the_dealer():
    rec = record(4, {}, [d(0, "bid", "pass")], dealer=1)
    assert "seat 2 is to bid" in error(rec)


def test_after_guard_against_only_pass():
    result = run(record(4, {}, bids("pass", "guard_against")))
    assert result["next"] == {"seat": 2, "kind": "bid", "legal": ["pass"]}


def test_all_pass_redeals_with_no_score():
    result = run(record(4, {}, bids("pass", "pass", "pass", "pass")))
    assert result["result"]["redeal"] == "all_passed"
    assert result["result"]["scores"] == [0, 0, 0, 0]
    assert result["result"]["complete"]


# -- the petit sec ------------------------------------------------------------------------
def test_petit_sec_redeals():
    # seat 0 gets S7 … SK and H1 … H10 (no trump); seat 1 the Petit and no other trump
    result = run(record(4, {1: "T1"}))
    assert result["result"]["redeal"] == "petit_sec"
    assert result["result"]["petit_sec_seat"] == 1


def test_petit_sec_with_the_excuse_is_no_petit_sec():
    assert run(record(4, {1: "T1 EX"}))["next"]["kind"] == "bid"


def test_petit_sec_option_play_plays_on():
    result = run(record(4, {1: "T1"}, options={"petit_sec": "play"}))
    assert result["next"] == {"seat": 0, "kind": "bid",
                              "legal": ["pass", "take", "guard", "guard_without", "guard_against"]}


# -- the dog and the discard --------------------------------------------------------------
def discard_record(cards, contract="take"):
    rec = record(4, {0: "SK S2 S3 HK T21 T1 EX T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12"},
                 bids(contract, "pass", "pass", "pass"), dog="S4 S5 S6 T13 T14 DK")
    rec["decisions"].append(d(0, "discard", cards.split()))
    return rec


def test_discard_takes_no_king():
    assert "may not discard SK" in error(discard_record("SK S2 S3 S4 S5 S6"))


def test_discard_takes_no_oudler():
    assert "may not discard T21" in error(discard_record("T21 S2 S3 S4 S5 S6"))
    assert "may not discard EX" in error(discard_record("EX S2 S3 S4 S5 S6"))


def test_discard_takes_trumps_only_when_unavoidable():
    # five plain cards (S2 … S6): a trump may complete the discard, not replace one of them
    assert "may not discard T2" in error(discard_record("T2 T3 S3 S4 S5 S6"))
    result = run(discard_record("S2 S3 S4 S5 S6 T2"))
    assert result["result"]["discard"] == ["S2", "S3", "S4", "S5", "S6", "T2"]
    assert result["result"]["discard_shown"] == ["T2"]


def test_a_discard_holding_the_8_of_trumps_replays():
    # T8 is the card on bit 63 of the first word: the trumps shown read as a negative int64
    result = run(discard_record("S2 S3 S4 S5 S6 T8"))
    assert result["result"]["discard_shown"] == ["T8"]
    result = run(discard_record("S2 S3 S4 S5 S6 T9"))          # bit 0 of the second word
    assert result["result"]["discard_shown"] == ["T9"]


def test_discard_must_hold_the_cards_and_have_the_dog_size():
    assert "does not hold C5" in error(discard_record("C5 S2 S3 S4 S5 S6"))
    assert "6 different cards, not 5" in error(discard_record("S2 S3 S4 S5 S6"))


@pytest.mark.parametrize("contract", ["take", "guard"])
def test_take_and_guard_put_the_dog_in_the_hand(contract):
    rec = discard_record("S2 S3 S4 S5 S6 T2", contract)
    rec["decisions"].append(d(0, "play", "T13"))   # a dog card
    assert run(rec)["tricks"] == [] and run(rec)["current_trick"]["cards"] == ["T13"]


def test_guard_without_and_against_the_dog_counts_for_either_side():
    # the same deal and play: the dog (S1 … S6, 3 points) counts for the taker or the defence
    without = play_out(record(4, {}, bids("guard_without", "pass", "pass", "pass")))
    against = play_out(record(4, {}, bids("guard_against", "pass", "pass", "pass")))
    assert without["result"]["taker_points"] - against["result"]["taker_points"] == 3
    assert without["tricks"] == against["tricks"]
    assert "discard" not in [x["kind"] for x in without["decisions"]]


# -- card play ----------------------------------------------------------------------------
def test_undertrumping_when_able_to_overtrump_is_illegal():
    # seat 0 leads T5; seat 1 holds T2 and T9 and must play T9
    rec = record(4, {0: "T5", 1: "T2 T9 EX"}, bids("guard_without", "pass", "pass", "pass")
                 + [d(0, "play", "T5"), d(1, "play", "T2")])
    assert "seat 1 may not play T2; legal: T9 EX" in error(rec)


def test_excuse_lead_lets_the_next_card_set_the_suit():
    rec = record(4, {0: "EX", 1: "H5 S9", 2: "H7 D2"},
                 bids("guard_without", "pass", "pass", "pass") + [d(0, "play", "EX")])
    assert len(run(rec)["next"]["legal"]) == 18             # anything after an Excuse lead
    rec["decisions"].append(d(1, "play", "H5"))
    legal = run(rec)["next"]["legal"]
    assert "H7" in legal and "D2" not in legal and all(c.startswith("H") for c in legal)


def test_excuse_before_the_last_trick_stays_with_its_owner_fft_exchange():
    # the taker holds T4 … T21 and wins every trick; seat 1 plays the Excuse in the first:
    # it stays with the defence, which gives a half point: 91 - 4.5 + 0.5 = 87 with two oudlers
    give = {0: trumps(4, 21), 1: "EX"}
    deal_bids = bids("guard_without", "pass", "pass", "pass")
    fft = play_out(record(4, give, list(deal_bids)), order=["EX"])
    assert fft["tricks"][0]["cards"][1] == "EX" and fft["tricks"][0]["winner"] == 0
    assert fft["result"]["taker_points"] == 87 and fft["result"]["oudlers"] == 2
    # made by 46, unannounced slam (the taker won every trick): 71 × 4 + 200
    assert fft["result"]["score"] == 71 * 4 + 200
    plain = play_out(record(4, give, list(deal_bids), options={"excuse_exchange": "none"}),
                     order=["EX"])
    assert plain["result"]["taker_points"] == 86.5
    assert plain["result"]["margin"] == 46        # the half point goes to the side that made it


def test_excuse_in_the_last_trick_goes_to_the_trick_winner():
    # seat 1 keeps the Excuse to the last trick; the taker won every trick before, so the
    # Excuse changes sides (T21 EX DQ CK: 17 points): 91 points, three oudlers, made by 55, unannounced slam
    rec = record(4, {0: trumps(4, 21), 1: "EX"}, bids("guard_without", "pass", "pass", "pass"))
    result = play_out(rec, keep=["EX"])
    last = result["tricks"][-1]
    assert "EX" in last["cards"] and last["winner"] == 0 and last["points"] == 17
    assert result["result"]["oudlers"] == 3 and result["result"]["taker_points"] == 91
    assert result["result"]["score"] == 80 * 4 + 200


def test_excuse_wins_the_last_trick_of_a_declared_slam():
    rec = record(4, {0: "EX " + trumps(5, 21)},
                 bids("guard_without", "pass", "pass", "pass") + [d(0, "slam", True)])
    result = play_out(rec, keep=["EX"])
    last = result["tricks"][-1]
    assert last["cards"][0] == "EX" and last["winner"] == 0
    r = result["result"]
    assert r["slam"] == {"declared": True, "made": True, "defence": False}
    assert r["taker_points"] == 91 and r["score"] == 80 * 4 + 400
    assert sum(r["scores"]) == 0 and r["scores"][0] == 3 * r["score"]


def test_slam_declared_the_taker_leads():
    # dealer 0: seat 1 would lead; seat 2 takes and declares a slam, so seat 2 leads
    rec = record(4, {}, bids("pass", "guard_without", "pass", "pass", first=1)
                 + [d(2, "slam", True)], dealer=0)
    assert run(rec)["next"]["seat"] == 2


def test_petit_au_bout_in_the_last_trick_for_the_taker():
    # the taker keeps the Petit for the last trick; the defence kept the Excuse too (lowest
    # legal first: it is the last card of its holder), and loses it to the trick's winner
    rec = record(4, {0: "T1 " + trumps(5, 21)}, bids("guard_without", "pass", "pass", "pass"))
    result = play_out(rec, keep=["T1"])
    assert result["tricks"][-1]["cards"][0] == "T1"
    r = result["result"]
    assert r["petit_au_bout"] == 0
    assert r["score"] == (25 + 55 + 10) * 4 + 200


def test_petit_au_bout_in_the_last_trick_for_the_defence():
    # seat 1 holds T1 and T5 … T21, trumps the taker's first lead and then leads its trumps,
    # keeping the Petit for the last trick, which it wins: the defence wins every trick; the
    # taker has the dog (S1 … S6: 3 points), fails by 53: ((-25 - 53) - 10) × 4, defence slam -200
    rec = record(4, {1: "T1 " + trumps(5, 21)}, bids("guard_without", "pass", "pass", "pass"))
    result = play_out(rec, keep=["T1"], order=["EX"])
    last = result["tricks"][-1]
    assert last["cards"][0] == "T1" and last["winner"] == 1
    r = result["result"]
    assert r["petit_au_bout"] == 1 and r["tricks_won"][0] == 0 and r["taker_points"] == 3
    assert r["score"] == (-25 - 53 - 10) * 4 - 200


def test_petit_au_bout_in_the_17th_trick_of_a_slam_ended_by_the_excuse():
    rec = record(4, {0: "T1 EX " + trumps(6, 21)},
                 bids("guard_without", "pass", "pass", "pass") + [d(0, "slam", True)])
    result = play_out(rec, keep=["T1", "EX"])
    assert result["tricks"][-2]["cards"][0] == "T1" and result["tricks"][-1]["cards"][0] == "EX"
    r = result["result"]
    assert r["petit_au_bout"] == 0
    assert r["score"] == (25 + 55 + 10) * 4 + 400


# -- the outcome --------------------------------------------------------------------------
def signed_margin(points, target):
    """docs/rules.md: the points above the target (made) or below it (failed, negative),
    a half point to the side that wins the contract."""
    distance = abs(points - target)
    distance = int(distance) + (distance % 1 > 0)
    return distance if points >= target else -distance


def test_the_margin_is_negative_when_the_contract_fails_and_positive_when_made():
    # failed: seat 1 (T1, T5 … T21) wins every trick; the taker has only the dog (S1 … S6:
    # 3 points) and no oudler: 53 below the target of 56
    rec = record(4, {1: "T1 " + trumps(5, 21)}, bids("guard_without", "pass", "pass", "pass"))
    result = play_out(rec, keep=["T1"], order=["EX"])
    r = result["result"]
    assert (r["made"], r["taker_points"], r["target"]) == (False, 3, 56)
    assert r["margin"] == signed_margin(3, 56) == -53
    assert "target 56: failed by 53" in transcript("tarot", rec, result)
    # made: the taker (T4 … T21) takes every trick, the Excuse kept by the defence and not
    # exchanged: 86.5 points with two oudlers, 45.5 above 41, the half point to the taker
    rec = record(4, {0: trumps(4, 21), 1: "EX"}, bids("guard_without", "pass", "pass", "pass"),
                 options={"excuse_exchange": "none"})
    result = play_out(rec, order=["EX"])
    r = result["result"]
    assert (r["made"], r["taker_points"], r["target"]) == (True, 86.5, 41)
    assert r["margin"] == signed_margin(86.5, 41) == 46
    assert "target 41: made by 46" in transcript("tarot", rec, result)


# -- handfuls -----------------------------------------------------------------------------
def handful_record(players, held, shown):
    rec = record(players, {0: held}, bids(*(["guard_without"] + ["pass"] * (players - 1)),
                                          players=players))
    if players == 5:
        rec["decisions"].append(d(0, "call", "HK"))
    rec["decisions"].append(d(0, "handful", shown.split()))
    return rec


@pytest.mark.parametrize("players,single", [(3, 13), (4, 10), (5, 8)])
def test_handful_thresholds_per_player_count(players, single):
    held = trumps(2, single + 1)
    assert run(handful_record(players, held, held))["decisions"][-1]["value"][0] == "T2"
    short = trumps(2, single)
    assert "a handful shows exactly" in error(handful_record(players, held, short))


def test_handful_may_show_fewer_than_held():
    result = play_out(handful_record(4, trumps(2, 13), trumps(2, 11)))
    assert result["result"]["handful"][0] == trumps(2, 11).split()


def test_handful_excuse_only_when_needed():
    assert "the Excuse is shown only when" in error(
        handful_record(4, "EX " + trumps(2, 11), "EX " + trumps(2, 10)))
    result = run(handful_record(4, "EX " + trumps(2, 10), "EX " + trumps(2, 10)))
    assert result["decisions"][-1]["value"][-1] == "EX"


def test_handful_that_does_not_qualify_is_an_error():
    rec = handful_record(4, trumps(2, 10), trumps(2, 10))   # nine trumps: no handful at all
    assert "may not show a handful now" in error(rec)


def test_handful_bonus_goes_to_the_side_that_wins_the_contract():
    # seat 0 takes with T4 … T21 and shows 10: made, the bonus counts for the taker
    rec = handful_record(4, trumps(4, 21), trumps(4, 13))
    r = play_out(rec)["result"]
    assert r["made"] and r["score"] == (25 + r["margin"]) * 4 + 20 + 200


# -- five players: the called card ---------------------------------------------------------
def five(called, give):
    return record(5, give, bids("guard_without", "pass", "pass", "pass", "pass", players=5)
                  + [d(0, "call", called)])


def test_called_king_makes_its_holder_the_partner():
    result = play_out(five("HK", {2: "HK"}))
    r = result["result"]
    assert r["partner"] == 2 and r["called"] == "HK"
    s = r["score"]
    assert r["scores"] == [2 * s, -s, s, -s, -s]


def test_taker_calling_his_own_king_plays_alone():
    r = play_out(five("HK", {0: "HK"}))["result"]
    assert r["partner"] is None
    s = r["score"]
    assert r["scores"] == [4 * s, -s, -s, -s, -s]


def test_a_queen_is_called_only_with_all_four_kings():
    assert "may not call HQ" in error(five("HQ", {}))
    assert run(five("HQ", {0: "SK HK DK CK"}))["result"]["called"] == "HQ"


KINGS = "SK HK DK CK"
QUEENS = "SQ HQ DQ CQ"
KNIGHTS = "SN HN DN CN"


def test_with_all_kings_and_queens_a_knight_may_be_called_and_not_a_jack():
    assert "may not call HJ" in error(five("HJ", {0: f"{KINGS} {QUEENS}"}))
    assert "may not call HN" in error(five("HN", {0: f"{KINGS} HQ DQ CQ"}))    # SQ elsewhere
    result = play_out(five("HN", {0: f"{KINGS} {QUEENS}", 2: "HN"}))
    call = result["decisions"][5]
    assert call["kind"] == "call" and set(call["legal"]) == set(f"{KINGS} {QUEENS} {KNIGHTS}".split())
    r = result["result"]
    assert r["called"] == "HN" and r["partner"] == 2
    s = r["score"]
    assert r["scores"] == [2 * s, -s, s, -s, -s]       # the partner the Knight found: 1×


def test_with_all_kings_queens_and_knights_a_jack_may_be_called():
    result = play_out(five("DJ", {0: f"{KINGS} {QUEENS} {KNIGHTS}", 3: "DJ"}))
    assert set(result["decisions"][5]["legal"]) == set(f"{KINGS} {QUEENS} {KNIGHTS} SJ HJ DJ CJ".split())
    r = result["result"]
    assert r["called"] == "DJ" and r["partner"] == 3
    s = r["score"]
    assert r["scores"] == [2 * s, -s, -s, s, -s]


@pytest.mark.parametrize("hand,called", [
    (f"{KINGS} HQ", "HQ"),                      # all four Kings: his own Queen
    (f"{KINGS} {QUEENS} HN", "HN"),             # all Kings and Queens: his own Knight
    (f"{KINGS} {QUEENS}", "DQ"),                # ... or one of his Queens
])
def test_calling_a_card_he_holds_the_taker_plays_alone_for_4x(hand, called):
    r = play_out(five(called, {0: hand}))["result"]
    assert r["called"] == called and r["partner"] is None
    s = r["score"]
    assert r["scores"] == [4 * s, -s, -s, -s, -s]


@pytest.mark.parametrize("contract", ["guard", "guard_without"])
def test_a_called_knight_in_the_dog_means_the_taker_plays_alone(contract):
    decisions = bids(contract, "pass", "pass", "pass", "pass", players=5) + [d(0, "call", "HN")]
    if contract == "guard":                      # the dog's HN joins his hand: he discards three
        decisions.append(d(0, "discard", ["S1", "S2", "S3"]))
    rec = record(5, {0: f"{KINGS} {QUEENS} S1 S2 S3"}, decisions, dog="HN")
    r = play_out(rec)["result"]
    assert r["called"] == "HN" and r["partner"] is None
    s = r["score"]
    assert r["scores"] == [4 * s, -s, -s, -s, -s]


def test_call_with_four_players_is_an_error():
    rec = record(4, {}, bids("guard_without", "pass", "pass", "pass") + [d(0, "call", "HK")])
    assert "a card is called only with 5 players, not 4" in error(rec)


# -- the record -----------------------------------------------------------------------------
def test_hands_and_dog_must_make_the_pack():
    rec = record(4, {})
    rec["extra"]["dog"][0] = rec["hands"][0][0]
    assert "is dealt twice" in error(rec)
    rec = record(4, {})
    rec["extra"]["dog"] = rec["extra"]["dog"][:5]
    assert "extra.dog has 5 cards; with 4 players the dog has 6" in error(rec)
    rec = record(4, {})
    del rec["extra"]
    assert "needs extra.dog" in error(rec)


def test_transcript_and_zero_sum():
    rec = record(3, {}, bids("guard", "pass", "pass", players=3))
    rec["decisions"].append(d(0, "discard", "S7 S8 S9 S10 H1 H2".split()))
    result = play_out(rec)
    r = result["result"]
    assert sum(r["scores"]) == 0 and r["scores"][0] == 2 * r["score"]
    text = transcript("tarot", rec, result)
    assert "trick 24:" in text and "taker seat 0 (guard)" in text


def test_the_transcript_counts_one_oudler_in_the_singular():
    """The taker holds the 21 (which no card takes) and the other two oudlers lie in the dog,
    which a Guard Against leaves to the defence: "with 1 oudler", never "1 oudlers"."""
    rec = record(4, {0: "T21"}, bids("guard_against", "pass", "pass", "pass"), dog="T1 EX")
    result = play_out(rec)
    assert result["result"]["oudlers"] == 1
    text = transcript("tarot", rec, result)
    assert "points with 1 oudler, target 51:" in text


def test_the_transcript_lists_the_legal_bids():
    rec = record(4, {}, bids("take", "pass", "guard", "pass"))
    text = transcript("tarot", rec, run(rec))
    assert "seat 0 bids take (legal: pass, take, guard, guard_without, guard_against)" in text
    assert "seat 1 bids pass (legal: pass, guard, guard_without, guard_against)" in text
    assert "seat 2 bids guard (legal: pass, guard, guard_without, guard_against)" in text
    assert "seat 3 bids pass (legal: pass, guard_without, guard_against)" in text


def test_tricksim_replay_prints_the_transcript(tmp_path, capsys):
    import json
    from sim.cli import main
    rec = record(4, {}, bids("pass", "pass", "guard_without", "pass"))
    play_out(rec)                     # completes rec's decisions
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(rec))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "French Tarot, 4 players" in out and "trick 18:" in out and "scores: seat 0" in out


def test_tricksim_replay_bad_record_is_one_line(tmp_path, capsys):
    import json
    from sim.cli import main
    rec = record(4, {}, bids("guard", "take"))
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(rec))
    assert main(["replay", str(path)]) != 0
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "may not bid take after guard" in err


def test_the_partner_is_revealed_when_the_called_king_is_played():
    from sim.games.tarot import obs as O
    from sim.games.tarot.replay import _Replay
    # seat 0 leads HK's suit with H1; seat 1 follows; seat 2 plays the called HK
    rec = five("HK", {0: "H1", 1: "H2", 2: "HK"})
    rec["decisions"] += [d(0, "play", "H1"), d(1, "play", "H2")]
    state = _Replay(rec)
    for number, decision in enumerate(rec["decisions"], start=1):
        state.step(number, decision)
    assert state.st[O.CALLED_SEAT] == -1
    state.step(len(rec["decisions"]) + 1, d(2, "play", "HK"))
    assert state.st[O.CALLED_SEAT] == 2


def test_seed_example_guard_without_slam_and_double_handful_through_a_deal():
    # the seed's third worked example as a real deal: Guard Without, a double handful
    # shown (T4 … T16), every trick won (the Petit captured early, the Excuse kept by
    # seat 1 to the last trick and lost to the taker): 91 points, three oudlers:
    # [(25 + 55 + 0) × 4] + 30 + 200 = +550 per defender
    rec = record(4, {0: trumps(4, 21), 1: "EX"}, bids("guard_without", "pass", "pass", "pass")
                 + [d(0, "handful", trumps(4, 16).split())])
    r = play_out(rec, keep=["EX"])["result"]
    assert r["taker_points"] == 91 and r["oudlers"] == 3 and r["petit_au_bout"] is None
    assert r["slam"] == {"declared": False, "made": True, "defence": False}
    assert r["score"] == 550 and r["scores"] == [1650, -550, -550, -550]
