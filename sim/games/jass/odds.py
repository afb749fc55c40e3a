"""Schieber for the hand odds (``sim/odds.py``): the facts of a question.

The question of a Schieber hand is its trump: the first hand (the seat after
the dealer) names a mode (a trump suit, Obenabe or Unenufe) or pushes the
choice to its partner, who must name one. A question fixes the asking seat's
nine cards, the dealer (by default the seat before the asking one, which is
then the first hand; the dealer may instead be the seat after it, whose partner
it is: its question is then the mode after a push) and, if given, other seats'
cards; the rest is dealt at random. Each mode (and the push) is played on; the
outcome is the card points of the seat's team in the deal (157 in all, the
last trick's 5 included), whether the team took the most, and the deal's score
for the team (its counted points: cards, Weis, Stöck, the match bonus, times
the mode's multiplier).

The question of a Differenzler hand is its prediction. The trump is set by the
dealer's last card, turned up: a fact the question must give (``turned``, or
``--trump CARD``), which stays in the dealer's hand (the asking seat's, when it
deals). The predictions on a grid (every 10 points and 157) are played on; the
outcome is the seat's card points and its penalty, |points - prediction|,
lowest best; "made" is a prediction hit exactly. The penalties before the deal
(``scores``, one a seat) may be given.
"""
from __future__ import annotations

import numpy as np

from ...errors import TricksimError
from ...odds_facts import Placed, other_seats, read_cards
from ...kit_nb import CH_DEALER, CH_DEALS, CH_SIZE, CH_TOTALS, CH_TURNED
from . import obs as O
from .cards import N_CARDS, TRUMP_WORDS, card_name, parse_card
from .cfg import config
from .info import JASS

HOOKS_MODULE = "sim.games.jass.odds_nb"
# deals unless told: seven modes played on, a whole deal of pimc at every seat each
# (0.2 s a deal on a busy core: 500 deals take about two minutes)
# Differenzler: 17 predictions played on, a whole deal of pimc at every seat each (2.1 s a
# deal on a busy core: 100 deals take about three and a half minutes)
DEFAULT_DEALS = {"schieber": 500, "differenzler": 100}
GRID = (*range(0, 151, 10), O.MAX_PREDICTION)
HAND = 9
# the options' labels by action, as records write them: the trump suits S H D C, Obenabe,
# Unenufe and the push
ACTIONS = list(TRUMP_WORDS)


def _cards(text, what: str) -> list[int]:
    return read_cards(text, parse_card, N_CARDS, what)


def question(game: str, players: int, hand, seat: int = 0, round: int | None = None,
             dealer: int | None = None, turned=None, trump=None, fixed=None, scores=None,
             options: dict | None = None, variant: str | None = None):
    """The facts of a question checked, as ``sim.odds.Question`` fields (a dict)."""
    variant = JASS.check_variant(variant)
    if variant == "differenzler":
        return _differenzler(game, players, hand, seat, round, dealer, turned, trump, fixed,
                             scores, options)
    for name, value in (("round", round), ("turned", turned), ("trump", trump),
                        ("scores", scores)):
        if value is not None:
            raise TricksimError(f"jass: --{name} does not apply (one deal; the trump is the "
                                f"question); give the hand, the seat, the dealer and other "
                                f"seats' cards")
    n = JASS.check_players(players)
    opts = JASS.validate(options or {}, variant)
    if not 0 <= int(seat) < n:
        raise TricksimError(f"seat {seat} is not at the table: {n} players sit at seats 0 to {n - 1}")
    seat = int(seat)
    dealer = (seat - 1) % n if dealer is None else int(dealer)
    if not 0 <= dealer < n:
        raise TricksimError(f"dealer {dealer} is not at the table: {n} players sit at seats "
                            f"0 to {n - 1}")
    first = (dealer + 1) % n
    if seat not in (first, (first + 2) % n):
        raise TricksimError(f"seat {seat} names no trump when seat {dealer} deals: the first "
                            f"hand (seat {first}) names it or pushes to its partner (seat "
                            f"{(first + 2) % n}); give --dealer {(seat - 1) % n} or "
                            f"{(seat + 1) % n}")
    own = _cards(hand, "the hand")
    if len(own) != HAND:
        raise TricksimError(f"the hand has {len(own)} cards; jass deals {HAND}")
    seen = Placed(card_name)
    dealt = np.zeros(n, dtype=np.uint64)
    counts = np.zeros(n, dtype=np.int64)

    def give(s: int, cards: list[int], where: str) -> None:
        for c in cards:
            seen.take(c, where)
            dealt[s] |= np.uint64(1) << np.uint64(c)
        counts[s] = len(cards)

    give(seat, own, "the hand")
    for s, cards in other_seats(fixed, n, seat, HAND, _cards, f"jass deals {HAND}"):
        give(s, cards, f"seat {s}'s cards")
    chance = np.zeros(CH_SIZE, dtype=np.int64)
    chance[CH_DEALER] = dealer
    chance[CH_DEALS] = 1
    chance[CH_TURNED] = -1
    pushed = seat != first
    return dict(
        game=game, players=n, seat=seat, dealer=dealer, round=1, hand_size=HAND,
        cfg=config(variant, n, opts), hand=own, fixed=dealt,
        need=np.array([HAND - counts[s] for s in range(n)], dtype=np.int64),
        pool=np.array([c for c in range(N_CARDS) if c not in seen], dtype=np.int64),
        turn_pool=np.zeros(0, dtype=np.int64), chance=chance,
        prefix=np.array([O.ACTION_PUSH] if pushed else [], dtype=np.int64),   # a fact: pushed
        phase=O.PHASE_TRUMP_PUSHED if pushed else O.PHASE_TRUMP, decision="mode",
        actions=ACTIONS[:6] if pushed else ACTIONS,
        trump_text=(f"the first hand, seat {first}, pushed" if pushed else
                    "the seat names the trump"),
        card_names=[card_name(c) for c in own], hooks=HOOKS_MODULE,
        measure="points", made="deal won", setting="schieber, 9 cards a hand",
        variant=variant)


