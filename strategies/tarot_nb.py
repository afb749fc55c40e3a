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

from sim.bits_nb import highest, lowest, popcount
from sim.games.tarot import obs as O
from sim.games.tarot.cards import EXCUSE, HALF_POINTS, TRUMP_1, TRUMP_21
from sim.games.tarot.rules_nb import (KINGS_LO, ONE, SUIT_MASK, SUITS_LO, TRUMPS_HI, TRUMPS_LO,
                                      ZERO, card_key, popcount2, trumps_above)
from sim.kit_nb import random_choice2_nb

NAMES = ("take", "guard", "guard_without", "guard_against", "slam_trumps", "handful",
         "excuse_points", "pull_trumps", "trumps_out_stop", "hunt_petit", "petit_au_bout")
DEFAULTS = (52.0, 56.0, 71.0, 81.0, 13.0, 1.0, 5.0, 6.0, 0.0, 6.0, 2.0)
RANGES = ((0.0, 200.0), (0.0, 200.0), (0.0, 200.0), (0.0, 200.0), (0.0, 30.0), (0.0, 1.0),
          (0.0, 10.0), (0.0, 22.0), (-1.0, 21.0), (0.0, 21.0), (-1.0, 21.0))

HAND_SIZE = np.array([24, 18, 15], dtype=np.int64)

# Sets of cards by kind, two words as in cards.py (T1 … T8 in ``lo``, T9 … T21 and EX in ``hi``).
# The player works on these words and their set bits: a decision is a few popcounts and
# loops over the few cards that matter, never over the 78 ids nor an array of its own.
QUEENS_LO = KINGS_LO >> ONE
KNIGHTS_LO = KINGS_LO >> np.uint64(2)
JACKS_LO = KINGS_LO >> np.uint64(3)
FACES_LO = KINGS_LO | QUEENS_LO | KNIGHTS_LO | JACKS_LO
PETIT_LO = ONE << np.uint64(TRUMP_1)
T21_HI = ONE << np.uint64(TRUMP_21 - 64)
EXCUSE_HI = ONE << np.uint64(EXCUSE - 64)
HIGH_TRUMPS_HI = TRUMPS_HI & ~((ONE << np.uint64(TRUMP_1 + 15 - 64)) - ONE)   # T16 … T21
# a suit's part of the bidding strength by its length (a hand bids before the dog: <= 24 cards)
SUIT_STRENGTH = np.array([6, 3, 0, 0, 0] + [5 * (length - 4) for length in range(5, 25)],
                         dtype=np.int64)


@njit(cache=True)
def random_decide(obs, params):
    """Uniform among the legal actions (the same choice as the engine's inline random player)."""
    return random_choice2_nb(np.uint64(obs[O.LEGAL]), np.uint64(obs[O.LEGAL + 1]), obs[O.RANDOM])


@njit(cache=True, inline="always")
def _has(lo, hi, c):
    word = lo if c < 64 else hi
    return (word >> np.uint64(c & 63)) & ONE != ZERO


@njit(cache=True, inline="always")
def _lowest2(lo, hi):
    """The lowest card of a non-empty two-word set."""
    return lowest(lo) if lo != ZERO else 64 + lowest(hi)


@njit(cache=True, inline="always")
def _suit_len(hand_lo, s):
    return popcount(hand_lo & SUIT_MASK[s])


