"""Schieber for the hand odds (``sim/odds_nb.py``): a card dealt, the seat's outcome."""
import numpy as np
from numba import njit

from . import obs as O


@njit(cache=True, inline="always")
def odds_give_nb(dealt, holder, card):
    """``card`` into seat ``holder``'s hand (one word a seat)."""
    dealt[holder] |= np.uint64(1) << np.uint64(card)


@njit(cache=True)
def odds_outcome_nb(st, cfg, seat, out):
    """The card points of the seat's team (the last trick's 5 included), the mode played
    and whether the team took more of them than the other (157 in all: no tie), into
    ``out[0:3]``."""
    team = seat % 2
    points = st[O.POINTS + team] + st[O.POINTS + team + 2]
    out[0] = points
    out[1] = st[O.MODE]
    out[2] = 1 if 2 * points > 157 else 0
