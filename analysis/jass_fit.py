"""Fit the Differenzler points predictor of the Jass heuristic by simulation.

The heuristic (``strategies/jass_heuristic_nb.py``) predicts its card points
in a Differenzler deal as ``intercept`` + one coefficient per feature of its
dealt hand (``hand_features``: trumps, Buur, Nell, sure tops, Tens, void
suits). This module finds the coefficients:

1. play Differenzler games with four copies of the heuristic on a fixed
   seed and record every seat's dealt hand, trump suit and points taken;
2. fit the coefficients to the points by **least absolute deviations**: the
   penalty of a deal is ``|points - prediction|``, and LAD minimises exactly
   the mean of that over the sample (least squares would aim at the mean of
   the points, which the few big hands drag above the typical hand);
3. repeat with the fitted coefficients: the player steers its play towards
   its prediction (``steer``), so the points depend on the predictor being
   fitted. A few rounds reach a fixed point; the first starts from a
   constant prediction of 39 (no dependence on the current defaults).

Run it as ``tricksim fit differenzler [--deals N --seed S --jobs J]`` (or
``python -m analysis.jass_fit``);
it prints the coefficients, the ``heuristic[...]`` spec that uses them and
their mean |diff| against a constant prediction of 39 on fresh deals.
"""
from __future__ import annotations

import argparse
import math
import time

import numba
import numpy as np

from sim import registry
from sim.errors import counted
from sim.rng_nb import chunk_states
from sim.study import Study
from sim.engine import Engine
from strategies import jass_hand_nb as hand_nb
from strategies import jass_heuristic_nb as H
from strategies.registry import resolve

COEFFICIENT_NAMES = H.NAMES[H.P_INTERCEPT:H.P_INTERCEPT + 1 + H.N_FEATURES]
DEFAULT_DEALS = 200_000
DEFAULT_SEED = 2024
DEFAULT_ROUNDS = 5
CONSTANT_PREDICTION = 39          # about a quarter of the 157 points: the naive prediction
FRESH_SEED_OFFSET = 1_000_003     # evaluation deals: a seed the fit never played
USER_SPEC = "strategies.jass_heuristic_nb:HEURISTIC_AS_USER"


def player_name() -> str:
    """The built-in ``heuristic`` once it is this player (fast, inline), else the
    same player reached through a function pointer."""
    builtin = resolve("jass", "heuristic")
    return "heuristic" if tuple(builtin.param_names) == tuple(H.NAMES) else USER_SPEC


def spec(coefficients: dict[str, float], name: str = "heuristic") -> str:
    """A player spec with these predictor coefficients, e.g. ``heuristic[intercept=…,…]``."""
    values = ",".join(f"{k}={coefficients[k]:.4g}" for k in COEFFICIENT_NAMES)
    return f"{name}[{values}]"


def constant(value: float = CONSTANT_PREDICTION) -> dict[str, float]:
    """Coefficients that always predict ``value``."""
    return {k: (float(value) if k == "intercept" else 0.0) for k in COEFFICIENT_NAMES}


def play_deals(lineup: list[str], deals: int, seed: int, jobs: int = 1,
               seating: str = "fixed") -> np.ndarray:
    """Deal records of Differenzler games of ``lineup`` (about ``deals`` deals):
    chunks in numba threads, ``jobs`` at a time; the records depend on the
    seed only, not on ``jobs``."""
    study = Study.create("jass", variant="differenzler", lineup=lineup, deals=deals, seed=seed,
                         seating=seating)
    game = registry.game("jass")
    tasks = [(i, *study.chunk_bounds(i), chunk_states(study.seed, i)) for i in range(study.n_chunks)]
    jobs = max(1, min(int(jobs), numba.config.NUMBA_NUM_THREADS))
    previous = numba.get_num_threads()
    numba.set_num_threads(jobs)
    try:
        parts = []
        for start in range(0, len(tasks), jobs):
            parts += [r["deals"] for r in Engine(study).run_chunks(tasks[start:start + jobs])]
    finally:
        numba.set_num_threads(previous)
    return np.concatenate(parts)


@numba.njit(cache=True)
def _feature_rows(hands, modes):
    out = np.empty((hands.shape[0], H.N_FEATURES), np.float64)
    for i in range(hands.shape[0]):
        f = hand_nb.hand_features(hands[i], modes[i])
        for k in range(H.N_FEATURES):
            out[i, k] = f[k]
    return out


def features(records: np.ndarray) -> np.ndarray:
    """The predictor's features of each record's dealt hand: array (rows, N_FEATURES)."""
    return _feature_rows(np.ascontiguousarray(records["hand"], dtype=np.uint64),
                         np.ascontiguousarray(records["mode"], dtype=np.int64))


