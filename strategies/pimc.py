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

from sim.binding import bind
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
         "jupiter": ("strategies.pimc_jupiter_nb", "jupiter"),
         # each variant its own step module and hooks (the module's VARIANT_HOOKS), and its
         # pimc_decide_nb template hands a decision to its variant's
         "pitch": ("strategies.pimc_pitch_nb", "pitch")}


def pimc_functions(family: str, variant: str = ""):
    """The bound templates of ``family`` (``pimc_decide_nb`` among them); of a family
    whose variants have hooks of their own, ``variant``'s (none: the family's decider
    alone, which hands each decision to its variant's)."""
    if family not in HOOKS:
        raise TricksimError(f"the pimc player has no hooks for the {family} family yet; "
                            f"families with them: {', '.join(sorted(HOOKS))}")
    from sim import registry
    hooks_name, game_name = HOOKS[family]
    hooks_module = importlib.import_module(hooks_name)
    variants = getattr(hooks_module, "VARIANT_HOOKS", None)
    if variants is not None and not variant:
        deciders = {f"decide_{v}_nb": pimc_functions(family, v).pimc_decide_nb for v in variants}
        return bind(f"pimc_{family}", None, deciders, (("pimc_decide_nb", {"nogil": True}),),
                    needs=(), label=f"pimc ({family})", source=hooks_module)
    if variants is not None:
        hooks_module = importlib.import_module(variants[variant])
    steps = registry.game(game_name).steps_module(variant)
    heuristic = importlib.import_module(f"strategies.{family}_nb").heuristic_nb
    unit = f"pimc_{family}_{variant}" if variant else f"pimc_{family}"
    label = f"pimc ({family} {variant})" if variant else f"pimc ({family})"
    return bind_pimc(unit, label, steps, hooks_module, heuristic)


def pimc_player(family: str, doc: str) -> Player:
    """The ``pimc`` player of ``family``."""
    return Player(
        name="pimc", family=family, kind=KIND_USER,
        decide=pimc_functions(family).pimc_decide_nb,
        param_names=pimc_nb.NAMES, param_values=pimc_nb.DEFAULTS, param_ranges=pimc_nb.RANGES,
        param_docs=pimc_nb.DOCS, doc=doc, chunk_deals=CHUNK_DEALS)
