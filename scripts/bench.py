"""Throughput of the engine: deals/s and card plays/s per game, one core and all cores.

    python scripts/bench.py                 # every case, 5 repeats, medians
    python scripts/bench.py --repeats 9 --case oh_hell-random
    python scripts/bench.py --end-to-end --case oh_hell-random   # and what a user runs

Each case plays whole boards through the engine's ``run_chunk`` (records
included, exactly what a study runs). One core: a single process. All
cores: one chunk per core through joblib (loky), timed after the workers
are warm. Figures are medians of ``--repeats`` runs; the machine is shared,
so expect noise and quote medians.

``--solver`` and ``--pimc`` measure the search instead (``scripts/bench_search.py``):
the exact solver's solves/s beside DDS's, and the PIMC player's decisions/s.

``--end-to-end`` adds, under each case's kernel rows, the same study as a
user runs it: ``tricksim simulate --aggregate`` in a fresh process (start,
imports, chunks, their reduction to cubes, the checkpoints and the final
cube; the numba cache warm), on one core (``--jobs 1``) and on all, over
the boards the kernel row plays in ``E2E_SECONDS``, timed on the wall
clock; and below it the same run writing its full records (``simulate``
without ``--aggregate``: Parquet files of every deal and game row). The last
column is each one's speed as a share of the kernel's: each
round times the kernel again just before the run, over as many boards,
and the share is the median of the rounds' shares.
"""
from __future__ import annotations

import argparse
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass

import numpy as np
from joblib import Parallel, delayed

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))   # bench_search

from sim.engine import Engine  # noqa: E402
from sim.rng_nb import chunk_states  # noqa: E402
from sim.study import Study  # noqa: E402
from bench_search import bench_pimc, bench_solver  # noqa: E402


@dataclass(frozen=True)
class Case:
    name: str
    game: str
    players: int
    lineup: tuple[str, ...]
    options: tuple[tuple[str, str], ...]
    boards: int          # boards per timed run on one core
    unit: str            # what the headline rate counts: "deals" or "games"
    reference: str = ""
    cards_per_deal: int = 0   # card plays per deal when the records count no tricks (0: from tricks)
    variant: str | None = None
    cards_column: str = ""    # a deals column counting each seat's card plays (instead of tricks)


CASES = (
    Case("oh_hell-random", "oh_hell", 4, ("random",), (("rounds", "12"),), 400_000, "deals",
         "bare C loop ~2,700,000 deals/s, OpenSpiel C++ ~100,000 (one core; scripts/bench_references.py)"),
    Case("oh_hell-heuristic", "oh_hell", 4, ("heuristic",), (("rounds", "12"),), 100_000, "deals"),
    Case("wizard-heuristic", "wizard", 4, ("heuristic",), (), 40_000, "games"),
    Case("wizard-random", "wizard", 4, ("random",), (), 60_000, "games"),
    Case("schieber-random", "jass", 4, ("random",), (), 40_000, "games",
         "jass-kit plays ~800 random Schieber deals/s (one core; scripts/bench_references.py)"),
    Case("schieber-heuristic", "jass", 4, ("heuristic",), (), 10_000, "games"),
    # French Tarot: a game is one deal per player; every card but the dog is played
    Case("tarot3-random", "tarot", 3, ("random",), (), 20_000, "deals", cards_per_deal=72),
    Case("tarot4-random", "tarot", 4, ("random",), (), 20_000, "deals", cards_per_deal=72),
    Case("tarot5-random", "tarot", 5, ("random",), (), 16_000, "deals", cards_per_deal=75),
    Case("tarot3-heuristic", "tarot", 3, ("heuristic",), (), 5_000, "deals", cards_per_deal=72),
    Case("tarot4-heuristic", "tarot", 4, ("heuristic",), (), 5_000, "deals", cards_per_deal=72),
    Case("tarot5-heuristic", "tarot", 5, ("heuristic",), (), 4_000, "deals", cards_per_deal=75),
    # Beim Jupiter: a game is 8 rounds on one table (card plays counted from the tricks)
    Case("jupiter3-random", "jupiter", 3, ("random",), (), 20_000, "games"),
    Case("jupiter4-random", "jupiter", 4, ("random",), (), 20_000, "games"),
    Case("jupiter5-random", "jupiter", 5, ("random",), (), 16_000, "games"),
    Case("jupiter3-heuristic", "jupiter", 3, ("heuristic",), (), 10_000, "games"),
    Case("jupiter4-heuristic", "jupiter", 4, ("heuristic",), (), 10_000, "games"),
    Case("jupiter5-heuristic", "jupiter", 5, ("heuristic",), (), 8_000, "games"),
    # Pitch: a game runs to a target (Auction 7, Ten-point 52); Auction plays all 24 cards,
    # Ten-point only the trumps (counted per seat in the records). Random Ten-point games
    # mostly run to the 400-deal limit (~374 deals a game): fewer boards
    Case("pitch-auction-random", "pitch", 4, ("random",), (), 60_000, "deals",
         cards_per_deal=24, variant="auction"),
    Case("pitch-auction-heuristic", "pitch", 4, ("heuristic",), (), 20_000, "deals",
         cards_per_deal=24, variant="auction"),
    Case("pitch-ten_point-random", "pitch", 4, ("random",), (), 1_000, "deals",
         variant="ten_point", cards_column="trumps_played"),
    Case("pitch-ten_point-heuristic", "pitch", 4, ("heuristic",), (), 10_000, "deals",
         variant="ten_point", cards_column="trumps_played"),
)


