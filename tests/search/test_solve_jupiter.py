"""The exact solver for Beim Jupiter (sim/games/jupiter/search_nb.py) against plain minimax,
its keys, and ``tricksim solve`` on a whole game's record (eight rounds)."""
import numpy as np
import pytest

from sim import registry
from sim.cli import main
from sim.errors import TricksimError
from sim.games.jupiter import obs as O
from sim.games.jupiter.cards import parse_card
from sim.games.jupiter.cfg import config
from sim.games.jupiter.positions import random_position, random_round
from sim.games.jupiter.replay import play_positions
from sim.replay import load
from sim.search.analyse import solve_record, solve_text
from sim.search.solve import Solver, solve_position

from .test_solve_record import RECORDS

JUPITER = registry.game("jupiter")
GAME = RECORDS / "jupiter" / "records" / "heuristic_game_3p.json"
ALLOCATION = RECORDS / "jupiter" / "records" / "seed_allocation.json"
# random small positions a player count: cards a hand (the largest with cards into its
# first trick, to keep minimax small), 1,200 in all
POSITIONS = {3: (4, 500), 4: (4, 400), 5: (3, 300)}


def _position(solver, rng, players, largest):
    """A random round played on by random legal actions to 1 … ``largest`` cards a hand,
    then random cards into the next trick (a start mid-trick as often as not); the trump
    the layouts' or a random one (no trump among them); the side one seat or a random set."""
    cards = int(rng.integers(1, largest + 1))
    more = int(rng.integers(1 if cards == largest else 0, players))
    trump = None if rng.random() < 0.5 else int(rng.integers(-1, 4))
    st, h = random_position(JUPITER, solver.cfg, rng, cards, more, trump)
    side = 1 << int(rng.integers(players)) if rng.random() < 0.5 else \
        int(rng.integers(1, (1 << players) - 1))
    return st, h, side


def _kind(c):
    return "god" if c < 60 and c % 15 == 14 else ("numbered" if c < 60 else "special")


