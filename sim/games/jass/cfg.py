"""The study packed for the compiled code: ``cfg``, an ``int64`` array.

The kit's header comes first (``sim.kit_nb.CFG_SEATING``, ``CFG_PLAYERS``);
then the game's own slots. Options are written with ``sim.options.packed``:
a word is its index in the option's ``choices`` (``rules_nb``'s constants
follow that order), a number ``n`` is ``len(choices) + n``.
"""
import numpy as np

from ...kit_nb import CFG_HEADER, CFG_PLAYERS, CFG_SEATING, SEATINGS
from ...options import packed
from . import obs as O
from .info import JASS

CFG_VARIANT = CFG_HEADER          # obs.VARIANT_SCHIEBER or VARIANT_DIFFERENZLER
CFG_TARGET = CFG_HEADER + 1       # Schieber: option `target`, the points to win
CFG_PREDICTIONS = CFG_HEADER + 2  # Differenzler: option `predictions` (rules_nb.PREDICTIONS_*)
CFG_MULTIPLIERS = CFG_HEADER + 3  # Schieber: option `multipliers`, a row of rules_nb.MULTIPLIERS
CFG_TIE_DEALS = CFG_HEADER + 4    # Differenzler: option `tie_deals` (rules_nb.tie_deals_allowed)
CFG_SIZE = CFG_HEADER + 5


def config(variant: str, players: int, options: dict, seating: str = "fixed") -> np.ndarray:
    """The config of a rule setting: the ``variant`` (schieber or differenzler), its
    players and typed options (a study's, or a replayed record's)."""
    cfg = np.zeros(CFG_SIZE, dtype=np.int64)
    cfg[CFG_SEATING] = SEATINGS[seating]
    cfg[CFG_PLAYERS] = players
    cfg[CFG_VARIANT] = O.VARIANT_SCHIEBER if variant == "schieber" else O.VARIANT_DIFFERENZLER
    for slot, name in ((CFG_TARGET, "target"), (CFG_PREDICTIONS, "predictions"),
                       (CFG_MULTIPLIERS, "multipliers"), (CFG_TIE_DEALS, "tie_deals")):
        cfg[slot] = packed(JASS.options, options, name)
    return cfg
