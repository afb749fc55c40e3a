"""Pitch: the heuristic player against random, on duplicate deals, for both games.

    python scripts/pitch_players.py [BOARDS]

Each board is played once per rotation of the lineup (duplicate seating: every
seat of every board is played by each kind of player).

* Auction Pitch: one heuristic player against three random ones. Per board, the
  heuristic's share of the board's four games minus the fair share 1/4, and its
  mean score change per deal minus the random players'.
* Ten-point Pitch: a heuristic team against a random team. Per board, the
  heuristic team's mean score change per deal minus the random team's (a set
  bidding team loses its bid), its points won in tricks per deal minus the
  random team's, and its share of the games minus 1/2.

Each per-board difference is one paired sample; prints the means with 95 %
intervals over boards.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from sim import registry  # noqa: E402
from sim.rng_nb import chunk_states  # noqa: E402
from sim.study import Study  # noqa: E402
from sim.engine import Engine

LINEUPS = {"auction": ["heuristic", "random", "random", "random"],
           "ten_point": ["heuristic", "random", "heuristic", "random"]}


def mean_and_half(samples) -> tuple[float, float]:
    """The mean and the half-width of its 95 % interval (normal, over boards)."""
    x = np.asarray(samples, dtype=float)
    return x.mean(), 1.96 * x.std(ddof=1) / np.sqrt(len(x))


def heuristic_against_random(variant: str, boards: int, seed: int = 2026):
    """Per-board paired differences: (wins over the fair share, per-deal difference)."""
    lineup = LINEUPS[variant]
    study = Study.create("pitch", variant=variant, lineup=lineup, boards=boards, seed=seed,
                         chunk_boards=boards, seating="duplicate")
    records = Engine(study).run_chunk(0, boards, chunk_states(seed, 0))
    deals, games = records["deals"], records["games"]
    fair = 0.25 if variant == "auction" else 0.5
    heuristic_game = np.array([lineup[p] == "heuristic" for p in games["player"]])
    heuristic_deal = np.array([lineup[p] == "heuristic" for p in deals["player"]])
    wins, per_deal, points = [], [], []
    for board in np.unique(games["board"]):
        g = games["board"] == board
        wins.append(games["win"][g & heuristic_game].mean() - fair)
        d = deals["board"] == board
        h = deals["score"][d & heuristic_deal].sum()
        r = deals["score"][d & ~heuristic_deal].sum()
        n_deals = d.sum() / 4
        if variant == "auction":   # one heuristic seat against the mean random seat
            per_deal.append(h / n_deals - r / (3 * n_deals))
        else:                      # team against team: each seat's row holds its team's score
            per_deal.append((h - r) / (2 * n_deals))
            points.append((deals["points"][d & heuristic_deal].sum()
                           - deals["points"][d & ~heuristic_deal].sum()) / n_deals)
    return mean_and_half(wins), mean_and_half(per_deal), (mean_and_half(points) if points else None)


if __name__ == "__main__":
    boards = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    for variant in ("auction", "ten_point"):
        (w, wh), (p, ph), points = heuristic_against_random(variant, boards)
        line = (f"{variant}, {boards} boards: heuristic - random {p:+.3f} score per deal "
                f"(95 % interval {p - ph:+.3f} to {p + ph:+.3f})")
        if points:
            line += (f", {points[0]:+.3f} points won per deal ({points[0] - points[1]:+.3f} to "
                     f"{points[0] + points[1]:+.3f})")
        print(line + f"; games won over the fair share {w:+.3f} ({w - wh:+.3f} to {w + wh:+.3f})")
