"""Pitch for the hand odds (``sim/odds.py``): the facts of a question, both variants.

A question fixes the asking seat's hand (Auction: 6 of the 52 cards; Ten-point:
9 of the 54), the dealer (by default the seat before the asking one, which then
bids first), the game scores before the deal if given (one a seat; Ten-point's
teammates share theirs) and, if given, other seats' cards; the rest is dealt at
random (Ten-point: the stock too, and the refill order).

Two questions (``ask``): ``bid``, each bid of the seat (pass among them) played
on; and ``trump``, the trump the seat sets when it wins the bid, asked in the
deals where it does: Auction Pitch's pitch (its first card sets trump: each card
of the hand, the best one's suit the trump to pitch), Ten-point's suit named.
The outcome is the seat's points of the deal (Auction: High, Low, Jack, Game;
Ten-point: its team's), its change of game score, and whether the seat's side
bid and made it.
"""
from __future__ import annotations

import numpy as np

from ...errors import TricksimError
from ...odds_facts import Placed, other_seats, read_cards
from ...kit_nb import CH_DEALER, CH_DEALS, CH_SIZE, CH_TOTALS, CH_TURNED
from . import obs as O
from .auction_rules_nb import HAND_SIZE as AUCTION_HAND, LOWEST_BID, SMUDGE
from .cards import N_CARDS, N_SUIT_CARDS, SUITS, card_name, parse_card
from .cfg import config
from .info import PITCH_INFO
from .ten_point_rules_nb import BID_MAX, BID_MIN, HAND_SIZE as TEN_POINT_HAND

ASKS = ("bid", "trump")
PLAYERS = 4


def _not_for_pitch(**given) -> None:
    for name, value in given.items():
        if value is not None:
            raise TricksimError(f"pitch: --{name} does not apply (one deal; the trump is set in "
                                f"play); give the hand, the seat, the dealer, other seats' cards "
                                f"and the scores")


def _scores(scores, auction: bool) -> np.ndarray:
    """The game scores before the deal, one a seat (Auction: its set-backs 0 after them)."""
    totals = np.zeros(CH_SIZE - CH_TOTALS, dtype=np.int64)
    if scores is None:
        return totals
    values = list(scores)
    if len(values) != PLAYERS or not all(isinstance(v, (int, np.integer)) for v in values):
        raise TricksimError(f"scores {values}: give {PLAYERS} whole numbers, one a seat")
    if not auction and (values[0] != values[2] or values[1] != values[3]):
        raise TricksimError(f"scores {values}: in Ten-point Pitch seats 0 and 2, and 1 and 3, "
                            f"are a team and share a score")
    totals[:PLAYERS] = values
    return totals


def question(game: str, players: int, hand, seat: int = 0, round: int | None = None,
             dealer: int | None = None, turned=None, trump=None, fixed=None, scores=None,
             options: dict | None = None, variant: str | None = None, ask: str = "bid"):
    """The facts of a question checked, as ``sim.odds.Question`` fields (a dict)."""
    _not_for_pitch(round=round, turned=turned, trump=trump)
    variant = PITCH_INFO.check_variant(variant)
    auction = variant == "auction"
    n = PITCH_INFO.check_players(players)
    opts = PITCH_INFO.validate(options or {}, variant)
    if not 0 <= int(seat) < n:
        raise TricksimError(f"seat {seat} is not at the table: {n} players sit at seats 0 to {n - 1}")
    seat = int(seat)
    dealer = (seat - 1) % n if dealer is None else int(dealer)
    if not 0 <= dealer < n:
        raise TricksimError(f"dealer {dealer} is not at the table: {n} players sit at seats "
                            f"0 to {n - 1}")
    deck = N_SUIT_CARDS if auction else N_CARDS
    size = AUCTION_HAND if auction else TEN_POINT_HAND
    title = "Auction Pitch" if auction else "Ten-point Pitch"

    def cards(text, what: str) -> list[int]:
        return read_cards(text, lambda c: parse_card(c, deck), deck, what)

    own = cards(hand, "the hand")
    if len(own) != size:
        raise TricksimError(f"the hand has {len(own)} cards; {title} deals {size}")
    seen = Placed(card_name)
    # Auction: the four hands; Ten-point: the hands, the stock and the 54 ids of the refill
    dealt = np.zeros(PLAYERS if auction else O.DEALT_SIZE, dtype=np.uint64)
    counts = np.zeros(n, dtype=np.int64)

    def give(s: int, given: list[int], where: str) -> None:
        for c in given:
            seen.take(c, where)
            dealt[s] |= np.uint64(1) << np.uint64(c)
        counts[s] = len(given)

    give(seat, own, "the hand")
    for s, given in other_seats(fixed, n, seat, size, cards, f"{title} deals {size}"):
        give(s, given, f"seat {s}'s cards")
    need = [size - counts[s] for s in range(n)] + ([] if auction else [deck - n * size])
    chance = np.zeros(CH_SIZE, dtype=np.int64)
    chance[CH_DEALER] = dealer
    chance[CH_DEALS] = 0
    chance[CH_TURNED] = -1
    chance[CH_TOTALS:] = _scores(scores, auction)
    bids = [0, *range(LOWEST_BID, SMUDGE + 1)] if auction else [0, *range(BID_MIN, BID_MAX + 1)]
    if ask == "bid":
        phase, decision, wanted = O.PHASE_BID, "bid", bids
        labels = ["pass" if b == 0 else "smudge" if auction and b == SMUDGE else str(b)
                  for b in bids]
        asked = "each bid"
    elif auction:                       # the pitch: each card of the hand, its suit the trump
        phase, decision, wanted = O.PHASE_PLAY, "pitch", sorted(own)
        labels = [card_name(c) for c in wanted]
        asked = "the pitch, in the deals the seat wins the bid"
    else:
        phase, decision, wanted = O.PHASE_TRUMP, "trump", list(range(4))
        labels = list(SUITS)
        asked = "the trump named, in the deals the seat wins the bid"
    return dict(
        game=game, players=n, seat=seat, dealer=dealer, round=1, hand_size=size,
        cfg=config(opts), hand=own, fixed=dealt, need=np.array(need, dtype=np.int64),
        pool=np.array([c for c in range(deck) if c not in seen], dtype=np.int64),
        turn_pool=np.zeros(0, dtype=np.int64), chance=chance,
        prefix=np.zeros(0, dtype=np.int64), phase=phase, decision=decision, actions=labels,
        wanted=np.array(wanted, dtype=np.int64), variant=variant,
        trump_text=asked, card_names=[card_name(c) for c in own],
        hooks=f"sim.games.pitch.{variant}_odds_nb", measure="points",
        made="made bid" if auction else "team made",
        setting=f"{variant}, {size} cards a hand")
