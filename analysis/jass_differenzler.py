"""The Differenzler tables of a Jass run, declared (:mod:`analysis.spec`) over the cube of
:mod:`analysis.jass`: bid accuracy (the predictions: their error, the miss, calibration) and trump
odds (the turned card, the trumps held). The tables both variants share (games, the scoring
balance) are in :mod:`analysis.jass_tables`, which builds these."""
from __future__ import annotations

from typing import Callable

import numpy as np
import pandas as pd

from sim.games.jass.cards import MODE_NAMES, RANK_NAMES

from .common import Lineup, add_moments
from .jass_terms import CALIBRATION_BUCKET, DEAL_POINTS, MISS_BANDS, N_SEATS, QUESTIONS
from .spec import Mean, Rate, Share, Table, drop, labelled, mean_of, positive


def _mode_labels(modes) -> pd.Categorical:
    return pd.Categorical([MODE_NAMES[int(m)] for m in modes], categories=list(MODE_NAMES))


# -- derived frames: what the tables read beside the cube's own tables ---------------------------------

def _labelled_predictions(cube: dict, lineup: Lineup) -> pd.DataFrame:
    predictions = lineup.label(cube["d_predictions"].copy())
    predictions["bucket"] = predictions["prediction"] // CALIBRATION_BUCKET
    return add_moments(predictions, "prediction")


def _miss_bands(cube: dict, lineup: Lineup) -> pd.DataFrame:
    """The labelled ``d_miss`` with, per band, the predictions it holds: within k, over, under."""
    miss = lineup.label(cube["d_miss"].copy())
    return miss.assign(**{f"within_{k}": miss["n"].where(miss["miss"].abs() <= k, 0) for k in MISS_BANDS},
                       over=miss["n"].where(miss["miss"] > 0, 0), under=miss["n"].where(miss["miss"] < 0, 0))


def _dealt_trumps(cube: dict, lineup: Lineup) -> pd.DataFrame:
    trumps = cube["d_trumps"].copy()
    trumps["role"] = np.where(trumps["position"] == N_SEATS - 1, "dealer", "others")
    return add_moments(trumps, "trumps_held")


FRAMES = {"labelled_seats": labelled("d_seats"), "labelled_miss": labelled("d_miss"),
          "miss_bands": _miss_bands, "labelled_predictions": _labelled_predictions,
          "trumps": _dealt_trumps}


def _bucket_name(bucket: int) -> str:
    low = int(bucket) * CALIBRATION_BUCKET
    return f"{low}–{min(low + CALIBRATION_BUCKET - 1, DEAL_POINTS)}"


def _predicted(df: pd.DataFrame) -> pd.DataFrame:
    df.insert(1, "predicted", [_bucket_name(b) for b in df["bucket"]])
    return df


def _deal_kind(df: pd.DataFrame) -> pd.DataFrame:
    df.insert(0, "deals", np.where(df["extra"] == 1, "tie-break deals", "deals 1–4"))
    return df.drop(columns="extra")


def _named(column: str, name: str, labels) -> Callable[[pd.DataFrame], pd.DataFrame]:
    """A step: ``column``'s numbers replaced by their ``labels(numbers)``, as the table's first column ``name``."""
    def step(df: pd.DataFrame) -> pd.DataFrame:
        df.insert(0, name, labels(df[column]))
        return df.drop(columns=column)
    return step


# -- the tables, declared ----------------------------------------------------------------------------

ERROR = (positive("predictions"), Mean("mean_abs_error", "predictions", "penalty_sum", "penalty_sq"),
         Mean("mean_miss", "predictions", "miss_sum", "miss_sq"), Rate("exact_rate", "exact", "predictions"))
ERROR_NOTE = "error = |points taken − prediction| (the deal's penalty); miss = points taken − prediction"
MISS_NAMES = (*(f"within_{k}" for k in MISS_BANDS), "over", "under")
TRUMPS_NOTE = "the dealer's hand includes the turned card"


