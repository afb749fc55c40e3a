"""French Tarot for the hand odds (``sim/odds_nb.py``): a card dealt, whether the deal
stands, the seat's outcome."""
import numpy as np
from numba import njit

from ...kit_nb import CFG_PLAYERS
from . import obs as O
from .cards import PACK_HALF_POINTS
from .cfg import CFG_PETIT_SEC
from .play_nb import score_nb
from .rules_nb import PETIT_SEC_REDEAL, is_petit_sec


@njit(cache=True, inline="always")
def odds_give_nb(dealt, holder, card):
    """``card`` into holder ``holder``'s cards (two words each: the seats, then the dog)."""
    dealt[2 * holder + (card >> 6)] |= np.uint64(1) << np.uint64(card & 63)


@njit(cache=True, inline="always")
def odds_deal_stands_nb(dealt, cfg):
    """Under ``petit_sec=redeal`` a deal that gives a seat the Petit alone is dealt again
    (``play_nb.begin_nb`` annuls it), and so is the odds' deal: every deal drawn is played."""
    if cfg[CFG_PETIT_SEC] != PETIT_SEC_REDEAL:
        return True
    for s in range(cfg[CFG_PLAYERS]):
        if is_petit_sec(dealt[2 * s], dealt[2 * s + 1]):
            return False
    return True


@njit(cache=True)
def odds_outcome_nb(st, cfg, seat, out):
    """The half-points of the seat's camp (the taker's, with the partner in 5 players, or
    the defence), the deal's contract and whether the camp won (the taker made the
    contract, or the defence set it), into ``out[0:3]``; 0, 0, 0 for a deal dealt again
    (everyone passed)."""
    out[0] = 0
    out[1] = 0
    out[2] = 0
    if st[O.ANNULLED] != 0 or st[O.PHASE] != O.PHASE_OVER:
        return
    taking = seat == st[O.TAKER] or seat == st[O.PARTNER]
    made = score_nb(st)[0]
    out[0] = st[O.TAKER_HP] if taking else PACK_HALF_POINTS - st[O.TAKER_HP]
    out[1] = st[O.CONTRACT]
    out[2] = 1 if made == taking else 0