@njit(cache=True)
def _strength(hand_lo, hand_hi):
    """Hand strength for bidding, scaled by the caller to an 18-card hand: every trump 2
    (T16 … T21 4), the Excuse 8, T21 10 more, the Petit 2 more (7 with 5 trumps or more),
    King 6, Queen 3, Knight 2, Jack 1; a suit 5 a card beyond 4, a void 6, a singleton 3.
    Whole numbers, so the sum is the same in any order."""
    trumps = popcount2(hand_lo & TRUMPS_LO, hand_hi & TRUMPS_HI)
    score = 2 * trumps + 2 * popcount(hand_hi & HIGH_TRUMPS_HI)
    if hand_hi & T21_HI != ZERO:
        score += 10
    if hand_hi & EXCUSE_HI != ZERO:
        score += 8
    if hand_lo & PETIT_LO != ZERO:
        score += 7 if trumps >= 5 else 2
    score += (6 * popcount(hand_lo & KINGS_LO) + 3 * popcount(hand_lo & QUEENS_LO)
              + 2 * popcount(hand_lo & KNIGHTS_LO) + popcount(hand_lo & JACKS_LO))
    for s in range(4):
        score += SUIT_STRENGTH[_suit_len(hand_lo, s)]
    return np.float64(score)


@njit(cache=True, inline="always")
def _ally(me, seat, n, taker, revealed, holds_called):
    """Whether ``seat`` is on my side as far as I can tell: with 5 players the partner
    is known to himself (he holds the called card) and to all once it is played."""
    if seat == me:
        return True
    if n < 5:
        return (seat == taker) == (me == taker)
    if me == taker:
        return seat == revealed and revealed >= 0
    if holds_called or revealed == me:
        return seat == taker
    return seat != taker and seat != revealed


@njit(cache=True)
def heuristic_nb(obs, params):
    """The decision: the observation's slots read here, then a function of plain
    numbers per kind of decision. A call, not inlined: inlined into the kernel's
    card loop it was no faster (4-player, interleaved rounds) and compiles there twice."""
    phase = obs[O.PHASE]
    lo = np.uint64(obs[O.LEGAL])
    hi = np.uint64(obs[O.LEGAL + 1])
    if popcount2(lo, hi) == 1:
        return _lowest2(lo, hi)
    hand_lo = np.uint64(obs[O.HAND])
    hand_hi = np.uint64(obs[O.HAND + 1])
    n = obs[O.N_PLAYERS]
    if phase == O.PHASE_PLAY:
        # what this player knows is in no other hand: its own, the completed tricks,
        # this trick and the trumps shown from the discard; and who played the Petit here
        seen_lo = hand_lo | np.uint64(obs[O.PLAYED]) | np.uint64(obs[O.SHOWN])
        seen_hi = hand_hi | np.uint64(obs[O.PLAYED_HI]) | np.uint64(obs[O.SHOWN + 1])
        n_in = obs[O.TRICK_N]
        petit_seat = -1
        for i in range(n_in):
            c = obs[O.TRICK_CARDS + i]
            if c >= 64:
                seen_hi |= ONE << np.uint64(c - 64)
            else:
                seen_lo |= ONE << np.uint64(c)
            if c == TRUMP_1:
                petit_seat = (obs[O.TRICK_LEADER] + i) % n
        return _play(obs[O.SEAT], n, obs[O.TAKER], obs[O.CALLED], obs[O.CALLED_SEAT],
                     hand_lo, hand_hi, lo, hi, seen_lo, seen_hi, n_in, petit_seat,
                     obs[O.LEAD], obs[O.WINNING_SEAT], obs[O.WINNING_CARD], params[6],
                     params[7], params[8], params[9], params[10])
    if phase == O.PHASE_BID:
        return _bid(hand_lo, hand_hi, n, obs[O.CONTRACT], params[0], params[1], params[2],
                    params[3])
    if phase == O.PHASE_DISCARD:
        return _discard(hand_lo, lo, hi)
    if phase == O.PHASE_CALL:
        return _call(hand_lo, lo)
    if phase == O.PHASE_SLAM:
        trumps = popcount2(hand_lo & TRUMPS_LO, hand_hi & TRUMPS_HI)
        plain_not_king = hand_lo & SUITS_LO & ~KINGS_LO
        return 1 if trumps >= params[4] / (18.0 / HAND_SIZE[n - 3]) and plain_not_king == ZERO else 0
    if phase == O.PHASE_HANDFUL:
        return highest(lo) if params[5] >= 0.5 else 0
    return _lowest2(lo, hi)