def _error_by(name: str, by, title: str, show: str = "report", note: str = ERROR_NOTE, **more) -> Table:
    return Table(name, QUESTIONS["differenzler"][0], title, show, note, frame="labelled_seats", by=by,
                 sums=("n", "penalty_sum", "penalty_sq", "miss_sum", "miss_sq", "exact"), counted="predictions",
                 steps=ERROR + more.pop("steps", ()), **more)


DIFFERENZLER_BID_TABLES = [
    _error_by("prediction_error_by_strategy", ("strategy",), "Prediction error by strategy", "terminal"),
    _error_by("prediction_error_by_player", ("player", "strategy"), "Prediction error by player"),
    _error_by("prediction_error_by_position", ("position",), "Prediction error by play position",
              note=ERROR_NOTE + "; the first hand predicts first", order=True),
    _error_by("prediction_error_by_seat", ("seat",), "Prediction error by seat"),
    _error_by("prediction_error_by_deal_kind", ("extra",), "Prediction error in the four deals and in tie-break deals",
              "csv", "", steps=(_deal_kind,)),
    Table("prediction_miss", QUESTIONS["differenzler"][0], "The miss: points taken − prediction (distribution)",
          frame="labelled_miss", by=("strategy", "miss"), counted="predictions",
          steps=(Share("predictions", ("strategy",)),)),
    Table("prediction_miss_summary", QUESTIONS["differenzler"][0], "How far predictions miss", "report",
          "within k: |points − prediction| ≤ k; over: took more than predicted", frame="miss_bands",
          by=("strategy",), sums=("n", *MISS_NAMES), counted="predictions",
          steps=tuple(Rate(f"{name}_share", name, "predictions", drop=name) for name in MISS_NAMES)),
    Table("prediction_calibration", QUESTIONS["differenzler"][0],
          "Calibration: mean points taken for each prediction bucket", "report",
          "well calibrated: mean points = mean prediction in every bucket", frame="labelled_predictions",
          by=("strategy", "bucket"), sums=("n", "prediction_x", "prediction_xx", "points_sum", "points_sq"),
          counted="predictions",
          steps=(positive("predictions"), _predicted, mean_of("prediction", "predictions"),
                 Mean("mean_points", "predictions", "points_sum", "points_sq"), drop("bucket"))),
]

DIFFERENZLER_TRUMP_TABLES = [
    Table("turned_trump", QUESTIONS["differenzler"][1], "The turned trump suit (share of deals)", "terminal",
          "counted once per board and deal (duplicate rotations turn the same card)", frame="d_turned",
          by=("mode",), counted="deals", steps=(_named("mode", "suit", _mode_labels), Share("deals"))),
    Table("turned_card_rank", QUESTIONS["differenzler"][1], "The rank of the turned card (the dealer keeps it)",
          frame="d_turned", by=("trump_rank",), counted="deals",
          steps=(_named("trump_rank", "card", lambda ranks: [RANK_NAMES[int(r)] for r in ranks]),
                 Share("deals"))),
    Table("points_by_trumps_held", QUESTIONS["differenzler"][1], "Points taken and predicted by trumps held",
          "report", TRUMPS_NOTE, frame="trumps", by=("role", "trumps_held"),
          sums=("n", "points_sum", "points_sq", "prediction_sum", "prediction_sq"), counted="hands",
          steps=(Mean("mean_points", "hands", "points_sum", "points_sq"),
                 Mean("mean_prediction", "hands", "prediction_sum", "prediction_sq"))),
    Table("trumps_held_odds", QUESTIONS["differenzler"][1], "Odds of holding k trumps", frame="trumps",
          by=("role", "trumps_held"), counted="hands", steps=(Share("hands", ("role",)),)),
    Table("trumps_held_by_role", QUESTIONS["differenzler"][1], "Trumps held: the dealer and the others", "report",
          TRUMPS_NOTE, frame="trumps", by=("role",), sums=("n", "trumps_held_x", "trumps_held_xx"),
          counted="hands", steps=(mean_of("trumps_held", "hands"),)),
]

TABLES = DIFFERENZLER_BID_TABLES + DIFFERENZLER_TRUMP_TABLES
