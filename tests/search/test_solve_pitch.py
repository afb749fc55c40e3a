"""The exact solver for Pitch (sim/games/pitch/auction_search_nb.py, ten_point_search_nb.py)
against plain minimax, and ``tricksim solve`` on records of both variants."""
import json

import numpy as np
import pytest

from sim import registry
from sim.cli import main
from sim.errors import TricksimError
from sim.games.pitch import obs as O
from sim.games.pitch.cards import NAMES, card_id
from sim.games.pitch.cfg import config
from sim.games.pitch.positions import deal_position, random_position, short_deal
from sim.games.pitch.ten_point_rules_nb import value_nb
from sim.kit_nb import CH_DEALER, CH_TOTALS
from sim.search.analyse import solve_record, solve_text
from sim.search.solve import Solver, solve_position
from sim.study import Study

POSITIONS = 1000        # random small positions a variant
PITCH = registry.game("pitch")
VARIANTS = ("auction", "ten_point")
# Auction's rule settings: Low to the seat dealt it, or to the seat that takes it
AUCTION_OPTIONS = ({}, {"low_to": "taken"})


def _position(variant, cfg, rng):
    """A random small position: 1-4 cards a hand (Ten-point: trumps) played on from a whole
    deal, then 0-3 cards into the next trick; in Auction a third of them a short deal at
    its first card, the pitch still to name the trump. The side a seat, the pitcher's or
    a team's side, or a set that is none of these."""
    cards = int(rng.integers(1, 5))
    if variant == "auction" and rng.random() < 1 / 3:
        st, h = short_deal(PITCH, cfg, rng, cards)
    else:
        st, h = random_position(PITCH, variant, cfg, rng, cards, int(rng.integers(0, 4)))
    return st, h, int(rng.integers(1, 15))


def _solvers(variant):
    options = AUCTION_OPTIONS if variant == "auction" else ({},)
    return [Solver(PITCH, config(o), variant, table_bits=10) for o in options]


@pytest.mark.parametrize("variant", VARIANTS)
def test_solver_agrees_with_minimax(variant):
    rng = np.random.default_rng(19 if variant == "auction" else 20)
    solvers = _solvers(variant)
    steps = PITCH.steps_of(variant)
    tested = 0
    while tested < POSITIONS:
        solver = solvers[tested % len(solvers)]
        st, h, side = _position(variant, solver.cfg, rng)
        if steps.is_over_nb(st):          # Ten-point: nobody holds a trump any more
            continue
        assert solver.value(st, h, side) == solver.minimax(st, h, side), (variant, tested)
        tested += 1


@pytest.mark.parametrize("variant", VARIANTS)
def test_solve_position_gives_every_card_its_minimax_value(variant):
    rng = np.random.default_rng(7)
    solver = _solvers(variant)[-1]
    steps = PITCH.steps_of(variant)
    moves = np.zeros(128, dtype=np.int64)
    for _ in range(60):
        st, h, side = _position(variant, solver.cfg, rng)
        if steps.is_over_nb(st):
            continue
        values = solve_position(PITCH, st, h, solver.cfg, side=side, solver=solver)
        base = int(solver.hooks.solve_value_nb(st, side))
        n = steps.legal_actions_nb(st, h, solver.cfg, moves)
        assert sorted(values) == sorted(int(m) for m in moves[:n])
        for action, value in values.items():
            s2, h2 = st.copy(), h.copy()
            steps.apply_nb(s2, h2, solver.cfg, action)
            rest = 0 if steps.is_over_nb(s2) else solver.minimax(s2, h2, side)
            assert value == int(solver.hooks.solve_value_nb(s2, side)) - base + rest
        best = max if (side >> int(st[O.SEAT])) & 1 else min
        assert best(values.values()) == solver.value(st, h, side)


