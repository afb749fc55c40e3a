"""Oh Hell card play as bridge double dummy: deals, DDS's answers and both solvers' speed.

With 4 players, one trump suit (or none) and the side {0, 2} maximising its
tricks, Oh Hell's card play is bridge's: follow suit, the highest trump else
the highest card of the suit led wins. Seats 0..3 are North, East, South and
West (seat ``s + 1`` plays after seat ``s``, as East after North), suits
S H D C are bridge's, and DDS's table gives the tricks of a declarer whose
left-hand opponent leads; its ``SolveBoard`` the tricks of the side on lead.
DDS is the ``endplay`` package, a test dependency:
this module imports it when asked.
"""
from __future__ import annotations

import time

import numpy as np

from ..games.wizard.cfg import config
from ..games.wizard.game import OH_HELL_GAME
from ..games.wizard.positions import first_trick
from .solve import Solver

NORTH_SOUTH = 0b0101
_RANKS = "23456789TJQKA"


def random_bridge_deals(count: int, cards: int = 13, seed: int = 0):
    """``count`` random deals of ``cards`` cards a seat: (hands, leader, trump) with a
    random leader and a random trump suit (-1: none)."""
    rng = np.random.default_rng(seed)
    deals = []
    for _ in range(count):
        order = rng.permutation(52)
        hands = [sum(1 << int(c) for c in order[s * cards:(s + 1) * cards]) for s in range(4)]
        deals.append((hands, int(rng.integers(4)), int(rng.integers(-1, 4))))
    return deals


def pbn(hands) -> str:
    """The deal in PBN, North first."""
    return "N:" + " ".join(
        ".".join("".join(_RANKS[r] for r in range(12, -1, -1) if (m >> (13 * s + r)) & 1)
                 for s in range(4)) for m in hands)


def _board(hands, leader, trump):
    from endplay.types import Deal, Denom, Player
    deal = Deal.from_pbn(pbn(hands))
    deal.first = Player(leader)
    deal.trump = Denom.nt if trump < 0 else Denom(trump)
    return deal


def dds_tricks(deals) -> list[int]:
    """North-South's tricks by DDS, each deal with its leader and trump: DDS's
    ``SolveBoard`` (``endplay.dds.analyse_start``) gives the leader's side's tricks.
    (Its table, ``calc_dd_table``, takes whole 13-card deals only.)"""
    from endplay.dds import analyse_start
    out = []
    for hands, leader, trump in deals:
        cards = bin(hands[0]).count("1")
        tricks = analyse_start(_board(hands, leader, trump), declarer_is_first=True)
        out.append(tricks if leader % 2 == 0 else cards - tricks)
    return out


def solve_rates(cards: int = 13, count: int = 20, seed: int = 0) -> dict:
    """Solves a second of both solvers on the same ``count`` deals (a solve: one deal,
    leader and trump, North-South's tricks), as medians of the deals' times; and
    whether they agreed on every deal. DDS solves one board at a time
    (``endplay.dds.analyse_start``: the leader's side's tricks)."""
    from endplay.dds import analyse_start
    solver = Solver(OH_HELL_GAME, config("oh_hell", 4, {}))
    ours, theirs, same = [], [], True
    for hands, leader, trump in random_bridge_deals(count, cards, seed):
        st, h = first_trick(OH_HELL_GAME, solver.cfg, hands, leader, trump)
        t = time.perf_counter()
        v = solver.value(st, h, NORTH_SOUTH)
        ours.append(time.perf_counter() - t)
        board = _board(hands, leader, trump)
        t = time.perf_counter()
        lead_side = analyse_start(board, declarer_is_first=True)
        theirs.append(time.perf_counter() - t)
        same &= v == (lead_side if leader % 2 == 0 else cards - lead_side)
    return {"cards": cards, "deals": count, "ours": 1 / float(np.median(ours)),
            "dds": 1 / float(np.median(theirs)), "agree": bool(same)}
