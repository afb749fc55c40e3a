"""Ten-point Pitch for the hand odds (``sim/odds_nb.py``): a card dealt, the refill order
drawn, the seat's outcome."""
import numpy as np
from numba import njit

from ...rng_nb import below
from . import obs as O
from .cards import N_CARDS
from .ten_point_rules_nb import made_nb, team_points_nb


@njit(cache=True, inline="always")
def odds_give_nb(dealt, holder, card):
    """``card`` into holder ``holder``'s word: the seats 0 … 3, then the stock."""
    dealt[holder] |= np.uint64(1) << np.uint64(card)


@njit(cache=True, inline="always")
def odds_finish_deal_nb(dealt, rng):
    """The refill order, a uniform shuffle of the 54 ids of its own (the deal writes it
    out whole: ``dealt``'s ids after the stock), as the game's own deal draws it apart
    from the hands."""
    for i in range(N_CARDS):
        dealt[O.DEALT_REFILL + i] = np.uint64(i)
    for i in range(N_CARDS - 1):
        j = i + below(rng, N_CARDS - i)
        t = dealt[O.DEALT_REFILL + i]
        dealt[O.DEALT_REFILL + i] = dealt[O.DEALT_REFILL + j]
        dealt[O.DEALT_REFILL + j] = t


@njit(cache=True)
def odds_outcome_nb(st, cfg, seat, out):
    """The points of the seat's team in the deal, the bid when its team bid (else 0) and
    whether its team bid and made it, into ``out[0:3]``."""
    team = seat % 2
    bidding = st[O.BIDDER] >= 0 and st[O.BIDDER] % 2 == team
    out[0] = team_points_nb(st, team)
    out[1] = st[O.HIGH_BID] if bidding else 0
    out[2] = 1 if bidding and made_nb(st) == 1 else 0
