"""The cards every seat has shown it does not hold (obs ``VOIDS``) reach a user's player in the
engine's kernel exactly as the step interface keeps them: a board played by the kernel with a
player whose cards depend on them is played again through the step interface, decision for
decision. (A kernel of built-in players only keeps none: none reads them.)"""
import numba
import numpy as np

from sim import registry
from sim.bits_nb import popcount
from sim.engine import Engine
from sim.games.jupiter import obs as O
from sim.kit_nb import CH_DEAL, CH_DEALER, CH_SIZE, CH_TOTALS
from sim.study import Study
from strategies.abi import SIGNATURE

PROBE = f"{__name__}:voids_probe_decide"


@numba.njit(SIGNATURE, cache=True)
def voids_probe_decide(obs, params):
    """The lowest legal action but in the play; there a card chosen by the voids shown (and
    the trick's number): two tables whose ``VOIDS`` differ play differently."""
    lo = np.uint64(obs[O.LEGAL])
    hi = np.uint64(obs[O.LEGAL + 1])
    if obs[O.PHASE] != O.PHASE_PLAY:
        for a in range(64):
            if (lo >> np.uint64(a)) & np.uint64(1):
                return a
        return -1
    pick = obs[O.TRICK_NO]
    for s in range(5):
        v = np.uint64(obs[O.VOIDS + s])
        pick += popcount(v) * (7 * s + 3) + np.int64(v % np.uint64(13))
    count = popcount(lo) + popcount(hi)
    k = pick % count
    for a in range(128):
        word = lo if a < 64 else hi
        if (word >> np.uint64(a & 63)) & np.uint64(1):
            if k == 0:
                return a
            k -= 1
    return -1


def test_the_kernel_keeps_the_voids_a_users_player_reads():
    n = 4
    study = Study.create("jupiter", players=n, lineup=[PROBE, "random"] * 2, boards=2, seed=3)
    engine = Engine(study)
    impl = registry.game("jupiter")
    steps, cfg = impl.steps_of(""), engine.cfg
    params = np.zeros(16)
    shown = 0
    for board in range(study.boards):
        for deal in engine.trace_board(board):
            st, hands = steps.new_state_nb(cfg)
            chance = np.zeros(CH_SIZE, dtype=np.int64)
            chance[CH_DEALER], chance[CH_DEAL] = deal["dealer"], deal["deal"]
            chance[CH_TOTALS:CH_TOTALS + n] = deal["totals"][:n]
            dealt = np.array(deal["hands"], dtype=np.uint64)
            steps.start_deal_nb(st, hands, cfg, dealt, chance)
            obs = np.zeros(O.OBS_SIZE, dtype=np.int64)
            for seat, kind, action in deal["decisions"]:
                if seat % 2 == 0 and kind == O.PHASE_PLAY:        # the probe's seats
                    steps.observation_nb(st, hands, cfg, 0, obs)
                    assert voids_probe_decide(obs, params) == action
                    shown += int(obs[O.VOIDS:O.VOIDS + n].any())
                steps.apply_nb(st, hands, cfg, action)
    assert shown > 20        # voids were shown, and read, many times
