"""Jass rule primitives (numba): legal cards, trick order, card points, Weis, Stöck.

These functions and tables are the rules; the engine, replay and the
built-in players all call them, so a rule lives in exactly one place.
The rules they follow, with their sources: the Jass section of ``docs/rules.md``.

Modes: 0..3 the trump suit S H D C, 4 Obenabe, 5 Unenufe. Tables indexed by
``mode * 36 + card`` give a card's order within its suit and its points in
that mode.
"""
import numpy as np
from numba import njit, int64, uint64

from ...kit_nb import random_below_nb, random_choice_nb
from . import obs as O
from .cards import N_CARDS, RANK_KING, RANK_OBER, RANK_UNDER, SUIT_MASKS
from .info import MULTIPLIER_TABLES, MULTIPLIERS as _MULTIPLIERS

MODE_OBE = 4
MODE_UNE = 5
N_MODES = 6
LAST_TRICK_BONUS = 5
MATCH_BONUS = 100
STOECK_POINTS = 20
DEAL_POINTS = 157

# -- the options as the config holds them (cfg.py; the order of each option's choices) --------
# `multipliers`: the factor of each mode S H D C obe une, a row of 6 per choice
MULTIPLIERS = np.array([m for name in MULTIPLIER_TABLES for m in _MULTIPLIERS[name]],
                       dtype=np.int64)
PREDICTIONS_HIDDEN = 0      # `predictions`: each player sees only his own
PREDICTIONS_OPEN = 1        # ... every prediction once made
TIE_DEALS_UNLIMITED = 0     # `tie_deals`: the word; a number n of extra deals packs as 1 + n


@njit(cache=True, inline="always")
def tie_deals_allowed(code):
    """The most tie-break deals the option ``tie_deals`` (packed) allows, -1 no limit."""
    return -1 if code == TIE_DEALS_UNLIMITED else code - 1

# order of the ranks 6 7 8 9 T U O K A within a suit (higher takes)
_PLAIN_ORDER = (0, 1, 2, 3, 4, 5, 6, 7, 8)
_TRUMP_ORDER = (0, 1, 2, 7, 3, 8, 4, 5, 6)         # Under (Buur) > 9 (Nell) > A > K > O > 10 > 8 > 7 > 6
_UNE_ORDER = (8, 7, 6, 5, 4, 3, 2, 1, 0)           # Unenufe: 6 high … Ace low
# card points of the ranks 6 7 8 9 T U O K A
_PLAIN_POINTS = (0, 0, 0, 0, 10, 2, 3, 4, 11)      # a suit that is not trump, in a trump mode
_TRUMP_POINTS = (0, 0, 0, 14, 10, 20, 3, 4, 11)    # the trump suit
_OBE_POINTS = (0, 0, 8, 0, 10, 2, 3, 4, 11)        # Obenabe: 8s worth 8
_UNE_POINTS = (11, 0, 8, 0, 10, 2, 3, 4, 0)        # Unenufe: 6s worth 11, 8s 8, Aces 0


def _mode_tables():
    order = np.zeros(N_MODES * N_CARDS, dtype=np.int64)
    points = np.zeros(N_MODES * N_CARDS, dtype=np.int64)
    for mode in range(N_MODES):
        for card in range(N_CARDS):
            suit, rank = divmod(card, 9)
            if mode == MODE_OBE:
                o, p = _PLAIN_ORDER[rank], _OBE_POINTS[rank]
            elif mode == MODE_UNE:
                o, p = _UNE_ORDER[rank], _UNE_POINTS[rank]
            elif suit == mode:
                o, p = _TRUMP_ORDER[rank], _TRUMP_POINTS[rank]
            else:
                o, p = _PLAIN_ORDER[rank], _PLAIN_POINTS[rank]
            order[mode * N_CARDS + card] = o
            points[mode * N_CARDS + card] = p
    return order, points


