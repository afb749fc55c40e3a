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
trumps are played; a player without one is out). The bids and the cards are
played in ``ten_point_step_nb.play_deal_nb``, which keeps them in locals; the
bid's legal set and the card facts are here. The discards, the refill (in
``REFILL_ORDER``, from the pile) and the bidder's sweep of the pile's trumps
are no decisions: they happen as the last burn (or the trump, when nobody
burns) is applied.

Every function is ``inline="always"``: the board loop calls them once per
decision, and a call passing arrays costs more than a random decision.
"""
import numpy as np
from numba import njit

from ...bits_nb import ONE, ZERO, popcount
from ...rng_nb import below_words
from . import obs as O
from .cards import HIGH_JOKER, LOW_JOKER, N_CARDS, RANK_ACE, RANK_JACK, RANK_TEN

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


# ``value_nb`` as a table, ``VALUES[64 * trump + card]`` (a non-trump reads as the Jick: the
# card play looks up trumps only): random cards win a trick by coin flips, and a load
# beats value_nb's branches there
VALUES = np.array([value_nb.py_func(c, t) if c < N_CARDS else 0
                   for t in range(4) for c in range(64)], dtype=np.int64)


@njit(cache=True, inline="always")
def value_of_nb(card, trump):
    """:func:`value_nb` read from ``VALUES`` (a card 0 … 53)."""
    return VALUES[64 * trump + card]


@njit(cache=True, inline="always")
def value_bits_nb(cards, trump):
    """A set of trumps as the set of their heights (bit ``value_nb(c)`` for each card
    ``c``): the 2 … 10 keep their places, J … A move up 3, then LJ, BJ and the Jick.
    Its highest bit is the highest trump's height, with no loop over the cards."""
    suit = (cards >> np.uint64(13 * trump)) & SUIT13
    low = (cards >> np.uint64(LOW_JOKER)) & ONE
    high = (cards >> np.uint64(HIGH_JOKER)) & ONE
    jick = (cards >> np.uint64(jick_nb(trump))) & ONE
    return ((suit & np.uint64(0x1FF)) | ((suit >> np.uint64(9)) << np.uint64(12))
            | (low << np.uint64(9)) | (high << np.uint64(10)) | (jick << np.uint64(11)))


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
def begin_deal_nb(st, hands, dealt, dealer, totals):
    """A new deal: ``dealt`` (hands 0 … 3, the stock) by ``dealer``; ``totals``: each
    seat's team score before the deal. The refill order is the caller's:
    :func:`refill_given_nb` or :func:`refill_lazy_nb`."""
    for i in range(O.REFILL_ORDER):
        st[i] = 0
    for i in range(O.REFILL_ORDER + N_CARDS, O.STATE_SIZE):
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


@njit(cache=True, inline="always")
def refill_given_nb(st, dealt):
    """The refill order as given (``dealt``'s 54 ids after the stock)."""
    for i in range(N_CARDS):
        st[O.REFILL_ORDER + i] = np.int64(dealt[O.DEALT_REFILL + i])
    st[O.TP_REFILL_DRAWN] = N_CARDS


@njit(cache=True, inline="always")
def refill_lazy_nb(st, hands, s0, s1, s2, s3):
    """The refill order still to draw: the stream of its shuffle (a Fisher-Yates of the 54
    ids in order) is ``s0 … s3``, drawn only as far as the refill reads it
    (``_refill_and_sweep``): it reads ~15 of the 54, and the deal's stream ends there."""
    for i in range(N_CARDS):
        st[O.REFILL_ORDER + i] = i
    hands[O.HANDS_REFILL_RNG] = s0
    hands[O.HANDS_REFILL_RNG + 1] = s1
    hands[O.HANDS_REFILL_RNG + 2] = s2
    hands[O.HANDS_REFILL_RNG + 3] = s3


