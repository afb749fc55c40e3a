"""Ten-point Pitch's rules (numba): the card facts for a named trump (which cards are
trumps, their order, their points), shared with the heuristic, and one deal's steps
on the state ``(st, hands)`` (``obs.py``), which ``ten_point_step_nb`` drives.

Trumps when suit ``t`` is named: the 13 cards of ``t``, the Jick (the Jack of
the other suit of the same colour) and both jokers, ranked high to low
A K Q J Jick BJ LJ 10 9 … 2. Points: A J Jick BJ LJ 10 one each and the 3
three to the trick's winner; the 2 one to the team of the seat that played it.

The decisions: bids once each from the dealer's left (0 pass, 4 … 10, each
above the last; the dealer forced when the first three passed), the
bidder's trump (a suit 0 … 3), the burns of a bid loser holding more than 6
trumps (one card a decision, non-point trumps first), then the cards (only
trumps are played; a player without one is out). The discards, the refill
(in ``REFILL_ORDER``, from the pile) and the bidder's sweep of the pile's
trumps are no decisions: they happen as the last burn (or the trump, when
nobody burns) is applied.

Every function is ``inline="always"``: the board loop calls them once per
decision, and a call passing arrays costs more than a random decision.
"""
import numpy as np
from numba import njit

from ...bits_nb import ONE, ZERO, popcount
from . import obs as O
from .cards import HIGH_JOKER, LOW_JOKER, RANK_ACE, RANK_JACK, RANK_TEN

TARGET = 52
MAX_DEALS = 400          # a game still short of 52 here ends (end = 3), ranked by score
HAND_SIZE = 9
KEEP = 6                 # a bid loser keeps at most 6 trumps and is refilled to 6 cards
BID_MIN = 4
BID_MAX = 10
BID_BITS = np.uint64(((1 << (BID_MAX + 1)) - 1) & ~((1 << BID_MIN) - 1))   # bits 4 … 10

SUIT13 = np.uint64((1 << 13) - 1)
JOKERS = (ONE << np.uint64(LOW_JOKER)) | (ONE << np.uint64(HIGH_JOKER))


@njit(cache=True, inline="always")
def jick_nb(trump):
    """The Jick's id: the Jack of the other suit of the trump's colour (S<->C, H<->D)."""
    return 13 * (3 - trump) + RANK_JACK


@njit(cache=True, inline="always")
def trumps_of_nb(trump):
    """The 16 trumps of a named suit (a set)."""
    return (SUIT13 << np.uint64(13 * trump)) | (ONE << np.uint64(jick_nb(trump))) | JOKERS


@njit(cache=True, inline="always")
def point1_of_nb(trump):
    """The trumps worth one point to the trick's winner: A J Jick BJ LJ 10."""
    base = 13 * trump
    return ((ONE << np.uint64(base + RANK_ACE)) | (ONE << np.uint64(base + RANK_JACK))
            | (ONE << np.uint64(base + RANK_TEN)) | (ONE << np.uint64(jick_nb(trump))) | JOKERS)


@njit(cache=True, inline="always")
def points_of_nb(trump):
    """Every point trump: the one-point ones, the 3 and the 2."""
    base = 13 * trump
    return point1_of_nb(trump) | (ONE << np.uint64(base + 1)) | (ONE << np.uint64(base))


@njit(cache=True, inline="always")
def value_nb(card, trump):
    """A trump's height (higher wins): 2 … 10 = 0 … 8, LJ 9, BJ 10, Jick 11, J 12 … A 15."""
    if card == HIGH_JOKER:
        return 10
    if card == LOW_JOKER:
        return 9
    if card // 13 != trump:
        return 11          # the Jick
    r = card % 13
    return r if r <= RANK_TEN else r + 3


@njit(cache=True, inline="always")
def card_points_nb(card, trump):
    """Points a trump carries (the 2: one, to its player's team; the others to the winner)."""
    if card == HIGH_JOKER or card == LOW_JOKER:
        return 1
    if card // 13 != trump:
        return 1           # the Jick
    r = card % 13
    if r == 1:
        return 3
    if r == 0 or r == RANK_TEN or r == RANK_JACK or r == RANK_ACE:
        return 1
    return 0


@njit(cache=True, inline="always")
def set_points_nb(cards, trump):
    """Points on a set of trumps (each card's own points)."""
    p1 = point1_of_nb(trump)
    base = np.uint64(13 * trump)
    total = 0
    x = cards & p1
    while x != ZERO:
        x &= x - ONE
        total += 1
    if (cards >> (base + ONE)) & ONE != ZERO:
        total += 3
    if (cards >> base) & ONE != ZERO:
        total += 1
    return total


# -- one deal's steps ----------------------------------------------------------------------
@njit(cache=True, inline="always")
def trumps_nb(st):
    """The trumps of the deal (none before the trump is named), as a set."""
    return np.uint64(st[O.TP_TRUMPS])


@njit(cache=True, inline="always")
def _has_trump(st, hands, seat):
    return hands[seat] & trumps_nb(st) != ZERO


