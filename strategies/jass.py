"""Built-in players for the Jass family (Schieber and Differenzler)."""
from .abi import KIND_HEURISTIC, KIND_RANDOM
from .registry import Player, register
from . import jass_nb
from .pimc import pimc_player

RANDOM = register(Player(
    name="random", family="jass", kind=KIND_RANDOM, decide=jass_nb.random_decide,
    doc="uniform among the legal trump choices, Weis declarations, claims, predictions and cards",
))

HEURISTIC = register(Player(
    name="heuristic", family="jass", kind=KIND_HEURISTIC, decide=jass_nb.heuristic_decide,
    param_names=jass_nb.NAMES, param_values=jass_nb.DEFAULTS,
    param_ranges=jass_nb.RANGES, inline=jass_nb.heuristic_nb,
    whole_params=("weis_min", "claim_margin", "pull_trumps"),
    param_docs=(
        "push when the best mode's score (predicted points) is below this; -1000 never, 1000 always",
        "added to the score of Obenabe and Unenufe",
        "added to the score of Obenabe and Unenufe per sure top",
        "declare the melds when they are worth at least this (raw points); 0 always",
        "claim when the team's counted points + this reach the target; 0 exactly when right",
        "card points a trick must hold to trump it (the Buur and the Nell: twice this)",
        "the side with the trump leads a low trump when holding at least this many; 10 never",
        "1 plays to the prediction, 0 takes every point it can",
        "points predictor: the intercept (card points)",
        "points predictor: points per trump held",
        "points predictor: points for the Buur (trump Under) held",
        "points predictor: points for the Nell (trump 9) held",
        "points predictor: points per sure top (cards unbroken from the top of a suit)",
        "points predictor: points per Ten outside the trump suit",
        "points predictor: points per side suit not held",
    ),
    # Schieber has no prediction to steer to; Differenzler has no trump choice,
    # Weis or claim (the predictor scores Schieber's trump choice too)
    variant_params=(
        ("schieber", tuple(n for n in jass_nb.NAMES if n != "steer")),
        ("differenzler", ("ruff_min", "pull_trumps", "steer", "intercept", "trumps", "buur", "nell",
                          "tops", "tens", "voids")),
    ),
    doc="scores each mode with its points predictor, pushes below a threshold; pulls trumps, "
        "smears points on the partner's sure tricks, saves the Buur; claims exactly when right; "
        "Differenzler: predicts with a fitted hand formula and plays to it",
))

PIMC = register(pimc_player(
    "jass",
    doc="perfect-information Monte Carlo: samples the unseen hands (voids, Weis and the turned "
        "card shown), plays each option out (heuristic rollouts, an exact search over the last "
        "cards) and keeps the best average score: the team's points and the game in Schieber, "
        "the penalty in Differenzler",
))
