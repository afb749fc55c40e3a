"""French Tarot for the exact solver (``sim/search/solve_nb.py``): the hooks.

The side is a camp: the taker (with his partner, the called card's holder, in 5 players:
with every card in view he is known) or the defenders. Every defender is paid the same
and the taker's camp the opposite (``rules_nb.settle``), so the card play is a game of two
camps. The value is the camp's *card points* in half-points, as the engine counts them
(``play_nb._close_trick``: the Excuse kept by its camp but for a half-point exchange, or
taken in the last trick, or taking it in a slam): the standard double-dummy measure of
Tarot. The contract's threshold (the oudlers won) and the petit au bout bonus are not in
it: the threshold makes the deal's score a step in the points, and the bonus an all or
nothing prize, neither monotone in the points a search adds up trick by trick.

Positions are keyed at trick boundaries in relative-rank form *within equal points*: two
live cards of a suit (or two trumps) are interchangeable when no live card lies between
them and they are worth the same. So a suit's spot cards 1 … 10 (a half-point each) are
renumbered from the top of their range, its Jack, Knight, Queen and King keep their
places (each worth its own); the trumps 2 … 20 are renumbered likewise between the Petit
and the 21, which keep theirs; the Excuse is itself. A key holds each seat's cards in
that form, the leader, the side and its camp, the Excuse's option and, while it is live,
whether either camp has won every trick so far (the Excuse then takes the last trick for
its camp). Entries hold for their exact key: the "winning ranks" generalisation of the
trick games is not sound as it stands here (the overtrump rule makes a low trump's
legality depend on its rank, and a low card's points count), so the mask keeps every card.
"""
import numpy as np
from numba import njit

from ...bits_nb import bit, highest, lowest, popcount
from ...search.hooks_nb import best_first
from . import obs as O
from .cards import HALF_POINTS
from .play_nb import legal_set_nb
from .rules_nb import (EXCHANGE_FFT, EXCUSE, EXCUSE_HI, GUARD, KINGS_LO, SUIT_MASK, TRUMP_1,
                       TRUMP_21, TRUMPS_HI, TRUMPS_LO, card_key, lead_of)

MS = O.MAX_SEATS
KEY_WORDS = 2 * MS + 1   # each seat's cards in relative-rank form (two words), the rest
PHASE_SLOT = O.PHASE     # the solver starts in the card play
PLAY_PHASE = O.PHASE_PLAY
# or at a seat's handful decision before its first card (no card point depends on it)
PLAY_PHASES = (O.PHASE_PLAY, O.PHASE_HANDFUL)
# MTD(f) halfway between its bounds (sim/search/solve_nb.py): values run to 182 half-points
MTD_BISECT = True
ONE = np.uint64(1)
ZERO = np.uint64(0)
ALL = ~ZERO
# cards worth more than a half-point, by what they add to it: Kings and oudlers 8, ...
EXTRA8_LO = KINGS_LO | (ONE << np.uint64(TRUMP_1))
EXTRA8_HI = (ONE << np.uint64(TRUMP_21 - 64)) | EXCUSE_HI
QUEENS_LO = KINGS_LO >> ONE
KNIGHTS_LO = KINGS_LO >> np.uint64(2)
JACKS_LO = KINGS_LO >> np.uint64(3)
SPOTS = np.uint64((1 << 10) - 1)               # a suit's 1 … 10, at its shift
SUIT_BITS = np.uint64((1 << 14) - 1)           # a suit's 14 cards, at its shift
MIDDLE_LO = TRUMPS_LO & ~(ONE << np.uint64(TRUMP_1))   # trumps 2 … 8
MIDDLE_HI = TRUMPS_HI & ~(ONE << np.uint64(TRUMP_21 - 64))   # trumps 9 … 20


@njit(cache=True, inline="always")
def points2(lo, hi):
    """Half-points of a two-word set (``cards.HALF_POINTS`` by masks: every card one, Kings
    and oudlers 8 more, Queens 6, Knights 4, Jacks 2)."""
    return (popcount(lo) + popcount(hi) + 8 * (popcount(lo & EXTRA8_LO) + popcount(hi & EXTRA8_HI))
            + 6 * popcount(lo & QUEENS_LO) + 4 * popcount(lo & KNIGHTS_LO)
            + 2 * popcount(lo & JACKS_LO))


