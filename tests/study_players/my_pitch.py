"""A Pitch player (Auction and Ten-point) written from docs/strategies.md: values
its longest suit by its high cards (Jack 1, Queen 2, King 3, Ace 4, a joker 2)
and bids the lowest bid when that value reaches its param ``bid_at`` (a dealer
who may not pass bids anyway); names that suit; burns its lowest trump; plays
its highest card when it takes the trick, else its lowest."""
import numba
import numpy as np

from sim.games.pitch import obs as P
from strategies.abi import KIND_USER, SIGNATURE
from strategies.registry import Player


@numba.njit(cache=True)
def rank(card):
    return card % 13 if card < 52 else 13          # the jokers rank above


@numba.njit(cache=True)
def longest_suit(hand):
    counts = np.zeros(4, dtype=np.int64)
    for card in range(52):
        if (hand >> np.uint64(card)) & np.uint64(1):
            counts[card // 13] += 1
    return np.argmax(counts)


@numba.njit(SIGNATURE, cache=True)
def decide(obs, params):
    hand, legal = np.uint64(obs[P.HAND]), np.uint64(obs[P.LEGAL])
    if obs[P.PHASE] == P.PHASE_TRUMP:     # Ten-point: name a suit 0..3
        return longest_suit(hand)
    if obs[P.PHASE] == P.PHASE_BID:       # LEGAL bit 0: pass, bit b: the bid b
        suit, value = longest_suit(hand), 0
        for card in range(54):
            if (hand >> np.uint64(card)) & np.uint64(1) and (card >= 52 or card // 13 == suit):
                value += 2 if card >= 52 else max(0, rank(card) - 8)
        wants = value >= params[0] or (legal & np.uint64(1)) == 0
        for bid in range(1, 64):
            if wants and (legal >> np.uint64(bid)) & np.uint64(1):
                return bid
        return 0
    low, high = -1, -1
    for card in range(64):
        if (legal >> np.uint64(card)) & np.uint64(1):
            if low < 0 or rank(card) < rank(low):
                low = card
            if high < 0 or rank(card) > rank(high):
                high = card
    if obs[P.PHASE] == P.PHASE_BURN:
        return low
    best, trump = obs[P.WINNING_CARD], obs[P.TRUMP]
    takes = best < 0 or (high // 13 == best // 13 and rank(high) > rank(best)) \
        or (high // 13 == trump and best // 13 != trump)
    return high if takes else low


PLAYER = Player(name="my_pitch", family="pitch", kind=KIND_USER, decide=decide,
                param_names=("bid_at",), param_values=(4.0,), param_ranges=((0.0, 30.0),),
                doc="bids when its longest suit's high cards reach bid_at; plays to take a trick")
