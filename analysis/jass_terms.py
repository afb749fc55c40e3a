"""What the Jass tables and plots both speak of: the table, the points, the roles, the variant.

:mod:`analysis.jass` (the tables) and :mod:`analysis.jass_plots` (the plots)
both import these; neither imports the other's internals for them.
"""
from __future__ import annotations

from .balance import Scoring

N_SEATS = 4
DEAL_POINTS = 157      # card points of a whole deal, the last trick's 5 included
HALF = DEAL_POINTS // 2 + 1    # 79: more than half of the card points
N_SUIT_MODES = 4       # modes 0..3 have a trump suit
ROLES = ("chooser", "partner", "defender")
CALIBRATION_BUCKET = 10      # predictions are grouped 0–9, 10–19, … for calibration
MISS_BANDS = (10, 20)        # "within k points" shares of the miss

QUESTIONS = {
    "schieber": ("Trump odds", "Scoring balance"),
    "differenzler": ("Bid accuracy", "Trump odds", "Scoring balance"),
}
SCORING = {
    "schieber": Scoring("team game total"),
    "differenzler": Scoring("penalty total", lower_is_better=True),
}


def variant_of(study: dict) -> str:
    return study.get("variant") or "schieber"
