"""Jass (Schieber, Differenzler) for the exact solver (``sim/search/solve_nb.py``): the hooks.

The value of a side (a set of seats) is the card points its seats win, the
last trick's 5 included, and in Schieber the match bonus (100) when its seats
take all nine tricks: the deal's own card score, the part of it the play
decides. Weis is declared before the first card and Stöck counts for the
holder of the trump Ober and King once both are played (at the latest when
the deal ends), so neither depends on the card play: neither is in the value.
A claim ("Thanks, enough") is a decision about the game, not the card play:
the solver always plays on (``apply_action_nb``).

Positions are keyed between tricks in relative-rank form, as the Wizard
family's are: in each suit the cards still held are renumbered from the top
in the mode's order (trump: Under, 9, Ace, ...; Unenufe: 6 high). As cards
carry points, two positions share a key only when their cards still held
are also worth the same rank by rank: the key keeps the point cards still
held (a point card is one of its kind in its suit, so this names each one)
and where they stand among the cards held. An entry keeps, in each suit, the
ranks from the lowest card whose rank won a trick in its search up, and
always every point card and every trump (the under-trumping ban compares
trumps that need not win anything): below them only each hand's number of
point-free cards counts. Two cards of a hand are played as one only when
no card still in play lies between them and they are worth the same.
"""
import numpy as np
from numba import njit

from ...bits_nb import bit, lowest, popcount
from ...search.hooks_nb import best_first, matches_by_suits
from . import obs as O
from .cards import N_CARDS, SUIT_MASKS
from .rules_nb import (MATCH_BONUS, N_MODES, ORDER, POINTS, TRUMPS, legal_cards, trick_key)
from .state_nb import N_TRICKS, NS, X_BAN, apply_claim_nb
from .step_nb import apply_action_nb as step_apply_nb

KEY_WORDS = NS + 2     # each seat's hand in relative ranks; point cards and the exact rest
PHASE_SLOT = O.PHASE   # the solver starts in the card play
PLAY_PHASE = O.PHASE_PLAY
SOLVE_UNIT = "card points"
SOLVE_WHO = "seat's team"
MTD_DOUBLING = True    # values span 0..257: MTD(f) doubles its steps (solve_nb.solve_mtd_nb)
ONE = np.uint64(1)
CARD_POINTS = 157      # every deal's card points, the last trick's 5 included


def _tables():
    """RANKED[mode * 36 + suit * 9 + o]: the card of order ``o`` (0 lowest) of a suit;
    HIGHER[mode * 36 + card]: the cards of its suit above it; POINTED[mode]: the cards
    worth points."""
    ranked = np.zeros(N_MODES * N_CARDS, dtype=np.int64)
    higher = np.zeros(N_MODES * N_CARDS, dtype=np.uint64)
    pointed = np.zeros(N_MODES, dtype=np.uint64)
    for mode in range(N_MODES):
        for card in range(N_CARDS):
            suit = card // 9
            o = ORDER[mode * N_CARDS + card]
            ranked[mode * N_CARDS + suit * 9 + o] = card
            higher[mode * N_CARDS + card] = sum(
                1 << c for c in range(9 * suit, 9 * suit + 9)
                if ORDER[mode * N_CARDS + c] > o)
            if POINTS[mode * N_CARDS + card]:
                pointed[mode] |= np.uint64(1 << card)
    # IN_ORDER[(mode * 4 + suit) * 512 + w]: a suit's cards (9 bits, by rank) by order
    in_order = np.zeros(N_MODES * 4 * 512, dtype=np.int64)
    for mode in range(N_MODES):
        for suit in range(4):
            for w in range(512):
                in_order[(mode * 4 + suit) * 512 + w] = sum(
                    1 << int(ORDER[mode * N_CARDS + 9 * suit + r]) for r in range(9) if w >> r & 1)
    return ranked, higher, pointed, in_order


RANKED, HIGHER, POINTED, IN_ORDER = _tables()


@njit(cache=True, inline="always")
def solve_value_nb(st, side):
    """Card points won so far by the seats of ``side``, and the match bonus once they
    have taken all nine tricks (Schieber)."""
    v = 0
    tricks = 0
    for s in range(NS):
        if (side >> s) & 1:
            v += st[O.POINTS + s]
            tricks += st[O.TRICKS + s]
    if st[O.VARIANT] == O.VARIANT_SCHIEBER and tricks == N_TRICKS:
        v += MATCH_BONUS
    return v


@njit(cache=True, inline="always")
def _won_nb(st):
    """Card points already won by any seat."""
    return st[O.POINTS] + st[O.POINTS + 1] + st[O.POINTS + 2] + st[O.POINTS + 3]


