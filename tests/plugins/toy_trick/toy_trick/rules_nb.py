"""The rules as compiled functions: legal cards and the trick's order."""
import numpy as np
from numba import njit

SUIT_MASKS = np.array([0xF << (4 * s) for s in range(4)], dtype=np.uint64)


@njit(cache=True, inline="always")
def legal_cards(hand, lead):
    """Follow the suit led (``lead`` >= 0) if able, else any card."""
    if lead < 0:
        return hand
    follow = hand & SUIT_MASKS[lead]
    return follow if follow != np.uint64(0) else hand


@njit(cache=True, inline="always")
def trick_key(card, lead, trump):
    """Higher takes the trick: trumps 20 + rank, the suit led 10 + rank, others nothing."""
    suit = card // 4
    return (card % 4) + 10 * (suit == lead) + 20 * (suit == trump)


# the trump suit by the option's choice (info.TRUMPS: none, spades)
TRUMP_SUIT = np.array([-1, 0], dtype=np.int64)
