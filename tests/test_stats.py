"""Intervals from counts and moments, and the additive cube operations."""
import math

import numpy as np
import pandas as pd
import pytest

from analysis.stats import (bounded_mean_ci, combine_cubes, group_sums, mean_ci, paired_diff_ci, t_quantile,
                            unpaired_diff_ci, wilson)

Z = 1.959963984540054

# two-sided 95 % Student t quantiles from a printed table (df: t_0.975)
T_TABLE = {1: 12.7062, 2: 4.3027, 3: 3.1824, 4: 2.7764, 5: 2.5706, 10: 2.2281, 20: 2.0860,
           29: 2.0452, 100: 1.9840}


def wilson_by_quadratic(k, n, z=Z):
    """The Wilson bounds as the roots in p of (k/n - p)^2 = z^2 p (1 - p) / n."""
    phat = k / n
    a = 1 + z * z / n
    b = -(2 * phat + z * z / n)
    c = phat * phat
    root = math.sqrt(b * b - 4 * a * c)
    return (-b - root) / (2 * a), (-b + root) / (2 * a)


# -- Wilson ----------------------------------------------------------------------
@pytest.mark.parametrize("k, n, textbook", [(0, 10, (0.0, 0.2775)), (5, 10, (0.2366, 0.7634)),
                                            (10, 10, (0.7225, 1.0))])
def test_wilson_matches_the_textbook_and_the_quadratic(k, n, textbook):
    lo, hi = wilson(k, n)
    assert (lo, hi) == pytest.approx(textbook, abs=5e-5)
    assert (lo, hi) == pytest.approx(wilson_by_quadratic(k, n), abs=1e-12)


def test_wilson_is_exactly_0_or_1_at_the_ends():
    lo, hi = wilson(np.array([0, 7]), np.array([7, 7]))
    assert lo[0] == 0.0 and hi[1] == 1.0


def test_wilson_vectorised_over_series_and_empty_groups():
    k = pd.Series([0, 5, 3], index=["a", "b", "c"])
    n = pd.Series([0, 10, 3], index=["a", "b", "c"])
    lo, hi = wilson(k, n)
    assert isinstance(lo, pd.Series) and list(lo.index) == ["a", "b", "c"]
    assert math.isnan(lo["a"]) and math.isnan(hi["a"])
    assert lo["b"] == pytest.approx(0.2366, abs=5e-5)
    assert hi["c"] == 1.0


def test_wilson_takes_fractional_successes():
    # a shared win counts as half a win: 2.5 of 10 sits between 2 and 3 of 10
    lo, hi = wilson(2.5, 10)
    assert wilson(2, 10)[0] < lo < wilson(3, 10)[0]
    assert (lo, hi) == pytest.approx(wilson_by_quadratic(2.5, 10), abs=1e-12)


# -- t quantile and mean intervals ---------------------------------------------------
@pytest.mark.parametrize("df, expected", sorted(T_TABLE.items()))
def test_t_quantile_matches_the_table(df, expected):
    tolerance = 5e-3 if df == 3 else 1e-3
    assert t_quantile(df) == pytest.approx(expected, abs=tolerance)


def test_t_quantile_tends_to_the_normal_and_is_nan_without_degrees_of_freedom():
    assert t_quantile(10**6) == pytest.approx(Z, abs=1e-5)
    assert math.isnan(t_quantile(0))
    assert t_quantile(np.array([1, 2])) == pytest.approx([12.7062, 4.3027], abs=1e-4)


def test_mean_ci_of_one_to_five():
    # 1..5: mean 3, sample sd sqrt(2.5), se sqrt(0.5), t(4) = 2.7764
    data = np.arange(1, 6)
    mean, lo, hi = mean_ci(len(data), data.sum(), (data**2).sum())
    half = 2.7764 * math.sqrt(2.5) / math.sqrt(5)
    assert mean == 3.0
    assert (lo, hi) == pytest.approx((3 - half, 3 + half), abs=1e-3)


def test_mean_ci_large_sample_uses_about_1_96():
    rng = np.random.default_rng(0)
    x = rng.normal(10.0, 2.0, 10_000)
    mean, lo, hi = mean_ci(len(x), x.sum(), (x**2).sum())
    se = x.std(ddof=1) / math.sqrt(len(x))
    assert mean == pytest.approx(x.mean())
    assert hi - mean == pytest.approx(1.9602 * se, rel=1e-3)


def test_mean_ci_with_one_or_no_observation():
    mean, lo, hi = mean_ci(np.array([1, 0]), np.array([4.0, 0.0]), np.array([16.0, 0.0]))
    assert mean[0] == 4.0 and math.isnan(lo[0]) and math.isnan(hi[0])
    assert math.isnan(mean[1])


def test_mean_ci_of_a_constant_has_zero_width():
    mean, lo, hi = mean_ci(4, 8, 16)
    assert mean == lo == hi == 2.0