ORDER, POINTS = _mode_tables()
SUIT_OF = np.array([c // 9 for c in range(N_CARDS)], dtype=np.int64)
# FOLLOW[lead + 1]: the cards of the suit led (lead -1: nothing led yet → empty)
FOLLOW = np.array([0] + [int(m) for m in SUIT_MASKS], dtype=np.uint64)
# TRUMPS[mode]: the trump suit's cards (none in Obenabe / Unenufe)
TRUMPS = np.array([int(SUIT_MASKS[m]) if m < 4 else 0 for m in range(N_MODES)], dtype=np.uint64)
# BUUR[mode]: the Under of trumps as a one-card set (none without trump)
BUUR = np.array([1 << (9 * m + RANK_UNDER) if m < 4 else 0 for m in range(N_MODES)], dtype=np.uint64)
# STOECK[mode]: trump Ober + King (none without trump)
STOECK = np.array([(1 << (9 * m + RANK_OBER)) | (1 << (9 * m + RANK_KING)) if m < 4 else 0
                   for m in range(N_MODES)], dtype=np.uint64)
# LOWER_TRUMPS[card + 1]: the cards of the card's suit below it in the trump order (row 0: none)
LOWER_TRUMPS = np.array(
    [0] + [sum(1 << (9 * (c // 9) + r) for r in range(9) if _TRUMP_ORDER[r] < _TRUMP_ORDER[c % 9])
           for c in range(N_CARDS)], dtype=np.uint64)


@njit(cache=True, inline="always")
def trump_of(mode):
    """The trump suit of a mode, -1 for Obenabe and Unenufe."""
    return mode if mode < 4 else -1


@njit(cache=True, inline="always")
def trick_key(card, lead, mode):
    """How strongly ``card`` holds a trick whose suit led is ``lead`` in ``mode``.

    A later card takes the trick only with a strictly higher key: trumps
    above the suit led above everything else; within a group the mode's
    order. Arithmetic on tables, no branch (which card wins is a coin flip).
    """
    s = SUIT_OF[card]
    return ORDER[mode * N_CARDS + card] + 16 * (s == lead) + 32 * (s == mode)


@njit(cache=True, inline="always")
def card_points(card, mode):
    return POINTS[mode * N_CARDS + card]


@njit(uint64(uint64, int64, int64, int64, int64), cache=True, inline="always")
def legal_cards(hand, lead, mode, best, ban):
    """Cards of ``hand`` that may be played to a trick.

    ``lead``: suit of the card led, -1 for an empty trick; ``best``: the card
    now taking the trick (-1 when empty); ``ban``: 1 when the variant has the
    under-trumping ban (Schieber), 0 (Differenzler).

    * Follow the suit led if able, else any card; a trump may be played at
      any time instead of following.
    * Trump led: a trump must be played if held, except when the only trump
      held is the Under (Buur): then any card.
    * Ban: a non-trump led and a trump in the trick (then ``best`` is the
      highest trump) — no trump lower than it, unless the hand holds nothing
      but trumps. Following the suit led stays allowed.
    """
    # branch-free on purpose: on random cards every one of these tests is a coin flip
    zero = np.uint64(0)
    trumps = hand & TRUMPS[mode]
    follow = hand & FOLLOW[lead + 1]               # empty when nothing was led yet
    plain_led = zero - np.uint64(lead != mode)     # all ones unless trump was led
    # free to play anything: nothing to follow (or nothing led), or trump led and the Under
    # is the only trump held
    free = (follow == zero) | ((lead == mode) & (follow == BUUR[mode]))
    free_mask = zero - np.uint64(free)
    legal = ((follow | (trumps & plain_led)) & ~free_mask) | (hand & free_mask)
    # the ban: only when the best card is itself a trump does its row hold trumps, so a
    # plain best card bans nothing; a hand of nothing but trumps is exempt
    exempt = zero - np.uint64((ban == 0) | ((hand & ~TRUMPS[mode]) == zero))
    return legal & ~(LOWER_TRUMPS[best + 1] & trumps & plain_led & ~exempt)


# --- Weis --------------------------------------------------------------------------
# A suit's 9 cards as a 9-bit word (bit = rank). Sequences use the natural order
# 6-7-8-9-10-U-O-K-A in every mode; a maximal run of k >= 3 cards is one sequence
# (splitting it never scores more).
SEQUENCE_POINTS = (0, 0, 0, 20, 50, 100, 150, 200, 250, 300)   # by length
# four of a kind by rank 6 7 8 9 T U O K A; Unenufe: the four 6s count instead of the Aces
FOUR_POINTS = (0, 0, 0, 150, 100, 200, 100, 100, 100)
FOUR_POINTS_UNE = (100, 0, 0, 150, 100, 200, 100, 100, 0)

# meld key: higher is better. value, then four of a kind over sequence, then the top
# card (Unenufe: the lower), then a sequence in the trump suit
KEY_VALUE_SHIFT = 8
KEY_FOUR = 1 << 7
KEY_TOP_SHIFT = 3
KEY_TRUMP_SEQUENCE = 1 << 2


def _runs(word: int) -> list[tuple[int, int]]:
    """Maximal runs (lowest rank, length) of a 9-bit suit word."""
    out, r = [], 0
    while r < 9:
        if word >> r & 1:
            start = r
            while r < 9 and word >> r & 1:
                r += 1
            out.append((start, r - start))
        else:
            r += 1
    return out


def _sequence_tables():
    points = np.zeros(512, dtype=np.int64)
    cards = np.zeros(512, dtype=np.int64)
    best_value = np.zeros(512, dtype=np.int64)
    best_top = np.zeros(512, dtype=np.int64)      # highest top among the best-valued runs
    best_low_top = np.zeros(512, dtype=np.int64)  # lowest top among them (Unenufe)
    for word in range(512):
        runs = [(lo, n) for lo, n in _runs(word) if n >= 3]
        for lo, n in runs:
            points[word] += SEQUENCE_POINTS[n]
            cards[word] |= ((1 << n) - 1) << lo
        if runs:
            top_value = max(SEQUENCE_POINTS[n] for _, n in runs)
            tops = [lo + n - 1 for lo, n in runs if SEQUENCE_POINTS[n] == top_value]
            best_value[word], best_top[word], best_low_top[word] = top_value, max(tops), min(tops)
    return points, cards, best_value, best_top, best_low_top


SEQ_POINTS, SEQ_CARDS, SEQ_BEST_VALUE, SEQ_BEST_TOP, SEQ_BEST_LOW_TOP = _sequence_tables()
FOURS = np.array(FOUR_POINTS + FOUR_POINTS_UNE, dtype=np.int64)   # [une * 9 + rank]
# all four cards of a rank, by rank
RANK_CARDS = np.array([sum(1 << (9 * s + r) for s in range(4)) for r in range(9)], dtype=np.uint64)
_WORD = np.uint64(511)


@njit(cache=True, inline="always")
def weis_of(hand, mode):
    """Melds of a hand in a mode: (raw points of all melds, key of the best, cards in melds).

    Key 0: no meld. Sequences: each maximal run of 3+ in a suit; fours: each
    rank held in all four suits that counts in the mode.
    """
    points = 0
    key = 0
    cards = np.uint64(0)
    une = mode == MODE_UNE
    quad = _WORD
    for s in range(4):
        word = (hand >> np.uint64(9 * s)) & _WORD
        quad &= word
        points += SEQ_POINTS[word]
        cards |= np.uint64(SEQ_CARDS[word]) << np.uint64(9 * s)
        v = SEQ_BEST_VALUE[word]
        if v > 0:
            top = 8 - SEQ_BEST_LOW_TOP[word] if une else SEQ_BEST_TOP[word]
            k = (v << KEY_VALUE_SHIFT) | (top << KEY_TOP_SHIFT) | (KEY_TRUMP_SEQUENCE * (s == mode))
            key = max(key, k)
    while quad != np.uint64(0):
        r = 0
        while not (quad >> np.uint64(r)) & np.uint64(1):
            r += 1
        quad &= quad - np.uint64(1)
        v = FOURS[9 * une + r]
        if v > 0:
            points += v
            cards |= RANK_CARDS[r]
            top = 8 - r if une else r
            key = max(key, (v << KEY_VALUE_SHIFT) | KEY_FOUR | (top << KEY_TOP_SHIFT))
    return points, key, cards


@njit(cache=True, inline="always")
def best_weis_seat(keys0, keys1, keys2, keys3, first_hand):
    """The seat with the best declared meld (key 0: none declared), -1 if none.

    Equal keys: the seat nearer the first hand in play order wins.
    """
    best_seat = -1
    best_key = 0
    for i in range(4):
        seat = (first_hand + i) % 4
        k = keys0 if seat == 0 else keys1 if seat == 1 else keys2 if seat == 2 else keys3
        if k > best_key:
            best_key = k
            best_seat = seat
    return best_seat


@njit(cache=True, inline="always")
def stoeck_holder(hands, mode):
    """The seat whose hand (``hands[seat]``) holds trump Ober and King, -1 if none
    (always -1 in Obenabe and Unenufe)."""
    pair = STOECK[mode]
    for seat in range(4):
        if pair != np.uint64(0) and hands[seat] & pair == pair:
            return seat
    return -1


@njit(cache=True, inline="always")
def random_action_nb(phase, legal, draw):
    """The random player: uniform among the legal actions, from the high bits of a draw.

    A prediction is uniform over 0 … ``legal`` (there ``legal`` is the largest
    prediction, not a bitmask); every other decision picks one set bit of ``legal``.
    """
    if phase == O.PHASE_PREDICT:
        return random_below_nb(legal + 1, draw)
    return random_choice_nb(np.uint64(legal), draw)
