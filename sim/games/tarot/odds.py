"""French Tarot for the hand odds (``sim/odds.py``): the facts of a question.

A question fixes the asking seat's hand (15, 18 or 24 cards for 5, 4 or 3
players), the dealer (by default the seat before the asking one, which then
bids first: the bidding starts at the seat after the dealer) and,
if given, other seats' cards; the rest of the pack is dealt at random to the
other seats and the dog. The options are the seat's bids (pass, take, guard,
guard without, guard against), each played on; the outcome is the card points
of the seat's camp (the taker with, in 5 players, the partner; or the
defence), the deal's score for the seat, and whether its camp won. A deal that
everyone passes scores 0 and counts as not won. Under ``petit_sec=redeal`` the
deals where another seat holds the Petit alone are drawn again from the same
facts, as the rules deal them again (``odds_nb.odds_deal_stands_nb``); a hand
given with the Petit alone is refused.
"""
from __future__ import annotations

import numpy as np

from ...errors import TricksimError
from ...odds_facts import Placed, other_seats, read_cards
from ...kit_nb import CH_DEALER, CH_DEALS, CH_SIZE
from . import obs as O
from .cards import EXCUSE, N_CARDS, card_name, is_trump, parse_card
from .cfg import config
from .info import TAROT
from .rules_nb import DOG_CARDS, HAND_CARDS

HOOKS_MODULE = "sim.games.tarot.odds_nb"
# deals unless told: each plays five bids on, a whole deal of pimc at every seat each
# (1.2 s a deal on a busy core: 200 deals take a few minutes)
DEFAULT_DEALS = 200
BIDS = ("pass", "take", "guard", "guard without", "guard against")


def _cards(text, what: str) -> list[int]:
    return read_cards(text, parse_card, N_CARDS, what)


def _not_for_tarot(**given) -> None:
    for name, value in given.items():
        if value is not None:
            raise TricksimError(f"tarot: --{name} does not apply (one deal, no turned card or "
                                f"trump suit: the trumps are the 21 numbered cards); give the "
                                f"hand, the seat, the dealer and other seats' cards")


def question(game: str, players: int, hand, seat: int = 0, round: int | None = None,
             dealer: int | None = None, turned=None, trump=None, fixed=None, scores=None,
             options: dict | None = None, variant: str | None = None):
    """The facts of a question checked, as ``sim.odds.Question`` fields (a dict)."""
    _not_for_tarot(round=round, turned=turned, trump=trump, scores=scores)
    TAROT.check_variant(variant)
    n = TAROT.check_players(players)
    opts = TAROT.validate(options or {})
    if not 0 <= int(seat) < n:
        raise TricksimError(f"seat {seat} is not at the table: {n} players sit at seats 0 to {n - 1}")
    seat = int(seat)
    dealer = (seat - 1) % n if dealer is None else int(dealer)
    if not 0 <= dealer < n:
        raise TricksimError(f"dealer {dealer} is not at the table: {n} players sit at seats "
                            f"0 to {n - 1}")
    size, dog = int(HAND_CARDS[n - 3]), int(DOG_CARDS[n - 3])
    own = _cards(hand, "the hand")
    if len(own) != size:
        raise TricksimError(f"the hand has {len(own)} cards; tarot with {n} players deals {size}")
    trumps = [c for c in own if is_trump(c)]
    if opts["petit_sec"] == "redeal" and trumps == [parse_card("T1")] and EXCUSE not in own:
        raise TricksimError("the hand holds the Petit alone (petit sec): under petit_sec=redeal "
                            "the deal is dealt again; give another hand or -o petit_sec=play")
    seen = Placed(card_name)
    dealt = np.zeros(2 * (n + 1), dtype=np.uint64)
    counts = np.zeros(n + 1, dtype=np.int64)

    def give(s: int, cards: list[int], where: str) -> None:
        for c in cards:
            seen.take(c, where)
            dealt[2 * s + (c >> 6)] |= np.uint64(1) << np.uint64(c & 63)
        counts[s] = len(cards)

    give(seat, own, "the hand")
    for s, cards in other_seats(fixed, n, seat, size, _cards,
                                f"tarot with {n} players deals {size}"):
        give(s, cards, f"seat {s}'s cards")
    need = np.array([size - counts[s] for s in range(n)] + [dog], dtype=np.int64)
    chance = np.zeros(CH_SIZE, dtype=np.int64)
    chance[CH_DEALER] = dealer
    chance[CH_DEALS] = 1
    free = [c for c in range(N_CARDS) if c not in seen]
    return dict(
        game=game, players=n, seat=seat, dealer=dealer, round=1, hand_size=size,
        cfg=config(n, opts), hand=own, fixed=dealt, need=need,
        pool=np.array(free, dtype=np.int64), turn_pool=np.zeros(0, dtype=np.int64),
        chance=chance, prefix=np.zeros(0, dtype=np.int64), phase=O.PHASE_BID, decision="bid",
        actions=list(BIDS), trump_text=f"a dog of {dog}",
        card_names=[card_name(c) for c in own], hooks=HOOKS_MODULE,
        measure="points", unit=0.5, made="deal won", setting=f"{size} cards a hand")
