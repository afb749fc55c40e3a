"""French Tarot cards: notation <-> card ids, card points, masks.

Card ids (78 cards, a set of cards is two ``uint64`` words):

* ``0 … 55`` the suit cards, ``suit * 14 + rank - 1`` with suits ``S H D C``
  = 0..3 and ranks 1 … 10, Jack (11), Knight (12), Queen (13), King (14):
  notation ``S1`` … ``S10``, ``SJ``, ``SN``, ``SQ``, ``SK``;
* ``56 … 76`` the trumps 1 … 21 (``T1`` … ``T21``), so a higher trump has a
  higher id;
* ``77`` the Excuse (``EX``).

Word 0 holds ids 0 … 63 (the suits and trumps 1 … 8), word 1 ids 64 … 77.
Card points are kept in half-points: Kings and the three oudlers (T21, T1,
EX) 9, Queens 7, Knights 5, Jacks 3, every other card 1; the pack is
182 half-points (91 points).
"""
import numpy as np

from ...bits_nb import cards_of
from ...errors import TricksimError

SUITS = "SHDC"
SUIT_NAMES = ("Spades", "Hearts", "Diamonds", "Clubs")
FACES = {11: "J", 12: "N", 13: "Q", 14: "K"}
N_CARDS = 78
N_SUIT_CARDS = 56
TRUMP_1 = 56            # the Petit
TRUMP_21 = 76
EXCUSE = 77
KING = 14
QUEEN = 13
LEAD_TRUMP = 4          # the "suit" a trump lead asks for
PACK_HALF_POINTS = 182


def _points() -> np.ndarray:
    pts = np.ones(N_CARDS, dtype=np.int64)
    for suit in range(4):
        for rank, value in ((11, 3), (12, 5), (13, 7), (14, 9)):
            pts[suit * 14 + rank - 1] = value
    for oudler in (TRUMP_1, TRUMP_21, EXCUSE):
        pts[oudler] = 9
    return pts


HALF_POINTS = _points()


def card_name(card: int) -> str:
    card = int(card)
    if card == EXCUSE:
        return "EX"
    if card >= TRUMP_1:
        return f"T{card - TRUMP_1 + 1}"
    rank = card % 14 + 1
    return SUITS[card // 14] + FACES.get(rank, str(rank))


NAMES = [card_name(c) for c in range(N_CARDS)]
_IDS = {name: c for c, name in enumerate(NAMES)}


def parse_card(text) -> int:
    """Card id of a notation like ``SK``, ``h10``, ``T21`` or ``EX``."""
    key = str(text).strip().upper()
    if key in _IDS:
        return _IDS[key]
    raise TricksimError(f"unknown card {text!r}: cards are S1 … S10, SJ, SN, SQ, SK (and H, D, C), "
                        f"T1 … T21 and EX")


def words_of(cards) -> np.ndarray:
    """The two-word set of a list of card ids."""
    words = np.zeros(2, dtype=np.uint64)
    for c in cards:
        words[c >> 6] |= np.uint64(1) << np.uint64(c & 63)
    return words


def cards_in(lo, hi) -> list[int]:
    """The card ids of a two-word set, in id order (words as uint64, int64 or int)."""
    return cards_of((lo, hi))


def names_in(lo, hi) -> list[str]:
    return [NAMES[c] for c in cards_in(lo, hi)]


def is_trump(card: int) -> bool:
    return TRUMP_1 <= card < EXCUSE


def is_oudler(card: int) -> bool:
    return card in (TRUMP_1, TRUMP_21, EXCUSE)


def is_king(card: int) -> bool:
    return card < N_SUIT_CARDS and card % 14 + 1 == KING
