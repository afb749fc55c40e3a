"""Ten-point Pitch's rules on hand-made deals through the replay, each fact worked out
by hand from the cards (docs/records.md has the record format); then the
kernel against the step interface on traced boards, and the heuristic against random.

Deal A (dealer 3, spades named by seat 0 after 5, pass, pass, pass):
  seat 0  SA SK SQ S2 | H2 H3 H4 H5 H6     4 trumps
  seat 1  CJ S3       | D2 … D8           2 trumps (CJ is the Jick of spades)
  seat 2  BJ ST       | D9 … DA H7        2 trumps
  seat 3  SJ LJ S4 S5 S6 S7 S8 | H8 HA    7 trumps: keeps 6, burns S4 (a non-point trump)
  stock   S9 H9 HT HJ HQ HK C2 … CT CQ CK CA
Seats 1 and 2 each need 4: the refill deals C2 C3 C4 C5 to seat 1 and C6 C7 C8 H9 to
seat 2 (dead cards); S9 stays in the pile and the bidder sweeps it.
  trick 1  s0 SA  s1 S3  s2 ST  s3 S5   -> s0: A 1 + 3 three + T 1 = 5
  trick 2  s0 S2  s1 CJ  s2 BJ  s3 LJ   -> s1 (Jick > BJ > LJ): 3; the 2's point to s0
  trick 3  s1 and s2 are out of trumps: the lead passes to s3
           s3 SJ  s0 SK                  -> s0: J 1
  trick 4  s0 SQ  s3 S6                  -> s0: 0
  trick 5  s0 S9  s3 S7                  -> s0: 0
  trick 6  s0 is out: the lead passes (s1, s2 out) to s3: s3 S8 -> s3: 0
Points: seat 0 7, seat 1 3; teams 7 and 3; bid 5 made: +7 and +3.
"""
import numpy as np
import pytest

from sim import registry
from sim.errors import TricksimError
from sim.games.pitch.cards import NAMES, parse_card
from sim.games.pitch.ten_point_record import deal_record
from sim.replay import replay, transcript
from sim.rng_nb import chunk_states
from sim.study import Study
from sim.engine import Engine

from .test_invariants import check_ten_point_records


def rest_of_pack(*groups) -> list[str]:
    used = {parse_card(c) for g in groups for c in g}
    return [NAMES[c] for c in range(54) if c not in used]


A_HANDS = [["SA", "SK", "SQ", "S2", "H2", "H3", "H4", "H5", "H6"],
           ["CJ", "S3", "D2", "D3", "D4", "D5", "D6", "D7", "D8"],
           ["BJ", "ST", "D9", "DT", "DJ", "DQ", "DK", "DA", "H7"],
           ["SJ", "LJ", "S4", "S5", "S6", "S7", "S8", "H8", "HA"]]
A_STOCK = rest_of_pack(*A_HANDS)
A_REFILL = ["C2", "C3", "C4", "C5", "C6", "C7", "C8", "H9"]
A_BIDS = [{"seat": 0, "kind": "bid", "value": 5}, {"seat": 1, "kind": "bid", "value": 0},
          {"seat": 2, "kind": "bid", "value": 0}, {"seat": 3, "kind": "bid", "value": 0},
          {"seat": 0, "kind": "trump", "value": "S"},
          {"seat": 3, "kind": "keep", "value": ["SJ", "LJ", "S5", "S6", "S7", "S8"]}]
A_PLAYS = [(0, "SA"), (1, "S3"), (2, "ST"), (3, "S5"),
           (0, "S2"), (1, "CJ"), (2, "BJ"), (3, "LJ"),
           (3, "SJ"), (0, "SK"),
           (0, "SQ"), (3, "S6"),
           (0, "S9"), (3, "S7"),
           (3, "S8")]


def record(hands, stock, decisions, dealer=3, refill=(), scores=(0, 0)):
    return {"game": "pitch", "variant": "ten_point", "players": 4, "dealer": dealer,
            "hands": hands, "extra": {"stock": stock, "refill": list(refill), "scores": list(scores)},
            "decisions": decisions}


def plays(pairs):
    return [{"seat": s, "kind": "play", "value": c} for s, c in pairs]