@njit(cache=True, inline="always")
def _out_of_play(st):
    """The cards no seat plays: the discard (Take, Guard) or the dog (the other guards)."""
    at = O.DISCARD if st[O.CONTRACT] <= GUARD else O.DOG
    return np.uint64(st[at]), np.uint64(st[at + 1])


# how ``tricksim solve`` speaks of a value and of the side (sim/search/analyse.py)
SOLVE_UNIT = "half-points"
SOLVE_WHO = "seat's camp"


@njit(cache=True)
def solve_side_nb(st, seat):
    """The side of ``seat``: its camp, the taker's (with the partner) or the defence."""
    camp = 1 << st[O.TAKER]
    if st[O.PARTNER] >= 0:
        camp |= 1 << st[O.PARTNER]
    return camp if (camp >> seat) & 1 else ((1 << st[O.N_PLAYERS]) - 1) ^ camp


@njit(cache=True, inline="always")
def solve_value_nb(st, side):
    """The half-points of the side's camp so far: the taker's camp's count when the side
    holds the taker, else the cards of the completed tricks less that count (the discard
    or the dog in the taker's count is the same in every position of a solve)."""
    if (side >> st[O.TAKER]) & 1:
        return st[O.TAKER_HP]
    return points2(np.uint64(st[O.PLAYED]), np.uint64(st[O.PLAYED_HI])) - st[O.TAKER_HP]


@njit(cache=True, inline="always")
def solve_left_nb(st):
    """Half-points not yet won: the cards in the hands and the trick in progress."""
    out_lo, out_hi = _out_of_play(st)
    return 182 - points2(np.uint64(st[O.PLAYED]) | out_lo, np.uint64(st[O.PLAYED_HI]) | out_hi)


@njit(cache=True, inline="always")
def solve_boundary_nb(st):
    return st[O.TRICK_N] == 0


@njit(cache=True, inline="always")
def _camp(st, seat):
    """1 for the taker's camp, 0 for the defence."""
    return 1 if seat == st[O.TAKER] or seat == st[O.PARTNER] else 0


@njit(cache=True, inline="always")
def _holder(st, hands, card):
    for s in range(st[O.N_PLAYERS]):
        if (hands[2 * s + (card >> 6)] >> np.uint64(card & 63)) & ONE:
            return s
    return -1


@njit(cache=True)
def solve_quick_nb(st, hands, side):
    """Bounds (low, high) of the side's half-points from a trick boundary on, and no cards
    (the table keeps every card). Two cards' points are sure: the Excuse's holder, with
    more than one trick left, keeps it by playing it now (9, less the half-point it may
    give in exchange); the highest trump left takes the trick it is played to, so its
    holder's camp wins it, unless the Excuse may take the last trick for the other camp
    (it is live there and that camp has won every trick so far). The leader's quick tricks
    (:func:`_cashed_nb`) bound it on their own (the max, not the sum: no card twice)."""
    left = solve_left_nb(st)
    low = 0
    high = left
    taker_side = (side >> st[O.TAKER]) & 1
    n = st[O.N_PLAYERS]
    no = st[O.TRICK_NO]
    live_lo = ZERO
    live_hi = ZERO
    for s in range(n):
        live_lo |= hands[2 * s]
        live_hi |= hands[2 * s + 1]
    excuse_camp = -1
    if live_hi & EXCUSE_HI:
        excuse_camp = _camp(st, _holder(st, hands, EXCUSE))
        if st[O.N_TRICKS] - no >= 2:
            keep = 8 if st[O.EXCHANGE] == EXCHANGE_FFT else 9
            if excuse_camp == taker_side:
                low += keep
            else:
                high -= keep
    trumps_hi = live_hi & TRUMPS_HI
    top = -1
    if trumps_hi:
        top = 64 + highest(trumps_hi)
    elif live_lo & TRUMPS_LO:
        top = highest(live_lo & TRUMPS_LO)
    if top >= 0:
        camp = _camp(st, _holder(st, hands, top))
        won = st[O.TAKER_TRICKS] if camp == 1 else no - st[O.TAKER_TRICKS]
        if excuse_camp < 0 or excuse_camp == camp or won > 0:
            if camp == taker_side:
                low += HALF_POINTS[top]
            else:
                high -= HALF_POINTS[top]
    # the leader's quick tricks: its camp wins those cards and one from each other seat
    cashed = _cashed_nb(st, hands)
    if _camp(st, st[O.SEAT]) == taker_side:
        low = max(low, cashed)
    else:
        high = min(high, left - cashed)
    return low, high, ZERO


