"""Replay a Wizard / Oh Hell record (one deal) through the step interface.

A record gives the dealt hands, the turned card and the decisions of one
deal (format: ``docs/records.md``). The replay drives the game's step
interface (``sim.replay.StepView``: the very steps the simulation plays) and
scores with ``rules_nb.round_score``, so a record is judged by exactly the
rules the simulation plays. Python only checks the record's shape and turns
the engine's actions into readable lists and error messages.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ... import registry
from ...bits_nb import cards_of
from ...errors import TricksimError, choices, counted
from ...kit_nb import CH_DEAL, CH_DEALER, CH_DEALS, CH_SIZE, CH_TOTALS, CH_TURNED
from ...replay import (StepView, card_list, current_trick_lines, dealt_once, decision_fields,
                       read_card, record_head, record_int, step_through, trick_line)
from . import obs as O
from .cfg import config, scoring_code
from .cards import (FIRST_JESTER, FIRST_WIZARD, OH_HELL_DECK, SUITS, WIZARD_DECK, card_name,
                    mask_of, parse_card, parse_suit)
from .info import schedule
from .rules_nb import round_score
PHASE_KINDS = {O.PHASE_TRUMP: "trump", O.PHASE_BID: "bid", O.PHASE_PLAY: "play"}
KIND_VERBS = {"trump": "chose trump", "bid": "bid", "play": "played"}
KINDS = ("trump", "bid", "play")
EXTRA_FIELDS = ("trump_card", "scores")


@dataclass
class Deal:
    """A record checked and turned into what the engine takes."""

    game: str
    options: dict
    n: int
    dealer: int
    hands: list[list[int]]      # card ids per seat, as dealt
    hand_size: int
    trump_card: int             # the turned card's id, -1 when none was turned
    totals_before: list[int]    # game totals before this deal (the leader restriction reads them)
    round_index: int            # the deal's place in the game's schedule (seen by players only)
    n_rounds: int

    @property
    def scoring(self) -> int:
        return scoring_code(self.options)


# -- reading a record ---------------------------------------------------------

def _deck_size(game: str) -> int:
    return WIZARD_DECK if game == "wizard" else OH_HELL_DECK


def card_reader(game: str):
    """``parse_card`` for the game's pack: a Wizard or Jester in Oh Hell is named as such."""
    deck = _deck_size(game)

    def read(text) -> int:
        try:
            return parse_card(text, deck)
        except TricksimError as in_this_deck:
            try:
                card = parse_card(text)      # well written, but maybe not in this game's pack
            except TricksimError:
                raise in_this_deck from None
            raise TricksimError(f"{card_name(card)} is not in the {game} pack, which has "
                                f"no Wizards (Z1-Z4) or Jesters (N1-N4)") from None
    return read


def parse_record(game: str, record) -> Deal:
    """Check a record's fields and return the deal it describes."""
    head = record_head(registry.info(game), record, extra_fields=EXTRA_FIELDS,
                       needs=("extra.trump_card",))
    options, n, dealer, hands_raw, extra = head.options, head.n, head.dealer, head.hands, head.extra
    sizes = [len(h) for h in hands_raw]
    if len(set(sizes)) != 1:
        listed = ", ".join(f"seat {s}: {counted(k, 'card')}" for s, k in enumerate(sizes))
        raise TricksimError(f"hands are of unequal length ({listed}); every seat is dealt the "
                            f"same number of cards")
    hand_size = sizes[0]
    deck = _deck_size(game)
    if not 1 <= hand_size <= deck // n:
        raise TricksimError(f"{n} players with {hand_size} cards each do not fit the {game} "
                            f"pack of {deck} cards: each seat holds 1 to {deck // n} cards")
    rounds = list(schedule(game, n, options.get("rounds")))
    if hand_size not in rounds:
        raise TricksimError(f"{game}: a deal of {counted(hand_size, 'card')} is not a round of "
                            f"rounds={options.get('rounds')}; its hand sizes are "
                            f"{choices(sorted(set(rounds)))}")

    hands = [card_list(h, f"hands[{s}]", card_reader(game)) for s, h in enumerate(hands_raw)]
    holder = dealt_once(hands, card_name)
    trump_card = _turned_card(game, extra, n * hand_size, holder)
    totals_before = [0] * n
    if extra.get("scores") is not None:
        scores = extra["scores"]
        if not isinstance(scores, list) or len(scores) != n:
            raise TricksimError(f"extra.scores must list the game totals before the deal for "
                                f"each of the {n} seats, not {scores!r}")
        totals_before = [record_int(v, f"extra.scores[{s}]") for s, v in enumerate(scores)]
    return Deal(game=game, options=options, n=n, dealer=dealer, hands=hands, hand_size=hand_size,
                trump_card=trump_card, totals_before=totals_before,
                round_index=rounds.index(hand_size), n_rounds=len(rounds))


