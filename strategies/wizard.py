"""Built-in players for the Wizard family (Wizard and Oh Hell)."""
from .abi import KIND_HEURISTIC, KIND_RANDOM
from .registry import Player, register
from . import wizard_nb

RANDOM = register(Player(
    name="random", family="wizard", kind=KIND_RANDOM, decide=wizard_nb.random_decide,
    doc="uniform among the legal bids, trump suits and cards",
))

HEURISTIC = register(Player(
    name="heuristic", family="wizard", kind=KIND_HEURISTIC, decide=wizard_nb.heuristic_decide,
    param_names=wizard_nb.NAMES, param_values=wizard_nb.DEFAULTS,
    param_ranges=wizard_nb.RANGES,
    doc="bids its estimated winners (Wizards, trumps by rank and length, Aces, Kings); plays to its bid",
))
