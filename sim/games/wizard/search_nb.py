"""Wizard and Oh Hell for the exact solver (``sim/search/solve_nb.py``): the hooks.

The value of a side is the tricks its seats win. Positions are keyed at trick
boundaries in relative-rank form: in each suit the cards still held are
renumbered from the top (an ace gone makes the king the highest), so the
positions that differ only in cards that no longer separate any two held
cards share an entry; Wizards are all alike (the first played wins) and so
are Jesters, so each seat's are renumbered in seat order too. An entry keeps,
in each suit, the ranks from the lowest card whose rank won a trick in its
search up; below them only each hand's suit lengths count. Wizards, Jesters,
the seat to lead, the trump, the side and the game are always exact.
"""
import numpy as np
from numba import njit

from ...bits_nb import bit, highest, lowest, popcount
from ...search.hooks_nb import best_first, matches_by_suits
from . import obs as O
from .cards import FIRST_JESTER, FIRST_WIZARD, JESTER_MASK, SUIT_MASKS, WIZARD_MASK
from .cfg import CFG_GAME
from .rules_nb import lead_after, legal_cards, trick_key

MP = O.MAX_PLAYERS
KEY_WORDS = MP + 2     # each seat's hand in relative ranks, the seat to lead, the rest
PHASE_SLOT = O.PHASE   # the solver starts in the card play
PLAY_PHASE = O.PHASE_PLAY
_SUIT = np.uint64(0x1FFF)
ONE = np.uint64(1)


@njit(cache=True, inline="always")
def solve_value_nb(st, side):
    """Tricks won so far by the seats of ``side``."""
    v = 0
    for s in range(st[O.N_PLAYERS]):
        if (side >> s) & 1:
            v += st[O.TRICKS_WON + s]
    return v


@njit(cache=True, inline="always")
def solve_left_nb(st):
    """Tricks not yet won (the one in progress included)."""
    return st[O.HAND_SIZE] - st[O.TRICK_NO]


@njit(cache=True, inline="always")
def solve_boundary_nb(st):
    return st[O.TRICK_N] == 0


@njit(cache=True)
def _partner_quick_nb(st, hands, side, leader, mine, others, trump):
    """Tricks the leader's side takes by leading to its partner (4 seats, two a side,
    no Wizard or Jester left): in a suit where every card the leader holds is below
    the partner's cards that top all the opponents', the leader leads one, the
    partner takes it and cashes the rest, while every opponent that holds a trump
    follows suit. The best suit's count and those cards. (Measured on 12 random
    13-card Oh Hell deals, side {0, 2}: see docs/architecture.md.)"""
    n = st[O.N_PLAYERS]
    if n != 4 or ((mine | others) & (WIZARD_MASK | JESTER_MASK)) != 0:
        return 0, np.uint64(0)
    partner = (leader + 2) % 4
    team = (side >> leader) & 1
    if ((side >> partner) & 1) != team or ((side >> ((leader + 1) % 4)) & 1) == team \
            or ((side >> ((leader + 3) % 4)) & 1) == team:
        return 0, np.uint64(0)
    theirs_all = hands[(leader + 1) % 4] | hands[(leader + 3) % 4]
    trumps = _SUIT << np.uint64(13 * trump) if trump >= 0 else np.uint64(0)
    best, best_cards = 0, np.uint64(0)
    for suit in range(4):
        shift = np.uint64(13 * suit)
        held = (mine >> shift) & _SUIT
        friend = (hands[partner] >> shift) & _SUIT
        theirs = (theirs_all >> shift) & _SUIT
        if held == 0 or friend == 0:
            continue
        top = friend & ~(bit(highest(theirs) + 1) - ONE) if theirs != 0 else friend
        if top == 0 or highest(held) > lowest(top):
            continue
        count = popcount(top)
        if suit != trump and (theirs_all & trumps) != 0:
            for s in ((leader + 1) % 4, (leader + 3) % 4):
                if (hands[s] & trumps) != 0:
                    count = min(count, popcount((hands[s] >> shift) & _SUIT))
        if count > best:
            best = count
            best_cards = np.uint64(0)
            for _ in range(count):       # the cards counted: the partner's highest
                b = bit(highest(top))
                best_cards |= b << shift
                top &= ~b
    return best, best_cards


