"""Ten-point Pitch for the exact solver (``sim/search/solve_nb.py``): the hooks.

**Sides and value.** Seats 0 + 2 play against 1 + 3 (``solve_side_nb``: a seat's
team). The value of a side (a set of seats) is the points its seats take in the
play: A, J, Jick, the jokers and the 10 of trumps one each and the 3 three to the
trick's winner, the 2 one to the seat that plays it, as the state counts them
(``TP_POINTS``). That is the deal's score for the team that did not bid, and for
the bidding team the points that decide made or set (its score, its points when
they reach the bid, else minus the bid, rises with them: the best play for its
points is the best for its score). The points still to take are the 10 less the
points burned and taken.

**Keys.** Only trumps are played, one order of 16: the solver works in heights
(``ten_point_rules_nb.value_bits_nb``: bit ``h`` the trump of height ``h``, 2 = 0
up to A = 15), so a key is the same whatever suit is trump. Positions are keyed
between tricks in relative-rank form: the trumps still held renumbered from the
top, one word a seat (16 bits), then an exact word: where the point trumps stand
among them (the one-point trumps, the 3, the 2, each a class of its own), the
leader and the side. A seat without a trump is out: the key's hands show it. An
entry keeps the holders of every trump from the lowest card whose rank won a
trick in its search, and from the lowest point trump, up; below them only each
hand's number of trumps counts. Two trumps of a hand are played as one only when
no trump still in play lies between them and they are worth the same (J, Jick,
BJ, LJ and 10 are; the 3 and the 2 are each alone).
"""
import numpy as np
from numba import njit

from ...bits_nb import bit, highest, lowest, popcount
from ...search.hooks_nb import best_first
from . import obs as O
from .cards import N_CARDS
from .ten_point_rules_nb import trumps_of_nb, value_bits_nb, value_nb

N = 4
KEY_WORDS = N + 1      # each seat's trumps in relative ranks, then the exact word
PHASE_SLOT = O.PHASE   # the solver starts in the card play
PLAY_PHASE = O.PHASE_PLAY
SOLVE_UNIT = "points"
SOLVE_WHO = "seat's team"
ONE = np.uint64(1)
ZERO = np.uint64(0)
TOTAL_POINTS = 10      # a deal's points, before any is burned
# heights (value_nb): 2 … 10 = 0 … 8, LJ 9, BJ 10, Jick 11, J 12, Q 13, K 14, A 15
ONE_POINT = np.uint64((1 << 15) | (0b11111 << 8))    # A, J, Jick, BJ, LJ, 10
THREE = np.uint64(1 << 1)
TWO = np.uint64(1)
POINTED = ONE_POINT | THREE | TWO


def _card_at():
    """CARD_AT[16 * trump + h]: the trump of height ``h`` when ``trump`` is named."""
    table = np.zeros(64, dtype=np.int64)
    for t in range(4):
        trumps = int(trumps_of_nb.py_func(t))
        for c in range(N_CARDS):
            if trumps >> c & 1:
                table[16 * t + value_nb.py_func(c, t)] = c
    return table


CARD_AT = _card_at()


@njit(cache=True, inline="always")
def solve_value_nb(st, side):
    """Points the seats of ``side`` have taken so far (the 2 to the seat that played it)."""
    v = 0
    for s in range(N):
        if (side >> s) & 1:
            v += st[O.TP_POINTS + s]
    return v


@njit(cache=True, inline="always")
def solve_left_nb(st):
    """The points still to take: the deal's 10 less those burned and those taken."""
    left = TOTAL_POINTS
    for s in range(N):
        left -= st[O.TP_BURNED_PTS + s] + st[O.TP_POINTS + s]
    return left


@njit(cache=True, inline="always")
def solve_boundary_nb(st):
    return st[O.TRICK_N] == 0


@njit(cache=True, inline="always")
def _heights_nb(st, cards):
    return value_bits_nb(cards, st[O.TRUMP])


@njit(cache=True, inline="always")
def _live_nb(st, hands):
    """The heights of the trumps still in play: the hands' and the trick's."""
    trumps = np.uint64(st[O.TP_TRUMPS])
    live = (hands[0] | hands[1] | hands[2] | hands[3]) & trumps
    return _heights_nb(st, live | np.uint64(st[O.TP_TRICK_SET]))


