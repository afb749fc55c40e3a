"""Beim Jupiter for the exact solver (``sim/search/solve_nb.py``): the hooks.

The side is one seat (a set of seats is allowed), its value the tricks it takes from the
position on. A round's victory points are the numbers on the cards a player wins at the
allocation, and which cards he may claim depends on his tricks against the bid he made
before the first card (the counter, the lock); points are not monotone in tricks (the
bid's counter is the one to reach, not to pass), and they hang on the other seats' tricks
and card points too. What the card play itself decides is who takes how many tricks, so
the solver reports, as for Oh Hell, the most tricks a seat can secure; a bid of k makes the
question "can it reach k" (the value against the bid).

Positions are keyed at trick boundaries in relative-rank form: in each colour the numbered
cards still held are renumbered from the top; only their order decides a trick (card
points go to the allocation, not to the trick count). A colour's God card is played as 0
or 15, below or above every numbered card of its colour, so it never stands between two
of them: it is kept as a flag, and two numbered cards with no live numbered card between
them are one. Jupiter and Juno are alike (the first played wins, both are trumps), and so
are the lambs (never win, always playable): each seat's count of them is kept. An entry
keeps, in each colour, the ranks from the lowest card whose rank won a trick in its
search up (a numbered card over another numbered card of its colour); below them only
each hand's colour lengths count. God cards, Jupiter and Juno, lambs, the seat to lead,
the trump and the side are always exact.
"""
import numpy as np
from numba import njit

from ...bits_nb import bit, highest, lowest, popcount
from ...search.hooks_nb import best_first, matches_by_suits
from . import obs as O
from .round_nb import MAX_SEATS
from .rules_nb import (ACTION_LEAD, COLOUR_MASK, COLOUR_MASK_8, GOD_HIGH_ACTION, GOD_RANK,
                       JUPITER, JUPITER_JUNO, LAMB_1, LAMBS_HI, LAMBS_LO, N_ACTION_ROWS,
                       NUMBERED, action_card, action_key, legal_plays)

MP = MAX_SEATS
KEY_WORDS = MP + 2     # each seat's hand in relative ranks, the seat to lead, the rest
PHASE_SLOT = O.PHASE
PLAY_PHASE = O.PHASE_PLAY
# the card play, or the allocation its last card leads to (no trick left to win: the
# last card of a round is valued like any other)
PLAY_PHASES = (O.PHASE_PLAY, O.PHASE_TAKE)
ONE = np.uint64(1)
ZERO = np.uint64(0)
FIELD = np.uint64((1 << 14) - 1)        # a colour's numbered cards, in a key
GOD_BITS = 56                           # a key's God flags (bit 56 + colour)
JJ_SHIFT = np.uint64(60)                # a key's count of Jupiter and Juno (2 bits)
LAMB_SHIFT = np.uint64(62)              # a key's count of lambs (2 bits)
SPECIAL = ~np.uint64(0) << np.uint64(GOD_BITS)
# a key's colour fields (bits 14c … 14c + 13)
KEY_COLOUR = np.array([((1 << 14) - 1) << (14 * c) for c in range(4)], dtype=np.uint64)


@njit(cache=True, inline="always")
def deal_over_nb(st):
    """The card play is over: the allocation that follows takes no trick."""
    return st[O.PHASE] != O.PHASE_PLAY


@njit(cache=True, inline="always")
def solve_value_nb(st, side):
    """Tricks taken so far by the seats of ``side``."""
    v = 0
    for s in range(st[O.N_PLAYERS]):
        if (side >> s) & 1:
            v += st[O.TRICKS + s]
    return v


@njit(cache=True, inline="always")
def solve_left_nb(st):
    """Tricks not yet taken (the one in progress included); none after the card play."""
    return st[O.N_TRICKS] - st[O.TRICK_NO] if st[O.PHASE] == O.PHASE_PLAY else 0


@njit(cache=True, inline="always")
def solve_boundary_nb(st):
    return st[O.TRICK_N] == 0


@njit(cache=True, inline="always")
def _trumps(trump):
    """The trumps: Jupiter, Juno and the trump colour (none without one)."""
    return JUPITER_JUNO | COLOUR_MASK_8[trump & 7]


