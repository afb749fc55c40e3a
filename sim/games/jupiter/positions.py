"""Beim Jupiter positions for the solver, its tests and its bench: a random round played
on by random legal actions (layouts, bids, cards) into its card play.

A round of ``13 - r`` tricks deals ``14 - r`` cards a hand from the pack less the
numbered cards laid out in earlier rounds (here a random choice of them), so a position
of ``cards`` cards a hand is any round with that many tricks or more, played on.
"""
from __future__ import annotations

import numpy as np

from ...kit_nb import CH_DEAL, CH_DEALER, CH_SIZE
from . import obs as O
from .cards import is_numbered, pack
from .cfg import CFG_PLAYERS
from .info import ROUNDS
from .round_nb import DEALT_SIZE, DEALT_UNSEEN, DEALT_ZERO


def random_round(game, cfg, rng, round_no: int):
    """(st, hands) of round ``round_no`` freshly dealt: the game's pack less a random
    choice of the numbered cards laid out before, every zero-trick card unused, a random
    dealer (a deal with a hand of no numbered card is dealt again)."""
    n = int(cfg[CFG_PLAYERS])
    steps = game.steps
    cards = pack(n)
    size = 14 - round_no
    while True:
        numbered = [c for c in cards if is_numbered(c)]
        gone = set(rng.choice(numbered, size=n * (round_no - 1), replace=False).tolist())
        order = rng.permutation([c for c in cards if c not in gone])
        if all(any(is_numbered(c) for c in order[s * size:(s + 1) * size]) for s in range(n)):
            break
    dealt = np.zeros(DEALT_SIZE, dtype=np.uint64)
    for i, c in enumerate(order):
        slot = 2 * (i // size) if i < n * size else DEALT_UNSEEN
        dealt[slot + (c >> 6)] |= np.uint64(1) << np.uint64(c & 63)
    dealt[DEALT_ZERO] = np.uint64((1 << n) - 1)
    chance = np.zeros(CH_SIZE, dtype=np.int64)
    chance[CH_DEALER] = rng.integers(n)
    chance[CH_DEAL] = round_no - 1
    st, h = steps.new_state_nb(cfg)
    steps.start_deal_nb(st, h, cfg, dealt, chance)
    return st, h


def random_position(game, cfg, rng, cards: int, more: int = 0, trump: int | None = None):
    """A random round with at least ``cards`` tricks, its layouts and bids by random legal
    actions, its cards played on by random legal cards until each hand holds ``cards``,
    then ``more`` cards into the next trick. ``trump``: the trump colour of the play (0 … 3,
    -1 none) in place of the one the layouts decided (the card play reads only it)."""
    n = int(cfg[CFG_PLAYERS])
    st, h = random_round(game, cfg, rng, int(rng.integers(1, min(ROUNDS, 13 - cards) + 1)))
    steps = game.steps
    moves = np.zeros(128, dtype=np.int64)
    while st[O.PHASE] != O.PHASE_PLAY:
        count = steps.legal_actions_nb(st, h, cfg, moves)
        steps.apply_nb(st, h, cfg, int(moves[rng.integers(count)]))
    if trump is not None:
        st[O.TRUMP] = trump
    for _ in range(n * (int(st[O.N_TRICKS]) - cards) + more):
        if st[O.PHASE] != O.PHASE_PLAY:
            break
        count = steps.legal_actions_nb(st, h, cfg, moves)
        steps.apply_nb(st, h, cfg, int(moves[rng.integers(count)]))
    return st, h
