"""Every rule and option of Wizard and Oh Hell, each from a hand-made deal.

Most tests replay a short record (often cut short: the replay then reports
the legal options of the next decision, which is what a rule about legal
play is about). The expected tricks, legal sets and scores are worked out by
hand in the comments from the rules in ``docs/rules.md``. Card ids sort
S, H, D, C (2 … A within a suit), then Wizards, then Jesters, which is the
order of every legal list.
"""
import numpy as np
import pytest

from sim.errors import TricksimError
from sim.games.wizard import rules_nb
from sim.games.wizard.cards import card_name
from sim.replay import replay


def bid(seat, value):
    return {"seat": seat, "kind": "bid", "value": value}


def play(seat, card):
    return {"seat": seat, "kind": "play", "value": card}


def choose_trump(seat, suit):
    return {"seat": seat, "kind": "trump", "value": suit}


def trick(leader, n, *cards):
    """Play decisions for one trick: ``cards`` in play order from ``leader``."""
    return [play((leader + i) % n, card) for i, card in enumerate(cards)]


def record(hands, decisions=(), *, trump, game="wizard", dealer=None, options=None, scores=None):
    """A one-deal record; the dealer defaults to the last seat, so seat 0 bids first."""
    n = len(hands)
    extra = {"trump_card": trump}
    if scores is not None:
        extra["scores"] = scores
    return {"game": game, "options": options or {}, "players": n,
            "dealer": n - 1 if dealer is None else dealer,
            "hands": hands, "extra": extra, "decisions": list(decisions)}


def no_bids(n):
    """Everyone bids 0: legal whatever the restriction (the sum 0 is below any hand size)."""
    return [bid(s, 0) for s in range(n)]


def replay_error(rec) -> str:
    with pytest.raises(TricksimError) as caught:
        replay(rec)
    return str(caught.value)


# -- following suit -------------------------------------------------------------

def test_must_follow_the_suit_led():
    hands = [["S5", "H2"], ["S9", "HA"], ["D3", "C4"]]
    decisions = no_bids(3) + [play(0, "S5")]
    result = replay(record(hands, decisions, trump="DT"))
    # seat 1 holds a spade, so the spade is its only card
    assert result["next"] == {"seat": 1, "kind": "play", "legal": ["S9"]}
    message = replay_error(record(hands, decisions + [play(1, "HA")], trump="DT"))
    assert "may not play HA" in message and "follow" in message and "legal: S9" in message


def test_a_seat_void_in_the_suit_led_may_play_anything():
    hands = [["S5", "H2"], ["S9", "HA"], ["D3", "C4"]]
    decisions = no_bids(3) + [play(0, "S5"), play(1, "S9")]
    result = replay(record(hands, decisions, trump="DT"))
    assert result["next"]["legal"] == ["D3", "C4"]


def test_wizard_and_jester_may_be_played_even_when_holding_the_suit_led():
    hands = [["S5", "H2", "C2"], ["S9", "HA", "Z1"], ["S3", "HK", "N1"]]
    decisions = no_bids(3) + [play(0, "S5")]
    result = replay(record(hands, decisions, trump="DT"))
    assert result["next"]["legal"] == ["S9", "Z1"]          # not HA
    result = replay(record(hands, decisions + [play(1, "Z1")], trump="DT"))
    # a Wizard played second does not free the trick: spades were led
    assert result["next"]["legal"] == ["S3", "N1"]


def test_wizard_led_frees_the_trick_and_wins():
    hands = [["Z1", "S2"], ["S9", "HA"], ["HK", "D3"]]
    decisions = no_bids(3) + [play(0, "Z1")]
    result = replay(record(hands, decisions, trump="HT"))
    assert result["next"]["legal"] == ["S9", "HA"]
    decisions += [play(1, "HA"), play(2, "HK")]             # the two highest trumps lose to it
    result = replay(record(hands, decisions, trump="HT"))
    assert result["next"] == {"seat": 0, "kind": "play", "legal": ["S2"]}   # the winner leads
    assert result["tricks"] == [{"leader": 0, "seats": [0, 1, 2], "cards": ["Z1", "HA", "HK"],
                                 "winner": 0, "points": None}]


