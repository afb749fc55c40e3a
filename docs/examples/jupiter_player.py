"""A Beim Jupiter player (docs/strategies.md): lays out its lowest number, bids
one trick (unlocked), plays its lowest legal action (so a God card as 0, never
as 15), and takes the highest number it may. Sets are two words."""
import numba
import numpy as np

from sim.games.jupiter import obs as U
from strategies.abi import KIND_USER, SIGNATURE
from strategies.registry import Player


@numba.njit(SIGNATURE, cache=True)
def decide(obs, params):
    phase, lo, hi = obs[U.PHASE], np.uint64(obs[U.LEGAL]), np.uint64(obs[U.LEGAL + 1])
    if phase == U.PHASE_BID:
        return 1                          # counter 1, unlocked: always legal
    chosen, chosen_number = -1, 0
    for action in range(128):
        word = lo if action < 64 else hi
        if (word >> np.uint64(action & 63)) & np.uint64(1):
            if phase == U.PHASE_PLAY:
                return action             # the lowest legal play
            number = action % 15 + 1      # layout and take: numbered colour cards
            if chosen < 0 or (number > chosen_number if phase == U.PHASE_TAKE else number < chosen_number):
                chosen, chosen_number = action, number
    return chosen


PLAYER = Player(name="jupiter_example", family="jupiter", kind=KIND_USER, decide=decide,
                doc="lays out low, bids one trick, plays low, takes the highest number")