@njit(cache=True)
def solve_quick_nb(st, hands, side):
    """Bounds (low, high) of the side's tricks from a trick boundary on by the leader's
    quick tricks, and the cards they rest on: each Jupiter or Juno it holds (led, it
    wins); in the trump colour, when no other seat holds Jupiter or Juno, each card above
    every other seat's (the God card on top: led as 15); in another colour each card above
    every other seat's, as many as every other seat that holds a trump can follow (the
    leader cashes them one after another, keeping the lead; a lamb played instead of a
    card of the colour never wins). Then the trumps: when every live Jupiter and Juno is
    the side's, a hand's count of them (the first of them in a trick wins it); with none
    live, the highest trump left takes the trick it is played to; a side whose opponents
    hold no trump takes every trick it plays a trump to (and the other way round)."""
    n = st[O.N_PLAYERS]
    leader = st[O.SEAT]
    left = st[O.N_TRICKS] - st[O.TRICK_NO]
    trump = st[O.TRUMP]
    trumps = _trumps(trump)
    mine = hands[2 * leader]
    others = ZERO
    for s in range(n):
        if s != leader:
            others |= hands[2 * s]
    quick = popcount(mine & JUPITER_JUNO)
    cards = ZERO
    for c in range(4):
        held = mine & COLOUR_MASK[c]
        theirs = others & COLOUR_MASK[c]
        # the leader's cards above the highest of the others' (in id order: the God on top)
        above = held & ~((bit(highest(theirs)) << ONE) - ONE) if theirs != ZERO else held
        count = popcount(above)
        if c == trump:
            if others & JUPITER_JUNO:
                count = 0
        else:
            for s in range(n):
                if s != leader and (hands[2 * s] & trumps) != ZERO:
                    count = min(count, popcount(hands[2 * s] & COLOUR_MASK[c]))
        quick += count
        for _ in range(count):       # the cards counted: the highest of them
            top = bit(highest(above))
            cards |= top
            above &= ~top
    quick = min(quick, left)
    low, high = (quick, left) if (side >> leader) & 1 else (0, left - quick)
    live = mine | others
    most_ours_jj, most_theirs_jj, ours_jj, theirs_jj = 0, 0, 0, 0
    most_ours, most_theirs, ours, theirs_t = 0, 0, 0, 0
    for s in range(n):
        jj = popcount(hands[2 * s] & JUPITER_JUNO)
        t = popcount(hands[2 * s] & trumps)
        if (side >> s) & 1:
            most_ours_jj, ours_jj = max(most_ours_jj, jj), ours_jj + jj
            most_ours, ours = max(most_ours, t), ours + t
        else:
            most_theirs_jj, theirs_jj = max(most_theirs_jj, jj), theirs_jj + jj
            most_theirs, theirs_t = max(most_theirs, t), theirs_t + t
    if theirs_jj == 0:
        low = max(low, most_ours_jj)
    if ours_jj == 0:
        high = min(high, left - most_theirs_jj)
    if trump >= 0 and (live & JUPITER_JUNO) == ZERO and (live & COLOUR_MASK[trump]) != ZERO:
        top = highest(live & COLOUR_MASK[trump])
        holder = 0
        for s in range(n):
            if hands[2 * s] & bit(top):
                holder = s
        if (side >> holder) & 1:
            low = max(low, 1)
        else:
            high = min(high, left - 1)
        cards |= bit(top)
    if theirs_t == 0:
        low = max(low, most_ours)
    if ours == 0:
        high = min(high, left - most_theirs)
    return low, high, cards & NUMBERED


@njit(cache=True)
def solve_key_nb(st, hands, cfg, side, key):
    """The key of a position between tricks (``KEY_WORDS`` words): a word a seat, its
    numbered cards in relative ranks (14 bits a colour), its God cards (bits 56 …
    59), its count of Jupiter and Juno (bits 60, 61) and of lambs (62, 63)."""
    n = st[O.N_PLAYERS]
    live = ZERO
    for s in range(MP):
        key[s] = ZERO
        if s < n:
            live |= hands[2 * s]
    for c in range(4):
        held = (live & NUMBERED & COLOUR_MASK[c]) >> np.uint64(15 * c)
        # the lowest card held goes to the rank that puts the highest at bit 13
        at = 14 * c + 14 - popcount(held)
        while held:
            card = 15 * c + lowest(held)
            held &= held - ONE
            for s in range(n):
                if hands[2 * s] & bit(card):
                    key[s] |= bit(at)
                    break
            at += 1
    for s in range(n):
        h = hands[2 * s]
        for c in range(4):
            if (h >> np.uint64(15 * c + GOD_RANK)) & ONE:
                key[s] |= bit(GOD_BITS + c)
        key[s] |= np.uint64(popcount(h & JUPITER_JUNO)) << JJ_SHIFT
        lambs = popcount(h & LAMBS_LO) + popcount(hands[2 * s + 1] & LAMBS_HI)
        key[s] |= np.uint64(lambs) << LAMB_SHIFT
    key[MP] = np.uint64(st[O.SEAT])
    key[MP + 1] = np.uint64((st[O.TRUMP] + 1) | (side << 8) | (n << 24))


