"""The exact solver for Jass (sim/games/jass/search_nb.py) against plain minimax, and
``tricksim solve`` on Jass records."""
import numpy as np
import pytest

from sim import registry
from sim.errors import TricksimError
from sim.games.jass.cfg import config
from sim.games.jass.positions import first_trick, random_position
from sim.games.jass.replay import play_positions
from sim.replay import load
from sim.search.analyse import solve_record, solve_text
from sim.search.solve import Solver, solve_position

from .test_solve_record import RECORDS

POSITIONS = 1000        # random small positions a variant (2,000 in all)
JASS = registry.game("jass")
SCHIEBER = RECORDS / "jass" / "records" / "schieber_push_weis.json"
DIFFERENZLER = RECORDS / "jass" / "records" / "differenzler_deal.json"
# sides: one seat, a team, and sets that are neither
SIDES = (1, 2, 4, 8, 0b101, 0b1010, 0b11, 0b110, 0b111)


def _position(cfg, rng, claims):
    """A random deal of a random mode played on by random legal cards to 1-4 cards a hand,
    then 0-3 cards into the next trick (3 at 4 cards, to keep minimax small): tricks
    already taken (a match open or not), starts mid-trick, point-free cards side by side
    (merged) and apart."""
    cards = int(rng.integers(1, 5))
    more = int(rng.integers(0, 4)) if cards < 4 else 3
    return random_position(JASS, cfg, rng, cards, more, claims=claims)


@pytest.mark.parametrize("variant", ["schieber", "differenzler"])
def test_solver_agrees_with_minimax(variant):
    rng = np.random.default_rng(19 if variant == "schieber" else 20)
    # a low target: claims are offered after tricks (the solver declines them)
    solvers = [Solver(JASS, config(variant, 4, options), variant, table_bits=10)
               for options in ({}, {"target": 300} if variant == "schieber" else {})]
    for i in range(POSITIONS):
        solver = solvers[i % 2]
        st, h = _position(solver.cfg, rng, claims=i % 2 == 1)
        side = SIDES[int(rng.integers(len(SIDES)))]
        assert solver.value(st, h, side) == solver.minimax(st, h, side), (variant, i)


@pytest.mark.parametrize("variant", ["schieber", "differenzler"])
def test_solve_position_gives_every_card_its_minimax_value(variant):
    rng = np.random.default_rng(7)
    solver = Solver(JASS, config(variant, 4, {}), variant, table_bits=10)
    steps = JASS.steps_of(variant)
    moves = np.zeros(128, dtype=np.int64)
    for _ in range(40):
        st, h = _position(solver.cfg, rng, claims=False)
        side = SIDES[int(rng.integers(len(SIDES)))]
        values = solve_position(JASS, st, h, solver.cfg, side=side, solver=solver)
        base = int(solver.hooks.solve_value_nb(st, side))
        n = steps.legal_actions_nb(st, h, solver.cfg, moves)
        assert sorted(values) == sorted(int(m) for m in moves[:n])
        for action, value in values.items():
            s2, h2 = st.copy(), h.copy()
            steps.apply_nb(s2, h2, solver.cfg, action)
            rest = 0 if steps.is_over_nb(s2) else solver.minimax(s2, h2, side)
            assert value == int(solver.hooks.solve_value_nb(s2, side)) - base + rest


def test_the_match_bonus_is_the_sides_value_in_schieber_only():
    # seat 0 (leads) holds every trump of Roses and seat 2 every Ace: team 0 takes all nine
    cards = [[0, 1, 2, 3, 4, 5, 6, 7, 8], [9, 10, 11, 12, 13, 18, 19, 20, 21],
             [17, 26, 35, 14, 15, 16, 22, 23, 24], [25, 27, 28, 29, 30, 31, 32, 33, 34]]
    hands = [sum(1 << c for c in hand) for hand in cards]
    for variant, match in (("schieber", 100), ("differenzler", 0)):
        solver = Solver(JASS, config(variant, 4, {}), variant, table_bits=10)
        st, h = first_trick(JASS, solver.cfg, hands, dealer=3, mode=0)
        assert solver.value(st, h, 0b101) == 157 + match
        assert solver.value(st, h, 0b1010) == 0


def test_a_records_late_cards_are_valued_as_plain_minimax_values_them():
    record = load(DIFFERENZLER)
    cfg, plays = play_positions("jass", record)
    solver = Solver(JASS, cfg, table_bits=10)
    steps = JASS.steps_of()
    late = [p for p in plays if int(p[3][p[1]]).bit_count() <= 3]
    assert len(late) == 12
    for number, seat, st, hands, card in late:
        side = int(solver.hooks.solve_side_nb(st, seat))
        assert side == 1 << seat
        values = solve_position(JASS, st, hands, cfg, side=side, solver=solver)
        assert card in values
        for action, value in values.items():
            s2, h2 = st.copy(), hands.copy()
            steps.apply_nb(s2, h2, cfg, action)
            rest = 0 if steps.is_over_nb(s2) else solver.minimax(s2, h2, side)
            assert value == int(solver.hooks.solve_value_nb(s2, side)) - \
                int(solver.hooks.solve_value_nb(st, side)) + rest


def test_a_schieber_seat_plays_for_its_team():
    cfg, plays = play_positions("jass", load(SCHIEBER))
    hooks = Solver(JASS, cfg, table_bits=4).hooks
    assert [number for number, *_ in plays] == list(range(6, 19))
    assert {int(hooks.solve_side_nb(st, seat)) for _, seat, st, *_ in plays} == {0b101, 0b1010}
    analysis = solve_record(load(SCHIEBER))
    assert analysis["who"] == "seat's team" and "the seat's team secures" in solve_text(analysis)


def test_tricksim_solve_speaks_of_card_points():
    analysis = solve_record(load(DIFFERENZLER))
    assert analysis["unit"] == "card points" and analysis["who"] == "seat"
    assert all(p["loss"] == p["best"] - p["values"][p["card"]] >= 0 for p in analysis["positions"])
    text = solve_text(analysis)
    assert "in card points the seat secures" in text and "card points lost to the best play" in text


def test_a_jass_record_that_plays_no_card_is_a_clear_error():
    record = load(SCHIEBER)
    before = [d for d in record["decisions"] if d["kind"] != "play"][:2]
    with pytest.raises(TricksimError, match="plays no card"):
        solve_record({**record, "decisions": before})
