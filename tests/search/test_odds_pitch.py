"""Hand odds in Pitch (``sim/games/pitch/odds.py``), both variants: the bid and the trump
against an independent Monte Carlo and sure outcomes, fixed cards, determinism and bad
input."""
import numpy as np
import pytest

from sim import odds
from sim.cli import main
from sim.errors import TricksimError
from sim.games.pitch.auction_odds_nb import odds_give_nb
from sim.games.pitch.cards import parse_card
from sim.games.pitch.cfg import config
from sim.odds import R_SCORE, R_TRICKS, hand_odds

from .odds_apart import scores_apart

H = "heuristic"
TOP_SPADES = "SA SK SQ SJ ST S2"
MIXED = "SA SK SQ SJ ST H2"
TEN = "HA HK HQ HJ DJ HT H3 H2 LJ"     # hearts: every point card but the big joker


def test_the_deals_agree_with_an_independent_monte_carlo():
    """Seat 0's mean score as the heuristic plays, from the odds machinery and from deals
    dealt and played apart (the 28 undealt cards to a fifth holder no one reads): equal
    within four standard errors of their difference."""
    hand = "HA HJ D4 C9 S3 S2"
    result = hand_odds("pitch", 4, hand, player=H, deals=800, seed=3)
    ours = result.rows[:, R_SCORE]
    theirs = scores_apart("pitch", config({}), [parse_card(c) for c in hand.split()],
                          [6, 6, 6, 28], 3, odds_give_nb, 5, 800, 4, variant="auction")
    se = np.sqrt(ours.var(ddof=1) / len(ours) + theirs.var(ddof=1) / len(theirs))
    assert abs(ours.mean() - theirs.mean()) < 4 * se, (ours.mean(), theirs.mean(), se)


def test_the_top_trumps_bid_the_most():
    """The top spades and the two lead spades to the end: High, Low, Jack and Game are
    sure, so a smudge, which no seat can overbid, is always made with all four points and
    does at least as well as every other bid (a lower bid may be overbid)."""
    table = hand_odds("pitch", 4, TOP_SPADES, player=H, deals=200).options().set_index("bid")
    assert list(table.index) == ["pass", "2", "3", "smudge"]
    assert table.loc["smudge", "made"] == 1.0 and table.loc["smudge", "points"] == 4
    assert table.loc["smudge", "score"] == table["score"].max()
    assert table.loc["pass", "score"] == table["score"].min()


def test_the_pitch_sets_the_trump():
    """Asked about the pitch, only the deals where the seat wins the bid count; a spade
    pitched makes spades trump and scores more than the lone heart two."""
    result = hand_odds("pitch", 4, MIXED, player=H, deals=200, ask="trump")
    q = result.question
    assert q.decision == "pitch" and sorted(q.actions) == sorted(MIXED.split())
    table = result.options().set_index("pitch")
    won = int((result.chosen != -1).sum())
    assert 0 < won < 200 and (table["deals"] == won).all()
    assert result.best != "H2" and table.loc["H2", "score"] < table.loc["SA", "score"]


def test_fixed_cards_stay_with_their_seat():
    """Seat 1 holds the spade ace: seat 0's spades never take High, so it wins at most 3
    points a deal; dealt freely, the ace is often out of play and High is seat 0's."""
    hand = "SK SQ SJ ST S9 S8"
    fixed = hand_odds("pitch", 4, hand, fixed={1: "SA"}, player=H, deals=200, ask="trump")
    free = hand_odds("pitch", 4, hand, player=H, deals=200, ask="trump")
    played = fixed.out[fixed.chosen != -1]
    assert played[:, :, R_TRICKS].max() <= 3
    assert free.rows[:, R_TRICKS].mean() > fixed.rows[:, R_TRICKS].mean() + 0.3
    q = fixed.question
    assert list(q.need) == [0, 5, 6, 6] and parse_card("SA") not in q.pool
    assert q.fixed[1] == 1 << parse_card("SA")