def deal_a(n_plays=len(A_PLAYS), scores=(0, 0), **changes):
    rec = record(A_HANDS, A_STOCK, A_BIDS + plays(A_PLAYS[:n_plays]), refill=A_REFILL,
                 scores=scores)
    rec.update(changes)
    return rec


def error_of(rec) -> str:
    with pytest.raises(TricksimError) as info:
        replay(rec)
    text = str(info.value)
    assert "\n" not in text, "an error is one line"
    return text


# --- bidding ----------------------------------------------------------------------------

def bids(values, dealer=3):
    return record(A_HANDS, A_STOCK, [{"seat": (dealer + 1 + k) % 4, "kind": "bid", "value": v}
                                     for k, v in enumerate(values)], dealer=dealer)


def test_the_dealer_is_forced_when_the_first_three_pass():
    out = replay(bids([0, 0, 0]))
    assert out["next"] == {"seat": 3, "kind": "bid", "legal": [4, 5, 6, 7, 8, 9, 10]}
    out = replay(bids([0, 0, 0, 4]))
    assert out["result"]["bidder"] == 3 and out["result"]["bid"] == 4 and out["result"]["forced"]
    assert out["next"] == {"seat": 3, "kind": "trump", "legal": ["S", "H", "D", "C"]}
    text = error_of(bids([0, 0, 0, 0]))
    assert "decision 4" in text and "dealer may not pass" in text and "legal: 4, 5" in text


def test_after_a_bid_of_10_pass_is_the_only_bid():
    out = replay(bids([6, 10]))
    assert out["next"]["legal"] == [0]
    assert not out["result"]["forced"]
    out = replay(bids([6, 10, 0, 0]))
    assert out["result"]["bidder"] == 1 and out["result"]["bid"] == 10
    assert "pass is the only bid" in error_of(bids([6, 10, 10]))


def test_a_bid_not_above_the_last_is_an_error():
    assert replay(bids([0, 6]))["next"]["legal"] == [0, 7, 8, 9, 10]
    text = error_of(bids([6, 6]))
    assert "seat 1 may not bid 6" in text and "higher than the last (6)" in text
    assert "legal: pass, 7, 8, 9, 10" in text
    assert "0 (pass) or a number from 4 to 10" in error_of(bids([3]))


# --- deal A: trump order, discard and refill, burn, folding, the 2 and the 3 ---------------

def test_deal_a_the_whole_deal():
    out = replay(deal_a())
    r = out["result"]
    assert r["complete"] and r["bidder"] == 0 and r["bid"] == 5 and r["trump"] == "S"
    assert r["burned"] == {3: ["S4"]}                       # the burn rule: a non-point trump
    assert [t["winner"] for t in out["tricks"]] == [0, 1, 0, 0, 0, 3]
    assert [t["points"] for t in out["tricks"]] == [5, 3, 1, 0, 0, 0]
    assert r["points"] == {"seat": [7, 3, 0, 0], "team": [7, 3]}
    assert r["point_cards"] == {"A": 0, "J": 0, "Jick": 1, "BJ": 1, "LJ": 1, "T": 0, "3": 0,
                                "2": 0}
    assert r["made"] and r["score"] == [7, 3] and r["scores"] == [7, 3] and r["winner"] is None
    assert "team points 7 to 3, made" in transcript(deal_a(), out)


def test_the_transcript_shows_every_card_in_a_hand_before_it_is_played():
    # S9 comes from the bidder's sweep, C2 … C8 and H9 from the refill: none was dealt
    rec = deal_a()
    out = replay(rec)
    r = out["result"]
    assert r["refill"] == {1: ["C2", "C3", "C4", "C5"], 2: ["C6", "C7", "C8", "H9"], 3: []}
    assert r["swept"] == ["S9"] and r["discards"][0] == ["H2", "H3", "H4", "H5", "H6"]
    assert r["hands_in_play"][0] == ["S2", "S9", "SQ", "SK", "SA"]
    shown: set[str] = set()
    played = 0
    for line in transcript(rec, out).splitlines():
        if line.startswith("  seat "):
            shown |= set(line.split(":", 1)[1].split())
        elif line.startswith("Trick "):
            cards = [part.split()[-1] for part in line.split("leads: ", 1)[1].split(";")[0].split(",")]
            assert set(cards) <= shown, (line, set(cards) - shown)
            played += len(cards)
    assert played == len(A_PLAYS)


