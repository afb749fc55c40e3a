"""The ``pimc`` player of each family: the search kit's templates bound to the
family's hooks and heuristic.

``sim/search/pimc_nb.py`` is the player (perfect-information Monte Carlo); a
family supplies its hooks in ``strategies/pimc_<family>_nb.py`` (what a seat
knows of the hidden cards, the deal's score, the side) and its heuristic plays
the rollouts. The player is of the user kind: the engine calls it at its
address like a player written outside tricksim, so seating it compiles no
kernel anew, and a table where it sits keeps the public record of voids that
it reads.
"""
from __future__ import annotations

import importlib

from sim.errors import TricksimError
from sim.search.pimc import bind_pimc
from sim.search import pimc_nb

from .abi import KIND_USER
from .registry import Player

# deals a study's chunk holds where pimc sits: a few seconds of work for one seat of Wizard
# (about 1,000 deals a minute with one pimc seat of four), so the bar moves and cores share
CHUNK_DEALS = 500
# a family's PIMC hooks, and the game whose step module the family's deals follow
HOOKS = {"wizard": ("strategies.pimc_wizard_nb", "wizard"),
         "jass": ("strategies.pimc_jass_nb", "jass"),
         "tarot": ("strategies.pimc_tarot_nb", "tarot"),
         "jupiter": ("strategies.pimc_jupiter_nb", "jupiter")}


def pimc_functions(family: str):
    """The bound templates of ``family`` (``pimc_decide_nb`` among them)."""
    if family not in HOOKS:
        raise TricksimError(f"the pimc player has no hooks for the {family} family yet; "
                            f"families with them: {', '.join(sorted(HOOKS))}")
    from sim import registry
    hooks_name, game_name = HOOKS[family]
    steps = registry.game(game_name).steps_module("")
    heuristic = importlib.import_module(f"strategies.{family}_nb").heuristic_nb
    return bind_pimc(f"pimc_{family}", f"pimc ({family})", steps,
                     importlib.import_module(hooks_name), heuristic)


def pimc_player(family: str, doc: str) -> Player:
    """The ``pimc`` player of ``family``."""
    return Player(
        name="pimc", family=family, kind=KIND_USER,
        decide=pimc_functions(family).pimc_decide_nb,
        param_names=pimc_nb.NAMES, param_values=pimc_nb.DEFAULTS, param_ranges=pimc_nb.RANGES,
        param_docs=pimc_nb.DOCS, doc=doc, chunk_deals=CHUNK_DEALS)
