"""The confidence sequence, the GSPRT and the sequential driver (analysis/sequential.py), on
synthetic per-board differences."""
import math

import numpy as np
import pytest
from scipy import stats

from analysis.sequential import (CONTINUE, H0, H1, MIN_BOARDS, Sprt, confidence_sequence, cs_radius, parse_sprt,
                                 rho_for, run_sequential)
from analysis.stats import paired_diff_ci
from sim.errors import TricksimError

NAMES = {"A": -1, "B": 1, "hook": -1, "no-hook": 1}


def game_like(rng, size, mean=0.0):
    """Skewed, lumpy differences like a game total's: a point difference of a few values,
    with a rare large swing (so that the normal approximation is not exact)."""
    base = rng.choice([-2.0, -1.0, 0.0, 1.0, 3.0], p=[0.15, 0.2, 0.3, 0.25, 0.1], size=size)
    swing = np.where(rng.random(size) < 0.03, rng.choice([-20.0, 15.0], size=size), 0.0)
    centre = (-2 * 0.15 - 0.2 + 0.25 + 0.3) + 0.03 * (-20 + 15) / 2
    return base + swing - centre + mean


def covered_at_every_look(diffs, mean, looks, rho, alpha, interval):
    """Per repetition (row): whether the interval covers ``mean`` at every look."""
    n = np.asarray(looks)
    total = np.cumsum(diffs, axis=1)[:, n - 1]
    total_sq = np.cumsum(diffs * diffs, axis=1)[:, n - 1]
    ok = np.ones(len(diffs), dtype=bool)
    for j, k in enumerate(n):
        for r in range(len(diffs)):
            if ok[r]:
                _, lo, hi = interval(k, total[r, j], total_sq[r, j], rho, alpha)
                ok[r] = lo <= mean <= hi
    return ok


def test_the_sequence_covers_the_mean_at_every_look():
    """Over 1,000 seeded repetitions of 3,000 boards, looked at every 25 boards, the 95 % sequence
    covers the true mean at all 120 looks at least 95 % of the time (up to the binomial error
    of 1,000 repetitions), where the fixed-sample interval looked at as often does not."""
    rng = np.random.default_rng(11)
    mean, alpha = 0.7, 0.05
    diffs = game_like(rng, (1000, 3000), mean)
    looks = np.arange(25, 3001, 25)
    rho = rho_for(math.sqrt(25 * 3000), alpha)
    sequence = covered_at_every_look(diffs, mean, looks, rho, alpha, confidence_sequence)
    floor = stats.binom.ppf(0.001, len(diffs), 1 - alpha) / len(diffs)
    assert sequence.mean() >= floor

    def fixed(n, total, total_sq, rho, alpha):
        return paired_diff_ci(n, total, total_sq)
    peeking = covered_at_every_look(diffs, mean, looks, rho, alpha, fixed)
    assert peeking.mean() < 0.85 < sequence.mean()


def test_the_sequence_is_narrowest_near_its_target_and_shrinks():
    rho = rho_for(1000)
    widths = {n: cs_radius(n, 1.0, rho) for n in (250, 1000, 4000)}
    assert widths[250] > widths[1000] > widths[4000]
    # at its target, the sequence is within a few per cent of the best one for that size
    best = min(cs_radius(1000, 1.0, r) for r in np.geomspace(rho / 4, rho * 4, 401))
    assert widths[1000] < 1.01 * best
    # and wider than the fixed-sample interval, the price of looking as often as one likes
    assert widths[1000] > 1.96 / math.sqrt(1000)


def test_the_sequence_stays_within_the_range_of_a_rate():
    _, lo, hi = confidence_sequence(10, 9.0, 9.0, rho_for(100), bounds=(-1.0, 1.0))
    assert -1.0 <= lo < 0.9 and hi == 1.0


def test_the_llr_is_that_of_two_normal_models():
    rng = np.random.default_rng(3)
    x = rng.normal(0.2, 1.5, 400)
    sprt = Sprt(0.0, 0.5)
    var = x.var()                       # the maximum-likelihood variance
    by_hand = (stats.norm.logpdf(x, 0.5, math.sqrt(var)) - stats.norm.logpdf(x, 0.0, math.sqrt(var))).sum()
    assert sprt.llr(len(x), x.sum(), (x * x).sum()) == pytest.approx(by_hand, rel=1e-9)
    assert sprt.lower == pytest.approx(math.log(0.05 / 0.95)) and sprt.upper == pytest.approx(math.log(19))
    assert (sprt.decide(3.0), sprt.decide(-3.0), sprt.decide(0.0)) == (H1, H0, CONTINUE)


