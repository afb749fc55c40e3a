"""Hand odds in Beim Jupiter, round 1 (``sim/games/jupiter/odds.py``): the layout and the
bid, what the deal draws, sure and near-sure answers, determinism and bad input."""
import numpy as np
import pytest

from sim import odds
from sim.cli import main
from sim.errors import TricksimError
from sim.games.jupiter.cards import parse_card
from sim.odds import R_CONTRACT, hand_odds

H = "heuristic"
STRONG = "JUP JUN BX B11 B10 B9 R11 R10 Y11 G11 G2 B1 L1"     # 4 players
LOW = "L1 L2 B1 R1 Y1 G1 B2 R2 Y2 G2 B3 R3 Y3"                # 3 players: the lowest cards


def test_the_layouts_are_the_numbered_cards():
    """Only a numbered colour card may be laid out: the God card, Jupiter, Juno and the
    lamb are no option; each layout is played on in every deal."""
    result = hand_odds("jupiter", 4, STRONG, player=H, deals=40)
    table = result.options()
    assert table["layout"].tolist() == ["B1", "B9", "B10", "B11", "R10", "R11", "Y11", "G2",
                                        "G11"]
    assert (table["deals"] == 40).all() and (result.chosen >= 0).all()
    one = hand_odds("jupiter", 3, "L1 L2 JUP JUN BX RX YX GX B8 R8 Y8 G8 B7", player=H,
                    deals=10)
    assert one.options()["layout"].tolist() == ["B7", "B8", "R8", "Y8", "G8"]


def test_the_lowest_cards_bid_the_zero_trick_card():
    """Two lambs (they never win) and the ones, twos and threes: the zero-trick card is
    the best bid and almost always made."""
    result = hand_odds("jupiter", 3, LOW, player=H, deals=100, ask="bid")
    table = result.options().set_index("bid")
    assert result.best == "zero" and table.loc["zero", "made"] > 0.9
    assert list(table.index[:3]) == ["zero", "1", "2"] and table.index[-1] == "12 locked"
    assert (result.out[:, 0, R_CONTRACT] == 0).all()


def test_the_deal_draws_the_rest_of_the_pack():
    """4 players: 53 cards, 13 to each seat and one left unseen; 5 players: 65, none
    unseen; a seat's fixed cards stay with it, the rest of its hand dealt."""
    q = hand_odds("jupiter", 4, STRONG, fixed={2: "Y10 Y9"}, player=H, deals=5).question
    assert list(q.need) == [0, 13, 11, 13, 0, 1] and len(q.pool) == 53 - 15
    assert parse_card("Y10") not in q.pool and q.fixed[4] == (1 << parse_card("Y10")) | (
        1 << parse_card("Y9"))
    five = hand_odds("jupiter", 5, STRONG.replace("L1", "B14"), player=H, deals=5).question
    assert list(five.need) == [0, 13, 13, 13, 13, 0]


def test_same_seed_same_results_whatever_the_chunks(monkeypatch):
    a = hand_odds("jupiter", 4, STRONG, player=H, deals=60, seed=5, ask="bid")
    monkeypatch.setattr(odds, "CHUNK_DEALS", 25)
    b = hand_odds("jupiter", 4, STRONG, player=H, deals=60, seed=5, ask="bid", jobs=2)
    assert np.array_equal(a.out, b.out) and np.array_equal(a.chosen, b.chosen)


BAD = [
    (dict(hand=STRONG.replace("L1", "B12")), "not in the pack of 4 players"),
    (dict(hand=STRONG.replace("L1", "B9")), "given twice"),
    (dict(hand="B1 B2"), "the hand has 2 cards; round 1 deals 13"),
    (dict(hand=LOW, players=3, fixed={1: "B8 R8", 2: "B8"}), "given twice"),
    (dict(hand=LOW, players=3, fixed={3: "B8"}), "3 players sit at seats 0 to 2"),
    (dict(hand=STRONG, round=2), "round 1"),
    (dict(hand=STRONG, trump="B"), "--trump does not apply"),
    (dict(hand=STRONG, ask="trump"), "give layout or bid"),
    (dict(hand=STRONG, fixed={1: "B9"}), "given twice"),
    (dict(hand="B7 X1"), "unknown card"),
]


@pytest.mark.parametrize("kwargs, words", BAD, ids=[w for _, w in BAD])
def test_bad_input_is_a_one_line_error(kwargs, words):
    kwargs = {"players": 4, "deals": 5, "player": H, **kwargs}
    with pytest.raises(TricksimError) as err:
        hand_odds("jupiter", kwargs.pop("players"), kwargs.pop("hand"), **kwargs)
    assert words in str(err.value) and "\n" not in str(err.value)


def test_cli(capsys):
    assert main(["odds", "jupiter", "-n", "3", "--hand", LOW, "--ask", "bid", "-p", H,
                 "-d", "20"]) == 0
    assert "best bid: zero" in capsys.readouterr().out
    assert main(["odds", "jupiter", "--hand", STRONG, "--round", "3"]) == 2
    assert "round 1" in capsys.readouterr().err