@njit(cache=True)
def _bid(hand_lo, hand_hi, n, contract, take, guard, guard_without, guard_against):
    """The highest contract whose threshold the strength reaches, if above the last bid."""
    strength = _strength(hand_lo, hand_hi) * (18.0 / HAND_SIZE[n - 3])
    best = 0
    if strength >= take:
        best = 1
    if strength >= guard:
        best = 2
    if strength >= guard_without:
        best = 3
    if strength >= guard_against:
        best = 4
    return best if best > contract else 0


@njit(cache=True)
def _call(hand_lo, legal_lo):
    """A card it may call and does not hold, of its longest suit (the lowest such card
    of the first longest suit); the lowest legal card when it holds them all."""
    choice = lowest(legal_lo)
    most = -1
    free = legal_lo & ~hand_lo
    while free != ZERO:
        c = lowest(free)
        free &= free - ONE
        length = _suit_len(hand_lo, c // 14)
        if length > most:
            most = length
            choice = c
    return choice


@njit(cache=True)
def _discard(hand_lo, lo, hi):
    """From its shortest suits first, the higher cards first (the lowest key, the lowest
    card of equal keys); trumps (only ever all trumps) the lowest first."""
    if lo & SUITS_LO == ZERO:
        return _lowest2(lo, hi)        # a trump's key is its id
    choice = -1
    best_key = 1 << 30
    word = lo & SUITS_LO               # the discardable set is all suit cards or all trumps
    while word != ZERO:
        c = lowest(word)
        word &= word - ONE
        key = _suit_len(hand_lo, c // 14) * 16 - HALF_POINTS[c]
        if key < best_key:
            best_key = key
            choice = c
    return choice


@njit(cache=True, inline="always")
def _highest_trump(lo, hi):
    """The highest trump but the Petit of a set, -1 none."""
    t_hi = hi & TRUMPS_HI
    if t_hi != ZERO:
        return 64 + highest(t_hi)
    t_lo = lo & TRUMPS_LO & ~PETIT_LO
    return highest(t_lo) if t_lo != ZERO else -1


@njit(cache=True)
def _play(me, n, taker, called, revealed, hand_lo, hand_hi, lo, hi, seen_lo, seen_hi, n_in,
          petit_seat, lead, win_seat, win_card, excuse_points, pull_trumps, trumps_out_stop,
          hunt_petit, petit_au_bout):
    """A card. Trumps are counted from what this player has seen (``seen_*``): the
    trumps out are those in the other hands, or in a dog nobody saw."""
    if hi & EXCUSE_HI != ZERO and popcount2(hand_lo, hand_hi) == 2:
        return EXCUSE                     # never keep the Excuse for the last trick
    holds_called = called >= 0 and _has(hand_lo, hand_hi, called)
    counting = trumps_out_stop >= 0
    trumps = popcount2(hand_lo & TRUMPS_LO, hand_hi & TRUMPS_HI)
    out = 21 - popcount2(seen_lo & TRUMPS_LO, seen_hi & TRUMPS_HI)
    # petit au bout: the Petit wins the last trick when no other trump is left against it;
    # so it is kept when none is out, or when its holder's other trumps can draw them all
    keep_petit = (hand_lo & PETIT_LO != ZERO and petit_au_bout >= 0
                  and (out == 0 or trumps - 1 >= out + petit_au_bout))
    if n_in == 0:
        defence = not _ally(me, taker, n, taker, revealed, holds_called)
        # (the scale to an 18-card hand divided only when it counts: a division is slow)
        pull = me == taker and trumps >= pull_trumps / (18.0 / HAND_SIZE[n - 3])
        hunt = defence and seen_lo & PETIT_LO == ZERO and out <= hunt_petit  # few trumps guard it
        draw = keep_petit and out > 0
        if (pull or hunt or draw) and (not counting or out > trumps_out_stop):
            c = _highest_trump(lo, hi)
            if c >= 0:
                return c                  # trumps led, the highest first (not the Petit)
        if lo & KINGS_LO != ZERO:
            return lowest(lo & KINGS_LO)  # a King first
        longest = -1
        choice = -1
        for s in range(4):
            cards = lo & SUIT_MASK[s]
            if cards != ZERO and _suit_len(hand_lo, s) > longest:
                longest = _suit_len(hand_lo, s)
                choice = lowest(cards)    # the lowest card of the (first) longest suit
        if choice >= 0:
            return choice
        t_lo = lo & TRUMPS_LO & ~PETIT_LO
        t_hi = hi & TRUMPS_HI
        if t_lo != ZERO or t_hi != ZERO:
            return _lowest2(t_lo, t_hi)
        return _lowest2(lo, hi)
    ally_winning = _ally(me, win_seat, n, taker, revealed, holds_called) and win_card != EXCUSE
    last = n_in == n - 1
    sure = last or win_card >= TRUMP_1 + 15 and win_card != EXCUSE
    if counting and not sure and TRUMP_1 <= win_card < EXCUSE:
        above_lo, above_hi = trumps_above(win_card)
        sure = (above_lo & ~seen_lo) == ZERO and (above_hi & ~seen_hi) == ZERO   # the master trump
    if ally_winning and sure:
        if lo & PETIT_LO != ZERO and (last or win_card > TRUMP_1) and not keep_petit:
            return TRUMP_1                # the Petit saved in a trick the side holds
        # the most points (the first of equal points), a trump but an oudler last, the lowest first
        suits = lo & SUITS_LO
        for faces in (KINGS_LO, QUEENS_LO, KNIGHTS_LO, JACKS_LO, SUITS_LO):
            if suits & faces != ZERO:
                return lowest(suits & faces)
        t_lo = lo & TRUMPS_LO & ~PETIT_LO
        t_hi = hi & TRUMPS_HI & ~T21_HI
        if t_lo != ZERO or t_hi != ZERO:
            return _lowest2(t_lo, t_hi)
        return _lowest2(lo, hi)           # nothing but oudlers
    key_now = card_key(win_card, lead) if win_seat >= 0 else -3
    if hunt_petit > 0 and not last and petit_seat >= 0 and \
            not _ally(me, petit_seat, n, taker, revealed, holds_called):
        c = _highest_trump(lo, hi)
        if c >= 0 and card_key(c, lead) > key_now:
            return c                      # the other side's Petit taken as surely as it can be
    if not ally_winning:
        # the cheapest card that wins: the lowest that beats the trick, not the Excuse,
        # the Petit only in the last trick and when not kept for it
        cand_lo = lo
        if not last or keep_petit:
            cand_lo &= ~PETIT_LO
        cand_hi = hi & ~EXCUSE_HI
        for w in range(2):
            word = cand_lo if w == 0 else cand_hi
            while word != ZERO:
                c = 64 * w + lowest(word)
                word &= word - ONE
                lead_c = lead
                if lead_c < 0:
                    lead_c = 4 if c >= 56 else c // 14
                if card_key(c, lead_c) > key_now:
                    return c
    # cannot win (or an ally holds the trick unsure): throw the cheapest card
    choice = -1
    best = 1 << 30
    for w in range(2):
        word = lo if w == 0 else hi & ~EXCUSE_HI
        while word != ZERO:
            c = 64 * w + lowest(word)
            word &= word - ONE
            cost = HALF_POINTS[c] * 100 + (c % 14 if c < 56 else c) + (5000 if c == TRUMP_1 else 0)
            if cost < best:
                best = cost
                choice = c
    if choice < 0 or (hi & EXCUSE_HI != ZERO and HALF_POINTS[choice] >= excuse_points):
        return EXCUSE
    return choice


@njit(cache=True)
def heuristic_decide(obs, params):
    """The heuristic as an ABI function (the engine calls ``heuristic_nb`` inline)."""
    return heuristic_nb(obs, params)