def _turned_card(game: str, extra: dict, dealt: int, holder: dict) -> int:
    """The turned card's id, -1 for none: a card is turned exactly when cards remain."""
    deck = _deck_size(game)
    if "trump_card" not in extra:
        raise TricksimError("the record has no extra.trump_card: give the card turned after the "
                            "deal (e.g. \"SA\"), or null when the deal used the whole pack")
    text = extra["trump_card"]
    if text is None:
        if dealt < deck:
            raise TricksimError(f"extra.trump_card is null, but only {dealt} of the {deck} cards "
                                f"were dealt: the next card is turned for trump, so give it")
        return -1
    card = read_card(text, "extra.trump_card", card_reader(game))
    if dealt == deck:
        raise TricksimError(f"extra.trump_card is {card_name(card)}, but all {deck} cards were "
                            f"dealt, so none is left to turn: use null (no trump)")
    if card in holder:
        raise TricksimError(f"extra.trump_card {card_name(card)} is also in seat {holder[card]}'s "
                            f"hand; the turned card comes from the rest of the pack")
    return card


# -- stepping through the decisions ------------------------------------------

def _legal_values(kind: str, ids) -> list:
    if kind == "trump":
        return [SUITS[s] for s in ids]
    if kind == "bid":
        return ids
    return [card_name(c) for c in ids]


def _listed(values) -> str:
    return " ".join(str(v) for v in values)


def _trump_source(trump_card: int) -> str:
    if trump_card < 0:
        return "none"
    if trump_card >= FIRST_JESTER:
        return "jester"
    if trump_card >= FIRST_WIZARD:
        return "chosen"
    return "turned"