def test_the_jick_beats_the_jokers_and_the_high_joker_the_low():
    tricks = replay(deal_a())["tricks"]
    assert tricks[1]["cards"] == ["S2", "CJ", "BJ", "LJ"] and tricks[1]["winner"] == 1
    # the Ace over the 3 and the ten, the King over the Jack
    assert tricks[0]["winner"] == 0 and tricks[2]["cards"] == ["SJ", "SK"]


def test_the_heights_of_a_set_of_trumps_are_value_nb():
    from sim.games.pitch.ten_point_rules_nb import trumps_of_nb, value_bits_nb, value_nb
    for trump in range(4):
        trumps = int(trumps_of_nb(trump))
        for card in (c for c in range(54) if trumps >> c & 1):
            assert value_bits_nb(np.uint64(1 << card), trump) == 1 << value_nb(card, trump)
        assert value_bits_nb(np.uint64(trumps), trump) == (1 << 16) - 1


def test_refill_dead_cards_and_the_sweep():
    out = replay(deal_a(n_plays=0))
    # seat 0 swept S9 from the pile and let his hearts go
    assert out["next"] == {"seat": 0, "kind": "play", "legal": ["S2", "S9", "SQ", "SK", "SA"]}
    out = replay(deal_a(n_plays=1))
    # seat 1 holds C2 C3 C4 C5 from the refill: dead, never legal
    assert out["next"] == {"seat": 1, "kind": "play", "legal": ["S3", "CJ"]}
    assert "may not play C2: only trumps" in error_of(
        record(A_HANDS, A_STOCK, A_BIDS + plays(A_PLAYS[:1] + [(1, "C2")]), refill=A_REFILL))
    out = replay(deal_a(n_plays=2))
    assert out["next"]["legal"] == ["ST", "BJ"]
    assert out["current_trick"] == {"leader": 0, "seats": [0, 1], "cards": ["SA", "S3"]}


def test_the_refill_order_is_the_records():
    # the other order: seat 1 gets C6 C7 C8 H9, seat 2 C2 C3 C4 C5; S9 still swept
    refill = A_REFILL[4:] + A_REFILL[:4]
    out = replay(record(A_HANDS, A_STOCK, A_BIDS, refill=refill))
    assert out["next"]["legal"] == ["S2", "S9", "SQ", "SK", "SA"]
    # S9 refilled to seat 1 (first in the order): then it is seat 1's, not the bidder's
    refill = ["S9"] + A_REFILL[1:]
    out = replay(record(A_HANDS, A_STOCK, A_BIDS + plays(A_PLAYS[:1]), refill=refill))
    assert out["next"]["legal"] == ["S3", "S9", "CJ"]


def test_folding_and_the_lead_passing():
    out = replay(deal_a(n_plays=8))
    # seat 1 won trick 2 with no trump left; seat 2 has none either: seat 3 leads
    assert out["next"] == {"seat": 3, "kind": "play", "legal": ["S6", "S7", "S8", "SJ"]}
    tricks = replay(deal_a())["tricks"]
    assert tricks[2]["leader"] == 3 and tricks[2]["seats"] == [3, 0]
    assert tricks[5] == {"leader": 3, "seats": [3], "cards": ["S8"], "winner": 3, "points": 0}


def test_the_two_scores_for_its_player_in_a_lost_trick():
    r = replay(deal_a())["result"]
    assert r["point_cards"]["2"] == 0 and r["point_cards"]["Jick"] == 1
    # trick 2 was won by seat 1 with 3 points; the 2 counts on seat 0
    assert r["points"]["seat"][0] == 5 + 1 + 1


def test_both_teams_reach_52_the_bidding_team_wins():
    r = replay(deal_a(scores=[45, 50]))["result"]
    assert r["scores"] == [52, 53] and r["winner"] == 0      # fewer points, but the bidders
    r = replay(deal_a(scores=[40, 50]))["result"]
    assert r["scores"] == [47, 53] and r["winner"] == 1
    r = replay(deal_a(scores=[40, 40]))["result"]
    assert r["winner"] is None


