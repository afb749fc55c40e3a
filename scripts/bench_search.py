"""The search's speed, for ``scripts/bench.py --solver`` and ``--pimc``.

``--solver``: the exact solver's solves/s (``sim/search/solve_nb.py``) and DDS's
(the ``endplay`` package, a test dependency) on the same random Oh Hell deals,
4 players, 13, 12, 8 and 4 cards a hand, side {0, 2} (bridge double dummy), each
deal timed for both in turn; then every other game's rows on random positions of
its own (its ``positions`` module): solves/s (medians) and nodes a solve (Jass, French
Tarot, Beim Jupiter at 3, 4 and 5 players: :func:`bench_solver_jupiter`, and Pitch's two
variants: :func:`bench_solver_pitch`).

``--pimc``: the PIMC player's decisions/s (``sim/search/pimc_nb.py``) at its
default budget and at more worlds, and the seconds a whole deal takes with every
seat played by it.
"""
from __future__ import annotations

import statistics
import time

import numpy as np

from sim.study import Study


# deals a row of --solver solves (a 13-card solve takes ~0.1-10 s)
SOLVER_DEALS = {13: 20, 12: 20, 8: 200, 4: 1000}


def bench_solver(scale: float) -> int:
    from sim.search.dds import solve_rates
    print(f"{'exact solver, Oh Hell 4 seats':<33} {'cards':>5} {'deals':>6} {'solves/s':>10} "
          f"{'DDS solves/s':>13} agree")
    for cards, deals in SOLVER_DEALS.items():
        r = solve_rates(cards, max(1, int(deals * scale)), seed=0)
        print(f"{'':<33} {cards:>5} {r['deals']:>6} {r['ours']:>10,.1f} {r['dds']:>13,.1f} "
              f"{'yes' if r['agree'] else 'NO'}", flush=True)
    bench_jass_solver(scale)
    bench_solver_tarot(scale)
    bench_solver_pitch(scale)
    bench_solver_jupiter(scale)
    return 0


# Jass rows of --solver: positions a row solves at each hand size (a 9-card Schieber solve
# takes seconds to minutes)
JASS_SOLVER_DEALS = {9: 3, 8: 9, 4: 1000}


def bench_jass_solver(scale: float) -> None:
    """The solver's solves/s on random Jass positions (a random deal and mode played on by
    random cards to a trick boundary): the side is the leader's team in Schieber, the
    leader alone in Differenzler; the value, their card points (and the match bonus)."""
    from sim import registry
    from sim.games.jass import obs
    from sim.games.jass.cfg import config
    from sim.games.jass.positions import random_position
    from sim.search.solve import Solver
    game = registry.game("jass")
    print(f"{'exact solver, Jass':<33} {'cards':>5} {'deals':>6} {'solves/s':>10} "
          f"{'nodes/solve':>13}")
    for variant in ("schieber", "differenzler"):
        solver = Solver(game, config(variant, 4, {}), variant)
        for cards, deals in JASS_SOLVER_DEALS.items():
            rng = np.random.default_rng(0)
            times, nodes = [], []
            for _ in range(max(1, int(deals * scale))):
                st, h = random_position(game, solver.cfg, rng, cards)
                leader = int(st[obs.SEAT])
                side = (0b101 << leader % 2) if variant == "schieber" else 1 << leader
                t = time.process_time()
                nodes.append(int(solver.values(st[None], h[None], [side])[1][0]))
                times.append(time.process_time() - t)
            print(f"{variant:<33} {cards:>5} {len(times):>6} {1 / statistics.median(times):>10,.2f} "
                  f"{statistics.median(nodes):>13,.0f}", flush=True)


# French Tarot positions a row solves (the taker's card points; 12 cards: 0.01 s to minutes each)
TAROT_SOLVER_DEALS = {4: 200, 8: 50, 12: 5}