def _twin(st, h, rng):
    """A position the table, warm from (``st``, ``h``), may confuse with it: a card of a
    hand in place of a card of its colour out of play (a God card's place taken by a
    numbered card or the other way round as often as not), or traded for a card of
    another hand of the same kind (God cards, numbered cards, Jupiter, Juno and lambs)."""
    n = int(st[O.N_PLAYERS])
    cards = {s: [c for c in range(65) if (int(h[2 * s + (c >> 6)]) >> (c & 63)) & 1]
             for s in range(n)}
    seat = int(rng.choice([s for s in range(n) if cards[s]] or [0]))
    if not cards[seat]:
        return None
    c = int(rng.choice(cards[seat]))
    if rng.random() < 0.5:
        others = [d for s in range(n) if s != seat for d in cards[s] if _kind(d) == _kind(c)]
        return _moved(h, c, int(rng.choice(others))) if others else None
    if c >= 60:
        return None
    live = {d for s in range(n) for d in cards[s]}
    for i in range(int(st[O.TRICK_N])):
        action = int(st[O.TRICK_CARDS + i])
        live.add(15 * (action - 65) + 14 if action >= 65 else action)   # a God played as 15
    out = [o for o in range(15 * (c // 15), 15 * (c // 15) + 15) if o not in live]
    return _moved(h, c, int(rng.choice(out))) if out else None


def test_solver_agrees_with_minimax():
    rng = np.random.default_rng(19)
    for players, (largest, count) in POSITIONS.items():
        # a small table: entries are replaced, and found by positions that merely agree
        solver = Solver(JUPITER, config("jupiter", players, {}), table_bits=10)
        for i in range(count):
            st, h, side = _position(solver, rng, players, largest)
            assert st[O.PHASE] == O.PHASE_PLAY
            assert solver.value(st, h, side) == solver.minimax(st, h, side), (players, i)
            twin = _twin(st, h, rng)
            if twin is not None:
                assert solver.value(st, twin, side) == solver.minimax(st, twin, side), (players, i)


def test_solve_position_gives_every_action_its_minimax_value():
    rng = np.random.default_rng(7)
    steps = JUPITER.steps
    moves = np.zeros(128, dtype=np.int64)
    gods = 0
    for players in (3, 4, 5):
        solver = Solver(JUPITER, config("jupiter", players, {"trump_rule": "sum_first"}),
                        table_bits=10)
        for _ in range(30):
            st, h, side = _position(solver, rng, players, 3)
            values = solve_position(JUPITER, st, h, solver.cfg, side=side, solver=solver)
            n = steps.legal_actions_nb(st, h, solver.cfg, moves)
            assert sorted(values) == sorted(int(m) for m in moves[:n])
            gods += sum(a >= 65 for a in values)        # a God card played as 15
            for action, value in values.items():
                s2, h2 = st.copy(), h.copy()
                steps.apply_nb(s2, h2, solver.cfg, action)
                won = int(solver.hooks.solve_value_nb(s2, side)
                          - solver.hooks.solve_value_nb(st, side))
                assert value == won + (0 if steps.is_over_nb(s2) else solver.minimax(s2, h2, side))
            best = max if (side >> int(st[O.SEAT])) & 1 else min
            assert best(values.values()) == solver.value(st, h, side)
    assert gods > 0


def _key(solver, st, hands, side=1):
    key = np.zeros(solver.hooks.KEY_WORDS, dtype=np.uint64)
    solver.hooks.solve_key_nb(st, hands, solver.cfg, side, key)
    return key.tolist()


def _holder(hands, c):
    return next((s for s in range(5) if (int(hands[2 * s + (c >> 6)]) >> (c & 63)) & 1), None)


def _moved(hands, c, o):
    """Hands with card ``c`` in place of ``o`` (ids) at ``c``'s holder; ``o`` in a hand
    too: the two traded."""
    out = hands.copy()
    sc, so = _holder(hands, c), _holder(hands, o)
    for card, seat, other in ((c, sc, o), (o, so, c)):
        if seat is not None:
            out[2 * seat + (card >> 6)] &= ~np.uint64(1 << (card & 63))
            out[2 * seat + (other >> 6)] |= np.uint64(1 << (other & 63))
    return out


def test_keys_merge_only_cards_alike_in_the_play():
    """Jupiter and Juno are alike, and so are the lambs; a numbered card stands for the
    cards out of play next to it (no live numbered card between them: the same relative
    rank), or next to it past its own holder's, not past another seat's; a God card stands
    for no numbered card."""
    solver = Solver(JUPITER, config("jupiter", 5, {}), table_bits=4)
    rng = np.random.default_rng(3)
    JUP, JUN, L1, L3 = (parse_card(c) for c in ("JUP", "JUN", "L1", "L3"))
    seen = set()
    for _ in range(200):
        st, h = random_round(JUPITER, solver.cfg, rng, int(rng.integers(2, 9)))
        st[O.SEAT] = int(rng.integers(5))
        key = _key(solver, st, h)
        for a, b in ((JUP, JUN), (L1, L3)):
            if None not in (_holder(h, a), _holder(h, b)) and _holder(h, a) != _holder(h, b):
                assert _key(solver, st, _moved(h, a, b)) == key
                seen.add(a)
        colour = int(rng.integers(4))
        cards = range(15 * colour, 15 * colour + 15)
        held = [c for c in cards if _holder(h, c) is not None]
        out = [c for c in cards if _holder(h, c) is None]    # laid out in earlier rounds
        if not out:
            continue
        c, o = int(rng.choice(held)), int(rng.choice(out))
        # the live numbered cards it passes, held by another seat
        between = [x for x in held if min(c, o) < x < max(c, o) and x % 15 != 14
                   and _holder(h, x) != _holder(h, c)]
        alike = c % 15 != 14 and not between
        assert (_key(solver, st, _moved(h, c, o)) == key) == alike, (c, o)
        seen.add("god" if c % 15 == 14 else ("alike" if alike else "apart"))
    assert seen == {JUP, L1, "god", "alike", "apart"}


def test_a_god_card_is_valued_at_both_its_values():
    """RX played as 15 takes the trick Jupiter and Juno are out of; as 0 it loses it."""
    cfg, plays = play_positions("jupiter", load(GAME))
    number, seat, st, hands, action, fields = next(p for p in plays if p[0] == 254)
    assert fields == {"round": 8} and action == 65 + 1         # RX played as 15
    values = solve_position(JUPITER, st, hands, cfg, side=1 << seat,
                            solver=Solver(JUPITER, cfg, table_bits=10))
    assert values == {parse_card("RX"): 0, 65 + 1: 1}


def test_tricksim_solve_values_every_round_of_a_game_as_minimax_does():
    record = load(GAME)
    analysis = solve_record(record, last=3)
    cfg, plays = play_positions("jupiter", record)
    solver = Solver(JUPITER, cfg, table_bits=12)
    steps = JUPITER.steps
    moves = np.zeros(128, dtype=np.int64)
    late = [p for p in plays                          # the seat to act holds at most 3 cards
            if int(p[3][2 * p[1]]).bit_count() + int(p[3][2 * p[1] + 1]).bit_count() <= 3]
    assert [p["number"] for p in analysis["positions"]] == [p[0] for p in late]
    assert sorted({p["round"] for p in analysis["positions"]}) == list(range(1, 9))
    assert len(late) == 8 * 3 * 3
    for position, (number, seat, st, hands, card, _) in zip(analysis["positions"], late):
        base = int(solver.hooks.solve_value_nb(st, 1 << seat))
        expected = {}
        for action in moves[:steps.legal_actions_nb(st, hands, cfg, moves)]:
            s2, h2 = st.copy(), hands.copy()
            steps.apply_nb(s2, h2, cfg, int(action))
            rest = 0 if steps.is_over_nb(s2) else solver.minimax(s2, h2, 1 << seat)
            expected[int(action)] = int(solver.hooks.solve_value_nb(s2, 1 << seat)) - base + rest
        assert list(position["values"].values()) == [expected[a] for a in sorted(expected)]
        assert position["loss"] == max(expected.values()) - expected[card] >= 0
    text = solve_text(analysis)
    assert "in tricks the seat secures" in text and "round 8  seat" in text


def test_the_command_analyses_a_whole_game(capsys):
    assert main(["solve", str(GAME), "--last", "2"]) in (0, None)
    out = capsys.readouterr().out
    assert "round 1  seat" in out and "round 8  seat" in out
    assert "tricks lost to the best play" in out


def test_a_record_not_at_the_card_play_is_a_one_line_error(capsys):
    # an allocation record: every card already played
    assert main(["solve", str(ALLOCATION)]) == 2
    # (a first run says the solver compiles, on a line of its own)
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("tricksim: error: the record plays no card")
    assert not any("error" in line for line in err[:-1])
    record = load(GAME)
    first = next(i for i, d in enumerate(record["decisions"]) if d["kind"] == "play")
    with pytest.raises(TricksimError, match="plays no card"):
        solve_record({**record, "decisions": record["decisions"][:first]})
    # a position before the card play: the solver says where it starts
    solver = Solver(JUPITER, config("jupiter", 4, {}), table_bits=4)
    st, h = random_round(JUPITER, solver.cfg, np.random.default_rng(1), 1)
    with pytest.raises(TricksimError, match="starts in the card play"):
        solver.value(st, h, 1)
