"""French Tarot rules as compiled functions: legal cards, the trick's order,
the contract's outcome, the score formula and the settlement.

Sets of cards are two words ``(lo, hi)`` (``cards.py``: ids 0 … 63 in ``lo``,
64 … 77 in ``hi``). Points are integer half-points throughout.
"""
import numpy as np
from numba import njit

from ...bits_nb import popcount

ONE = np.uint64(1)
ZERO = np.uint64(0)
TRUMP_1 = 56
TRUMP_21 = 76
EXCUSE = 77
LEAD_TRUMP = 4
TRUMPS_LO = np.uint64(0xFF) << np.uint64(56)     # T1 … T8
TRUMPS_HI = np.uint64((1 << 13) - 1)              # T9 … T21
EXCUSE_HI = np.uint64(1 << 13)
KINGS_LO = np.uint64(sum(1 << (s * 14 + 13) for s in range(4)))
JACKS_LO = KINGS_LO >> np.uint64(3)               # one rank a shift: Queens, Knights, Jacks
SUITS_LO = np.uint64((1 << 56) - 1)
SUIT_MASK = np.array([((1 << 14) - 1) << (14 * s) for s in range(4)], dtype=np.uint64)
OUDLERS_LO = np.uint64(1) << np.uint64(56)
OUDLERS_HI = np.uint64((1 << 12) | (1 << 13))     # T21, EX

HAND_CARDS = np.array([24, 18, 15], dtype=np.int64)   # cards a hand, by players 3, 4, 5
DOG_CARDS = np.array([6, 6, 3], dtype=np.int64)       # cards in the dog, by players 3, 4, 5

# the options as cfg.py packs them: the order of their choices (info.py)
PETIT_SEC_REDEAL, PETIT_SEC_PLAY = range(2)           # petit_sec
EXCHANGE_FFT, EXCHANGE_NONE = range(2)                # excuse_exchange

# contracts: 0 pass, then Take, Guard, Guard Without, Guard Against
PASS, TAKE, GUARD, GUARD_WITHOUT, GUARD_AGAINST = range(5)
MULTIPLIER = np.array([0, 1, 2, 4, 6], dtype=np.int64)
TARGET_HALF_POINTS = np.array([112, 102, 82, 72], dtype=np.int64)   # 56, 51, 41, 36 by oudlers
HANDFUL_BONUS = np.array([0, 20, 30, 40], dtype=np.int64)
# handful thresholds (single, double, triple) by number of players 3, 4, 5
HANDFUL_TRUMPS = np.array([[13, 15, 18], [10, 13, 15], [8, 10, 13]], dtype=np.int64)


@njit(cache=True, inline="always")
def is_petit_sec(lo, hi):
    """Whether a hand holds the Petit as its only trump, without the Excuse: under
    ``petit_sec=redeal`` its deal is dealt again."""
    return (lo & TRUMPS_LO) == (ONE << np.uint64(TRUMP_1)) and (hi & (TRUMPS_HI | EXCUSE_HI)) == ZERO


@njit(cache=True, inline="always")
def popcount2(lo, hi):
    """Cards in a two-word set."""
    return popcount(lo) + popcount(hi)


@njit(cache=True, inline="always")
def trumps_above(card):
    """The trumps strictly higher than ``card`` (a trump id, or -1 for every trump)."""
    if card < 0:
        return TRUMPS_LO, TRUMPS_HI
    if card < 64:
        below = ((ONE << np.uint64(card)) << ONE) - ONE
        return TRUMPS_LO & ~below, TRUMPS_HI
    below = ((ONE << np.uint64(card - 64)) << ONE) - ONE
    return ZERO, TRUMPS_HI & ~below


@njit(cache=True, inline="always")
def legal_play(hand_lo, hand_hi, lead, best_trump):
    """Legal cards of a hand: ``lead`` is the suit asked (0..3), ``LEAD_TRUMP``, or
    -1 (leading, or after an Excuse lead before the next card); ``best_trump`` is the
    highest trump in the trick, -1 none. Follow suit; void -> trump; any trump
    played must beat the highest so far if the hand can; the Excuse at any time."""
    if lead < 0:
        return hand_lo, hand_hi
    excuse = hand_hi & EXCUSE_HI
    if lead < LEAD_TRUMP:
        follow = hand_lo & SUIT_MASK[lead]
        if follow != ZERO:
            return follow, excuse
    t_lo = hand_lo & TRUMPS_LO
    t_hi = hand_hi & TRUMPS_HI
    if t_lo == ZERO and t_hi == ZERO:
        return hand_lo, hand_hi
    a_lo, a_hi = trumps_above(best_trump)
    a_lo &= t_lo
    a_hi &= t_hi
    if a_lo != ZERO or a_hi != ZERO:
        return a_lo, a_hi | excuse
    return t_lo, t_hi | excuse


