"""A Pitch player, Auction and Ten-point (docs/strategies.md): bids the lowest
bid when it holds an Ace and passes otherwise (where it may), names the suit
it holds most of, and plays (or burns) its highest legal card by rank."""
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
    if obs[P.PHASE] == P.PHASE_BID:       # LEGAL bit 0: pass, bit b: the bid b
        aces = 0
        for suit in range(4):
            if (hand >> np.uint64(13 * suit + 12)) & np.uint64(1):
                aces += 1
        wants = aces > 0 or (legal & np.uint64(1)) == 0    # a dealer who may not pass bids
        for bid in range(1, 64):
            if wants and (legal >> np.uint64(bid)) & np.uint64(1):
                return bid
        return 0
    best, best_rank = -1, -1              # a card to play or to burn: the highest rank
    for card in range(64):
        if (legal >> np.uint64(card)) & np.uint64(1):
            rank = card % 13 if card < 52 else 13          # the jokers rank above
            if rank > best_rank:
                best, best_rank = card, rank
    return best


PLAYER = Player(name="pitch_example", family="pitch", kind=KIND_USER, decide=decide,
                doc="bids the lowest bid with an Ace; names its longest suit; plays high")
