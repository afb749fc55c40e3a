"""Wizard / Oh Hell rule primitives (numba): legal moves, trick order, scores.

These few functions are the rules; the simulation kernel, replay and the
built-in players all call them, so a rule lives in exactly one place.
The rules they follow, with their sources: the Wizard section of ``docs/rules.md``.
"""
import numpy as np
from numba import njit, int64, uint64

from ...bits_nb import bit
from .cards import FIRST_JESTER, FIRST_WIZARD, JESTER_MASK, SUIT_MASKS, WIZARD_MASK

_SUIT_MASKS = SUIT_MASKS
_SPECIAL = np.uint64(int(WIZARD_MASK) | int(JESTER_MASK))
# the cards to follow, by lead state + 1: LEAD_NONE, suits 0..3, LEAD_FREE
_FOLLOW_MASKS = np.array([0] + [int(m) for m in SUIT_MASKS] + [0], dtype=np.uint64)

# per card: its suit (0..3; 4 Wizards, 5 Jesters) and rank (1..13 for suited cards, else 0)
_WIZARD_SUIT = 4
_SUIT_OF = np.array([c // 13 for c in range(FIRST_WIZARD)] + [4] * 4 + [5] * 4, dtype=np.int64)
_RANK_OF = np.array([c % 13 + 1 for c in range(FIRST_WIZARD)] + [0] * 8, dtype=np.int64)

LEAD_NONE = -1   # empty trick, or only Jesters so far: the next card sets the suit
LEAD_FREE = 4    # a Wizard set the tone: anything may be played
# the lead state a card sets as the first non-Jester of a trick: its suit; a Wizard frees the
# trick; a Jester sets nothing
_LEAD_SET_BY = np.array([c // 13 for c in range(FIRST_WIZARD)] + [LEAD_FREE] * 4 + [LEAD_NONE] * 4,
                        dtype=np.int64)

# dealer_restriction values (index in the option's choices)
RESTRICT_LEADER = 0
RESTRICT_ALWAYS = 1
RESTRICT_NEVER = 2

# scoring values (index in the option's choices)
SCORING_CLASSIC = 0
SCORING_PENALTY = 1
SCORING_WIZARD = 2


@njit(cache=True, inline="always")
def is_wizard(card):
    return card >= FIRST_WIZARD and card < FIRST_JESTER


@njit(cache=True, inline="always")
def is_jester(card):
    return card >= FIRST_JESTER


@njit(cache=True, inline="always")
def suit_of(card):
    """Suit 0..3 of a suited card, -1 for a Wizard or Jester."""
    return card // 13 if card < FIRST_WIZARD else -1


@njit(int64(int64, int64), cache=True, inline="always")
def lead_after(lead, card):
    """The suit to follow after ``card`` is added to a trick whose state is ``lead``.

    Only the first card that is not a Jester sets it: a Wizard frees the
    trick (``LEAD_FREE``), a suited card sets its suit.
    """
    return lead if lead != LEAD_NONE else _LEAD_SET_BY[card]


@njit(uint64(uint64, int64), cache=True, inline="always")
def legal_cards(hand, lead):
    """Cards of ``hand`` that may be played to a trick whose state is ``lead``.

    Follow the suit led if able; Wizards and Jesters may always be played.
    """
    follow = hand & _FOLLOW_MASKS[lead + 1]  # no suit to follow: an empty mask
    able = np.uint64(0) - np.uint64(follow != np.uint64(0))  # all ones if able to follow
    # branch-free on purpose: on random cards this branch is a coin flip
    return ((follow | (hand & _SPECIAL)) & able) | (hand & ~able)


@njit(cache=True, inline="always")
def trick_key(card, lead, trump):
    """How strongly ``card`` holds a trick whose suit to follow is ``lead``.

    A later card takes the trick only with a strictly higher key, so among
    equals the first stays ahead (first Wizard; all Jesters → first Jester).
    Wizards 100+; trumps 50 + rank; the suit led 20 + rank; other suits rank
    (1..13; they never lead a trick that has a suit); Jesters 0. A table and
    arithmetic, no branches: the deal loop mispredicts branches on cards.
    """
    s = _SUIT_OF[card]
    return _RANK_OF[card] + 20 * (s == lead) + 50 * (s == trump) + 100 * (s == _WIZARD_SUIT)


@njit(cache=True, inline="always")
def beats(card, best, trump):
    """True when ``card``, played after ``best`` (the trick's current winner), wins.

    First Wizard wins; Jesters never win unless all are Jesters (then the
    first); otherwise the highest trump, else the highest of the suit led. The
    current winner of a trick that has a non-Jester card is always of the suit
    led or a trump, so comparing with it is enough.
    """
    lead = _SUIT_OF[best] if best < FIRST_WIZARD else -1
    return trick_key(card, lead, trump) > trick_key(best, lead, trump)


@njit(cache=True, inline="always")
def restriction_applies(mode, seat, dealer, scores, n):
    """Whether the dealer's bid restriction binds ``seat`` in this round."""
    if seat != dealer or mode == RESTRICT_NEVER:
        return False
    if mode == RESTRICT_ALWAYS:
        return True
    for s in range(n):  # leader: the dealer has strictly more points than everyone else
        if s != dealer and scores[s] >= scores[dealer]:
            return False
    return True


@njit(cache=True, inline="always")
def legal_bids(hand_size, sum_other_bids, restricted):
    """Bitmask of the legal bids (bit b = bid b): 0 … hand size, less the hook.

    A restricted bidder (the dealer, bidding last) may not make the bids add
    up to the hand size; if that left nothing the restriction would be void.
    """
    legal = (np.uint64(1) << np.uint64(hand_size + 1)) - np.uint64(1)
    forbidden = hand_size - sum_other_bids
    if restricted and forbidden >= 0 and forbidden <= hand_size:
        rest = legal & ~bit(forbidden)
        if rest != np.uint64(0):
            legal = rest
    return legal


@njit(cache=True, inline="always")
def round_score(bid, tricks, scoring):
    """Points for one round.

    wizard: exact → 20 + 10 × tricks, else −10 × |tricks − bid|.
    classic: one point a trick, + 10 when the bid is exact.
    penalty: exact → tricks + 10, else −|tricks − bid|.
    """
    miss = abs(tricks - bid)
    if scoring == SCORING_WIZARD:
        return 20 + 10 * tricks if miss == 0 else -10 * miss
    if scoring == SCORING_CLASSIC:
        return tricks + 10 if miss == 0 else tricks
    return tricks + 10 if miss == 0 else -miss
