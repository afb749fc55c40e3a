"""Auction Pitch for the hand odds (``sim/odds_nb.py``): a card dealt, the pitch asked
about, the seat's outcome."""
import numpy as np
from numba import njit

from . import obs as O


@njit(cache=True, inline="always")
def odds_give_nb(dealt, holder, card):
    """``card`` into seat ``holder``'s hand (one word a seat)."""
    dealt[holder] |= np.uint64(1) << np.uint64(card)


@njit(cache=True, inline="always")
def odds_asks_nb(st, seat, phase):
    """The pitch (``phase`` the card play): the first card of the deal, the seat's as the
    pitcher; any other question the seat's first decision of its kind (the bid)."""
    if st[O.SEAT] != seat or st[O.PHASE] != phase:
        return False
    return phase != O.PHASE_PLAY or (st[O.BIDDER] == seat and st[O.TRICK_NO] == 0
                                     and st[O.TRICK_N] == 0)


@njit(cache=True)
def odds_outcome_nb(st, cfg, seat, out):
    """The points the seat won in the deal (High, Low, Jack, Game), its bid when it
    pitched (else 0) and whether it pitched and made its bid, into ``out[0:3]``; 0, 0, 0
    for a deal dealt again (every seat passed under ``all_pass=redeal``)."""
    pitched = st[O.BIDDER] == seat and st[O.REDEAL] == 0
    out[0] = 0 if st[O.REDEAL] else st[O.POINTS + seat]
    out[1] = st[O.HIGH_BID] if pitched else 0
    out[2] = 1 if pitched and st[O.MADE] == 1 else 0
