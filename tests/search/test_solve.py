"""The exact solver (sim/search/solve_nb.py) against plain minimax and against DDS."""
import os

import numpy as np
import pytest

from sim.games.wizard.cfg import config
from sim.games.wizard.game import OH_HELL_GAME, WIZARD_GAME
from sim.games.wizard.positions import first_trick
from sim.search.solve import Solver, solve_position

POSITIONS = 1000        # random small positions a game
DDS_DEALS = 1000        # random 8-card Oh Hell deals against DDS (13 cards: see below)
DDS_CI_DEALS = 10       # 13-card deals in a test run (~50 s on a busy machine)


def _position(game, cfg, rng, players, deck):
    """A random small position: 2-4 cards a hand, a random trump and leader, then a
    random number of random legal cards played (a start mid-trick as often as not)."""
    size = int(rng.integers(2, 5))
    order = rng.permutation(deck)
    hands = [sum(1 << int(c) for c in order[s * size:(s + 1) * size]) for s in range(players)]
    st, h = first_trick(game, cfg, hands, int(rng.integers(players)), int(rng.integers(-1, 4)))
    steps = game.steps
    # four cards a hand: at least a trick played first, to keep minimax small
    played = int(rng.integers(players if size == 4 else 0, players * size))
    moves = np.zeros(128, dtype=np.int64)
    for _ in range(played):
        n = steps.legal_actions_nb(st, h, cfg, moves)
        steps.apply_nb(st, h, cfg, int(moves[rng.integers(n)]))
    side = int(rng.integers(1, (1 << players) - 1))
    return st, h, side


@pytest.mark.parametrize("game", ["oh_hell", "wizard"])
def test_solver_agrees_with_minimax(game):
    rng = np.random.default_rng(19 if game == "oh_hell" else 20)
    obj = OH_HELL_GAME if game == "oh_hell" else WIZARD_GAME
    solvers = {}
    for i in range(POSITIONS):
        players = 4 if game == "oh_hell" else int(rng.integers(3, 7))
        if players not in solvers:
            solvers[players] = Solver(obj, config(game, players, {}), table_bits=12)
        solver = solvers[players]
        st, h, side = _position(obj, solver.cfg, rng, players, obj.deck)
        assert solver.value(st, h, side) == solver.minimax(st, h, side), (game, i)


@pytest.mark.parametrize("game", ["oh_hell", "wizard"])
def test_solve_position_gives_every_card_its_value(game):
    rng = np.random.default_rng(7)
    obj = OH_HELL_GAME if game == "oh_hell" else WIZARD_GAME
    solver = Solver(obj, config(game, 4, {}), table_bits=12)
    steps = obj.steps
    for _ in range(50):
        st, h, side = _position(obj, solver.cfg, rng, 4, obj.deck)
        values = solve_position(obj, st, h, solver.cfg, side=side, solver=solver)
        moves = np.zeros(128, dtype=np.int64)
        n = steps.legal_actions_nb(st, h, solver.cfg, moves)
        assert sorted(values) == sorted(int(m) for m in moves[:n])
        for card, value in values.items():
            s2, h2 = st.copy(), h.copy()
            steps.apply_nb(s2, h2, solver.cfg, card)
            won = int(solver.hooks.solve_value_nb(s2, side) - solver.hooks.solve_value_nb(st, side))
            assert value == won + solver.minimax(s2, h2, side)
        best = max if (side >> int(st[3])) & 1 else min
        assert best(values.values()) == solver.value(st, h, side)


def _agrees_with_dds(cards, count, seed):
    pytest.importorskip("endplay")
    from sim.search.dds import NORTH_SOUTH, dds_tricks, random_bridge_deals
    solver = Solver(OH_HELL_GAME, config("oh_hell", 4, {}))
    deals = random_bridge_deals(count, cards, seed=seed)
    ours = [solver.value(*first_trick(OH_HELL_GAME, solver.cfg, hands, leader, trump), NORTH_SOUTH)
            for hands, leader, trump in deals]
    theirs = dds_tricks(deals)
    assert [i for i in range(count) if ours[i] != theirs[i]] == []


def test_oh_hell_side_0_2_is_bridge_double_dummy_8_cards():
    """4 players, 8 cards each, side {0, 2}: the tricks DDS gives North-South."""
    _agrees_with_dds(8, DDS_DEALS, seed=8)


@pytest.mark.dds
def test_oh_hell_side_0_2_is_bridge_double_dummy():
    """4 players, 13 cards each: bridge's double dummy. A 13-card solve takes ~0.4 s
    (median; up to ~10 s), so a test run solves the first ``DDS_CI_DEALS`` deals; set
    TRICKSIM_DDS_DEALS=1000 for the whole comparison (~45 min on one core)."""
    _agrees_with_dds(13, int(os.environ.get("TRICKSIM_DDS_DEALS", DDS_CI_DEALS)), seed=13)


def _hands_of_pbn(text):
    """Card masks, North first, of a PBN deal ``N:spades.hearts.diamonds.clubs ...``."""
    ranks = "23456789TJQKA"
    return [sum(1 << (13 * suit + ranks.index(r)) for suit, cards in enumerate(hand.split("."))
                for r in cards) for hand in text[2:].split()]


def test_merged_low_cards_keep_their_ranks_in_the_table():
    """A deal where a table entry once answered for a position in which a merged low
    card stood apart from the card above it: North-South take 8 tricks in no trump with
    West on lead (DDS), not 9."""
    hands = _hands_of_pbn("N:A3.83.AKJ53.AQJ4 KQJ4.K4.T72.KT72 8752.AQ976.9.986 "
                          "T96.JT52.Q864.53")
    solver = Solver(OH_HELL_GAME, config("oh_hell", 4, {}))
    st, h = first_trick(OH_HELL_GAME, solver.cfg, hands, 3, -1)
    assert solver.value(st, h, 0b0101) == 8
