"""Built-in players for French Tarot."""
from .abi import KIND_HEURISTIC, KIND_RANDOM
from .registry import Player, register
from . import tarot_nb
from .pimc import pimc_player


RANDOM = register(Player(
    name="random", family="tarot", kind=KIND_RANDOM, decide=tarot_nb.random_decide,
    doc="uniform among the legal bids, calls, discards, declarations and cards",
))

HEURISTIC = register(Player(
    name="heuristic", family="tarot", kind=KIND_HEURISTIC, decide=tarot_nb.heuristic_decide,
    param_names=tarot_nb.NAMES, param_values=tarot_nb.DEFAULTS, param_ranges=tarot_nb.RANGES,
    inline=tarot_nb.heuristic_nb,
    whole_params=("slam_trumps", "handful", "excuse_points", "pull_trumps", "trumps_out_stop",
                  "hunt_petit", "petit_au_bout"),
    param_docs=(
        "hand strength to bid Take",
        "hand strength to bid Guard",
        "hand strength to bid Guard Without",
        "hand strength to bid Guard Against",
        "trumps (in an 18-card hand) to declare a slam with nothing but trumps and Kings; above 22 never",
        "1 shows the largest handful allowed, 0 none",
        "a card worth this many half-points or more is saved by playing the Excuse instead",
        "trumps (in an 18-card hand) from which the taker leads trumps",
        "no trump is led while this many trumps or fewer are out; -1 does not count trumps",
        "the defence hunts the Petit while this many trumps or fewer are out; 0 never",
        "the Petit is kept for the last trick when its holder's other trumps are this many more "
        "than the trumps out; -1 never",
    ),
    doc="bids from hand strength (oudlers, trumps, Kings, long suits, voids) with a threshold "
        "per contract; calls the King of its longest suit (a lower card when it holds all the "
        "higher ones); discards to build voids; counts trumps; the taker pulls trumps; the "
        "defence hunts the Petit; plays for petit au bout; gives points and saves the Petit on "
        "its side's tricks, wins cheaply, saves the Excuse",
))

PIMC = register(pimc_player(
    "tarot",
    doc="perfect-information Monte Carlo: samples the unseen hands and the dog or discard "
        "(the voids shown, the dog once shown), plays each option out (heuristic rollouts, an "
        "exact search over the last cards) and keeps the best average settlement",
))
