"""Built-in players for the Wizard family (Wizard and Oh Hell)."""
from .abi import KIND_HEURISTIC, KIND_RANDOM
from .registry import Player, register
from . import wizard_nb
from .pimc import pimc_player

RANDOM = register(Player(
    name="random", family="wizard", kind=KIND_RANDOM, decide=wizard_nb.random_decide,
    doc="uniform among the legal bids, trump suits and cards",
))

HEURISTIC = register(Player(
    name="heuristic", family="wizard", kind=KIND_HEURISTIC, decide=wizard_nb.heuristic_decide,
    param_names=wizard_nb.NAMES, param_values=wizard_nb.DEFAULTS,
    param_ranges=wizard_nb.RANGES, inline=wizard_nb.heuristic_nb, whole_params=("hold",),
    doc="bids its estimated winners (Wizards, trumps by rank and length, Aces, Kings); plays to its bid",
    param_docs=(
        "tricks expected from a Wizard",
        "tricks expected from the trump Ace",
        "tricks expected from the trump 2 (the ranks between are interpolated)",
        "tricks expected per trump beyond an even share of the trump suit",
        "tricks expected from an off-suit Ace",
        "tricks expected from an off-suit King",
        "multiplies the estimate of tricks",
        "tricks added to the scaled estimate before it is rounded to a bid",
        "card strength sure to hold a trick when others play after it "
        "(Jester -1, plain card 0-12, trump 40-52, Wizard 100)",
    ),
    # Oh Hell's pack has no Wizards
    variant_params=(("oh_hell", tuple(n for n in wizard_nb.NAMES if n != "wizard")),),
))

PIMC = register(pimc_player(
    "wizard",
    doc="perfect-information Monte Carlo: samples the unseen hands, plays each option out "
        "(heuristic rollouts, an exact search over the last cards) and keeps the best average score",
))
