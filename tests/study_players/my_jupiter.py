"""A Beim Jupiter player written from docs/strategies.md: lays out its lowest
number; bids one trick per card at least its param ``high`` (a number 1-14; God
cards, Jupiter and Juno always count), the nearest legal counter, unlocked, or
the zero-trick card for none; plays its strongest card while short of its bid,
its weakest after; takes the highest number it may. Sets are two words."""
import numba
import numpy as np

from sim.games.jupiter import obs as U
from strategies.abi import KIND_USER, SIGNATURE
from strategies.registry import Player

GOD_HIGH = 65                             # GOD_HIGH_ACTION + colour: a God card played as 15


@numba.njit(cache=True)
def holds(lo, hi, action):
    word = lo if action < 64 else hi
    return (word >> np.uint64(action & 63)) & np.uint64(1) == np.uint64(1)


@numba.njit(cache=True)
def value(action):
    """How much a play is worth in a trick: Jupiter, Juno, a God card as 15, the numbers,
    a God card as 0, the lambs."""
    if action >= GOD_HIGH:
        return 15
    if action == 60 or action == 61:
        return 20 - (action - 60)
    if action > 61:
        return -1
    number = action % 15 + 1
    return 0 if number == 15 else number


@numba.njit(SIGNATURE, cache=True)
def decide(obs, params):
    phase, lo, hi = obs[U.PHASE], np.uint64(obs[U.LEGAL]), np.uint64(obs[U.LEGAL + 1])
    if phase == U.PHASE_BID:
        hand_lo, hand_hi = np.uint64(obs[U.HAND]), np.uint64(obs[U.HAND + 1])
        want = 0
        for card in range(62):
            counts = card >= 60 or card % 15 == 14 or card % 15 + 1 >= params[0]
            if counts and holds(hand_lo, hand_hi, card):
                want += 1
        want = min(want, obs[U.N_TRICKS])
        for distance in range(16):        # the legal bid nearest to it (0: the zero-trick card)
            for bid in (want - distance, want + distance):
                if 0 <= bid < U.LOCKED_BID and holds(lo, hi, bid):
                    return bid
        return 1
    seat = obs[U.SEAT]
    short = obs[U.TRICKS + seat] < max(obs[U.BIDS + seat], 0)
    chosen = -1
    for action in range(128):
        if holds(lo, hi, action):
            if chosen < 0:
                chosen = action
            elif phase == U.PHASE_PLAY:
                if (value(action) > value(chosen)) == short and value(action) != value(chosen):
                    chosen = action
            else:                         # layout: the lowest number, take: the highest
                number, old = action % 15 + 1, chosen % 15 + 1
                if (number > old) == (phase == U.PHASE_TAKE) and number != old:
                    chosen = action
    return chosen


PLAYER = Player(name="my_jupiter", family="jupiter", kind=KIND_USER, decide=decide,
                param_names=("high",), param_values=(11.0,), param_ranges=((1.0, 15.0),),
                whole_params=("high",),
                doc="bids its cards of number >= high; strong while short of its bid, weak after")
