"""The study packed for the compiled code: ``cfg``, an ``int64`` array.

The kit's header comes first (``sim.kit_nb.CFG_SEATING``, ``CFG_PLAYERS``);
then the game's own slots, the options as ``sim.options.packed`` writes them
(``rules_nb.TRUMP_*``, ``rules_nb.ORPHANS_*``: the order of their choices).
"""
import numpy as np

from ...kit_nb import CFG_HEADER, CFG_PLAYERS, CFG_SEATING, SEATINGS
from ...options import packed
from .info import JUPITER, ROUNDS

CFG_TRUMP_RULE = CFG_HEADER      # rules_nb.TRUMP_COUNT_FIRST, TRUMP_SUM_FIRST
CFG_ORPHANS = CFG_HEADER + 1     # rules_nb.ORPHANS_REMOVED, ORPHANS_MOVE_DOWN
CFG_ROUNDS = CFG_HEADER + 2      # rounds in a game (8)
CFG_SIZE = CFG_HEADER + 3


def config(game: str, players: int, options: dict, seating: str = "fixed") -> np.ndarray:
    """The config of a rule setting: ``game`` (jupiter), its players and typed options
    (a study's, or a replayed record's)."""
    cfg = np.zeros(CFG_SIZE, dtype=np.int64)
    cfg[CFG_SEATING] = SEATINGS[seating]
    cfg[CFG_PLAYERS] = players
    cfg[CFG_TRUMP_RULE] = packed(JUPITER.options, options, "trump_rule")
    cfg[CFG_ORPHANS] = packed(JUPITER.options, options, "orphans")
    cfg[CFG_ROUNDS] = ROUNDS
    return cfg
