"""Wizard and Oh Hell for the hand odds (``sim/odds.py``): the facts of a question.

A question fixes the asking seat's hand and, if given, the round, the dealer,
the turned card or the trump, other seats' cards and the totals before the
round; everything else is dealt at random. :func:`question` checks the facts
against each other and the rules (``docs/rules.md``) and says what the compiled
deal holds fixed and what it draws.

The trump: ``turned`` is the card turned up (or ``"none"``: no card turned,
only in a round that deals the whole pack); ``trump`` the trump suit (``S``
``H`` ``D`` ``C``) or ``"none"``. Without a turned card, a trump suit means a
card of that suit was turned (drawn among the free ones), ``"none"`` that a
Jester was (or, in the round that deals the whole pack, nothing). A Wizard
turned with a suit given fixes the dealer's choice; a Wizard turned alone
leaves the choice to the dealer's player, or, when the asking seat deals,
makes the choice the decision the question is about.
"""
from __future__ import annotations

import numpy as np

from ...errors import TricksimError
from ...odds_facts import Placed, other_seats, read_cards
from ...kit_nb import CH_DEAL, CH_DEALER, CH_DEALS, CH_SIZE, CH_TOTALS, CH_TURNED
from . import obs as O
from .cards import (FIRST_JESTER, FIRST_WIZARD, OH_HELL_DECK, SUITS, WIZARD_DECK, card_name,
                    parse_card)
from .cfg import config
from .info import OH_HELL, WIZARD, schedule

HOOKS_MODULE = "sim.games.wizard.odds_nb"


def _cards(text, deck: int, what: str) -> list[int]:
    """Card ids of a hand given as text (``"SA HT Z1"``, commas allowed) or a list."""
    return read_cards(text, lambda c: parse_card(c, deck), deck, what)


def _suit(text) -> int | None:
    """A suit letter as 0..3, ``"none"`` as -1."""
    s = str(text).strip().upper()
    if s == "NONE":
        return -1
    if len(s) == 1 and s in SUITS:
        return SUITS.index(s)
    raise TricksimError(f"unknown trump {text!r}: a suit S, H, D or C, or none")