class _Replay(StepView):
    """The engine's state for one deal, advanced one recorded decision at a time."""

    def __init__(self, deal: Deal):
        self.deal = deal
        self.steps = registry.game(deal.game).steps
        self.cfg = config(deal.game, deal.n, deal.options)
        self.pub, self.hands = self.steps.new_state_nb(self.cfg)
        self.st = self.pub
        dealt = np.zeros(O.MAX_PLAYERS, dtype=np.uint64)
        for s, hand in enumerate(deal.hands):
            dealt[s] = np.uint64(mask_of(hand))
        chance = np.zeros(CH_SIZE, dtype=np.int64)
        chance[CH_DEALER] = deal.dealer
        chance[CH_DEAL] = deal.round_index
        chance[CH_TURNED] = deal.trump_card
        chance[CH_DEALS] = deal.n_rounds
        chance[CH_TOTALS:CH_TOTALS + deal.n] = deal.totals_before
        self.steps.start_deal_nb(self.pub, self.hands, self.cfg, dealt, chance)
        self.decisions: list[dict] = []
        self.tricks: list[dict] = []
        self.trick_leader = -1                # the trick in progress: who led, who played what
        self.trick_seats: list[int] = []
        self.trick_cards: list[str] = []
        self.played_in: dict[int, int] = {}   # card -> trick number (from 1) it was played in

    # the engine's view of whose turn it is
    @property
    def complete(self) -> bool:
        return bool(self.steps.is_over_nb(self.pub))

    @property
    def kind(self) -> str:
        return PHASE_KINDS[self.phase()]

    def step(self, number: int, decision) -> None:
        """Check decision ``number`` (counted from 1) against the engine and apply it."""
        dec = decision_fields(number, decision, KINDS, self.deal.n)
        where, seat, kind, value = dec.where, dec.seat, dec.kind, dec.value
        if self.complete:
            raise TricksimError(f"{where}: the deal is over ({counted(self.deal.hand_size, 'trick')} "
                                f"played by decision {number - 1}); remove the decisions after it")
        did = f"{where}: seat {seat} {KIND_VERBS[kind]} {value}"
        if kind != self.kind:
            raise TricksimError(f"{did}, but next is {self._expected()}")
        if seat != self.seat():
            raise TricksimError(f"{did}, but it is seat {self.seat()}'s turn")
        actions = self.legal()
        legal = _legal_values(kind, actions)
        if kind == "trump":
            suit = self._suit(where, value)
            self.apply(suit)                  # the engine offers all four suits
            value = SUITS[suit]
        elif kind == "bid":
            value = self._bid(where, seat, value, legal)
            self.apply(value)
        else:
            card = self._playable_card(dec, actions, legal)
            self._play(card)
            value = card_name(card)
        self.decisions.append({"seat": seat, "kind": kind, "value": value, "legal": legal})

    def _expected(self) -> str:
        seat = self.seat()
        if self.kind == "trump":
            return (f"the dealer's (seat {seat}) choice of trump, because "
                    f"{card_name(self.deal.trump_card)} was turned")
        if self.kind == "bid":
            return f"seat {seat}'s bid (every seat bids before the first card)"
        return f"seat {seat}'s card (bidding is over)"

    def _suit(self, where, value) -> int:
        try:
            return parse_suit(value)
        except TricksimError as problem:
            raise TricksimError(f"{where}: {problem}") from None

    def _bid(self, where, seat, value, legal) -> int:
        h = self.deal.hand_size
        bid = record_int(value, f"{where}: a bid")
        if bid in legal:
            return bid
        if 0 <= bid <= h:
            mode = self.deal.options["dealer_restriction"]
            raise TricksimError(f"{where}: seat {seat} bid {bid}, but the dealer may not make the "
                                f"bids add up to {h} (dealer_restriction={mode}); "
                                f"legal bids: {_listed(legal)}")
        raise TricksimError(f"{where}: seat {seat} bid {bid}; bids are 0 to {h} "
                            f"(legal bids: {_listed(legal)})")

    def _playable_card(self, dec, actions, legal) -> int:
        where, seat = dec.where, dec.seat
        card = dec.card(card_reader(self.deal.game))
        if not int(self.hands[seat]) >> card & 1:
            if card in self.deal.hands[seat]:
                raise TricksimError(f"{where}: seat {seat} played {card_name(card)}, but played it "
                                    f"already in trick {self.played_in[card]}")
            held = _listed(card_name(c) for c in cards_of(self.hands[seat]))
            raise TricksimError(f"{where}: seat {seat} does not hold {card_name(card)}; "
                                f"seat {seat} holds {held}")
        if card not in actions:
            lead = int(self.pub[O.LEAD_SUIT])
            # only a revoke is illegal; Oh Hell's pack has no Wizards or Jesters to play instead
            instead = " or play a Wizard or Jester" if self.deal.game == "wizard" else ""
            raise TricksimError(f"{where}: seat {seat} may not play {card_name(card)}: it must "
                                f"follow the suit led ({SUITS[lead]}){instead}; "
                                f"legal: {_listed(legal)}")
        return card

    def _play(self, card: int) -> None:
        if self.pub[O.TRICK_N] == 0:
            self.trick_leader = int(self.pub[O.TRICK_LEADER])
            self.trick_seats, self.trick_cards = [], []
        self.trick_seats.append(self.seat())
        self.trick_cards.append(card_name(card))
        self.played_in[card] = int(self.pub[O.TRICK_NO]) + 1
        self.apply(card)
        if self.pub[O.TRICK_N] == 0:          # the trick is complete: its winner leads the next
            self.tricks.append({"leader": self.trick_leader, "seats": self.trick_seats,
                                "cards": self.trick_cards,
                                "winner": int(self.pub[O.TRICK_LEADER]), "points": None})

    def result(self) -> dict:
        deal, pub = self.deal, self.pub
        n = deal.n
        bids = [int(pub[O.BIDS + s]) if pub[O.BIDS + s] >= 0 else None for s in range(n)]
        tricks_won = [int(pub[O.TRICKS_WON + s]) for s in range(n)]
        scores = totals = None
        if self.complete:
            scores = [int(round_score(bids[s], tricks_won[s], deal.scoring)) for s in range(n)]
            totals = [deal.totals_before[s] + scores[s] for s in range(n)]
        trump = int(pub[O.TRUMP])
        out = {
            "decisions": self.decisions,
            "trump_card": card_name(deal.trump_card) if deal.trump_card >= 0 else None,
            "trump": SUITS[trump] if trump >= 0 else None,
            "trump_source": _trump_source(deal.trump_card),
            "tricks": self.tricks,
            "result": {"bids": bids, "tricks_won": tricks_won, "scores": scores,
                       "totals": totals, "complete": self.complete},
        }
        if not self.complete:
            out["next"] = {"seat": self.seat(), "kind": self.kind,
                           "legal": _legal_values(self.kind, self.legal())}
            if pub[O.TRICK_N] > 0:
                out["current_trick"] = {"leader": self.trick_leader, "seats": self.trick_seats,
                                        "cards": self.trick_cards}
        return out


