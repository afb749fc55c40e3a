"""French Tarot's deal, one decision at a time: the state and what each action does to it.

The state is ``(st, hands)``: ``st`` the observation (``obs.py``) then the
private slots; ``hands`` two words per seat (seat ``s``: ``hands[2s]``,
``hands[2s + 1]``), ``HAND_WORDS`` words in all (``step_nb`` keeps the hands
as dealt after them). Every decision's legal set is two words of action bits
(``action = 64 × word + bit``): cards for the card decisions, the numbers
``0 …`` for the others, so one random choice (``random_choice2_nb``) serves
them all.

``dealt`` given to :func:`begin_nb` is laid out like ``hands``: the players'
hands, then the dog.
"""
import numpy as np
from numba import njit

from ...bits_nb import lowest
from ...kit_nb import KIND_RANDOM, close_trick_nb, draw_nb, random_choice2_nb, trace_decision_nb
from . import obs as O
from .cards import HALF_POINTS
from .rules_nb import (DOG_CARDS, EXCHANGE_FFT, EXCUSE, EXCUSE_HI, GUARD, GUARD_WITHOUT,
                       HAND_CARDS, HANDFUL_BONUS, ONE, PETIT_SEC_REDEAL, TAKE, TRUMP_1, TRUMP_21,
                       TRUMPS_HI, TRUMPS_LO, ZERO, callable_cards, card_key, deal_score,
                       discardable, handful_levels, lead_of, legal_play, outcome, is_petit_sec,
                       popcount2)

MAX_SEATS = O.MAX_SEATS
HAND_WORDS = 2 * MAX_SEATS + 2     # the live hands (two words a seat) and room for the dog


@njit(cache=True, inline="always")
def _bit(card):
    return ONE << np.uint64(card & 63)


@njit(cache=True, inline="always")
def _holds(hands, seat, card):
    return (hands[2 * seat + (card >> 6)] >> np.uint64(card & 63)) & ONE != ZERO


@njit(cache=True, inline="always")
def _is_oudler(card):
    return card == TRUMP_1 or card == TRUMP_21 or card == EXCUSE


@njit(cache=True, inline="always")
def _set_points(lo, hi):
    total = 0
    oudlers = 0
    for w in range(2):
        word = lo if w == 0 else hi
        while word != ZERO:
            card = 64 * w + lowest(word)
            total += HALF_POINTS[card]
            oudlers += _is_oudler(card)
            word &= word - ONE
    return total, oudlers


@njit(cache=True, inline="always")
def _on_taker_side(st, seat):
    return seat == st[O.TAKER] or seat == st[O.PARTNER]


@njit(cache=True, inline="always")
def _to_play(st, hands, seat):
    """``seat`` plays next: first its handful decision, when it has not had one."""
    st[O.SEAT] = seat
    st[O.PHASE] = O.PHASE_PLAY
    if st[O.HANDFULS + seat] < 0:
        lo = hands[2 * seat]
        hi = hands[2 * seat + 1]
        level = handful_levels(popcount2(lo & TRUMPS_LO, hi & TRUMPS_HI),
                               np.int64((hi & EXCUSE_HI) != ZERO), st[O.N_PLAYERS])
        if level > 0:
            st[O.PHASE] = O.PHASE_HANDFUL
        else:
            st[O.HANDFULS + seat] = 0


@njit(cache=True, inline="always")
def _start_trick(st, hands, leader):
    st[O.TRICK_N] = 0
    st[O.LEAD] = -1
    st[O.BEST_TRUMP] = -1
    st[O.WINNING_SEAT] = -1
    st[O.WINNING_CARD] = -1
    st[O.TRICK_LEADER] = leader
    _to_play(st, hands, leader)


