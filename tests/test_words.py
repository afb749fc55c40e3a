"""How estimates read in sentences (analysis/words.py), and on a written report."""
import pandas as pd
import pytest

from analysis import balance
from analysis.common import tag
from analysis.report import display_frame, write_report
from analysis.words import percent, points, signed_percent_points, signed_points, with_interval

from report_checks import report_problems


def estimate(value, lo, hi):
    return {"x": value, "x_lo": lo, "x_hi": hi}


@pytest.mark.parametrize("row, fmt, said", [
    (estimate(4.636, 4.623, 4.649), points, "4.64 (4.62 to 4.65)"),              # not "4.6 (every …)"
    (estimate(0.2493, 0.2490, 0.2496), percent, "24.93 % (24.90 % to 24.96 %)"),
    (estimate(0.2493, 0.24928, 0.24932), percent, "24.930 % (24.928 % to 24.932 %)"),
    (estimate(5.80, 5.76, 6.27), points, "5.80 (5.76 to 6.27)"),                 # the low bound read as 5.8
    (estimate(-0.0004, -0.0006, -0.0002), signed_percent_points, "-0.04 (-0.06 to -0.02)"),
    (estimate(0.412, 0.408, 0.416), percent, "41.2 % (40.8 % to 41.6 %)"),      # apart already
])
def test_an_interval_that_reads_as_its_value_gets_more_decimals(row, fmt, said):
    assert with_interval(row, "x", fmt) == said


def test_every_observation_the_same_only_for_an_interval_of_no_width():
    assert with_interval(estimate(2.0, 2.0, 2.0), "x", points) == "2.0 (every observation the same)"
    assert "every observation" not in with_interval(estimate(2.0, 1.9999, 2.0001), "x", points)


def test_a_bound_equal_to_the_value_is_not_refined():
    # no successes: the value is the low bound, and it reads as such
    assert with_interval(estimate(0.0, 0.0, 0.037), "x") == "0.0 % (0.0 % to 3.7 %)"
    assert with_interval(estimate(1.0, 0.963, 1.0), "x") == "100.0 % (96.3 % to 100.0 %)"


def test_units_follow_the_interval():
    row = estimate(5.8e-2, 5.3e-2, 6.3e-2)
    assert with_interval(row, "x", signed_percent_points, " points") == "+5.8 points (+5.3 to +6.3)"
    assert with_interval({"x": 3.0, "x_lo": float("nan"), "x_hi": float("nan")}, "x", points, " pts") == "3.0 pts"


@pytest.mark.parametrize("text, expected", [
    (points(-0.04), "0.0"), (points(-0.0), "0.0"), (points(-1234.56), "-1,234.6"),
    (percent(-0.00001), "0.00 %"), (percent(-0.0004), "-0.04 %"),
    (signed_points(-0.04), "0.0"), (signed_points(0.04), "0.0"), (signed_points(0.06), "+0.1"),
    (signed_percent_points(-0.0001), "0.0"),
])
def test_no_negative_zero(text, expected):
    assert text == expected


def test_tables_show_no_negative_zero_percent():
    frame = pd.DataFrame({"diff_rate": [-0.00001], "rate": [-0.000001]})
    assert display_frame(frame).iloc[0].tolist() == ["0.00 %", "0.00 %"]


def score_table(means, halves, win_rates, win_half):
    """A score table by seat: 1,000 games a seat, totals and win rates with intervals ± the halves."""
    return pd.DataFrame({
        "seat": range(len(means)), "games": 1000, "wins": [1000 * w for w in win_rates],
        "mean_total": means, "mean_total_lo": [m - h for m, h in zip(means, halves)],
        "mean_total_hi": [m + h for m, h in zip(means, halves)], "win_rate": win_rates,
        "win_rate_lo": [w - win_half for w in win_rates], "win_rate_hi": [w + win_half for w in win_rates]})


def test_a_report_words_narrow_intervals_with_their_digits(tmp_path):
    # 100M deals: win rates 24.93 % and 25.17 % ± 0.01 %, totals 4.636 ± 0.013 and 4.702 ± 0.013
    seats = score_table([4.636, 4.702], [0.013, 0.013], [0.2493, 0.2517], 0.0001)
    tables = {"score_by_seat": tag(seats, "Scoring balance", "Game total and win rate by seat", "report")}
    study = {"game": "oh_hell", "players": 2, "lineup": ["heuristic"], "boards": 1000, "seed": 1,
             "seating": "fixed", "options": {}}
    summary = {"Scoring balance": balance.summary(tables, study)}
    write_report(tmp_path, tables, [], {"study": study, "games_per_board": 1}, summary)
    text = (tmp_path / "report.md").read_text()
    assert ("Win rate by seat: lowest 24.93 % (24.92 % to 24.94 %) for seat 0, highest 25.17 % (25.16 % to "
            "25.18 %) for seat 1: a significant difference") in text
    assert "Mean game total by seat: lowest 4.64 (4.62 to 4.65) for seat 0, highest 4.70 (4.69 to 4.71)" in text
    assert "every observation the same" not in text
    assert report_problems(tmp_path) == []
