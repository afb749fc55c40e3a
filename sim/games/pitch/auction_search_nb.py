"""Auction Pitch (Setback) for the exact solver (``sim/search/solve_nb.py``): the hooks.

**Sides and value.** The contract is the pitcher's, so the solver plays the pitcher
against the three others (``solve_side_nb``: a seat's side is the pitcher alone or
the other three). The value of a side (a set of seats) is the deal's points its
seats win: High, Low, Jack and Game, 0 to 4. High goes to the seat dealt the
highest trump and Low (``low_to=dealt``) to the seat dealt the lowest, so both are
fixed once the pitch names the trump; Low under ``low_to=taken``, Jack and Game go
by who takes which cards. The points are the deal's whole score for every seat
but a set pitcher, whose score (his points when they reach his bid, else minus the
bid) rises with his points: the best play for his points is the best for his
score, and the value the solver gives him decides made or set. Points are counted
as soon as the play decides them, Game once a seat's count is beyond every
other's reach (or every count card is taken); a side's value only grows.

**Keys.** Positions are keyed between tricks in relative-rank form, as the Wizard
family's are: in each suit the cards still held renumbered from the top. Cards
carry worth of their own: every 10, Ace, King, Queen and Jack counts for Game (and
the Jack of trumps is Jack), and the Low card, under ``low_to=taken`` while nobody
has taken it, is a point; before the pitch (the first card names the trump) each
suit's highest and lowest card may still become High and Low. These cards
(``_pointed_nb``) are in the key as they are, never merged with a neighbour, and
their holders always kept by a table entry; so are each seat's count taken so far
while Game is open (Game compares counts), the leader, the trump, the side and
the ``low_to`` rule.
"""
import numpy as np
from numba import njit

from ...bits_nb import bit, highest, lowest, popcount
from ...search.hooks_nb import best_first, matches_by_suits
from . import obs as O
from .auction_rules_nb import LOW_TO_TAKEN, N, count_nb, legal_cards_nb, trick_key_nb
from .cards import GAME_VALUE, N_SUIT_CARDS, RANK_JACK, SUIT_MASKS

KEY_WORDS = N + 2      # each seat's cards in relative ranks, then two exact words
PHASE_SLOT = O.PHASE   # the solver starts in the card play
PLAY_PHASE = O.PHASE_PLAY
SOLVE_UNIT = "points"
SOLVE_WHO = "seat's side"
ONE = np.uint64(1)
ZERO = np.uint64(0)
_SUIT = np.uint64(0x1FFF)
# the cards that count for Game (10 A K Q J of every suit)
COUNTED = np.uint64(sum(1 << c for c in range(N_SUIT_CARDS) if GAME_VALUE[c] > 0))


@njit(cache=True, inline="always")
def _dealt_nb(st):
    return (np.uint64(st[O.DEALT]) | np.uint64(st[O.DEALT + 1]) | np.uint64(st[O.DEALT + 2])
            | np.uint64(st[O.DEALT + 3]))


@njit(cache=True, inline="always")
def _taken_nb(st):
    return (np.uint64(st[O.TAKEN]) | np.uint64(st[O.TAKEN + 1]) | np.uint64(st[O.TAKEN + 2])
            | np.uint64(st[O.TAKEN + 3]))


@njit(cache=True)
def _game_nb(st):
    """(the seat that wins Game or -1, whether it is decided): decided once one seat's
    count is beyond every other's with all the count still in play, or none is left."""
    left = count_nb(_dealt_nb(st))
    top, second, seat = -1, -1, -1
    for s in range(N):
        c = count_nb(np.uint64(st[O.TAKEN + s]))
        left -= c
        if c > top:
            top, second, seat = c, top, s
        elif c > second:
            second = c
    if top > second + left:
        return seat, True
    return -1, left == 0


@njit(cache=True, inline="always")
def _low_card_nb(st):
    """The Low card while it is still a point to take (``low_to=taken``, trump named,
    nobody has taken it), else -1."""
    trump = st[O.TRUMP]
    if trump < 0 or st[O.LOW_TO_RULE] != LOW_TO_TAKEN:
        return -1
    low = lowest(_dealt_nb(st) & SUIT_MASKS[trump])
    return -1 if _taken_nb(st) & bit(low) else low


@njit(cache=True)
def solve_value_nb(st, side):
    """The points of High, Low, Jack and Game the seats of ``side`` have won so far."""
    trump = st[O.TRUMP]
    if trump < 0:
        return 0
    trumps = _dealt_nb(st) & SUIT_MASKS[trump]
    high = bit(highest(trumps))
    low = bit(lowest(trumps))
    jack = bit(13 * trump + RANK_JACK)
    taken_rule = st[O.LOW_TO_RULE] == LOW_TO_TAKEN
    v = 0
    for s in range(N):
        if (side >> s) & 1:
            dealt = np.uint64(st[O.DEALT + s])
            taken = np.uint64(st[O.TAKEN + s])
            if dealt & high:
                v += 1
            if (taken if taken_rule else dealt) & low:
                v += 1
            if taken & jack:
                v += 1
    seat, decided = _game_nb(st)
    if decided and seat >= 0 and (side >> seat) & 1:
        v += 1
    return v


