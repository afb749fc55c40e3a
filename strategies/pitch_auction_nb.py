"""Auction Pitch's heuristic player, on the observation (``sim/games/pitch/obs.py``).

* **Bidding** — for each suit it could pitch, the points it can expect:
  High with its top trump when no higher one is in play (each unseen card
  of the 46 is out of play with probability ``bid_out``), Low likewise with
  its lowest, the Jack when it holds it (``bid_jack``, more with a guard),
  Game from its count cards and trump length (``bid_game_scale``). It bids
  the lowest bid that wins the auction when the best suit's expectation plus
  ``bid_margin`` reaches it, the smudge only from ``bid_smudge``; a forced
  dealer bids 2.
* **The pitch** — the suit with the best expectation, its highest card.
* **Card play** — the pitcher leads trumps while it holds the highest one
  unseen (pulling the others' trumps); otherwise it leads a side Ace, else
  its cheapest card. Following, it takes a trick as cheaply as it can when it
  plays last or holds the master trump, when the count at stake (Game's
  count, 10 for the Jack of trumps) reaches ``play_take``; its own Jack and
  10 of trumps it plays only where they are sure to win; otherwise it
  throws its cheapest card (count cards and trumps last).
"""
import numpy as np
from numba import njit

from sim.bits_nb import ONE, ZERO, highest, lowest, popcount
from sim.games.pitch import obs as O
from sim.games.pitch.auction_rules_nb import beaters_nb
from sim.games.pitch.cards import (ACES, GAME_VALUE, JACKS, KINGS, QUEENS, RANK_JACK, RANK_OF,
                                   SUIT_MASKS, SUIT_OF, TENS)

NAMES = ("bid_out", "bid_jack", "bid_game_scale", "bid_margin", "bid_smudge", "play_take")
DEFAULTS = (0.61, 0.75, 24.0, 0.3, 3.7, 3.0)
RANGES = ((0.0, 1.0), (0.0, 1.0), (1.0, 100.0), (-2.0, 2.0), (2.0, 5.0), (0.0, 30.0))

P_OUT, P_JACK, P_GAME_SCALE, P_MARGIN, P_SMUDGE, P_TAKE = range(6)
SUIT_CARDS = np.uint64((1 << 52) - 1)


def _cost(card, trump):
    """What throwing a card gives away: its count, the Jack of trumps, a trump."""
    c = float(GAME_VALUE[card]) + 0.05 * RANK_OF[card]
    if SUIT_OF[card] == trump:
        c += 6.0 + (10.0 if RANK_OF[card] == RANK_JACK else 0.0)
    return c


# ``COST[52 * trump + card]``: _cost by table (the same float arithmetic, done once here)
COST = np.array([_cost(c, t) for t in range(4) for c in range(52)], dtype=np.float64)
# ``STAKE[52 * trump + card]``: a card's count in a trick, 10 more for the Jack of trumps
STAKE = np.array([float(GAME_VALUE[c]) + (10.0 if c == 13 * t + RANK_JACK else 0.0)
                  for t in range(4) for c in range(52)], dtype=np.float64)


# The bid's arithmetic, the costs from tables and the winning cards as a set took the
# heuristic from 16.0M to 23.2M card plays/s (pitch-auction-heuristic, scripts/bench.py, one
# core, medians of three interleaved rounds); a bid went ~78 -> ~60 ns (a loop over 3,000
# observations). The decisions are the same: the float sums in the same order, each power
# the same products (an old-against-new check of 400k bids, pitches and cards).
@njit(cache=True, inline="always")
def power(e, a, a2, a4, a8):
    """``a ** e`` for 0 <= e < 16, the products numba's ``float ** int`` makes (a, a², a⁴, a⁸
    by squaring, taken in that order for e's bits; a factor 1.0 changes nothing), as
    selects rather than its loop's branches on e's bits."""
    r = a if e & 1 else 1.0
    r *= a2 if e & 2 else 1.0
    r *= a4 if e & 4 else 1.0
    r *= a8 if e & 8 else 1.0
    return r


@njit(cache=True, inline="always")
def suit_value(hand, suit, params, a, a2, a4, a8, count):
    """The points ``hand`` can expect with ``suit`` as trump (0 without a card of it);
    ``a`` … ``a8``: ``params[P_OUT]`` and its squares; ``count``: the hand's Game count
    with each unguarded 10 (no Ace of its suit) at half (5)."""
    trumps = hand & SUIT_MASKS[suit]
    n = popcount(trumps)
    if n == 0:
        return 0.0
    top = RANK_OF[highest(trumps)]
    bottom = RANK_OF[lowest(trumps)]
    value = power(12 - top, a, a2, a4, a8) + power(bottom, a, a2, a4, a8)   # High, Low
    if (trumps >> np.uint64(13 * suit + RANK_JACK)) & ONE != ZERO:
        value += params[P_JACK] * (1.0 if n >= 2 else 0.6)
    # a side 10 without its Ace is often lost (half its count); trumps take tricks (and
    # count): the 10 of trumps counts whole. Integers, summed exactly as the float sum was.
    ten = (hand >> np.uint64(13 * suit + 8)) & ONE
    guarded = (hand >> np.uint64(13 * suit + 12)) & ONE
    total = count + 5 * np.int64(ten & (guarded ^ ONE)) + 3 * n
    value += min(1.0, float(total) / params[P_GAME_SCALE])
    return value