def replay(game: str, record: dict) -> dict:
    """Replay one Wizard / Oh Hell deal; see ``docs/records.md`` for what it returns.

    Raises TricksimError at the first thing in the record that is malformed
    or against the rules.
    """
    deal = parse_record(registry.info(game).name, record)
    return step_through(_Replay(deal), record)



def play_positions(game: str, record: dict):
    """The record's deal stepped through as :func:`replay` does, and each of its card plays
    with the position before it: ``(cfg, [(number, seat, st, hands, card), ...])``, the
    states copies (what ``sim.search.solve`` analyses)."""
    deal = parse_record(registry.info(game).name, record)
    state = _Replay(deal)
    plays = []
    for number, decision in enumerate(record["decisions"], start=1):
        before = None
        if not state.complete and state.kind == "play":
            before = (int(state.seat()), state.st.copy(), state.hands.copy())
        state.step(number, decision)
        if before is not None:
            seat, st, hands = before
            played = cards_of(int(hands[seat]) ^ int(state.hands[seat]))   # the one card that left
            plays.append((number, seat, st, hands, played[0]))
    return state.cfg, plays

# -- a readable transcript ------------------------------------------------------

def _hand_text(cards) -> str:
    return " ".join(card_name(c) for c in sorted(cards))


def transcript(game: str, record: dict, result: dict) -> str:
    """The deal as text: hands, trump, bids with their options, tricks, result."""
    info = registry.info(game)
    deal = parse_record(info.name, record)
    n = deal.n
    option_text = ", ".join(f"{k}={v}" for k, v in deal.options.items())
    lines = [f"{info.title}: {n} players, {counted(deal.hand_size, 'card')} "
             f"each, dealer seat {deal.dealer} ({option_text})"]
    if any(deal.totals_before):
        lines.append("Totals before the deal: " + ", ".join(
            f"seat {s} {t}" for s, t in enumerate(deal.totals_before)))
    lines.append("Hands:")
    lines += [f"  seat {s}: {_hand_text(hand)}" for s, hand in enumerate(deal.hands)]
    turned = result["trump_card"]
    trump = result["trump"]
    lines.append({
        "none": "No card left to turn: no trump.",
        "jester": f"Turned {turned} (a Jester): no trump.",
        "turned": f"Turned {turned}: trump is {trump}.",
        "chosen": f"Turned {turned} (a Wizard): the dealer chooses trump"
                  + (f": {trump}." if trump else "; not chosen yet."),
    }[result["trump_source"]])
    bids = [d for d in result["decisions"] if d["kind"] == "bid"]
    if bids:
        lines.append("Bids:")
        lines += [f"  seat {d['seat']} bids {d['value']} (legal: {_listed(d['legal'])})" for d in bids]
    lines += [trick_line(number, trick, f"seat {trick['winner']} wins")
              for number, trick in enumerate(result["tricks"], start=1)]
    lines += current_trick_lines(result)
    final = result["result"]
    if final["complete"]:
        lines.append("Result:")
        for s in range(n):
            lines.append(f"  seat {s}: bid {final['bids'][s]}, took {final['tricks_won'][s]}, "
                         f"scores {final['scores'][s]:+d} (total {final['totals'][s]})")
    else:
        nxt = result["next"]
        lines.append(f"The record stops here; next: seat {nxt['seat']} to {nxt['kind']} "
                     f"(legal: {_listed(nxt['legal'])}). Tricks so far: "
                     + ", ".join(f"seat {s} {k}" for s, k in enumerate(final["tricks_won"])))
    return "\n".join(lines) + "\n"
