"""French Tarot positions built from chosen cards, for the solver and its tests.

A position of a few cards a hand is the end of a deal: the deal's earlier tricks are taken
as played (every card not in a hand is in ``PLAYED``), the taker's contract a Guard Without
(no dog in the play, no discard), every handful decided (none shown). What a position says
of the earlier tricks is what the rest of the play reads: who is in which camp, how many
tricks the taker's camp has won (with the Excuse still in a hand, a camp that has won every
trick makes it take the last one), the taker's half-points so far.
"""
from __future__ import annotations

import numpy as np

from ...kit_nb import CH_DEALER, CH_SIZE
from . import obs as O
from .cards import EXCUSE, HALF_POINTS, N_CARDS, TRUMP_1, words_of
from .cfg import CFG_PETIT_SEC
from .rules_nb import GUARD_WITHOUT, PETIT_SEC_PLAY


def late_trick(game, cfg, hands, leader: int, taker: int, partner: int = -1,
               taker_tricks: int | None = None, taker_points: int = 0):
    """(st, hands) of the deal's last ``len(hands[0])`` tricks, ``leader`` to lead: ``hands``
    one list of card ids a seat (all of one size), ``taker`` and ``partner`` (5 players; -1:
    the taker plays alone) the taker's camp, ``taker_tricks`` the earlier tricks it won (all of
    them by default), ``taker_points`` its half-points so far."""
    steps = game.steps
    n = len(hands)
    size = len(hands[0])
    st, h = steps.new_state_nb(cfg)
    dealt = np.zeros(2 * O.MAX_SEATS + 2, dtype=np.uint64)
    held = set()
    for s, cards in enumerate(hands):
        for c in cards:
            dealt[2 * s + (c >> 6)] |= np.uint64(1) << np.uint64(c & 63)
        held |= set(cards)
    start = np.array(cfg, dtype=np.int64)
    start[CFG_PETIT_SEC] = PETIT_SEC_PLAY      # a short hand is no petit sec
    chance = np.zeros(CH_SIZE, dtype=np.int64)
    chance[CH_DEALER] = (leader - 1) % n
    steps.start_deal_nb(st, h, start, dealt, chance)
    st[O.PETIT_SEC_RULE] = cfg[CFG_PETIT_SEC]
    no = int(st[O.N_TRICKS]) - size
    won = no if taker_tricks is None else taker_tricks
    for s in range(n):
        st[O.BIDS + s] = GUARD_WITHOUT if s == taker else 0
        st[O.HANDFULS + s] = 0
    st[O.BIDS_MADE] = n
    st[O.CONTRACT] = GUARD_WITHOUT
    st[O.TAKER] = taker
    st[O.PARTNER] = partner
    played = [c for c in range(N_CARDS) if c not in held]
    words = words_of(played).view(np.int64)
    st[O.PLAYED] = words[0]
    st[O.PLAYED_HI] = words[1]
    st[O.TRICK_NO] = no
    st[O.TAKER_TRICKS] = won
    st[O.TRICKS + taker] = won
    st[O.TRICKS + (taker + 1) % n] = no - won
    st[O.TAKER_HP] = taker_points
    if EXCUSE in played:
        st[O.EXCUSE_TRICK] = 0
        st[O.EXCUSE_SEAT] = leader
    if TRUMP_1 in played:
        st[O.PETIT_TRICK] = 0
    st[O.PHASE] = O.PHASE_PLAY
    st[O.SEAT] = leader
    st[O.TRICK_LEADER] = leader
    return st, h


def hand_points(cards) -> int:
    """Half-points of a list of card ids."""
    return int(sum(HALF_POINTS[c] for c in cards))


def random_positions(game, cfg, players: int, cards: int, count: int, seed: int = 0):
    """``count`` random positions of ``cards`` cards a hand from a shuffled pack: the taker
    seat 0 (alone), a random leader, the taker's camp having won half the earlier tricks."""
    rng = np.random.default_rng(seed)
    no = {3: 24, 4: 18, 5: 15}[players] - cards
    for _ in range(count):
        order = rng.permutation(N_CARDS)
        hands = [[int(c) for c in order[s * cards:(s + 1) * cards]] for s in range(players)]
        yield late_trick(game, cfg, hands, int(rng.integers(players)), 0, taker_tricks=no // 2)