def _seats(n: int, seat, dealer) -> tuple[int, int]:
    """(seat, dealer) checked; the dealer by default the seat before the asking one."""
    if not 0 <= int(seat) < n:
        raise TricksimError(f"seat {seat} is not at the table: {n} players sit at seats 0 to {n - 1}")
    seat = int(seat)
    dealer = (seat - 1) % n if dealer is None else int(dealer)
    if not 0 <= dealer < n:
        raise TricksimError(f"dealer {dealer} is not at the table: {n} players sit at seats "
                            f"0 to {n - 1}")
    return seat, dealer


def _differenzler(game, players, hand, seat, round, dealer, turned, trump, fixed, scores,
                  options):
    """A Differenzler question: the prediction, the turned card given."""
    if round is not None:
        raise TricksimError("jass differenzler: --round does not apply (one deal); give the "
                            "hand, the dealer's turned card, the seat, the dealer and other "
                            "seats' cards")
    if trump is not None:
        raise TricksimError(f"jass differenzler: the trump is the dealer's turned card: give "
                            f"the card (--trump CARD, e.g. --trump H6), not {trump!r}")
    if turned is None:
        raise TricksimError("jass differenzler: the dealer's turned card sets the trump: give it "
                            "(--trump CARD, e.g. --trump H6)")
    n = JASS.check_players(players)
    opts = JASS.validate(options or {}, "differenzler")
    seat, dealer = _seats(n, seat, dealer)
    own = _cards(hand, "the hand")
    if len(own) != HAND:
        raise TricksimError(f"the hand has {len(own)} cards; jass deals {HAND}")
    card = _cards([turned] if isinstance(turned, (int, np.integer)) else turned,
                  "the turned card")
    if len(card) != 1:
        raise TricksimError(f"the turned card: give one card, not {len(card)}")
    card = card[0]
    if dealer == seat and card not in own:
        raise TricksimError(f"the turned card {card_name(card)} is the dealer's, and seat {seat} "
                            f"deals: it must be in the hand")
    seen = Placed(card_name)
    dealt = np.zeros(n, dtype=np.uint64)
    counts = np.zeros(n, dtype=np.int64)

    def give(s: int, cards: list[int], where: str) -> None:
        for c in cards:
            seen.take(c, where)
            dealt[s] |= np.uint64(1) << np.uint64(c)
        counts[s] += len(cards)

    give(seat, own, "the hand")
    for s, cards in other_seats(fixed, n, seat, HAND, _cards, f"jass deals {HAND}"):
        give(s, cards, f"seat {s}'s cards")
    if dealer != seat:                  # the dealer keeps it
        if card in seen:
            raise TricksimError(f"the turned card {card_name(card)} is the dealer's (seat "
                                f"{dealer}) but is given in {seen.where[card]}: a card is in "
                                f"one place")
        if counts[dealer] == HAND:
            raise TricksimError(f"the turned card {card_name(card)} is the dealer's, but seat "
                                f"{dealer}'s {HAND} cards are given without it")
        give(dealer, [card], "the turned card")
    chance = np.zeros(CH_SIZE, dtype=np.int64)
    chance[CH_DEALER] = dealer
    chance[CH_DEALS] = 4
    chance[CH_TURNED] = card
    if scores is not None:
        values = list(scores)
        if len(values) != n or not all(isinstance(v, (int, np.integer)) and v >= 0
                                       for v in values):
            raise TricksimError(f"scores {values}: give the {n} penalty totals before the deal, "
                                f"whole numbers of at least 0, one a seat")
        chance[CH_TOTALS:CH_TOTALS + n] = values
    return dict(
        game=game, players=n, seat=seat, dealer=dealer, round=1, hand_size=HAND,
        cfg=config("differenzler", n, opts), hand=own, fixed=dealt,
        need=np.array([HAND - counts[s] for s in range(n)], dtype=np.int64),
        pool=np.array([c for c in range(N_CARDS) if c not in seen], dtype=np.int64),
        turn_pool=np.zeros(0, dtype=np.int64), chance=chance,
        prefix=np.zeros(0, dtype=np.int64), phase=O.PHASE_PREDICT, decision="prediction",
        actions=[str(g) for g in GRID], wanted=np.array(GRID, dtype=np.int64),
        lower_better=True, score="penalty",
        trump_text=f"turned card {card_name(card)} (trump {TRUMP_WORDS[card // 9]})",
        card_names=[card_name(c) for c in own], hooks=HOOKS_MODULE,
        measure="points", made="hit exactly", setting="differenzler, 9 cards a hand",
        variant="differenzler")