def test_ten_point_teams_share_every_point_left():
    """Every point still in play goes to one team (the 2 to its player's): what one team
    secures, the other concedes."""
    rng = np.random.default_rng(3)
    solver = _solvers("ten_point")[0]
    steps = PITCH.steps_of("ten_point")
    for _ in range(100):
        st, h = random_position(PITCH, "ten_point", solver.cfg, rng, int(rng.integers(1, 7)))
        if steps.is_over_nb(st):
            continue
        left = int(solver.hooks.solve_left_nb(st))
        assert solver.value(st, h, 0b0101) + solver.value(st, h, 0b1010) == left


def _short(hands, pitcher=0, options=None):
    """Auction: a deal of these hands (lists of card names, all of one size) at its first
    card, seat 3 dealing, ``pitcher`` bidding 2."""
    cfg = config(options or {})
    dealt = [sum(1 << card_id(c) for c in hand.split()) for hand in hands]
    st, h = deal_position(PITCH, "auction", cfg, dealt, 3, pitcher, 2)
    st[O.TRICK_NO] = 6 - len(hands[0].split())
    return cfg, st, h


@pytest.mark.parametrize("options", AUCTION_OPTIONS)
def test_a_lone_trump_pitched_is_high_low_and_game(options):
    """One card a hand: the pitcher's HA is High and Low (the only trump) and takes the
    trick, so Game (a count of 4 to nothing); no Jack of hearts is dealt."""
    cfg, st, h = _short(["HA", "S2", "D3", "C4"], options=options)
    solver = Solver(PITCH, cfg, "auction", table_bits=10)
    assert solver.value(st, h, 0b0001) == solver.minimax(st, h, 0b0001) == 3
    assert solver.value(st, h, 0b1110) == 0


@pytest.mark.parametrize("options, values", [({}, {"SA": 2, "H2": 2}),
                                             ({"low_to": "taken"}, {"SA": 3, "H2": 1})])
def test_the_pitch_chooses_the_trump(options, values):
    """Two cards a hand, seat 0 pitches. SA: spades trump, SA High, SK (seat 1) the lowest
    trump, which SA takes in the first trick; seat 0 takes SA SK (count 7) and Game.
    H2: hearts trump, H3 (seat 1) High, H2 Low, taken by H3; seat 0 takes SK with SA in
    the second trick (Game). Low to the seat dealt it: 2 points either way; to the seat
    that takes it: 3 with SA, 1 with H2."""
    cfg, st, h = _short(["SA H2", "SK H3", "D2 D3", "C2 C3"], options=options)
    solver = Solver(PITCH, cfg, "auction", table_bits=10)
    got = solve_position(PITCH, st, h, cfg, side=0b0001, variant="auction", solver=solver)
    assert got == {card_id(c): v for c, v in values.items()}
    assert solver.value(st, h, 0b0001) == solver.minimax(st, h, 0b0001) == max(values.values())


def test_count_cards_and_the_low_card_stand_apart_spot_cards_merge():
    """Auction, hearts pitched (HK), seat 1 to follow with HJ HT H9 H8 H4 H3: HJ and HT lie
    side by side but count 1 and 10 (two moves); H3 H4 H8 H9 (no count, no heart in play
    between them) are one move, H9; under ``low_to=taken`` H3, the lowest trump dealt, is
    a point to take: a move of its own."""
    hands = ["HK S2 S3 S4 S5 S6", "HJ HT H9 H8 H4 H3", "D2 D3 D4 D5 D6 D7",
             "C2 C3 C4 C5 C6 C7"]
    for options, expected in (({}, "H9 HT HJ"), ({"low_to": "taken"}, "H3 H9 HT HJ")):
        cfg, st, h = _short(hands, options=options)
        solver = Solver(PITCH, cfg, "auction", table_bits=10)
        PITCH.steps_of("auction").apply_nb(st, h, cfg, card_id("HK"))
        moves = np.zeros(64, dtype=np.int64)
        n = solver.hooks.solve_moves_nb(st, h, cfg, 0b0010, -1, moves)
        assert sorted(int(m) for m in moves[:n]) == sorted(card_id(c) for c in expected.split())


