"""A Beim Jupiter round, one decision at a time (numba): its start, the legal set
of the decision waiting, and the steps an action takes it through.

A round's state is ``(st, hands)``: ``st`` the observation (``obs.py``) then
the private slots, ``O.STATE_SIZE`` of them; ``hands`` two words per seat
(seat ``s``: ``hands[2s]``, ``hands[2s + 1]``). A round runs: layouts (from
the start player, face down until all are laid), the trump, the bids, the
tricks, the allocation (one ``take`` per card taken, counters in ascending
order), then the table for the next round: the highest counter removed
(option ``orphans``). The steps of every decision but a card are here
(:func:`lay_out_nb`, :func:`bid_nb`, :func:`take_nb`); cards are put into a
trick by ``step_nb.play_round_nb`` alone, which keeps the trick in progress
in local variables and calls these. ``step_nb.py`` builds the game's
state, the step interface and the board loop's hooks on these.

``dealt`` given to :func:`begin_nb` (``DEALT_SIZE`` words) holds what
chance and the earlier rounds fixed: each seat's hand (two words a seat,
``MAX_SEATS`` seats), the unseen card (``DEALT_UNSEEN``, two words), the
cards beside each counter (``DEALT_TABLE + k``) and the seats whose
zero-trick card is unused (``DEALT_ZERO``, a bit each).
"""
import numpy as np
from numba import njit

from ...bits_nb import lowest
from . import obs as O
from .rules_nb import (COLOUR_MASK_8, JUPITER_JUNO, LAMB_1, LEAD_TRUMPS, NUMBERED, ONE,
                       ORPHANS_MOVE_DOWN, ZERO, action_card, claim_class, claim_order,
                       legal_plays, number_of, points_of, take_options, trump_decision)

MAX_SEATS = 5
MAX_COUNTER = 12
HAND_WORDS = 2 * MAX_SEATS              # ``hands``: two words a seat

DEALT_UNSEEN = 2 * MAX_SEATS
DEALT_TABLE = DEALT_UNSEEN + 2          # + k: the cards beside counter k (k = 1 … 12)
DEALT_ZERO = DEALT_TABLE + MAX_COUNTER + 1
DEALT_SIZE = DEALT_ZERO + 1


@njit(cache=True, inline="always")
def hand_size_nb(round_no):
    """Cards dealt to each player in round ``round_no`` (1 … 8): 14 - round."""
    return 14 - round_no


@njit(cache=True, inline="always")
def _bit(card):
    return ONE << np.uint64(card & 63)


@njit(cache=True, inline="always")
def _start_trick(st, leader):
    st[O.TRICK_N] = 0
    st[O.LEAD] = -1
    st[O.WINNING_SEAT] = -1
    st[O.WINNING_CARD] = -1
    st[O.WINNING_KEY] = -2
    st[O.TRICK_LEADER] = leader
    st[O.SEAT] = leader
    st[O.PHASE] = O.PHASE_PLAY


@njit(cache=True, inline="always")   # the board loop's hot path: no call, no array passing
def begin_nb(st, hands, n, dealer, round_no, trump_rule, orphans, dealt, scores):
    """A new round: hands, unseen card, table and unused zero-trick cards from ``dealt``
    (layout in the module docstring); ``scores`` the victory points so far."""
    for i in range(O.STATE_SIZE):
        st[i] = 0
    st[O.N_PLAYERS] = n
    st[O.DEALER] = dealer
    st[O.ROUND] = round_no
    st[O.N_TRICKS] = 13 - round_no
    st[O.START] = dealer + 1 if dealer + 1 < n else 0     # no division (below)
    st[O.TRUMP] = -1
    st[O.TRUMP_RULE] = trump_rule
    st[O.ORPHANS] = orphans
    for i in range(HAND_WORDS):
        hands[i] = ZERO
    # the round's pack (public: the game's pack less every card laid out before) as dealt
    pack_lo = dealt[DEALT_UNSEEN]
    pack_hi = dealt[DEALT_UNSEEN + 1]
    for s in range(n):
        hands[2 * s] = dealt[2 * s]
        hands[2 * s + 1] = dealt[2 * s + 1]
        pack_lo |= dealt[2 * s]
        pack_hi |= dealt[2 * s + 1]
        st[O.LAYOUTS + s] = -1
        st[O.LAID + s] = -1
        st[O.BIDS + s] = -1
        st[O.SCORES + s] = scores[s]
    for i in range(O.TRICK_CARDS, O.TRICK_CARDS + MAX_SEATS):
        st[i] = -1
    st[O.UNSEEN] = np.int64(dealt[DEALT_UNSEEN])
    st[O.UNSEEN + 1] = np.int64(dealt[DEALT_UNSEEN + 1])
    st[O.PACK] = np.int64(pack_lo)
    st[O.PACK + 1] = np.int64(pack_hi)
    for k in range(1, MAX_COUNTER + 1):
        st[O.TABLE + k] = np.int64(dealt[DEALT_TABLE + k])
    st[O.ZERO_UNUSED] = np.int64(dealt[DEALT_ZERO])
    st[O.LEAD] = -1
    st[O.WINNING_SEAT] = -1
    st[O.WINNING_CARD] = -1
    st[O.WINNING_KEY] = -2
    st[O.REDEAL_SEAT] = -1
    # the seats in turn by a wrap, not ``% n`` (an integer division a seat; with the same
    # in ``rules_nb.claim_order`` and the trump decision's counts, a random 3-player round
    # ~2,250 -> ~2,050 cycles: see ``rules_nb.trump_decision``)
    s = st[O.START]
    for i in range(n):
        if i > 0:
            s = s + 1 if s + 1 < n else 0
        if hands[2 * s] & NUMBERED == ZERO:
            st[O.REDEAL] = 1
            st[O.REDEAL_SEAT] = s
            st[O.PHASE] = O.PHASE_OVER
            st[O.SEAT] = -1
            return
    st[O.PHASE] = O.PHASE_LAYOUT
    st[O.SEAT] = st[O.START]


