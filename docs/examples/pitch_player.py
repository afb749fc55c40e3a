"""A Pitch player, Auction and Ten-point (docs/strategies.md): bids the lowest
bid when it holds an Ace (else passes where it may), names its longest suit,
and plays its highest legal card by rank."""
import numba
import numpy as np

from sim.games.pitch import obs as P
from strategies.abi import KIND_USER, SIGNATURE
from strategies.registry import Player


@numba.njit(SIGNATURE, cache=True)
def decide(obs, params):
    hand, legal = np.uint64(obs[P.HAND]), np.uint64(obs[P.LEGAL])
    if obs[P.PHASE] == P.PHASE_TRUMP:     # Ten-point: name a suit 0..3
        counts = np.zeros(4, dtype=np.int64)
        for card in range(52):
            if (hand >> np.uint64(card)) & np.uint64(1):
                counts[card // 13] += 1
        return np.argmax(counts)
    aces = 0
    for suit in range(4):
        aces += (hand >> np.uint64(13 * suit + 12)) & np.uint64(1)
    best, best_rank = -1, -1
    for action in range(64):              # bids 0 (pass) … 10, or card ids
        if (legal >> np.uint64(action)) & np.uint64(1):
            if obs[P.PHASE] == P.PHASE_BID:
                if action > 0 or aces == 0:
                    return action         # pass without an Ace, else the lowest bid
                continue
            rank = action % 13 if action < 52 else 13   # the jokers rank above
            if rank > best_rank:
                best, best_rank = action, rank
    return best


PLAYER = Player(name="pitch_example", family="pitch", kind=KIND_USER, decide=decide,
                doc="bids the lowest bid with an Ace; names its longest suit; plays high")