def _swapped(variant, st, h, rng):
    """The position with a card of one seat and a card of the same suit (Ten-point: a
    trump) of another exchanged, the lower of them among the lowest in play, as dealt
    too: every hand as long, the top cards' holders the same (a table entry of the first
    position may match it), the low cards' not."""
    st, h = st.copy(), h.copy()
    mask = int(st[O.TP_TRUMPS]) if variant == "ten_point" else -1
    held = [[c for c in range(64) if (int(h[s]) & mask) >> c & 1] for s in range(4)]

    def rank(c):     # a card's place in its suit (Ten-point: in the trumps' order)
        return value_nb(c, int(st[O.TRUMP])) if variant == "ten_point" else c % 13

    pairs = [(min(rank(x), rank(y)), a, b, x, y) for a in range(4) for b in range(a + 1, 4)
             for x in held[a] for y in held[b] if variant == "ten_point" or x // 13 == y // 13]
    if not pairs:
        return None
    pairs.sort()
    _, a, b, x, y = pairs[int(rng.integers(min(3, len(pairs))))]
    for s, out, into in ((a, x, y), (b, y, x)):
        h[s] = np.uint64((int(h[s]) & ~(1 << out)) | 1 << into)
        if variant == "auction":
            st[O.DEALT + s] = (int(st[O.DEALT + s]) & ~(1 << out)) | 1 << into
    return st, h


@pytest.mark.parametrize("variant", VARIANTS)
def test_entries_hold_for_positions_that_differ_in_low_cards(variant):
    """The table is kept from solve to solve: a position solved right after one that
    differs only in who holds two low cards finds the first one's entries, and must take
    from them only what holds for it (the holders of point cards, the winning ranks)."""
    rng = np.random.default_rng(11)
    solvers = _solvers(variant)
    steps = PITCH.steps_of(variant)
    tested = 0
    while tested < 300:
        solver = solvers[tested % len(solvers)]
        st, h = random_position(PITCH, variant, solver.cfg, rng, int(rng.integers(2, 5)))
        swapped = None if steps.is_over_nb(st) else _swapped(variant, st, h, rng)
        if swapped is None:
            continue
        side = int(rng.integers(1, 15))
        solver.value(st, h, side)
        assert solver.value(*swapped, side) == solver.minimax(*swapped, side), tested
        tested += 1


# -- tricksim solve on Pitch records ------------------------------------------------------

def played_record(variant, seed):
    """A deal of ``variant`` played by random legal actions through the step interface,
    written as ``tricksim deal`` writes a traced one (the variant's ``deal_record``)."""
    study = Study.create("pitch", players=4, boards=1, variant=variant)
    cfg, steps = PITCH.config(study), PITCH.steps_of(variant)
    rng = np.random.default_rng(seed)
    dealt, chance = PITCH.random_deal(study, rng)
    st, h = steps.new_state_nb(cfg)
    steps.start_deal_nb(st, h, cfg, dealt, chance)
    moves = np.zeros(128, dtype=np.int64)
    decisions = []
    while not steps.is_over_nb(st):
        action = int(moves[rng.integers(steps.legal_actions_nb(st, h, cfg, moves))])
        decisions.append((int(st[O.SEAT]), int(st[O.PHASE]), action))
        steps.apply_nb(st, h, cfg, action)
    deal = {"hands": dealt, "dealer": int(chance[CH_DEALER]), "decisions": decisions,
            "totals": [int(t) for t in chance[CH_TOTALS:CH_TOTALS + 8]]}
    return PITCH.deal_record(study, deal)


def _small(variant, st, hands):
    """Few enough cards left for plain minimax."""
    held = [int(hands[s]) & (int(st[O.TP_TRUMPS]) if variant == "ten_point" else -1)
            for s in range(4)]
    return sum(bin(x).count("1") for x in held) <= (12 if variant == "auction" else 9)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_records_card_plays_are_valued_as_plain_minimax_values_them(variant):
    record = played_record(variant, 5)
    analysis = solve_record(record)
    cfg, plays = PITCH.replay_of(record).play_positions("pitch", record)
    numbers = [i for i, d in enumerate(record["decisions"], start=1) if d["kind"] == "play"]
    assert [p["number"] for p in analysis["positions"]] == [p[0] for p in plays] == numbers
    solver = Solver(PITCH, cfg, variant, table_bits=12)
    steps = PITCH.steps_of(variant)
    moves = np.zeros(128, dtype=np.int64)
    sides, small = set(), 0
    for position, (number, seat, st, hands, card) in zip(analysis["positions"], plays):
        side = int(solver.hooks.solve_side_nb(st, seat))
        sides.add(side)
        if variant == "auction":     # the pitcher alone, or the three others
            pitcher = int(st[O.BIDDER])
            assert side == (1 << seat if seat == pitcher else 15 ^ 1 << pitcher)
        else:                        # the seat's team
            assert side == 0b101 << seat % 2
        legal = [int(a) for a in moves[:steps.legal_actions_nb(st, hands, cfg, moves)]]
        assert position["card"] == NAMES[card] and card in legal
        assert len(position["values"]) == len(legal)
        assert position["loss"] == position["best"] - position["values"][position["card"]] >= 0
        if not _small(variant, st, hands):
            continue
        small += 1
        base = int(solver.hooks.solve_value_nb(st, side))
        expected = {}
        for action in legal:
            s2, h2 = st.copy(), hands.copy()
            steps.apply_nb(s2, h2, cfg, action)
            rest = 0 if steps.is_over_nb(s2) else solver.minimax(s2, h2, side)
            expected[action] = int(solver.hooks.solve_value_nb(s2, side)) - base + rest
        assert list(position["values"].values()) == [expected[a] for a in sorted(expected)]
        assert position["best"] == max(expected.values())
    assert small >= 8 and len(sides) == 2
    assert analysis["unit"] == "points"
    who = "seat's side" if variant == "auction" else "seat's team"
    assert analysis["who"] == who and f"in points the {who} secures" in solve_text(analysis)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_command_solves_a_pitch_record(variant, tmp_path, capsys):
    path = tmp_path / f"{variant}.json"
    path.write_text(json.dumps(played_record(variant, 6)))
    assert main(["solve", str(path)]) in (0, None)
    out = capsys.readouterr().out
    assert out.startswith("pitch: each card played") and "points lost to the best play:" in out


def test_pitch_records_not_at_a_card_play_are_one_line_errors(tmp_path, capsys):
    auction = played_record("auction", 7)
    bids = {**auction, "decisions": [d for d in auction["decisions"] if d["kind"] == "bid"]}
    with pytest.raises(TricksimError, match="plays no card"):
        solve_record(bids)
    ten_point = played_record("ten_point", 7)
    upto_trump = [d for d in ten_point["decisions"] if d["kind"] in ("bid", "trump")]
    with pytest.raises(TricksimError, match="plays no card"):
        solve_record({**ten_point, "decisions": upto_trump})
    with pytest.raises(TricksimError, match="unknown Pitch variant 'nine_point'"):
        solve_record({**auction, "variant": "nine_point"})
    # a card out of turn: replay's message
    plays = [d for d in auction["decisions"] if d["kind"] == "play"]
    wrong = {**plays[0], "seat": (plays[0]["seat"] + 1) % 4}
    with pytest.raises(TricksimError, match="is to play"):
        solve_record({**auction, "decisions": bids["decisions"] + [wrong]})
    # the solver starts in the card play, not in the bidding
    solver = _solvers("auction")[0]
    st, h = short_deal(PITCH, solver.cfg, np.random.default_rng(1), 2)
    st[O.PHASE] = O.PHASE_BID
    with pytest.raises(TricksimError, match="starts in the card play"):
        solver.value(st, h, 1)
    path = tmp_path / "bids.json"
    path.write_text(json.dumps(bids))
    assert main(["solve", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "plays no card" in err
