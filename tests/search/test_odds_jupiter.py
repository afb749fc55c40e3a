"""Hand odds in Beim Jupiter (``sim/games/jupiter/odds.py``): the layout and the bid in
round 1 and in later rounds (the table, the cards gone, the zero-trick cards spent), what
the deal draws (the round's pack, a deal the rules deal again drawn anew), sure and
near-sure answers, determinism and bad input."""
import numpy as np
import pytest

from sim import odds, registry
from sim.cli import main
from sim.errors import TricksimError
from sim.games.jupiter import obs as O
from sim.games.jupiter.cards import cards_in, is_numbered, pack, parse_card
from sim.games.jupiter.odds import question
from sim.games.jupiter.round_nb import DEALT_TABLE, DEALT_UNSEEN, DEALT_ZERO
from sim.kit_nb import CH_DEAL
from sim.odds import R_CONTRACT, R_LEGAL, R_TRICKS, hand_odds
from sim.study import Study

from search.stats import chi_square, chi_square_bound

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
    (dict(hand="B1 B2"), "the hand has 2 cards; Beim Jupiter deals 13 … 6"),
    (dict(hand=LOW, players=3, fixed={1: "B8 R8", 2: "B8"}), "given twice"),
    (dict(hand=LOW, players=3, fixed={3: "B8"}), "3 players sit at seats 0 to 2"),
    (dict(hand=STRONG, round=2), "the hand has 13 cards; round 2 deals 12"),
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
    assert "round 3 deals 11" in capsys.readouterr().err


# -- later rounds ---------------------------------------------------------------------------
# Round 8, 4 players: 6 cards a hand, 5 tricks; 28 cards laid out before. The table holds five
# blue cards and two red ones: the three other layouts cannot outnumber blue, the seat's own
# layout is blue, so blue is trump whatever is laid out. The seat holds Jupiter, Juno, the blue
# God card and the three top blue numbers left (B6 … B8 are dealt to others): Jupiter, Juno
# and its two blue numbers after the layout each take their trick however they are played, so
# it takes 4 or 5 tricks in every deal (5 with the God card played as 15).
TOP = "JUP JUN BX B11 B10 B9"
TABLE8 = {1: "B1 B2", 2: "B3", 3: "B4 R1", 5: "B5 R2"}
GONE8 = " ".join([f"R{k}" for k in range(3, 12)] + [f"Y{k}" for k in range(1, 12)] + ["G1"])
# Round 5, 4 players: 9 cards a hand, counters 1 … 8; 16 cards laid out before
HAND5 = "JUP B11 B10 R11 Y9 G8 L1 BX R6"
TABLE5 = {1: "B1 R1", 2: "Y1", 4: "G1 G2", 8: "B2"}
GONE5 = "B3 B4 B5 R2 R3 R4 Y2 Y3 G3 G4"
R5 = dict(round=5, table=TABLE5, gone=GONE5)


def _question(players, hand, **facts):
    return odds.Question(**question("jupiter", players, hand, **facts))


def _deals(q, count, seed=1):
    """``count`` deals of ``q`` by the template's own deal (``odds_deal_nb``, as the kernel
    inlines it), each started: (state, hands, dealt) copies."""
    impl = registry.game("jupiter")
    deal = odds.odds_functions(impl, q.hooks).odds_deal_nb
    st, hands = impl.steps_of("").new_state_nb(q.cfg)
    work = np.zeros(len(q.pool), dtype=np.int64)
    dealt = np.zeros(len(q.fixed), dtype=np.uint64)
    rng = np.random.default_rng(seed).integers(1, 2**62, size=4).astype(np.uint64)
    for _ in range(count):
        deal(st, hands, q.cfg, q.pool, q.turn_pool, q.fixed, q.need, q.chance.copy(), work,
             dealt, rng)
        yield st.copy(), hands.copy(), dealt.copy()


def test_a_table_that_sets_the_trump_forces_the_tricks():
    """The table makes blue trump whatever is laid out (the engine's trump checked after
    every layout), so the top trumps take 4 or 5 tricks in every deal, under each layout and
    each bid; without the table the others' layouts could make another colour trump."""
    q = _question(4, TOP, round=8, table=TABLE8, gone=GONE8)
    steps = registry.game("jupiter").steps_of("")
    legal = np.zeros(256, dtype=np.int64)
    pick = np.random.default_rng(3)
    for st, hands, _ in _deals(q, 60):
        while st[O.PHASE] == O.PHASE_LAYOUT:
            count = steps.legal_actions_nb(st, hands, q.cfg, legal)
            steps.apply_nb(st, hands, q.cfg, int(pick.choice(legal[:count])))
        assert st[O.PHASE] == O.PHASE_BID and st[O.TRUMP] == 0      # blue
    for ask in ("layout", "bid"):
        result = hand_odds("jupiter", 4, TOP, player=H, deals=30, ask=ask, round=8,
                           table=TABLE8, gone=GONE8)
        played = result.out[:, :, R_LEGAL] == 1
        assert played.sum(axis=1).min() > 0
        assert set(np.unique(result.out[:, :, R_TRICKS][played])) <= {4, 5}
    assert result.question.actions == ["zero", "1", "2", "3", "4", "5", "1 locked", "2 locked",
                                       "3 locked", "4 locked", "5 locked"]
    assert result.question.hand_size == 6 and "round 8 (6 cards)" in result.heading()


