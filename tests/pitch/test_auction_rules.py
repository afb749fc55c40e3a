"""Auction Pitch's rules, each from a hand-made deal replayed through the engine.

Every expected fact (who wins each trick, each point, the counts for Game,
the scores, the winner and the settlement) was worked out by hand from the
cards in the comments, never read back from the engine. docs/rules.md states
the rules; docs/records.md the record format.
"""
import pytest

from sim import registry
from sim.errors import TricksimError
from sim.replay import replay, transcript
from sim.rng_nb import chunk_states
from sim.study import Study
from sim.engine import Engine


def record(hands, bids, plays, dealer=3, options=None, scores=None, setbacks=None):
    """A record: ``bids`` from the dealer's left, ``plays`` as (seat, card) in order."""
    decisions = [{"seat": (dealer + 1 + i) % 4, "kind": "bid", "value": b} for i, b in enumerate(bids)]
    decisions += [{"seat": s, "kind": "play", "value": c} for s, c in plays]
    rec = {"game": "pitch", "variant": "auction", "players": 4, "dealer": dealer,
           "hands": [h.split() for h in hands], "decisions": decisions,
           "options": options or {}, "extra": {}}
    if scores is not None:
        rec["extra"]["scores"] = scores
    if setbacks is not None:
        rec["extra"]["setbacks"] = setbacks
    return rec


def tricks(*rows):
    """Tricks written as 'seat:card seat:card …' -> the plays in order."""
    out = []
    for row in rows:
        for item in row.split():
            seat, card = item.split(":")
            out.append((int(seat), card))
    return out


# Deal 1: hearts pitched; H5 is the only trump in play (High and Low to seat 0), the Jack of
# hearts not dealt; seat 1 takes every count card (10s, Jacks, Queens, Kings, Aces: 60).
SINGLE_TRUMP = (["H5 S2 S3 S4 S5 S6", "SA SK SQ SJ ST S9", "DA DK DQ DJ DT D9",
                 "CA CK CQ CJ CT C9"],
                [2, 0, 0, 0],
                tricks("0:H5 1:S9 2:D9 3:C9",          # seat 0 (the only trump)
                       "0:S2 1:ST 2:DT 3:CT",          # seat 1 (ST)
                       "1:SJ 2:DJ 3:CJ 0:S3",
                       "1:SQ 2:DQ 3:CQ 0:S4",
                       "1:SK 2:DK 3:CK 0:S5",
                       "1:SA 2:DA 3:CA 0:S6"))


def test_a_single_trump_in_play_is_high_and_low_and_the_jack_not_in_play():
    r = replay(record(*SINGLE_TRUMP))
    res = r["result"]
    assert [t["winner"] for t in r["tricks"]] == [0, 1, 1, 1, 1, 1]
    assert res["trump"] == "H" and res["high_card"] == res["low_card"] == "H5"
    assert res["points"] == {"high": 0, "low": 0, "jack": None, "game": 1}
    assert not res["jack_in_play"]
    assert res["counts"] == [0, 60, 0, 0]
    assert res["points_won"] == [2, 1, 0, 0]
    assert res["made"] and res["score"] == [2, 1, 0, 0] and res["winner"] is None


def test_the_pitcher_counts_first_when_two_reach_7():
    # seat 0 (pitcher) 5 -> 7 and seat 1 6 -> 7 with Game: the pitcher wins
    r = replay(record(*SINGLE_TRUMP, scores=[5, 6, 0, 0]))["result"]
    assert r["scores"] == [7, 7, 0, 0] and r["winner"] == 0 and not r["smudge"]
    # the winner receives 1 from each seat at 1 or more, 2 from each at 0 or below
    assert r["settlement"] == [1 + 2 + 2, -1, -2, -2]


# Deal 2: spades pitched (SA, S2 seat 0; S3 seat 3). Seats 1 and 3 each take a 10: Game tied.
TIED_GAME = (["SA S2 H2 H3 H4 H5", "HT D2 D3 D4 D5 D6", "CT C2 C3 C4 C5 C6",
              "S3 D7 D8 H6 H7 C7"],
             [2, 0, 0, 0],
             tricks("0:SA 1:D2 2:C2 3:S3",             # seat 0: trump led, seat 3 follows
                    "0:S2 1:D3 2:C3 3:D7",             # seat 0
                    "0:H2 1:HT 2:C4 3:H6",             # seat 1 (HT)
                    "1:D4 2:C5 3:D8 0:H3",             # seat 3 (D8)
                    "3:H7 0:H4 1:D5 2:CT",             # seat 3 takes CT
                    "3:C7 0:H5 1:D6 2:C6"))            # seat 3