def bench_solver_tarot(scale: float) -> None:
    """The solver's solves/s on random Tarot positions, 4 players (the taker's card points,
    ``sim/games/tarot/positions.py``): the median of the positions' times, and their nodes."""
    from sim.games.tarot.cfg import config
    from sim.games.tarot.game import TAROT_GAME
    from sim.games.tarot.positions import random_positions
    from sim.search.solve import Solver
    print(f"{'exact solver, Tarot 4 seats':<33} {'cards':>5} {'deals':>6} {'solves/s':>10} "
          f"{'nodes':>13} (side: the taker)")
    solver = Solver(TAROT_GAME, config(4, {}))
    for cards, deals in TAROT_SOLVER_DEALS.items():
        times, nodes = [], []
        count = max(1, int(deals * scale))
        for st, h in random_positions(TAROT_GAME, solver.cfg, 4, cards, count, 0):
            t = time.perf_counter()
            nodes.append(int(solver.values(st[None], h[None], [1])[1][0]))
            times.append(time.perf_counter() - t)
        print(f"{'':<33} {cards:>5} {count:>6} {1 / statistics.median(times):>10,.1f} "
              f"{statistics.median(nodes):>13,.0f}", flush=True)


# Pitch positions a row solves, by variant and cards a hand (Ten-point: trumps a hand at
# most; None: the whole card play, right after the trump, burns and refill)
PITCH_SOLVER_DEALS = {"auction": {6: 500, 3: 1000}, "ten_point": {None: 500, 4: 1000}}


def bench_solver_pitch(scale: float) -> None:
    """The solver's solves/s on random Pitch positions (``sim/games/pitch/positions.py``: a
    random deal, bidder and trump played on by random cards to a trick boundary; 6 cards
    is Auction's deal at its first card, the pitch still to name the trump): the side is
    the bidder's (the pitcher alone; the bidding team), the value its points."""
    from sim import registry
    from sim.games.pitch import obs
    from sim.games.pitch.cfg import config
    from sim.games.pitch.positions import random_positions
    from sim.search.solve import Solver
    game = registry.game("pitch")
    print(f"{'exact solver, Pitch':<33} {'cards':>5} {'deals':>6} {'solves/s':>10} "
          f"{'nodes':>13} (side: the bidder's)")
    for variant, rows in PITCH_SOLVER_DEALS.items():
        solver = Solver(game, config({}), variant)
        for cards, deals in rows.items():
            times, nodes = [], []
            count = max(1, int(deals * scale))
            for st, h in random_positions(game, variant, solver.cfg, cards, count, 0):
                side = int(solver.hooks.solve_side_nb(st, int(st[obs.BIDDER])))
                t = time.perf_counter()
                nodes.append(int(solver.values(st[None], h[None], [side])[1][0]))
                times.append(time.perf_counter() - t)
            print(f"{variant:<33} {cards or 'all':>5} {count:>6} "
                  f"{1 / statistics.median(times):>10,.1f} {statistics.median(nodes):>13,.0f}",
                  flush=True)


# Beim Jupiter positions a row solves, by players and cards a hand (a round holds 5 to 12
# tricks). 12 cards with 3 players only: with 4, two of five random positions took 30 s and
# 82 s, with 5 three took over 8 minutes together (docs/architecture.md); 10 cards instead.
JUPITER_SOLVER_DEALS = {3: {4: 300, 8: 30, 12: 5}, 4: {4: 300, 8: 30, 10: 10},
                        5: {4: 300, 8: 30, 10: 5}}