@njit(cache=True)
def solve_quick_nb(st, hands, side):
    """Bounds (low, high) of the side's tricks from a trick boundary on by the leader's
    quick tricks, and the cards they rest on: each Wizard it holds, each trump above
    every other trump left, and, when no other seat holds a Wizard, each card above
    every other of its suit, as many as every other seat that holds a trump can
    follow (the leader cashes them one after another, keeping the lead)."""
    n = st[O.N_PLAYERS]
    leader = st[O.SEAT]
    left = st[O.HAND_SIZE] - st[O.TRICK_NO]
    mine = hands[leader]
    others = np.uint64(0)
    for s in range(n):
        if s != leader:
            others |= hands[s]
    trump = st[O.TRUMP]
    quick = popcount(mine & WIZARD_MASK)
    cards = np.uint64(0)
    no_trumps = trump < 0 or (others & (_SUIT << np.uint64(13 * trump))) == 0
    if (others & WIZARD_MASK) == 0:
        for suit in range(4):
            shift = np.uint64(13 * suit)
            held = (mine >> shift) & _SUIT
            theirs = (others >> shift) & _SUIT
            # the leader's cards above the highest of the others'
            above = held & ~(bit(highest(theirs) + 1) - ONE) if theirs != 0 else held
            count = popcount(above)
            if suit != trump and not no_trumps:
                # safe only while every other seat that holds a trump follows suit
                for s in range(n):
                    if s != leader and (hands[s] & (_SUIT << np.uint64(13 * trump))) != 0:
                        count = min(count, popcount(hands[s] & (_SUIT << shift)))
            quick += count
            for _ in range(count):       # the cards counted: the highest of them
                top = bit(highest(above))
                cards |= top << shift
                above &= ~top
    # or the leader leads low to its partner's winners instead (bridge's entries)
    reach, reach_cards = _partner_quick_nb(st, hands, side, leader, mine, others, trump)
    if reach > quick:
        quick, cards = reach, reach_cards
    quick = min(quick, left)
    low, high = (quick, left) if (side >> leader) & 1 else (0, left - quick)
    # the highest trump left takes a trick whenever it is played, and it is played
    # (no Wizard left to beat it)
    live = mine | others
    if trump >= 0 and (live & WIZARD_MASK) == 0 and (live & (_SUIT << np.uint64(13 * trump))) != 0:
        top = highest(live & (_SUIT << np.uint64(13 * trump)))
        holder = 0
        for s in range(n):
            if hands[s] & bit(top):
                holder = s
        if (side >> holder) & 1:
            low = max(low, 1)
        else:
            high = min(high, left - 1)
        cards |= bit(top)
        # a side whose opponents hold no trump takes every trick it plays a trump to, and
        # a hand's trumps go to tricks of their own
        most_ours, most_theirs, ours, theirs = 0, 0, 0, 0
        for s in range(n):
            t = popcount(hands[s] & (_SUIT << np.uint64(13 * trump)))
            if (side >> s) & 1:
                most_ours, ours = max(most_ours, t), ours + t
            else:
                most_theirs, theirs = max(most_theirs, t), theirs + t
        if theirs == 0:
            low = max(low, most_ours)
        if ours == 0:
            high = min(high, left - most_theirs)
    return low, high, cards


@njit(cache=True)
def solve_key_nb(st, hands, cfg, side, key):
    """The key of a position between tricks (``KEY_WORDS`` words)."""
    n = st[O.N_PLAYERS]
    live = np.uint64(0)
    for s in range(MP):
        key[s] = np.uint64(0)
        if s < n:
            live |= hands[s]
    for suit in range(4):
        held = (live >> np.uint64(13 * suit)) & _SUIT
        # the lowest card held goes to the rank that puts the highest at the ace
        at = 13 * suit + 13 - popcount(held)
        while held:
            card = 13 * suit + lowest(held)
            held &= held - ONE
            for s in range(n):
                if hands[s] & bit(card):
                    key[s] |= bit(at)
                    break
            at += 1
    wizard, jester = FIRST_WIZARD, FIRST_JESTER
    for s in range(n):
        w = popcount(hands[s] & WIZARD_MASK)
        j = popcount(hands[s] & JESTER_MASK)
        key[s] |= ((bit(w) - ONE) << np.uint64(wizard)) | ((bit(j) - ONE) << np.uint64(jester))
        wizard += w
        jester += j
    key[MP] = np.uint64(st[O.SEAT])
    key[MP + 1] = np.uint64((st[O.TRUMP] + 1) | (side << 8) | (n << 24) | (cfg[CFG_GAME] << 32))