def make_study(case: Case, boards: int) -> Study:
    return Study.create(case.game, players=case.players, lineup=list(case.lineup),
                        options=dict(case.options), boards=boards, seed=12345,
                        variant=case.variant)


def play(case: Case, boards: int, chunk: int) -> tuple[float, int, int, int]:
    """Seconds, deals, games and card plays of one run_chunk call."""
    study = make_study(case, boards)
    engine = Engine(study)
    states = chunk_states(study.seed, chunk)
    t0 = time.perf_counter()
    records = engine.run_chunk(chunk * boards, boards, states)
    seconds = time.perf_counter() - t0
    deals = records["deals"]
    n_deals = len(deals) // case.players
    n_games = len(records["games"]) // case.players
    if case.cards_per_deal:
        plays = n_deals * case.cards_per_deal
    elif case.cards_column:
        plays = int(deals[case.cards_column].astype(np.int64).sum())
    else:   # every trick taken is one card from each player
        plays = int(deals["tricks"].astype(np.int64).sum()) * case.players
    return seconds, n_deals, n_games, plays


def bench_one_core(case: Case, repeats: int):
    play(case, 10, 0)  # compile or load from cache
    runs = [play(case, case.boards, i + 1) for i in range(repeats)]
    return _rates(case, runs, [r[0] for r in runs], case.boards)


def bench_all_cores(case: Case, repeats: int, cores: int):
    with Parallel(n_jobs=cores, backend="loky") as parallel:
        parallel(delayed(play)(case, 10, 0) for _ in range(cores))  # warm the workers
        runs, walls = [], []
        for r in range(repeats):
            t0 = time.perf_counter()
            parts = parallel(delayed(play)(case, case.boards, 1 + r * cores + c) for c in range(cores))
            walls.append(time.perf_counter() - t0)
            runs.append((walls[-1], *(sum(p[i] for p in parts) for i in (1, 2, 3))))
    return _rates(case, runs, walls, case.boards * cores)


# an end-to-end run plays about this many seconds of the kernel's work (at the kernel row's
# speed): long enough that starting the processes, imports and loading the kernels (2-4 s)
# weigh what they weigh in a real study, not more
E2E_SECONDS = 10.0


def simulate_command(case: Case, boards: int, jobs: int, out: str, aggregate: bool = True) -> list[str]:
    """``tricksim simulate --aggregate`` of the case's study (without ``--aggregate``: its records)."""
    command = [sys.executable, "-m", "sim.cli", "simulate", case.game, "-n", str(case.players),
               "--games", str(boards), "--seed", "12345", *(["--aggregate"] if aggregate else []),
               "--jobs", str(jobs), "--no-progress", "--fresh", "--out", out]
    for spec in case.lineup:
        command += ["-p", spec]
    for name, value in case.options:
        command += ["-o", f"{name}={value}"]
    if case.variant:
        command += ["-v", case.variant]
    return command