@njit(cache=True, inline="always")
def lead_of(card):
    """What a led card asks for: its suit, ``LEAD_TRUMP``, or -1 for the Excuse."""
    if card == EXCUSE:
        return -1
    if card >= TRUMP_1:
        return LEAD_TRUMP
    return card // 14


@njit(cache=True, inline="always")
def card_key(card, lead):
    """Higher takes the trick: trumps 100 + id, the suit led its rank, others -1."""
    if card == EXCUSE:
        return -2
    if card >= TRUMP_1:
        return 100 + card
    if card // 14 == lead:
        return card % 14
    return -1


@njit(cache=True, inline="always")
def discardable(hand_lo, hand_hi):
    """Cards the taker may put in the discard now: suit cards but Kings; when none
    is left, trumps but the oudlers (and those are then shown)."""
    plain = hand_lo & SUITS_LO & ~KINGS_LO
    if plain != ZERO:
        return plain, ZERO
    return hand_lo & TRUMPS_LO & ~OUDLERS_LO, hand_hi & TRUMPS_HI & ~OUDLERS_HI


@njit(cache=True, inline="always")
def callable_cards(hand_lo):
    """Cards a 5-player taker may call, from his dealt hand (one word: suit cards are
    all in ``lo``): any King; holding all four Kings, a Queen too; all four Queens as
    well, a Knight too; all four Knights as well, a Jack too (FFT). A called card he
    holds himself (or one in the dog) means he plays alone."""
    rank = KINGS_LO
    calls = KINGS_LO
    while rank != JACKS_LO and (hand_lo & rank) == rank:
        rank >>= ONE
        calls |= rank
    return calls


@njit(cache=True, inline="always")
def handful_levels(trumps, excuse, n_players):
    """Highest handful a hand can show (0 none … 3 triple): ``trumps`` held, plus
    the Excuse when held."""
    row = n_players - 3
    count = trumps + excuse
    level = 0
    for k in range(3):
        if count >= HANDFUL_TRUMPS[row, k]:
            level = k + 1
    return level


@njit(cache=True, inline="always")
def outcome(taker_half_points, oudlers):
    """(made, margin) of the taker's side: made when the points reach the target of
    its oudlers; the margin is signed, the points above the target (made, >= 0) or
    below it (failed, <= -1), a half point to the side that wins the contract."""
    diff = taker_half_points - TARGET_HALF_POINTS[oudlers]
    made = diff >= 0
    distance = (abs(diff) + 1) // 2
    return made, (distance if made else -distance)


@njit(cache=True, inline="always")
def deal_score(contract, made, margin, petit, handful_bonus, slam_declared, taker_slam, defence_slam):
    """The seed's formula, per defender, from the taker's side:
    ``[(±25 + margin + petit) × multiplier] ± handful + slam``: the 25 takes the sign
    of the outcome, which the signed ``margin`` (:func:`outcome`) has already. ``petit`` is
    +10, -10 or 0 (petit au bout won by the taker's side, the defence, nobody);
    ``handful_bonus`` the sum of every declared handful's bonus, which goes to the
    side that wins the contract; slam bonuses add up, never multiplied."""
    sign = 1 if made else -1
    score = (sign * 25 + margin + petit) * MULTIPLIER[contract] + sign * handful_bonus
    if taker_slam:
        score += 400 if slam_declared else 200
    elif slam_declared:
        score -= 200
    if defence_slam:
        score -= 200
    return score


@njit(cache=True, inline="always")
def settle(score, n_players, taker, partner, out):
    """The zero-sum settlement into ``out[seat]``: each defender pays ``score``
    (receives it when negative); the taker receives the rest, less a partner's
    share (5 players: 1×). ``partner`` -1: the taker plays alone."""
    for s in range(n_players):
        out[s] = -score
    out[taker] = 0
    if partner >= 0 and partner != taker:
        out[partner] = score
    total = 0
    for s in range(n_players):
        total += out[s]
    out[taker] = -total