# --- deal B: a loser keeps 6 of 8 trumps, burning a point; the bidder set -------------------

B_HANDS = [["S2", "SQ", "S9", "S8", "S7", "H2", "H3", "H4", "H5"],
           ["SA", "SJ", "CJ", "BJ", "LJ", "ST", "S3", "SK", "H6"],
           ["S4", "S5", "D2", "D3", "D4", "D5", "D6", "D7", "D8"],
           ["S6", "H7", "H8", "H9", "HT", "HJ", "HQ", "HK", "HA"]]
B_STOCK = rest_of_pack(*B_HANDS)
B_REFILL = ["C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9", "CT"]
B_KEEP = ["SA", "SJ", "CJ", "BJ", "LJ", "ST"]
B_PLAYS = [(0, "SQ"), (1, "SA"), (2, "S4"), (3, "S6"),
           (1, "SJ"), (2, "S5"), (0, "S7"),
           (1, "CJ"), (0, "S9"),
           (1, "BJ"), (0, "S8"),
           (1, "LJ"), (0, "S2"),
           (1, "ST")]


def deal_b(keep=B_KEEP, refill=B_REFILL):
    decisions = [{"seat": 0, "kind": "bid", "value": 4}] + \
        [{"seat": s, "kind": "bid", "value": 0} for s in (1, 2, 3)] + \
        [{"seat": 0, "kind": "trump", "value": "S"}, {"seat": 1, "kind": "keep", "value": keep}]
    return record(B_HANDS, B_STOCK, decisions + plays(B_PLAYS), refill=refill)


def test_a_loser_over_6_trumps_burns_non_points_first_and_burned_points_score_for_nobody():
    out = replay(deal_b())
    keep = next(d for d in out["decisions"] if d["kind"] == "keep")
    assert keep["seat"] == 1 and keep["value"] == sorted(B_KEEP, key=parse_card)
    r = out["result"]
    assert r["burned"] == {1: ["S3", "SK"]} and r["burned_points"] == 3
    assert r["points"] == {"seat": [1, 6, 0, 0], "team": [1, 6]}
    assert sum(r["points"]["team"]) == 10 - 3
    assert r["point_cards"]["3"] is None and r["point_cards"]["2"] == 0
    # set: the bidders lose their bid, the others score what they took
    assert not r["made"] and r["score"] == [-4, 6]
    # trick 2: seat 3 (S6 gone) folds; seats 2 and 3 out afterwards
    assert out["tricks"][1]["seats"] == [1, 2, 0] and out["tricks"][2]["seats"] == [1, 0]


def test_a_keep_breaking_the_burn_rule_is_an_error():
    text = error_of(deal_b(keep=["SA", "SJ", "CJ", "BJ", "LJ", "SK"]))
    assert "may not burn a point trump (S3 ST) while it keeps a non-point trump (SK)" in text
    assert "keep is 6 different trumps, not 5 cards" in error_of(deal_b(keep=B_KEEP[:5]))
    assert "does not hold the trump SQ" in error_of(deal_b(keep=B_KEEP[:5] + ["SQ"]))
    # a keep for a seat not over 6 trumps
    rec = deal_a()
    rec["decisions"] = A_BIDS + [{"seat": 1, "kind": "keep", "value": ["CJ", "S3"]}]
    assert "a keep is only for a bid loser holding more than 6 trumps" in error_of(rec)


# --- bad input ------------------------------------------------------------------------

def test_a_record_that_is_not_the_54_card_pack():
    hands = [list(h) for h in A_HANDS]
    hands[1][0] = "SA"
    assert "card SA is dealt twice (seats 0 and 1)" in error_of(
        record(hands, A_STOCK, A_BIDS, refill=A_REFILL))
    hands = [list(h) for h in A_HANDS]
    hands[0] = hands[0][:8]
    assert "hands[0] has 8 cards; each hand has 9" in error_of(record(hands, A_STOCK, []))
    assert "extra.stock has 17 cards" in error_of(record(A_HANDS, A_STOCK[:17], []))
    assert "unknown card 'SX'" in error_of(record(A_HANDS, A_STOCK[:17] + ["SX"], []))