def bench_end_to_end(case: Case, repeats: int, jobs: int, kernel_boards_per_s: float,
                     aggregate: bool = True) -> float:
    """``simulate``'s speed as a share of the kernel's: the median over ``repeats`` rounds
    of its boards/s on the wall clock over the kernel's, timed just before it over as
    many boards (:func:`kernel_rate`). The machine is shared and its speed drifts by
    tens of percent within minutes: a ratio of two figures taken minutes apart, or of
    a quarter-second kernel run to a ten-second study, would measure the drift as much
    as the study."""
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    boards = max(case.boards, round(E2E_SECONDS * kernel_boards_per_s))
    shares = []
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(repeats):
            kernel = kernel_rate(case, boards, jobs)
            t0 = time.perf_counter()
            subprocess.run(simulate_command(case, boards, jobs, os.path.join(tmp, "run"), aggregate), cwd=root,
                           check=True, stdout=subprocess.DEVNULL)
            shares.append(boards / (time.perf_counter() - t0) / kernel)
    return statistics.median(shares)


def kernel_rate(case: Case, boards: int, jobs: int) -> float:
    """Boards/s of the kernel row's runs (``case.boards`` each, on ``jobs`` cores) over at least
    ``boards`` boards: their boards over their summed seconds."""
    runs = max(1, math.ceil(boards / (case.boards * jobs)))
    if jobs == 1:
        play(case, 10, 0)
        return runs * case.boards / sum(play(case, case.boards, 1 + r)[0] for r in range(runs))
    with Parallel(n_jobs=jobs, backend="loky") as parallel:
        parallel(delayed(play)(case, 10, 0) for _ in range(jobs))
        t0 = time.perf_counter()
        for r in range(runs):
            parallel(delayed(play)(case, case.boards, 1 + r * jobs + c) for c in range(jobs))
        return runs * jobs * case.boards / (time.perf_counter() - t0)


def _rates(case, runs, seconds, boards):
    """Medians of deals/s, games/s (None when a game is one deal), card plays/s and boards/s."""
    deals, games, plays = ([run[i] / s for run, s in zip(runs, seconds)] for i in (1, 2, 3))
    games_per_s = statistics.median(games) if case.unit == "games" else None
    return (statistics.median(deals), games_per_s, statistics.median(plays),
            statistics.median(boards / s for s in seconds))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--case", action="append", help="run only these cases (by name)")
    ap.add_argument("--cores", type=int, default=os.cpu_count())
    ap.add_argument("--scale", type=float, default=1.0, help="multiply the boards per run")
    ap.add_argument("--end-to-end", action="store_true",
                    help="add rows per case and core count: `tricksim simulate --aggregate`, and with records")
    ap.add_argument("--solver", action="store_true",
                    help="instead: the exact solver's and DDS's solves/s (needs endplay)")
    ap.add_argument("--pimc", action="store_true",
                    help="instead: the pimc player's decisions/s at two budgets, and a deal's time")
    args = ap.parse_args(argv)
    if args.solver:
        return bench_solver(args.scale)
    if args.pimc:
        return bench_pimc(args.scale)
    cases = [c for c in CASES if not args.case or c.name in args.case]
    if not cases:
        ap.error(f"unknown case; cases are {', '.join(c.name for c in CASES)}")
    print(f"tricksim bench: median of {args.repeats} runs, {args.cores} cores available")
    print(f"{'case':<33} {'cores':>5} {'deals/s':>12} {'games/s':>10} {'card plays/s':>14}"
          + (f" {'of kernel':>9}" if args.end_to_end else ""))
    for case in cases:
        case = Case(**{**case.__dict__, "boards": max(1, int(case.boards * args.scale))})
        for cores in sorted({1, args.cores}):
            if cores == 1:
                d, g, p, b = bench_one_core(case, args.repeats)
            else:
                d, g, p, b = bench_all_cores(case, args.repeats, cores)
            print(_row(case.name, cores, d, g, p), flush=True)
            if args.end_to_end:
                # the same boards as the kernel's, so its deals, games and card plays per
                # board carry over: the end-to-end rates are the kernel row's times the share
                for aggregate, label in ((True, "simulate"), (False, "records")):
                    share = bench_end_to_end(case, args.repeats, cores, b, aggregate)
                    print(_row(f"{case.name} {label}", cores, d * share,
                               None if g is None else g * share, p * share)
                          + f" {share:>9.2f}", flush=True)
        if case.reference:
            print(f"{'':<33} for scale: {case.reference}")
    return 0


def _row(name: str, cores: int, deals: float, games: float | None, plays: float) -> str:
    games_text = f"{games:>10,.0f}" if games is not None else f"{'':>10}"
    return f"{name:<33} {cores:>5} {deals:>12,.0f} {games_text} {plays:>14,.0f}"


if __name__ == "__main__":
    sys.exit(main())
