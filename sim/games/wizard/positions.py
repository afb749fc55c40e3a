"""Wizard and Oh Hell positions built from chosen cards, for the solver and its tests."""
from __future__ import annotations

import numpy as np

from ...kit_nb import CH_DEAL, CH_DEALER, CH_DEALS, CH_SIZE, CH_TURNED
from . import obs as O


def first_trick(game, cfg, hands, leader: int, trump: int):
    """(st, hands) of a deal of ``hands`` (one card mask a seat, all of one size) at its
    first card: ``leader`` to lead, ``trump`` the trump suit (0..3 = S H D C, -1 none).
    Every seat bids the least it may; the bids do not change the card play."""
    steps = game.steps
    n = len(hands)
    st, h = steps.new_state_nb(cfg)
    dealt = np.zeros(O.MAX_PLAYERS, dtype=np.uint64)
    dealt[:n] = [np.uint64(int(m)) for m in hands]
    chance = np.zeros(CH_SIZE, dtype=np.int64)
    chance[CH_DEALER] = (leader - 1) % n    # the seat after the dealer leads
    chance[CH_DEAL] = 0
    chance[CH_DEALS] = 1
    chance[CH_TURNED] = -1
    steps.start_deal_nb(st, h, cfg, dealt, chance)
    moves = np.zeros(128, dtype=np.int64)
    while st[O.PHASE] == O.PHASE_BID:
        steps.legal_actions_nb(st, h, cfg, moves)
        steps.apply_nb(st, h, cfg, int(moves[0]))
    st[O.TRUMP] = trump
    return st, h
