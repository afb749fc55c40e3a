"""French Tarot players as compiled functions on the observation (``sim/games/tarot/obs.py``).

``random_decide``: uniform among the legal actions of any decision (the
engine's inline random player makes the same choice). ``heuristic_nb``: a
player for every decision with tunable params (``NAMES``):

* bidding from hand strength (oudlers, trumps and their height, Kings and
  Queens, long suits, voids; scaled to an 18-card hand), the highest
  contract whose threshold the strength reaches, if above the last bid;
* the call (5 players): a card it may call and does not hold, of the suit it
  holds most cards of (a King; with all four Kings a Queen, and so on down);
* the discard: from its shortest suits first, the higher cards first (voids
  built, points saved in its own pile), trumps only as the rules force;
* a slam only with a hand of trumps and Kings, handfuls when allowed;
* card play: the taker pulls trumps with a long trump hand, until the trumps
  it has not seen are few (counted from the played cards); the defence leads
  its long suits, or hunts the Petit with its high trumps when few trumps
  guard it, and takes an opponent's Petit with its highest trump; the
  holder of the Petit keeps it for the last trick when no other trump can be
  left against it (petit au bout); on a trick its side surely holds (the
  master trump counts) it gives points (and the Petit, saved); otherwise it
  wins as cheaply as it can, else it throws its cheapest card, the Excuse
  instead of a valuable card, never keeping the Excuse for the last trick.
"""
import numpy as np
from numba import njit

from sim.games.tarot import obs as O
from sim.games.tarot.cards import EXCUSE, HALF_POINTS, TRUMP_1, TRUMP_21
from sim.games.tarot.rules_nb import ONE, TRUMPS_HI, TRUMPS_LO, ZERO, card_key, popcount2, trumps_above
from sim.kit_nb import random_choice2_nb

NAMES = ("take", "guard", "guard_without", "guard_against", "slam_trumps", "handful",
         "excuse_points", "pull_trumps", "trumps_out_stop", "hunt_petit", "petit_au_bout")
DEFAULTS = (52.0, 56.0, 71.0, 81.0, 13.0, 1.0, 5.0, 6.0, 0.0, 6.0, 2.0)
RANGES = ((0.0, 200.0), (0.0, 200.0), (0.0, 200.0), (0.0, 200.0), (0.0, 30.0), (0.0, 1.0),
          (0.0, 10.0), (0.0, 22.0), (-1.0, 21.0), (0.0, 21.0), (-1.0, 21.0))

HAND_SIZE = np.array([24, 18, 15], dtype=np.int64)


@njit(cache=True)
def random_decide(obs, params):
    """Uniform among the legal actions (the same choice as the engine's inline random player)."""
    return random_choice2_nb(np.uint64(obs[O.LEGAL]), np.uint64(obs[O.LEGAL + 1]), obs[O.RANDOM])


@njit(cache=True, inline="always")
def _has(lo, hi, c):
    word = lo if c < 64 else hi
    return (word >> np.uint64(c & 63)) & np.uint64(1) != np.uint64(0)


@njit(cache=True)
def _cards(lo, hi, out):
    k = 0
    for c in range(78):
        if _has(lo, hi, c):
            out[k] = c
            k += 1
    return k


