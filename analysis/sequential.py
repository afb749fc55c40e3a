"""Sequential paired comparisons: look after every chunk, stop when the answer is clear.

A fixed-sample 95 % interval (:func:`analysis.stats.paired_diff_ci`) is valid
for a number of boards chosen in advance. Looked at after every chunk, and the
runs stopped once it looks narrow enough or significant, it misses the truth
far more often than 5 %. The two tools here stay valid at every look.

Confidence sequence
    :func:`confidence_sequence` is the Gaussian-mixture asymptotic confidence
    sequence (AsympCS) of Waudby-Smith, Arbour, Sinha, Kennedy & Ramdas,
    "Time-uniform central limit theory and asymptotic confidence sequences",
    Annals of Statistics (2024): Robbins' normal mixture boundary with the
    sample standard deviation in place of the true one,

        mean ± sd · sqrt(2 (n ρ² + 1) / (n² ρ²) · log(sqrt(n ρ² + 1) / α)),

    which covers the true mean at every n at once with probability 1 − α
    (asymptotically; before 30 boards it is not looked at, see
    :data:`MIN_BOARDS`). ρ sets the number of boards where the sequence is
    narrowest (:func:`rho_for`, the paper's choice for a target size).
    Why this one rather than an empirical-Bernstein sequence (Howard, Ramdas,
    McAuliffe & Sekhon 2021; Waudby-Smith & Ramdas 2023), which is valid at
    every n but needs the range of a difference: a board's game total is
    bounded, but by far more than it spreads (Wizard, four players, a
    heuristic in place of a random player, 400 boards: per-board differences
    with a standard deviation of 152 points, where the rules let one reach
    ±2,700), and a sequence that pays for the range stays much wider until
    its range terms fade, after many thousands of boards. Where
    a range is known (a rate: ±1), the sequence is cut to it; and the running
    intersection over the looks is kept, which keeps the guarantee.

GSPRT
    :class:`Sprt` tests H0: mean difference 0 against H1: mean difference D,
    as chess-engine testing frameworks do (fishtest's generalized SPRT, after
    Wald's sequential probability ratio test): the log-likelihood ratio of two
    normal models with the sample variance,

        LLR = n (θ1 − θ0) (2 mean − θ0 − θ1) / (2 var),

    compared after each look with Wald's bounds log(β / (1 − α)) (H0
    accepted) and log((1 − β) / α) (H1 accepted).

:func:`run_sequential` drives both from a callback that plays ``k`` more
boards and returns their per-board differences, so that any pair of runs (or,
later, any set of them) can be extended look by look.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from sim.errors import TricksimError, choices

ALPHA = 0.05
BETA = 0.05
# Both rest on the sample variance, which a handful of boards estimates badly (two boards
# of nearly equal differences make any mean look certain). So neither looks before this
# many boards. Measured on a null pair (tests/wizard/test_compare_sequential.py: Oh Hell,
# random players), 600 tests of 400 boards looked at after every board: from the 2nd
# board on, 16 % false positives (α = 5 %) and the sequence covered the mean at every
# look in 76 % of tests; from the 10th, 6.2 % and 94 %; from the 30th, 4.7 % and 97.5 %.
MIN_BOARDS = 30


def rho_for(target_boards: float, alpha: float = ALPHA) -> float:
    """The ρ that makes the confidence sequence narrowest at ``target_boards``
    (the choice of Waudby-Smith et al. 2024 for a target size; the test checks it
    against a search)."""
    log_term = -2.0 * math.log(alpha)
    return math.sqrt((log_term + math.log(log_term + 1.0)) / max(float(target_boards), 1.0))


def cs_radius(n: int, sd: float, rho: float, alpha: float = ALPHA) -> float:
    """Half-width of the asymptotic confidence sequence after ``n`` observations."""
    if n < 2:
        return math.inf
    v = n * rho * rho
    return sd * math.sqrt(2.0 * (v + 1.0) / (n * v) * math.log(math.sqrt(v + 1.0) / alpha))


def _moments(n: int, total: float, total_sq: float) -> tuple[float, float]:
    """Mean and sample variance (n − 1 in the denominator) from sums."""
    mean = total / n
    var = max(total_sq - n * mean * mean, 0.0) / (n - 1) if n > 1 else math.nan
    return mean, var


def confidence_sequence(n: int, total: float, total_sq: float, rho: float, alpha: float = ALPHA,
                        bounds: tuple[float, float] | None = None) -> tuple[float, float, float]:
    """(mean, low, high): the asymptotic confidence sequence at ``n`` observations whose sum
    is ``total`` and sum of squares ``total_sq``, cut to ``bounds`` when given."""
    if n < 1:
        return math.nan, -math.inf, math.inf
    mean, var = _moments(n, total, total_sq)
    radius = cs_radius(n, math.sqrt(var) if n > 1 else math.inf, rho, alpha)
    lo, hi = mean - radius, mean + radius
    if bounds is not None:
        lo, hi = max(lo, bounds[0]), min(hi, bounds[1])
    return mean, lo, hi


# -- the GSPRT -------------------------------------------------------------------------------
H1, H0, CONTINUE = "H1 accepted", "H0 accepted", "continue"
HYPOTHESIS = re.compile(r"\s*([^\s<>=]+)\s*>\s*([^\s<>=]+)\s+by\s+(\S+)\s*")


@dataclass(frozen=True)
class Sprt:
    """H0: mean difference ``theta0`` against H1: ``theta1``, error rates ``alpha`` and ``beta``."""
    theta0: float
    theta1: float
    alpha: float = ALPHA
    beta: float = BETA
    text: str = ""

    @property
    def lower(self) -> float:
        """Wald's bound under which H0 is accepted."""
        return math.log(self.beta / (1.0 - self.alpha))

    @property
    def upper(self) -> float:
        """Wald's bound above which H1 is accepted."""
        return math.log((1.0 - self.beta) / self.alpha)

    def llr(self, n: int, total: float, total_sq: float) -> float:
        """The log-likelihood ratio of H1 to H0 under a normal model with the sample variance."""
        if n < 2:
            return 0.0
        mean, var = _moments(n, total, total_sq)
        var *= (n - 1) / n                      # the maximum-likelihood variance, as fishtest's
        step = (self.theta1 - self.theta0) * (2.0 * mean - self.theta0 - self.theta1)
        if var <= 0.0:                         # every difference the same: no noise to weigh
            return math.copysign(math.inf, step) if step else 0.0
        return n * step / (2.0 * var)

    def decide(self, llr: float) -> str:
        return H1 if llr >= self.upper else H0 if llr <= self.lower else CONTINUE