@njit(cache=True, inline="always")
def _live_nb(st, hands):
    """The cards still in play: the hands and the trick in progress."""
    live = np.uint64(0)
    for s in range(st[O.N_PLAYERS]):
        live |= hands[s]
    for i in range(st[O.TRICK_N]):
        live |= bit(st[O.TRICK_CARDS + i])
    return live


@njit(cache=True)
def solve_shape_nb(key):
    """What every position of a table entry shares: each seat's suit lengths, Wizards
    and Jesters, and the key's exact words, mixed into a word."""
    h = np.uint64(0)
    for s in range(MP):
        for suit in range(4):
            h = h * np.uint64(31) + np.uint64(popcount(key[s] & SUIT_MASKS[suit]))
        h = h * np.uint64(31) + (key[s] >> np.uint64(FIRST_WIZARD))
    for i in range(MP, KEY_WORDS):
        h = h * np.uint64(0x100000001B3) + key[i]
    return h


@njit(cache=True)
def solve_matches_nb(entry, key):
    """Whether a position of key ``key`` agrees with a table entry (its key, then its
    mask): the same holder for every card the mask keeps, the same suit lengths in
    every hand, the same Wizards, Jesters, leader, trump and side."""
    return matches_by_suits(entry, key, MP, KEY_WORDS, SUIT_MASKS)


@njit(cache=True)
def solve_mask_nb(st, hands, cards):
    """The mask of a table entry (relative ranks, as in the key) that keeps, in each
    suit, every card from the lowest of ``cards`` up; Wizards and Jesters always."""
    live = _live_nb(st, hands)
    mask = ~np.uint64(0) << np.uint64(FIRST_WIZARD)
    for suit in range(4):
        mine = cards & live & SUIT_MASKS[suit]
        if mine != 0:
            m = popcount(live & SUIT_MASKS[suit] & ~(bit(lowest(mine)) - ONE))
            mask |= ((bit(m) - ONE) << np.uint64(13 - m)) << np.uint64(13 * suit)
    return mask


@njit(cache=True)
def solve_relevant_nb(mask, st, hands):
    """The cards of this position that a table entry's mask keeps (the top ones of
    each suit)."""
    live = _live_nb(st, hands)
    cards = np.uint64(0)
    for suit in range(4):
        rest = live & SUIT_MASKS[suit]
        for _ in range(popcount(mask & SUIT_MASKS[suit])):
            c = bit(highest(rest))
            cards |= c
            rest &= ~c
    return cards


