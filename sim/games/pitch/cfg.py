"""Pitch's ``cfg``: the study packed for the kernels (``replay.config`` builds it).

Apart from ``step_nb`` so that each game's rules module can read it without
importing the dispatcher that imports them.
"""
CFG_SEATING = 0        # sim.kit_nb.SEATING_*
CFG_VARIANT = 1        # obs.VARIANT_AUCTION or obs.VARIANT_TEN_POINT
CFG_ALL_PASS = 2       # Auction: 1 redeal, 0 the dealer must bid
CFG_LOW_TO = 3         # Auction: 1 taken, 0 dealt
CFG_SETTLE = 4         # Auction: 1 the settlement counts set-backs
CFG_SIZE = 5
