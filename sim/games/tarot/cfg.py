"""The study packed for the compiled code: ``cfg``, an ``int64`` array.

The kit's header comes first (``sim.kit_nb.CFG_SEATING``, ``CFG_PLAYERS``);
then the game's own slots. Options are written with :func:`sim.options.packed`
(their index in the option's ``choices``, read by the ``rules_nb`` constants).
"""
import numpy as np

from ...kit_nb import CFG_HEADER, CFG_PLAYERS, CFG_SEATING, SEATINGS
from ...options import packed
from .info import DEALS_ONE_EACH, TAROT, deals_per_game

CFG_PETIT_SEC = CFG_HEADER       # rules_nb.PETIT_SEC_* (the option's choices, in order)
CFG_EXCHANGE = CFG_HEADER + 1    # rules_nb.EXCHANGE_* (the option's choices, in order)
CFG_DEALS = CFG_HEADER + 2       # played deals in a game
CFG_SIZE = CFG_HEADER + 3


def config(players: int, options: dict, seating: str = "fixed") -> np.ndarray:
    """The config of a rule setting: its players and typed options (a study's, or a
    replayed record's)."""
    cfg = np.zeros(CFG_SIZE, dtype=np.int64)
    cfg[CFG_SEATING] = SEATINGS[seating]
    cfg[CFG_PLAYERS] = players
    cfg[CFG_PETIT_SEC] = packed(TAROT.options, options, "petit_sec")
    cfg[CFG_EXCHANGE] = packed(TAROT.options, options, "excuse_exchange")
    cfg[CFG_DEALS] = deals_per_game(players, options.get("deals", DEALS_ONE_EACH))
    return cfg