def test_a_wrong_refill_is_an_error():
    text = error_of(record(A_HANDS, A_STOCK, A_BIDS, refill=A_REFILL[:7]))
    assert "extra.refill has 7 cards" in text and "deals 8 (seat 1 4, seat 2 4)" in text
    text = error_of(record(A_HANDS, A_STOCK, A_BIDS, refill=A_REFILL[:7] + ["SA"]))
    assert "extra.refill deals SA, which is not in the pile" in text
    assert "names a card twice" in error_of(record(A_HANDS, A_STOCK, A_BIDS,
                                                   refill=A_REFILL[:7] + ["C2"]))


def test_a_card_not_held_or_out_of_turn_is_an_error():
    rec = record(A_HANDS, A_STOCK, A_BIDS + plays([(0, "SA"), (1, "SK")]), refill=A_REFILL)
    assert "seat 1 does not hold SK" in error_of(rec)
    rec = record(A_HANDS, A_STOCK, A_BIDS + plays([(1, "S3")]), refill=A_REFILL)
    assert "decision 7: seat 0 is to play" in error_of(rec)
    assert "unknown trump 'X'" in error_of(record(A_HANDS, A_STOCK, A_BIDS[:4] + [
        {"seat": 0, "kind": "trump", "value": "X"}]))


# --- the kernel and the step interface agree ------------------------------------------

def test_traced_boards_replay_to_the_kernels_records():
    """Every deal of traced boards, as a record through the replay, gives the kernel's rows:
    a duplicate board of heuristic and random, and a long random game (burns happen)."""
    impl = registry.game("pitch")
    seen = burns = 0
    for lineup, seating, boards, seed in ((["heuristic", "random"] * 2, "duplicate", 2, 3),
                                          (["random"], "rotate", 1, 0)):
        study = Study.create("pitch", variant="ten_point", lineup=lineup, boards=boards,
                             seed=seed, seating=seating)
        recs = Engine(study).run_chunk(0, boards, chunk_states(seed, 0))
        check_ten_point_records(study, recs)
        d = recs["deals"]
        for board in range(boards):
            for deal in Engine(study).trace_board(board):
                rec = deal_record(study, deal)
                out = replay(rec)
                r = out["result"]
                # the engine's points against the tricks' (winners found by the replay's ranks)
                points = [0, 0, 0, 0]
                for t in out["tricks"]:
                    points[t["winner"]] += t["points"]
                if r["point_cards"]["2"] is not None:
                    points[r["point_cards"]["2"]] += 1
                assert points == r["points"]["seat"]
                # each trick: every seat still holding a trump plays once, in turn from the leader
                for t in out["tricks"]:
                    assert t["seats"] == sorted(t["seats"], key=lambda s: (s - t["leader"]) % 4)
                rows = d[(d["game"] == deal["game"]) & (d["deal"] == deal["deal"])]
                assert r["complete"] and len(rows) == 4
                assert r["score"] == rows["score"][:2].tolist()
                assert r["points"]["seat"] == rows["points"].tolist()
                assert r["bidder"] == rows["bidder"][0] and r["bid"] == rows["contract"][0]
                assert r["made"] == bool(rows["made"][0]) and r["forced"] == bool(rows["forced"][0])
                assert [len(r["burned"].get(s, [])) for s in range(4)] == rows["burned"].tolist()
                assert r["burned_points"] == rows["burned_points"].sum()
                assert r["scores"] == rows["total"][:2].tolist()
                assert [sorted(h, key=parse_card) for h in rec["hands"]] == \
                    [[NAMES[c] for c in range(54) if int(w) >> c & 1] for w in rows["hand"]]
                seen += 1
                burns += bool(r["burned"])
    assert seen > 400 and burns > 0


def test_the_heuristic_beats_random():
    impl = registry.game("pitch")
    study = Study.create("pitch", variant="ten_point", lineup=["heuristic", "random"] * 2,
                         boards=20, seed=9, seating="duplicate")
    g = Engine(study).run_chunk(0, 20, chunk_states(9, 0))["games"]
    heuristic = g["player"] % 2 == 0
    assert g["win"][heuristic].mean() > 0.9
    assert np.all(g["end"] == 1)
