"""Built-in players for French Tarot."""
from .abi import KIND_HEURISTIC, KIND_RANDOM
from .registry import Player, register
from . import tarot_nb


RANDOM = register(Player(
    name="random", family="tarot", kind=KIND_RANDOM, decide=tarot_nb.random_decide,
    doc="uniform among the legal bids, calls, discards, declarations and cards",
))

HEURISTIC = register(Player(
    name="heuristic", family="tarot", kind=KIND_HEURISTIC, decide=tarot_nb.heuristic_decide,
    param_names=tarot_nb.NAMES, param_values=tarot_nb.DEFAULTS, param_ranges=tarot_nb.RANGES,
    doc="bids from hand strength (oudlers, trumps, Kings, long suits, voids) with a threshold "
        "per contract; calls the King of its longest suit (a lower card when it holds all the "
        "higher ones); discards to build voids; counts trumps; the taker pulls trumps; the "
        "defence hunts the Petit; plays for petit au bout; gives points and saves the Petit on "
        "its side's tricks, wins cheaply, saves the Excuse",
))