@njit(cache=True)
def solve_left_nb(st):
    """The points not yet decided: all four before the pitch; then Low (``low_to=taken``)
    and Jack while their card is not taken, and Game while it is open."""
    trump = st[O.TRUMP]
    if trump < 0:
        return 4
    left = 1 if _low_card_nb(st) >= 0 else 0
    jack = bit(13 * trump + RANK_JACK)
    if (_dealt_nb(st) & jack) != 0 and (_taken_nb(st) & jack) == 0:
        left += 1
    if not _game_nb(st)[1]:
        left += 1
    return left


@njit(cache=True, inline="always")
def solve_boundary_nb(st):
    return st[O.TRICK_N] == 0


@njit(cache=True)
def solve_quick_nb(st, hands, side):
    """No quick points: every point left rests on who takes which card (bounds 0 and
    what is left)."""
    return 0, solve_left_nb(st), ZERO


@njit(cache=True, inline="always")
def _live_nb(st, hands):
    """The cards still in play: the hands and the trick in progress."""
    live = hands[0] | hands[1] | hands[2] | hands[3]
    for i in range(st[O.TRICK_N]):
        live |= bit(st[O.TRICK_CARDS + i])
    return live


@njit(cache=True)
def _pointed_nb(st, live):
    """The cards of ``live`` with a worth of their own (see the module's docstring)."""
    pointed = COUNTED
    if st[O.TRUMP] < 0:
        for suit in range(4):
            held = live & SUIT_MASKS[suit]
            if held != 0:
                pointed |= bit(highest(held)) | bit(lowest(held))
    else:
        low = _low_card_nb(st)
        if low >= 0:
            pointed |= bit(low)
    return pointed & live


@njit(cache=True)
def solve_key_nb(st, hands, cfg, side, key):
    """The key of a position between tricks (``KEY_WORDS`` words): each seat's cards in
    relative ranks (a suit's highest card held at its top bit); the pointed cards held
    with the leader, the trump, whether Game is decided and the ``low_to`` rule; each
    seat's count taken while Game is open, with the side."""
    live = hands[0] | hands[1] | hands[2] | hands[3]
    for s in range(N):
        key[s] = ZERO
    for suit in range(4):
        held = (live >> np.uint64(13 * suit)) & _SUIT
        at = 13 * suit + 13 - popcount(held)
        while held:
            card = 13 * suit + lowest(held)
            held &= held - ONE
            for s in range(N):
                if hands[s] & bit(card):
                    key[s] |= bit(at)
                    break
            at += 1
    seat, decided = _game_nb(st)
    counts = ZERO
    if not decided:
        for s in range(N):
            counts |= np.uint64(count_nb(np.uint64(st[O.TAKEN + s]))) << np.uint64(8 * s)
    key[N] = _pointed_nb(st, live) | np.uint64(
        (st[O.SEAT] << 52) | ((st[O.TRUMP] + 1) << 55) | (np.int64(decided) << 58)
        | (st[O.LOW_TO_RULE] << 59))
    key[N + 1] = counts | np.uint64(side << 32)


@njit(cache=True)
def solve_shape_nb(key):
    """What every position of a table entry shares: each seat's suit lengths and the
    key's exact words, mixed into a word."""
    h = ZERO
    for s in range(N):
        for suit in range(4):
            h = h * np.uint64(31) + np.uint64(popcount(key[s] & SUIT_MASKS[suit]))
    for i in range(N, KEY_WORDS):
        h = h * np.uint64(0x100000001B3) + key[i]
    return h


@njit(cache=True)
def solve_matches_nb(entry, key):
    """Whether a position of key ``key`` agrees with a table entry (its key, then its
    mask): the same holder for every card the mask keeps, the same suit lengths in
    every hand, the same exact words."""
    return matches_by_suits(entry, key, N, KEY_WORDS, SUIT_MASKS)


@njit(cache=True)
def solve_mask_nb(st, hands, cards):
    """The mask of a table entry (relative ranks, as in the key) that keeps, in each
    suit, every card from the lowest of ``cards`` and of the pointed cards up."""
    live = _live_nb(st, hands)
    keep = (cards | _pointed_nb(st, live)) & live
    mask = ZERO
    for suit in range(4):
        mine = keep & SUIT_MASKS[suit]
        if mine != 0:
            m = popcount(live & SUIT_MASKS[suit] & ~(bit(lowest(mine)) - ONE))
            mask |= ((bit(m) - ONE) << np.uint64(13 - m)) << np.uint64(13 * suit)
    return mask