def least_absolute_deviations(X: np.ndarray, y: np.ndarray, iterations: int = 60) -> np.ndarray:
    """``b`` minimising ``mean |y - X b|``, by iteratively reweighted least squares
    (weights 1 / |residual|, floored so that fitted points do not blow up)."""
    b = np.linalg.lstsq(X, y, rcond=None)[0]
    for _ in range(iterations):
        weights = 1.0 / np.maximum(np.abs(y - X @ b), 0.5)
        root = np.sqrt(weights)
        b = np.linalg.lstsq(X * root[:, None], y * root, rcond=None)[0]
    return b


def fit_once(records: np.ndarray) -> dict[str, float]:
    """LAD fit of the points of ``records`` on their hands' features."""
    X = np.column_stack([np.ones(len(records)), features(records)])
    b = least_absolute_deviations(X, records["points"].astype(np.float64))
    return {k: float(v) for k, v in zip(COEFFICIENT_NAMES, b)}


def fit(deals: int = DEFAULT_DEALS, seed: int = DEFAULT_SEED, jobs: int = 1,
        rounds: int = DEFAULT_ROUNDS, verbose: bool = False) -> dict[str, float]:
    """The predictor's coefficients, fitted on ``deals`` deals of heuristic
    players (see the module docstring); deterministic for (deals, seed, rounds)."""
    coefficients = constant()
    name = player_name()
    for r in range(rounds):
        records = play_deals([spec(coefficients, name)], deals, seed, jobs)
        coefficients = fit_once(records)
        if verbose:
            print(f"round {r + 1}: {counted(len(records), 'hand')}: {spec(coefficients)}", flush=True)
    return coefficients


def compare_to_constant(coefficients: dict[str, float], deals: int, seed: int,
                        jobs: int = 1) -> dict[str, float]:
    """Mean |diff| of the fitted predictor against a constant prediction of 39.

    Duplicate Differenzler: lineup fitted, constant, fitted, constant; each
    board is played in the four rotations, so both predictors hold every
    hand of the board. Returns the two means over hands and their paired
    difference per board with a 95 % t interval (fitted - constant: below
    zero is better).
    """
    name = player_name()
    fitted, const = spec(coefficients, name), spec(constant(), name)
    records = play_deals([fitted, const, fitted, const], deals, seed, jobs, seating="duplicate")
    penalty = records["penalty"].astype(np.float64)
    is_fitted = records["player"] % 2 == 0
    board = records["board"] - records["board"].min()
    n_boards = int(board.max()) + 1

    def per_board(mask):
        return (np.bincount(board[mask], penalty[mask], n_boards)
                / np.maximum(np.bincount(board[mask], minlength=n_boards), 1))

    diff = per_board(is_fitted) - per_board(~is_fitted)
    half = 1.96 * diff.std(ddof=1) / math.sqrt(n_boards)
    return {"fitted": float(penalty[is_fitted].mean()), "constant": float(penalty[~is_fitted].mean()),
            "difference": float(diff.mean()), "half_width": float(half), "boards": n_boards,
            "hands": int(is_fitted.sum())}


def print_spec(coefficients: dict[str, float]) -> None:
    """Print the coefficients as DEFAULTS-ready numbers and as a player spec."""
    print("coefficients:", ", ".join(f"{k}={v:.2f}" for k, v in coefficients.items()))
    print("as a player: ", spec({k: round(v, 2) for k, v in coefficients.items()}))


def main(argv=None, prog: str = "tricksim fit differenzler") -> int:
    parser = argparse.ArgumentParser(prog=prog, description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=DEFAULT_DEALS, help="deals per fitting round")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--jobs", type=int, default=1, help="chunks played at once (numba threads)")
    parser.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS, help="fit, play with the fit, refit …")
    parser.add_argument("--check-deals", type=int, default=0,
                        help="then compare with a constant 39 on this many fresh deals (0: as many as --deals)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    coefficients = fit(args.deals, args.seed, args.jobs, args.rounds, verbose=True)
    print_spec(coefficients)
    check = compare_to_constant(coefficients, args.check_deals or args.deals,
                                args.seed + FRESH_SEED_OFFSET, args.jobs)
    print(f"mean |diff| on {check['hands']:,} fresh hands: fitted {check['fitted']:.2f}, "
          f"constant {CONSTANT_PREDICTION}: {check['constant']:.2f}; fitted - constant per board "
          f"{check['difference']:+.2f} ± {check['half_width']:.2f} (95 %, {counted(check['boards'], 'board')})")
    print(f"({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(prog="python -m analysis.jass_fit"))