@pytest.mark.parametrize("players, round_no", [(3, 3), (4, 5), (5, 8)])
def test_the_pack_of_a_later_round(players, round_no):
    """A random table of a later round as its facts: the deal starts that round with that
    table and those zero-trick cards; every hand is the round's size and holds a numbered
    card, and no card of the table, the cards gone or the hand is dealt to another seat:
    the hands and the card unseen are the round's pack, less the hand, each card once."""
    impl = registry.game("jupiter")
    study = Study.create("jupiter", players=players, boards=1)
    rng = np.random.default_rng(players)
    while True:
        dealt0, chance0 = impl.random_deal(study, rng)
        if chance0[CH_DEAL] + 1 == round_no:
            break
    n, size = players, 14 - round_no
    hand = cards_in(dealt0[0], dealt0[1])
    table = {k: cards_in(dealt0[DEALT_TABLE + k]) for k in range(1, 14 - round_no)
             if dealt0[DEALT_TABLE + k]}
    on_table = {c for cards in table.values() for c in cards}
    round_pack = set(cards_in(dealt0[DEALT_UNSEEN], dealt0[DEALT_UNSEEN + 1]))
    for s in range(n):
        round_pack |= set(cards_in(dealt0[2 * s], dealt0[2 * s + 1]))
    gone = sorted(set(pack(n)) - round_pack - on_table)
    spent = [s for s in range(n) if not int(dealt0[DEALT_ZERO]) >> s & 1]
    q = _question(n, hand, table=table, gone=gone, zero_spent=spent, dealer=n - 1)
    assert q.round == round_no and sorted(q.pool) == sorted(round_pack - set(hand))
    for st, hands, dealt in _deals(q, 200, seed=round_no):
        assert st[O.ROUND] == round_no and st[O.PHASE] == O.PHASE_LAYOUT
        assert st[O.ZERO_UNUSED] == int(dealt0[DEALT_ZERO])
        assert [st[O.TABLE + k] for k in range(1, 13)] == \
            [int(dealt0[DEALT_TABLE + k]) for k in range(1, 13)]
        held = [cards_in(hands[2 * s], hands[2 * s + 1]) for s in range(n)]
        unseen = cards_in(dealt[DEALT_UNSEEN], dealt[DEALT_UNSEEN + 1])
        assert held[0] == sorted(hand) and len(unseen) == (0 if n == 5 else 1)
        assert all(len(h) == size and any(is_numbered(c) for c in h) for h in held)
        every = [c for h in held for c in h] + unseen
        assert len(every) == len(set(every)) and set(every) == round_pack
        assert cards_in(st[O.PACK], st[O.PACK + 1]) == sorted(round_pack)


def test_a_deal_the_rules_deal_again_is_drawn_again():
    """Seat 1 is given five cards without a number: its sixth is L3 (the last card without
    one) in 1 deal in 14, which the rules would deal again. Every deal is drawn anew until it
    stands, uniformly: seat 1's sixth card is each of the 13 numbered cards left about
    equally often, never L3, and no deal of the odds is lost."""
    fixed = {1: "RX YX GX L1 L2"}
    q = _question(4, TOP, round=8, table=TABLE8, gone=GONE8, fixed=fixed)
    given = set(cards_in(q.fixed[2], q.fixed[3]))
    sixth = [c for _, hands, _ in _deals(q, 1300) for c in cards_in(hands[2], hands[3])
             if c not in given]
    numbered = sorted(c for c in q.pool if is_numbered(c))
    assert len(sixth) == 1300 and len(numbered) == 13 and set(sixth) <= set(numbered)
    stat, df = chi_square([sixth.count(c) for c in numbered])
    assert stat < chi_square_bound(df)
    result = hand_odds("jupiter", 4, TOP, player=H, deals=20, round=8, table=TABLE8,
                       gone=GONE8, fixed=fixed)
    assert (result.chosen >= 0).all()


def test_the_bids_of_a_later_round():
    """Round 5: the counters 1 … 8, locked or not, and the zero-trick card only while the
    seat's is unspent; another seat's spent card changes none of the seat's options."""
    bids = [str(k) for k in range(1, 9)] + [f"{k} locked" for k in range(1, 9)]
    assert _question(4, HAND5, ask="bid", **R5).actions == ["zero", *bids]
    assert _question(4, HAND5, ask="bid", zero_spent=[2], **R5).actions == ["zero", *bids]
    result = hand_odds("jupiter", 4, HAND5, player=H, deals=20, ask="bid", zero_spent=[0, 2],
                       **R5)
    assert result.question.actions == bids
    played = result.out[:, :, R_LEGAL] == 1
    assert played.all() and (result.chosen >= 0).all()
    assert set(np.unique(result.out[:, :, R_CONTRACT])) == set(range(1, 9))
    assert set(np.unique(result.out[:, :, R_TRICKS])) <= set(range(9))


