"""Beim Jupiter rules as compiled functions: the trump decision, legal cards,
the trick's order, the end-of-round allocation and victory points.

Sets of cards are two words ``(lo, hi)`` (``cards.py``: ids 0 … 63 in ``lo``,
64 in ``hi``); the table's cards (numbered colour cards) are one word.
A play action is a card id, or ``GOD_HIGH_ACTION + colour`` for that
colour's God card played as 15 (its id played as 0): the God card's value is
chosen with the card, in the same decision.
"""
import numpy as np
from numba import njit

from ...bits_nb import highest, popcount

ONE = np.uint64(1)
ZERO = np.uint64(0)
N_COLOUR_CARDS = 60
JUPITER = 60
JUNO = 61
LAMB_1 = 62
GOD_RANK = 14
GOD_HIGH = 15
GOD_HIGH_ACTION = 65        # 65 … 68: the God card of colour 0 … 3 played as 15
LEAD_TRUMPS = 4             # Jupiter or Juno led: trumps are led
NO_TRUMP = -1

COLOUR_MASK = np.array([((1 << 15) - 1) << (15 * c) for c in range(4)], dtype=np.uint64)
# COLOUR_MASK by ``x & 7`` for x = -1 … 4 (a lead or a trump): empty but for a colour
COLOUR_MASK_8 = np.array([((1 << 15) - 1) << (15 * c) if c < 4 else 0 for c in range(8)],
                         dtype=np.uint64)
GODS = np.uint64(sum(1 << (15 * c + GOD_RANK) for c in range(4)))
NUMBERED = np.uint64((1 << 60) - 1) & ~GODS
# NUMBER_MASK[k]: the four colour cards numbered k (k = 1 … 14; 0 empty)
NUMBER_MASK = np.array([0] + [sum(1 << (15 * c + k - 1) for c in range(4)) for k in range(1, 15)],
                       dtype=np.uint64)
# RANK_BITS[b]: the cards of every colour whose rank (number - 1, God card excluded) has
# bit b set: a colour's sum of numbers is its count plus the popcounts weighted by 2^b
RANK_BITS = np.array([sum(1 << (15 * c + r) for c in range(4) for r in range(GOD_RANK)
                          if r >> b & 1) for b in range(4)], dtype=np.uint64)
JUPITER_JUNO = np.uint64((1 << JUPITER) | (1 << JUNO))
LAMBS_LO = np.uint64((1 << LAMB_1) | (1 << (LAMB_1 + 1)))
LAMBS_HI = np.uint64(1)     # L3 (id 64)
GOD_HIGH_BITS = np.uint64(0b1111 << (GOD_HIGH_ACTION - 64))

# how the trump was settled (a round's ``trump_step``)
STEP_NONE = 0               # every stage tied: no trump
STEP_COUNT = 1              # most cards of a colour
STEP_SUM = 2                # highest sum of numbers
STEP_HIGHEST = 3            # highest single card
STEP_NAMES = ("none", "count", "sum", "highest")

# the options as the config holds them (``cfg.py``): the order of their choices (``info.py``)
TRUMP_COUNT_FIRST = 0       # trump_rule: most cards, then the sum, then the highest card
TRUMP_SUM_FIRST = 1         # trump_rule: the sum, then the count, then the highest card
ORPHANS_REMOVED = 0         # orphans: the removed counter's cards leave the game
ORPHANS_MOVE_DOWN = 1       # orphans: … move to the new highest counter


@njit(cache=True, inline="always")
def number_of(card):
    """Number printed on a numbered colour card (1 … 14); 0 for every other card."""
    rank = card % 15
    return rank + 1 if (card < N_COLOUR_CARDS) & (rank != GOD_RANK) else 0


@njit(cache=True, inline="always")
def points_of(word):
    """Sum of the numbers of the cards in a one-word set (victory points of won cards):
    its numbered cards' ranks bit by bit, plus one each. Counts, not a loop over the
    set's cards (its length a coin flip: the rows take it for every seat)."""
    return popcount(word & RANK_BITS[0]) + 2 * popcount(word & RANK_BITS[1]) \
        + 4 * popcount(word & RANK_BITS[2]) + 8 * popcount(word & RANK_BITS[3]) \
        + popcount(word & NUMBERED)