def test_jester_led_the_next_card_sets_the_suit():
    hands = [["N1", "C2"], ["H5", "S2"], ["HQ", "SA"]]
    decisions = no_bids(3) + [play(0, "N1")]
    result = replay(record(hands, decisions, trump="D4"))
    assert result["next"]["legal"] == ["S2", "H5"]          # nothing to follow yet
    decisions += [play(1, "H5")]
    result = replay(record(hands, decisions, trump="D4"))
    assert result["next"]["legal"] == ["HQ"]                # hearts now, not SA
    result = replay(record(hands, decisions + [play(2, "HQ")], trump="D4"))
    assert result["tricks"][0]["winner"] == 2               # highest heart; the Jester never wins


def test_two_jesters_led_the_first_other_card_sets_the_suit():
    hands = [["N1", "C2"], ["N2", "S2"], ["H5", "S3"], ["HQ", "SA"]]
    decisions = no_bids(4) + [play(0, "N1"), play(1, "N2"), play(2, "H5")]
    result = replay(record(hands, decisions, trump="D4"))
    assert result["next"]["legal"] == ["HQ"]


def test_wizard_after_a_jester_lead_frees_the_trick_and_wins():
    hands = [["N1", "C2"], ["Z1", "S2"], ["H3", "SA"]]
    decisions = no_bids(3) + [play(0, "N1"), play(1, "Z1")]
    result = replay(record(hands, decisions, trump="D4"))
    assert result["next"]["legal"] == ["SA", "H3"]
    result = replay(record(hands, decisions + [play(2, "SA")], trump="D4"))
    assert result["tricks"][0]["winner"] == 1


# -- who wins a trick -----------------------------------------------------------

def test_all_jesters_the_first_played_wins():
    # N2 is led; the lower-numbered N1 comes later and still loses: order of play decides
    hands = [["N2", "C2"], ["N1", "S2"], ["N3", "H3"]]
    decisions = no_bids(3) + trick(0, 3, "N2", "N1", "N3")
    assert replay(record(hands, decisions, trump="D4"))["tricks"][0]["winner"] == 0


def test_a_jester_loses_to_any_other_card():
    hands = [["S2", "N1"], ["N2", "S3"], ["N3", "H3"]]
    decisions = no_bids(3) + trick(0, 3, "S2", "N2", "N3")
    assert replay(record(hands, decisions, trump="D4"))["tricks"][0]["winner"] == 0
    decisions = no_bids(3) + trick(0, 3, "N1", "S3", "N3")
    assert replay(record(hands, decisions, trump="D4"))["tricks"][0]["winner"] == 1


def test_the_first_of_two_wizards_wins():
    hands = [["S5", "C2"], ["Z2", "C3"], ["Z1", "C4"]]
    decisions = no_bids(3) + trick(0, 3, "S5", "Z2", "Z1")
    assert replay(record(hands, decisions, trump="D4"))["tricks"][0]["winner"] == 1


def test_highest_trump_beats_a_higher_card_of_the_suit_led():
    # hearts are trump; the Ace of spades led loses to H2, and H2 to H5
    hands = [["SA", "C2"], ["H2", "C3"], ["H5", "C4"]]
    decisions = no_bids(3) + trick(0, 3, "SA", "H2", "H5")
    assert replay(record(hands, decisions, trump="HT"))["tricks"][0]["winner"] == 2


def test_an_off_suit_card_does_not_beat_the_lower_card_of_the_suit_led():
    # diamonds are trump; HA (off suit, not trump) loses to the spades
    hands = [["S2", "C2"], ["HA", "C3"], ["S3", "C4"]]
    decisions = no_bids(3) + trick(0, 3, "S2", "HA", "S3")
    assert replay(record(hands, decisions, trump="D9"))["tricks"][0]["winner"] == 2


def test_beats_directly():
    spade_two, spade_ace, heart_two = 0, 12, 13
    wizard, jester = 52, 56
    assert rules_nb.beats(spade_ace, spade_two, -1)
    assert not rules_nb.beats(spade_two, spade_ace, -1)
    assert rules_nb.beats(heart_two, spade_ace, 1)          # trump over the suit led
    assert not rules_nb.beats(heart_two, spade_ace, -1)     # off suit, no trump
    assert rules_nb.beats(wizard, spade_ace, 0)
    assert not rules_nb.beats(wizard + 1, wizard, 0)        # a second Wizard loses
    assert not rules_nb.beats(jester + 1, jester, 0)        # a second Jester loses
    assert rules_nb.beats(spade_two, jester, -1)            # a card over a Jester lead