def test_a_tie_for_game_scores_no_game_point():
    r = replay(record(*TIED_GAME))
    res = r["result"]
    assert [t["winner"] for t in r["tricks"]] == [0, 0, 1, 3, 3, 3]
    assert res["counts"] == [4, 10, 0, 10]
    assert res["points"] == {"high": 0, "low": 0, "jack": None, "game": None}
    assert res["score"] == [2, 0, 0, 0]


def test_following_trumps_and_side_suits():
    r = replay(record(*TIED_GAME))
    legal = [d["legal"] for d in r["decisions"] if d["kind"] == "play"]
    assert legal[0] == ["S2", "SA", "H2", "H3", "H4", "H5"]       # the pitch: any card
    assert legal[3] == ["S3"]                                      # trumps led: follow
    assert legal[2] == ["C2", "C3", "C4", "C5", "C6", "CT"]        # no trump: any card
    assert legal[9] == ["HT"]                                      # hearts led: follow (no trump)


def test_a_side_suit_led_may_be_followed_or_trumped():
    hands = ["SA H2 D2 D3 D4 D5", "S5 S6 HK C2 C3 C4", "HA D6 D7 D8 D9 DT", "C5 C6 C7 C8 C9 CT"]
    rec = record(hands, [2, 0, 0, 0], tricks("0:SA 1:S5 2:D6 3:C5", "0:H2"))
    r = replay(rec)
    assert r["decisions"][5]["legal"] == ["S5", "S6"]              # spades (trump) led
    assert r["next"] == {"seat": 1, "kind": "play", "legal": ["S6", "HK"]}   # hearts or trump
    assert not r["result"]["complete"]


# Deal 3: seat 1 smudges in spades (dealer 0). Seat 2 is dealt S2 (Low) and SJ; seat 1 takes
# every trick: High, Jack, Game (count 20) and, with low_to=taken, Low too.
SMUDGE = (["S3 D6 D7 D8 D9 DT", "SA SK H2 H3 H4 H5", "SJ S2 D2 D3 D4 D5", "SQ C2 C3 C4 C5 C6"],
          [4, 0, 0, 0],
          tricks("1:SA 2:S2 3:SQ 0:S3",
                 "1:SK 2:SJ 3:C2 0:D6",
                 "1:H2 2:D2 3:C3 0:D7",
                 "1:H3 2:D3 3:C4 0:D8",
                 "1:H4 2:D4 3:C5 0:D9",
                 "1:H5 2:D5 3:C6 0:DT"))


def test_after_a_smudge_the_others_may_only_pass():
    r = replay(record(*SMUDGE, dealer=0))
    assert [d["legal"] for d in r["decisions"][:4]] == [[0, 2, 3, 4], [0], [0], [0]]


def test_low_goes_to_the_player_dealt_it_and_the_smudge_is_set():
    r = replay(record(*SMUDGE, dealer=0, scores=[0, 3, 0, 0]))["result"]
    assert r["points"] == {"high": 1, "low": 2, "jack": 1, "game": 1}
    assert r["counts"] == [0, 20, 0, 0]
    assert not r["made"] and r["score"] == [0, -4, 1, 0]
    assert r["scores"] == [0, -1, 1, 0] and r["setbacks"] == [0, 1, 0, 0]


def test_low_taken_makes_the_smudge_which_wins_at_once():
    r = replay(record(*SMUDGE, dealer=0, options={"low_to": "taken"}, scores=[6, 0, 6, 6]))["result"]
    assert r["points"] == {"high": 1, "low": 1, "jack": 1, "game": 1}
    assert r["made"] and r["score"] == [0, 4, 0, 0]
    assert r["winner"] == 1 and r["smudge"]                     # 4 points, yet the game is won
    assert r["scores"] == [6, 4, 6, 6] and r["settlement"] == [-1, 3, -1, -1]


def test_a_smudge_made_from_the_hole_only_scores_4():
    r = replay(record(*SMUDGE, dealer=0, options={"low_to": "taken"}, scores=[6, -1, 6, 6]))["result"]
    assert r["made"] and r["scores"] == [6, 3, 6, 6] and r["winner"] is None


