"""The deciding seat's observation, the same in both variants (``obs.py``'s layout)."""
import numpy as np
from numba import njit

from . import obs as O


@njit(cache=True, inline="always")
def observe_nb(obs, st, hands, cfg, seat, lo, hi, draw, trusted):
    """The deciding seat's observation. The built-in heuristic (``trusted``) reads the
    state itself, its observation slots filled in (it never reads past ``OBS_SIZE``);
    any other player gets a copy, so that nothing it writes can change the game."""
    if trusted:
        st[O.HAND] = np.int64(hands[seat])
        st[O.LEGAL] = lo
        st[O.RANDOM] = draw
        return st
    for i in range(O.OBS_SIZE):
        obs[i] = st[i]
    obs[O.HAND] = np.int64(hands[seat])
    obs[O.LEGAL] = lo
    obs[O.RANDOM] = draw
    return obs