@njit(cache=True, inline="always")
def note_void_nb(st, seat, action, lead, trump):
    """Note in ``st`` the cards ``seat`` showed it does not hold (``VOIDS``) by playing
    ``action`` to a trick that asks ``lead`` (before the card), as rules_nb.legal_cards
    allows it: a card that is neither a lamb nor one of the cards the lead asks for (the
    colour led; with trumps led, every trump) is legal only without any of those. A lamb,
    a card that follows and the lead itself show nothing."""
    card = action_card(action)
    trumps = JUPITER_JUNO | COLOUR_MASK_8[trump & 7]
    asked = COLOUR_MASK_8[lead & 7] | (trumps if (lead == LEAD_TRUMPS) | (lead == trump) else ZERO)
    shows = (lead >= 0) & (card < LAMB_1) & ((asked >> np.uint64(card & 63)) & ONE == ZERO)
    st[O.VOIDS + seat] |= np.int64(asked) if shows else 0


@njit(cache=True, inline="always")
def _own_locked(st, seat):
    """The seat's own card still locked on the table (one word, 0 none)."""
    layout = st[O.LAYOUTS + seat]
    if layout < 0:
        return ZERO
    return np.uint64(st[O.LOCKED]) & _bit(layout)


@njit(cache=True, inline="always")
def take_legal_nb(st, seat):
    """The cards ``seat`` may take at the counter being settled."""
    k = st[O.COUNTER]
    cards = np.uint64(st[O.TABLE + k])
    cls = claim_class(st[O.BIDS + seat], st[O.LOCKS + seat], st[O.TRICKS + seat])
    return take_options(cards, np.uint64(st[O.LOCKED]), _own_locked(st, seat) & cards,
                        st[O.CLAIM_N] == 1, cls)


@njit(cache=True, inline="always")
def _finish_round(st):
    """Zero-trick cards settled, the markers back, the highest counter removed."""
    n = st[O.N_PLAYERS]
    for s in range(n):
        if st[O.BIDS + s] == 0:
            card = st[O.LAYOUTS + s]
            if st[O.TRICKS + s] == 0:
                st[O.TAKEN + s] |= np.int64(_bit(card))
                st[O.SCORES + s] += number_of(card)
            else:
                st[O.ZERO_LOST] |= np.int64(_bit(card))
            st[O.ZERO_UNUSED] &= ~(1 << s)
    st[O.LOCKED] = 0
    top = st[O.N_TRICKS]
    if st[O.ORPHANS] == ORPHANS_MOVE_DOWN and top > 1:
        st[O.TABLE + top - 1] |= st[O.TABLE + top]
    else:
        st[O.ORPHANED] = st[O.TABLE + top]
    st[O.TABLE + top] = 0
    st[O.PHASE] = O.PHASE_OVER
    st[O.SEAT] = -1


@njit(cache=True, inline="always")
def _claimed(st, n):
    """The counters somebody claims (bit k: a seat that did not bid zero took k > 0
    tricks), from the final tricks and bids."""
    claimed = 0
    for s in range(n):
        tricks = st[O.TRICKS + s]
        claimed |= (1 << tricks) if (tricks > 0) & (st[O.BIDS + s] != 0) else 0
    return claimed


