"""The study packed for the compiled code: ``cfg``, an ``int64`` array.

The kit's header comes first (``sim.kit_nb.CFG_SEATING``, ``CFG_PLAYERS``);
then the game's own slots. ``aux`` holds the hand sizes of a game's deals.
"""
import numpy as np

from ...kit_nb import CFG_HEADER, CFG_PLAYERS, CFG_SEATING, SEATINGS
from .cards import OH_HELL_DECK, WIZARD_DECK
from ...options import packed
from .info import OH_HELL, WIZARD

CFG_GAME = CFG_HEADER        # 0 Wizard, 1 Oh Hell
CFG_DECK = CFG_HEADER + 1    # cards in the pack: 60 or 52
CFG_SCORING = CFG_HEADER + 2     # rules_nb.SCORING_*
CFG_RESTRICT = CFG_HEADER + 3    # rules_nb.RESTRICT_* (the option's choices, in order)
CFG_SIZE = CFG_HEADER + 4



def scoring_code(options: dict) -> int:
    """The scoring table as ``rules_nb.round_score`` reads it: Oh Hell's option, or
    Wizard's own table (one of Oh Hell's choices)."""
    return packed(OH_HELL.options, {"scoring": options.get("scoring", "wizard")}, "scoring")


def config(game: str, players: int, options: dict, seating: str = "fixed") -> np.ndarray:
    """The config of a rule setting: ``game`` (wizard or oh_hell), its players and typed
    options (a study's, or a replayed record's)."""
    cfg = np.zeros(CFG_SIZE, dtype=np.int64)
    cfg[CFG_SEATING] = SEATINGS[seating]
    cfg[CFG_PLAYERS] = players
    cfg[CFG_GAME] = 0 if game == "wizard" else 1
    cfg[CFG_DECK] = WIZARD_DECK if game == "wizard" else OH_HELL_DECK
    cfg[CFG_SCORING] = scoring_code(options)
    cfg[CFG_RESTRICT] = packed((WIZARD if game == "wizard" else OH_HELL).options, options,
                               "dealer_restriction")
    return cfg
