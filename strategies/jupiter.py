"""Built-in players for Beim Jupiter."""
from .abi import KIND_HEURISTIC, KIND_RANDOM
from .registry import Player, register
from . import jupiter_nb
from .pimc import pimc_player


RANDOM = register(Player(
    name="random", family="jupiter", kind=KIND_RANDOM, decide=jupiter_nb.random_decide,
    doc="uniform among the legal layouts, bids, cards (a God card's value with it) and takes",
))

HEURISTIC = register(Player(
    name="heuristic", family="jupiter", kind=KIND_HEURISTIC, decide=jupiter_nb.heuristic_decide,
    param_names=jupiter_nb.NAMES, param_values=jupiter_nb.DEFAULTS, param_ranges=jupiter_nb.RANGES,
    inline=jupiter_nb.heuristic_nb,
    param_docs=(
        "weight of a card's number when choosing the layout",
        "weight of the cards of the same colour held (positive: lay out from a long colour)",
        "tricks expected from a trump, times its number over the highest number",
        "tricks expected from a top card (the two highest numbers) of another colour, or a God card",
        "added to the estimate of tricks",
        "victory points a counter must offer per trick away from the estimate",
        "lock the bid when the own card's number is at least this; 15 never",
        "use the zero-trick card when the estimate is below this",
        "1 plays a God card as 15 when that wins a wanted trick; 0 never",
        "extra value of its own card at the allocation",
    ),
    doc="lays out a high card of a long colour; bids its estimated tricks at the counter with "
        "the best card near the estimate, locks a valuable card, spends the zero-trick card on "
        "a weak hand; plays to hit its bid exactly (wins cheaply while it needs tricks, ducks "
        "with its highest card after); takes the highest card at the allocation",
))

PIMC = register(pimc_player(
    "jupiter",
    doc="perfect-information Monte Carlo: samples the unseen hands, the layouts still face down "
        "and the card left over (the cards each seat showed it lacks), plays each layout, bid, "
        "card and take out (heuristic rollouts, an exact search over the last cards and the "
        "allocation) and keeps the one that wins most victory points in the round",
))
