"""jass-kit's random Schieber rounds, in one process.

    python scripts/references/jasskit_rounds.py [--seconds 3] [--seed 1]

Run by ``scripts/bench_references.py`` in the references' own venv (jass-kit 2.0.5):
its ``Arena`` with four of its ``AgentRandomSchieber`` and its default settings (every
card checked for legality), as a user of the kit plays random rounds. A round is a
deal: the cards dealt, trump chosen (pushed half the time) and the 36 cards played.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import time

import numpy as np
from jass.agents.agent_random_schieber import AgentRandomSchieber
from jass.arena.arena import Arena

# rounds per Arena: an Arena plays a fixed number, so the clock is read between arenas
ARENA_ROUNDS = 100


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    np.random.seed(args.seed)          # the kit deals from numpy's global generator
    agents = [AgentRandomSchieber() for _ in range(4)]
    for i, agent in enumerate(agents):
        agent._rng = np.random.default_rng([args.seed, i])
    rounds, elapsed = 0, 0.0
    t0 = time.perf_counter()
    while elapsed < args.seconds:
        arena = Arena(nr_games_to_play=ARENA_ROUNDS, print_every_x_games=ARENA_ROUNDS + 1)
        arena.set_players(*agents)
        with contextlib.redirect_stdout(io.StringIO()):   # its progress line
            arena.play_all_games()
        # every round deals all 157 card points (152 and the last trick's 5)
        if not np.all(arena.points_team_0 + arena.points_team_1 == 157):
            raise SystemExit("jass-kit: a round did not total 157 points")
        rounds += arena.nr_games_played
        elapsed = time.perf_counter() - t0
    print(f"jass-kit Schieber: {rounds} random rounds in {elapsed:.3f} s: {rounds / elapsed:.0f} deals/s")


if __name__ == "__main__":
    main()
