"""Auction Pitch's card rules, shared by the engine (``auction_step_nb``) and the
heuristic player (``strategies/pitch_auction_nb.py``): the legal cards, the order of
a trick's cards, and Game's count. Apart from the step module, which calls the
players, so that a player can read the rules without importing the engine.
"""
from numba import njit

from ...bits_nb import ZERO, popcount
from .cards import ACES, JACKS, KINGS, QUEENS, RANK_OF, SUIT_MASKS, SUIT_OF, TENS


@njit(cache=True, inline="always")
def count_nb(taken):
    """Game's count of a set of cards taken in tricks."""
    return (10 * popcount(taken & TENS) + 4 * popcount(taken & ACES) + 3 * popcount(taken & KINGS)
            + 2 * popcount(taken & QUEENS) + popcount(taken & JACKS))


@njit(cache=True, inline="always")
def legal_cards_nb(hand, lead, trump):
    """A lead: any card. Trump led: follow if able. Another suit led: follow or
    trump, as the player likes. Unable to follow: any card."""
    if lead < 0:
        return hand
    follow = hand & SUIT_MASKS[lead]
    if follow == ZERO:
        return hand
    if lead == trump:
        return follow
    return follow | (hand & SUIT_MASKS[trump])


@njit(cache=True, inline="always")
def trick_key_nb(card, lead, trump):
    """Orders a trick's cards: trumps above the suit led above the rest, then by rank."""
    suit = SUIT_OF[card]
    return RANK_OF[card] + 16 * (suit == lead) + 32 * (suit == trump)
