"""The exact solver for French Tarot (sim/games/tarot/search_nb.py) against plain minimax."""
import numpy as np
import pytest

from sim.games.tarot import obs as O
from sim.games.tarot.cards import EXCUSE, TRUMP_1, parse_card
from sim.games.tarot.cfg import config
from sim.games.tarot.game import TAROT_GAME
from sim.games.tarot.positions import late_trick
from sim.search.solve import Solver, solve_position

POSITIONS = 1000        # random small positions (3, 4 and 5 players, both Excuse options)
EXCHANGES = ("fft", "none")
# a close pack: two suits' low spots and faces, the oudlers and trumps next to them, so
# that follows, overtrumps, equal-point runs and the Excuse come up often
CLOSE = [parse_card(c) for c in "S1 S2 S3 S4 SJ SN SQ SK H1 H2 H9 H10 HJ HQ HK "
                                "T1 T2 T3 T4 T11 T12 T19 T20 T21 EX".split()]


def _camp(st):
    camp = 1 << int(st[O.TAKER])
    return camp | (1 << int(st[O.PARTNER]) if st[O.PARTNER] >= 0 else 0)


def _position(solver, rng, players):
    """A random small position: 2-4 cards a hand from the whole pack or the close one, a
    random leader, taker (and partner or none in 5 players), earlier tricks all the
    taker's, none or some, then random legal cards played (a start mid-trick as often as
    not); the side the taker's camp or the defence."""
    size = int(rng.integers(2, 5 if players < 5 else 4))
    deck = CLOSE if rng.random() < 0.5 else list(range(78))
    if rng.random() < 0.5:       # the Excuse in play half the time
        deck = [c for c in deck if c != EXCUSE] + [EXCUSE]
        order = [EXCUSE] + list(rng.permutation(deck[:-1]))[:players * size - 1]
        order = list(rng.permutation(order))
    else:
        order = list(rng.permutation(deck))
    hands = [[int(c) for c in order[s * size:(s + 1) * size]] for s in range(players)]
    taker = int(rng.integers(players))
    partner = -1
    if players == 5 and rng.random() < 0.75:
        partner = int((taker + rng.integers(1, players)) % players)
    no = {3: 24, 4: 18, 5: 15}[players] - size
    won = int(rng.choice([0, no, int(rng.integers(0, no + 1))]))
    st, h = late_trick(TAROT_GAME, solver.cfg, hands, int(rng.integers(players)), taker, partner,
                       taker_tricks=won, taker_points=int(rng.integers(0, 100)))
    steps = TAROT_GAME.steps
    played = int(rng.integers(players if size == 4 else 0, players * size))
    moves = np.zeros(128, dtype=np.int64)
    for _ in range(played):
        n = steps.legal_actions_nb(st, h, solver.cfg, moves)
        steps.apply_nb(st, h, solver.cfg, int(moves[rng.integers(n)]))
    camp = _camp(st)
    side = camp if rng.random() < 0.5 else ((1 << players) - 1) ^ camp
    return st, h, side


def _solvers():
    return {(p, x): Solver(TAROT_GAME, config(p, {"excuse_exchange": x}), table_bits=12)
            for p in (3, 4, 5) for x in EXCHANGES}


def test_solver_agrees_with_minimax():
    rng = np.random.default_rng(19)
    solvers = _solvers()
    for i in range(POSITIONS):
        players = int(rng.integers(3, 6))
        solver = solvers[players, EXCHANGES[int(rng.integers(2))]]
        st, h, side = _position(solver, rng, players)
        if TAROT_GAME.steps.is_over_nb(st):
            continue
        assert solver.value(st, h, side) == solver.minimax(st, h, side), i


def test_solve_position_gives_every_card_its_value():
    rng = np.random.default_rng(7)
    solver = Solver(TAROT_GAME, config(4, {}), table_bits=12)
    steps = TAROT_GAME.steps
    moves = np.zeros(128, dtype=np.int64)
    for _ in range(50):
        st, h, side = _position(solver, rng, 4)
        if steps.is_over_nb(st):
            continue
        values = solve_position(TAROT_GAME, st, h, solver.cfg, side=side, solver=solver)
        n = steps.legal_actions_nb(st, h, solver.cfg, moves)
        assert sorted(values) == sorted(int(m) for m in moves[:n])
        for card, value in values.items():
            s2, h2 = st.copy(), h.copy()
            steps.apply_nb(s2, h2, solver.cfg, card)
            won = int(solver.hooks.solve_value_nb(s2, side) - solver.hooks.solve_value_nb(st, side))
            rest = 0 if steps.is_over_nb(s2) else solver.minimax(s2, h2, side)
            assert value == won + rest
        best = max if (side >> int(st[O.SEAT])) & 1 else min
        assert best(values.values()) == solver.value(st, h, side)


def _cards(text):
    return [parse_card(c) for c in text.split()]


@pytest.mark.parametrize("exchange, kept", [("fft", 8), ("none", 9)])
def test_the_excuse_played_early_is_kept_less_the_exchange(exchange, kept):
    """3 players, two tricks left, the taker alone (seat 0) leads: the defence holds the
    Excuse and plays it to the first trick it cannot win; the taker's T21 takes both."""
    solver = Solver(TAROT_GAME, config(3, {"excuse_exchange": exchange}), table_bits=12)
    hands = [_cards("T21 T20"), _cards("EX S1"), _cards("S2 S3")]
    st, h = late_trick(TAROT_GAME, solver.cfg, hands, 0, 0, taker_tricks=5)
    # left: T21 9, T20 1, EX 9, S1 1, S2 1, S3 1 = 22 half-points
    assert solver.hooks.solve_left_nb(st) == 22
    # the taker takes both tricks: all but the Excuse's ``kept``
    assert solver.value(st, h, 0b001) == solver.minimax(st, h, 0b001) == 22 - kept
    assert solver.value(st, h, 0b110) == solver.minimax(st, h, 0b110) == kept


