"""Hand odds in Schieber (``sim/games/jass/odds.py``): the choice of trump against an
independent Monte Carlo, sure outcomes, the pushed question, determinism and bad input."""
import numpy as np
import pytest

from sim import odds, registry
from sim.cli import main
from sim.errors import TricksimError
from sim.games.jass import obs as O
from sim.games.jass.cards import parse_card
from sim.games.jass.cfg import config
from sim.games.jass.odds_nb import odds_give_nb
from sim.odds import hand_odds

from .odds_apart import scores_apart

H = "heuristic"
HEARTS = "HJ H9 HA HK H6 SA S7 D8 C6"
ALL_HEARTS = "H6 H7 H8 H9 HT HJ HQ HK HA"


def _by_hand(hand: str, deals: int, seed: int, dealer: int = 3, prefix=()) -> np.ndarray:
    cfg = config("schieber", 4, registry.info("jass").validate({}, "schieber"))
    return scores_apart("jass", cfg, [parse_card(c) for c in hand.split()], [9, 9, 9], dealer,
                        odds_give_nb, 4, deals, seed, variant="schieber", prefix=prefix)


@pytest.mark.parametrize("dealer", [3, 1], ids=["first hand", "pushed"])
def test_the_deals_agree_with_an_independent_monte_carlo(dealer):
    """Seat 0's mean score as the heuristic plays, from the odds machinery and from deals
    dealt and played apart (after a push: the first hand's push taken first in both):
    equal within four standard errors of their difference."""
    result = hand_odds("jass", 4, HEARTS, dealer=dealer, player=H, deals=2000, seed=3)
    ours = result.rows[:, odds.R_SCORE]
    theirs = _by_hand(HEARTS, 2000, 4, dealer, [O.ACTION_PUSH] if dealer == 1 else [])
    se = np.sqrt(ours.var(ddof=1) / len(ours) + theirs.var(ddof=1) / len(theirs))
    assert abs(ours.mean() - theirs.mean()) < 4 * se, (ours.mean(), theirs.mean(), se)


def test_nine_cards_of_a_suit_take_every_point():
    """The first hand leads: with all nine hearts it takes every trick as trump hearts,
    Obenabe (the ace down) and Unenufe (the six up); Unenufe scores most, as its
    multiplier is the highest (hearts 2, Obenabe 3, Unenufe 4 under the default table:
    docs/rules.md), the cards, the match bonus and the team's Weis multiplied."""
    result = hand_odds("jass", 4, ALL_HEARTS, player=H, deals=200)
    table = result.options().set_index("mode")
    assert list(table.index) == ["S", "H", "D", "C", "obe", "une", "push"]
    for mode in ("H", "obe", "une"):
        assert table.loc[mode, "points"] == 157 and table.loc[mode, "made"] == 1.0
    assert table.loc["une", "score"] > table.loc["obe", "score"] > table.loc["H", "score"]
    assert result.best == "une"


def test_the_pushed_question():
    result = hand_odds("jass", 4, HEARTS, dealer=1, player=H, deals=100)
    q = result.question
    assert q.phase == O.PHASE_TRUMP_PUSHED and list(q.prefix) == [O.ACTION_PUSH]
    assert list(result.options()["mode"]) == ["S", "H", "D", "C", "obe", "une"]
    assert (result.chosen >= 0).all()


def test_same_seed_same_results_whatever_the_chunks(monkeypatch):
    a = hand_odds("jass", 4, HEARTS, player=H, deals=500, seed=5)
    monkeypatch.setattr(odds, "CHUNK_DEALS", 120)
    b = hand_odds("jass", 4, HEARTS, player=H, deals=500, seed=5, jobs=2)
    assert np.array_equal(a.out, b.out) and np.array_equal(a.chosen, b.chosen)


def test_the_search_player_answers():
    result = hand_odds("jass", 4, HEARTS, player="pimc[worlds=2,exact_cards=1]", deals=3)
    assert (result.chosen >= 0).all() and result.options()["deals"].tolist() == [3] * 7


BAD = [
    (dict(hand="HJ H9"), "the hand has 2 cards"),
    (dict(hand=HEARTS.replace("C6", "HJ")), "given twice"),
    (dict(hand=HEARTS.replace("C6", "C5")), "unknown card"),
    (dict(hand=HEARTS, dealer=0), "names no trump"),
    (dict(hand=HEARTS, trump="H"), "--trump does not apply"),
    (dict(hand=HEARTS, round=1), "--round does not apply"),
    (dict(hand=HEARTS, variant="differenzler"), "the dealer's turned card sets the trump"),
    (dict(hand=HEARTS, variant="nosuch"), "unknown variant"),
    (dict(hand=HEARTS, players=3), "4 players"),
    (dict(hand=HEARTS, fixed={2: "HQ HJ"}), "given twice"),
    (dict(hand=HEARTS, fixed={0: "HQ"}), "the asking seat"),
    (dict(hand=HEARTS, options={"target": "x"}), "target"),
]


@pytest.mark.parametrize("kwargs, words", BAD, ids=[w for _, w in BAD])
def test_bad_input_is_a_one_line_error(kwargs, words):
    kwargs = {"players": 4, "deals": 10, "player": H, **kwargs}
    with pytest.raises(TricksimError) as err:
        hand_odds("jass", kwargs.pop("players"), kwargs.pop("hand"), **kwargs)
    assert words in str(err.value) and "\n" not in str(err.value)


def test_wizard_and_tarot_have_no_variants():
    for game, hand in (("wizard", "SA"), ("tarot", " ".join(f"T{k}" for k in range(4, 22)))):
        with pytest.raises(TricksimError, match="has no variants"):
            hand_odds(game, 4, hand, variant="schieber", player=H, deals=5)


def test_cli(capsys):
    assert main(["odds", "jass", "--hand", ALL_HEARTS, "-p", H, "-d", "50"]) == 0
    out = capsys.readouterr().out
    assert "best mode: une" in out and "deal won" in out
    assert main(["odds", "jass", "--variant", "differenzler", "--hand", ALL_HEARTS]) == 2
    assert "--trump CARD" in capsys.readouterr().err
