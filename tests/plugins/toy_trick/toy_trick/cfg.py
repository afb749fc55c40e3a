"""The study packed for the compiled code: the kit's header, then the game's slots."""
import numpy as np

from sim.kit_nb import CFG_HEADER, CFG_PLAYERS, CFG_SEATING, SEATINGS
from sim.options import packed
from .info import TOY_TRICK

CFG_TRUMP = CFG_HEADER          # the option's choice: rules_nb.TRUMP_SUIT reads it
CFG_DEALS = CFG_HEADER + 1      # deals in a game
CFG_SIZE = CFG_HEADER + 2


def config(options: dict, seating: str = "fixed") -> np.ndarray:
    """The config of a rule setting (a study's, or a replayed record's)."""
    cfg = np.zeros(CFG_SIZE, dtype=np.int64)
    cfg[CFG_SEATING] = SEATINGS[seating]
    cfg[CFG_PLAYERS] = 2
    cfg[CFG_TRUMP] = packed(TOY_TRICK.options, options, "trump")
    cfg[CFG_DEALS] = packed(TOY_TRICK.options, options, "deals")
    return cfg
