"""Wizard and Oh Hell for the hand odds (``sim/odds_nb.py``): a card dealt, the seat's outcome."""
import numpy as np
from numba import njit

from . import obs as O


@njit(cache=True, inline="always")
def odds_give_nb(dealt, holder, card):
    """``card`` into seat ``holder``'s hand (one word a seat)."""
    dealt[holder] |= np.uint64(1) << np.uint64(card)


@njit(cache=True, inline="always")
def odds_outcome_nb(pub, cfg, seat, out):
    """The seat's tricks, its bid and whether it made it (1 or 0), into ``out[0:3]``."""
    won = pub[O.TRICKS_WON + seat]
    bid = pub[O.BIDS + seat]
    out[0] = won
    out[1] = bid
    out[2] = 1 if won == bid else 0
