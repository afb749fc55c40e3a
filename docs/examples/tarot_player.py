"""A French Tarot player (docs/strategies.md): takes with two oudlers or eight
trumps, else passes; calls, discards and plays the lowest legal card; never
declares a slam or shows a handful. Card and action sets are two words."""
import numba
import numpy as np

from sim.games.tarot import obs as T
from strategies.abi import KIND_USER, SIGNATURE
from strategies.registry import Player


@numba.njit(cache=True)
def holds(lo, hi, card):
    word = lo if card < 64 else hi
    return (word >> np.uint64(card & 63)) & np.uint64(1) == np.uint64(1)


@numba.njit(SIGNATURE, cache=True)
def decide(obs, params):
    legal_lo, legal_hi = np.uint64(obs[T.LEGAL]), np.uint64(obs[T.LEGAL + 1])
    if obs[T.PHASE] == T.PHASE_BID:       # LEGAL: pass (0) and the bids above the contract
        hand_lo, hand_hi = np.uint64(obs[T.HAND]), np.uint64(obs[T.HAND + 1])
        trumps, oudlers = 0, 0
        for card in range(56, 78):        # T1 … T21, then the Excuse
            if holds(hand_lo, hand_hi, card):
                trumps += 1
                if card == 56 or card == 76 or card == 77:   # T1, T21, the Excuse
                    oudlers += 1
        if (oudlers >= 2 or trumps >= 8) and holds(legal_lo, legal_hi, 1):
            return 1                      # Take
        return 0
    for action in range(128):             # everything else: the lowest legal action
        if holds(legal_lo, legal_hi, action):
            return action
    return -1


PLAYER = Player(name="tarot_example", family="tarot", kind=KIND_USER, decide=decide,
                doc="takes with two oudlers or eight trumps; otherwise its lowest legal action")