@njit(cache=True, inline="always")
def highest_cards(word):
    """The cards of a one-word set of numbered colour cards with the highest number:
    the four colours folded onto one (bit k - 1: a card numbered k), its highest bit
    (not a loop down the 14 numbers: it runs for every claimant at the allocation)."""
    ranks = (word | (word >> np.uint64(15)) | (word >> np.uint64(30)) | (word >> np.uint64(45))) \
        & np.uint64((1 << 14) - 1)
    return word & NUMBER_MASK[highest(ranks) + 1]       # none: NUMBER_MASK[0], empty


# -- 3. the trump decision ---------------------------------------------------------------
@njit(cache=True, inline="always")
def _colour_key(face_up, c, sum_first):
    """The colour's three stages in one number, most significant first: (count, sum,
    highest number) or (sum, count, highest number), 8 bits each (counts <= 15, sums
    <= 105): the stages of the trump decision compare these lexicographically."""
    cards = face_up & COLOUR_MASK[c]
    count = popcount(cards)
    total = points_of(cards)
    god = (cards >> np.uint64(15 * c + GOD_RANK)) & ONE
    # the highest card's number: 0 when it is the God card (or no card)
    top = highest(cards | ONE) - 15 * c + 1
    top = 0 if (cards == ZERO) | (god != ZERO) else top
    first, second = (total, count) if sum_first else (count, total)
    return (first << 16) | (second << 8) | top


@njit(cache=True, inline="always")
def _larger(a, b):
    return a if a > b else b


@njit(cache=True, inline="always")
def trump_decision(face_up, trump_rule):
    """(trump colour or NO_TRUMP, STEP_*) from every face-up colour card on the
    table (one word: the new layouts and the cards beside the counters).
    ``TRUMP_COUNT_FIRST``: most cards → highest sum → highest single card → no trump;
    ``TRUMP_SUM_FIRST``: highest sum → most cards → highest single card → no trump.
    A stage keeps the colours tied at its best; one left settles it.

    The stages as one key a colour, compared at once: the colour with the highest key
    wins (a tie on it: no trump), at the first stage its key differs from the
    runner-up's. Selects and ``popcnt`` (:func:`~sim.bits_nb.popcount`), not branches and loops: the
    stages' outcomes on random layouts are coin flips, and the earlier loop's counts
    compiled to ~12 instructions each. The records' ``table_decides`` column calls it
    once more a round: a random 3-player round's rows went from ~235 to ~145 cycles
    and its play from ~1,600 to ~1,500 (cycle counter around the board loop's hooks,
    two interleaved runs, with the seats' wraps of ``claim_order`` and ``begin_nb``).
    Checked against the staged loop on 54M random sets and every set of up to 4
    colour cards, both rules: identical.
    """
    sum_first = trump_rule == TRUMP_SUM_FIRST
    k0 = _colour_key(face_up, 0, sum_first)
    k1 = _colour_key(face_up, 1, sum_first)
    k2 = _colour_key(face_up, 2, sum_first)
    k3 = _colour_key(face_up, 3, sum_first)
    # selects, not ``max`` (numba left it a call)
    best = _larger(_larger(k0, k1), _larger(k2, k3))
    ties = np.int64(k0 == best) + np.int64(k1 == best) + np.int64(k2 == best) \
        + np.int64(k3 == best)
    trump = 0 if k0 == best else (1 if k1 == best else (2 if k2 == best else 3))
    runner_up = _larger(_larger(-1 if k0 == best else k0, -1 if k1 == best else k1),
                        _larger(-1 if k2 == best else k2, -1 if k3 == best else k3))
    diff = best ^ runner_up                 # its highest bit: the stage that settles it
    step = STEP_HIGHEST if diff < 256 else ((STEP_SUM if sum_first else STEP_COUNT)
                                            if diff >= 65536 else
                                            (STEP_COUNT if sum_first else STEP_SUM))
    return (NO_TRUMP if ties > 1 else trump), (STEP_NONE if ties > 1 else step)


