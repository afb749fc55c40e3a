"""Beim Jupiter cards: notation <-> card ids, numbers, the pack by player count.

Card ids (65 cards, a set of cards is two ``uint64`` words):

* ``0 … 59`` the colour cards, ``colour * 15 + number - 1`` for the numbers
  1 … 14 and ``colour * 15 + 14`` for the colour's God card, colours
  ``B R Y G`` (blue, red, yellow, green) = 0 … 3: notation ``B1`` … ``B14``,
  ``BX`` (God);
* ``60`` Jupiter (``JUP``), ``61`` Juno (``JUN``);
* ``62 … 64`` the sacrificial lambs ``L1`` … ``L3``.

Every colour card lies in word 0, so the cards on the table (numbered colour
cards only) are one word; only ``L3`` lives in word 1.
The pack: 3 players play without the numbers 9 … 14 and without ``L3``
(40 cards); 4 players without 12 … 14 (53); 5 players with all 65.
"""
import numpy as np

from ...bits_nb import cards_of
from ...errors import TricksimError

COLOURS = "BRYG"
COLOUR_NAMES = ("blue", "red", "yellow", "green")
N_CARDS = 65
N_COLOUR_CARDS = 60
GOD_RANK = 14           # card % 15 == 14: the colour's God card
JUPITER = 60
JUNO = 61
LAMB_1 = 62
LAMB_3 = 64
GOD_HIGH = 15           # a God card played high counts 15, low 0
# numbers a player count plays with: 3 players 1 … 8, 4 players 1 … 11, 5 players 1 … 14
TOP_NUMBER = {3: 8, 4: 11, 5: 14}


def card_name(card: int) -> str:
    card = int(card)
    if card == JUPITER:
        return "JUP"
    if card == JUNO:
        return "JUN"
    if card >= LAMB_1:
        return f"L{card - LAMB_1 + 1}"
    rank = card % 15
    return COLOURS[card // 15] + ("X" if rank == GOD_RANK else str(rank + 1))


NAMES = [card_name(c) for c in range(N_CARDS)]
_IDS = {name: c for c, name in enumerate(NAMES)}


def parse_card(text) -> int:
    """Card id of a notation like ``B7``, ``r14``, ``GX``, ``JUP`` or ``L2``."""
    key = str(text).strip().upper()
    if key in _IDS:
        return _IDS[key]
    raise TricksimError(f"unknown card {text!r}: cards are B1 … B14 and BX (and R, Y, G), "
                        f"JUP, JUN and L1 … L3")


def number(card: int) -> int:
    """The number printed on a card: 1 … 14 on numbered colour cards, else 0."""
    card = int(card)
    if card < N_COLOUR_CARDS and card % 15 != GOD_RANK:
        return card % 15 + 1
    return 0


def is_numbered(card: int) -> bool:
    """A colour card numbered 1 … 14: the only cards a player may lay out."""
    return number(card) > 0


def is_god(card: int) -> bool:
    return int(card) < N_COLOUR_CARDS and int(card) % 15 == GOD_RANK


def pack(players: int) -> list[int]:
    """The card ids a game of ``players`` plays with, in id order."""
    top = TOP_NUMBER[players]
    out = [c for c in range(N_COLOUR_CARDS) if number(c) <= top]   # God cards: number 0
    out += [JUPITER, JUNO, LAMB_1, LAMB_1 + 1]
    if players >= 4:
        out.append(LAMB_3)
    return out


def pack_words(players: int) -> tuple[int, int]:
    """The pack of ``players`` as two words (lo, hi)."""
    both = sum(1 << c for c in pack(players))
    return both & (2**64 - 1), both >> 64


def words_of(cards) -> np.ndarray:
    """The two-word set of a list of card ids."""
    words = np.zeros(2, dtype=np.uint64)
    for c in cards:
        words[c >> 6] |= np.uint64(1) << np.uint64(c & 63)
    return words


def cards_in(lo, hi=0) -> list[int]:
    """The card ids of a two-word set, in id order (words as uint64, int64 or int)."""
    return cards_of((lo, hi))


def names_in(lo, hi=0) -> list[str]:
    return [NAMES[c] for c in cards_in(lo, hi)]