@njit(cache=True, inline="always")   # the kernel's hot path: no call, no array passing
def begin_nb(st, hands, n, dealer, petit_sec, exchange, dealt):
    """A new deal: ``dealt`` (players' hands then the dog, two words each)."""
    for i in range(O.STATE_SIZE):
        st[i] = 0
    st[O.N_PLAYERS] = n
    st[O.DEALER] = dealer
    st[O.TAKER] = -1
    st[O.CALLED] = -1
    st[O.PARTNER] = -1
    st[O.EXCUSE_SEAT] = -1
    st[O.CALLED_SEAT] = -1
    st[O.PETIT_TRICK] = -1
    st[O.EXCUSE_TRICK] = -1
    st[O.EXCUSE_WINNER] = -1
    st[O.PETIT_WINNER] = -1
    st[O.PETIT_SEC_RULE] = petit_sec
    st[O.EXCHANGE] = exchange
    st[O.N_TRICKS] = HAND_CARDS[n - 3]
    for i in range(HAND_WORDS):
        hands[i] = ZERO
    for s in range(n):
        hands[2 * s] = dealt[2 * s]
        hands[2 * s + 1] = dealt[2 * s + 1]
        st[O.BIDS + s] = -1
        st[O.HANDFULS + s] = -1
        st[O.TRUMP_CAP + s] = TRUMP_21
    for i in range(O.TRICK_CARDS, O.TRICK_CARDS + MAX_SEATS):
        st[i] = -1
    st[O.DOG] = np.int64(dealt[2 * n])
    st[O.DOG + 1] = np.int64(dealt[2 * n + 1])
    st[O.LEAD] = -1
    st[O.BEST_TRUMP] = -1
    st[O.WINNING_SEAT] = -1
    st[O.WINNING_CARD] = -1
    if petit_sec == PETIT_SEC_REDEAL:
        for s in range(n):
            if is_petit_sec(hands[2 * s], hands[2 * s + 1]):
                st[O.ANNULLED] = 2
                st[O.PHASE] = O.PHASE_OVER
                st[O.SEAT] = s
                return
    st[O.PHASE] = O.PHASE_BID
    st[O.SEAT] = (dealer + 1) % n


@njit(cache=True, inline="always")
def _after_call(st, hands):
    n = st[O.N_PLAYERS]
    taker = st[O.TAKER]
    contract = st[O.CONTRACT]
    dog_lo = np.uint64(st[O.DOG])
    dog_hi = np.uint64(st[O.DOG + 1])
    if contract == TAKE or contract == GUARD:
        st[O.DOG_SHOWN] = st[O.DOG]         # turned up for all to see
        st[O.DOG_SHOWN + 1] = st[O.DOG + 1]
        hands[2 * taker] |= dog_lo
        hands[2 * taker + 1] |= dog_hi
        st[O.DISCARD_LEFT] = DOG_CARDS[n - 3]
        st[O.PHASE] = O.PHASE_DISCARD
        st[O.SEAT] = taker
        return
    if contract == GUARD_WITHOUT:
        points, oudlers = _set_points(dog_lo, dog_hi)
        st[O.TAKER_HP] += points
        st[O.TAKER_OUDLERS] += oudlers
    st[O.PHASE] = O.PHASE_SLAM
    st[O.SEAT] = taker