@njit(cache=True, inline="always")
def _refill_step(st, at, s0, s1, s2, s3):
    """Draw place ``at`` of the refill order (the places before it drawn): the refill
    shuffle's step ``at``, on its stream's words; (the card, the stream's next words)."""
    j, s0, s1, s2, s3 = below_words(s0, s1, s2, s3, N_CARDS - at)
    j += at
    c = st[O.REFILL_ORDER + j]
    st[O.REFILL_ORDER + j] = st[O.REFILL_ORDER + at]
    st[O.REFILL_ORDER + at] = c
    return c, s0, s1, s2, s3


@njit(cache=True, inline="always")
def draw_refill_nb(st, hands):
    """Draw the whole refill order now (a traced deal's record holds it)."""
    s0, s1, s2, s3 = (hands[O.HANDS_REFILL_RNG], hands[O.HANDS_REFILL_RNG + 1],
                      hands[O.HANDS_REFILL_RNG + 2], hands[O.HANDS_REFILL_RNG + 3])
    for at in range(st[O.TP_REFILL_DRAWN], N_CARDS):
        c, s0, s1, s2, s3 = _refill_step(st, at, s0, s1, s2, s3)
    st[O.TP_REFILL_DRAWN] = N_CARDS


@njit(cache=True, inline="always")
def bid_legal_nb(high, made):
    """The bids open after ``made`` bids, the highest ``high`` (0 none): pass and the
    bids above it; the dealer, last to bid after three passes, may not pass."""
    above = BID_BITS & ~((ONE << np.uint64(high + 1)) - ONE)
    return above if made == 3 and high == 0 else above | ONE


@njit(cache=True, inline="always")
def legal_word_nb(st, hands):
    """The legal actions of the seat to decide, one bit each."""
    phase = st[O.PHASE]
    seat = st[O.SEAT]
    if phase == O.PHASE_PLAY:
        return hands[seat] & trumps_nb(st)
    if phase == O.PHASE_BID:
        return bid_legal_nb(st[O.HIGH_BID], st[O.BIDS_MADE])
    if phase == O.PHASE_TRUMP:
        return np.uint64(15)
    if phase == O.PHASE_BURN:
        held = hands[seat] & trumps_nb(st)
        free = held & np.uint64(st[O.TP_NONPOINT])
        return free if free != ZERO else held
    return ZERO


@njit(cache=True, inline="always")
def bids_over_nb(st, high, bidder):
    """Every seat has bid: the bidder names trump."""
    st[O.HIGH_BID] = high
    st[O.BIDDER] = bidder
    st[O.BIDS_MADE] = 4
    st[O.PHASE] = O.PHASE_TRUMP
    st[O.SEAT] = bidder


@njit(cache=True, inline="always")
def _name_trump(st, hands, trump):
    """The bidder names ``trump``: every bid loser lets his non-trumps go to the pile,
    then the burns (if any), the refill, the sweep and the first lead."""
    trumps = trumps_of_nb(trump)
    st[O.TRUMP] = trump
    st[O.TP_TRUMPS] = np.int64(trumps)
    st[O.TP_POINT1] = np.int64(point1_of_nb(trump))
    st[O.TP_NONPOINT] = np.int64(trumps & ~points_of_nb(trump))
    st[O.TP_THREE] = 13 * trump + 1
    st[O.TP_TWO] = 13 * trump
    bidder = st[O.BIDDER]
    pile = hands[O.HANDS_PILE]
    for s in range(4):
        if s != bidder:
            pile |= hands[s] & ~trumps
            hands[s] &= trumps
    hands[O.HANDS_PILE] = pile
    _next_burner(st, hands, 0, trumps, st[O.DEALER], bidder)


@njit(cache=True, inline="always")
def _next_burner(st, hands, k, trumps, dealer, bidder):
    """From place ``k`` after the dealer on: the first bid loser over 6 trumps
    (PHASE_BURN), else the refill, the sweep and the first lead."""
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
    _refill_and_sweep(st, hands, trumps, dealer, bidder)


