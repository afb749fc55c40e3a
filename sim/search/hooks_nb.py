"""What the games' solver hooks share (``sim/games/<game>/search_nb.py``).

The hooks are each game's own (``sim/search/solve_nb.py`` lists them); these are
the pieces several games write alike: the move ordering's sort, and a table
entry's match when a key holds one word a seat with its cards in suits.
"""
from numba import njit

from ..bits_nb import popcount


@njit(cache=True, inline="always")
def best_first(keyed, count, card_mask):
    """Sort ``keyed[:count]`` (each a move's score shifted above its card: ``score *
    (card_mask + 1) + card``) best first and keep the cards: the solvers' move
    ordering. An insertion sort: a ply has a handful of moves."""
    for i in range(1, count):
        v = keyed[i]
        j = i - 1
        while j >= 0 and keyed[j] < v:
            keyed[j + 1] = keyed[j]
            j -= 1
        keyed[j + 1] = v
    for i in range(count):
        keyed[i] &= card_mask


@njit(cache=True, inline="always")
def matches_by_suits(entry, key, seats, key_words, suit_masks):
    """Whether a position of key ``key`` agrees with a table entry (``entry``: its key,
    then its mask of cards): ``seats`` words of one seat each, whose cards the mask
    keeps held alike and whose suits (``suit_masks``) are as long in both; the key's
    other words (up to ``key_words``) exactly equal."""
    cards = entry[key_words]
    for s in range(seats):
        a = entry[s]
        b = key[s]
        if ((a ^ b) & cards) != 0:
            return False
        for suit in range(len(suit_masks)):
            if popcount(a & suit_masks[suit]) != popcount(b & suit_masks[suit]):
                return False
    for i in range(seats, key_words):
        if entry[i] != key[i]:
            return False
    return True
