"""Jass cards: notation <-> card ids, suit masks and the mode names.

Card ids: ``suit * 9 + rank`` with suits ``S H D C`` = 0..3 (Roses, Shields,
Bells, Acorns — Shields and Bells are the ×2 suits of Schieber) and ranks
``6 7 8 9 T J Q K A`` = 0..8 (``J`` = Under, ``Q`` = Ober). 36 cards, so a
set of cards is one ``uint64`` bitmask. Notation is parsed
case-insensitively: ``HJ`` is the Under of Shields.

Modes: 0..3 trump suit S H D C, 4 Obenabe (``obe``), 5 Unenufe (``une``);
the trump decision of a record also knows ``push`` (6).
"""
import numpy as np

from ...errors import TricksimError

SUITS = "SHDC"
SUIT_NAMES = ("Roses", "Shields", "Bells", "Acorns")
RANKS = "6789TJQKA"
RANK_NAMES = ("6", "7", "8", "9", "10", "Under", "Ober", "King", "Ace")
N_CARDS = 36
RANK_6, RANK_7, RANK_8, RANK_9, RANK_10, RANK_UNDER, RANK_OBER, RANK_KING, RANK_ACE = range(9)

SUIT_MASKS = np.array([((1 << 9) - 1) << (9 * s) for s in range(4)], dtype=np.uint64)
DECK_MASK = (1 << N_CARDS) - 1

TRUMP_WORDS = ("S", "H", "D", "C", "obe", "une", "push")
MODE_NAMES = ("Roses", "Shields", "Bells", "Acorns", "Obenabe", "Unenufe")


def card_name(card: int) -> str:
    return SUITS[card // 9] + RANKS[card % 9]


def parse_card(text) -> int:
    """Card id of a notation like ``SA``, ``ht`` or ``C6``."""
    s = str(text).strip().upper()
    if len(s) == 2 and s[0] in SUITS and s[1] in RANKS:
        return SUITS.index(s[0]) * 9 + RANKS.index(s[1])
    raise TricksimError(
        f"unknown card {text!r}: cards are suit S H D C + rank 6 7 8 9 T J Q K A (e.g. HJ, C6)"
    )


def parse_trump_word(text) -> int:
    """Mode id (0..5) or 6 for ``push`` of a record's trump decision."""
    s = str(text).strip()
    for i, word in enumerate(TRUMP_WORDS):
        if s.lower() == word.lower():
            return i
    raise TricksimError(f"unknown trump choice {text!r}: choices are S, H, D, C, obe, une or push")


def mask_of(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def hand_names(mask: int) -> list[str]:
    """Notation of the cards of a set, in id order."""
    return [card_name(c) for c in range(N_CARDS) if int(mask) >> c & 1]