@njit(cache=True)
def solve_relevant_nb(mask, st, hands):
    """The cards of this position that a table entry's mask keeps (the top ones of
    each suit)."""
    live = _live_nb(st, hands)
    cards = ZERO
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
    k = st[O.TRICK_N]
    if k != N - 1:
        return ZERO
    lead = st[O.LEAD]
    trump = st[O.TRUMP]
    best = st[O.WINNING_CARD]
    win = card if trick_key_nb(card, lead, trump) > trick_key_nb(best, lead, trump) else best
    rest = bit(card)
    for i in range(k):
        rest |= bit(st[O.TRICK_CARDS + i])
    if rest & ~bit(win) & SUIT_MASKS[win // 13]:
        return bit(win)
    return ZERO


@njit(cache=True, inline="always")
def _above_nb(live, card):
    """The cards still in play above ``card`` in its suit."""
    return live & SUIT_MASKS[card // 13] & ~((bit(card) << ONE) - ONE)


@njit(cache=True, inline="always")
def _merges_nb(live, legal, card, pointed):
    """Whether ``card`` is played as the next card up: that card is legal for the same
    hand (no card in play between them) and neither has a worth of its own."""
    above = _above_nb(live, card)
    if above == 0:
        return False
    up = bit(lowest(above))
    return (legal & up) != 0 and (pointed & (bit(card) | up)) == 0


@njit(cache=True, inline="always")
def _legal_nb(st, hands):
    return legal_cards_nb(hands[st[O.SEAT]], st[O.LEAD], st[O.TRUMP])


@njit(cache=True)
def solve_merged_nb(st, hands, cfg, cards):
    """The legal cards ``solve_moves_nb`` merged into the next card up, in the runs whose
    top card is in ``cards`` (the ranks that decided a node that tried every move): its
    table entry holds only for positions that merge the same (see the Wizard family's
    ``solve_merged_nb``)."""
    legal = _legal_nb(st, hands)
    live = _live_nb(st, hands)
    pointed = _pointed_nb(st, live)
    merged = ZERO
    for suit in range(4):
        m = legal & SUIT_MASKS[suit]
        keep = False
        while m:                      # high to low: a run's top card first
            c = highest(m)
            m &= ~bit(c)
            if _merges_nb(live, legal, c, pointed):
                if keep:
                    merged |= bit(c)
            else:
                keep = (cards & bit(c)) != 0
    return merged


@njit(cache=True, inline="always")
def solve_move_code_nb(st, hands, card):
    """A card as its table entry's positions share it: its suit and how many cards still
    in play stand above it there."""
    return (card // 13) * 16 + popcount(_above_nb(_live_nb(st, hands), card))


@njit(cache=True)
def solve_moves_nb(st, hands, cfg, side, hint, out):
    """The legal cards of the seat to act, one of each run of equivalent cards (the
    highest), best first; their number. The card of code ``hint`` comes first.

    The order (a guess; it decides how early a search cuts), Jass's: a lead tries the
    cards that are the highest left in their suit first, high to low (a trump first),
    then the others cheap first. A later seat whose side wins the trick so far gives
    it count first (a card that does not take it, the most count first); one whose
    opponents win it takes it first: the last seat with the card worth most, an
    earlier one with its lowest; cards that do not take it go cheap first.
    """
    seat = st[O.SEAT]
    k = st[O.TRICK_N]
    lead = st[O.LEAD]
    trump = st[O.TRUMP]
    best = st[O.WINNING_CARD]
    legal = _legal_nb(st, hands)
    live = _live_nb(st, hands)
    pointed = _pointed_nb(st, live)
    mine = (side >> seat) & 1
    ahead = k > 0 and ((side >> st[O.WINNING_SEAT]) & 1) == mine
    last = k == N - 1
    count = 0
    m = legal
    while m:
        c = lowest(m)
        m &= m - ONE
        if _merges_nb(live, legal, c, pointed):
            continue
        pts = GAME_VALUE[c]
        suit = c // 13
        above = popcount(_above_nb(live, c))
        if k == 0:
            key = trick_key_nb(c, suit, trump if trump >= 0 else suit)
            score = 3000 + key if above == 0 else 2000 - 64 * pts - key
        else:
            key = trick_key_nb(c, lead, trump)
            takes = key > trick_key_nb(best, lead, trump)
            if ahead:
                score = 3000 + 64 * pts - key if not takes else 2000 - 64 * pts - key
            elif takes:
                score = 4000 + 64 * pts - key if last else 3000 - key
            else:
                score = 2000 - 64 * pts - key
        if hint >= 0 and suit * 16 + above == hint:
            score = 10000
        out[count] = score * 64 + c
        count += 1
    best_first(out, count, 63)
    return count


@njit(cache=True)
def solve_side_nb(st, seat):
    """The side a seat plays for (``sim/search/analyse.py``): the pitcher alone, or the
    three others against him."""
    pitcher = st[O.BIDDER]
    return 1 << seat if seat == pitcher else 15 ^ (1 << pitcher)