@njit(cache=True, inline="always")
def _next_take(st):
    """The next claimant with a card to take, counter after counter; the round's end
    when none is left.

    A counter nobody claims is passed over without ordering its (no) claimants: the
    state is what stepping through it leaves (its claimants' count and index 0), as
    the counter after it, or the round's end, overwrites or keeps them. Every counter
    (up to 12, a loop over the seats with a division each) was the largest fixed cost
    of a round: with ``highest_cards`` without its loop, the allocation of a random
    3-player round went from ~870 to ~570 cycles (cycle counter around the play loop's
    phases) and random 3-player games from 24.7M to 28.2M card plays/s with the
    one-pass deal (CPU time, interleaved medians).
    """
    n = st[O.N_PLAYERS]
    while True:
        while st[O.CLAIM_I] < st[O.CLAIM_N]:
            seat = st[O.CLAIMANTS + st[O.CLAIM_I]]
            if take_legal_nb(st, seat) != ZERO:
                st[O.PHASE] = O.PHASE_TAKE
                st[O.SEAT] = seat
                return
            st[O.CLAIM_I] += 1            # nothing left for him at this counter
        top = st[O.N_TRICKS]
        later = (_claimed(st, n) >> (st[O.COUNTER] + 1)) << (st[O.COUNTER] + 1)
        following = lowest(np.uint64(later))       # 64 when no later counter is claimed
        if following > top:
            if st[O.COUNTER] < top:       # stepped through unclaimed counters to the last
                st[O.CLAIM_I] = 0
                st[O.CLAIM_N] = 0
            st[O.COUNTER] = top + 1
            _finish_round(st)
            return
        st[O.COUNTER] = following
        st[O.CLAIM_I] = 0
        st[O.CLAIM_N] = claim_order(n, st[O.COUNTER], st[O.START], st[O.BIDS:O.BIDS + MAX_SEATS],
                                    st[O.LOCKS:O.LOCKS + MAX_SEATS],
                                    st[O.TRICKS:O.TRICKS + MAX_SEATS],
                                    st[O.CARD_POINTS:O.CARD_POINTS + MAX_SEATS],
                                    st[O.CLAIMANTS:O.CLAIMANTS + MAX_SEATS])


@njit(cache=True, inline="always")
def start_allocation_nb(st):
    """The end of play: failed locks released before anyone takes, their markers moved
    to the counter of the tricks taken (0 tricks: nowhere); then the first take."""
    for s in range(st[O.N_PLAYERS]):
        if st[O.BIDS + s] > 0 and st[O.LOCKS + s] == 1 and st[O.TRICKS + s] != st[O.BIDS + s]:
            st[O.LOCKED] &= ~np.int64(_bit(st[O.LAYOUTS + s]))
            st[O.MARKERS + s] = st[O.TRICKS + s]
    st[O.COUNTER] = 0
    st[O.CLAIM_N] = 0
    st[O.CLAIM_I] = 0
    _next_take(st)


@njit(cache=True, inline="always")
def trick_of_nb(st):
    """The trick in progress as the play loop keeps it in locals (the inverse of
    :func:`store_trick_nb` but for the played sets): seat, cards in it, lead,
    winning key, seat and card, trick number."""
    return (st[O.SEAT], st[O.TRICK_N], st[O.LEAD], st[O.WINNING_KEY], st[O.WINNING_SEAT], st[O.WINNING_CARD],
            st[O.TRICK_NO])


@njit(cache=True, inline="always")
def store_trick_nb(st, seat, k, lead, win_key, win_seat, win_card, trick_no, played_lo,
                   played_hi):
    """The trick in progress, kept in the play loop's locals (``step_nb.play_round_nb``),
    into the state."""
    st[O.SEAT] = seat
    st[O.TRICK_N] = k
    st[O.LEAD] = lead
    st[O.WINNING_KEY] = win_key
    st[O.WINNING_SEAT] = win_seat
    st[O.WINNING_CARD] = win_card
    st[O.TRICK_NO] = trick_no
    st[O.PLAYED] = np.int64(played_lo)
    st[O.PLAYED_HI] = np.int64(played_hi)


@njit(cache=True, inline="always")
def layout_legal(hand_lo):
    """The cards a hand may lay out: its numbered colour cards."""
    return hand_lo & NUMBERED


@njit(cache=True, inline="always")
def bid_legal(n_tricks, zero_unused):
    """The bid actions: each counter 1 … ``n_tricks``, locked or not, and the zero-trick
    card while it is unused (``zero_unused`` 1)."""
    counters = (ONE << np.uint64(n_tricks + 1)) - np.uint64(2)
    return counters | (counters << np.uint64(O.LOCKED_BID)) | np.uint64(zero_unused & 1)


