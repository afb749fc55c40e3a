"""Built-in players for Pitch (both games)."""
from .abi import KIND_HEURISTIC, KIND_RANDOM
from .registry import Player, register
from . import pitch_nb
from .pimc import pimc_player


RANDOM = register(Player(
    name="random", family="pitch", kind=KIND_RANDOM, decide=pitch_nb.random_decide,
    doc="uniform among the legal bids, trumps, burns and cards",
))

HEURISTIC = register(Player(
    name="heuristic", family="pitch", kind=KIND_HEURISTIC, decide=pitch_nb.heuristic_decide,
    param_names=pitch_nb.NAMES, param_values=pitch_nb.DEFAULTS, param_ranges=pitch_nb.RANGES,
    inline=pitch_nb.INLINE,
    param_docs=(
        "chance that a card not seen is out of play (not dealt)",
        "points expected from the Jack of trumps held with a guard",
        "count (and 3 a trump) that makes Game sure",
        "added to the expectation before it is compared with a bid",
        "expectation needed to smudge (bid 4)",
        "count at stake that makes a sure winner worth playing",
        "subtracted from the estimate before bidding (higher bids less)",
        "points the partner is expected to bring to the bidder",
        "weight of the trumps the bidder should sweep from the stock",
        "points a trump held beyond three",
        "trumps the bidding team needs to pull with its highest non-point trump",
        "points in a trick worth attacking with a non-point trump that beats it",
        "1 the last to speak bids only the lowest winning bid, 0 its estimate",
    ),
    # one params row: each game reads its own part of it
    variant_params=(("auction", pitch_nb.NAMES[:pitch_nb.TEN_POINT_FIRST]),
                    ("ten_point", pitch_nb.NAMES[pitch_nb.TEN_POINT_FIRST:])),
    doc="bids from the points the hand can expect to win (high trumps, the Jack, Jick and "
        "jokers and their guards, low trumps, Game potential); names its best suit; keeps "
        "the point trumps; as bidder pulls trumps; captures point cards, plays the 2 safely, "
        "saves the 3 and the jokers for a sure trick, feeds its partner's winning trick",
))

PIMC = register(pimc_player(
    "pitch",
    doc="perfect-information Monte Carlo: samples the unseen cards (Auction: the other hands "
        "and the cards not dealt, the voids shown; Ten-point: the trumps each seat may still "
        "hold), plays each option out (heuristic rollouts, an exact search over the last "
        "tricks) and keeps the best average deal score",
))
