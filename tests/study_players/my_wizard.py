"""A Wizard / Oh Hell player written from docs/strategies.md: bids one trick per
card at least as strong as its param ``high`` (plain cards 0-12, trumps 50-62,
Wizards 100); plays its strongest card while short of its bid, its weakest once
it has made it; names the suit it holds most of."""
import numba
import numpy as np

from sim.games.wizard import obs as O
from strategies.abi import KIND_USER, SIGNATURE
from strategies.registry import Player


@numba.njit(cache=True)
def strength(card, trump):
    if card >= 56:                        # a Jester
        return -1
    if card >= 52:                        # a Wizard
        return 100
    return card % 13 + (50 if card // 13 == trump else 0)


@numba.njit(SIGNATURE, cache=True)
def decide(obs, params):
    hand, legal, trump, seat = np.uint64(obs[O.HAND]), np.uint64(obs[O.LEGAL]), obs[O.TRUMP], obs[O.SEAT]
    if obs[O.PHASE] == O.PHASE_TRUMP:
        counts = np.zeros(4, dtype=np.int64)
        for card in range(52):
            if (hand >> np.uint64(card)) & np.uint64(1):
                counts[card // 13] += 1
        return np.argmax(counts)
    if obs[O.PHASE] == O.PHASE_BID:       # LEGAL bit b: bid b
        want = 0
        for card in range(60):
            if (hand >> np.uint64(card)) & np.uint64(1) and strength(card, trump) >= params[0]:
                want += 1
        for distance in range(64):        # the legal bid nearest to it
            for bid in (want - distance, want + distance):
                if 0 <= bid < 64 and (legal >> np.uint64(bid)) & np.uint64(1):
                    return bid
    short = obs[O.TRICKS_WON + seat] < obs[O.BIDS + seat]
    best, best_strength = -1, 0
    for card in range(60):
        if (legal >> np.uint64(card)) & np.uint64(1):
            s = strength(card, trump) if short else -strength(card, trump)
            if best < 0 or s > best_strength:
                best, best_strength = card, s
    return best


PLAYER = Player(name="my_wizard", family="wizard", kind=KIND_USER, decide=decide,
                param_names=("high",), param_values=(60.0,), param_ranges=((0.0, 101.0),),
                doc="bids its cards of strength >= high; high while short of its bid, low after")