@njit(cache=True, inline="always")
def begin_deal_nb(st, hands, dealt, dealer, totals):
    """A new deal: ``dealt`` (hands 0 … 3, the stock, the refill order) by ``dealer``;
    ``totals``: each seat's team score before the deal."""
    for i in range(O.STATE_SIZE):
        st[i] = 0
    st[O.PHASE] = O.PHASE_BID
    st[O.SEAT] = (dealer + 1) % 4
    st[O.DEALER] = dealer
    st[O.N_PLAYERS] = 4
    st[O.VARIANT] = O.VARIANT_TEN_POINT
    st[O.BIDDER] = -1
    st[O.TRUMP] = -1
    st[O.LEAD] = -1
    st[O.WINNING_SEAT] = -1
    st[O.WINNING_CARD] = -1
    st[O.TRICK_LEADER] = -1
    st[O.TP_THREE] = -1
    st[O.TP_TWO] = -1
    for s in range(4):
        st[O.TRICK_CARDS + s] = -1
        st[O.BIDS + s] = -1
        st[O.SCORES + s] = totals[s]
        hands[s] = dealt[s]
    hands[O.HANDS_PILE] = dealt[O.DEALT_STOCK]
    for i in range(O.HANDS_PILE + 1, O.HANDS_SIZE):
        hands[i] = ZERO
    for i in range(54):
        st[O.REFILL_ORDER + i] = np.int64(dealt[O.DEALT_REFILL + i])


@njit(cache=True, inline="always")
def legal_word_nb(st, hands):
    """The legal actions of the seat to decide, one bit each."""
    phase = st[O.PHASE]
    seat = st[O.SEAT]
    if phase == O.PHASE_PLAY:
        return hands[seat] & trumps_nb(st)
    if phase == O.PHASE_BID:
        high = st[O.HIGH_BID]
        above = BID_BITS & ~((ONE << np.uint64(high + 1)) - ONE)   # the bids above the last
        if st[O.BIDS_MADE] == 3 and high == 0:
            return above                                          # the dealer may not pass
        return above | ONE
    if phase == O.PHASE_TRUMP:
        return np.uint64(15)
    if phase == O.PHASE_BURN:
        held = hands[seat] & trumps_nb(st)
        free = held & np.uint64(st[O.TP_NONPOINT])
        return free if free != ZERO else held
    return ZERO


@njit(cache=True, inline="always")
def _next_burner(st, hands, k):
    """From place ``k`` after the dealer on: the first bid loser over 6 trumps
    (PHASE_BURN), else the refill, the sweep and the first lead."""
    dealer = st[O.DEALER]
    bidder = st[O.BIDDER]
    trumps = trumps_nb(st)
    while k < 4:
        seat = (dealer + 1 + k) % 4
        if seat != bidder:
            over = popcount(hands[seat] & trumps) - KEEP
            if over > 0:
                st[O.PHASE] = O.PHASE_BURN
                st[O.SEAT] = seat
                st[O.BURN_LEFT] = over
                st[O.TP_BURN_K] = k
                return
        k += 1
    st[O.BURN_LEFT] = 0
    _refill_and_sweep(st, hands)


@njit(cache=True, inline="always")
def _refill_and_sweep(st, hands):
    """Each loser from the dealer's left dealt his need from the pile in REFILL_ORDER;
    the bidder takes the pile's trumps and lets his non-trumps go; the bidder leads."""
    dealer = st[O.DEALER]
    bidder = st[O.BIDDER]
    trumps = trumps_nb(st)
    pile = hands[O.HANDS_PILE]
    at = 0
    for k in range(4):
        seat = (dealer + 1 + k) % 4
        if seat == bidder:
            continue
        need = KEEP - popcount(hands[seat])
        while need > 0 and at < 54:
            c = np.uint64(st[O.REFILL_ORDER + at])
            at += 1
            b = ONE << c
            if pile & b != ZERO:
                pile ^= b
                hands[seat] |= b
                need -= 1
    swept = pile & trumps
    pile = (pile ^ swept) | (hands[bidder] & ~trumps)
    hands[bidder] = (hands[bidder] & trumps) | swept
    hands[O.HANDS_PILE] = pile
    out = 0
    for s in range(4):
        if hands[s] & trumps == ZERO:
            out |= 1 << s
    st[O.OUT] = out
    st[O.PHASE] = O.PHASE_PLAY
    _lead_from(st, hands, bidder)


@njit(cache=True, inline="always")
def _lead_from(st, hands, seat):
    """A new trick led by ``seat`` or, when it holds no trump, the next seat that does;
    the deal is over when nobody holds a trump."""
    for j in range(4):
        s = (seat + j) % 4
        if _has_trump(st, hands, s):
            st[O.TRICK_LEADER] = s
            st[O.SEAT] = s
            st[O.TP_TURN] = 0
            st[O.TRICK_N] = 0
            st[O.LEAD] = -1
            st[O.WINNING_SEAT] = -1
            st[O.WINNING_CARD] = -1
            st[O.TP_TRICK_SET] = 0
            return
    st[O.PHASE] = O.PHASE_OVER
    st[O.SEAT] = -1