@njit(cache=True)
def _cashed_nb(st, hands):
    """The half-points the leader's camp surely wins by the leader's quick tricks, led one
    after the other keeping the lead: its trumps above every other trump, and in each suit
    its cards above every other seat's, as many as each other seat that holds a trump can
    follow (it cannot ruff them). Each such trick brings the card and one card a seat (a
    half-point at least; none for an Excuse of the other camp's). 0 at the last trick when
    the other camp's Excuse may take it (that camp has won every trick so far)."""
    n = st[O.N_PLAYERS]
    leader = st[O.SEAT]
    no = st[O.TRICK_NO]
    mine_lo = hands[2 * leader]
    mine_hi = hands[2 * leader + 1]
    others_lo = ZERO
    others_hi = ZERO
    for s in range(n):
        if s != leader:
            others_lo |= hands[2 * s]
            others_hi |= hands[2 * s + 1]
    tricks_left = st[O.N_TRICKS] - no
    excuse_out = (others_hi & EXCUSE_HI) != ZERO
    if excuse_out:
        camp = _camp(st, _holder(st, hands, EXCUSE))
        won = st[O.TAKER_TRICKS] if camp == 1 else no - st[O.TAKER_TRICKS]
        if camp != _camp(st, leader) and won == no and tricks_left == 1:
            return 0     # the last trick: that Excuse takes it (before it, a cashed trick
            # makes that camp lose one)
    tricks = 0
    pts = 0
    for c in range(TRUMP_21, TRUMP_1 - 1, -1):     # the top trumps, while the leader's
        word_m = mine_lo if c < 64 else mine_hi
        word_o = others_lo if c < 64 else others_hi
        if (word_m >> np.uint64(c & 63)) & ONE:
            tricks += 1
            pts += HALF_POINTS[c]
        elif (word_o >> np.uint64(c & 63)) & ONE:
            break
    for suit in range(4):
        shift = np.uint64(14 * suit)
        held = (mine_lo >> shift) & SUIT_BITS
        theirs = (others_lo >> shift) & SUIT_BITS
        above = held & ~(bit(highest(theirs) + 1) - ONE) if theirs != ZERO else held
        count = popcount(above)
        for s in range(n):
            if s != leader and ((hands[2 * s] & TRUMPS_LO) | (hands[2 * s + 1] & TRUMPS_HI)):
                count = min(count, popcount(hands[2 * s] & SUIT_MASK[suit]))
        tricks += count
        for _ in range(count):       # the highest of them
            top = highest(above)
            pts += HALF_POINTS[14 * suit + top]
            above &= ~bit(top)
    if tricks == 0 or tricks > tricks_left:
        return 0
    return pts + tricks * (n - 1) - (1 if excuse_out else 0)


@njit(cache=True, inline="always")
def _rank_word(live, held, mask, top):
    """``held``'s cards of ``mask`` (within a word) renumbered among ``live``'s so that the
    highest live one stands at bit ``top``."""
    run = live & mask
    out = ZERO
    m = held & mask
    while m:
        c = lowest(m)
        m &= m - ONE
        above = popcount(run & ~((bit(c) << ONE) - ONE))
        out |= bit(top - above)
    return out


