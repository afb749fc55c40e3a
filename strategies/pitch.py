"""Built-in players for Pitch (both games)."""
from .abi import KIND_HEURISTIC, KIND_RANDOM
from .registry import Player, register
from . import pitch_nb


RANDOM = register(Player(
    name="random", family="pitch", kind=KIND_RANDOM, decide=pitch_nb.random_decide,
    doc="uniform among the legal bids, trumps, burns and cards",
))

HEURISTIC = register(Player(
    name="heuristic", family="pitch", kind=KIND_HEURISTIC, decide=pitch_nb.heuristic_decide,
    param_names=pitch_nb.NAMES, param_values=pitch_nb.DEFAULTS, param_ranges=pitch_nb.RANGES,
    doc="bids from the points the hand can expect to win (high trumps, the Jack, Jick and "
        "jokers and their guards, low trumps, Game potential); names its best suit; keeps "
        "the point trumps; as bidder pulls trumps; captures point cards, plays the 2 safely, "
        "saves the 3 and the jokers for a sure trick, feeds its partner's winning trick",
))
