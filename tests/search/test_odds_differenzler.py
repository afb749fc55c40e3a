"""Hand odds in Differenzler (``sim/games/jass/odds.py``): the prediction against an
independent Monte Carlo and sure outcomes, the turned card with the dealer, determinism
and bad input."""
import numpy as np
import pytest

from sim import odds, registry
from sim.cli import main
from sim.errors import TricksimError
from sim.games.jass.cards import parse_card
from sim.games.jass.cfg import config
from sim.games.jass.odds_nb import odds_give_nb
from sim.odds import R_CONTRACT, R_LEGAL, R_SCORE, hand_odds

from .odds_apart import scores_apart

H = "heuristic"
LOW = "S6 S7 S8 H6 H7 D6 D7 C6 C7"      # no trump but the clubs 6 and 7, no card above an 8
TOP = "HA HK HQ HJ H9 HT SA DA CA"      # hearts trump: the Jack and the Nell, every ace
MIXED = "HJ H9 SA SK D7 D8 C6 CT CQ"
D = "differenzler"


def _odds(hand: str, **kwargs):
    return hand_odds("jass", 4, hand, variant=D, player=H, **kwargs)


def test_the_deals_agree_with_an_independent_monte_carlo():
    """Seat 0 deals and holds the turned card: its mean penalty as the heuristic plays,
    from the odds machinery and from deals dealt and played apart, equal within four
    standard errors of their difference."""
    result = _odds(MIXED, turned="D7", dealer=0, deals=500, seed=3)
    ours = result.rows[:, R_SCORE]
    cfg = config(D, 4, registry.info("jass").validate({}, D))
    theirs = scores_apart("jass", cfg, [parse_card(c) for c in MIXED.split()], [9, 9, 9], 0,
                          odds_give_nb, 4, 500, 4, variant=D, turned=parse_card("D7"))
    se = np.sqrt(ours.var(ddof=1) / len(ours) + theirs.var(ddof=1) / len(theirs))
    assert abs(ours.mean() - theirs.mean()) < 4 * se, (ours.mean(), theirs.mean(), se)


def test_low_cards_predict_low_and_top_cards_high():
    """Nothing above an 8 and two small trumps take almost nothing: 0 is the best
    prediction; the trump Jack and Nell with every ace and the top hearts, leading, take
    every trick (157 points): 157 is the best, with no penalty at all. The lowest mean
    penalty is the best; the outcome's contract is the prediction played on."""
    low = _odds(LOW, turned="C8", deals=100)
    table = low.options().set_index("prediction")
    assert low.best == "0" and table["score"].idxmin() == "0"
    assert table.loc["0", "score"] < 2 and table.loc["150", "score"] > 140
    assert (low.out[:, 5, R_CONTRACT] == 50).all()
    top = _odds(TOP, turned="H6", deals=100)
    assert top.best == "157" and top.options().set_index("prediction").loc["157", "score"] == 0
    assert list(top.question.wanted) == [*range(0, 151, 10), 157]


def test_the_turned_card_stays_with_the_dealer():
    """The turned card is the dealer's: fixed in its hand (seat 3's when seat 0 asks),
    or the asking dealer's own; other seats' fixed cards stay theirs."""
    q = _odds(MIXED, turned="H6", fixed={1: "HA HK"}, deals=5).question
    assert q.fixed[3] == 1 << parse_card("H6") and q.fixed[1] == (1 << parse_card("HA")) | (
        1 << parse_card("HK"))
    assert list(q.need) == [0, 7, 9, 8] and parse_card("H6") not in q.pool
    # the dealer's turned card among seat 3's nine in every deal: a seat 3 given eight
    # cards gets no more
    full = _odds(MIXED, turned="H6", fixed={3: "S6 S7 S8 H7 H8 D6 D9 C7"}, deals=5).question
    assert list(full.need) == [0, 9, 9, 0] and full.fixed[3] & (1 << parse_card("H6"))
    own = _odds(MIXED, turned="D7", dealer=0, deals=5).question
    assert own.fixed[0] == sum(1 << parse_card(c) for c in MIXED.split())
    assert list(own.need) == [0, 9, 9, 9]


def test_same_seed_same_results_whatever_the_chunks(monkeypatch):
    a = _odds(MIXED, turned="H6", deals=120, seed=5)
    monkeypatch.setattr(odds, "CHUNK_DEALS", 50)
    b = _odds(MIXED, turned="H6", deals=120, seed=5, jobs=2)
    assert np.array_equal(a.out, b.out) and np.array_equal(a.mine, b.mine)
    assert np.array_equal(a.chosen, b.chosen)


def test_the_players_own_prediction_off_the_grid_is_played_on_too():
    """The heuristic predicts whole points (43, not 40): such a prediction is no option,
    yet the deal is played on as the player chose it (chosen -2) and counts in its
    outcome."""
    result = _odds(MIXED, turned="H6", deals=20)
    off = result.chosen == -2
    assert off.any() and (result.chosen != -1).all()
    assert (result.mine[off, R_LEGAL] == 1).all() and len(result.rows) == 20


BAD = [
    (dict(hand=MIXED), "give it (--trump CARD"),
    (dict(hand=MIXED, turned="HA", dealer=0), "it must be in the hand"),
    (dict(hand=MIXED, turned="HJ"), "the dealer's (seat 3) but is given in the hand"),
    (dict(hand=MIXED, turned="HA", fixed={1: "HA"}), "given in seat 1's cards"),
    (dict(hand=MIXED, turned="HA", fixed={3: "S6 S7 S8 H6 H7 D6 C7 D9 C9"}),
     "given without it"),
    (dict(hand=MIXED, turned="HA HK"), "give one card"),
    (dict(hand=MIXED, turned="H5"), "unknown card"),
    (dict(hand=MIXED, turned="HA", round=2), "--round does not apply"),
    (dict(hand=MIXED, turned="HA", scores=[1, -2, 0, 0]), "penalty totals"),
    (dict(hand="HJ H9", turned="HA"), "the hand has 2 cards"),
    (dict(hand=MIXED, turned="HA", seat=4), "seat 4 is not at the table"),
]


@pytest.mark.parametrize("kwargs, words", BAD, ids=[w for _, w in BAD])
def test_bad_input_is_a_one_line_error(kwargs, words):
    kwargs = {"deals": 5, **kwargs}
    with pytest.raises(TricksimError) as err:
        _odds(kwargs.pop("hand"), **kwargs)
    assert words in str(err.value) and "\n" not in str(err.value)


def test_cli(capsys):
    assert main(["odds", "jass", "--variant", D, "--hand", LOW, "--trump", "C8", "-p", H,
                 "-d", "20"]) == 0
    out = capsys.readouterr().out
    assert "best prediction: 0" in out and "mean penalty" in out
    assert main(["odds", "jass", "--variant", D, "--hand", LOW, "--trump", "S"]) == 2
    assert "not a suit" not in (err := capsys.readouterr().err) and "give the card" in err
