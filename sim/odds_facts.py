"""What the hand odds' facts modules share (``sim/games/*/odds.py``): reading the cards a
question gives, placing each in one place, and checking the other seats' fixed cards.

Each game's module says what its facts mean; the checks that every game makes alike live
here once, with the same one-line errors.
"""
from __future__ import annotations

import numpy as np

from .errors import TricksimError


def read_cards(text, parse, n_cards: int, what: str) -> list[int]:
    """Card ids of cards given as text (``"SA HT"``, commas allowed) or a list (names or
    ids); ``parse`` reads a name."""
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    cards = [int(c) if isinstance(c, (int, np.integer)) else parse(c) for c in items]
    for c in cards:
        if not 0 <= c < n_cards:
            raise TricksimError(f"unknown card {c!r} in {what}: card ids run from 0 to "
                                f"{n_cards - 1}")
    return cards


class Placed:
    """The cards a question has placed, each in one place (``name`` writes a card)."""

    def __init__(self, name):
        self.name = name
        self.where: dict[int, str] = {}

    def take(self, card: int, where: str) -> None:
        """Place ``card`` in ``where``; a card given twice is refused."""
        if card in self.where:
            before = self.where[card]
            again = f"in {where}" if before == where else f"in {before} and in {where}"
            raise TricksimError(f"card {self.name(card)} is given twice ({again}): a card is "
                                f"in one place")
        self.where[card] = where

    def __contains__(self, card: int) -> bool:
        return card in self.where


def other_seats(fixed, n: int, seat: int, size: int, read, deals: str):
    """``(seat, cards)`` of each other seat's fixed cards, checked: a seat at the table,
    not the asking one, at most ``size`` cards (``deals``: the words that say so, e.g.
    "round 3 deals 4"); ``read(text, what)`` reads the cards."""
    for s, cards in (fixed or {}).items():
        s = int(s)
        if not 0 <= s < n:
            raise TricksimError(f"fixed cards for seat {s}: {n} players sit at seats 0 to {n - 1}")
        if s == seat:
            raise TricksimError(f"fixed cards for seat {s}, the asking seat: give its cards as "
                                f"the hand")
        cards = read(cards, f"seat {s}'s cards")
        if len(cards) > size:
            raise TricksimError(f"seat {s} is given {len(cards)} cards; {deals}")
        yield s, cards