# -- trump ----------------------------------------------------------------------

def test_a_turned_suited_card_makes_its_suit_trump():
    hands = [["SA", "H2"], ["C2", "H3"], ["S3", "H4"]]
    result = replay(record(hands, no_bids(3) + trick(0, 3, "SA", "C2", "S3"), trump="C7"))
    assert (result["trump"], result["trump_source"], result["trump_card"]) == ("C", "turned", "C7")
    assert result["tricks"][0]["winner"] == 1               # the club two trumps the Ace


def test_a_turned_jester_means_no_trump():
    hands = [["S2"], ["HA"], ["CA"]]
    result = replay(record(hands, no_bids(3) + trick(0, 3, "S2", "HA", "CA"), trump="N2"))
    assert (result["trump"], result["trump_source"]) == (None, "jester")
    assert result["tricks"][0]["winner"] == 0               # no suit beats the spade led


def test_a_turned_wizard_lets_the_dealer_choose_before_the_bidding():
    hands = [["SA", "H2"], ["C2", "H3"], ["S3", "H4"]]
    result = replay(record(hands, [], trump="Z3"))
    assert result["next"] == {"seat": 2, "kind": "trump", "legal": ["S", "H", "D", "C"]}
    assert result["trump"] is None and result["trump_source"] == "chosen"

    decisions = [choose_trump(2, "c")] + no_bids(3) + trick(0, 3, "SA", "C2", "S3")
    result = replay(record(hands, decisions, trump="Z3"))
    assert (result["trump"], result["trump_source"]) == ("C", "chosen")
    assert result["decisions"][0] == {"seat": 2, "kind": "trump", "value": "C",
                                      "legal": ["S", "H", "D", "C"]}
    assert result["tricks"][0]["winner"] == 1               # the chosen clubs trump the Ace

    message = replay_error(record(hands, no_bids(3), trump="Z3"))
    assert "decision 1" in message and "trump" in message and "seat 2" in message
    message = replay_error(record(hands, [choose_trump(0, "C")], trump="Z3"))
    assert "seat 2's turn" in message


def test_last_round_of_wizard_deals_every_card_and_has_no_trump():
    all_cards = [card_name(c) for c in range(60)]
    hands = [all_cards[s::3] for s in range(3)]             # 20 cards each, the last round
    result = replay(record(hands, [], trump=None))
    assert (result["trump"], result["trump_source"], result["trump_card"]) == (None, "none", None)
    assert result["next"] == {"seat": 0, "kind": "bid", "legal": list(range(21))}
    assert "none is left" in replay_error(record(hands, [], trump="SA"))


def test_oh_hell_deal_of_the_whole_pack_has_no_trump():
    all_cards = [card_name(c) for c in range(52)]
    hands = [all_cards[s::4] for s in range(4)]
    result = replay(record(hands, [], trump=None, game="oh_hell"))
    assert (result["trump"], result["trump_source"]) == (None, "none")


def test_a_card_is_turned_whenever_cards_remain():
    message = replay_error(record([["S2"], ["S3"], ["S4"]], trump=None))
    assert "null" in message and "3 of the 60" in message


# -- bidding --------------------------------------------------------------------

def test_bids_run_from_zero_to_the_hand_size():
    hands = [["S2", "S3", "S4"], ["H2", "H3", "H4"], ["D2", "D3", "D4"]]
    assert replay(record(hands, trump="C2"))["next"]["legal"] == [0, 1, 2, 3]
    message = replay_error(record(hands, [bid(0, 4)], trump="C2"))
    assert "bids are 0 to 3" in message
    assert "bids are 0 to 3" in replay_error(record(hands, [bid(0, -1)], trump="C2"))


# Two cards each, seat 0 bids 1 and seat 1 bids 0: a dealer's bid of 1 would
# make the bids add up to the 2 cards in hand.
RESTRICTION_HANDS = [["S2", "S3"], ["H2", "H3"], ["D2", "D3"]]
BIDS_BEFORE_DEALER = [bid(0, 1), bid(1, 0)]


def dealer_options(game, mode, scores):
    options = {} if mode is None else {"dealer_restriction": mode}
    rec = record(RESTRICTION_HANDS, BIDS_BEFORE_DEALER, trump="C2", game=game,
                 options=options, scores=scores)
    return replay(rec)["next"]["legal"]