@njit(cache=True, inline="always")
def solve_left_nb(st):
    """The most a side can still add: the card points not yet won, and the match bonus
    while tricks are left (Schieber)."""
    left = CARD_POINTS - _won_nb(st)
    if st[O.VARIANT] == O.VARIANT_SCHIEBER and st[O.TRICK_NO] < N_TRICKS:
        left += MATCH_BONUS
    return left


@njit(cache=True, inline="always")
def solve_boundary_nb(st):
    return st[O.TRICK_N] == 0


@njit(cache=True, inline="always")
def _match_open_nb(st, side):
    """Whether the side has taken every trick so far (Schieber: the match bonus is open)."""
    if st[O.VARIANT] != O.VARIANT_SCHIEBER:
        return False
    tricks = 0
    for s in range(NS):
        if (side >> s) & 1:
            tricks += st[O.TRICKS + s]
    return tricks == st[O.TRICK_NO]


@njit(cache=True)
def solve_quick_nb(st, hands, side):
    """Bounds (low, high) of the side's value from a trick boundary on, and the cards
    they rest on. With one card a hand, the last trick's value (its play is forced);
    else the points not yet won (with the match bonus while the side has taken every
    trick), less or more the points of the leader's sure tricks (below)."""
    high = CARD_POINTS - _won_nb(st)
    match = _match_open_nb(st, side)
    if st[O.TRICK_NO] == N_TRICKS - 1:
        mode = st[O.MODE]
        seat = st[O.SEAT]
        lead = lowest(hands[seat]) // 9
        best = -1
        winner = -1
        all_cards = np.uint64(0)
        for i in range(NS):
            s = (seat + i) & 3
            c = lowest(hands[s])
            all_cards |= bit(c)
            if best < 0 or trick_key(c, lead, mode) > trick_key(best, lead, mode):
                best = c
                winner = s
        v = 0
        if (side >> winner) & 1:
            v = high + (MATCH_BONUS if match else 0)
        cards = np.uint64(0)
        if all_cards & ~bit(best) & SUIT_MASKS[best // 9]:
            cards = bit(best)
        return v, v, cards
    # the leader's sure tricks: its trumps above every other trump left, and when no
    # other seat holds a trump (one may always be played), its cards above every other
    # of their suit; each is a trick the leader takes, worth at least that card
    mode = st[O.MODE]
    leader = st[O.SEAT]
    mine = hands[leader]
    others = np.uint64(0)
    for s in range(NS):
        if s != leader:
            others |= hands[s]
    no_ruff = (others & TRUMPS[mode]) == 0
    sure = 0
    points = 0
    cards = np.uint64(0)
    for suit in range(4):
        if suit != mode and not no_ruff:
            continue
        for o in range(8, -1, -1):
            c = RANKED[mode * N_CARDS + suit * 9 + o]
            if others & bit(c):
                break
            if mine & bit(c):
                sure += 1
                points += POINTS[mode * N_CARDS + c]
                cards |= bit(c)
    low = 0
    if sure == N_TRICKS - st[O.TRICK_NO]:     # every trick left: all that is left
        if (side >> leader) & 1:
            low = high + (MATCH_BONUS if match else 0)
            return low, low, cards
        return 0, 0, cards
    if (side >> leader) & 1:
        low = points
        if match:
            high += MATCH_BONUS
    elif sure > 0:
        high -= points        # the side's match is lost too
    elif match:
        high += MATCH_BONUS
    return low, high, cards


@njit(cache=True, inline="always")
def _live_nb(st, hands):
    """The cards still in play: the hands and the trick in progress."""
    live = hands[0] | hands[1] | hands[2] | hands[3]
    for i in range(st[O.TRICK_N]):
        live |= bit(st[O.TRICK_CARDS + i])
    return live


@njit(cache=True)
def solve_key_nb(st, hands, cfg, side, key):
    """The key of a position between tricks (``KEY_WORDS`` words): each seat's cards in
    relative ranks (a suit's highest card held at its top bit); then the point cards
    still held with the mode, the ban, the leader and whether the side's match is open;
    then where the point cards stand among the relative ranks, with the side and the
    variant."""
    mode = st[O.MODE]
    live = hands[0] | hands[1] | hands[2] | hands[3]
    for s in range(NS):
        key[s] = np.uint64(0)
    where = np.uint64(0)
    for suit in range(4):
        held = live & SUIT_MASKS[suit]
        at = 9 * suit + 9 - popcount(held)
        for o in range(9):
            card = RANKED[mode * N_CARDS + suit * 9 + o]
            if held & bit(card):
                for s in range(NS):
                    if hands[s] & bit(card):
                        key[s] |= bit(at)
                if POINTED[mode] & bit(card):
                    where |= bit(at)
                at += 1
    match = 1 if _match_open_nb(st, side) else 0
    key[NS] = (live & POINTED[mode]) | np.uint64(
        (mode << 40) | (st[X_BAN] << 44) | (match << 45) | (st[O.SEAT] << 48))
    key[NS + 1] = where | np.uint64((side << 40) | (st[O.VARIANT] << 48))


@njit(cache=True)
def solve_shape_nb(key):
    """What every position of a table entry shares: each seat's suit lengths and the
    key's exact words, mixed into a word."""
    h = np.uint64(0)
    for s in range(NS):
        for suit in range(4):
            h = h * np.uint64(31) + np.uint64(popcount(key[s] & SUIT_MASKS[suit]))
    for i in range(NS, KEY_WORDS):
        h = h * np.uint64(0x100000001B3) + key[i]
    return h


@njit(cache=True)
def solve_matches_nb(entry, key):
    """Whether a position of key ``key`` agrees with a table entry (its key, then its
    mask): the same holder for every card the mask keeps, the same suit lengths in
    every hand, the same point cards where they stand, mode, leader, side and match."""
    return matches_by_suits(entry, key, NS, KEY_WORDS, SUIT_MASKS)


@njit(cache=True)
def solve_mask_nb(st, hands, cards):
    """The mask of a table entry (relative ranks, as in the key) that keeps, in each
    suit, every card from the lowest of ``cards``, of the point cards and of the trumps
    up: below it only point-free cards, whose holders may differ."""
    mode = st[O.MODE]
    live = _live_nb(st, hands)
    keep = (cards | POINTED[mode] | TRUMPS[mode]) & live
    mask = np.uint64(0)
    for suit in range(4):
        k = keep & SUIT_MASKS[suit]
        if k == 0:
            continue
        low = 9
        m = k
        while m:
            c = lowest(m)
            m &= m - ONE
            low = min(low, ORDER[mode * N_CARDS + c])
        card = RANKED[mode * N_CARDS + suit * 9 + low]
        n = popcount(live & (HIGHER[mode * N_CARDS + card] | bit(card)))
        mask |= ((bit(n) - ONE) << np.uint64(9 - n)) << np.uint64(9 * suit)
    return mask


@njit(cache=True)
def solve_relevant_nb(mask, st, hands):
    """The cards of this position that a table entry's mask keeps (the top ones of each
    suit in the mode's order)."""
    mode = st[O.MODE]
    live = _live_nb(st, hands)
    cards = np.uint64(0)
    for suit in range(4):
        n = popcount(mask & SUIT_MASKS[suit])
        o = 8
        while n > 0 and o >= 0:
            c = RANKED[mode * N_CARDS + suit * 9 + o]
            if live & bit(c):
                cards |= bit(c)
                n -= 1
            o -= 1
    return cards


@njit(cache=True, inline="always")
def solve_trick_cards_nb(st, card):
    """The card whose rank won the trick when ``card`` completes it: its winner, when
    another card of the winner's suit is in the trick; else none."""
    k = st[O.TRICK_N]
    if k != NS - 1:
        return np.uint64(0)
    lead = st[O.LEAD_SUIT]
    mode = st[O.MODE]
    best = st[O.WINNING_CARD]
    win = card if trick_key(card, lead, mode) > trick_key(best, lead, mode) else best
    rest = bit(card)
    for i in range(k):
        rest |= bit(st[O.TRICK_CARDS + i])
    if rest & ~bit(win) & SUIT_MASKS[win // 9]:
        return bit(win)
    return np.uint64(0)


@njit(cache=True, inline="always")
def _next_up_nb(live, card, mode):
    """The card still in play right above ``card`` in its suit, -1 if none."""
    suit = card // 9
    word = (live >> np.uint64(9 * suit)) & np.uint64(511)
    above = IN_ORDER[(mode * 4 + suit) * 512 + word] >> (ORDER[mode * N_CARDS + card] + 1)
    if above == 0:
        return -1
    o = ORDER[mode * N_CARDS + card] + 1 + lowest(above)
    return RANKED[mode * N_CARDS + suit * 9 + o]


@njit(cache=True, inline="always")
def _merges_nb(live, legal, card, mode):
    """Whether ``card`` is played as the next card up: that card is legal for the same
    hand (no card in play between them) and worth the same."""
    up = _next_up_nb(live, card, mode)
    return up >= 0 and (legal & bit(up)) != 0 and \
        POINTS[mode * N_CARDS + up] == POINTS[mode * N_CARDS + card]


@njit(cache=True, inline="always")
def _legal_nb(st, hands):
    return legal_cards(hands[st[O.SEAT]], st[O.LEAD_SUIT], st[O.MODE], st[O.WINNING_CARD],
                       st[X_BAN])


@njit(cache=True)
def solve_merged_nb(st, hands, cfg, cards):
    """The legal cards ``solve_moves_nb`` merged into the next card up, in the runs whose
    top card is in ``cards`` (the ranks that decided a node that tried every move): its
    table entry holds only for positions that merge the same (see the Wizard family's
    ``solve_merged_nb``)."""
    mode = st[O.MODE]
    legal = _legal_nb(st, hands)
    live = _live_nb(st, hands)
    merged = np.uint64(0)
    for suit in range(4):
        keep = False
        for o in range(8, -1, -1):    # high to low: a run's top card first
            c = RANKED[mode * N_CARDS + suit * 9 + o]
            if (legal & bit(c)) == 0:
                continue
            if _merges_nb(live, legal, c, mode):
                if keep:
                    merged |= bit(c)
            else:
                keep = (cards & bit(c)) != 0
    return merged


@njit(cache=True, inline="always")
def solve_move_code_nb(st, hands, card):
    """A card as its table entry's positions share it: its suit and how many cards still
    in play stand above it there."""
    live = _live_nb(st, hands)
    return (card // 9) * 16 + popcount(live & HIGHER[st[O.MODE] * N_CARDS + card])


@njit(cache=True)
def solve_moves_nb(st, hands, cfg, side, hint, out):
    """The legal cards of the seat to act, one of each run of equivalent cards (the
    highest), best first; their number. The card of code ``hint`` comes first.

    The order (a guess; it decides how early a search cuts): a lead tries the cards
    that are the highest left in their suit first, high to low, then the others cheap
    first. A later seat whose side wins the trick so far gives it points first
    (a card that does not take it, the most points first); one whose opponents win it
    takes it first: the last seat with the card worth most, the lowest among equals,
    an earlier one with its lowest (fewer nodes than the highest, Wizard's choice: 24
    six-card positions of both variants, 1.89M -> 1.84M and 2.53M -> 2.31M on two
    seeds); cards that do not take it go cheap first.
    """
    seat = st[O.SEAT]
    k = st[O.TRICK_N]
    lead = st[O.LEAD_SUIT]
    mode = st[O.MODE]
    best = st[O.WINNING_CARD]
    legal = _legal_nb(st, hands)
    live = _live_nb(st, hands)
    mine = (side >> seat) & 1
    ahead = k > 0 and ((side >> st[O.WINNING_SEAT]) & 1) == mine
    last = k == NS - 1
    count = 0
    m = legal
    while m:
        c = lowest(m)
        m &= m - ONE
        if _merges_nb(live, legal, c, mode):
            continue
        pts = POINTS[mode * N_CARDS + c]
        above = popcount(live & HIGHER[mode * N_CARDS + c])
        if k == 0:
            key = trick_key(c, c // 9, mode)
            score = 3000 + key if above == 0 else 2000 - 64 * pts - key
        else:
            key = trick_key(c, lead, mode)
            takes = key > trick_key(best, lead, mode)
            if ahead:
                score = 3000 + 64 * pts - key if not takes else 2000 - 64 * pts - key
            elif takes:
                score = 4000 + 64 * pts - key if last else 3000 - key
            else:
                score = 2000 - 64 * pts - key
        if hint >= 0 and (c // 9) * 16 + above == hint:
            score = 10000
        out[count] = score * 64 + c
        count += 1
    best_first(out, count, 63)
    return count


@njit(cache=True, inline="always")
def apply_action_nb(st, hands, cfg, action):
    """The step's action; a claim it then offers is declined (the solver values the
    card play to the deal's end)."""
    step_apply_nb(st, hands, cfg, action)
    if st[O.PHASE] == O.PHASE_CLAIM:
        apply_claim_nb(st, st[O.SEAT], 0)


@njit(cache=True)
def solve_side_nb(st, seat):
    """The side a seat plays for (``sim/search/analyse.py``): its team in Schieber, the
    seat alone in Differenzler (whose penalty |prediction - points| is not monotone in
    points: the solver gives the points; which are best depends on the prediction)."""
    if st[O.VARIANT] == O.VARIANT_SCHIEBER:
        return 0b101 << (seat % 2)
    return 1 << seat