# -- 5. play -----------------------------------------------------------------------------
@njit(cache=True, inline="always")
def action_card(action):
    """The card a play action plays (a God played as 15 is its God card)."""
    return 15 * (action - GOD_HIGH_ACTION) + GOD_RANK if action >= GOD_HIGH_ACTION else action


@njit(cache=True, inline="always")
def action_value(action):
    """The value a play action's card plays at: its number, 15 or 0 for a God card,
    0 for Jupiter, Juno and the lambs."""
    return GOD_HIGH if action >= GOD_HIGH_ACTION else number_of(action)


@njit(cache=True, inline="always")
def lead_of(card):
    """What a card asks to follow when it is the first card of a trick that is not a
    lamb: its colour, or LEAD_TRUMPS (Jupiter, Juno); -1 for a lamb (nothing yet)."""
    lead = LEAD_TRUMPS if card >= JUPITER else card // 15
    return -1 if card >= LAMB_1 else lead


@njit(cache=True, inline="always")
def legal_cards(hand_lo, hand_hi, lead, trump):
    """Legal cards of a hand (two words). ``lead`` -1: the hand leads, or only lambs
    lie in the trick: any card. A colour that is not trump led: follow it if able
    (Jupiter and Juno not allowed then), else any card. Trumps led (the trump
    colour, or Jupiter/Juno): a trump (the trump colour, Jupiter, Juno) if able,
    else any card. Lambs may always be played.

    Selects, not branches: on random cards whether a hand can follow is a coin flip."""
    # the trumps or'ed in by a mask, not chosen against the colour led by a select: LLVM
    # made that select of two loaded words a branch on ``lead == trump``. Trumps led
    # (the trump colour, or Jupiter/Juno: COLOUR_MASK_8[4] empty) are the colour led
    # with the trumps; any other colour led is that colour alone. (The cards of a
    # random 3-player round 848/846 -> 806/837 cycles: cycle counter, two interleaved
    # runs; small, kept as it removes a coin-flip branch.)
    trumps = JUPITER_JUNO | COLOUR_MASK_8[trump & 7]
    trumps_led = np.uint64(0) - np.uint64((lead == LEAD_TRUMPS) | (lead == trump))
    need = hand_lo & (COLOUR_MASK_8[lead & 7] | (trumps & trumps_led))
    free = (lead < 0) | (need == ZERO)
    return (hand_lo if free else need | (hand_lo & LAMBS_LO),
            hand_hi if free else hand_hi & LAMBS_HI)


@njit(cache=True, inline="always")
def legal_plays(hand_lo, hand_hi, lead, trump):
    """Legal play actions: the legal cards, and for each legal God card its second
    action (played as 15) in the high word."""
    lo, hi = legal_cards(hand_lo, hand_hi, lead, trump)
    # the God card of colour c (bit 15c + 14) to action GOD_HIGH_ACTION + c, without a
    # branch per colour
    gods = lo & GODS
    high = (((gods >> np.uint64(14)) & ONE) | ((gods >> np.uint64(28)) & np.uint64(2))
            | ((gods >> np.uint64(42)) & np.uint64(4)) | ((gods >> np.uint64(56)) & np.uint64(8)))
    return lo, hi | (high << np.uint64(GOD_HIGH_ACTION - 64))


@njit(cache=True, inline="always")
def card_key(card, value, lead, trump):
    """Higher takes the trick, the first played winning among equals: Jupiter and
    Juno 100 (so the first of them stays ahead), the trump colour 40 + value,
    the colour led 20 + value, any other card 0, a lamb -1. Selects, not branches
    (which card a random player throws is a coin flip)."""
    colour = card // 15                     # 4 for Jupiter, Juno and the lambs
    key = 40 + value if colour == trump else (20 + value if colour == lead else 0)
    key = 100 if card >= JUPITER else key
    return -1 if card >= LAMB_1 else key



