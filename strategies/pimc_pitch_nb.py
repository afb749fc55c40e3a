"""Pitch for the PIMC player: one player for both games, each with its own step module.

The templates of ``sim/search/pimc_nb.py`` are bound once per variant, to that variant's
step module and hooks (:data:`VARIANT_HOOKS`: Auction Pitch's, Ten-point Pitch's);
``pimc_decide_nb`` here is a template too, bound (``strategies/pimc.py``) over the two
bound deciders, and hands a decision to its variant's by ``VARIANT``: the engine calls one
player of the family at its address, whichever game is played.
"""
from sim.games.pitch import obs as O

# a variant's PIMC hooks
VARIANT_HOOKS = {"auction": "strategies.pimc_pitch_auction_nb",
                 "ten_point": "strategies.pimc_pitch_ten_point_nb"}


def pimc_decide_nb(obs, params):
    """The decision of the variant played (the strategy ABI: ``obs``, ``params`` -> action)."""
    if obs[O.VARIANT] == O.VARIANT_TEN_POINT:
        return decide_ten_point_nb(obs, params)     # noqa: F821 (bound: strategies/pimc.py)
    return decide_auction_nb(obs, params)           # noqa: F821
