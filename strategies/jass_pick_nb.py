"""The Jass heuristic's card tables and its picks from a set of cards (numba): the
strongest, the weakest, the cheapest to give away, the richest card, and the
masters (``strategies/jass_heuristic_nb.py`` plays with them).

Every pick works suit by suit, from a table indexed by the suit's 9-bit word,
rather than card by card: four table reads without a branch, where a loop over
the set's cards ends after a varying number of rounds (a mispredicted branch at
every call). The loops of ``masters`` and ``cheapest`` were half of the perf
samples of the player's ``follow_card`` (heuristic Schieber); suit by suit,
the kernel's CPU time a deal went 1,560 -> 1,420 ns (interleaved medians).
"""
import numpy as np
from numba import njit

from sim.games.jass.cards import SUIT_MASKS
from sim.games.jass.rules_nb import ORDER, POINTS

N_CARDS = 36
_WORD = np.uint64(511)


def _card_tables():
    """Per (mode, card), index ``mode * 36 + card``:

    * ``STRENGTH`` – how strong the card is in the mode, comparable across
      suits: the suit order, trumps 9 above every other card;
    * ``BEATERS`` – the cards that take a trick from it when it is the card
      taking the trick (the suit led is its own suit or it is a trump):
      higher cards of its suit, and every trump if it is not one;
    * ``DISCARD_COST`` – how much it hurts to throw it away: points first,
      then strength; every trump costs more than any other card.
    """
    n = 6 * N_CARDS
    strength = np.zeros(n, np.int64)
    beaters = np.zeros(n, np.uint64)
    cost = np.zeros(n, np.int64)
    for mode in range(6):
        for card in range(N_CARDS):
            i = mode * N_CARDS + card
            trump = card // 9 == mode
            strength[i] = ORDER[i] + 9 * trump
            cost[i] = 1000 * trump + 10 * POINTS[i] + ORDER[i]
        for card in range(N_CARDS):
            i = mode * N_CARDS + card
            suit = card // 9
            m = 0
            for other in range(N_CARDS):
                j = mode * N_CARDS + other
                same_suit_higher = other // 9 == suit and ORDER[j] > ORDER[i]
                trumps_it = mode < 4 and other // 9 == mode and suit != mode
                if same_suit_higher or trumps_it:
                    m |= 1 << other
            beaters[i] = m
    return strength, beaters, cost


STRENGTH, BEATERS, DISCARD_COST = _card_tables()
# TRUMPS[mode]: the trump suit's cards (none in Obenabe / Unenufe)
TRUMPS = np.array([int(SUIT_MASKS[m]) if m < 4 else 0 for m in range(6)], dtype=np.uint64)

_WORDS = np.arange(512, dtype=np.int64)
_HELD = (_WORDS[:, None] >> np.arange(9)) & 1 == 1          # [word, rank]: the rank is in the word


def _rows(row_of_mode_suit):
    """Rows of 512 (one per 9-bit word) for every (mode, suit), stored once when alike:
    (the rows end to end, the offset of each (mode, suit)'s row at ``mode * 4 + suit``)."""
    rows = {}
    offsets = np.zeros(6 * 4, np.int64)
    for mode in range(6):
        for suit in range(4):
            row = row_of_mode_suit(mode, suit)
            offsets[mode * 4 + suit] = 512 * rows.setdefault(row.tobytes(), len(rows))
    return np.concatenate([np.frombuffer(b, np.int64) for b in rows]), offsets


def _masters_row(mode, suit):
    """The ranks of the suit that no card of the suit among ``out`` (the word) beats."""
    row = np.zeros(512, np.int64)
    for rank in range(9):
        beat = (int(BEATERS[mode * N_CARDS + 9 * suit + rank]) >> (9 * suit)) & 511
        row |= np.where(_WORDS & beat == 0, 1 << rank, 0)
    return row


# MASTER_WORDS[MASTER_ROW[mode * 4 + suit] + out word]: the suit's ranks no card out beats
_master_words, MASTER_ROW = _rows(_masters_row)
MASTER_WORDS = _master_words.astype(np.uint64)

# The picks: a set's pick is the smallest key over its suits, a key being
# (value, card) packed as value << 6 | card (for the largest value, SPAN - value):
# the best value, ties to the lower card, as a loop over the cards in order finds.
PICK_STRONGEST, PICK_WEAKEST, PICK_CHEAPEST, PICK_RICHEST = range(4)
_SPAN = 1 << 12
_EMPTY = 1 << 30        # an empty suit: no key is this large
_PICK_VALUES = ((STRENGTH, True), (STRENGTH, False), (DISCARD_COST, False),
                (16 * POINTS - STRENGTH, True))


def _pick_rows(pick):
    value, largest = _PICK_VALUES[pick]

    def row(mode, suit):
        v = value[mode * N_CARDS + 9 * suit: mode * N_CARDS + 9 * suit + 9]
        keys = ((_SPAN - v if largest else v) << 6) | np.arange(9)
        assert keys.min() >= 0 and keys.max() < _EMPTY
        return np.where(_HELD, keys, _EMPTY).min(axis=1)
    return row


_pick_parts = [_rows(_pick_rows(p)) for p in range(4)]
# PICK_KEYS[PICK_ROW[(pick * 6 + mode) * 4 + suit] + word]: the key of the suit's pick
PICK_KEYS = np.concatenate([keys for keys, _ in _pick_parts]).astype(np.int32)
PICK_ROW = np.concatenate([offsets + sum(len(k) for k, _ in _pick_parts[:p])
                           for p, (_, offsets) in enumerate(_pick_parts)])


@njit(cache=True, inline="always")
def pick(cards, mode, which):
    """The ``which`` (``PICK_*``) card of a non-empty set in ``mode``."""
    best = _EMPTY
    for suit in range(4):
        word = np.int64((cards >> np.uint64(9 * suit)) & _WORD)
        best = min(best, np.int64(PICK_KEYS[PICK_ROW[(which * 6 + mode) * 4 + suit] + word])
                   + 9 * suit)
    return best & 63


@njit(cache=True, inline="always")
def strongest(cards, mode):
    """The strongest card of a non-empty set (ties: the lower card id)."""
    return pick(cards, mode, PICK_STRONGEST)


@njit(cache=True, inline="always")
def weakest(cards, mode):
    """The weakest card of a non-empty set (ties: the lower card id)."""
    return pick(cards, mode, PICK_WEAKEST)


@njit(cache=True, inline="always")
def cheapest(cards, mode):
    """The card of a non-empty set that hurts least to give away (``DISCARD_COST``;
    ties: the lower card id)."""
    return pick(cards, mode, PICK_CHEAPEST)


@njit(cache=True, inline="always")
def richest(cards, mode):
    """The card of a non-empty set with the most points (ties: the weaker)."""
    return pick(cards, mode, PICK_RICHEST)


@njit(cache=True, inline="always")
def masters(cards, mode, out):
    """The cards of a set that no card in ``out`` of their own suit beats
    (trumps outside are not counted: the holder may still have to follow)."""
    result = np.uint64(0)
    for suit in range(4):
        shift = np.uint64(9 * suit)
        out_word = np.int64((out >> shift) & _WORD)
        result |= cards & (MASTER_WORDS[MASTER_ROW[mode * 4 + suit] + out_word] << shift)
    return result