def test_ten_point_the_bid_and_the_trump():
    """Every hearts point card but the big joker, and the A K Q J and Jick on top: hearts
    named take every point (the big joker falls to them), so 10 is the best bid and
    hearts the best trump."""
    bids = hand_odds("pitch", 4, TEN, variant="ten_point", player=H, deals=100)
    assert bids.options()["bid"].tolist() == ["pass", *map(str, range(4, 11))]
    assert bids.best == "10"
    trump = hand_odds("pitch", 4, TEN, variant="ten_point", player=H, deals=100, ask="trump")
    table = trump.options().set_index("trump")
    assert trump.best == "H" and table.loc["H", "points"] == 10 and table.loc["H", "made"] == 1
    q = trump.question
    assert list(q.need) == [0, 9, 9, 9, 18] and len(q.pool) == 45


def test_same_seed_same_results_whatever_the_chunks(monkeypatch):
    a = hand_odds("pitch", 4, MIXED, player=H, deals=300, seed=5)
    monkeypatch.setattr(odds, "CHUNK_DEALS", 70)
    b = hand_odds("pitch", 4, MIXED, player=H, deals=300, seed=5, jobs=2)
    assert np.array_equal(a.out, b.out) and np.array_equal(a.chosen, b.chosen)
    c = hand_odds("pitch", 4, TEN, variant="ten_point", player=H, deals=100, seed=5)
    monkeypatch.setattr(odds, "CHUNK_DEALS", 30)
    d = hand_odds("pitch", 4, TEN, variant="ten_point", player=H, deals=100, seed=5, jobs=2)
    assert np.array_equal(c.out, d.out) and np.array_equal(c.mine, d.mine)


BAD = [
    (dict(hand="SA SK"), "the hand has 2 cards; Auction Pitch deals 6"),
    (dict(hand=MIXED.replace("H2", "SA")), "given twice"),
    (dict(hand=MIXED.replace("H2", "BJ")), "52-card deck"),
    (dict(hand=MIXED.replace("H2", "H1")), "unknown card"),
    (dict(hand=TEN, variant="ten_point", fixed={2: "DJ"}), "given twice"),
    (dict(hand=TEN + " SA", variant="ten_point"), "the hand has 10 cards; Ten-point Pitch deals 9"),
    (dict(hand=MIXED, fixed={1: "C2 C3 C4 C5 C6 C7 C8"}), "seat 1 is given 7 cards"),
    (dict(hand=MIXED, fixed={0: "C2"}), "the asking seat"),
    (dict(hand=MIXED, trump="S"), "--trump does not apply"),
    (dict(hand=MIXED, ask="pitch"), "give bid or trump"),
    (dict(hand=MIXED, scores=[1, 2]), "give 4 whole numbers"),
    (dict(hand=TEN, variant="ten_point", scores=[1, 2, 3, 4]), "share a score"),
    (dict(hand=MIXED, variant="nosuch"), "unknown variant"),
    (dict(hand=MIXED, dealer=4), "dealer 4 is not at the table"),
]


@pytest.mark.parametrize("kwargs, words", BAD, ids=[w for _, w in BAD])
def test_bad_input_is_a_one_line_error(kwargs, words):
    kwargs = {"deals": 5, "player": H, **kwargs}
    with pytest.raises(TricksimError) as err:
        hand_odds("pitch", 4, kwargs.pop("hand"), **kwargs)
    assert words in str(err.value) and "\n" not in str(err.value)


def test_cli(capsys):
    assert main(["odds", "pitch", "--hand", MIXED, "--ask", "trump", "-p", H, "-d", "40"]) == 0
    out = capsys.readouterr().out
    assert "best pitch: S" in out and "in the deals the seat wins the bid" in out
    assert main(["odds", "pitch", "--hand", MIXED, "--ask", "lead"]) == 2
    assert "give bid or trump" in capsys.readouterr().err
    assert main(["odds", "wizard", "--hand", "SA", "--ask", "bid"]) == 2
    assert "does not apply" in capsys.readouterr().err