@njit(cache=True, inline="always")
def _play(st, hands, seat, card):
    trump = st[O.TRUMP]
    b = ONE << np.uint64(card)
    hands[seat] ^= b
    n = st[O.TRICK_N]
    st[O.TRICK_CARDS + n] = card
    st[O.TRICK_N] = n + 1
    st[O.LEAD] = 4
    st[O.TP_TRICK_SET] = np.int64(np.uint64(st[O.TP_TRICK_SET]) | b)
    st[O.TP_PLAYED_N + seat] += 1
    if card == st[O.TP_TWO]:
        st[O.TP_POINTS + seat] += 1          # the 2: to its player, whoever wins the trick
    if n == 0 or value_nb(card, trump) > value_nb(st[O.WINNING_CARD], trump):
        st[O.WINNING_CARD] = card
        st[O.WINNING_SEAT] = seat
    if not _has_trump(st, hands, seat):
        st[O.OUT] |= 1 << seat
    # the next seat after the leader that still holds a trump has its turn
    leader = st[O.TRICK_LEADER]
    j = st[O.TP_TURN] + 1
    while j < 4:
        s = (leader + j) % 4
        if _has_trump(st, hands, s):
            st[O.TP_TURN] = j
            st[O.SEAT] = s
            return
        j += 1
    # every seat has had its turn: the trick is complete
    winner = st[O.WINNING_SEAT]
    cards = np.uint64(st[O.TP_TRICK_SET])
    won = popcount(cards & np.uint64(st[O.TP_POINT1]))
    if st[O.TP_THREE] >= 0 and (cards >> np.uint64(st[O.TP_THREE])) & ONE != ZERO:
        won += 3
    st[O.TP_POINTS + winner] += won
    st[O.TAKEN + winner] = np.int64(np.uint64(st[O.TAKEN + winner]) | cards)
    st[O.PLAYED] = np.int64(np.uint64(st[O.PLAYED]) | cards)
    st[O.TRICK_NO] += 1
    for i in range(4):
        st[O.TRICK_CARDS + i] = -1
    _lead_from(st, hands, winner)


@njit(cache=True, inline="always")
def act_nb(st, hands, action):
    """The seat to decide takes ``action`` (legal: the caller checks)."""
    phase = st[O.PHASE]
    seat = st[O.SEAT]
    if phase == O.PHASE_PLAY:
        _play(st, hands, seat, action)
    elif phase == O.PHASE_BID:
        st[O.BIDS + seat] = action
        made = st[O.BIDS_MADE] + 1
        st[O.BIDS_MADE] = made
        if action > 0:
            if made == 4 and st[O.HIGH_BID] == 0:
                st[O.TP_FORCED] = 1
            st[O.HIGH_BID] = action
            st[O.BIDDER] = seat
        if made < 4:
            st[O.SEAT] = (seat + 1) % 4
        else:
            st[O.PHASE] = O.PHASE_TRUMP
            st[O.SEAT] = st[O.BIDDER]
    elif phase == O.PHASE_TRUMP:
        trumps = trumps_of_nb(action)
        st[O.TRUMP] = action
        st[O.TP_TRUMPS] = np.int64(trumps)
        st[O.TP_POINT1] = np.int64(point1_of_nb(action))
        st[O.TP_NONPOINT] = np.int64(trumps & ~points_of_nb(action))
        st[O.TP_THREE] = 13 * action + 1
        st[O.TP_TWO] = 13 * action
        # every bid loser lets his non-trumps go to the pile
        for s in range(4):
            if s != seat:
                hands[O.HANDS_PILE] |= hands[s] & ~trumps
                hands[s] &= trumps
        _next_burner(st, hands, 0)
    elif phase == O.PHASE_BURN:
        b = ONE << np.uint64(action)
        hands[seat] ^= b
        st[O.BURNED] = np.int64(np.uint64(st[O.BURNED]) | b)
        st[O.TP_BURNED_N + seat] += 1
        if (np.uint64(st[O.TP_NONPOINT]) & b) == ZERO:
            p = 3 if action == st[O.TP_THREE] else 1
            st[O.TP_BURNED_PTS + seat] += p
        st[O.BURN_LEFT] -= 1
        if st[O.BURN_LEFT] == 0:
            _next_burner(st, hands, st[O.TP_BURN_K] + 1)


@njit(cache=True, inline="always")
def team_points_nb(st, team):
    return st[O.TP_POINTS + team] + st[O.TP_POINTS + team + 2]


@njit(cache=True, inline="always")
def made_nb(st):
    """1 the bidding team reached its bid, else 0."""
    side = st[O.BIDDER] % 2
    return 1 if team_points_nb(st, side) >= st[O.HIGH_BID] else 0


@njit(cache=True, inline="always")
def score_change_nb(st, seat):
    """The deal's change of a seat's game score (its team's): the bidding team its points
    when they reach the bid, else minus the bid; the other team its points."""
    team = seat % 2
    if team == st[O.BIDDER] % 2 and made_nb(st) == 0:
        return -st[O.HIGH_BID]
    return team_points_nb(st, team)
