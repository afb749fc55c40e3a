"""Built-in players for Beim Jupiter."""
from .abi import KIND_HEURISTIC, KIND_RANDOM
from .registry import Player, register
from . import jupiter_nb


RANDOM = register(Player(
    name="random", family="jupiter", kind=KIND_RANDOM, decide=jupiter_nb.random_decide,
    doc="uniform among the legal layouts, bids, cards (a God card's value with it) and takes",
))

HEURISTIC = register(Player(
    name="heuristic", family="jupiter", kind=KIND_HEURISTIC, decide=jupiter_nb.heuristic_decide,
    param_names=jupiter_nb.NAMES, param_values=jupiter_nb.DEFAULTS, param_ranges=jupiter_nb.RANGES,
    doc="lays out a high card of a long colour; bids its estimated tricks at the counter with "
        "the best card near the estimate, locks a valuable card, spends the zero-trick card on "
        "a weak hand; plays to hit its bid exactly (wins cheaply while it needs tricks, ducks "
        "with its highest card after); takes the highest card at the allocation",
))
