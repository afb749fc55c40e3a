"""Hand odds (``sim/odds.py``): exact one-card odds, determinism, fixed cards, the
best option, and every bad input as a one-line error."""
from math import comb

import numpy as np
import pytest

from sim.cli import main
from sim.errors import TricksimError
from sim import odds
from sim.odds import hand_odds

# A Wilson interval at most 0.022 wide: a rule off by one card in the counts below falls
# outside it. A 95 % interval misses one time in twenty: the seed is one where none of the
# nine cases does (seeds 0 to 5 all pass; 400,000 deals a case put every estimate within
# 0.75 standard errors of the exact value).
DEALS = 8000
SEED = 1


def _won(result) -> tuple[float, float]:
    """The interval of the share of deals in which the seat takes its one trick."""
    row = result.tricks().set_index("tricks").loc[1]
    return row.lo, row.hi


# The leader of round 1 with one card, the turned card fixed (H5: hearts are trump).
# Out of the 58 cards unseen the other n - 1 seats hold n - 1 at random; the lead
# takes the trick iff none of them holds a card that beats it (docs/rules.md):
#   a Wizard: always;
#   a Jester: only when every other card is a Jester (3 left);
#   the king of trumps: beaten by the 4 Wizards and the trump ace: 53 good cards;
#   the spade 2: beaten by the Wizards, the 12 trumps left, the 12 higher spades: 30 good
#   (the 4 Jesters and the 26 diamonds and clubs).
H = "heuristic"       # the machinery's tests: the quick player
CASES = [("Z1", None), ("N1", 3), ("HK", 53), ("S2", 30)]


@pytest.mark.parametrize("players", [3, 6])
@pytest.mark.parametrize("card, good", CASES)
def test_one_card_leader_exact(players, card, good):
    # with one card a hand every card is forced: the deal alone (its own stream, whatever the
    # players) decides the trick, so the quick player gives the search player's counts
    result = hand_odds("wizard", players, card, turned="H5", player=H, deals=DEALS, seed=SEED)
    exact = 1.0 if good is None else comb(good, players - 1) / comb(58, players - 1)
    lo, hi = _won(result)
    assert lo <= exact <= hi
    assert hi - lo < 0.03


def test_no_trump_means_a_jester_turned():
    # S2 under no trump (a Jester turned, drawn among the 4): of the 58 cards left, the
    # 4 Wizards and the 12 higher spades beat it
    result = hand_odds("wizard", 3, "S2", trump="none", player=H, deals=DEALS, seed=SEED)
    lo, hi = _won(result)
    assert lo <= comb(42, 2) / comb(58, 2) <= hi


def test_same_seed_same_results_whatever_the_chunks(monkeypatch):
    a = hand_odds("wizard", 4, "Z1 HA S5 N1", player=H, deals=3000, seed=5)
    monkeypatch.setattr(odds, "CHUNK_DEALS", 700)
    b = hand_odds("wizard", 4, "Z1 HA S5 N1", player=H, deals=3000, seed=5, jobs=2)
    assert np.array_equal(a.out, b.out) and np.array_equal(a.chosen, b.chosen)
    c = hand_odds("wizard", 4, "Z1 HA S5 N1", player=H, deals=3000, seed=6)
    assert not np.array_equal(a.out, c.out)


def test_the_search_player_is_the_same_whatever_the_chunks_and_threads(monkeypatch):
    """pimc (the default player) draws its worlds from each decision's own draw."""
    a = hand_odds("wizard", 4, "Z1 HA S5 N1", player="pimc[worlds=4]", deals=120, seed=5)
    monkeypatch.setattr(odds, "SEARCH_CHUNK_DEALS", 7)
    b = hand_odds("wizard", 4, "Z1 HA S5 N1", player="pimc[worlds=4]", deals=120, seed=5, jobs=2)
    assert np.array_equal(a.out, b.out) and np.array_equal(a.chosen, b.chosen)
    assert a.player == "pimc[worlds=4]"


def test_fixed_cards_stay_with_their_seat():
    # seat 1 holds the trump ace: the king led never takes the trick
    beaten = hand_odds("wizard", 3, "HK", turned="H5", fixed={1: "HA"}, player=H, deals=500)
    assert beaten.tricks().set_index("tricks").loc[0, "share"] == 1.0
    # both others hold Jesters: the 2 led always takes it
    kept = hand_odds("wizard", 3, "S2", turned="H5", fixed={1: ["N1"], 2: "N2"}, player=H,
                     deals=500)
    assert kept.tricks().set_index("tricks").loc[1, "share"] == 1.0
    # part of a hand fixed: seat 2 holds Z2 and is dealt one card more, from the others
    part = hand_odds("wizard", 3, "Z1 N1", fixed={2: "Z2"}, deals=50).question
    assert list(part.need) == [0, 2, 1] and 53 not in part.pool and 52 not in part.pool
    assert part.fixed[2] == 1 << 53


def test_best_bid_of_four_wizards():
    result = hand_odds("wizard", 4, "Z1 Z2 Z3 Z4", deals=100)
    assert result.best == "4"
    table = result.options().set_index("bid")
    assert table.loc["4", "score"] == 60 and table.loc["4", "chosen"] == 1.0