@njit(cache=True, inline="always")
def legal_set_nb(st, hands):
    """The legal set of the decision to take, two words of action bits (``uint64``)
    (the step interface's; the play loop keeps the trick in locals)."""
    phase = st[O.PHASE]
    seat = st[O.SEAT]
    if phase == O.PHASE_PLAY:
        return legal_plays(hands[2 * seat], hands[2 * seat + 1], st[O.LEAD], st[O.TRUMP])
    if phase == O.PHASE_TAKE:
        return take_legal_nb(st, seat), ZERO
    if phase == O.PHASE_BID:
        return bid_legal(st[O.N_TRICKS], st[O.ZERO_UNUSED] >> seat), ZERO
    if phase == O.PHASE_LAYOUT:
        return layout_legal(hands[2 * seat]), ZERO
    return ZERO, ZERO


# The steps of the decisions other than a card, one small function each, their loops
# apart (:func:`turn_up_nb`): numba's reference-count pruning left an atomic increment
# and decrement of each array an inlined function takes at every call of one with many
# branches or a loop (22 ns a call of ``legal_set_nb``; the layouts and bids of a random
# 4-player game, 64 decisions, took 3.3 us through one such step, 0.85 us through these).
@njit(cache=True, inline="always")
def lay_out_nb(st, hands, seat, action):
    """``seat`` lays out card ``action`` face down; True after the last layout (the
    caller turns them up: :func:`turn_up_nb`)."""
    n = st[O.N_PLAYERS]
    hands[2 * seat] &= ~_bit(action)
    st[O.LAID + seat] = action
    st[O.LAID_N] += 1
    st[O.SEAT] = seat + 1 if seat + 1 < n else 0
    return st[O.LAID_N] == n


@njit(cache=True, inline="always")
def turn_up_nb(st):
    """All laid: the layouts turned up, the trump decided, the bids start."""
    n = st[O.N_PLAYERS]
    face_up = ZERO
    for k in range(1, MAX_COUNTER + 1):
        face_up |= np.uint64(st[O.TABLE + k])
    for s in range(n):
        st[O.LAYOUTS + s] = st[O.LAID + s]
        face_up |= _bit(st[O.LAID + s])
    trump, step = trump_decision(face_up, st[O.TRUMP_RULE])
    st[O.TRUMP] = trump
    st[O.TRUMP_STEP] = step
    st[O.PHASE] = O.PHASE_BID
    st[O.SEAT] = st[O.START]


@njit(cache=True, inline="always")
def bid_nb(st, seat, action):
    """``seat`` bids ``action``: its card beside a counter (locked or not), or the
    zero-trick card; the last bid starts the first trick."""
    n = st[O.N_PLAYERS]
    locked = 1 if action > O.LOCKED_BID else 0
    counter = action - O.LOCKED_BID if locked else action
    st[O.BIDS + seat] = counter
    st[O.LOCKS + seat] = locked
    if counter > 0:
        b = np.int64(_bit(st[O.LAYOUTS + seat]))
        st[O.TABLE + counter] |= b
        if locked:
            st[O.LOCKED] |= b
    st[O.BIDS_MADE] += 1
    if st[O.BIDS_MADE] < n:
        st[O.SEAT] = seat + 1 if seat + 1 < n else 0
    else:
        _start_trick(st, st[O.START])


@njit(cache=True, inline="always")
def take_nb(st, seat, action):
    """``seat`` takes card ``action`` at the counter being settled."""
    k = st[O.COUNTER]
    b = np.int64(_bit(action))
    st[O.TABLE + k] &= ~b
    st[O.TAKEN + seat] |= b
    st[O.SCORES + seat] += number_of(action)
    st[O.LOCKED] &= ~np.int64(_own_locked(st, seat))   # taking any card frees his own
    st[O.CLAIM_I] += 1
    _next_take(st)


@njit(cache=True, inline="always")
def round_points_nb(st, seat):
    """Victory points ``seat`` won this round."""
    return points_of(np.uint64(st[O.TAKEN + seat]))


@njit(cache=True, inline="always")
def claim_of_nb(st, seat, n):
    """The seat's standing at the counter of its tricks (records.DEALS ``claim``)."""
    tricks = st[O.TRICKS + seat]
    if tricks == 0 or st[O.BIDS + seat] == 0:
        return 0
    others = 0
    for s in range(n):
        others += s != seat and st[O.TRICKS + s] == tricks and st[O.BIDS + s] != 0
    if others == 0:
        return 4
    return claim_class(st[O.BIDS + seat], st[O.LOCKS + seat], tricks)