def test_the_excuse_takes_the_last_trick_of_a_slam():
    """The taker has won every trick and leads his T21, then the Excuse to the last trick:
    it takes it; with a trick lost before, the last trick goes to the defence's T1."""
    solver = Solver(TAROT_GAME, config(3, {}), table_bits=12)
    hands = [_cards("T21 EX"), _cards("T1 S1"), _cards("S2 S3")]
    st, h = late_trick(TAROT_GAME, solver.cfg, hands, 0, 0)
    assert solver.value(st, h, 0b001) == solver.minimax(st, h, 0b001) == 9 + 1 + 1 + 9 + 9 + 1
    st, h = late_trick(TAROT_GAME, solver.cfg, hands, 0, 0, taker_tricks=3)
    assert solver.minimax(st, h, 0b001) == solver.value(st, h, 0b001)


@pytest.mark.parametrize("taker_tricks, taker_gets", [(0, 0), (5, 9 + 9 + 1)])
def test_the_defences_excuse_takes_the_last_trick_over_the_21(taker_tricks, taker_gets):
    """The last trick: the taker leads his T21 (a quick trick), the defence plays the
    Excuse; having won every trick before, the defence takes it all."""
    solver = Solver(TAROT_GAME, config(3, {}), table_bits=12)
    hands = [_cards("T21"), _cards("EX"), _cards("S1")]
    st, h = late_trick(TAROT_GAME, solver.cfg, hands, 0, 0, taker_tricks=taker_tricks)
    assert solver.minimax(st, h, 0b001) == taker_gets
    assert solver.value(st, h, 0b001) == taker_gets
    assert solver.value(st, h, 0b110) == 19 - taker_gets


def test_equal_point_cards_merge_and_unequal_ones_do_not():
    """T1 lies next to T2 but is worth 9 and T2 one: a move of its own. T2, T3 and T4 (the
    same worth, nothing live between) are one move, the highest."""
    solver = Solver(TAROT_GAME, config(3, {}), table_bits=12)
    hands = [_cards("T1 T2 T3 T4"), _cards("S1 S2 S3 S4"), _cards("H1 H2 H3 T5")]
    st, h = late_trick(TAROT_GAME, solver.cfg, hands, 0, 0)
    moves = np.zeros(64, dtype=np.int64)
    n = solver.hooks.solve_moves_nb(st, h, solver.cfg, 0b001, -1, moves)
    assert sorted(int(m) for m in moves[:n]) == [TRUMP_1, TRUMP_1 + 3]
    assert solver.value(st, h, 0b001) == solver.minimax(st, h, 0b001)


# -- tricksim solve on a Tarot record --------------------------------------------------

def _record():
    """A 4-player deal played out by the lowest legal card; seat 1 takes (a Guard)."""
    from tarot.helpers import bids, play_out, record    # tests/tarot: tests/ is on the path
    rec = record(4, {1: "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 EX SK"},
                 decisions=bids("pass", "guard", "pass", "pass"))
    rec["decisions"].append({"seat": 1, "kind": "discard",
                             "value": [c for c in rec["extra"]["dog"]
                                       if c[0] in "SHDC" and not c.endswith("K")][:6]})
    play_out(rec)
    return rec


def test_the_last_tricks_of_a_record_are_valued_as_plain_minimax_values_them():
    from sim.games.tarot.replay import play_positions
    from sim.search.analyse import solve_record, solve_text
    rec = _record()
    analysis = solve_record(rec, last=3)
    assert analysis["unit"] == "half-points"
    cfg, plays = play_positions("tarot", rec)
    plays = plays[-12:]                       # the last three tricks, four cards each
    assert [p["number"] for p in analysis["positions"]] == [number for number, *_ in plays]
    solver = Solver(TAROT_GAME, cfg, table_bits=12)
    steps = TAROT_GAME.steps
    moves = np.zeros(128, dtype=np.int64)
    for position, (number, seat, st, hands, card) in zip(analysis["positions"], plays):
        side = int(solver.hooks.solve_side_nb(st, seat))
        assert (side >> int(st[O.TAKER])) & 1 == (seat == int(st[O.TAKER]))
        base = int(solver.hooks.solve_value_nb(st, side))
        expected = {}
        for action in moves[:steps.legal_actions_nb(st, hands, cfg, moves)]:
            s2, h2 = st.copy(), hands.copy()
            steps.apply_nb(s2, h2, cfg, int(action))
            rest = 0 if steps.is_over_nb(s2) else solver.minimax(s2, h2, side)
            expected[int(action)] = int(solver.hooks.solve_value_nb(s2, side)) - base + rest
        assert list(position["values"].values()) == [expected[a] for a in sorted(expected)]
        assert position["loss"] == position["best"] - expected[card] >= 0
    text = solve_text(analysis)
    assert "in half-points the seat's camp secures" in text
    assert "half-points lost to the best play:" in text


def test_a_tarot_record_that_plays_no_card_is_a_clear_error():
    from sim.errors import TricksimError
    from sim.search.analyse import solve_record
    rec = _record()
    no_play = {**rec, "decisions": [d for d in rec["decisions"] if d["kind"] != "play"]}
    with pytest.raises(TricksimError, match="plays no card"):
        solve_record(no_play)
    with pytest.raises(TricksimError, match="no card in the deal's last 0 tricks"):
        solve_record(rec, last=0)