@njit(cache=True, inline="always")
def _cards_nb(st, heights):
    """The trumps of a set of heights."""
    base = 16 * st[O.TRUMP]
    cards = ZERO
    while heights:
        cards |= bit(CARD_AT[base + lowest(heights)])
        heights &= heights - ONE
    return cards


@njit(cache=True)
def solve_quick_nb(st, hands, side):
    """With one seat alone holding trumps, it takes every point left (the 2 is its own
    card): the bounds are exact. Else none (0 and what is left)."""
    trumps = np.uint64(st[O.TP_TRUMPS])
    left = solve_left_nb(st)
    holder = -1
    for s in range(N):
        if hands[s] & trumps:
            if holder >= 0:
                return 0, left, ZERO
            holder = s
    v = left if holder >= 0 and (side >> holder) & 1 else 0
    return v, v, ZERO


@njit(cache=True)
def solve_key_nb(st, hands, cfg, side, key):
    """The key of a position between tricks (``KEY_WORDS`` words): each seat's trumps in
    relative ranks (the highest in play at bit 15), then where the one-point trumps,
    the 3 and the 2 stand among them, the leader and the side."""
    trumps = np.uint64(st[O.TP_TRUMPS])
    live = ZERO
    for s in range(N):
        key[s] = ZERO
        live |= hands[s]
    live = _heights_nb(st, live & trumps)
    at = 16 - popcount(live)
    ones, three, two = ZERO, ZERO, ZERO
    while live:
        h = lowest(live)
        live &= live - ONE
        card = bit(CARD_AT[16 * st[O.TRUMP] + h])
        for s in range(N):
            if hands[s] & card:
                key[s] |= bit(at)
                break
        ones |= bit(at) if ONE_POINT & bit(h) else ZERO
        three |= bit(at) if THREE & bit(h) else ZERO
        two |= bit(at) if TWO & bit(h) else ZERO
        at += 1
    key[N] = ones | (three << np.uint64(16)) | (two << np.uint64(32)) | np.uint64(
        (st[O.SEAT] << 48) | (side << 52))


@njit(cache=True)
def solve_shape_nb(key):
    """What every position of a table entry shares: each seat's number of trumps and the
    exact word, mixed into a word."""
    h = ZERO
    for s in range(N):
        h = h * np.uint64(31) + np.uint64(popcount(key[s]))
    return h * np.uint64(0x100000001B3) + key[N]


@njit(cache=True)
def solve_matches_nb(entry, key):
    """Whether a position of key ``key`` agrees with a table entry (its key, then its
    mask): the same holder for every trump the mask keeps, as many trumps in every
    hand, the same exact word."""
    cards = entry[KEY_WORDS]
    for s in range(N):
        a = entry[s]
        b = key[s]
        if ((a ^ b) & cards) != 0 or popcount(a) != popcount(b):
            return False
    return entry[N] == key[N]


@njit(cache=True)
def solve_mask_nb(st, hands, cards):
    """The mask of a table entry (relative ranks, as in the key) that keeps every trump
    from the lowest of ``cards`` and of the point trumps up."""
    live = _live_nb(st, hands)
    keep = (_heights_nb(st, cards) | POINTED) & live
    if keep == 0:
        return ZERO
    m = popcount(live & ~(bit(lowest(keep)) - ONE))
    return (bit(m) - ONE) << np.uint64(16 - m)


@njit(cache=True)
def solve_relevant_nb(mask, st, hands):
    """The trumps of this position that a table entry's mask keeps (the top ones)."""
    rest = _live_nb(st, hands)
    kept = ZERO
    for _ in range(popcount(mask)):
        h = bit(highest(rest))
        kept |= h
        rest &= ~h
    return _cards_nb(st, kept)


@njit(cache=True, inline="always")
def _last_nb(st):
    """Whether the seat to act plays the trick's last card: no seat after it in the
    trick still holds a trump (a seat goes out with its last trump)."""
    leader = st[O.TRICK_LEADER]
    out = st[O.OUT]
    out_at = ((out | (out << 4)) >> leader) & 15
    return ((~out_at & 15) >> (st[O.TP_TURN] + 1)) == 0


@njit(cache=True, inline="always")
def solve_trick_cards_nb(st, card):
    """The trump whose rank won the trick when ``card`` completes it: its winner, when
    the trick holds another card (all are trumps); else none."""
    if st[O.TRICK_N] == 0 or not _last_nb(st):
        return ZERO
    best = st[O.WINNING_CARD]
    trump = st[O.TRUMP]
    return bit(card) if value_nb(card, trump) > value_nb(best, trump) else bit(best)


