"""Two runs extended look by look until their difference is clear (``tricksim compare --precision/--sprt``).

The two runs of a comparison are dealt the same cards board by board, and a
run extended to more games keeps its first boards as played (``run_study(...,
extend=True)``: every board has its own streams). So both runs can grow a
chunk at a time, on the same boards, and the paired differences be looked at
after every chunk with the tools of :mod:`analysis.sequential`, which stay
valid however often one looks.

The measure looked at is the primary one of the comparison: the mean game
total, per board, of the lineup slots whose player differs between the runs
(every player when only rule options differ), B − A. When the looks stop,
both runs are complete run directories of the size reached, which
``tricksim compare`` (and ``report``) read as any other.
"""
from __future__ import annotations

import dataclasses
import math
from pathlib import Path

import numpy as np
import pandas as pd

from sim.errors import TricksimError, counted
from .compare import ALL_PLAYERS, Measure, _board_means
from .sequential import ALPHA, BETA, CONTINUE, OPTIONS, Outcome, check_rate, parse_sprt, run_sequential
from .words import signed_points

PRIMARY = "mean_total"


@dataclasses.dataclass(frozen=True)
class Request:
    """What to stop on: ``precision`` (the widest confidence sequence allowed), an SPRT
    hypothesis ``sprt`` ("A>B by D"), ``max_boards``; ``alpha`` and ``beta``."""
    precision: float | None = None
    max_boards: int | None = None
    sprt: str | None = None
    alpha: float = ALPHA
    beta: float = BETA

    @property
    def asked(self) -> bool:
        return self.precision is not None or self.sprt is not None


# a Request's options on the command line (--max-boards for max_boards), in the order a
# command that plays a run again names them
REQUEST_OPTIONS = ("precision", "sprt", "max_boards", "alpha", "beta")


def request_of(given: dict) -> Request | None:
    """The Request of the options given (a value None: not given); None when none is."""
    given = {k: v for k, v in given.items() if v is not None}
    return Request(**given) if given else None


def changed_slots(study_a: dict, study_b: dict) -> list[int]:
    """The lineup slots whose player differs; every slot when none does."""
    slots = [slot for slot, (x, y) in enumerate(zip(study_a["lineup"], study_b["lineup"])) if x != y]
    return slots or list(range(len(study_a["lineup"])))


def primary_measure(study_a: dict, study_b: dict) -> Measure:
    slots = changed_slots(study_a, study_b)
    who = ALL_PLAYERS if len(slots) == len(study_a["lineup"]) else \
        "slot " + ", ".join(str(s) for s in slots)
    return Measure(PRIMARY, f"game total ({who})", lambda g: g["total"], "games",
                   rows=lambda g: np.isin(g["player"].to_numpy(), slots))


def board_differences(run_a, run_b, measure: Measure, from_board: int = 0) -> np.ndarray:
    """The measure's per-board difference B − A, boards ``from_board`` on, in board order."""
    from sim.store import iter_records
    means = []
    for run in (run_a, run_b):
        records = pd.concat(iter_records(run, measure.table, from_board=from_board), ignore_index=True)
        means.append(_board_means(records[records["board"] >= from_board], measure, None))
    joined = pd.concat({"a": means[0], "b": means[1]}, axis=1, join="inner").sort_index()
    return (joined["b"] - joined["a"]).to_numpy(dtype=np.float64)


def check_request(request: Request, boards: int, names: dict[str, int], keys: dict = OPTIONS) -> None:
    """One-line errors for a request that cannot be met, before anything is played
    (``keys``: how the errors name the settings)."""
    precision, max_boards = request.precision, request.max_boards
    if precision is not None and not (isinstance(precision, (int, float)) and not isinstance(precision, bool)
                                      and math.isfinite(precision) and precision > 0):
        raise TricksimError(f"{keys['precision']} must be a width above 0, not {precision!r}")
    if max_boards is not None and (not isinstance(max_boards, int) or isinstance(max_boards, bool)):
        raise TricksimError(f"{keys['max_boards']} must be a whole number of games, not {max_boards!r}")
    if max_boards is not None and max_boards < boards:
        raise TricksimError(f"{keys['max_boards']} {max_boards:,} is below the runs' "
                            f"{counted(boards, 'game')}; give at least {boards:,}")
    if not request.asked:
        raise TricksimError(f"{keys['max_boards']}, {keys['alpha']} and {keys['beta']} need "
                            f"{keys['precision']} or {keys['sprt']}: what to stop on")
    check_rate(keys["alpha"], request.alpha)
    check_rate(keys["beta"], request.beta)
    if request.sprt is not None:
        parse_sprt(request.sprt, names, request.alpha, request.beta, keys)


def side_names(run_a, run_b) -> dict[str, int]:
    """What the sides of a hypothesis may be called, with the sign a win of theirs gives B − A:
    A and B, and the runs' folder names when they differ."""
    names = {"A": -1, "B": 1}
    a, b = Path(run_a).name, Path(run_b).name
    if a != b:
        names.setdefault(a, -1)
        names.setdefault(b, 1)
    return names


