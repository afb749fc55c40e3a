"""Beim Jupiter: the heuristic player against random in victory points, on duplicate deals.

    python scripts/jupiter_players.py [BOARDS]

For 3, 4 and 5 players, each board is played once per rotation of the lineup
heuristic, random, heuristic, … round the table (duplicate seating: every seat
of every board is played by each kind of player). Per board, the mean victory
points of a heuristic seat minus those of a random seat, over all its games,
is one paired difference; prints its mean with the 95 % interval over boards,
and the heuristic seats' share of the wins.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from sim import registry  # noqa: E402
from sim.rng_nb import chunk_states  # noqa: E402
from sim.study import Study  # noqa: E402
from sim.engine import Engine


def heuristic_minus_random(n: int, boards: int, seed: int = 2026):
    """(mean paired difference in victory points per game, half-width of its 95 %
    interval, the heuristic seats' win share, the random seats' win share)."""
    lineup = (["heuristic", "random"] * 3)[:n]
    study = Study.create("jupiter", players=n, lineup=lineup, boards=boards, seed=seed,
                         chunk_boards=boards, seating="duplicate")
    games = Engine(study).run_chunk(0, boards, chunk_states(seed, 0))["games"]
    heuristic = np.array([lineup[p] == "heuristic" for p in games["player"]])
    per_board = []
    for board in np.unique(games["board"]):
        rows = games["board"] == board
        per_board.append(games["total"][rows & heuristic].mean() - games["total"][rows & ~heuristic].mean())
    diff = np.array(per_board)
    half = 1.96 * diff.std(ddof=1) / np.sqrt(len(diff))
    wins_h = games["win"][heuristic].sum() / heuristic.sum()
    wins_r = games["win"][~heuristic].sum() / (~heuristic).sum()
    return diff.mean(), half, wins_h, wins_r


if __name__ == "__main__":
    boards = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    for n in (3, 4, 5):
        mean, half, wins_h, wins_r = heuristic_minus_random(n, boards)
        print(f"{n} players, {boards} boards: heuristic - random {mean:+.2f} victory points per game "
              f"(95 % interval {mean - half:+.2f} to {mean + half:+.2f}); win rate per seat "
              f"heuristic {wins_h:.3f}, random {wins_r:.3f}")
