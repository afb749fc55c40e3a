"""Beim Jupiter for the hand odds (``sim/odds.py``): the facts of a question in any round.

A question fixes the round r (1 … 8; by default the one that deals as many
cards as the hand holds, 14 - r), the asking seat's 14 - r cards, the dealer
(by default the seat before the asking one, which then lays out and bids
first), other seats' cards if given, and what the earlier rounds left, all
public:

* ``table`` (``--table COUNTER=CARDS``): the face-up colour cards beside each
  counter, ``{k: cards}``. After round r - 1 the counter 14 - r left the game
  (its cards out of the game, or moved down: option ``orphans``), so in round r
  only the counters 1 … 13 - r can hold cards. They count for the trump
  decision and can be won at the allocation. No table card is covered or
  locked at a round's start: a covered card is won or leaves the game at the
  end of its round, and every marker goes back to its player.
* ``gone`` (``--gone CARDS``): the cards laid out in earlier rounds that are
  off the table: won by a player, or out of the game (a failed zero-trick
  bid's card, a removed counter's cards). The pack of round r is the pack of
  the player count less every card laid out before, so the table and ``gone``
  together hold exactly n × (r - 1) numbered colour cards (one layout a seat a
  round; a round dealt again lays out nothing).
* ``zero_spent`` (``--zero-spent SEATS``): the seats whose zero-trick card is
  spent (round 1: none).
* ``scores`` (``--scores``): the victory points so far, one a seat (default
  0). They are part of what a player sees, not of the outcome; their sum is at
  most the numbers on the cards gone, as every card won is gone.

The rest of the round's pack is dealt at random to the other seats and, with 3
or 4 players, the card left unseen; the round starts as a game's round r does
(``round_nb.begin_nb``): the table and the unspent zero-trick cards from
``dealt``, the round (``CH_DEAL`` = r - 1) and the victory points from
``chance``. The asking seat's hand must hold a numbered colour card (else the
round would be dealt again, which the question cannot be). A deal where
another seat holds none is dealt again, as the rules deal the round again: it
is drawn anew from the same facts (``odds_deal_stands_nb`` in ``odds_nb.py``),
so the deals played are uniform among the consistent deals the rules play, as
pimc's belief draws them (``strategies/pimc_jupiter_nb.py``); facts no such
deal fits (a seat given a whole hand without a numbered card, too few
numbered cards left for the seats without one) are refused.

Two questions (``ask``): ``layout``, each numbered colour card of the hand
laid out; and ``bid``, each counter (the zero-trick card while unspent, 1 …
13 - r, locked or not) once every card is laid out and the trump known. The
outcome is the seat's tricks, its counter, whether it took that many, and the
victory points it won in the round.
"""
from __future__ import annotations

import numpy as np

from ...errors import TricksimError
from ...odds_facts import Placed, other_seats, read_cards
from ...kit_nb import CH_DEAL, CH_DEALER, CH_DEALS, CH_SIZE, CH_TOTALS, CH_TURNED
from . import obs as O
from .cards import N_CARDS, card_name, is_numbered, number, pack, parse_card
from .cfg import config
from .info import JUPITER, ROUNDS
from .round_nb import DEALT_SIZE, DEALT_TABLE, DEALT_ZERO, MAX_SEATS

ASKS = ("layout", "bid")
# the facts a Beim Jupiter question takes beside the common ones (sim.odds.hand_odds)
MORE_FACTS = ("table", "gone", "zero_spent")
# deals unless told: each layout (up to 13) or counter (25) played on, a whole round of pimc
# at every seat each (4 players, a busy core: 1.5 s a deal for the layouts, 3.2 s for the
# bids: 100 deals take three to six minutes)
DEFAULT_DEALS = 100


def _round_of(round, size: int) -> int:
    """The round asked about: as given (1 … 8), or the one dealing ``size`` cards."""
    if round is None:
        if not 14 - ROUNDS <= size <= 13:
            raise TricksimError(f"the hand has {size} cards; Beim Jupiter deals 13 … "
                                f"{14 - ROUNDS} (round r deals 14 - r: rounds 1 … {ROUNDS})")
        return 14 - size
    if isinstance(round, bool) or not isinstance(round, (int, np.integer)) \
            or not 1 <= round <= ROUNDS:
        raise TricksimError(f"round {round!r} is not a round of Beim Jupiter: rounds 1 … "
                            f"{ROUNDS}")
    if size != 14 - round:
        raise TricksimError(f"the hand has {size} cards; round {round} deals {14 - round}")
    return int(round)