@njit(cache=True, inline="always")
def _refill_and_sweep(st, hands, trumps, dealer, bidder):
    """Each loser from the dealer's left dealt his need from the pile in REFILL_ORDER;
    the bidder takes the pile's trumps and lets his non-trumps go; the bidder leads."""
    pile = hands[O.HANDS_PILE]
    at = 0
    drawn = st[O.TP_REFILL_DRAWN]    # the order's places drawn: the others are drawn here
    s0, s1, s2, s3 = (hands[O.HANDS_REFILL_RNG], hands[O.HANDS_REFILL_RNG + 1],
                      hands[O.HANDS_REFILL_RNG + 2], hands[O.HANDS_REFILL_RNG + 3])
    for k in range(4):
        seat = (dealer + 1 + k) % 4
        if seat == bidder:
            continue
        hand = hands[seat]
        need = KEEP - popcount(hand)
        while need > 0 and at < N_CARDS:
            if at < drawn:
                c = np.uint64(st[O.REFILL_ORDER + at])
            else:
                card, s0, s1, s2, s3 = _refill_step(st, at, s0, s1, s2, s3)
                c = np.uint64(card)
            at += 1
            # the card, when it is in the pile (selects: a coin flip for random hands)
            b = (pile >> c) & ONE
            need -= np.int64(b)
            b <<= c
            pile ^= b
            hand |= b
        hands[seat] = hand
    if at > drawn:
        st[O.TP_REFILL_DRAWN] = at
        hands[O.HANDS_REFILL_RNG] = s0
        hands[O.HANDS_REFILL_RNG + 1] = s1
        hands[O.HANDS_REFILL_RNG + 2] = s2
        hands[O.HANDS_REFILL_RNG + 3] = s3
    swept = pile & trumps
    held = hands[bidder]
    hands[O.HANDS_PILE] = (pile ^ swept) | (held & ~trumps)
    hands[bidder] = (held & trumps) | swept
    out = 0
    for s in range(4):
        out |= np.int64(hands[s] & trumps == ZERO) << s
    st[O.OUT] = out
    st[O.PHASE] = O.PHASE_PLAY
    # the bidder leads, or the next seat after him that holds a trump
    for j in range(4):
        s = (bidder + j) % 4
        if (out >> s) & 1 == 0:
            st[O.TRICK_LEADER] = s
            st[O.SEAT] = s
            st[O.TP_TURN] = 0
            st[O.TRICK_N] = 0
            st[O.LEAD] = -1
            st[O.WINNING_SEAT] = -1
            st[O.WINNING_CARD] = -1
            st[O.TP_TRICK_SET] = 0
            return
    st[O.PHASE] = O.PHASE_OVER       # nobody holds a trump
    st[O.SEAT] = -1


@njit(cache=True, inline="always")
def note_burn_nb(st, seat, card):
    """Note in ``st`` that ``seat`` burned ``card`` (``BURNED_BY``) and the cards that shows
    it does not hold (``VOIDS``): a point trump is burned only without a non-point trump
    (:func:`legal_word_nb`), and a burner is refilled nothing, so it holds none for the rest
    of the deal."""
    b = ONE << np.uint64(card)
    st[O.BURNED_BY + seat] |= np.int64(b)
    if (np.uint64(st[O.TP_NONPOINT]) & b) == ZERO:
        st[O.VOIDS + seat] |= st[O.TP_NONPOINT]


@njit(cache=True, inline="always")
def act_nb(st, hands, action):
    """The seat to decide takes ``action`` (legal: the caller checks): the trump or a
    burn (the bids and the cards: ``ten_point_step_nb.play_deal_nb``)."""
    phase = st[O.PHASE]
    seat = st[O.SEAT]
    if phase == O.PHASE_TRUMP:
        _name_trump(st, hands, action)
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
            _next_burner(st, hands, st[O.TP_BURN_K] + 1, trumps_nb(st), st[O.DEALER],
                         st[O.BIDDER])


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