@njit(cache=True)
def solve_key_nb(st, hands, cfg, side, key):
    """The key of a position between tricks (``KEY_WORDS`` words)."""
    n = st[O.N_PLAYERS]
    live_lo = ZERO
    live_hi = ZERO
    for s in range(n):
        live_lo |= hands[2 * s]
        live_hi |= hands[2 * s + 1]
    for s in range(MS):
        key[2 * s] = ZERO
        key[2 * s + 1] = ZERO
    for s in range(n):
        lo = hands[2 * s]
        hi = hands[2 * s + 1]
        # faces, the Petit, the 21 and the Excuse in place; the others renumbered
        k_lo = lo & ~(MIDDLE_LO | SPOTS | (SPOTS << np.uint64(14)) | (SPOTS << np.uint64(28))
                      | (SPOTS << np.uint64(42)))
        k_hi = hi & ~MIDDLE_HI
        for suit in range(4):
            shift = np.uint64(14 * suit)
            k_lo |= _rank_word(live_lo >> shift, lo >> shift, SPOTS, 9) << shift
        # the trumps 2 … 20 as one run over the two words: 19 places, 57 … 75
        run = popcount(live_lo & MIDDLE_LO) + popcount(live_hi & MIDDLE_HI)
        for w in range(2):
            m = (lo & MIDDLE_LO) if w == 0 else (hi & MIDDLE_HI)
            while m:
                c = 64 * w + lowest(m)
                m &= m - ONE
                below = (popcount(live_lo & MIDDLE_LO & (bit(c) - ONE)) if c < 64 else
                         popcount(live_lo & MIDDLE_LO)
                         + popcount(live_hi & MIDDLE_HI & (bit(c - 64) - ONE)))
                place = 75 - run + 1 + below
                if place < 64:
                    k_lo |= bit(place)
                else:
                    k_hi |= bit(place - 64)
        key[2 * s] = k_lo
        key[2 * s + 1] = k_hi
    rest = np.uint64(st[O.SEAT]) | (np.uint64(side) << np.uint64(4))
    rest |= np.uint64((1 << st[O.TAKER]) | ((1 << st[O.PARTNER]) if st[O.PARTNER] >= 0 else 0)) \
        << np.uint64(12)
    rest |= np.uint64(n) << np.uint64(20)
    if live_hi & EXCUSE_HI:
        rest |= np.uint64(1 + st[O.EXCHANGE]) << np.uint64(24)
        if st[O.TAKER_TRICKS] == st[O.TRICK_NO]:
            rest |= np.uint64(1) << np.uint64(28)
        if st[O.TAKER_TRICKS] == 0:
            rest |= np.uint64(1) << np.uint64(29)
    key[2 * MS] = rest


@njit(cache=True)
def solve_shape_nb(key):
    """The word that picks a key's larger bucket: the hash of its exact bucket
    (``solve_nb.tt_exact_nb``), so that the exact bucket lies in the larger one and a
    position is stored once (an entry holds for its exact key only)."""
    h = np.uint64(0)
    for i in range(KEY_WORDS):
        h = (h ^ key[i]) * np.uint64(0x100000001B3)
        h ^= h >> np.uint64(31)
    return h


@njit(cache=True)
def solve_matches_nb(entry, key):
    for i in range(KEY_WORDS):
        if entry[i] != key[i]:
            return False
    return True


# an entry's mask keeps every card (no winning ranks: the module's docstring)
solve_mask_nb = njit(cache=True, inline="always")(lambda st, hands, cards: ALL)
solve_relevant_nb = njit(cache=True, inline="always")(lambda mask, st, hands: ZERO)
solve_trick_cards_nb = njit(cache=True, inline="always")(lambda st, card: ZERO)
solve_merged_nb = njit(cache=True, inline="always")(lambda st, hands, cfg, cards: ZERO)


@njit(cache=True, inline="always")
def _live(st, hands, w):
    """Word ``w`` of the cards still in play: the hands and the trick in progress."""
    live = ZERO
    for s in range(st[O.N_PLAYERS]):
        live |= hands[2 * s + w]
    for i in range(st[O.TRICK_N]):
        c = st[O.TRICK_CARDS + i]
        if (c >> 6) == w:
            live |= bit(c & 63)
    return live


@njit(cache=True, inline="always")
def _next_up(live_lo, live_hi, card):
    """The next live card above ``card`` in its suit (the trumps one run over both words),
    or -1."""
    if card < TRUMP_1:
        suit = card // 14
        above = live_lo & SUIT_MASK[suit] & ~((bit(card) << ONE) - ONE)
        return lowest(above) if above else -1
    if card < 64:
        above = live_lo & TRUMPS_LO & ~((bit(card) << ONE) - ONE)
        if above:
            return lowest(above)
        return 64 + lowest(live_hi & TRUMPS_HI) if live_hi & TRUMPS_HI else -1
    above = live_hi & TRUMPS_HI & ~((bit(card - 64) << ONE) - ONE)
    return 64 + lowest(above) if above else -1