@njit(cache=True)
def _strength(cards, k):
    """Hand strength for bidding, scaled by the caller to an 18-card hand."""
    trumps = 0
    suit_len = np.zeros(4, dtype=np.int64)
    for i in range(k):
        c = cards[i]
        if TRUMP_1 <= c < EXCUSE:
            trumps += 1
        elif c < 56:
            suit_len[c // 14] += 1
    score = 0.0
    for i in range(k):
        c = cards[i]
        if c == TRUMP_21:
            score += 10
        elif c == EXCUSE:
            score += 8
        elif c == TRUMP_1:
            score += 7 if trumps >= 5 else 2
        if TRUMP_1 <= c < EXCUSE:
            score += 2 + (2 if c >= TRUMP_1 + 15 else 0)
        elif c < 56:
            rank = c % 14 + 1
            score += 6 if rank == 14 else (3 if rank == 13 else (2 if rank == 12 else (1 if rank == 11 else 0)))
    for s in range(4):
        if suit_len[s] >= 5:
            score += 5 * (suit_len[s] - 4)
        if suit_len[s] == 0:
            score += 6
        elif suit_len[s] == 1:
            score += 3
    return score


@njit(cache=True, inline="always")
def _ally(obs, me, seat, holds_called):
    """Whether ``seat`` is on my side as far as I can tell: with 5 players the partner
    is known to himself (he holds the called card) and to all once it is played."""
    taker = obs[O.TAKER]
    if seat == me:
        return True
    if obs[O.N_PLAYERS] < 5:
        return (seat == taker) == (me == taker)
    revealed = obs[O.CALLED_SEAT]
    if me == taker:
        return seat == revealed and revealed >= 0
    if holds_called or revealed == me:
        return seat == taker
    return seat != taker and seat != revealed


@njit(cache=True)
def heuristic_nb(obs, params):
    phase = obs[O.PHASE]
    me = obs[O.SEAT]
    n = obs[O.N_PLAYERS]
    hand_lo = np.uint64(obs[O.HAND])
    hand_hi = np.uint64(obs[O.HAND + 1])
    lo = np.uint64(obs[O.LEGAL])
    hi = np.uint64(obs[O.LEGAL + 1])
    legal = np.empty(78, dtype=np.int64)
    n_legal = _cards(lo, hi, legal)
    if n_legal == 1:
        return legal[0]
    hand = np.empty(78, dtype=np.int64)
    k = _cards(hand_lo, hand_hi, hand)
    suit_len = np.zeros(4, dtype=np.int64)
    trumps = 0
    for i in range(k):
        c = hand[i]
        if c < 56:
            suit_len[c // 14] += 1
        elif c < EXCUSE:
            trumps += 1
    scale = 18.0 / HAND_SIZE[n - 3]
    if phase == O.PHASE_BID:
        strength = _strength(hand, k) * scale
        best = 0
        for c in range(1, 5):
            if strength >= params[c - 1]:
                best = c
        return best if best > obs[O.CONTRACT] else 0
    if phase == O.PHASE_CALL:
        choice = legal[0]
        most = -1
        for i in range(n_legal):
            c = legal[i]
            if not _has(hand_lo, hand_hi, c) and suit_len[c // 14] > most:
                most = suit_len[c // 14]
                choice = c
        return choice
    if phase == O.PHASE_DISCARD:
        choice = legal[0]
        best_key = 1 << 30
        for i in range(n_legal):
            c = legal[i]
            key = c if c >= 56 else suit_len[c // 14] * 16 - HALF_POINTS[c]
            if key < best_key:
                best_key = key
                choice = c
        return choice
    if phase == O.PHASE_SLAM:
        plain_not_king = 0
        for i in range(k):
            if hand[i] < 56 and hand[i] % 14 != 13:
                plain_not_king += 1
        return 1 if trumps >= params[4] / scale and plain_not_king == 0 else 0
    if phase == O.PHASE_HANDFUL:
        return legal[n_legal - 1] if params[5] >= 0.5 else 0
    return _play(obs, params, hand_lo, hand_hi, lo, hi, legal, n_legal, suit_len, trumps, k, scale)


@njit(cache=True)
def _seen(obs, hand_lo, hand_hi):
    """The cards this player knows are in no other hand: its own, the completed tricks,
    this trick and the trumps shown from the discard (two words)."""
    seen_lo = hand_lo | np.uint64(obs[O.PLAYED]) | np.uint64(obs[O.SHOWN])
    seen_hi = hand_hi | np.uint64(obs[O.PLAYED_HI]) | np.uint64(obs[O.SHOWN + 1])
    for i in range(obs[O.TRICK_N]):
        c = obs[O.TRICK_CARDS + i]
        if c >= 64:
            seen_hi |= ONE << np.uint64(c - 64)
        else:
            seen_lo |= ONE << np.uint64(c)
    return seen_lo, seen_hi


@njit(cache=True)
def _petit_seat(obs):
    """The seat that played the Petit to this trick, -1 none."""
    n = obs[O.N_PLAYERS]
    for i in range(obs[O.TRICK_N]):
        if obs[O.TRICK_CARDS + i] == TRUMP_1:
            return (obs[O.TRICK_LEADER] + i) % n
    return -1


@njit(cache=True)
def _highest_trump(legal, n_legal, floor_key, lead):
    """The highest legal trump but the Petit whose key beats ``floor_key``, -1 none."""
    for i in range(n_legal - 1, -1, -1):
        c = legal[i]
        if TRUMP_1 < c < EXCUSE and card_key(c, lead) > floor_key:
            return c
    return -1


@njit(cache=True)
def _play(obs, params, hand_lo, hand_hi, lo, hi, legal, n_legal, suit_len, trumps, k, scale):
    """A card. Trumps are counted from what this player has seen (``_seen``): the
    trumps out are those in the other hands, or in a dog nobody saw."""
    me = obs[O.SEAT]
    n = obs[O.N_PLAYERS]
    taker = obs[O.TAKER]
    if _has(lo, hi, EXCUSE) and k == 2:
        return EXCUSE                     # never keep the Excuse for the last trick
    holds_called = obs[O.CALLED] >= 0 and _has(hand_lo, hand_hi, obs[O.CALLED])
    defence = not _ally(obs, me, taker, holds_called)
    counting = params[8] >= 0
    seen_lo, seen_hi = _seen(obs, hand_lo, hand_hi)
    out = 21 - popcount2(seen_lo & TRUMPS_LO, seen_hi & TRUMPS_HI)
    petit_out = not _has(seen_lo, seen_hi, TRUMP_1)
    # petit au bout: the Petit wins the last trick when no other trump is left against it;
    # so it is kept when none is out, or when its holder's other trumps can draw them all
    keep_petit = (_has(hand_lo, hand_hi, TRUMP_1) and params[10] >= 0
                  and (out == 0 or trumps - 1 >= out + params[10]))
    n_in = obs[O.TRICK_N]
    if n_in == 0:
        pull = me == taker and trumps >= params[7] / scale
        hunt = defence and petit_out and out <= params[9]     # few trumps guard it
        draw = keep_petit and out > 0
        if (pull or hunt or draw) and (not counting or out > params[8]):
            c = _highest_trump(legal, n_legal, -3, 4)
            if c >= 0:
                return c                  # trumps led, the highest first (not the Petit)
        longest = -1
        choice = -1
        for i in range(n_legal):
            c = legal[i]
            if c < 56 and c % 14 == 13:
                return c          # a King first
            if c < 56 and suit_len[c // 14] > longest:
                longest = suit_len[c // 14]
                choice = c        # the lowest card of the longest suit
        if choice >= 0:
            return choice
        for i in range(n_legal):
            if TRUMP_1 < legal[i] < EXCUSE:
                return legal[i]
        return legal[0]
    lead = obs[O.LEAD]
    win_seat = obs[O.WINNING_SEAT]
    win_card = obs[O.WINNING_CARD]
    ally_winning = _ally(obs, me, win_seat, holds_called) and win_card != EXCUSE
    last = n_in == n - 1
    sure = last or win_card >= TRUMP_1 + 15 and win_card != EXCUSE
    if counting and not sure and TRUMP_1 <= win_card < EXCUSE:
        above_lo, above_hi = trumps_above(win_card)
        sure = (above_lo & ~seen_lo) == ZERO and (above_hi & ~seen_hi) == ZERO   # the master trump
    if ally_winning and sure:
        if _has(lo, hi, TRUMP_1) and (last or win_card > TRUMP_1) and not keep_petit:
            return TRUMP_1                # the Petit saved in a trick the side holds
        best = -1
        choice = legal[0]
        for i in range(n_legal):
            c = legal[i]
            if c == EXCUSE or c == TRUMP_21 or c == TRUMP_1:
                continue
            value = HALF_POINTS[c] * 100 - (c if c >= 56 else 0)
            if value > best:
                best = value
                choice = c
        return choice
    key_now = card_key(win_card, lead) if win_seat >= 0 else -3
    petit_seat = _petit_seat(obs)
    if params[9] > 0 and not last and petit_seat >= 0 and not _ally(obs, me, petit_seat, holds_called):
        c = _highest_trump(legal, n_legal, key_now, lead)
        if c >= 0:
            return c                      # the other side's Petit taken as surely as it can be
    cheapest_win = -1
    for i in range(n_legal):
        c = legal[i]
        if c == EXCUSE or (c == TRUMP_1 and (not last or keep_petit)):
            continue
        lead_c = lead
        if lead_c < 0:
            lead_c = 4 if c >= 56 else c // 14
        if card_key(c, lead_c) > key_now and not ally_winning:
            cheapest_win = c
            break
    if cheapest_win >= 0:
        return cheapest_win
    # cannot win (or an ally holds the trick unsure): throw the cheapest card
    choice = -1
    best = 1 << 30
    for i in range(n_legal):
        c = legal[i]
        if c == EXCUSE:
            continue
        cost = HALF_POINTS[c] * 100 + (c % 14 if c < 56 else c) + (5000 if c == TRUMP_1 else 0)
        if cost < best:
            best = cost
            choice = c
    if choice < 0 or (_has(lo, hi, EXCUSE) and HALF_POINTS[choice] >= params[6]):
        return EXCUSE
    return choice


@njit(cache=True)
def heuristic_decide(obs, params):
    """The heuristic as an ABI function (the engine calls ``heuristic_nb`` inline)."""
    return heuristic_nb(obs, params)