def bench_solver_jupiter(scale: float) -> None:
    """The solver's solves/s on random Beim Jupiter positions, 3, 4 and 5 players (a
    random round played on by random actions to a trick boundary,
    ``sim/games/jupiter/positions.py``; the side the seat to lead, its tricks): the
    median of the positions' times, and their nodes."""
    from sim import registry
    from sim.games.jupiter import obs
    from sim.games.jupiter.cfg import config
    from sim.games.jupiter.positions import random_position
    from sim.search.solve import Solver
    game = registry.game("jupiter")
    print(f"{'exact solver, Beim Jupiter':<33} {'cards':>5} {'deals':>6} {'solves/s':>10} "
          f"{'nodes':>13} (side: the leader)")
    for players, rows in JUPITER_SOLVER_DEALS.items():
        solver = Solver(game, config("jupiter", players, {}))
        for cards, deals in rows.items():
            rng = np.random.default_rng(0)
            times, nodes = [], []
            count = max(1, int(deals * scale))
            for _ in range(count):
                st, h = random_position(game, solver.cfg, rng, cards)
                t = time.perf_counter()
                nodes.append(int(solver.values(st[None], h[None], [1 << int(st[obs.SEAT])])[1][0]))
                times.append(time.perf_counter() - t)
            print(f"{players} players{'':<24} {cards:>5} {count:>6} "
                  f"{1 / statistics.median(times):>10,.1f} {statistics.median(nodes):>13,.0f}",
                  flush=True)


# (game, players, cards a hand or None for the game's deal, and the variant where it has them)
PIMC_CASES = (("wizard", 4, 10), ("oh_hell", 4, 10), ("wizard", 6, 10),
              ("jass", 4, None, "schieber"), ("jass", 4, None, "differenzler"),
              ("tarot", 4, None), ("tarot", 5, None), ("jupiter", 4, None),
              ("pitch", 4, None, "auction"), ("pitch", 4, None, "ten_point"))
PIMC_BUDGETS = ("pimc", "pimc[worlds=96]")


def bench_pimc(scale: float) -> int:
    print(f"{'pimc, every seat (one core)':<33} {'cards':>5} {'budget':>16} {'decisions/s':>12} "
          f"{'s a deal':>9}")
    for game, players, cards, *variant in PIMC_CASES:
        for spec in PIMC_BUDGETS:
            r = decision_rates(game, players, cards, spec, deals=max(1, int(3 * scale)),
                               variant=variant[0] if variant else "")
            name = f"{variant[0] if variant else game} {players}p"
            print(f"{name:<33} {cards or 'all':>5} {spec:>16} "
                  f"{r['decisions_per_s']:>12,.1f} {r['seconds_per_deal']:>9.3f}", flush=True)
    return 0


def decision_rates(game: str, players: int, hand_size: int | None, spec: str = "pimc",
                   deals: int = 3, seed: int = 0, variant: str = "") -> dict:
    """The speed of a PIMC player: ``deals`` random deals of ``hand_size`` cards a seat (a
    Wizard family round of that size; None: the game's deal, whatever its size) played
    by ``spec`` at every seat through the step interface (of ``variant``: the game's first
    by default), each decision timed (the first
    call, which compiles or loads the player, is not counted). ``{"decisions_per_s",
    "seconds_per_deal", "decisions"}``."""
    from sim import registry
    from strategies.registry import resolve
    impl = registry.game(game)
    player = resolve(impl.family, spec, game)
    params = player.params()
    study = Study.create(game, players=players, boards=1, variant=variant or None)
    cfg = impl.config(study)
    steps = impl.steps_of(variant)
    rng = np.random.default_rng(seed)
    obs = np.zeros(impl.steps_module(variant).OBS_SIZE, dtype=np.int64)
    spent, decisions, draw = 0.0, 0, seed << 20
    for deal in range(deals + 1):
        dealt, chance = impl.random_deal(study, rng)
        while hand_size is not None and bin(int(dealt[0])).count("1") != hand_size:
            dealt, chance = impl.random_deal(study, rng)      # a round of that many cards
        st, hands = steps.new_state_nb(cfg)
        steps.start_deal_nb(st, hands, cfg, dealt, chance)
        while not steps.is_over_nb(st):
            draw += 1
            steps.observation_nb(st, hands, cfg, draw, obs)
            t = time.perf_counter()
            action = player.decide(obs, params)
            if deal > 0:            # deal 0 warms the player up
                spent += time.perf_counter() - t
                decisions += 1
            steps.apply_nb(st, hands, cfg, action)
    return {"decisions_per_s": decisions / spent, "seconds_per_deal": spent / deals,
            "decisions": decisions}