@njit(cache=True, inline="always")
def _close_trick(st, hands, notes):
    """Close the full trick in ``st``; ``notes`` not None: keep the piles a search player
    reads (obs.py ``PILES`` …)."""
    n = st[O.N_PLAYERS]
    no = st[O.TRICK_NO]
    last = no == st[O.N_TRICKS] - 1
    winner = st[O.WINNING_SEAT]
    excuse_here = st[O.EXCUSE_TRICK] == no
    excuse_wins = False
    if last and excuse_here:
        owner = st[O.EXCUSE_SEAT]
        earlier = st[O.TAKER_TRICKS] if _on_taker_side(st, owner) else no - st[O.TAKER_TRICKS]
        if earlier == no:          # its side won every earlier trick: the Excuse takes the last
            winner = owner
            excuse_wins = True
    side = _on_taker_side(st, winner)
    points = 0
    oudlers = 0
    for k in range(n):
        card = st[O.TRICK_CARDS + k]
        played = card != EXCUSE or last
        if played:
            points += HALF_POINTS[card]
            oudlers += _is_oudler(card)
        if card >= 64:
            st[O.PLAYED_HI] |= np.int64(_bit(card))
        else:
            st[O.PLAYED] |= np.int64(_bit(card))
    if side:
        st[O.TAKER_HP] += points
        st[O.TAKER_OUDLERS] += oudlers
        st[O.TAKER_TRICKS] += 1
    if excuse_here and not last:   # the Excuse stays with its owner's side
        owner_side = _on_taker_side(st, st[O.EXCUSE_SEAT])
        swap = 1 if (st[O.EXCHANGE] == EXCHANGE_FFT and owner_side != side) else 0
        if owner_side:
            st[O.TAKER_HP] += 9 - swap
            st[O.TAKER_OUDLERS] += 1
        elif side:
            st[O.TAKER_HP] += swap
    st[O.TRICKS + winner] += 1
    if st[O.PETIT_TRICK] == no:
        st[O.PETIT_SIDE] = 1 if side else 0
    if last:
        sign = 1 if side else -1
        if st[O.PETIT_TRICK] == no:
            st[O.PETIT] = sign
        elif excuse_wins and st[O.PETIT_TRICK] == no - 1 and st[O.PETIT_SIDE] == (1 if side else 0):
            st[O.PETIT] = sign     # the slam ended by the Excuse: the Petit in the trick before
    close_trick_nb(st, O.TRICK_BLOCK, O.TRICK_CARDS, MAX_SEATS, winner)
    if notes is not None:
        st[O.PILES + winner] += points
        st[O.PILE_OUDLERS + winner] += oudlers
        if excuse_here:
            st[O.EXCUSE_WINNER] = winner
        if st[O.PETIT_TRICK] == no:
            st[O.PETIT_WINNER] = winner
    st[O.TRICK_NO] = no + 1
    if last:
        st[O.PHASE] = O.PHASE_OVER
        st[O.SEAT] = -1
        st[O.TRICK_N] = 0
        st[O.LEAD] = -1
        st[O.WINNING_SEAT] = -1
        st[O.WINNING_CARD] = -1
        st[O.BEST_TRUMP] = -1
    else:
        _start_trick(st, hands, winner)


@njit(cache=True, inline="always")   # the kernel's hot path: no call, no array passing
def legal_set_nb(st, hands):
    """The legal set of the decision to take, two words (``uint64``) of action bits."""
    phase = st[O.PHASE]
    seat = st[O.SEAT]
    if phase == O.PHASE_PLAY:
        return legal_play(hands[2 * seat], hands[2 * seat + 1], st[O.LEAD], st[O.BEST_TRUMP])
    if phase == O.PHASE_BID:
        bids = ONE
        for c in range(st[O.CONTRACT] + 1, 5):
            bids |= ONE << np.uint64(c)
        return bids, ZERO
    if phase == O.PHASE_DISCARD:
        return discardable(hands[2 * seat], hands[2 * seat + 1])
    if phase == O.PHASE_CALL:
        return callable_cards(hands[2 * seat]), ZERO   # before the dog: the hand as dealt
    if phase == O.PHASE_SLAM:
        return np.uint64(3), ZERO
    if phase == O.PHASE_HANDFUL:
        lo = hands[2 * seat]
        hi = hands[2 * seat + 1]
        level = handful_levels(popcount2(lo & TRUMPS_LO, hi & TRUMPS_HI),
                               np.int64((hi & EXCUSE_HI) != ZERO), st[O.N_PLAYERS])
        return (ONE << np.uint64(level + 1)) - ONE, ZERO
    return ZERO, ZERO


@njit(cache=True, inline="always")
def apply_action_nb(st, hands, cfg, action):
    """The seat to act takes ``action`` (assumed legal): a step, where every observation keeps
    what a search player reads (``obs.VOIDS`` …)."""
    act_nb(st, hands, cfg, action, True)


