"""Built-in players for the Jass family (Schieber and Differenzler)."""
from .abi import KIND_HEURISTIC, KIND_RANDOM
from .registry import Player, register
from . import jass_nb

RANDOM = register(Player(
    name="random", family="jass", kind=KIND_RANDOM, decide=jass_nb.random_decide,
    doc="uniform among the legal trump choices, Weis declarations, claims, predictions and cards",
))

HEURISTIC = register(Player(
    name="heuristic", family="jass", kind=KIND_HEURISTIC, decide=jass_nb.heuristic_decide,
    param_names=jass_nb.NAMES, param_values=jass_nb.DEFAULTS,
    param_ranges=jass_nb.RANGES,
    doc="scores each mode with its points predictor, pushes below a threshold; pulls trumps, "
        "smears points on the partner's sure tricks, saves the Buur; claims exactly when right; "
        "Differenzler: predicts with a fitted hand formula and plays to it",
))