@njit(cache=True, inline="always")
def best_suit(hand, params):
    a = params[P_OUT]
    a2 = a * a
    a4 = a2 * a2
    a8 = a4 * a4
    tens = hand & TENS
    guarded = tens & ((hand & ACES) >> np.uint64(4))
    count = (4 * popcount(hand & ACES) + 3 * popcount(hand & KINGS) + 2 * popcount(hand & QUEENS)
             + popcount(hand & JACKS) + 10 * popcount(guarded) + 5 * popcount(tens ^ guarded))
    best, best_value = 0, -1.0
    for s in range(4):
        v = suit_value(hand, s, params, a, a2, a4, a8, count)
        if v > best_value:
            best, best_value = s, v
    return best, best_value


@njit(cache=True, inline="always")
def choose_bid(obs, params):
    legal = np.uint64(obs[O.LEGAL])
    hand = np.uint64(obs[O.HAND])
    _, value = best_suit(hand, params)
    lowest_legal = 0
    for b in range(2, 5):
        if (legal >> np.uint64(b)) & ONE != ZERO:
            lowest_legal = b
            break
    if legal & ONE == ZERO:                 # a forced dealer
        return lowest_legal
    if lowest_legal == 0:
        return 0
    if lowest_legal == 4 and value < params[P_SMUDGE]:
        return 0
    return lowest_legal if value + params[P_MARGIN] >= lowest_legal else 0


@njit(cache=True, inline="always")
def cheapest(cards, row):
    """The card of ``cards`` with the lowest cost (``row``: the trump's row of COST), the
    lowest id of equal ones."""
    best, best_cost = -1, 1e9
    rest = cards
    while rest != ZERO:
        c = lowest(rest)
        rest &= rest - ONE
        x = COST[row + c]
        if x < best_cost:
            best, best_cost = c, x
    return best


@njit(cache=True, inline="always")
def play_card(obs, params):
    legal = np.uint64(obs[O.LEGAL])
    hand = np.uint64(obs[O.HAND])
    trump = obs[O.TRUMP]
    if trump < 0:                           # the pitch: the best suit's highest card
        suit, _ = best_suit(hand, params)
        return highest(hand & SUIT_MASKS[suit])
    row = 52 * trump
    trump_mask = SUIT_MASKS[trump]
    k = obs[O.TRICK_N]
    in_trick = ZERO
    stake = 0.0
    for i in range(k):
        c = obs[O.TRICK_CARDS + i]
        in_trick |= ONE << np.uint64(c)
        stake += STAKE[row + c]
    unseen = SUIT_CARDS & ~np.uint64(obs[O.PLAYED]) & ~in_trick & ~hand
    trumps = hand & trump_mask
    master = ZERO                           # my trump above every unseen trump
    if trumps != ZERO:
        top = highest(trumps)
        unseen_trumps = unseen & trump_mask
        if unseen_trumps == ZERO or top > highest(unseen_trumps):
            master = ONE << np.uint64(top)
    if k == 0:
        if master != ZERO and (obs[O.SEAT] == obs[O.BIDDER] or popcount(trumps) >= 3):
            return highest(master)
        aces = legal & ACES & ~trump_mask   # a side Ace, the first suit's
        if aces != ZERO:
            return lowest(aces)
        side = legal & ~trump_mask
        return cheapest(side if side != ZERO else legal, row)
    # sure to win: a card that beats the winning one when last to play, else only the
    # master trump (a set, not each card's key against the winner's)
    beats = beaters_nb(obs[O.WINNING_CARD], trump)
    sure = legal & beats & (SUIT_CARDS if k == 3 else master)
    if sure != ZERO:
        winner = cheapest(sure, row)
        if stake + STAKE[row + winner] >= params[P_TAKE]:
            return winner
    # not taking: keep the Jack and 10 of trumps for a trick they are sure to win
    return cheapest(legal, row)


# Inlined into the board loop (``pitch_nb.INLINE``), as Ten-point's: as a call, with the
# arrays it receives counted, it ran at 23.2M card plays/s, inlined at 27.4M (interleaved
# medians, as above); its kernel compiles in ~9 s instead of ~7 s (fresh cache, one run).
@njit(cache=True, inline="always")
def auction_inline_nb(obs, params):
    """The heuristic as the board loop compiles it in."""
    if obs[O.PHASE] == O.PHASE_BID:
        return choose_bid(obs, params)
    return play_card(obs, params)


@njit(cache=True)
def auction_heuristic_nb(obs, params):
    return auction_inline_nb(obs, params)
