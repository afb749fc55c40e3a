"""Beim Jupiter for the hand odds (``sim/odds.py``): the facts of a round 1 question.

A question fixes the asking seat's 13 cards of round 1, the dealer (by default
the seat before the asking one, which then lays out and bids first) and, if
given, other seats' cards; the rest of the pack is dealt at random to the other
seats and, with 3 or 4 players, the card left unseen. Two questions (``ask``):
``layout``, each numbered colour card of the hand laid out; and ``bid``, each
counter (the zero-trick card, 1 … 12, locked or not) once every card is laid
out and the trump known. The outcome is the seat's tricks, its counter, whether
it took that many, and the victory points it won in the round. (Round 1 is
never dealt again: 13 cards always hold a numbered colour card, as only 9 cards
are not numbered.)
"""
from __future__ import annotations

import numpy as np

from ...errors import TricksimError
from ...odds_facts import Placed, other_seats, read_cards
from ...kit_nb import CH_DEALER, CH_DEALS, CH_SIZE, CH_TURNED
from . import obs as O
from .cards import N_CARDS, card_name, is_numbered, pack, parse_card
from .cfg import config
from .info import JUPITER, ROUNDS
from .round_nb import DEALT_SIZE, DEALT_ZERO, MAX_SEATS

ASKS = ("layout", "bid")
# deals unless told: each layout (up to 13) or counter (25) played on, a whole round of pimc
# at every seat each (4 players, a busy core: 1.5 s a deal for the layouts, 3.2 s for the
# bids: 100 deals take three to six minutes)
DEFAULT_DEALS = 100
HAND = 13               # round 1 deals 14 - 1 cards a hand
COUNTERS = 13 - 1       # round 1 plays 12 tricks: counters 1 … 12


def question(game: str, players: int, hand, seat: int = 0, round: int | None = None,
             dealer: int | None = None, turned=None, trump=None, fixed=None, scores=None,
             options: dict | None = None, variant: str | None = None, ask: str = "layout"):
    """The facts of a question checked, as ``sim.odds.Question`` fields (a dict)."""
    for name, value in (("turned", turned), ("trump", trump), ("scores", scores)):
        if value is not None:
            raise TricksimError(f"jupiter: --{name} does not apply (round 1: the layouts set "
                                f"the trump); give the hand, the seat, the dealer and other "
                                f"seats' cards")
    if round not in (None, 1):
        raise TricksimError(f"jupiter: hand odds answer round 1 (the table is empty), not "
                            f"round {round}")
    JUPITER.check_variant(variant)
    n = JUPITER.check_players(players)
    opts = JUPITER.validate(options or {})
    if not 0 <= int(seat) < n:
        raise TricksimError(f"seat {seat} is not at the table: {n} players sit at seats 0 to {n - 1}")
    seat = int(seat)
    dealer = (seat - 1) % n if dealer is None else int(dealer)
    if not 0 <= dealer < n:
        raise TricksimError(f"dealer {dealer} is not at the table: {n} players sit at seats "
                            f"0 to {n - 1}")
    cards_of_game = set(pack(n))

    def cards(text, what: str) -> list[int]:
        found = read_cards(text, parse_card, N_CARDS, what)
        for c in found:
            if c not in cards_of_game:
                raise TricksimError(f"card {card_name(c)} in {what} is not in the pack of "
                                    f"{n} players ({len(cards_of_game)} cards: docs/rules.md)")
        return found

    own = cards(hand, "the hand")
    if len(own) != HAND:
        raise TricksimError(f"the hand has {len(own)} cards; round 1 deals {HAND}")
    numbered = sorted(c for c in own if is_numbered(c))
    seen = Placed(card_name)
    dealt = np.zeros(DEALT_SIZE, dtype=np.uint64)
    counts = np.zeros(n, dtype=np.int64)

    def give(s: int, given: list[int], where: str) -> None:
        for c in given:
            seen.take(c, where)
            dealt[2 * s + (c >> 6)] |= np.uint64(1) << np.uint64(c & 63)
        counts[s] = len(given)

    give(seat, own, "the hand")
    for s, given in other_seats(fixed, n, seat, HAND, cards, f"round 1 deals {HAND}"):
        give(s, given, f"seat {s}'s cards")
    dealt[DEALT_ZERO] = np.uint64((1 << n) - 1)      # every zero-trick card unused
    free = [c for c in sorted(cards_of_game) if c not in seen]
    # the seats (0 for a seat not at the table), then the card left unseen: holder 5
    need = [HAND - counts[s] if s < n else 0 for s in range(MAX_SEATS)]
    need.append(len(cards_of_game) - n * HAND)
    chance = np.zeros(CH_SIZE, dtype=np.int64)
    chance[CH_DEALER] = dealer
    chance[CH_DEALS] = ROUNDS
    chance[CH_TURNED] = -1
    if ask == "layout":
        phase, wanted = O.PHASE_LAYOUT, numbered
        labels = [card_name(c) for c in numbered]
    else:
        phase = O.PHASE_BID
        wanted = [0, *range(1, COUNTERS + 1),
                  *(O.LOCKED_BID + k for k in range(1, COUNTERS + 1))]
        labels = ["zero", *map(str, range(1, COUNTERS + 1)),
                  *(f"{k} locked" for k in range(1, COUNTERS + 1))]
    return dict(
        game=game, players=n, seat=seat, dealer=dealer, round=1, hand_size=HAND,
        cfg=config(game, n, opts), hand=own, fixed=dealt, need=np.array(need, dtype=np.int64),
        pool=np.array(free, dtype=np.int64), turn_pool=np.zeros(0, dtype=np.int64),
        chance=chance, prefix=np.zeros(0, dtype=np.int64), phase=phase, decision=ask,
        actions=labels, wanted=np.array(wanted, dtype=np.int64),
        trump_text="the trump from the layouts", card_names=[card_name(c) for c in own],
        hooks="sim.games.jupiter.odds_nb", made="bid made", setting="round 1 (13 cards)")