def extend_and_compare(run_a, run_b, request: Request, play=None) -> tuple[Outcome, Measure]:
    """Extend both runs a chunk at a time until ``request`` is met; return the outcome.

    ``play(study, run_dir)`` extends one run to a study of more games (default:
    ``run_study(..., extend=True)`` in this process).
    """
    from sim.store import load_manifest, load_study
    from sim.study import check_common_deals
    if play is None:
        from sim.runner import run_study

        def play(study, run_dir):
            run_study(study, run_dir, backend="serial", progress=False, extend=True)
    manifests = [load_manifest(run) for run in (run_a, run_b)]
    for run, manifest in zip((run_a, run_b), manifests):
        if manifest["study"].get("aggregate"):
            raise TricksimError(f"{run} is an --aggregate run: comparing runs board by board "
                                f"needs their records; run both without --aggregate")
    boards = max(int(m["study"]["boards"]) for m in manifests)
    check_common_deals(*({**m["study"], "boards": boards} for m in manifests))
    studies = [dataclasses.replace(load_study(run, m), boards=boards) for run, m in zip((run_a, run_b), manifests)]
    names = side_names(run_a, run_b)
    check_request(request, boards, names)
    # an extension stopped half way (Ctrl-C) leaves a run unfinished or the two runs at
    # different sizes: both are brought to the larger one first
    for run, manifest, study in zip((run_a, run_b), manifests, studies):
        if manifest["status"] != "complete" or int(manifest["study"]["boards"]) != boards:
            play(study, run)
    max_boards = request.max_boards if request.max_boards is not None else 4 * boards
    measure = primary_measure(manifests[0]["study"], manifests[1]["study"])
    sprt = (PRIMARY, parse_sprt(request.sprt, names, request.alpha, request.beta)) if request.sprt else None
    played = [0]

    def more(k: int) -> dict[str, np.ndarray]:
        first = played[0]
        if first + k > boards:          # the runs hold fewer boards: extend both alike
            for run, study in zip((run_a, run_b), studies):
                play(dataclasses.replace(study, boards=first + k), run)
        played[0] = first + k
        return {PRIMARY: board_differences(run_a, run_b, measure, from_board=first)}

    step = min(s.chunk_boards for s in studies)
    outcome = run_sequential(more, boards, step, max_boards, request.precision, sprt, request.alpha)
    return outcome, measure


def outcome_sentences(outcome: Outcome, measure: Measure) -> list[str]:
    """The sequential outcome in words: why it stopped, the confidence sequence, the SPRT."""
    tally = outcome.tallies[PRIMARY]
    level = f"{100 * (1 - outcome.alpha):g} %"
    lines = [f"Sequential comparison of the {measure.what}, B − A: stopped after "
             f"{counted(outcome.boards, 'board')} ({counted(outcome.looks, 'look')}): "
             + _why(outcome, tally) + "."]
    lines.append(f"{measure.what[0].upper()}{measure.what[1:]}, B − A: {signed_points(tally.mean, 1)}, "
                 f"{level} confidence sequence [{signed_points(tally.lo, 1)}, {signed_points(tally.hi, 1)}] "
                 f"(width {tally.width:.3g}; asymptotic confidence sequence of Waudby-Smith et al. 2024, "
                 f"valid at every look; the tables' intervals below are fixed-sample ones).")
    if outcome.sprt is not None:
        sprt = outcome.sprt
        lines.append(f"SPRT {sprt.text} (H0: difference 0, H1: {sprt.theta1:+g}, α = "
                     f"{sprt.alpha:g}, β = {sprt.beta:g}): {outcome.decision}, LLR {outcome.llr:.3f} "
                     f"(bounds {sprt.lower:.3f} and {sprt.upper:.3f}).")
    return lines


def _why(outcome: Outcome, tally) -> str:
    if outcome.reason == "sprt":
        return f"the SPRT decided ({outcome.decision})"
    if outcome.reason == "precision":
        return f"the confidence sequence is {tally.width:.3g} wide, at most the {outcome.precision:g} asked"
    missed = []
    if outcome.precision is not None and tally.width > outcome.precision:
        missed.append(f"the confidence sequence is still {tally.width:.3g} wide, wider than the "
                      f"{outcome.precision:g} asked")
    if outcome.sprt is not None and outcome.decision == CONTINUE:
        missed.append("the SPRT has not decided")
    return f"the maximum of {counted(outcome.boards, 'board')} reached; " + " and ".join(missed)


def looks_table(outcome: Outcome) -> pd.DataFrame:
    """One row per look: boards, the confidence sequence and the SPRT's LLR."""
    rows = [{"look": i + 1, "boards": boards, "cs_lo": cs[PRIMARY][0], "cs_hi": cs[PRIMARY][1],
             "cs_width": cs[PRIMARY][1] - cs[PRIMARY][0], **({"llr": llr} if outcome.sprt else {})}
            for i, (boards, cs, llr) in enumerate(outcome.history)]
    table = pd.DataFrame(rows)
    table.attrs["title"] = "Sequential looks: the confidence sequence of B − A (and the SPRT's LLR) after each"
    return table
