"""The Differenzler predictor fit (``analysis/jass_fit.py``).

The pieces are checked on data whose answer is known by construction (a
line with skewed noise, hand-made hands); the whole fit on a small run:
deterministic for a seed, and better than a constant 39 on fresh deals.
"""
import numpy as np
import pytest

from sim.games.jass.cards import mask_of, parse_card
from sim.games.jass.records import DEALS
from analysis import jass_fit as F
from strategies import jass_hand_nb as hand_nb
from strategies import jass_heuristic_nb as H
from strategies.registry import resolve

S, HEARTS, D, C = 0, 1, 2, 3


def records_of(hands_and_modes) -> np.ndarray:
    rows = np.zeros(len(hands_and_modes), dtype=DEALS)
    for row, (hand, mode) in zip(rows, hands_and_modes):
        row["hand"] = mask_of(parse_card(c) for c in hand.split())
        row["mode"] = mode
    return rows


def test_lad_finds_the_median_line_where_least_squares_finds_the_mean():
    # y = 5 + 2x + e, e exponential with scale 10: its median is 10 ln 2 = 6.93 and
    # its mean 10, so the median line has intercept 11.93, the mean line 15
    rng = np.random.default_rng(0)
    x = rng.uniform(0, 10, 20_000)
    y = 5 + 2 * x + rng.exponential(10, x.size)
    X = np.column_stack([np.ones_like(x), x])
    intercept, slope = F.least_absolute_deviations(X, y)
    assert intercept == pytest.approx(5 + 10 * np.log(2), abs=0.5)
    assert slope == pytest.approx(2, abs=0.1)
    ls_intercept, _ = np.linalg.lstsq(X, y, rcond=None)[0]
    assert ls_intercept == pytest.approx(15, abs=0.5)


def test_features_of_hand_made_hands():
    rows = records_of([
        # Bells trump: 5 trumps with Buur and Nell; tops: Under, 9, Ace, King of
        # trumps (no Ober) and the Aces of Roses, Shields and Acorns; the Ten of
        # Acorns is the one Ten outside trump; no suit missing
        ("DJ D9 DA DK DT SA HA CA CT", D),
        # all nine Roses as trumps: every trump is a top; three suits void
        ("SJ S9 SA SK SQ ST S8 S7 S6", S),
        # the same Roses with Acorns trump: no trump; the Roses run from the Ace
        # down to the 6, nine tops; one Ten; Shields and Bells void (Acorns is trump)
        ("SJ S9 SA SK SQ ST S8 S7 S6", C),
    ])
    assert F.features(rows).tolist() == [
        [5, 1, 1, 7, 1, 0],
        [9, 1, 1, 9, 0, 3],
        [0, 0, 0, 9, 1, 2],
    ]


def test_spec_carries_the_coefficients_to_the_player():
    coefficients = dict(zip(F.COEFFICIENT_NAMES, (-8.25, 14.5, 17.0, 12.0, 7.0, -3.0, 3.5)))
    player = resolve("jass", F.spec(coefficients, F.player_name()))
    values = dict(zip(player.param_names, player.param_values))
    assert {k: values[k] for k in F.COEFFICIENT_NAMES} == coefficients
    # the other params keep their defaults
    assert values["push_below"] == H.DEFAULTS[H.P_PUSH_BELOW]


def test_constant_coefficients_predict_39_for_any_hand():
    c = [F.constant()[k] for k in F.COEFFICIENT_NAMES]
    for hand, mode in (("DJ D9 DA DK DT SA HA CA CT", D), ("S6 S7 S8 H6 H7 H8 C6 C7 C8", HEARTS)):
        hand_mask = np.uint64(mask_of(parse_card(x) for x in hand.split()))
        assert hand_nb.prediction(hand_mask, mode, *c) == 39


def test_fit_is_deterministic_and_beats_a_constant_39_on_fresh_deals():
    first = F.fit(deals=2000, seed=5, rounds=2)
    assert first == F.fit(deals=2000, seed=5, rounds=2)
    # more trumps and the Buur mean more points: the fit must see that much
    assert first["trumps"] > 5 and first["buur"] > 5
    check = F.compare_to_constant(first, deals=2000, seed=77)
    assert check["hands"] > 0
    assert check["fitted"] < check["constant"]
    assert check["difference"] + check["half_width"] < 0, check


def test_records_do_not_depend_on_the_number_of_jobs():
    lineup = [F.spec(F.constant(), F.player_name())]
    one = F.play_deals(lineup, 400, seed=3, jobs=1)
    two = F.play_deals(lineup, 400, seed=3, jobs=2)
    assert np.array_equal(one, two)
