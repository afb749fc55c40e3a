"""The study packed for the compiled code: ``cfg``, an ``int64`` array.

The kit's header comes first (``sim.kit_nb.CFG_SEATING``, ``CFG_PLAYERS``);
then the game's own slots. ``aux`` holds the hand sizes of a game's deals.
"""
from ...kit_nb import CFG_HEADER, CFG_PLAYERS, CFG_SEATING  # noqa: F401  (the header)

CFG_GAME = CFG_HEADER        # 0 Wizard, 1 Oh Hell
CFG_DECK = CFG_HEADER + 1    # cards in the pack: 60 or 52
CFG_SCORING = CFG_HEADER + 2     # rules_nb.SCORING_*
CFG_RESTRICT = CFG_HEADER + 3    # rules_nb.RESTRICT_* (the option's choices, in order)
CFG_SIZE = CFG_HEADER + 4