@njit(cache=True, inline="always")   # the kernel's hot path: no call, no array passing
def act_nb(st, hands, cfg, action, notes):
    """The seat to act takes ``action`` (assumed legal). ``notes`` None (compile time: a table
    of built-in players only): the voids and piles a search player reads are not kept."""
    phase = st[O.PHASE]
    seat = st[O.SEAT]
    n = st[O.N_PLAYERS]
    if phase == O.PHASE_PLAY:
        play_cards_nb(st, hands, None, None, None, action, None, notes)
    elif phase == O.PHASE_HANDFUL:
        st[O.HANDFULS + seat] = action
        st[O.PHASE] = O.PHASE_PLAY
    elif phase == O.PHASE_BID:
        st[O.BIDS + seat] = action
        if action > 0:
            st[O.CONTRACT] = action
            st[O.TAKER] = seat
        st[O.BIDS_MADE] += 1
        if st[O.BIDS_MADE] < n:
            st[O.SEAT] = (seat + 1) % n
        elif st[O.CONTRACT] == 0:
            st[O.ANNULLED] = 1
            st[O.PHASE] = O.PHASE_OVER
            st[O.SEAT] = -1
        elif n == 5:
            st[O.PHASE] = O.PHASE_CALL
            st[O.SEAT] = st[O.TAKER]
        else:
            _after_call(st, hands)
    elif phase == O.PHASE_CALL:
        st[O.CALLED] = action
        st[O.PARTNER] = -1
        for s in range(n):
            if s != seat and _holds(hands, s, action):
                st[O.PARTNER] = s
        _after_call(st, hands)
    elif phase == O.PHASE_DISCARD:
        hands[2 * seat + (action >> 6)] &= ~_bit(action)
        st[O.DISCARD + (action >> 6)] |= np.int64(_bit(action))
        st[O.TAKER_HP] += HALF_POINTS[action]
        if action >= TRUMP_1:
            st[O.SHOWN + (action >> 6)] |= np.int64(_bit(action))
        st[O.DISCARD_LEFT] -= 1
        if st[O.DISCARD_LEFT] == 0:
            st[O.PHASE] = O.PHASE_SLAM
    elif phase == O.PHASE_SLAM:
        st[O.SLAM] = action
        leader = st[O.TAKER] if action == 1 else (st[O.DEALER] + 1) % n
        _start_trick(st, hands, leader)