@njit(cache=True)
def solve_shape_nb(key):
    """What every position of a table entry shares: each seat's colour lengths and its
    God cards, Jupiter, Juno and lambs, and the key's exact words, mixed into a word."""
    h = np.uint64(0)
    for s in range(MP):
        for c in range(4):
            h = h * np.uint64(31) + np.uint64(popcount(key[s] & KEY_COLOUR[c]))
        h = h * np.uint64(257) + (key[s] >> np.uint64(GOD_BITS))
    for i in range(MP, KEY_WORDS):
        h = h * np.uint64(0x100000001B3) + key[i]
    return h


@njit(cache=True)
def solve_matches_nb(entry, key):
    """Whether a position of key ``key`` agrees with a table entry (its key, then its
    mask): the same holder for every card the mask keeps (God cards, Jupiter, Juno and
    lambs always), the same colour lengths in every hand, the same leader, trump and
    side."""
    return matches_by_suits(entry, key, MP, KEY_WORDS, KEY_COLOUR)


@njit(cache=True, inline="always")
def _live_nb(st, hands):
    """The colour cards, Jupiter and Juno still in play: the hands and the trick in
    progress (a God card played as 15 is its card)."""
    live = ZERO
    for s in range(st[O.N_PLAYERS]):
        live |= hands[2 * s]
    for i in range(st[O.TRICK_N]):
        c = action_card(st[O.TRICK_CARDS + i])
        if c < 64:
            live |= bit(c)
    return live


@njit(cache=True)
def solve_mask_nb(st, hands, cards):
    """The mask of a table entry (relative ranks, as in the key) that keeps, in each
    colour, every numbered card from the lowest of ``cards`` up; the rest of a seat's
    word always."""
    live = _live_nb(st, hands) & NUMBERED
    mask = SPECIAL
    for c in range(4):
        mine = cards & live & COLOUR_MASK[c]
        if mine != ZERO:
            m = popcount(live & COLOUR_MASK[c] & ~(bit(lowest(mine)) - ONE))
            mask |= ((bit(m) - ONE) << np.uint64(14 - m)) << np.uint64(14 * c)
    return mask


@njit(cache=True)
def solve_relevant_nb(mask, st, hands):
    """The numbered cards of this position that a table entry's mask keeps (the top ones
    of each colour)."""
    live = _live_nb(st, hands) & NUMBERED
    cards = ZERO
    for c in range(4):
        rest = live & COLOUR_MASK[c]
        for _ in range(popcount(mask & KEY_COLOUR[c])):
            top = bit(highest(rest))
            cards |= top
            rest &= ~top
    return cards


@njit(cache=True, inline="always")
def _numbered(card):
    return card < 64 and ((NUMBERED >> np.uint64(card)) & ONE) != ZERO


