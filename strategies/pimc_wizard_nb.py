"""Wizard and Oh Hell for the PIMC player (``sim/search/pimc_nb.py``): the hooks.

The observation is the round's public state with the player's own hand
(``sim/games/wizard/obs.py``): its slots are the state's, so the public state of
a world is the observation copied, the game's totals read from ``SCORES``. The
rules the player needs to play a deal on (the scoring table, the dealer
restriction, the pack) are public too: ``SCORING``, ``RESTRICT``, ``GAME``. What
it cannot see, the other hands, comes from the belief (``belief_nb``): the
hidden cards, the seats and stock that may hold each, every void shown.

Why here and not in ``sim/games/wizard/``: see ``belief_nb``.
"""
import numpy as np
from numba import njit

from sim.bits_nb import popcount
from sim.kit_nb import CFG_PLAYERS
from sim.games.wizard import obs as O
from sim.games.wizard.cards import OH_HELL_DECK, WIZARD_DECK
from sim.games.wizard.cfg import CFG_DECK, CFG_GAME, CFG_RESTRICT, CFG_SCORING, CFG_SIZE
from sim.games.wizard.rules_nb import round_score
from sim.games.wizard.step_nb import STATE_SIZE, TOTALS
from sim.search.belief_nb import sample_world_nb, world_plan_nb, new_seen_nb
from . import wizard_nb
from .abi import N_PARAMS

MP = O.MAX_PLAYERS
RANDOM_SLOT = O.RANDOM
ROLLOUT_OBS_SIZE = O.SIZE
# the rollout policy's params: the heuristic's defaults
ROLLOUT_PARAMS = np.zeros(N_PARAMS, dtype=np.float64)
ROLLOUT_PARAMS[:len(wizard_nb.DEFAULTS)] = wizard_nb.DEFAULTS
assert STATE_SIZE == TOTALS + MP


@njit(cache=True)
def pimc_cfg_nb(obs):
    cfg = np.zeros(CFG_SIZE, dtype=np.int64)
    cfg[CFG_PLAYERS] = obs[O.N_PLAYERS]
    cfg[CFG_GAME] = obs[O.GAME]
    cfg[CFG_DECK] = WIZARD_DECK if obs[O.GAME] == 0 else OH_HELL_DECK
    cfg[CFG_SCORING] = obs[O.SCORING]
    cfg[CFG_RESTRICT] = obs[O.RESTRICT]
    return cfg


@njit(cache=True, inline="always")
def pimc_legal_nb(obs):
    return obs[O.LEGAL], np.int64(0)


@njit(cache=True)
def pimc_state_nb(obs, cfg, st):
    for i in range(O.SIZE):
        st[i] = obs[i]
    for s in range(MP):
        st[TOTALS + s] = obs[O.SCORES + s]


@njit(cache=True)
def pimc_plan_nb(obs, cfg):
    return world_plan_nb(obs, obs[O.SEAT], np.uint64(obs[O.HAND]), cfg[CFG_DECK])


@njit(cache=True)
def pimc_world_nb(plan, counts, cards, holder_seat, obs, st, hands, rng, holder):
    """One world into ``hands``; nothing of the public state ``st`` depends on it."""
    own = np.zeros(MP, dtype=np.uint64)         # the one row sample_world_nb reads
    own[obs[O.SEAT]] = np.uint64(obs[O.HAND])
    return sample_world_nb(plan, counts, cards, holder_seat, obs[O.SEAT], own, new_seen_nb(),
                           rng, hands, holder)


@njit(cache=True, inline="always")
def pimc_score_nb(st, cfg, seat):
    return round_score(st[O.BIDS + seat], st[O.TRICKS_WON + seat], cfg[CFG_SCORING])


@njit(cache=True, inline="always")
def pimc_side_nb(st, hands, seat):
    """Every seat scores for itself: the seat alone."""
    return np.int64(1) << seat


@njit(cache=True, inline="always")
def pimc_cards_left_nb(st, hands):
    if st[O.PHASE] != O.PHASE_PLAY:
        return 1 << 20
    return popcount(hands[st[O.SEAT]])