@njit(cache=True, inline="always")
def _code(lo, hi, action):
    """``action``'s place among the live cards ``lo``, ``hi``: its suit or the trumps and
    how many live cards of them stand above it; 127 for the Excuse."""
    if action == EXCUSE:
        return 127
    if action < TRUMP_1:
        return (action // 14) * 24 + popcount(lo & SUIT_MASK[action // 14]
                                              & ~((bit(action) << ONE) - ONE))
    if action < 64:
        above = popcount(lo & TRUMPS_LO & ~((bit(action) << ONE) - ONE)) + popcount(hi & TRUMPS_HI)
    else:
        above = popcount(hi & TRUMPS_HI & ~((bit(action - 64) << ONE) - ONE))
    return 100 + above


@njit(cache=True, inline="always")
def solve_move_code_nb(st, hands, action):
    """A card as its table entry's positions share it (an entry's key is exact): its place
    among the live cards (:func:`_code`); 0 for a handful decision."""
    if st[O.PHASE] != O.PHASE_PLAY:
        return 0
    return _code(_live(st, hands, 0), _live(st, hands, 1), action)


@njit(cache=True)
def solve_moves_nb(st, hands, cfg, side, hint, out):
    """The legal cards of the seat to act (the rules' ``legal_set_nb``), one of each run of
    equivalent cards (the highest: the next live card up is its holder's, legal and worth
    the same), best first; their number. At a handful decision, one move: none shown (no
    card point depends on it). The card of code ``hint`` comes first.

    The order (a guess; it decides how early a search cuts): a lead tries the cards that
    are the highest left of their suit or the top trump first, the most points first, then
    the others, the cheapest and lowest first. A later seat whose camp wins the trick so
    far tries the cards that do not take it first, the most points first (it feeds its
    camp's trick); one whose opponents win it tries the cards that take it first: the
    lowest such card when it plays last, else the highest; then the cheapest others, the
    Excuse first among them (it keeps its points).
    """
    if st[O.PHASE] != O.PHASE_PLAY:
        out[0] = 0
        return 1
    n = st[O.N_PLAYERS]
    seat = st[O.SEAT]
    k = st[O.TRICK_N]
    lead = st[O.LEAD]
    best = st[O.WINNING_CARD]
    legal_lo, legal_hi = legal_set_nb(st, hands)
    live_lo = _live(st, hands, 0)
    live_hi = _live(st, hands, 1)
    mine = (side >> seat) & 1
    ahead = k > 0 and ((side >> st[O.WINNING_SEAT]) & 1) == mine
    last = k == n - 1
    count = 0
    for w in range(2):
        m = legal_lo if w == 0 else legal_hi
        while m:
            c = 64 * w + lowest(m)
            m &= m - ONE
            pts = HALF_POINTS[c]
            if c != EXCUSE:
                up = _next_up(live_lo, live_hi, c)
                if up >= 0 and HALF_POINTS[up] == pts:
                    word = legal_lo if up < 64 else legal_hi
                    if (word >> np.uint64(up & 63)) & ONE:
                        continue      # the next live card up is ours, legal, worth the same
            lead2 = lead if lead >= 0 else lead_of(c)
            key = card_key(c, lead2)
            if c == EXCUSE:
                score = 300 if (k > 0 and not ahead) else 150
            elif k == 0:
                top = _next_up(live_lo, live_hi, c) < 0
                score = 500 + 4 * pts if top else 200 - 4 * pts - key
            else:
                takes = key > card_key(best, lead2)
                if ahead:
                    score = 400 + 4 * pts if not takes else 250 - key
                elif takes:
                    score = 600 - key if last else 450 + key
                else:
                    score = 200 - 4 * pts - key
            if hint >= 0 and _code(live_lo, live_hi, c) == hint:
                score = 1000
            out[count] = (score + 512) * 128 + c
            count += 1
    best_first(out, count, 127)
    return count
