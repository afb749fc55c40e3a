"""A French Tarot player written from docs/strategies.md: values its hand (a
trump 1 point, 2 from the 16 up, an oudler 8, a King 5) and takes when the value
reaches its param ``take``, guards 15 above it; calls, discards, declares and
shows the lowest legal action; in play takes the trick with its highest card
when that beats the card winning it, else plays its lowest. Sets are two words."""
import numba
import numpy as np

from sim.games.tarot import obs as T
from strategies.abi import KIND_USER, SIGNATURE
from strategies.registry import Player

EXCUSE = 77


@numba.njit(cache=True)
def holds(lo, hi, card):
    word = lo if card < 64 else hi
    return (word >> np.uint64(card & 63)) & np.uint64(1) == np.uint64(1)


@numba.njit(cache=True)
def beats(card, best):
    """A card over the one winning the trick: a higher trump, a trump over a suit
    card, a higher card of the same suit (the suit led, as the winning card's)."""
    if card == EXCUSE:
        return False
    if card >= 56:
        return best < 56 or card > best
    return best < 56 and card // 14 == best // 14 and card > best


@numba.njit(SIGNATURE, cache=True)
def decide(obs, params):
    legal_lo, legal_hi = np.uint64(obs[T.LEGAL]), np.uint64(obs[T.LEGAL + 1])
    if obs[T.PHASE] == T.PHASE_BID:       # LEGAL: pass (0) and the bids above the contract
        hand_lo, hand_hi = np.uint64(obs[T.HAND]), np.uint64(obs[T.HAND + 1])
        value = 0.0
        for card in range(78):
            if holds(hand_lo, hand_hi, card):
                if card == 56 or card == 76 or card == EXCUSE:
                    value += 8
                elif card > 56:
                    value += 2 if card >= 71 else 1
                elif card % 14 == 13:
                    value += 5
        for bid in (2, 1):
            if value >= params[0] + 15 * (bid - 1) and holds(legal_lo, legal_hi, bid):
                return bid
        return 0
    low, high = -1, -1
    for action in range(128):
        if holds(legal_lo, legal_hi, action):
            if low < 0:
                low = action
            if action != EXCUSE:
                high = action
    if obs[T.PHASE] == T.PHASE_PLAY and obs[T.TRICK_N] > 0 and high >= 0 \
            and beats(high, obs[T.WINNING_CARD]):
        return high
    return low


PLAYER = Player(name="my_tarot", family="tarot", kind=KIND_USER, decide=decide,
                param_names=("take",), param_values=(40.0,), param_ranges=((0.0, 150.0),),
                doc="takes when its hand's value reaches take; plays to take a trick it can")
