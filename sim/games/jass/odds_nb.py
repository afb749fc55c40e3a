"""Schieber for the hand odds (``sim/odds_nb.py``): a card dealt, the seat's outcome."""
import numpy as np
from numba import njit

from . import obs as O
from .state_nb import X_PREDICTION


@njit(cache=True, inline="always")
def odds_give_nb(dealt, holder, card):
    """``card`` into seat ``holder``'s hand (one word a seat)."""
    dealt[holder] |= np.uint64(1) << np.uint64(card)


@njit(cache=True)
def odds_outcome_nb(st, cfg, seat, out):
    """Schieber: the card points of the seat's team (the last trick's 5 included), the
    mode played and whether the team took more of them than the other (157 in all: no
    tie); Differenzler: the seat's card points, its prediction and whether it hit it
    exactly; into ``out[0:3]``."""
    if st[O.VARIANT] == O.VARIANT_DIFFERENZLER:
        out[0] = st[O.POINTS + seat]
        out[1] = st[X_PREDICTION + seat]
        out[2] = 1 if out[0] == out[1] else 0
        return
    team = seat % 2
    points = st[O.POINTS + team] + st[O.POINTS + team + 2]
    out[0] = points
    out[1] = st[O.MODE]
    out[2] = 1 if 2 * points > 157 else 0