def check_rate(name: str, value) -> float:
    """An error rate strictly between 0 and 0.5."""
    try:
        rate = math.nan if isinstance(value, (bool, str)) else float(value)
    except (TypeError, ValueError):
        rate = math.nan
    if not 0.0 < rate < 0.5:
        raise TricksimError(f"{name} must be a number above 0 and below 0.5, not {value!r}")
    return rate


# how the command line writes each setting of a sequential comparison (a study file: its keys)
OPTIONS = {"precision": "--precision", "max_boards": "--max-boards", "sprt": "--sprt",
           "alpha": "--alpha", "beta": "--beta"}


def parse_sprt(text: str, names: dict[str, float], alpha: float = ALPHA, beta: float = BETA,
               keys: dict[str, str] = OPTIONS) -> Sprt:
    """The SPRT of a hypothesis ``"X>Y by D"`` on differences B − A.

    ``names`` maps every name a side may go by to the sign its win gives the
    difference B − A (``{"A": -1, "B": 1}`` and the runs' own names); D is a
    number above 0, in the measure's unit. ``keys``: how errors name the settings.
    """
    if not isinstance(text, str):
        raise TricksimError(f"{keys['sprt']} must be a hypothesis such as \"A>B by 2\", not {text!r}")
    match = HYPOTHESIS.fullmatch(text)
    allowed = f'a hypothesis is "X>Y by D", X and Y two of {choices(sorted(names))}, D a number above 0'
    if not match:
        raise TricksimError(f"{keys['sprt']} {text!r} is malformed; {allowed}")
    better, worse, by = match.groups()
    for name in (better, worse):
        if name not in names:
            raise TricksimError(f"{keys['sprt']} {text!r}: {name!r} is not a run of the comparison; {allowed}")
    if names[better] == names[worse]:
        raise TricksimError(f"{keys['sprt']} {text!r} names the same run twice; {allowed}")
    try:
        delta = float(by)
    except ValueError:
        delta = math.nan
    if not (math.isfinite(delta) and delta > 0):
        raise TricksimError(f"{keys['sprt']} {text!r}: D must be a number above 0, not {by!r}")
    return Sprt(0.0, names[better] * delta, check_rate(keys["alpha"], alpha), check_rate(keys["beta"], beta),
                text=f"{better}>{worse} by {by}")


