"""Hand odds in French Tarot (``sim/games/tarot/odds.py``): the deals around the fixed cards
against an independent Monte Carlo, sure outcomes, determinism and bad input."""
import numpy as np
import pytest

from sim import odds, registry
from sim.cli import main
from sim.errors import TricksimError
from sim.games.tarot.cards import PACK_HALF_POINTS, parse_card
from sim.games.tarot.cfg import config
from sim.games.tarot.odds import BIDS
from sim.games.tarot.odds_nb import odds_give_nb
from sim.odds import hand_odds

from .odds_apart import scores_apart

H = "heuristic"
STRONG = "T21 T20 T19 T18 T17 T16 T15 T14 T13 EX T1 SK HK DK CK SQ HQ DQ"
WEAK = "S1 S2 S3 S4 S5 H1 H2 H3 H4 H5 D1 D2 D3 D4 C1 C2 C3 T2"


def _by_hand(hand: str, deals: int, seed: int) -> np.ndarray:
    """Seat 0's scores with ``hand`` dealt and played apart (seat 3 deals)."""
    cfg = config(4, registry.info("tarot").validate({}))
    return scores_apart("tarot", cfg, [parse_card(c) for c in hand.split()], [18, 18, 18, 6],
                        3, odds_give_nb, 10, deals, seed)


@pytest.mark.parametrize("hand", [STRONG, WEAK], ids=["strong", "weak"])
def test_the_deals_agree_with_an_independent_monte_carlo(hand):
    """The seat's mean score as its player plays, from the odds machinery and from deals
    dealt and played apart: equal within four standard errors of their difference."""
    result = hand_odds("tarot", 4, hand, player=H, deals=1500, seed=3)
    ours = result.rows[:, odds.R_SCORE]
    theirs = _by_hand(hand, 1500, seed=4)
    se = np.sqrt(ours.var(ddof=1) / len(ours) + theirs.var(ddof=1) / len(theirs))
    assert abs(ours.mean() - theirs.mean()) < 4 * se, (ours.mean(), theirs.mean(), se)


def test_eighteen_top_trumps_win_every_contract():
    result = hand_odds("tarot", 4, " ".join(f"T{k}" for k in range(4, 22)), player=H, deals=300)
    table = result.options().set_index("bid")
    for bid in ("take", "guard", "guard without", "guard against"):
        assert table.loc[bid, "made"] == 1.0
    # the seat bids first, so every bid is open to it in every deal; the deals where another
    # seat holds the Petit alone (the 1, 2 and 3 of trumps are the others' only trumps, so
    # one in about seven deals) are drawn again, as the rules deal them again: all are played
    assert (result.chosen >= 0).all() and (table["deals"] == 300).all()
    assert result.question.measure == "points" and result.question.unit == 0.5
    # the camp's points of a deal: a half point is the unit, the pack holds 91
    points = result.rows[:, odds.R_TRICKS]
    assert points.min() >= 0 and points.max() <= PACK_HALF_POINTS


def test_fixed_cards_and_the_dog():
    q = hand_odds("tarot", 4, STRONG, fixed={2: "S10 H10"}, player=H, deals=20).question
    assert list(q.need) == [0, 18, 16, 18, 6]
    assert parse_card("S10") not in q.pool and len(q.pool) == 78 - 20
    five = hand_odds("tarot", 5, " ".join(STRONG.split()[:15]), player=H, deals=20).question
    assert list(five.need) == [0, 15, 15, 15, 15, 3] and five.dealer == 4


def test_same_seed_same_results_whatever_the_chunks(monkeypatch):
    a = hand_odds("tarot", 3, " ".join(STRONG.split() + ["S1", "S2", "S3", "S4", "S5", "S6"]),
                  player=H, deals=400, seed=5)
    monkeypatch.setattr(odds, "CHUNK_DEALS", 90)
    b = hand_odds("tarot", 3, " ".join(STRONG.split() + ["S1", "S2", "S3", "S4", "S5", "S6"]),
                  player=H, deals=400, seed=5, jobs=2)
    assert np.array_equal(a.out, b.out) and np.array_equal(a.chosen, b.chosen)


def test_the_search_player_answers_every_bid():
    result = hand_odds("tarot", 4, STRONG, player="pimc[worlds=2,exact_cards=1]", deals=4)
    assert (result.chosen >= 0).all() and result.best in BIDS
    assert result.options()["deals"].tolist() == [4] * 5


BAD = [
    (dict(hand="S1 S2"), "the hand has 2 cards"),
    (dict(hand=STRONG.replace("DQ", "SK")), "given twice"),
    (dict(hand=STRONG.replace("DQ", "XX")), "unknown card"),
    (dict(hand=WEAK, trump="S"), "--trump does not apply"),
    (dict(hand=WEAK, round=2), "--round does not apply"),
    (dict(hand=WEAK, scores=[0, 0, 0, 0]), "--scores does not apply"),
    (dict(hand=WEAK.replace("T2", "T1")), "petit sec"),
    (dict(hand=WEAK, seat=4), "not at the table"),
    (dict(hand=WEAK, players=6), "3 to 5 players"),
    (dict(hand=WEAK, fixed={1: "SK"}, dealer=9), "not at the table"),
    (dict(hand=WEAK, fixed={1: "S1"}), "given twice"),
    (dict(hand=WEAK, options={"petit_sec": "maybe"}), "petit_sec"),
]


@pytest.mark.parametrize("kwargs, words", BAD, ids=[w for _, w in BAD])
def test_bad_input_is_a_one_line_error(kwargs, words):
    kwargs = {"players": 4, "deals": 10, "player": H, **kwargs}
    with pytest.raises(TricksimError) as err:
        hand_odds("tarot", kwargs.pop("players"), kwargs.pop("hand"), **kwargs)
    assert words in str(err.value) and "\n" not in str(err.value)


def test_petit_sec_may_be_played():
    result = hand_odds("tarot", 4, WEAK.replace("T2", "T1"), options={"petit_sec": "play"},
                       player=H, deals=50)
    assert (result.chosen >= 0).all()


def test_cli(tmp_path, capsys):
    plot = tmp_path / "odds.png"
    assert main(["odds", "tarot", "--hand", STRONG, "-p", H, "-d", "100", "--plot", str(plot)]) == 0
    out = capsys.readouterr().out
    assert "best bid: guard against" in out and "deal won" in out and "mean points" in out
    assert plot.read_bytes()[:4] == b"\x89PNG"
    assert main(["odds", "tarot", "--hand", STRONG, "-p", H, "-d", "20", "--trump", "S"]) == 2
    assert "does not apply" in capsys.readouterr().err