@njit(cache=True, inline="always")
def solve_trick_cards_nb(st, action):
    """The card whose rank won the trick when ``action`` completes it: its winner, when
    it is a numbered card and another numbered card of its colour is in the trick;
    else none (a God card, Jupiter or Juno wins whatever the numbers)."""
    n = st[O.N_PLAYERS]
    k = st[O.TRICK_N]
    if k != n - 1:
        return ZERO
    a = action & (N_ACTION_ROWS - 1)
    lead = st[O.LEAD]
    lead = np.int64(ACTION_LEAD[a]) if lead < 0 else lead
    card = action_card(action)
    win = card if action_key(action, lead, st[O.TRUMP]) > st[O.WINNING_KEY] else st[O.WINNING_CARD]
    if not _numbered(win):
        return ZERO
    rest = ZERO
    if _numbered(card):
        rest |= bit(card)
    for i in range(k):
        c = action_card(st[O.TRICK_CARDS + i])
        if _numbered(c):
            rest |= bit(c)
    if rest & ~bit(win) & COLOUR_MASK[win // 15]:
        return bit(win)
    return ZERO


@njit(cache=True)
def solve_merged_nb(st, hands, cfg, cards):
    """The legal numbered cards ``solve_moves_nb`` merged into the next card up, in the
    runs whose top card is in ``cards`` (the ranks that decided a node that tried every
    move). Its table entry holds only for positions that merge the same: in one that
    agreed on less, a low card merged here might stand apart from the next one up, and
    play otherwise when the top of its run won by rank."""
    seat = st[O.SEAT]
    legal, _ = legal_plays(hands[2 * seat], hands[2 * seat + 1], st[O.LEAD], st[O.TRUMP])
    live = _live_nb(st, hands) & NUMBERED
    legal &= NUMBERED
    merged = ZERO
    for c in range(4):
        m = legal & COLOUR_MASK[c]
        keep = False
        while m:                      # high to low: a run's top card first
            x = highest(m)
            m &= ~bit(x)
            above = live & COLOUR_MASK[c] & ~((bit(x) << ONE) - ONE)
            if above != ZERO and (legal & bit(lowest(above))) != ZERO:
                if keep:
                    merged |= bit(x)
            else:
                keep = (cards & bit(x)) != ZERO
    return merged


@njit(cache=True, inline="always")
def _code(live, action):
    """A play action as its table entry's positions share it: a numbered card's colour
    and how many live numbered cards of it stand above it; a God card by colour and
    value; Jupiter or Juno; a lamb."""
    card = action_card(action)
    if card >= LAMB_1:
        return 73
    if card >= JUPITER:
        return 72
    if action >= GOD_HIGH_ACTION:
        return 68 + action - GOD_HIGH_ACTION
    c = card // 15
    if card % 15 == GOD_RANK:
        return 64 + c
    return c * 16 + popcount(live & COLOUR_MASK[c] & ~((bit(card) << ONE) - ONE))


@njit(cache=True, inline="always")
def solve_move_code_nb(st, hands, action):
    return _code(_live_nb(st, hands) & NUMBERED, action)


@njit(cache=True)
def solve_moves_nb(st, hands, cfg, side, hint, out):
    """The legal actions of the seat to act, one of each run of equivalent cards (the
    highest: numbered cards of a colour with no live numbered card between them; one
    Jupiter or Juno; one lamb; a God card as 0 and as 15 apart), best first; their
    number. The action of code ``hint`` (the move that cut there before,
    :func:`solve_move_code_nb`; -1: none) comes first.

    The order (a guess; it decides how early a search cuts): a lead tries the cards that
    are the highest left in their colour first (Jupiter, Juno, a God card as 15), high to
    low, then the others low to high. A later seat whose side takes the trick so far tries
    the cards that do not take it first, lowest first; one whose opponents take it tries
    the cards that take it first: the lowest such card when it plays last, else the
    highest.
    """
    n = st[O.N_PLAYERS]
    seat = st[O.SEAT]
    k = st[O.TRICK_N]
    lead = st[O.LEAD]
    trump = st[O.TRUMP]
    best = st[O.WINNING_KEY]
    lo, hi = legal_plays(hands[2 * seat], hands[2 * seat + 1], lead, trump)
    live_all = _live_nb(st, hands)
    live = live_all & NUMBERED
    mine = (side >> seat) & 1
    ahead = k > 0 and st[O.WINNING_SEAT] >= 0 and ((side >> st[O.WINNING_SEAT]) & 1) == mine
    last = k == n - 1
    count = 0
    seen_jj = False
    seen_lamb = False
    for w in range(2):
        m = lo if w == 0 else hi
        while m:
            a = 64 * w + lowest(m)
            m &= m - ONE
            card = action_card(a)
            top = False
            if card >= LAMB_1:
                if seen_lamb:
                    continue
                seen_lamb = True
            elif card >= JUPITER:
                if seen_jj:
                    continue
                seen_jj = True
                top = True
            elif a >= GOD_HIGH_ACTION:
                top = True
            elif card % 15 != GOD_RANK:
                above = live & COLOUR_MASK[card // 15] & ~((bit(card) << ONE) - ONE)
                if above != ZERO and (lo & bit(lowest(above))) != ZERO:
                    continue      # the next live numbered card up is ours and legal: the same
                # the highest left of its colour (no God card live above it)
                top = above == ZERO and (live_all & bit(15 * (card // 15) + GOD_RANK)) == ZERO
            lead2 = np.int64(ACTION_LEAD[a]) if lead < 0 else lead
            key = action_key(a, lead2, trump)
            if k == 0:
                score = 400 + key if top else 200 - key
            else:
                takes = key > best
                if ahead:
                    score = 400 - key if not takes else 200 - key
                elif takes:
                    score = 600 - key if last else 400 + key
                else:
                    score = 200 - key
            if hint >= 0 and _code(live, a) == hint:
                score = 1000
            out[count] = score * 128 + a
            count += 1
    best_first(out, count, 127)
    return count
