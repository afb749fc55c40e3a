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
from sim.games.pitch.auction_rules_nb import trick_key_nb
from sim.games.pitch.cards import GAME_VALUE, RANK_JACK, RANK_OF, RANK_TEN, SUIT_MASKS, SUIT_OF

NAMES = ("bid_out", "bid_jack", "bid_game_scale", "bid_margin", "bid_smudge", "play_take")
DEFAULTS = (0.61, 0.75, 24.0, 0.3, 3.7, 3.0)
RANGES = ((0.0, 1.0), (0.0, 1.0), (1.0, 100.0), (-2.0, 2.0), (2.0, 5.0), (0.0, 30.0))

P_OUT, P_JACK, P_GAME_SCALE, P_MARGIN, P_SMUDGE, P_TAKE = range(6)
SUIT_CARDS = np.uint64((1 << 52) - 1)


@njit(cache=True, inline="always")
def suit_value(hand, suit, params):
    """The points ``hand`` can expect with ``suit`` as trump (0 without a card of it)."""
    trumps = hand & SUIT_MASKS[suit]
    n = popcount(trumps)
    if n == 0:
        return 0.0
    out = params[P_OUT]
    top = RANK_OF[highest(trumps)]
    bottom = RANK_OF[lowest(trumps)]
    value = out ** (12 - top) + out ** bottom          # High, Low
    if (trumps >> np.uint64(13 * suit + RANK_JACK)) & ONE != ZERO:
        value += params[P_JACK] * (1.0 if n >= 2 else 0.6)
    count = 0.0
    rest = hand
    while rest != ZERO:             # each card of the hand (set bits, lowest first)
        c = lowest(rest)
        rest &= rest - ONE
        g = GAME_VALUE[c]
        # a side 10 without its Ace is often lost; trumps take tricks (and count)
        if RANK_OF[c] == RANK_TEN and SUIT_OF[c] != suit:
            ace = 13 * SUIT_OF[c] + 12
            g = g if (hand >> np.uint64(ace)) & ONE != ZERO else g // 2
        count += g
    count += 3.0 * n
    value += min(1.0, count / params[P_GAME_SCALE])
    return value


@njit(cache=True, inline="always")
def best_suit(hand, params):
    best, best_value = 0, -1.0
    for s in range(4):
        v = suit_value(hand, s, params)
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
def cost(card, trump):
    """What throwing a card gives away: its count, the Jack of trumps, a trump."""
    c = float(GAME_VALUE[card]) + 0.05 * RANK_OF[card]
    if SUIT_OF[card] == trump:
        c += 6.0 + (10.0 if RANK_OF[card] == RANK_JACK else 0.0)
    return c


@njit(cache=True, inline="always")
def cheapest(cards, trump):
    best, best_cost = -1, 1e9
    rest = cards
    while rest != ZERO:
        c = lowest(rest)
        rest &= rest - ONE
        x = cost(c, trump)
        if x < best_cost:
            best, best_cost = c, x
    return best


@njit(cache=True, inline="always")
def play_card(obs, params):
    legal = np.uint64(obs[O.LEGAL])
    hand = np.uint64(obs[O.HAND])
    trump = obs[O.TRUMP]
    seat = obs[O.SEAT]
    if trump < 0:                           # the pitch: the best suit's highest card
        suit, _ = best_suit(hand, params)
        return highest(hand & SUIT_MASKS[suit])
    k = obs[O.TRICK_N]
    lead = obs[O.LEAD]
    in_trick = ZERO
    for i in range(k):
        in_trick |= ONE << np.uint64(obs[O.TRICK_CARDS + i])
    unseen = SUIT_CARDS & ~np.uint64(obs[O.PLAYED]) & ~in_trick & ~hand
    trumps = hand & SUIT_MASKS[trump]
    master = ZERO                           # my trump above every unseen trump
    if trumps != ZERO:
        top = highest(trumps)
        unseen_trumps = unseen & SUIT_MASKS[trump]
        if unseen_trumps == ZERO or top > highest(unseen_trumps):
            master = ONE << np.uint64(top)
    if k == 0:
        if master != ZERO and (seat == obs[O.BIDDER] or popcount(trumps) >= 3):
            return highest(master)
        for s in range(4):
            ace = 13 * s + 12
            if s != trump and (legal >> np.uint64(ace)) & ONE != ZERO:
                return ace
        side = legal & ~SUIT_MASKS[trump]
        return cheapest(side if side != ZERO else legal, trump)
    best = obs[O.WINNING_CARD]
    stake = 0.0
    for i in range(k):
        c = obs[O.TRICK_CARDS + i]
        stake += GAME_VALUE[c] + (10.0 if c == 13 * trump + RANK_JACK else 0.0)
    last = k == 3
    winner, winner_cost = -1, 1e9
    rest = legal
    while rest != ZERO:
        c = lowest(rest)
        rest &= rest - ONE
        if trick_key_nb(c, lead, trump) > trick_key_nb(best, lead, trump):
            sure = last or (ONE << np.uint64(c)) == master
            x = cost(c, trump)
            if sure and x < winner_cost:
                winner, winner_cost = c, x
    if winner >= 0:
        mine = GAME_VALUE[winner] + (10.0 if winner == 13 * trump + RANK_JACK else 0.0)
        if stake + mine >= params[P_TAKE]:
            return winner
    # not taking: keep the Jack and 10 of trumps for a trick they are sure to win
    return cheapest(legal, trump)


@njit(cache=True)
def auction_heuristic_nb(obs, params):
    if obs[O.PHASE] == O.PHASE_BID:
        return choose_bid(obs, params)
    return play_card(obs, params)
