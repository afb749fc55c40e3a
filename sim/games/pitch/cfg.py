"""The study packed for the compiled code: ``cfg``, an ``int64`` array.

The kit's header comes first (``sim.kit_nb.CFG_SEATING``, ``CFG_PLAYERS``);
then Pitch's own slots: Auction Pitch's options, as its compiled rules read
them (``auction_rules_nb``: the option's choices, in order). Ten-point Pitch
has no options; its config leaves them at their defaults. Both games share
this layout; each variant has its own step module (``<variant>_step_nb``).
"""
import numpy as np

from ...kit_nb import CFG_HEADER, CFG_PLAYERS, CFG_SEATING, SEATINGS
from ...options import packed
from .info import PITCH_INFO

CFG_ALL_PASS = CFG_HEADER        # Auction: auction_rules_nb.ALL_PASS_*
CFG_LOW_TO = CFG_HEADER + 1      # Auction: auction_rules_nb.LOW_TO_*
CFG_SETTLE = CFG_HEADER + 2      # Auction: auction_rules_nb.SETTLE_*
CFG_SIZE = CFG_HEADER + 3

PLAYERS = 4


def config(options: dict, seating: str = "fixed") -> np.ndarray:
    """The config of a rule setting: its typed options (a study's, or a replayed
    record's; Ten-point Pitch's: none, Auction Pitch's defaults written)."""
    cfg = np.zeros(CFG_SIZE, dtype=np.int64)
    cfg[CFG_SEATING] = SEATINGS[seating]
    cfg[CFG_PLAYERS] = PLAYERS
    cfg[CFG_ALL_PASS] = packed(PITCH_INFO.options, options, "all_pass")
    cfg[CFG_LOW_TO] = packed(PITCH_INFO.options, options, "low_to")
    cfg[CFG_SETTLE] = packed(PITCH_INFO.options, options, "settle_setbacks")
    return cfg