# Deal 4: seat 2 pitches hearts for 2 (dealer 1) holding only HK: seat 3 holds HA (High) and
# takes 17, seat 0 holds H2 (Low), seat 1 takes the rest (16): seat 2 is set.
TWO_REACH_7 = (["H2 C2 C3 C4 C5 C6", "SA SK SQ ST CA CK", "HK D2 D3 D4 D5 D6",
                "HA S2 S3 S4 S5 S6"],
               [2, 0, 0, 0],
               tricks("2:HK 3:HA 0:H2 1:ST",           # seat 3: 3 + 4 + 10 = 17
                      "3:S2 0:C2 1:SA 2:D2",           # seat 1: 4
                      "1:CA 2:D3 3:S3 0:C3",           # 4
                      "1:CK 2:D4 3:S4 0:C4",           # 3
                      "1:SK 2:D5 3:S5 0:C5",           # 3
                      "1:SQ 2:D6 3:S6 0:C6"))          # 2: seat 1 16


def test_two_players_reach_7_and_the_counting_order_decides():
    rec = record(*TWO_REACH_7, dealer=1, scores=[6, 6, 0, 5], setbacks=[0, 1, 2, 0])
    r = replay(rec)["result"]
    assert r["points"] == {"high": 3, "low": 0, "jack": None, "game": 3}
    assert r["counts"] == [0, 16, 0, 17]
    assert not r["made"] and r["score"] == [1, 0, -2, 2]
    # High takes seat 3 to 6, Low seat 0 to 7: seat 0 wins before Game takes seat 3 to 7
    assert r["scores"] == [7, 6, -2, 7] and r["winner"] == 0
    assert r["settlement"] == [1 + 2 + 1, -1, -2, -1]
    rec["options"] = {"settle_setbacks": "yes"}
    r = replay(rec)["result"]
    assert r["setbacks"] == [0, 1, 3, 0]                          # this deal's set-back counts
    assert r["settlement"] == [2 + 5 + 1, -2, -5, -1]


def test_all_pass_the_dealer_must_bid_or_the_deal_is_dealt_again():
    hands, _, plays = SINGLE_TRUMP
    forced = replay(record(hands, [0, 0, 0], [], dealer=3))
    assert forced["next"] == {"seat": 3, "kind": "bid", "legal": [2, 3, 4]}
    with pytest.raises(TricksimError, match="dealer may not pass"):
        replay(record(hands, [0, 0, 0, 0], [], dealer=3))
    again = replay(record(hands, [0, 0, 0, 0], [], dealer=3, options={"all_pass": "redeal"}))
    assert again["result"]["redeal"] and again["result"]["score"] == [0, 0, 0, 0]
    assert "deals again" in transcript(record(hands, [0, 0, 0, 0], [], options={"all_pass": "redeal"}),
                                       again)


# -- bad input: one line that says what was wrong and what is allowed ----------------------

def test_a_bid_not_above_the_last_is_refused():
    hands, _, _ = SINGLE_TRUMP
    with pytest.raises(TricksimError, match=r"decision 2: seat 1 may not bid 2: a bid must be "
                                            r"higher than the last \(3\); legal 0 or 4"):
        replay(record(hands, [3, 2], []))


def test_a_broken_trump_lead_rule_is_refused():
    hands = ["SA H2 D2 D3 D4 D5", "S5 S6 HK C2 C3 C4", "HA D6 D7 D8 D9 DT", "C5 C6 C7 C8 C9 CT"]
    with pytest.raises(TricksimError, match=r"seat 1 may not play HK: trumps were led.*legal: S5 S6"):
        replay(record(hands, [2, 0, 0, 0], tricks("0:SA 1:HK")))
    with pytest.raises(TricksimError, match=r"seat 1 may not play C2: H was led: follow suit or "
                                            r"trump; legal: S6 HK"):
        replay(record(hands, [2, 0, 0, 0], tricks("0:SA 1:S5 2:D6 3:C5", "0:H2 1:C2")))


