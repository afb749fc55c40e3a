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
from sim.kit_nb import CH_DEALER, CH_SIZE
from sim.odds import hand_odds
from strategies.registry import resolve

H = "heuristic"
STRONG = "T21 T20 T19 T18 T17 T16 T15 T14 T13 EX T1 SK HK DK CK SQ HQ DQ"
WEAK = "S1 S2 S3 S4 S5 H1 H2 H3 H4 H5 D1 D2 D3 D4 C1 C2 C3 T2"


def _by_hand(hand: str, deals: int, seed: int) -> np.ndarray:
    """The asking seat's score of ``deals`` deals dealt and played here, apart from the odds
    machinery: the rest of the pack shuffled by numpy, each decision through the step
    interface by the heuristic (seat 0 holds ``hand``, seat 3 deals)."""
    game = registry.game("tarot")
    steps = game.steps_of("")
    player = resolve("tarot", H, "tarot")
    params = player.params()
    cfg = config(4, registry.info("tarot").validate({}))
    own = [parse_card(c) for c in hand.split()]
    rest = np.array([c for c in range(78) if c not in own])
    rng = np.random.default_rng(seed)
    obs = np.zeros(game.steps_module("").OBS_SIZE, dtype=np.int64)
    scores, out = [], np.zeros(8, dtype=np.int64)
    draw = 0
    while len(scores) < deals:
        order = rng.permutation(rest)
        holders = [own] + [list(order[18 * k:18 * k + 18]) for k in range(3)] + [list(order[54:])]
        dealt = np.zeros(10, dtype=np.uint64)
        for h, cards in enumerate(holders):
            for c in cards:
                dealt[2 * h + (int(c) >> 6)] |= np.uint64(1) << np.uint64(int(c) & 63)
        chance = np.zeros(CH_SIZE, dtype=np.int64)
        chance[CH_DEALER] = 3
        st, hands = steps.new_state_nb(cfg)
        steps.start_deal_nb(st, hands, cfg, dealt, chance)
        if steps.is_over_nb(st):        # another seat's petit sec: dealt again
            continue
        while not steps.is_over_nb(st):
            draw += 1
            steps.observation_nb(st, hands, cfg, draw, obs)
            steps.apply_nb(st, hands, cfg, player.decide(obs, params))
        steps.result_nb(st, cfg, out)
        scores.append(int(out[0]))
    return np.array(scores)


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
    # the seat bids first, so every bid is open to it in every deal played; the deals where
    # another seat holds the Petit alone (the 1, 2 and 3 of trumps are the others' only
    # trumps) are dealt again and do not count
    played = int((result.chosen >= 0).sum())
    assert 0 < played < 300 and (table["deals"] == played).all()
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