def test_a_later_round_same_seed_same_results(monkeypatch):
    a = hand_odds("jupiter", 4, HAND5, player=H, deals=40, seed=7, scores=[9, 0, 12, 3], **R5)
    monkeypatch.setattr(odds, "CHUNK_DEALS", 15)
    b = hand_odds("jupiter", 4, HAND5, player=H, deals=40, seed=7, scores=[9, 0, 12, 3],
                  jobs=2, **R5)
    assert np.array_equal(a.out, b.out) and np.array_equal(a.chosen, b.chosen)
    assert a.question.chance[4:8].tolist() == [9, 0, 12, 3]


# 3 players, round 8: 21 cards laid out before; with the hand and seat 1's five numbered
# cards no numbered card is left for seat 2
GONE3 = " ".join([f"B{k}" for k in range(2, 9)] + [f"R{k}" for k in range(1, 9)]
                 + [f"Y{k}" for k in range(1, 6)])
BAD_LATER = [
    (dict(round=9), "round 9 is not a round of Beim Jupiter: rounds 1 … 8"),
    (dict(hand=STRONG), "the hand has 13 cards; round 5 deals 9"),
    (dict(hand="JUP JUN L1 L2 L3 BX RX YX GX"), "no numbered colour card"),
    (dict(table={**TABLE5, 9: "B6"}), "counter 9 is not in play in round 5"),
    (dict(table={0: "B6"}), "counter 0 is not in play"),
    (dict(table="B6"), "give the cards beside each counter"),
    (dict(table={**TABLE5, 3: "JUN"}), "JUN in the table at counter 3 was never laid out"),
    (dict(gone=GONE5 + " B12"), "B12 in the cards gone is not in the pack of 4 players"),
    (dict(table={**TABLE5, 3: "B11"}), "given twice (in the hand and in the table"),
    (dict(gone=GONE5 + " Y1"), "in the table at counter 2 and in the cards gone"),
    (dict(gone=GONE5.replace(" G4", "")), "16 cards were laid out in the earlier rounds"),
    (dict(gone=GONE5 + " G5"), "the table and the cards gone hold 17"),
    (dict(zero_spent=[4]), "seat 4 is not at the table"),
    (dict(zero_spent="1,1"), "seat 1 is given twice"),
    (dict(scores=[1, 2]), "give the victory points so far, 4 whole numbers"),
    (dict(scores=[10, 10, 10, 4]), "more than the numbers on the cards gone (33)"),
    (dict(dealer=4), "dealer 4 is not at the table"),
    (dict(fixed={2: "JUN L2 L3 RX YX GX B6 R5 Y4 Y5"}),
     "seat 2 is given 10 cards; round 5 deals 9"),
    (dict(hand=TOP, round=8, table=TABLE8, gone=GONE8, fixed={1: "RX YX GX L1 L2 L3"}),
     "seat 1 is given 6 cards without a numbered colour card"),
    (dict(players=3, hand="G1 G2 G3 G4 G5 G6", round=8, table={1: "B1"}, gone=GONE3,
          fixed={1: "Y6 Y7 Y8 G7 G8", 2: "RX"}),
     "seat 2 holds no numbered colour card yet and 0 are left to deal"),
    (dict(hand=STRONG, round=1, table={1: "Y6"}, gone=None), "round 1 starts afresh"),
    (dict(hand=STRONG, round=1, table=None, gone=None, zero_spent=[1]), "round 1 starts afresh"),
]


@pytest.mark.parametrize("kwargs, words", BAD_LATER, ids=[w for _, w in BAD_LATER])
def test_bad_facts_of_a_later_round_are_a_one_line_error(kwargs, words):
    kwargs = {"players": 4, "hand": HAND5, "deals": 5, "player": H, **R5, **kwargs}
    with pytest.raises(TricksimError) as err:
        hand_odds("jupiter", kwargs.pop("players"), kwargs.pop("hand"), **kwargs)
    assert words in str(err.value) and "\n" not in str(err.value)


def test_cli_a_later_round(capsys):
    table = [f"--table={k}={cards}" for k, cards in TABLE5.items()]
    assert main(["odds", "jupiter", "--round", "5", "--hand", HAND5, *table, "--gone", GONE5,
                 "--zero-spent", "0", "--scores", "9,0,12,3", "--ask", "bid", "-p", H,
                 "-d", "10", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "round 5 (9 cards), 10 cards gone, zero-trick card spent by seat 0" in out
    assert "4: G1 G2; 8: B2" in out and "\n  8 locked" in out and "\n  zero" not in out
    assert main(["odds", "jupiter", "--round", "5", "--hand", HAND5, "--table", "x"]) == 2
    assert "not of the form COUNTER=CARDS" in capsys.readouterr().err
    assert main(["odds", "wizard", "--hand", "Z1 HA HK S5", "--gone", "B1"]) == 2
    assert "wizard: --gone does not apply" in capsys.readouterr().err