@pytest.mark.parametrize("scores, restricted", [
    ([10, 20, 40], True),     # the dealer (seat 2) leads strictly
    ([40, 20, 40], False),    # tied for the lead: not restricted
    ([50, 20, 40], False),    # another seat leads
    (None, False),            # no scores given: all level at 0
])
def test_leader_restriction_binds_only_a_dealer_strictly_in_the_lead(scores, restricted):
    expected = [0, 2] if restricted else [0, 1, 2]
    assert dealer_options("wizard", "leader", scores) == expected


def test_leader_is_the_wizard_default_and_always_the_oh_hell_default():
    assert dealer_options("wizard", None, [10, 20, 40]) == [0, 2]
    assert dealer_options("wizard", None, [0, 0, 0]) == [0, 1, 2]
    assert dealer_options("oh_hell", None, [0, 0, 0]) == [0, 2]


@pytest.mark.parametrize("game", ["wizard", "oh_hell"])
def test_always_and_never_restrictions(game):
    assert dealer_options(game, "always", [50, 0, 0]) == [0, 2]
    assert dealer_options(game, "never", [10, 20, 40]) == [0, 1, 2]


def test_the_restriction_binds_only_the_dealer():
    rec = record(RESTRICTION_HANDS, [bid(0, 2)], trump="C2", options={"dealer_restriction": "always"})
    assert replay(rec)["next"] == {"seat": 1, "kind": "bid", "legal": [0, 1, 2]}


def test_restricted_dealer_bid_is_refused_with_the_reason():
    rec = record(RESTRICTION_HANDS, BIDS_BEFORE_DEALER + [bid(2, 1)], trump="C2",
                 options={"dealer_restriction": "always"})
    message = replay_error(rec)
    assert "add up to 2" in message and "dealer_restriction=always" in message
    assert "legal bids: 0 2" in message


def test_restriction_has_nothing_to_forbid_when_the_others_overbid():
    # 2 + 1 = 3 > 2 cards: no dealer's bid can make the sum 2
    rec = record(RESTRICTION_HANDS, [bid(0, 2), bid(1, 1)], trump="C2",
                 options={"dealer_restriction": "always"})
    assert replay(rec)["next"]["legal"] == [0, 1, 2]


def test_restriction_never_forbids_every_bid():
    """With h ≥ 1 cards there are h + 1 bids and the hook forbids at most one,
    so a dealer always keeps h ≥ 1 bids; the "void" rule could only act on a
    hand of 0 cards, which no deal has. legal_bids still honours it there."""
    for hand_size in range(1, 21):
        for others in range(0, 3 * hand_size + 1):
            legal = int(rules_nb.legal_bids(hand_size, others, True))
            n_legal = bin(legal).count("1")
            assert n_legal == (hand_size if others <= hand_size else hand_size + 1)
            assert legal >> (hand_size + 1) == 0                 # nothing above the hand size
            if others <= hand_size:
                assert not legal >> (hand_size - others) & 1     # the forbidden bid
    assert int(rules_nb.legal_bids(0, 0, True)) == 1             # void: bid 0 stays legal


def test_restriction_applies_directly():
    scores = np.array([10, 20, 40, 0, 0, 0, 0], dtype=np.int64)
    assert rules_nb.restriction_applies(rules_nb.RESTRICT_LEADER, 2, 2, scores, 3)
    assert not rules_nb.restriction_applies(rules_nb.RESTRICT_LEADER, 1, 2, scores, 3)
    assert not rules_nb.restriction_applies(rules_nb.RESTRICT_LEADER, 1, 1, scores, 3)
    assert rules_nb.restriction_applies(rules_nb.RESTRICT_ALWAYS, 1, 1, scores, 3)
    assert not rules_nb.restriction_applies(rules_nb.RESTRICT_NEVER, 2, 2, scores, 3)


# -- scoring --------------------------------------------------------------------

