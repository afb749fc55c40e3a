"""The voids every seat has shown (obs ``VOIDS``) reach a user's player in the engine's
kernel exactly as the step interface keeps them: a board played by the kernel with a
player whose cards depend on them is played again through the step interface, decision
for decision."""
import numpy as np
import pytest

import user_players
from sim import registry
from sim.engine import Engine
from sim.games.wizard import obs as O
from sim.kit_nb import CH_DEAL, CH_DEALER, CH_DEALS, CH_SIZE, CH_TOTALS, CH_TURNED
from sim.study import Study

PROBE = f"{user_players.__name__}:voids_probe_decide"


@pytest.mark.parametrize("game, n", [("wizard", 4), ("oh_hell", 5)])
def test_the_kernel_keeps_the_voids_a_users_player_reads(game, n):
    study = Study.create(game, players=n, lineup=([PROBE, "random"] * 4)[:n], boards=3, seed=3)
    engine = Engine(study)
    impl = registry.game(game)
    steps, cfg = impl.steps_of(""), engine.cfg
    probe = user_players.voids_probe_decide
    params = np.zeros(16)
    shown = 0
    for board in range(study.boards):
        for deal in engine.trace_board(board):
            st, hands = steps.new_state_nb(cfg)
            chance = np.zeros(CH_SIZE, dtype=np.int64)
            chance[CH_DEALER], chance[CH_DEAL], chance[CH_TURNED] = \
                deal["dealer"], deal["deal"], deal["turned"]
            chance[CH_DEALS] = len(impl.schedule(study))
            chance[CH_TOTALS:CH_TOTALS + n] = deal["totals"]
            dealt = np.zeros(O.MAX_PLAYERS, dtype=np.uint64)
            dealt[:n] = [np.uint64(h) for h in deal["hands"]]
            steps.start_deal_nb(st, hands, cfg, dealt, chance)
            obs = np.zeros(O.SIZE, dtype=np.int64)
            for seat, kind, action in deal["decisions"]:
                if seat % 2 == 0 and kind == O.PHASE_PLAY:        # the probe's seats
                    steps.observation_nb(st, hands, cfg, 0, obs)
                    assert probe(obs, params) == action
                    shown += int(obs[O.VOIDS:O.VOIDS + n].any())
                steps.apply_nb(st, hands, cfg, action)
    assert shown > 20        # voids were shown, and read, many times
