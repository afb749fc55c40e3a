"""A Jass player, Schieber and Differenzler (docs/strategies.md): names trump
in the suit it holds most of, declares every meld, predicts a param, claims
only when right, and plays the legal card that ranks highest in the mode."""
import numba
import numpy as np

from sim.games.jass import obs as J
from sim.games.jass.rules_nb import ORDER
from strategies.abi import KIND_USER, SIGNATURE
from strategies.registry import Player


@numba.njit(SIGNATURE, cache=True)
def decide(obs, params):
    phase, hand, legal = obs[J.PHASE], np.uint64(obs[J.HAND]), np.uint64(obs[J.LEGAL])
    if phase == J.PHASE_TRUMP or phase == J.PHASE_TRUMP_PUSHED:
        counts = np.zeros(4, dtype=np.int64)
        for card in range(J.N_CARDS):
            if (hand >> np.uint64(card)) & np.uint64(1):
                counts[card // 9] += 1
        return np.argmax(counts)          # a trump suit 0..3: always legal
    if phase == J.PHASE_WEIS:
        return 1
    if phase == J.PHASE_PREDICT:          # LEGAL is the largest prediction, not a bitmask
        return min(max(int(params[0]), 0), obs[J.LEGAL])
    if phase == J.PHASE_CLAIM:
        return 1 if obs[J.TEAM_COUNTED + obs[J.SEAT] % 2] >= obs[J.TARGET] else 0
    best = -1
    for card in range(J.N_CARDS):
        if (legal >> np.uint64(card)) & np.uint64(1):
            if best < 0 or ORDER[obs[J.MODE] * J.N_CARDS + card] > ORDER[obs[J.MODE] * J.N_CARDS + best]:
                best = card
    return best


PLAYER = Player(name="jass_example", family="jass", kind=KIND_USER, decide=decide,
                param_names=("prediction",), param_values=(40.0,),
                doc="trump in its longest suit; declares; plays its highest card in the mode")