@njit(cache=True, inline="always")
def _worth_nb(h):
    """A height's class of worth: 1 one point to the winner, 3 the 3, 2 the 2, 0 none."""
    if ONE_POINT & bit(h):
        return 1
    if THREE & bit(h):
        return 3
    if TWO & bit(h):
        return 2
    return 0


@njit(cache=True, inline="always")
def _merges_nb(live, legal, h):
    """Whether the trump of height ``h`` is played as the next one up: that one is the
    same hand's (no trump in play between them) and worth the same."""
    above = live & ~((bit(h) << ONE) - ONE)
    if above == 0:
        return False
    up = lowest(above)
    return (legal & bit(up)) != 0 and _worth_nb(up) == _worth_nb(h)


@njit(cache=True, inline="always")
def _legal_nb(st, hands):
    """The heights of the seat to act's trumps (every trump it holds is legal)."""
    return _heights_nb(st, hands[st[O.SEAT]] & np.uint64(st[O.TP_TRUMPS]))


@njit(cache=True)
def solve_merged_nb(st, hands, cfg, cards):
    """The legal trumps ``solve_moves_nb`` merged into the next one up, in the runs whose
    top trump is in ``cards``: its table entry holds only for positions that merge the
    same (see the Wizard family's ``solve_merged_nb``)."""
    legal = _legal_nb(st, hands)
    live = _live_nb(st, hands)
    decided = _heights_nb(st, cards)
    merged = ZERO
    keep = False
    for h in range(15, -1, -1):        # high to low: a run's top trump first
        if (legal & bit(h)) == 0:
            continue
        if _merges_nb(live, legal, h):
            if keep:
                merged |= bit(h)
        else:
            keep = (decided & bit(h)) != 0
    return _cards_nb(st, merged)


@njit(cache=True, inline="always")
def solve_move_code_nb(st, hands, card):
    """A trump as its table entry's positions share it: how many trumps still in play
    stand above it."""
    h = value_nb(card, st[O.TRUMP])
    return popcount(_live_nb(st, hands) & ~((bit(h) << ONE) - ONE))


@njit(cache=True)
def solve_moves_nb(st, hands, cfg, side, hint, out):
    """The legal trumps of the seat to act, one of each run of equivalent ones (the
    highest), best first; their number. The trump of code ``hint`` comes first.

    The order (a guess; it decides how early a search cuts), Jass's: a lead tries the
    highest trump in play first, then the others cheap first. A later seat whose side
    wins the trick so far gives it points first (a trump that does not take it); one
    whose opponents win it takes it first: the last seat with the trump worth most,
    an earlier one with its lowest; trumps that do not take it go cheap first.
    """
    seat = st[O.SEAT]
    k = st[O.TRICK_N]
    legal = _legal_nb(st, hands)
    live = _live_nb(st, hands)
    mine = (side >> seat) & 1
    ahead = k > 0 and ((side >> st[O.WINNING_SEAT]) & 1) == mine
    last = _last_nb(st)
    best = value_nb(st[O.WINNING_CARD], st[O.TRUMP]) if k > 0 else -1
    base = 16 * st[O.TRUMP]
    count = 0
    m = legal
    while m:
        h = lowest(m)
        m &= m - ONE
        if _merges_nb(live, legal, h):
            continue
        worth = _worth_nb(h)
        pts = worth if worth != 2 else 0     # the 2's point is its player's, won or lost
        above = popcount(live & ~((bit(h) << ONE) - ONE))
        if k == 0:
            score = 3000 + h if above == 0 else 2000 - 64 * pts - h
        else:
            takes = h > best
            if ahead:
                score = 3000 + 64 * pts - h if not takes else 2000 - 64 * pts - h
            elif takes:
                score = 4000 + 64 * pts - h if last else 3000 - h
            else:
                score = 2000 - 64 * pts - h
        if hint >= 0 and above == hint:
            score = 10000
        out[count] = score * 64 + CARD_AT[base + h]
        count += 1
    best_first(out, count, 63)
    return count


@njit(cache=True)
def solve_side_nb(st, seat):
    """The side a seat plays for (``sim/search/analyse.py``): its team."""
    return 0b101 << (seat & 1)
