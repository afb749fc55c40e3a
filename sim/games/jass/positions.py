"""Jass positions built from chosen cards, for the solver and its tests.

A Jass deal is always nine tricks of nine cards a hand, so a smaller position
is a deal played on: the tricks already taken keep their points, and in
Schieber whether one team has taken them all (its match is still open).
"""
from __future__ import annotations

import numpy as np

from ...kit_nb import CH_DEAL, CH_DEALER, CH_SIZE, CH_TURNED
from . import obs as O
from .cfg import CFG_VARIANT
from .state_nb import X_CLAIMS


def first_trick(game, cfg, hands, dealer: int, mode: int, claims: bool = False):
    """(st, hands) of a deal of ``hands`` (four 9-card masks) at its first card:
    ``dealer`` deals (the seat after him leads), ``mode`` 0..3 (the trump suit S H D C),
    4 Obenabe or 5 Unenufe (Schieber; Differenzler has a trump suit, turned up by the
    dealer). No Weis is declared and every prediction is 0: neither changes the card
    play. ``claims``: whether claims may be offered after tricks (the solver declines
    them; off, the step interface never stops for one)."""
    steps = game.steps_of()
    st, h = steps.new_state_nb(cfg)
    dealt = np.array([np.uint64(int(m)) for m in hands], dtype=np.uint64)
    chance = np.zeros(CH_SIZE, dtype=np.int64)
    chance[CH_DEALER] = dealer
    chance[CH_DEAL] = 0
    chance[CH_TURNED] = 9 * mode if mode < 4 else -1
    steps.start_deal_nb(st, h, cfg, dealt, chance)
    while st[O.PHASE] != O.PHASE_PLAY:
        phase = st[O.PHASE]
        action = mode if phase in (O.PHASE_TRUMP, O.PHASE_TRUMP_PUSHED) else 0
        steps.apply_nb(st, h, cfg, action)
    if not claims:
        st[X_CLAIMS] = 0
    return st, h


def random_position(game, cfg, rng, cards: int, more: int = 0, mode: int | None = None,
                    claims: bool = False):
    """A random deal of a random mode (``mode``: that one) played on by random legal
    cards until each hand holds ``cards``, then ``more`` cards into the next trick."""
    schieber = int(cfg[CFG_VARIANT]) == O.VARIANT_SCHIEBER
    order = rng.permutation(36)
    hands = [sum(1 << int(c) for c in order[9 * s:9 * s + 9]) for s in range(4)]
    if mode is None:
        mode = int(rng.integers(6 if schieber else 4))
    st, h = first_trick(game, cfg, hands, int(rng.integers(4)), mode, claims)
    steps = game.steps_of()
    moves = np.zeros(128, dtype=np.int64)
    for _ in range(4 * (9 - cards) + more):
        if steps.is_over_nb(st):
            break
        n = steps.legal_actions_nb(st, h, cfg, moves)
        action = int(moves[rng.integers(n)])
        steps.apply_nb(st, h, cfg, action)
        if st[O.PHASE] == O.PHASE_CLAIM:   # play on, as the solver does
            steps.apply_nb(st, h, cfg, 0)
    return st, h

