"""Beim Jupiter's deal of a round (numba): the round's pack shuffled and dealt in one
pass (``step_nb.deal_nb``, the board loop's hook, calls it once a round).
"""
import numpy as np
from numba import njit

from ...rng_nb import below_words
from .round_nb import DEALT_TABLE, DEALT_UNSEEN, hand_size_nb
from .rules_nb import ONE, ZERO

N_IDS = 65              # card ids (cards.py)
_FOURTH_SEAT = 6        # dealt[6]: a fourth seat's hand, where 3 players' unseen card is dealt

# the pack by player count 3, 4, 5 (cards.py): its ids in ascending order, and how many
_PACK_IDS = np.zeros((3, N_IDS), dtype=np.int64)
_PACK_SIZE = np.zeros(3, dtype=np.int64)
for _n, _top, _lambs in ((3, 8, 2), (4, 11, 3), (5, 14, 3)):
    _ids = sorted([15 * _c + _k - 1 for _c in range(4) for _k in range(1, _top + 1)]
                  + [15 * _c + 14 for _c in range(4)] + [60, 61] + [62 + _l for _l in range(_lambs)])
    _PACK_IDS[_n - 3, :len(_ids)] = _ids
    _PACK_SIZE[_n - 3] = len(_ids)
PACK_IDS = _PACK_IDS
PACK_SIZE = _PACK_SIZE


@njit(cache=True, inline="always")
def deal_out_nb(rng, deck, dealt, n, round_no, gone):
    """Deal round ``round_no``: the whole pack of ``n`` players shuffled, then the
    cards not in ``gone`` (laid out in earlier rounds) taken in that order,
    ``14 - round`` to each seat in turn, the last card (if any) unseen: a uniform
    deal of the round's pack. Shuffling the whole pack keeps the rotations of a
    duplicate board as close as their layouts allow: the cards they did not lay
    out differently come in the same order. Writes the hands and the unseen card
    into ``dealt``; the table slots are the caller's.

    The shuffle is ``rng_nb.shuffle_prefix``'s (the same draws, the same order),
    each card dealt as soon as the shuffle fixes its place (position ``i`` is final
    once it is swapped: nothing reads it again, so it is not written), the stream
    in four locals, the hand being dealt in two: one pass, no word of ``dealt``
    read back (random 4-player games 26.2M -> 28.1M card plays/s, 3 and 5 players
    +1-3 %: CPU time, interleaved medians of two rounds). A card out of the pack
    is masked, not skipped by a branch (in a late round about half the pack is
    out, in random order), and the pack's ids come from a table (2.4 -> 2.0 us a
    4-player game for its 8 deals).
    """
    m = PACK_SIZE[n - 3]
    for i in range(m):                       # the pack in id order
        deck[i] = PACK_IDS[n - 3, i]
    size = hand_size_nb(round_no)
    for i in range(DEALT_TABLE):
        dealt[i] = ZERO
    s0, s1, s2, s3 = rng[0], rng[1], rng[2], rng[3]
    if n == 3:
        s0, s1, s2, s3 = _deal_one_word(s0, s1, s2, s3, deck, dealt, m, size, gone)
    else:
        s0, s1, s2, s3 = _deal_two_words(s0, s1, s2, s3, deck, dealt, n, m, size, gone)
    rng[0], rng[1], rng[2], rng[3] = s0, s1, s2, s3


@njit(cache=True, inline="always")
def _deal_two_words(s0, s1, s2, s3, deck, dealt, n, m, size, gone):
    """:func:`deal_out_nb`'s pass for 4 and 5 players: as :func:`_deal_one_word`, with
    L3 (id 64, never out of the pack) in the high word. The unseen card of 4 players
    is dealt as to a fifth seat and moved after the pass; 5 players have none (their
    hands take the whole pack). Against a select of the word and of the slot each
    card, the deal of a random round went from ~500 to ~400 cycles with 4 players,
    ~600 to ~470 with 5 (cycle counter around the board loop's hooks, interleaved
    runs: 601/491/509 -> 427/381/819, the last disturbed; 597/620 -> 469/480)."""
    kept = ~gone
    slot = 0                                 # 2 * the seat dealt to (2n: the unseen card)
    left = size                              # cards still to deal to that seat
    lo = ZERO
    hi = ZERO
    for i in range(m):
        r, s0, s1, s2, s3 = below_words(s0, s1, s2, s3, m - i)
        j = i + r
        c = np.uint64(deck[j])
        deck[j] = deck[i]
        low = c & np.uint64(63)
        high = c >> np.uint64(6)             # 1 for L3 alone
        keep = ((kept >> low) | high) & ONE  # 0: a card out of the pack
        lo |= (keep << low) & (high - ONE)
        hi |= high
        dealt[slot] = lo                     # stored, never read back: no chain through memory
        dealt[slot + 1] = hi
        left -= np.int64(keep)
        turn = left == 0                     # the seat's hand is full: the next seat's
        slot += 2 * np.int64(turn)
        left = size if turn else left
        lo = ZERO if turn else lo
        hi = ZERO if turn else hi
    if 2 * n < DEALT_UNSEEN:
        dealt[DEALT_UNSEEN] = dealt[2 * n]
        dealt[DEALT_UNSEEN + 1] = dealt[2 * n + 1]
        dealt[2 * n] = ZERO
        dealt[2 * n + 1] = ZERO
    return s0, s1, s2, s3


@njit(cache=True, inline="always")
def _deal_one_word(s0, s1, s2, s3, deck, dealt, m, size, gone):
    """:func:`deal_out_nb`'s pass for 3 players: every id of their pack is below 64
    (no L3), so a hand is one word and a card needs no test of its word. The unseen
    card is dealt as to a fourth seat (its slots are zero and unread for 3 players)
    and moved to ``DEALT_UNSEEN`` after the pass, so the slot a card goes to is
    twice a count: no select. The deal of a random 3-player round went from
    ~410 to ~260 cycles (cycle counter around the board loop's hooks, two
    interleaved runs: 411/570 -> 263/260)."""
    kept = ~gone
    slot = 0                                 # 2 * the seat dealt to (6: the unseen card)
    left = size                              # cards still to deal to that seat
    lo = ZERO
    for i in range(m):
        r, s0, s1, s2, s3 = below_words(s0, s1, s2, s3, m - i)
        j = i + r
        c = np.uint64(deck[j])
        deck[j] = deck[i]
        keep = (kept >> c) & ONE             # 0: a card out of the pack
        lo |= keep << c
        dealt[slot] = lo                     # stored, never read back: no chain through memory
        left -= np.int64(keep)
        turn = left == 0                     # the seat's hand is full: the next seat's
        slot += 2 * np.int64(turn)
        left = size if turn else left
        lo = ZERO if turn else lo
    dealt[DEALT_UNSEEN] = dealt[_FOURTH_SEAT]
    dealt[_FOURTH_SEAT] = ZERO
    return s0, s1, s2, s3