@pytest.mark.parametrize("scoring, bid_, tricks, points", [
    # Wizard: exact 20 + 10 a trick; a miss -10 a trick over or under
    (rules_nb.SCORING_WIZARD, 0, 0, 20),
    (rules_nb.SCORING_WIZARD, 2, 2, 40),
    (rules_nb.SCORING_WIZARD, 1, 3, -20),   # over by 2
    (rules_nb.SCORING_WIZARD, 3, 1, -20),   # under by 2
    (rules_nb.SCORING_WIZARD, 0, 1, -10),
    # classic: a point a trick, + 10 when exact
    (rules_nb.SCORING_CLASSIC, 0, 0, 10),
    (rules_nb.SCORING_CLASSIC, 2, 2, 12),
    (rules_nb.SCORING_CLASSIC, 1, 3, 3),
    (rules_nb.SCORING_CLASSIC, 3, 1, 1),
    # penalty: exact tricks + 10, a miss -1 a trick off
    (rules_nb.SCORING_PENALTY, 0, 0, 10),
    (rules_nb.SCORING_PENALTY, 2, 2, 12),
    (rules_nb.SCORING_PENALTY, 1, 3, -2),
    (rules_nb.SCORING_PENALTY, 3, 1, -2),
])
def test_round_score(scoring, bid_, tricks, points):
    assert rules_nb.round_score(bid_, tricks, scoring) == points


# Oh Hell, 3 players, 2 cards, spades trump. Seat 0 bids 2 and takes both
# (SA, then SK); seat 1 bids 1 and takes none (under by 1); seat 2 bids 0
# and takes none. The dealer (seat 2) may bid 0: 2 + 1 + 0 = 3 ≠ 2.
SCORED_HANDS = [["SA", "SK"], ["H2", "H3"], ["D2", "D3"]]
SCORED_DECISIONS = ([bid(0, 2), bid(1, 1), bid(2, 0)]
                    + trick(0, 3, "SA", "H2", "D2") + trick(0, 3, "SK", "H3", "D3"))


@pytest.mark.parametrize("scoring, scores", [
    ("classic", [12, 0, 10]),
    ("penalty", [12, -1, 10]),
    ("wizard", [40, -10, 20]),
])
def test_oh_hell_scoring_options(scoring, scores):
    rec = record(SCORED_HANDS, SCORED_DECISIONS, trump="S4", game="oh_hell",
                 options={"scoring": scoring}, scores=[5, 5, 5])
    result = replay(rec)["result"]
    assert result["tricks_won"] == [2, 0, 0]
    assert result["scores"] == scores
    assert result["totals"] == [5 + s for s in scores]


def test_wizard_always_scores_with_the_wizard_table():
    rec = record(SCORED_HANDS, SCORED_DECISIONS, trump="S4")
    assert replay(rec)["result"]["scores"] == [40, -10, 20]
    assert "unknown option 'scoring'" in replay_error(
        record(SCORED_HANDS, SCORED_DECISIONS, trump="S4", options={"scoring": "classic"}))


# -- turn order -----------------------------------------------------------------

@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_the_seat_left_of_the_dealer_bids_first_and_leads(dealer):
    hands = [["S2"], ["S3"], ["S4"], ["S5"]]
    first = (dealer + 1) % 4
    rec = record(hands, [], trump="C2", dealer=dealer)
    assert replay(rec)["next"] == {"seat": first, "kind": "bid", "legal": [0, 1]}
    bids = [bid((first + i) % 4, 0) for i in range(4)]    # the dealer bids last
    assert bids[-1]["seat"] == dealer
    rec = record(hands, bids, trump="C2", dealer=dealer)
    assert replay(rec)["next"]["seat"] == first


def test_the_winner_of_a_trick_leads_the_next():
    hands = [["S2", "C2"], ["S3", "C3"], ["S4", "C4"]]
    decisions = no_bids(3) + trick(0, 3, "S2", "S3", "S4")    # seat 2 wins with S4
    result = replay(record(hands, decisions, trump="D2"))
    assert result["tricks"][0]["winner"] == 2
    assert result["next"] == {"seat": 2, "kind": "play", "legal": ["C4"]}
    message = replay_error(record(hands, decisions + [play(0, "C2")], trump="D2"))
    assert "seat 0 played C2, but it is seat 2's turn" in message
    result = replay(record(hands, decisions + trick(2, 3, "C4", "C2", "C3"), trump="D2"))
    assert [t["leader"] for t in result["tricks"]] == [0, 2]
    assert result["tricks"][1]["seats"] == [2, 0, 1]
    assert result["result"]["tricks_won"] == [0, 0, 2]
