"""Pitch positions for the solver, its tests and its bench: deals of either variant
bid by chosen seats and played on by random legal cards.

The bidding is no card play: a position names its bidder (the pitcher in Auction
Pitch) and every other seat passes; Ten-point Pitch's bidder names the trump and
the bid losers over 6 trumps burn at random among their legal burns. A smaller
position is a deal played on: the tricks already taken keep what they decided
(Auction: the count taken, the Jack and Low taken; Ten-point: the points taken).
"""
from __future__ import annotations

import numpy as np

from ...kit_nb import CH_DEALER, CH_SIZE
from . import obs as O
from .cards import N_CARDS, N_SUIT_CARDS

HAND = {"auction": 6, "ten_point": 9}


def deal_position(game, variant: str, cfg, dealt, dealer: int, bidder: int, bid: int,
                  trump: int = 0, rng=None):
    """(st, hands) of a deal at its first card: ``dealt`` the kernel's words (Auction: the
    four hands; Ten-point: the hands, the stock, the 54 ids of the refill order), dealt
    by ``dealer``; ``bidder`` bids ``bid`` and the others pass. Ten-point: the bidder
    names ``trump`` and each loser over 6 trumps burns as ``rng`` draws (the first legal
    burn without one)."""
    steps = game.steps_of(variant)
    st, h = steps.new_state_nb(cfg)
    words = np.zeros(O.DEALT_SIZE, dtype=np.uint64)
    words[:len(dealt)] = [np.uint64(int(w)) for w in dealt]
    chance = np.zeros(CH_SIZE, dtype=np.int64)
    chance[CH_DEALER] = dealer
    steps.start_deal_nb(st, h, cfg, words, chance)
    moves = np.zeros(128, dtype=np.int64)
    while st[O.PHASE] != O.PHASE_PLAY and not steps.is_over_nb(st):
        phase = int(st[O.PHASE])
        if phase == O.PHASE_BID:
            action = bid if int(st[O.SEAT]) == bidder else 0
        elif phase == O.PHASE_TRUMP:
            action = trump
        else:
            n = steps.legal_actions_nb(st, h, cfg, moves)
            action = int(moves[rng.integers(n) if rng is not None else 0])
        steps.apply_nb(st, h, cfg, action)
    return st, h


def random_deal(variant: str, rng):
    """The kernel's ``dealt`` words of a random deal of ``variant``."""
    if variant == "auction":
        order = rng.permutation(N_SUIT_CARDS)
        return [sum(1 << int(c) for c in order[6 * s:6 * s + 6]) for s in range(4)]
    order = rng.permutation(N_CARDS)
    words = [sum(1 << int(c) for c in order[9 * s:9 * s + 9]) for s in range(4)]
    words.append(sum(1 << int(c) for c in order[36:]))
    return words + [int(c) for c in rng.permutation(N_CARDS)]


def _trumps_held(st, hands) -> int:
    """The most trumps a hand holds (Ten-point: its dead non-trumps aside)."""
    trumps = int(st[O.TP_TRUMPS])
    return max(bin(int(hands[s]) & trumps).count("1") for s in range(4))


def random_position(game, variant: str, cfg, rng, cards: int | None = None, more: int = 0):
    """A random deal of ``variant`` (a random dealer, bidder, bid and Ten-point trump)
    played on by random legal cards until no hand holds more than ``cards`` cards (Ten-point:
    trumps; None: the whole card play), then ``more`` cards into the next trick. The
    deal may be over (Ten-point: nobody left with a trump)."""
    steps = game.steps_of(variant)
    bid = int(rng.integers(2, 5)) if variant == "auction" else int(rng.integers(4, 11))
    st, h = deal_position(game, variant, cfg, random_deal(variant, rng), int(rng.integers(4)),
                          int(rng.integers(4)), bid, int(rng.integers(4)), rng)
    moves = np.zeros(128, dtype=np.int64)

    def play(n):
        for _ in range(n):
            if steps.is_over_nb(st):
                return
            k = steps.legal_actions_nb(st, h, cfg, moves)
            steps.apply_nb(st, h, cfg, int(moves[rng.integers(k)]))

    if cards is not None:
        if variant == "auction":
            play(4 * (HAND[variant] - cards))
        else:
            while not steps.is_over_nb(st) and (st[O.TRICK_N] != 0 or _trumps_held(st, h) > cards):
                play(1)
    play(more)
    return st, h


def short_deal(game, cfg, rng, cards: int):
    """Auction Pitch: a random deal of ``cards`` cards a hand (1 … 6) at its first card, the
    pitch still to name the trump: the deal's last ``cards`` tricks, none taken before (a
    random dealer, pitcher and bid)."""
    order = rng.permutation(N_SUIT_CARDS)
    dealt = [sum(1 << int(c) for c in order[cards * s:cards * (s + 1)]) for s in range(4)]
    st, h = deal_position(game, "auction", cfg, dealt, int(rng.integers(4)), int(rng.integers(4)),
                          int(rng.integers(2, 5)))
    st[O.TRICK_NO] = HAND["auction"] - cards
    return st, h


def random_positions(game, variant: str, cfg, cards: int | None, count: int, seed: int = 0):
    """``count`` random positions (:func:`random_position`) at a trick boundary, none over."""
    rng = np.random.default_rng(seed)
    steps = game.steps_of(variant)
    made = 0
    while made < count:
        st, h = random_position(game, variant, cfg, rng, cards)
        if not steps.is_over_nb(st):
            made += 1
            yield st, h