@pytest.mark.parametrize("hands, message", [
    (["SA SA H2 D2 D3 D4", "S5 S6 HK C2 C3 C4", "HA D6 D7 D8 D9 DT", "C5 C6 C7 C8 C9 CT"],
     "card SA is dealt twice"),
    (["SA H2 D2 D3 D4 D5", "SA S6 HK C2 C3 C4", "HA D6 D7 D8 D9 DT", "C5 C6 C7 C8 C9 CT"],
     r"card SA is dealt twice \(seats 0 and 1\)"),
    (["BJ H2 D2 D3 D4 D5", "S5 S6 HK C2 C3 C4", "HA D6 D7 D8 D9 DT", "C5 C6 C7 C8 C9 CT"],
     r"hands\[0\]\[0\]: card 'BJ' is not in Auction Pitch's 52-card deck, which has no jokers"),
    (["H2 D2 D3 D4 D5", "S5 S6 HK C2 C3 C4", "HA D6 D7 D8 D9 DT", "C5 C6 C7 C8 C9 CT"],
     "hands\\[0\\] has 5 cards; Auction Pitch deals 6"),
    (["SA H2 D2 D3 D4 D5", "S5 S6 HK C2 C3 C4", "HA D6 D7 D8 D9 DT"],
     "hands has 3 card lists but the game has 4 players"),
    (["SA H2 D2 D3 D4 D5", "S5 S6 HK C2 C3 C4", "HA D6 D7 D8 D9 DT", "C5 C6 C7 C8 C9 X1"],
     r"hands\[3\]\[5\]: unknown card 'X1': write a suit S H D C and a rank 2-9 T J Q K A "
     r"\(e.g. 'HA', 'S2'\)$"),
])
def test_a_record_whose_cards_do_not_make_the_deck_is_refused(hands, message):
    with pytest.raises(TricksimError, match=message) as error:
        replay(record(hands, [], []))
    assert "\n" not in str(error.value)


def test_other_bad_records_are_refused():
    hands, bids, plays = SINGLE_TRUMP
    for changes, message in [({"variant": "setback"}, "unknown Pitch variant 'setback'"),
                             ({"options": {"low_to": "won"}}, "low_to"),
                             ({"extra": {"turned": "SA"}},
                              "unknown field extra.turned; pitch auction records take extra.scores "
                              "and extra.setbacks"),
                             ({"extra": []}, r"extra must be an object \{field: value\}, not \[\]"),
                             ({"players": "4"}, "players must be a whole number, not '4'"),
                             ({"extra": {"scores": [1, 2]}}, "extra.scores must be a list of 4")]:
        with pytest.raises(TricksimError, match=message):
            replay({**record(hands, bids, plays), **changes})
    bad_seat = record(hands, bids, plays)
    bad_seat["decisions"][4]["seat"] = 1
    with pytest.raises(TricksimError, match="decision 5: seat 0 is to play"):
        replay(bad_seat)
    with pytest.raises(TricksimError, match="seat 0 does not hold SA"):
        replay(record(hands, bids, [(0, "SA")]))


def test_traced_deals_replay_to_the_kernels_records():
    """``tricksim deal``: a simulated deal as a record, replayed, gives its stored rows."""
    impl = registry.game("pitch")
    for options in ({}, {"low_to": "taken", "all_pass": "redeal"}):
        study = Study.create("pitch", variant="auction", lineup=["heuristic", "random"] * 2,
                             boards=6, seed=8, options=options)
        records = Engine(study).run_chunk(0, 6, chunk_states(8, 0))["deals"]
        for board in range(6):
            for deal in Engine(study).trace_board(board):
                result = replay(impl.deal_record(study, deal))["result"]
                rows = records[(records["game"] == deal["game"]) & (records["deal"] == deal["deal"])]
                assert result["score"] == rows["score"].tolist()
                assert result["scores"] == rows["total"].tolist()
                assert result["counts"] == rows["count"].tolist()
                assert result["bidder"] == rows["bidder"][0] and result["made"] == bool(rows["made"][0])
                for point in ("high", "low"):
                    assert rows[point].tolist() == [int(s == result["points"][point]) for s in range(4)]


def test_the_transcript_tells_the_deal():
    rec = record(*TWO_REACH_7, dealer=1, scores=[6, 6, 0, 5])
    text = transcript(rec, replay(rec))
    assert "seat 2 pitches for 2: trump H" in text
    assert "Game seat 3" in text and "seat 2 is set back by 2" in text
    assert "seat 0 wins the game reaching 7" in text