def _seats(given, n: int, what: str) -> list[int]:
    """Seats given as ``[1, 3]`` or ``"1,3"``: each at the table, once."""
    items = given.replace(",", " ").split() if isinstance(given, str) else list(given)
    seats = []
    for s in items:
        if not str(s).strip().lstrip("-").isdigit() or not 0 <= int(s) < n:
            raise TricksimError(f"{what}: seat {s} is not at the table: {n} players sit at "
                                f"seats 0 to {n - 1}")
        if int(s) in seats:
            raise TricksimError(f"{what}: seat {int(s)} is given twice")
        seats.append(int(s))
    return seats


def question(game: str, players: int, hand, seat: int = 0, round: int | None = None,
             dealer: int | None = None, turned=None, trump=None, fixed=None, scores=None,
             options: dict | None = None, variant: str | None = None, ask: str = "layout",
             table=None, gone=None, zero_spent=None):
    """The facts of a question checked, as ``sim.odds.Question`` fields (a dict)."""
    for name, value in (("turned", turned), ("trump", trump)):
        if value is not None:
            raise TricksimError(f"jupiter: --{name} does not apply (the layouts and the table "
                                f"set the trump); give the hand, the round, the table, the "
                                f"cards gone, the seat, the dealer and other seats' cards")
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

    def laid_out(text, what: str) -> list[int]:
        found = cards(text, what)
        for c in found:
            if not is_numbered(c):
                raise TricksimError(f"card {card_name(c)} in {what} was never laid out: only "
                                    f"numbered colour cards are (no God card, Jupiter, Juno "
                                    f"or lamb)")
        return found

    own = cards(hand, "the hand")
    r = _round_of(round, len(own))
    size, counters = 14 - r, 13 - r
    numbered = sorted(c for c in own if is_numbered(c))
    if not numbered:
        raise TricksimError("the hand holds no numbered colour card: the round would be dealt "
                            "again (give a hand with one)")
    seen = Placed(card_name)
    dealt = np.zeros(DEALT_SIZE, dtype=np.uint64)
    counts = np.zeros(n, dtype=np.int64)

    def give(s: int, given: list[int], where: str) -> None:
        for c in given:
            seen.take(c, where)
            dealt[2 * s + (c >> 6)] |= np.uint64(1) << np.uint64(c & 63)
        counts[s] = len(given)

    give(seat, own, "the hand")
    if table is not None and not hasattr(table, "items"):
        raise TricksimError("table: give the cards beside each counter, {counter: cards}")
    for k, given in (table or {}).items():
        if not str(k).strip().isdigit() or not 1 <= int(k) <= counters:
            raise TricksimError(f"table: counter {k} is not in play in round {r}: cards lie "
                                f"beside the counters 1 … {counters}")
        k = int(k)
        where = f"the table at counter {k}"
        for c in laid_out(given, where):
            seen.take(c, where)
            dealt[DEALT_TABLE + k] |= np.uint64(1) << np.uint64(c)
    out = laid_out(gone, "the cards gone") if gone is not None else []
    for c in out:
        seen.take(c, "the cards gone")
    laid = sum(int(dealt[DEALT_TABLE + k]).bit_count() for k in range(1, counters + 1)) + len(out)
    spent = _seats(zero_spent, n, "zero-trick card spent") if zero_spent is not None else []
    if r == 1 and (laid or spent):
        raise TricksimError("round 1 starts afresh: no table, no cards gone, no zero-trick "
                            "card spent (--table, --gone and --zero-spent apply from round 2)")
    if laid != n * (r - 1):
        raise TricksimError(f"round {r} with {n} players: {n * (r - 1)} cards were laid out in "
                            f"the earlier rounds (one a seat a round), the table and the cards "
                            f"gone hold {laid}: give each of them once, beside its counter or "
                            f"as gone (won or out of the game)")
    dealt[DEALT_ZERO] = np.uint64(((1 << n) - 1) & ~sum(1 << s for s in spent))
    totals = [0] * n
    if scores is not None:
        totals = list(scores)
        if len(totals) != n or not all(isinstance(v, (int, np.integer)) and not
                                       isinstance(v, bool) and v >= 0 for v in totals):
            raise TricksimError(f"scores {totals}: give the victory points so far, {n} whole "
                                f"numbers of at least 0, one a seat")
        won = sum(number(c) for c in out)
        if sum(totals) > won:
            raise TricksimError(f"scores {totals}: {sum(totals)} victory points, more than the "
                                f"numbers on the cards gone ({won}): every card won is gone")
    for s, given in other_seats(fixed, n, seat, size, cards, f"round {r} deals {size}"):
        give(s, given, f"seat {s}'s cards")
    free = [c for c in sorted(cards_of_game) if c not in seen]
    # a seat without a numbered card of its own needs one from the free cards (see the module)
    lacking = [s for s in range(n) if s != seat
               and not any(is_numbered(c) for c in _cards_of(dealt, s))]
    for s in lacking:
        if counts[s] == size:
            raise TricksimError(f"seat {s} is given {size} cards without a numbered colour "
                                f"card: the round would be dealt again")
    left = sum(1 for c in free if is_numbered(c))
    if len(lacking) > left:
        many = len(lacking) > 1
        raise TricksimError(f"seat{'s' if many else ''} {', '.join(map(str, lacking))} "
                            f"hold{'' if many else 's'} no numbered colour card yet and {left} "
                            f"{'is' if left == 1 else 'are'} left to deal: the round would be "
                            f"dealt again")
    # the seats (0 for a seat not at the table), then the card left unseen: holder 5
    need = [size - counts[s] if s < n else 0 for s in range(MAX_SEATS)]
    need.append(len(cards_of_game) - n * (r - 1) - n * size)
    chance = np.zeros(CH_SIZE, dtype=np.int64)
    chance[CH_DEALER] = dealer
    chance[CH_DEAL] = r - 1
    chance[CH_DEALS] = ROUNDS
    chance[CH_TURNED] = -1
    chance[CH_TOTALS:CH_TOTALS + n] = [int(v) for v in totals]
    zero = [] if seat in spent else [(0, "zero")]
    if ask == "layout":
        phase, wanted = O.PHASE_LAYOUT, numbered
        labels = [card_name(c) for c in numbered]
    else:
        phase = O.PHASE_BID
        bids = zero + [(k, str(k)) for k in range(1, counters + 1)] + [
            (O.LOCKED_BID + k, f"{k} locked") for k in range(1, counters + 1)]
        wanted, labels = [a for a, _ in bids], [label for _, label in bids]
    beside = "; ".join(f"{k}: " + " ".join(card_name(c) for c in _cards_of(dealt, k, table=True))
                       for k in range(1, counters + 1) if dealt[DEALT_TABLE + k])
    return dict(
        game=game, players=n, seat=seat, dealer=dealer, round=r, hand_size=size,
        cfg=config(game, n, opts), hand=own, fixed=dealt, need=np.array(need, dtype=np.int64),
        pool=np.array(free, dtype=np.int64), turn_pool=np.zeros(0, dtype=np.int64),
        chance=chance, prefix=np.zeros(0, dtype=np.int64), phase=phase, decision=ask,
        actions=labels, wanted=np.array(wanted, dtype=np.int64),
        trump_text="the trump from the layouts" + (f" and the table ({beside})" if beside else ""),
        card_names=[card_name(c) for c in own],
        hooks="sim.games.jupiter.odds_nb", made="bid made",
        setting=f"round {r} ({size} cards)" + (f", {len(out)} cards gone" if out else "")
        + (f", zero-trick card spent by seat{'s' if len(spent) > 1 else ''} "
           f"{', '.join(map(str, sorted(spent)))}" if spent else ""))


def _cards_of(dealt, place: int, table: bool = False) -> list[int]:
    """The cards of a seat's hand in ``dealt`` (``table``: beside counter ``place``)."""
    if table:
        word = int(dealt[DEALT_TABLE + place])
        return [c for c in range(64) if word >> c & 1]
    both = int(dealt[2 * place]) | int(dealt[2 * place + 1]) << 64
    return [c for c in range(N_CARDS) if both >> c & 1]