@njit(cache=True, inline="always")   # the kernel's hot path: no call, no array passing
def play_cards_nb(st, hands, lineup, kinds, dec_rng, forced, trace, notes):
    """Card play from wherever ``st`` stands: the one implementation of a card
    put into a trick.

    ``forced`` >= 0 (``kinds`` None: no player's code is compiled): the seat
    to act plays that card (a step, a replayed or a player's decision).
    ``forced`` < 0: random players (``kinds[lineup[seat]]``) play on, each
    taking its one draw from ``dec_rng``, until a seat whose player is not
    random is to act, a seat's handful is still to decide, or the deal is
    over; the caller asks that seat through the state. ``notes`` not None (compile time: a
    user's player sits, or a step): each card notes what it shows of its player's hand
    (:func:`note_play_nb`) and each trick its winner's pile.

    The trick in progress stays in local variables and is written back to
    ``st`` when a trick closes and on leaving: 4-player random deals ran at
    186k/s with every card stepped through the state, 531k/s with the trick
    in locals (scripts/bench.py, one core, median of 5; the heuristic's
    32k/s unchanged).
    """
    n = st[O.N_PLAYERS]
    called = st[O.CALLED]
    seat = st[O.SEAT]
    k = st[O.TRICK_N]
    lead = st[O.LEAD]
    best_trump = st[O.BEST_TRUMP]
    win_seat = st[O.WINNING_SEAT]
    win_card = st[O.WINNING_CARD]
    no = st[O.TRICK_NO]
    while True:
        if kinds is None:
            card = forced
        else:
            if kinds[lineup[seat]] != KIND_RANDOM or (no == 0 and st[O.HANDFULS + seat] < 0):
                break
            lo, hi = legal_play(hands[2 * seat], hands[2 * seat + 1], lead, best_trump)
            card = random_choice2_nb(lo, hi, draw_nb(dec_rng))
            trace_decision_nb(trace, seat, O.PHASE_PLAY, card)
        if notes is not None:
            note_play_nb(st, seat, card, lead, best_trump)
        hands[2 * seat + (card >> 6)] &= ~_bit(card)
        st[O.TRICK_CARDS + k] = card
        if card == called:
            st[O.CALLED_SEAT] = seat
        if card == EXCUSE:
            st[O.EXCUSE_SEAT] = seat
            st[O.EXCUSE_TRICK] = no
        elif card == TRUMP_1:
            st[O.PETIT_TRICK] = no
        if lead < 0:
            lead = lead_of(card)
        if card >= TRUMP_1 and card != EXCUSE and card > best_trump:
            best_trump = card
        # written as selects, not a branch: which card takes the trick is a coin flip
        take = (win_seat < 0) | (card_key(card, lead) > card_key(win_card, lead))
        win_seat = seat if take else win_seat
        win_card = card if take else win_card
        k += 1
        seat = seat + 1 if seat + 1 < n else 0
        if k == n:
            _store_trick(st, seat, k, lead, best_trump, win_seat, win_card, no)
            _close_trick(st, hands, notes)
            if st[O.PHASE] == O.PHASE_OVER:
                return
            seat = st[O.SEAT]
            k = 0
            lead = -1
            best_trump = -1
            win_seat = -1
            win_card = -1
            no += 1
            if kinds is None:
                return
        elif kinds is None:
            break
    _store_trick(st, seat, k, lead, best_trump, win_seat, win_card, no)
    _to_play(st, hands, seat)


@njit(cache=True, inline="always")
def note_play_nb(st, seat, card, lead, best_trump):
    """Note in ``st`` what ``seat`` shows of its hand by playing ``card`` to a trick asking
    ``lead`` with ``best_trump`` the highest trump in it (rules_nb.legal_play): another suit
    to a suit led shows it void in that suit; a suit card where it could not follow shows
    it has no trump; a trump below the best one shows it has none above that. The Excuse,
    and anything led, show nothing."""
    if lead < 0 or card == EXCUSE:
        return
    if lead < 4 and card // 14 != lead:
        st[O.VOIDS + seat] |= 1 << lead
    if card < TRUMP_1:
        if lead == 4 or card // 14 != lead:
            st[O.VOIDS + seat] |= 1 << 4
    elif card < best_trump:
        st[O.TRUMP_CAP + seat] = min(st[O.TRUMP_CAP + seat], best_trump)


@njit(cache=True, inline="always")
def _store_trick(st, seat, k, lead, best_trump, win_seat, win_card, no):
    st[O.SEAT] = seat
    st[O.TRICK_N] = k
    st[O.LEAD] = lead
    st[O.BEST_TRUMP] = best_trump
    st[O.WINNING_SEAT] = win_seat
    st[O.WINNING_CARD] = win_card
    st[O.TRICK_NO] = no



@njit(cache=True)
def handful_bonus_nb(st):
    total = 0
    for s in range(st[O.N_PLAYERS]):
        if st[O.HANDFULS + s] > 0:
            total += HANDFUL_BONUS[st[O.HANDFULS + s]]
    return total


@njit(cache=True, inline="always")   # the kernel's hot path: no call, no array passing
def score_nb(st):
    """(made, signed margin, score per defender) of a finished, played deal."""
    made, margin = outcome(st[O.TAKER_HP], st[O.TAKER_OUDLERS])
    n_tricks = st[O.N_TRICKS]
    score = deal_score(st[O.CONTRACT], made, margin, 10 * st[O.PETIT], handful_bonus_nb(st),
                       st[O.SLAM] == 1, st[O.TAKER_TRICKS] == n_tricks, st[O.TAKER_TRICKS] == 0)
    return made, margin, score
