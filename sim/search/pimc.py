"""The PIMC player from Python: its templates bound to a family, and its ``Player``.

``pimc_functions(family)`` binds ``sim/search/pimc_nb.py`` to the family's step
module and its PIMC hooks (:data:`HOOKS`); :func:`pimc_player` makes the
``pimc`` player of the family's ``strategies`` module from the bound
``pimc_decide_nb``. The player is of the user kind: the engine calls it at its
address like a player written outside tricksim, so seating it compiles no
kernel anew, and a table where it sits keeps the public record of voids that
it reads (``sim/games/wizard/obs.py`` ``VOIDS``).

The bound copies are cached in the folder of code outside the game families
(``sim/cache.py``), keyed by every source: the hooks read the belief and the
sampler, which no family's key covers.
"""
from __future__ import annotations

import importlib

from strategies.abi import KIND_USER
from strategies.registry import Player

from .. import board_nb
from ..binding import bind
from ..errors import TricksimError
from . import pimc_nb

# a family's PIMC hooks, and the game whose step module the family's deals follow
HOOKS = {"wizard": ("sim.search.pimc_wizard_nb", "wizard")}


def pimc_functions(family: str):
    """The bound templates of ``family`` (``pimc_decide_nb`` among them)."""
    if family not in HOOKS:
        raise TricksimError(f"the pimc player has no hooks for the {family} family yet; "
                            f"families with them: {', '.join(sorted(HOOKS))}")
    from .. import registry
    hooks_name, game_name = HOOKS[family]
    steps = registry.game(game_name).steps_module("")
    # the kit's names first: a default hook bound from sim/board_nb.py reads them
    hooks = {k: v for k, v in vars(board_nb).items() if not k.startswith("__")}
    hooks.update(vars(steps))
    hooks.update({k: v for k, v in vars(importlib.import_module(hooks_name)).items()
                  if not k.startswith("__")})
    heuristic = _heuristic(family)
    hooks["heuristic_nb"] = heuristic
    return bind(f"pimc_{family}", None, hooks, pimc_nb.PIMC, needs=pimc_nb.PIMC_HOOKS,
                label=f"pimc ({family})", source=pimc_nb)


def _heuristic(family: str):
    module = importlib.import_module(f"strategies.{family}_nb")
    return module.heuristic_nb


def pimc_player(family: str, doc: str) -> Player:
    """The ``pimc`` player of ``family``."""
    return Player(
        name="pimc", family=family, kind=KIND_USER,
        decide=pimc_functions(family).pimc_decide_nb,
        param_names=pimc_nb.NAMES, param_values=pimc_nb.DEFAULTS, param_ranges=pimc_nb.RANGES,
        param_docs=pimc_nb.DOCS, doc=doc)