def test_the_sprt_decides_for_the_truth():
    """With a true difference of 0 most runs accept H0, with one of D most accept H1."""
    rng = np.random.default_rng(5)
    decisions = {0.0: [], 0.4: []}
    for truth in decisions:
        for _ in range(200):
            diffs = game_like(rng, 4000, truth)
            outcome = run_sequential(lambda k, d=iter(np.array_split(diffs, 4000 // 10)): {"x": next(d)},
                                     start=10, step=10, max_boards=4000, sprt=("x", Sprt(0.0, 0.4)))
            decisions[truth].append(outcome.decision)
    assert decisions[0.0].count(H0) > 180 and decisions[0.4].count(H1) > 180


def test_a_hypothesis_names_the_better_side_and_its_margin():
    assert parse_sprt("A>B by 2.5", NAMES).theta1 == -2.5      # A better: B − A is negative
    assert parse_sprt(" no-hook > hook  by 0.5 ", NAMES).theta1 == 0.5
    assert parse_sprt("B>A by 1", NAMES, alpha=0.01, beta=0.1).alpha == 0.01


@pytest.mark.parametrize("text, said", [
    ("A>=B by 1", "malformed"), ("A>B", "malformed"), ("A better than B by 1", "malformed"),
    ("A>C by 1", "'C' is not a run of the comparison"), ("A>hook by 1", "names the same run twice"),
    ("A>B by 0", "D must be a number above 0"), ("A>B by -1", "D must be a number above 0"),
    ("A>B by inf", "D must be a number above 0"), ("A>B by x", "D must be a number above 0"),
])
def test_a_malformed_hypothesis_is_one_line(text, said):
    with pytest.raises(TricksimError, match=said) as error:
        parse_sprt(text, NAMES)
    assert "\n" not in str(error.value)


@pytest.mark.parametrize("alpha", [0, 0.5, -0.1, "x", math.nan])
def test_error_rates_are_checked(alpha):
    with pytest.raises(TricksimError, match="--alpha must be a number above 0 and below 0.5"):
        parse_sprt("A>B by 1", NAMES, alpha=alpha)


def test_the_precision_stop_never_ends_wider_than_asked():
    """Stopped for precision, every sequence is at most as wide as asked; stopped by the
    budget, it says so, and wider is then allowed."""
    rng = np.random.default_rng(8)
    for width, budget in ((0.5, 20000), (0.2, 20000), (0.05, 3000)):
        diffs = {"x": game_like(rng, budget, 0.3), "y": game_like(rng, budget, -1.0) / 3}
        used = [0]

        def more(k):
            used[0] += k
            return {name: d[used[0] - k:used[0]] for name, d in diffs.items()}
        outcome = run_sequential(more, start=50, step=50, max_boards=budget, precision=width)
        if outcome.reason == "precision":
            assert all(t.width <= width for t in outcome.tallies.values())
            assert outcome.boards < budget
        else:
            assert outcome.reason == "max boards" and outcome.boards == budget
            assert max(t.width for t in outcome.tallies.values()) > width
        assert outcome.boards == used[0] and outcome.looks == len(outcome.history)
    assert outcome.reason == "max boards"        # 0.05 is out of reach of 3,000 boards


def test_the_looks_intersect():
    """The sequence kept is the running intersection of the looks: it never widens."""
    rng = np.random.default_rng(2)
    diffs = iter(np.array_split(game_like(rng, 2000), 40))
    outcome = run_sequential(lambda k: {"x": next(diffs)}, start=50, step=50, max_boards=2000, precision=1e-9)
    lows = [cs["x"][0] for _, cs, _ in outcome.history]
    highs = [cs["x"][1] for _, cs, _ in outcome.history]
    assert np.all(np.diff(lows) >= 0) and np.all(np.diff(highs) <= 0)
    assert outcome.looks == 40 and outcome.reason == "max boards"


def test_nothing_is_decided_or_narrowed_before_the_first_boards():
    """A handful of boards estimates the variance badly: the first looks neither narrow the
    sequence nor decide, however clear the differences look."""
    diffs = iter(np.full(100, 5.0) + np.tile([0.0, 0.01], 50))
    outcome = run_sequential(lambda k: {"x": np.array([next(diffs) for _ in range(k)])}, start=1, step=1,
                             max_boards=100, precision=10.0, sprt=("x", Sprt(0.0, 1.0)))
    assert outcome.boards == MIN_BOARDS and outcome.decision == H1
    assert all(cs["x"] == (-math.inf, math.inf) for boards, cs, _ in outcome.history if boards < MIN_BOARDS)