@njit(cache=True, inline="always")
def solve_trick_cards_nb(st, card):
    """The card whose rank won the trick when ``card`` completes it: its winner, when
    another card of the winner's suit is in the trick; else none."""
    n = st[O.N_PLAYERS]
    k = st[O.TRICK_N]
    if k != n - 1:
        return np.uint64(0)
    lead = lead_after(st[O.LEAD_SUIT], card)
    trump = st[O.TRUMP]
    best = st[O.WINNING_CARD]
    win = card if trick_key(card, lead, trump) > trick_key(best, lead, trump) else best
    if win >= FIRST_WIZARD:
        return np.uint64(0)
    rest = bit(card)
    for i in range(k):
        rest |= bit(st[O.TRICK_CARDS + i])
    if rest & ~bit(win) & SUIT_MASKS[win // 13]:
        return bit(win)
    return np.uint64(0)


@njit(cache=True)
def solve_merged_nb(st, hands, cfg, cards):
    """The legal suited cards ``solve_moves_nb`` merged into the next card up, in the
    runs whose top card is in ``cards`` (the ranks that decided a node that tried every
    move). Its table entry holds only for positions that merge the same: in one that
    agreed on less, a low card merged here might stand apart from the next one up, and
    play otherwise when the top of its run won by rank. (A run whose top won no trick by
    rank is played alike however it splits.)"""
    legal = legal_cards(hands[st[O.SEAT]], st[O.LEAD_SUIT])
    live = _live_nb(st, hands)
    merged = np.uint64(0)
    for suit in range(4):
        m = legal & SUIT_MASKS[suit]
        keep = False
        while m:                      # high to low: a run's top card first
            c = highest(m)
            m &= ~bit(c)
            above = live & SUIT_MASKS[suit] & ~((bit(c) << ONE) - ONE)
            if above != 0 and (legal & bit(lowest(above))) != 0:
                if keep:
                    merged |= bit(c)
            else:
                keep = (cards & bit(c)) != 0
    return merged


@njit(cache=True, inline="always")
def solve_move_code_nb(st, hands, card):
    """A card as its table entry's positions share it: its suit and how many cards
    still in play stand above it there; 64 for a Wizard, 65 for a Jester."""
    if card >= FIRST_JESTER:
        return 65
    if card >= FIRST_WIZARD:
        return 64
    live = _live_nb(st, hands)
    suit = card // 13
    above = live & (_SUIT << np.uint64(13 * suit)) & ~((bit(card) << ONE) - ONE)
    return suit * 16 + popcount(above)


@njit(cache=True)
def solve_moves_nb(st, hands, cfg, side, hint, out):
    """The legal cards of the seat to act, one of each run of equivalent cards (the
    highest: suited cards with no card still in play between them; any Wizard; any
    Jester), best first; their number. The card of code ``hint`` (the move that cut
    there before, :func:`solve_move_code_nb`; -1: none) comes first.

    The order (a guess; it decides how early a search cuts): a lead tries the cards
    that are the highest left in their suit first, high to low, then the others low
    to high. A later seat whose side wins the trick so far tries its cards that do
    not take it first, lowest first; one whose opponents win it tries the cards that
    take it first: the lowest such card when it plays last, else the highest.
    """
    n = st[O.N_PLAYERS]
    seat = st[O.SEAT]
    k = st[O.TRICK_N]
    lead = st[O.LEAD_SUIT]
    trump = st[O.TRUMP]
    best = st[O.WINNING_CARD]
    legal = legal_cards(hands[seat], lead)
    live = np.uint64(0)
    for s in range(n):
        live |= hands[s]
    for i in range(k):
        live |= bit(st[O.TRICK_CARDS + i])
    mine = (side >> seat) & 1
    ahead = k > 0 and ((side >> st[O.WINNING_SEAT]) & 1) == mine
    last = k == n - 1
    count = 0
    m = legal
    seen_wizard = False
    seen_jester = False
    while m:
        c = lowest(m)
        m &= m - ONE
        top = False
        above = np.uint64(0)
        if c >= FIRST_JESTER:
            if seen_jester:
                continue
            seen_jester = True
        elif c >= FIRST_WIZARD:
            if seen_wizard:
                continue
            seen_wizard = True
            top = True
        else:
            suit_base = np.uint64(13 * (c // 13))
            above = live & (_SUIT << suit_base) & ~((bit(c) << ONE) - ONE)
            if above != 0 and (legal & bit(lowest(above))) != 0:
                continue      # the next card up is ours and legal: the same card
            top = above == 0
        if k == 0:
            key = trick_key(c, lead_after(lead, c), trump)
            score = 400 + key if top else 200 - key
        else:
            lead2 = lead_after(lead, c)
            key = trick_key(c, lead2, trump)
            takes = key > trick_key(best, lead2, trump)
            if ahead:
                score = 400 - key if not takes else 200 - key
            elif takes:
                score = 600 - key if last else 400 + key
            else:
                score = 200 - key
        if hint >= 0:
            if c >= FIRST_JESTER:
                code = 65
            elif c >= FIRST_WIZARD:
                code = 64
            else:
                code = (c // 13) * 16 + popcount(above)
            if code == hint:
                score = 1000
        out[count] = score * 64 + c
        count += 1
    best_first(out, count, 63)
    return count