# -- the driver ------------------------------------------------------------------------------
@dataclass
class Tally:
    """Running sums of one measure's per-board differences, and its confidence sequence."""
    bounds: tuple[float, float] | None = None
    n: int = 0
    total: float = 0.0
    total_sq: float = 0.0
    lo: float = -math.inf
    hi: float = math.inf

    def add(self, diffs) -> None:
        diffs = np.asarray(diffs, dtype=np.float64)
        self.n += len(diffs)
        self.total += float(diffs.sum())
        self.total_sq += float((diffs * diffs).sum())

    def look(self, rho: float, alpha: float, min_boards: int = MIN_BOARDS) -> None:
        """The confidence sequence now, intersected with every earlier look's (none
        before ``min_boards``)."""
        if self.n < min_boards:
            return
        _, lo, hi = confidence_sequence(self.n, self.total, self.total_sq, rho, alpha, self.bounds)
        self.lo, self.hi = max(self.lo, lo), min(self.hi, hi)

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else math.nan

    @property
    def width(self) -> float:
        return self.hi - self.lo


@dataclass
class Outcome:
    """How a sequential comparison ended: ``reason`` (``precision``, ``sprt``,
    ``max boards``), the boards used, the looks, each measure's tally and the SPRT's."""
    reason: str
    boards: int
    looks: int
    tallies: dict[str, Tally]
    rho: float
    alpha: float
    precision: float | None = None
    sprt: Sprt | None = None
    llr: float = math.nan
    decision: str = CONTINUE
    history: list[tuple] = field(default_factory=list)   # (boards, {name: (lo, hi)}, llr) per look


def run_sequential(more: Callable[[int], dict[str, np.ndarray]], start: int, step: int, max_boards: int,
                   precision: float | None = None, sprt: tuple[str, Sprt] | None = None,
                   alpha: float = ALPHA, bounds: dict | None = None,
                   target: float | None = None, min_boards: int = MIN_BOARDS) -> Outcome:
    """Look at per-board differences until every confidence sequence is at most
    ``precision`` wide, or the SPRT on measure ``sprt[0]`` decides, or
    ``max_boards`` are used.

    ``more(k)`` returns the next ``k`` boards' differences, one array per
    measure (the first call: the ``start`` boards already played); each later
    look asks for ``step`` boards (fewer at the end). ``bounds`` gives the range
    of a measure's difference where it has one. The confidence sequences are
    narrowest near ``target`` boards (default: the geometric mean of ``start``
    and ``max_boards``). Looks before ``min_boards`` boards (:data:`MIN_BOARDS`)
    neither narrow a sequence nor decide.
    """
    if precision is None and sprt is None:
        raise ValueError("nothing to stop on: give a precision, an SPRT or both")
    start, step = max(int(start), 1), max(int(step), 1)
    max_boards = max(int(max_boards), start)
    rho = rho_for(target or math.sqrt(max(start, min_boards) * max_boards), alpha)
    tallies: dict[str, Tally] = {}
    outcome = Outcome("max boards", 0, 0, tallies, rho, alpha, precision, sprt[1] if sprt else None)
    ask = start
    while True:
        for name, diffs in more(ask).items():
            tallies.setdefault(name, Tally((bounds or {}).get(name))).add(diffs)
        outcome.looks += 1
        outcome.boards = max(t.n for t in tallies.values())
        for tally in tallies.values():
            tally.look(rho, alpha, min_boards)
        if sprt is not None:
            tally = tallies[sprt[0]]
            outcome.llr = sprt[1].llr(tally.n, tally.total, tally.total_sq)
            if tally.n >= min_boards:
                outcome.decision = sprt[1].decide(outcome.llr)
        outcome.history.append((outcome.boards, {k: (t.lo, t.hi) for k, t in tallies.items()}, outcome.llr))
        if outcome.decision != CONTINUE:
            outcome.reason = "sprt"
            return outcome
        if precision is not None and all(t.width <= precision for t in tallies.values()):
            outcome.reason = "precision"
            return outcome
        if outcome.boards >= max_boards:
            return outcome
        ask = min(step, max_boards - outcome.boards)