def test_unpaired_diff_ci_is_welchs_interval():
    from scipy import stats
    rng = np.random.default_rng(1)
    a, b = rng.normal(0, 1, 30), rng.normal(1, 2, 50)
    diff, lo, hi = unpaired_diff_ci(len(a), a.sum(), (a * a).sum(), len(b), b.sum(), (b * b).sum())
    welch = stats.ttest_ind(b, a, equal_var=False).confidence_interval()
    assert diff == pytest.approx(b.mean() - a.mean())
    assert (lo, hi) == pytest.approx((welch.low, welch.high), abs=1e-6)
    # one observation on a side: no interval; two constant sides: an exact difference
    assert np.isnan(unpaired_diff_ci(1, 1.0, 1.0, 3, 3.0, 3.0)[1:]).all()
    assert unpaired_diff_ci(3, 3.0, 3.0, 4, 8.0, 16.0) == (1.0, 1.0, 1.0)


def test_paired_diff_ci():
    # differences 2, 4, 6: mean 4, sd 2, se 2/sqrt(3), t(2) = 4.3027
    mean, lo, hi = paired_diff_ci(3, 12, 4 + 16 + 36)
    half = 4.3027 * 2 / math.sqrt(3)
    assert mean == 4
    assert (lo, hi) == pytest.approx((4 - half, 4 + half), abs=1e-3)


@pytest.mark.parametrize("value, n", [(0.1, 7), (0.3, 3), (0.7, 13), (4.6, 7)])
def test_mean_ci_of_equal_fractions_has_exactly_zero_width(value, n):
    # Σx² − (Σx)²/n of equal fractions is rounding dust in floating point (0.1 seven times: a
    # width of 3e-9), not a spread: "every observation the same" is said from a zero width
    x = np.full(n, value)
    mean, lo, hi = mean_ci(n, x.sum(), (x * x).sum())
    assert lo == hi == mean


# -- means of bounded observations -----------------------------------------------------------------
def test_a_difference_of_win_shares_near_1_stays_within_its_range():
    # Schieber, heuristic against random: the heuristic team won 998 of 1,000 boards' differences
    d = np.array([1.0] * 998 + [-1.0] * 2)
    _, t_lo, t_hi = paired_diff_ci(len(d), d.sum(), (d * d).sum())
    mean, lo, hi = paired_diff_ci(len(d), d.sum(), (d * d).sum(), bounds=(0, 1))
    assert t_hi > 1                                # the t interval reaches past a difference of 1
    assert -1 <= lo < mean < hi <= 1
    assert hi - mean < mean - lo                   # asymmetric: squeezed on the side of the bound


def test_far_from_its_bounds_the_bounded_interval_is_the_t_interval():
    rng = np.random.default_rng(3)
    d = rng.choice([-1.0, 0.0, 1.0], size=5000, p=[0.2, 0.6, 0.2])
    _, t_lo, t_hi = paired_diff_ci(len(d), d.sum(), (d * d).sum())
    _, lo, hi = paired_diff_ci(len(d), d.sum(), (d * d).sum(), bounds=(0, 1))
    assert (lo, hi) == pytest.approx((t_lo, t_hi), abs=2e-4 * (t_hi - t_lo))


def test_bounded_interval_of_0_or_1_observations_is_wilsons():
    # shares that are 0 or 1 are a proportion. Their sample variance is n/(n − 1)·p(1 − p), so
    # n_eff = n − 1 and the bounds solve (p̂ − p)² = t² p(1 − p) / (n − 1): Wilson's quadratic
    # with z² = t²·n/(n − 1)
    k, n = 7, 25
    z = t_quantile(n - 1) * math.sqrt(n / (n - 1))
    assert bounded_mean_ci(n, k, k)[1:] == pytest.approx(wilson_by_quadratic(k, n, z), abs=1e-12)


def test_bounded_interval_of_equal_observations():
    assert bounded_mean_ci(20, 10.0, 5.0) == (0.5, 0.5, 0.5)        # inside the range: no width
    mean, lo, hi = bounded_mean_ci(20, 0.0, 0.0)                      # at an end: 0 of 20
    assert mean == lo == 0.0 and 0 < hi < wilson(0, 10)[1]
    assert bounded_mean_ci(20, 20.0, 20.0)[1:] == pytest.approx((1 - hi, 1.0))
    assert all(math.isnan(v) for v in bounded_mean_ci(1, 0.5, 0.25)[1:])


def test_bounded_interval_vectorised_over_series():
    n, s1, s2 = pd.Series([0, 30, 30]), pd.Series([0.0, 3.0, 27.0]), pd.Series([0.0, 3.0, 27.0])
    mean, lo, hi = bounded_mean_ci(n, s1, s2)
    assert isinstance(lo, pd.Series) and math.isnan(mean[0]) and math.isnan(lo[0])
    assert lo[1] == pytest.approx(1 - hi[2]) and hi[1] == pytest.approx(1 - lo[2])    # symmetric about 1/2


