"""Ten-point Pitch's card facts for a named trump (numba): which cards are trumps,
their order, their points. Shared by the step functions and the heuristic.

Trumps when suit ``t`` is named: the 13 cards of ``t``, the Jick (the Jack of
the other suit of the same colour) and both jokers, ranked high to low
A K Q J Jick BJ LJ 10 9 … 2. Points: A J Jick BJ LJ 10 one each and the 3
three to the trick's winner; the 2 one to the team of the seat that played it.
"""
import numpy as np
from numba import njit

from ...bits_nb import ONE, ZERO
from .cards import HIGH_JOKER, LOW_JOKER, RANK_ACE, RANK_JACK, RANK_TEN

TARGET = 52
MAX_DEALS = 400          # a game still short of 52 here ends (end = 3), ranked by score

SUIT13 = np.uint64((1 << 13) - 1)
JOKERS = (ONE << np.uint64(LOW_JOKER)) | (ONE << np.uint64(HIGH_JOKER))


@njit(cache=True, inline="always")
def jick_nb(trump):
    """The Jick's id: the Jack of the other suit of the trump's colour (S<->C, H<->D)."""
    return 13 * (3 - trump) + RANK_JACK


@njit(cache=True, inline="always")
def trumps_of_nb(trump):
    """The 16 trumps of a named suit (a set)."""
    return (SUIT13 << np.uint64(13 * trump)) | (ONE << np.uint64(jick_nb(trump))) | JOKERS


@njit(cache=True, inline="always")
def point1_of_nb(trump):
    """The trumps worth one point to the trick's winner: A J Jick BJ LJ 10."""
    base = 13 * trump
    return ((ONE << np.uint64(base + RANK_ACE)) | (ONE << np.uint64(base + RANK_JACK))
            | (ONE << np.uint64(base + RANK_TEN)) | (ONE << np.uint64(jick_nb(trump))) | JOKERS)


@njit(cache=True, inline="always")
def points_of_nb(trump):
    """Every point trump: the one-point ones, the 3 and the 2."""
    base = 13 * trump
    return point1_of_nb(trump) | (ONE << np.uint64(base + 1)) | (ONE << np.uint64(base))


@njit(cache=True, inline="always")
def value_nb(card, trump):
    """A trump's height (higher wins): 2 … 10 = 0 … 8, LJ 9, BJ 10, Jick 11, J 12 … A 15."""
    if card == HIGH_JOKER:
        return 10
    if card == LOW_JOKER:
        return 9
    if card // 13 != trump:
        return 11          # the Jick
    r = card % 13
    return r if r <= RANK_TEN else r + 3


@njit(cache=True, inline="always")
def card_points_nb(card, trump):
    """Points a trump carries (the 2: one, to its player's team; the others to the winner)."""
    if card == HIGH_JOKER or card == LOW_JOKER:
        return 1
    if card // 13 != trump:
        return 1           # the Jick
    r = card % 13
    if r == 1:
        return 3
    if r == 0 or r == RANK_TEN or r == RANK_JACK or r == RANK_ACE:
        return 1
    return 0


@njit(cache=True, inline="always")
def set_points_nb(cards, trump):
    """Points on a set of trumps (each card's own points)."""
    p1 = point1_of_nb(trump)
    base = np.uint64(13 * trump)
    total = 0
    x = cards & p1
    while x != ZERO:
        x &= x - ONE
        total += 1
    if (cards >> (base + ONE)) & ONE != ZERO:
        total += 3
    if (cards >> base) & ONE != ZERO:
        total += 1
    return total