# The play loop's facts of a play action by table (index ``action & 127``: 0 … 68, the
# rest unused), made from the functions above: its card's number (the card points), what
# it leads, its colour in the trick's order (``card // 15``; 7 for Jupiter, Juno and the
# lambs: neither trump nor led) and its :func:`card_key` by whether that colour is trump
# and whether it is led (``ACTION_KEY[4 * action + 2 * trump + led]``). Arithmetic, a
# card's number and colour are divisions by 15 (a multiply and shifts each), three a card;
# the key as selects over loaded values LLVM turned into a branch on the colour led (a coin
# flip).
N_ACTION_ROWS = 128
ACTION_NUMBER = np.zeros(N_ACTION_ROWS, dtype=np.int8)
ACTION_LEAD = np.zeros(N_ACTION_ROWS, dtype=np.int8)
ACTION_COLOUR = np.full(N_ACTION_ROWS, 7, dtype=np.int8)
ACTION_KEY = np.zeros(4 * N_ACTION_ROWS, dtype=np.int8)
for _a in range(GOD_HIGH_ACTION + 4):
    _c = action_card.py_func(_a)
    _colour = _c // 15 if _c < N_COLOUR_CARDS else 7
    ACTION_NUMBER[_a] = number_of.py_func(_c)
    ACTION_LEAD[_a] = lead_of.py_func(_c)
    ACTION_COLOUR[_a] = _colour
    for _t in range(2):
        for _l in range(2):
            ACTION_KEY[4 * _a + 2 * _t + _l] = card_key.py_func(
                _c, action_value.py_func(_a), _colour if _l else -1, _colour if _t else -1)


@njit(cache=True, inline="always")
def action_key(action, lead, trump):
    """:func:`card_key` of a play action's card at its value, by the tables."""
    a = action & (N_ACTION_ROWS - 1)
    colour = np.int64(ACTION_COLOUR[a])
    return np.int64(ACTION_KEY[4 * a + 2 * np.int64(colour == trump) + np.int64(colour == lead)])

# -- 6. the allocation -------------------------------------------------------------------
@njit(cache=True, inline="always")
def claim_class(bid, locked, tricks):
    """A claimant's class at the counter of his tricks: 1 locked and made, 2 not
    locked (any bid), 3 locked and failed (his marker moved here)."""
    if locked == 0:
        return 2
    return 1 if bid == tricks else 3


@njit(cache=True, inline="always")
def claim_order(n, counter, start, bids, locks, tricks, card_points, out):
    """The claimants at ``counter`` (the seats that took that many tricks, zero
    bidders never) in the order they choose, written to ``out``; returns their
    number. Order: class, then more card points, then the earlier seat in bidding
    order (from ``start``). Arrays indexed by seat; ``bids`` 0 means a zero bid."""
    m = 0
    s = start - 1
    for i in range(n):
        s = s + 1 if s + 1 < n else 0     # bidding order (a wrap, not an integer division)
        # a stable insertion keeps it last
        if tricks[s] != counter or bids[s] == 0:
            continue
        cls = claim_class(bids[s], locks[s], tricks[s])
        j = m
        while j > 0:
            o = out[j - 1]
            o_cls = claim_class(bids[o], locks[o], tricks[o])
            if o_cls < cls or (o_cls == cls and card_points[o] >= card_points[s]):
                break
            out[j] = o
            j -= 1
        out[j] = s
        m += 1
    return m


@njit(cache=True, inline="always")
def take_options(cards, locked, own, sole, cls):
    """The cards a claimant may take from those beside his counter (one word).
    ``locked``: the locked cards there; ``own``: his own locked card there (0 none).
    A sole claimant takes a highest card, locked or not; class 1 his own locked
    card or any card not locked; classes 2 and 3 a highest card left."""
    if cards == ZERO:
        return ZERO
    if sole:
        return highest_cards(cards)
    if cls == 1:
        return (cards & ~locked) | (cards & own)
    return highest_cards(cards & ~locked)