@pytest.mark.parametrize("values, probs, n", [
    ((-1, 0, 1), (0.01, 0.04, 0.95), 40),          # one side nearly always wins the board
    ((-1, 1), (0.003, 0.997), 1000),               # Schieber's heuristic team against random
    ((-1, -0.5, 0, 0.5, 1), (0.02, 0.03, 0.1, 0.15, 0.7), 30),   # shared wins: halves
])
def test_coverage_near_the_bounds(values, probs, n):
    """On simulated per-board differences the bounded interval covers the true mean about 95 % of
    the time and never leaves [−1, 1]; the t interval covers too rarely and leaves it."""
    rng = np.random.default_rng(2026)
    reps = 4000
    x = rng.choice(np.array(values, dtype=np.float64), size=(reps, n), p=probs)
    truth = float(np.dot(values, probs))
    counts, s1, s2 = np.full(reps, n), x.sum(axis=1), (x * x).sum(axis=1)
    _, t_lo, t_hi = paired_diff_ci(counts, s1, s2)
    _, lo, hi = paired_diff_ci(counts, s1, s2, bounds=(0, 1))
    coverage = ((lo <= truth) & (truth <= hi)).mean()
    assert 0.935 <= coverage <= 0.975
    assert ((lo >= -1) & (hi <= 1)).all()
    assert ((t_lo <= truth) & (truth <= t_hi)).mean() < coverage
    assert (t_hi > 1).any()


def test_coverage_of_a_mean_share_in_the_middle():
    rng = np.random.default_rng(5)
    x = rng.choice([0.0, 1 / 3, 0.5, 1.0], size=(4000, 50), p=[0.5, 0.1, 0.1, 0.3])
    truth = 0.5 * 0 + 0.1 / 3 + 0.05 + 0.3
    _, lo, hi = bounded_mean_ci(50, x.sum(axis=1), (x * x).sum(axis=1))
    assert 0.935 <= ((lo <= truth) & (truth <= hi)).mean() <= 0.965


# -- cube operations ------------------------------------------------------------------------
def random_rows(rng, n, key_range=(-2, 6)):
    return pd.DataFrame({"a": rng.integers(*key_range, n), "b": rng.integers(0, 3, n),
                         "v": rng.integers(-50, 50, n)})


def pandas_group_sums(df):
    out = df.groupby(["a", "b"]).agg(n=("v", "size"), v_sum=("v", "sum")).reset_index()
    return out.astype(np.int64)


@pytest.mark.parametrize("key_range", [(-2, 6), (0, 50_000_000)])   # counted densely / by sorting
def test_group_sums_equals_pandas_groupby(key_range):
    rows = random_rows(np.random.default_rng(1), 2000, key_range)
    got = group_sums({"a": rows["a"].to_numpy(), "b": rows["b"].to_numpy().astype(np.int8)},
                     {"v_sum": rows["v"].to_numpy()})
    pd.testing.assert_frame_equal(got, pandas_group_sums(rows))


def test_group_sums_of_nothing_has_the_columns():
    got = group_sums({"a": np.zeros(0, np.int8)}, {"v_sum": np.zeros(0)})
    assert list(got.columns) == ["a", "n", "v_sum"] and len(got) == 0


def test_group_sums_counts_booleans():
    got = group_sums({"flag": np.array([True, False, True])})
    assert got.to_dict("list") == {"flag": [0, 1], "n": [1, 2]}


def test_combine_is_order_free_and_associative():
    rng = np.random.default_rng(2)
    parts = [{"t": group_sums({"a": r["a"].to_numpy(), "b": r["b"].to_numpy()}, {"v_sum": r["v"].to_numpy()})}
             for r in (random_rows(rng, 300) for _ in range(3))]
    keys = {"t": ["a", "b"]}
    x, y, z = parts
    flat = combine_cubes([x, y, z], keys)["t"]
    pd.testing.assert_frame_equal(flat, combine_cubes([z, x, y], keys)["t"])
    pd.testing.assert_frame_equal(flat, combine_cubes([combine_cubes([x, y], keys), z], keys)["t"])
    pd.testing.assert_frame_equal(flat, combine_cubes([x, combine_cubes([y, z], keys)], keys)["t"])
    # and it equals counting everything at once
    whole = pd.concat([p["t"] for p in parts]).groupby(["a", "b"]).sum().reset_index().astype(np.int64)
    pd.testing.assert_frame_equal(flat, whole)


def test_combine_of_one_cube_is_that_cube():
    rows = random_rows(np.random.default_rng(3), 100)
    cube = {"t": group_sums({"a": rows["a"].to_numpy(), "b": rows["b"].to_numpy()})}
    pd.testing.assert_frame_equal(combine_cubes([cube], {"t": ["a", "b"]})["t"], cube["t"])