def test_trump_choice_of_the_dealer_after_a_wizard():
    result = hand_odds("wizard", 4, "SA SK SQ SJ", seat=0, dealer=0, turned="Z1", player=H,
                       deals=1000)
    assert result.question.decision == "trump" and result.best == "S"
    fixed = hand_odds("wizard", 4, "SA SK SQ SJ", seat=0, dealer=0, turned="Z1", trump="S",
                      player=H, deals=1000)
    assert fixed.question.decision == "bid"
    assert fixed.summary().set_index("quantity").loc["tricks", "estimate"] == pytest.approx(
        result.summary().set_index("quantity").loc["tricks", "estimate"], abs=0.2)


def test_oh_hell_top_trumps():
    result = hand_odds("oh_hell", 5, "SA SK", trump="S", deals=200)
    assert result.best == "2"
    assert result.tricks().set_index("tricks").loc[2, "share"] == 1.0


def test_a_users_player():
    result = hand_odds("wizard", 3, "Z1 N1", player="strategies.examples:GREEDY", deals=200)
    assert result.player == "strategies.examples:GREEDY"
    assert (result.chosen >= 0).all()


BAD = [
    (dict(hand="SX"), "unknown card"),
    (dict(hand="SA SA"), "given twice"),
    (dict(hand="SA SK", round=1), "the hand has 2 cards"),
    (dict(hand=" ".join(f"S{r}" for r in "23456789TJQ"), players=6), "deals 1 to 10"),
    (dict(hand="SA", turned="SA"), "given twice"),
    (dict(hand="SA", turned="H5", fixed={1: "H5"}), "given twice"),
    (dict(hand="SA", turned="H5", trump="S"), "contradicts"),
    (dict(hand="SA", turned="N2", trump="H"), "contradicts"),
    (dict(hand="SA", turned="Z2", trump="none"), "contradicts"),
    (dict(hand="SA", seat=4), "not at the table"),
    (dict(hand="SA", dealer=-1), "not at the table"),
    (dict(hand="SA", round=16), "rounds 1 to 15"),
    (dict(hand="SA", player="nosuch"), "unknown player"),
    (dict(hand="SA", deals=0), "deals"),
    (dict(hand="SA", deals=-5), "deals"),
    (dict(hand="SA", fixed={0: "HA"}), "the asking seat"),
    (dict(hand="SA", fixed={7: "HA"}), "fixed cards for seat 7"),
    (dict(hand="SA", fixed={1: "HA HK"}), "is given 2 cards"),
    (dict(hand="SA", turned="none"), "a card is turned"),
    (dict(hand="SA", trump="X"), "unknown trump"),
    (dict(hand="SA", scores=[1, 2]), "one total a seat"),
    (dict(hand="SA", players=7), "3 to 6 players"),
    (dict(hand="SA", options={"nonsense": 1}), "unknown option"),
    (dict(game="oh_hell", hand="Z1"), "unknown card"),
    (dict(game="oh_hell", hand="SA", trump="none"), "Oh Hell has no trump only"),
    (dict(hand="SA", fixed={1: "N1", 2: "N2", 3: "N3"}, turned="N4", trump="S"), "contradicts"),
    (dict(hand="N1", fixed={1: "N2", 2: "N3", 3: "N4"}, trump="none"), "no Jester is left"),
]


@pytest.mark.parametrize("kwargs, words", BAD, ids=[w for _, w in BAD])
def test_bad_input_is_a_one_line_error(kwargs, words):
    kwargs = {"game": "wizard", "players": 4, "deals": 10, **kwargs}
    with pytest.raises(TricksimError) as err:
        hand_odds(kwargs.pop("game"), kwargs.pop("players"), kwargs.pop("hand"), **kwargs)
    assert words in str(err.value) and "\n" not in str(err.value)


def test_a_game_without_hand_odds(monkeypatch):
    """A game whose family has no facts module: a one-line error naming those that have."""
    monkeypatch.setattr(odds, "FACTS", {k: v for k, v in odds.FACTS.items() if k != "wizard"})
    with pytest.raises(TricksimError) as err:
        hand_odds("oh_hell", 4, "SA", deals=10)
    text = str(err.value)
    assert "no hooks" in text and "games with hand odds: " in text and "\n" not in text
    assert "tarot" in text and "oh_hell" not in text.split("games with hand odds: ")[1]


def test_cli_prints_and_plots(tmp_path, capsys):
    plot = tmp_path / "odds.png"
    assert main(["odds", "wizard", "--hand", "Z1 Z2", "-n", "3", "--deals", "200",
                 "--plot", str(plot)]) == 0
    out = capsys.readouterr().out
    assert "best bid: 2" in out
    assert plot.read_bytes()[:4] == b"\x89PNG" and [p.name for p in tmp_path.iterdir()] == ["odds.png"]
    assert main(["odds", "wizard", "--hand", "HK", "--trump", "H5", "--json", "-d", "50"]) == 0
    assert '"trump": "turned card H5"' in capsys.readouterr().out


@pytest.mark.parametrize("argv, words", [
    (["--hand", "SA", "--plot", "/nonexistent-folder/x.png"], "no folder"),
    (["--hand", "SA", "--fixed", "one=HA"], "SEAT=CARDS"),
    (["--hand", "SA", "--trump", "H5", "--turned", "D3"], "give the turned card once"),
    (["--hand", "SA", "--scores", "a,b,c,d"], "whole numbers"),
    (["--hand", "SA SA"], "given twice"),
])
def test_cli_bad_input(argv, words, capsys):
    assert main(["odds", "wizard", "-d", "10", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and "\n" not in err
