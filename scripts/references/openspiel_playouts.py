"""OpenSpiel's random playouts of 4-player 12-card Oh Hell, in C++, in one process.

    python scripts/references/openspiel_playouts.py [--seconds 3] [--seed 1]

Run by ``scripts/bench_references.py`` in the references' own venv (open-spiel 2.0.2).
pyspiel has no call that plays a batch of random games; the nearest is an MCTS bot
with a single simulation, whose evaluator plays ``--batch`` uniform random playouts
of the position to the end of the deal (the bids and the 48 cards), all in C++. The
search cannot start at a chance node, so each batch's position is dealt in Python
first, untimed: the figure is the playouts' time alone (the engine's rows include
their shuffles).
"""
from __future__ import annotations

import argparse
import random
import time

import pyspiel

GAME = "oh_hell(players=4,num_tricks_fixed=12)"


def dealt(game, rng: random.Random):
    """A new deal's first decision: the dealer, the hands and the turned card drawn by chance."""
    state = game.new_initial_state()
    while state.is_chance_node():
        actions, weights = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(actions, weights)[0])
    return state


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--batch", type=int, default=100, help="playouts per C++ call")
    args = ap.parse_args(argv)
    game = pyspiel.load_game(GAME)
    rng = random.Random(args.seed)
    evaluator = pyspiel.RandomRolloutEvaluator(args.batch, args.seed)
    bot = pyspiel.MCTSBot(game, evaluator, 2.0, 1, 1000, False, args.seed, False)
    bot.mcts_search(dealt(game, rng))   # first call outside the clock
    playouts, inside = 0, 0.0
    while inside < args.seconds:
        state = dealt(game, rng)
        t0 = time.perf_counter()
        bot.mcts_search(state)
        inside += time.perf_counter() - t0
        playouts += args.batch
    print(f"OpenSpiel {GAME}: {playouts} random playouts in {inside:.3f} s of C++: "
          f"{playouts / inside:.0f} deals/s")


if __name__ == "__main__":
    main()