def question(game: str, players: int, hand, seat: int = 0, round: int | None = None,
             dealer: int | None = None, turned=None, trump=None, fixed=None, scores=None,
             options: dict | None = None, variant: str | None = None):
    """The facts of a question checked, as ``sim.odds.Question`` fields (a dict)."""
    meta = WIZARD if game == "wizard" else OH_HELL
    meta.check_variant(variant)
    n = meta.check_players(players)
    opts = meta.validate(options or {})
    deck = WIZARD_DECK if game == "wizard" else OH_HELL_DECK
    sizes = schedule(game, n, opts.get("rounds"))
    if not 0 <= int(seat) < n:
        raise TricksimError(f"seat {seat} is not at the table: {n} players sit at seats 0 to {n - 1}")
    seat = int(seat)
    dealer = (seat - 1) % n if dealer is None else int(dealer)
    if not 0 <= dealer < n:
        raise TricksimError(f"dealer {dealer} is not at the table: {n} players sit at seats "
                            f"0 to {n - 1}")
    own = _cards(hand, deck, "the hand")
    if round is None:                   # the first round of the schedule that deals this many
        rounds = [i for i, h in enumerate(sizes) if h == len(own)]
        if not rounds:
            raise TricksimError(f"a hand of {len(own)} cards: {game} with {n} players deals "
                                f"{int(sizes.min())} to {int(sizes.max())} cards a hand")
        index = rounds[0]
    else:
        if not 1 <= int(round) <= len(sizes):
            raise TricksimError(f"round {round}: {game} with {n} players has rounds 1 to "
                                f"{len(sizes)}")
        index = int(round) - 1
    h = int(sizes[index])
    if len(own) != h:
        raise TricksimError(f"the hand has {len(own)} cards; round {index + 1} of {game} with "
                            f"{n} players deals {h}")
    seen = Placed(card_name)
    for c in own:
        seen.take(c, "the hand")
    masks = np.zeros(O.MAX_PLAYERS, dtype=np.uint64)
    masks[seat] = np.uint64(sum(1 << c for c in own))
    for s, cards in other_seats(fixed, n, seat, h, lambda t, w: _cards(t, deck, w),
                                f"round {index + 1} deals {h}"):
        for c in cards:
            seen.take(c, f"seat {s}'s cards")
        masks[s] = np.uint64(sum(1 << c for c in cards))
    whole_pack = n * h == deck
    turned_card = _turned(turned, deck, whole_pack, index, seen.take)
    trump_suit = None if trump is None else _suit(trump)
    free = [c for c in range(deck) if c not in seen]
    turn_pool: list[int] = []
    prefix: list[int] = []
    if turned_card is None:             # drawn: any free card, or those the trump allows
        if whole_pack:
            if trump_suit not in (None, -1):
                raise TricksimError(f"trump {SUITS[trump_suit]}: round {index + 1} deals the "
                                    f"whole pack, no card is turned and there is no trump")
            turned_card = -1
        elif trump_suit is None:
            turn_pool = free
        elif trump_suit < 0:
            turn_pool = [c for c in free if c >= FIRST_JESTER]
            if game != "wizard":
                raise TricksimError(f"trump none: Oh Hell has no trump only in a round that "
                                    f"deals the whole pack, and round {index + 1} does not")
            if not turn_pool:
                raise TricksimError("trump none: no trump means a Jester turned, and no Jester "
                                    "is left to be turned")
        else:
            turn_pool = [c for c in free if c < FIRST_WIZARD and c // 13 == trump_suit]
            if not turn_pool:
                raise TricksimError(f"trump {SUITS[trump_suit]}: no card of that suit is left "
                                    f"to be turned")
    elif trump_suit is not None:
        _check_trump(turned_card, trump_suit)
        if FIRST_WIZARD <= turned_card < FIRST_JESTER:
            prefix = [trump_suit]       # the dealer's choice after a Wizard, as given
    if scores is not None and len(scores) != n:
        raise TricksimError(f"scores: give one total a seat ({n}), not {len(scores)}")
    chance = np.zeros(CH_SIZE, dtype=np.int64)
    chance[CH_DEALER] = dealer
    chance[CH_DEAL] = index
    chance[CH_DEALS] = len(sizes)
    chance[CH_TURNED] = turned_card if turned_card is not None else -1
    chance[CH_TOTALS:CH_TOTALS + n] = [int(v) for v in (scores or [0] * n)]
    wizard_turned = turned_card is not None and FIRST_WIZARD <= turned_card < FIRST_JESTER
    trump_decision = wizard_turned and not prefix and dealer == seat
    if prefix:
        trump_text = f"turned card {card_name(turned_card)}, trump {SUITS[prefix[0]]} chosen"
    elif turned_card is not None:
        trump_text = ("no card turned" if turned_card < 0 else f"turned card "
                      f"{card_name(turned_card)}")
    elif trump_suit is None:
        trump_text = "turned card drawn"
    else:
        trump_text = ("no trump (a Jester turned)" if trump_suit < 0 else
                      f"trump {SUITS[trump_suit]} (a card of it turned)")
    need = np.array([h - bin(int(masks[s])).count("1") for s in range(n)], dtype=np.int64)
    return dict(
        game=game, players=n, seat=seat, dealer=dealer, round=index + 1, hand_size=h,
        cfg=config(game, n, opts), hand=own, fixed=masks, need=need,
        pool=np.array(free, dtype=np.int64), turn_pool=np.array(turn_pool, dtype=np.int64),
        chance=chance, prefix=np.array(prefix, dtype=np.int64),
        phase=O.PHASE_TRUMP if trump_decision else O.PHASE_BID,
        decision="trump" if trump_decision else "bid",
        actions=list(SUITS) if trump_decision else [str(b) for b in range(h + 1)],
        trump_text=trump_text,
        card_names=[card_name(c) for c in own], hooks=HOOKS_MODULE)


def _turned(turned, deck: int, whole_pack: bool, index: int, take) -> int | None:
    """The turned card's id (-1: none turned), or None when it is drawn."""
    if turned is None:
        return None
    if str(turned).strip().lower() == "none":
        if not whole_pack:
            raise TricksimError(f"turned none: round {index + 1} does not deal the whole pack, "
                                f"so a card is turned")
        return -1
    card = int(turned) if isinstance(turned, (int, np.integer)) else parse_card(turned, deck)
    if whole_pack:
        raise TricksimError(f"turned card {card_name(card)}: round {index + 1} deals the whole "
                            f"pack, no card is turned")
    take(card, "the turned card")
    return card


def _check_trump(card: int, suit: int) -> None:
    """A trump suit that the turned card does not give is refused."""
    if card < 0 or card >= FIRST_JESTER:
        if suit >= 0:
            what = "no card is turned" if card < 0 else f"{card_name(card)} (a Jester) is turned"
            raise TricksimError(f"trump {SUITS[suit]} contradicts the turned card: {what}, so "
                                f"there is no trump")
    elif card < FIRST_WIZARD and suit != card // 13:
        got = "none" if suit < 0 else SUITS[suit]
        raise TricksimError(f"trump {got} contradicts the turned card {card_name(card)}: the "
                            f"trump is {SUITS[card // 13]}")
    elif FIRST_WIZARD <= card < FIRST_JESTER and suit < 0:
        raise TricksimError(f"trump none contradicts the turned card {card_name(card)}: after a "
                            f"Wizard the dealer chooses a suit")
