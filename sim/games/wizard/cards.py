"""Wizard and Oh Hell cards: notation <-> card ids, and the card-set masks.

Card ids: ``suit * 13 + rank`` for the 52 suited cards, suits ``S H D C`` =
0..3 and ranks ``2 … 9 T J Q K A`` = 0..12 (the seed's 1..13, 13 high);
Wizards ``Z1``–``Z4`` are 52..55 and Jesters ``N1``–``N4`` are 56..59.
Oh Hell uses ids 0..51 only. Notation is parsed case-insensitively.
"""
import numpy as np

from ...errors import TricksimError

SUITS = "SHDC"
RANKS = "23456789TJQKA"
FIRST_WIZARD = 52
FIRST_JESTER = 56
WIZARD_DECK = 60
OH_HELL_DECK = 52

SUIT_MASKS = np.array([((1 << 13) - 1) << (13 * s) for s in range(4)], dtype=np.uint64)
WIZARD_MASK = np.uint64(0xF << FIRST_WIZARD)
JESTER_MASK = np.uint64(0xF << FIRST_JESTER)


def card_name(card: int) -> str:
    if card >= FIRST_JESTER:
        return f"N{card - FIRST_JESTER + 1}"
    if card >= FIRST_WIZARD:
        return f"Z{card - FIRST_WIZARD + 1}"
    return SUITS[card // 13] + RANKS[card % 13]


def parse_card(text, deck_size: int = WIZARD_DECK) -> int:
    """Card id of a notation like ``SA``, ``ht``, ``Z2`` or ``N4``."""
    s = str(text).strip().upper()
    card = None
    if len(s) == 2 and s[0] in SUITS and s[1] in RANKS:
        card = SUITS.index(s[0]) * 13 + RANKS.index(s[1])
    elif len(s) == 2 and s[0] in "ZN" and s[1] in "1234":
        card = (FIRST_WIZARD if s[0] == "Z" else FIRST_JESTER) + int(s[1]) - 1
    if card is None or card >= deck_size:
        kinds = "suit S H D C + rank 2-9 T J Q K A (e.g. SA, HT)"
        if deck_size == WIZARD_DECK:
            kinds += ", Wizards Z1-Z4, Jesters N1-N4"
        raise TricksimError(f"unknown card {text!r}: cards are {kinds}")
    return card


def parse_suit(text) -> int:
    s = str(text).strip().upper()
    if len(s) != 1 or s not in SUITS:
        raise TricksimError(f"unknown suit {text!r}: suits are S, H, D or C")
    return SUITS.index(s)


def mask_of(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m
