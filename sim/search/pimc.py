"""The PIMC player's templates bound to a game: ``bind_pimc``.

``sim/search/pimc_nb.py`` holds the templates; a family's PIMC hooks (its belief,
its deal score and side: ``strategies/pimc_<family>_nb.py``) and its rollout
policy come from the player's side, ``strategies/pimc.py``, which makes the
``pimc`` player of each family from the bound ``pimc_decide_nb``. The search
kit itself knows no player: the heuristic that plays the rollouts is handed in.

The bound copies are cached in the folder of code outside the game families
(``sim/cache.py``), keyed by every source: the hooks read the belief and the
sampler, which no family's key covers.
"""
from __future__ import annotations

from .. import board_nb
from ..binding import bind
from . import pimc_nb


def bind_pimc(unit: str, label: str, steps, hooks_module, heuristic_nb):
    """The templates bound to ``steps`` (a game's step module), the PIMC hooks of
    ``hooks_module`` and the rollout policy ``heuristic_nb``, compiled under the name
    ``unit`` (``pimc_decide_nb`` among them)."""
    # the kit's names first: a default hook bound from sim/board_nb.py reads them
    hooks = {k: v for k, v in vars(board_nb).items() if not k.startswith("__")}
    hooks.update(vars(steps))
    hooks.update({k: v for k, v in vars(hooks_module).items() if not k.startswith("__")})
    hooks["heuristic_nb"] = heuristic_nb
    return bind(unit, None, hooks, pimc_nb.PIMC, needs=pimc_nb.PIMC_HOOKS, label=label,
                source=pimc_nb)
