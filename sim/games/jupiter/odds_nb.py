"""Beim Jupiter for the hand odds (``sim/odds_nb.py``): a card dealt, whether the deal
stands, the seat's outcome."""
import numpy as np
from numba import njit

from ...kit_nb import CFG_PLAYERS
from . import obs as O
from .rules_nb import NUMBERED, ZERO


@njit(cache=True, inline="always")
def odds_give_nb(dealt, holder, card):
    """``card`` into holder ``holder``'s two words: the seats 0 … 4, then the card left
    unseen (``round_nb.DEALT_UNSEEN`` is holder 5's place)."""
    dealt[2 * holder + (card >> 6)] |= np.uint64(1) << np.uint64(card & 63)


@njit(cache=True, inline="always")
def odds_deal_stands_nb(dealt, cfg):
    """Every hand holds a numbered colour card (all of them in the first word); else the
    round is dealt again (``round_nb.begin_nb``'s redeal), and so is the odds' deal."""
    for s in range(cfg[CFG_PLAYERS]):
        if dealt[2 * s] & NUMBERED == ZERO:
            return False
    return True


@njit(cache=True)
def odds_outcome_nb(st, cfg, seat, out):
    """The seat's tricks, its counter (0: the zero-trick card) and whether it took that
    many tricks, into ``out[0:3]``."""
    tricks = st[O.TRICKS + seat]
    out[0] = tricks
    out[1] = st[O.BIDS + seat]
    out[2] = 1 if tricks == st[O.BIDS + seat] else 0
