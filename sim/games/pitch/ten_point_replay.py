"""Replay a Ten-point Pitch record through the step interface, and its transcript.

A record is one deal: ``hands`` as dealt (9 cards a seat), ``extra.stock``
(the 18 undealt cards), ``extra.refill`` (the cards the refill deals, in
order, all from the pile: the stock and the losers' discarded non-trumps),
``extra.scores`` (the two teams' game scores before the deal, default 0),
and the decisions ``bid`` (0 pass, 4 … 10), ``trump`` (a suit letter),
``keep`` (a bid loser over 6 trumps: the 6 he keeps; the rest are burned)
and ``play``. docs/records.md has the format and the errors.
"""
from functools import partial

import numpy as np

from ... import registry
from ...errors import TricksimError, counted
from ...kit_nb import CH_DEALER, CH_SIZE, CH_TOTALS
from ...replay import (StepView, card_list, card_plays, current_trick_lines, dealt_once,
                       decision_fields, record_head, record_int, sorted_names, step_through,
                       trick_line)
from . import obs as O
from .cards import (HIGH_JOKER, LOW_JOKER, N_CARDS, NAMES, RANK_ACE, RANK_JACK, RANK_KING,
                    RANK_QUEEN, RANK_TEN, SAME_COLOUR, SUITS, card_name, cards_in, parse_card,
                    ten_point_trumps)
from .cfg import config
from .info import PITCH_INFO
from .ten_point_rules_nb import value_nb

_cards = partial(card_list, parse_card=parse_card)   # a record's list of cards (54-card pack)
names = partial(sorted_names, names=NAMES)


KINDS = ("bid", "trump", "keep", "play")
EXTRA = ("stock", "refill", "scores")
TARGET = 52
HAND = 9
STOCK = 18
KEEP = 6
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
POINT_NAMES = ("A", "J", "Jick", "BJ", "LJ", "T", "3", "2")


def refill_needs(hands, stock, dealer: int, bidder: int, trump: int):
    """(the pile the refill deals from, [(loser, cards he needs)] from the dealer's left):
    the stock and the losers' non-trumps; each loser's need is 6 less the trumps he keeps."""
    trumps = ten_point_trumps(trump)
    pile = set(stock)
    needs = []
    for k in range(4):
        s = (dealer + 1 + k) % 4
        if s == bidder:
            continue
        pile |= {c for c in hands[s] if not trumps >> c & 1}
        needs.append((s, KEEP - min(KEEP, sum(1 for c in hands[s] if trumps >> c & 1))))
    return pile, needs


def point_cards(trump: int) -> dict[str, int]:
    """The point trumps of a named suit: name -> card id."""
    base = 13 * trump
    return {"A": base + RANK_ACE, "J": base + RANK_JACK, "Jick": 13 * SAME_COLOUR[trump] + RANK_JACK,
            "BJ": HIGH_JOKER, "LJ": LOW_JOKER, "T": base + RANK_TEN, "3": base + 1, "2": base}


def non_point_trumps(trump: int) -> set[int]:
    """K Q 9 8 7 6 5 4 of trumps: the trumps a loser burns first."""
    base = 13 * trump
    return {base + r for r in (RANK_KING, RANK_QUEEN, 7, 6, 5, 4, 3, 2)}


def _suit(value, where: str) -> int:
    text = str(value).strip().upper() if isinstance(value, str) else None
    if text in ("S", "H", "D", "C"):
        return SUITS.index(text)
    if text and text.lower() in SUIT_NAMES:
        return SUIT_NAMES.index(text.lower())
    raise TricksimError(f"{where}: unknown trump {value!r}; name a suit S H D C")


def _bid(value, where: str) -> int:
    if isinstance(value, str) and value.strip().lower() == "pass":
        return 0
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or \
            not (value == 0 or 4 <= value <= 10):
        raise TricksimError(f"{where}: a bid is 0 (pass) or a number from 4 to 10, not {value!r}")
    return int(value)


def _bid_text(legal) -> str:
    return ", ".join("pass" if a == 0 else str(a) for a in legal)


class _Replay(StepView):
    def __init__(self, record: dict):
        head = record_head(PITCH_INFO, record, "ten_point", extra_fields=EXTRA,
                           needs=("extra.stock",))
        dealer, extra = head.dealer, head.extra
        if "stock" not in extra:
            raise TricksimError("a Ten-point Pitch record needs extra.stock, the 18 undealt cards")
        ids = [_cards(h, f"hands[{s}]") for s, h in enumerate(head.hands)]
        for s, h in enumerate(ids):
            if len(h) != HAND:
                raise TricksimError(f"hands[{s}] has {counted(len(h), 'card')}; each hand has {HAND}")
        stock = _cards(extra["stock"], "extra.stock")
        if len(stock) != STOCK:
            raise TricksimError(f"extra.stock has {counted(len(stock), 'card')}; the stock is the "
                                f"{STOCK} cards not dealt (4 hands of {HAND} and the stock make the "
                                f"54-card pack)")
        dealt_once(ids + [stock], card_name, others=("the stock",))   # the whole 54-card pack
        refill = _cards(extra.get("refill", []), "extra.refill")
        if len(set(refill)) != len(refill):
            raise TricksimError("extra.refill names a card twice; the refill deals each card once")
        scores = extra.get("scores", [0, 0])
        if not isinstance(scores, list) or len(scores) != 2:
            raise TricksimError(f"extra.scores is the two teams' game scores before the deal "
                                f"[team 0+2, team 1+3], not {scores!r}")
        self.scores = [record_int(v, "extra.scores", 10_000) for v in scores]
        self.dealer, self.dealt, self.stock, self.refill = dealer, ids, stock, refill
        self.cfg = config({})
        self.steps = S = registry.game(PITCH_INFO.name).steps_of("ten_point")
        self.st, self.hands = S.new_state_nb(self.cfg)
        dealt = np.zeros(O.DEALT_SIZE, dtype=np.uint64)
        for s, h in enumerate(ids + [stock]):
            for c in h:
                dealt[s] |= np.uint64(1) << np.uint64(c)
        # the refill order: the record's refill first, then every other card (never reached
        # when the refill is right: checked when the trump is named)
        order = refill + [c for c in range(N_CARDS) if c not in set(refill)]
        dealt[O.DEALT_REFILL:] = np.array(order, dtype=np.uint64)
        chance = np.zeros(CH_SIZE, dtype=np.int64)
        chance[CH_DEALER] = dealer
        for s in range(4):
            chance[CH_TOTALS + s] = self.scores[s % 2]
        S.start_deal_nb(self.st, self.hands, self.cfg, dealt, chance)
        self.decisions: list[dict] = []
        self.tricks: list[dict] = []
        self.trick = {"leader": None, "seats": [], "cards": []}
        self.burned: dict[int, list[str]] = {}
        # what the trump and the refill did to the hands (the transcript shows them)
        self.discards: dict[int, list[str]] = {}  # seat -> the non-trumps it let go to the pile
        self.refilled: dict[int, list[str]] = {}  # loser -> the cards the refill dealt him
        self.swept: list[str] = []               # the pile's trumps the bidder took
        self.hands_in_play: list[list[str]] | None = None
        self.won_by: dict[int, int] = {}         # card -> seat that won the trick holding it
        self.played_by: dict[int, int] = {}

    # -- the engine's view ------------------------------------------------------------
    def legal_text(self, phase: int, legal: list[int]):
        if phase == O.PHASE_BID:
            return legal
        if phase == O.PHASE_TRUMP:
            return [SUITS[a] for a in legal]
        return [NAMES[a] for a in legal]

    def held(self, seat: int) -> list[int]:
        return cards_in(self.hands[seat])

    # -- one decision -----------------------------------------------------------------
    def step(self, number: int, decision) -> None:
        dec = decision_fields(number, decision, KINDS, 4)
        where, kind = dec.where, dec.kind
        if self.steps.is_over_nb(self.st):
            raise TricksimError(f"{where}: the deal is over; nothing more to decide")
        seat, phase = self.seat(), self.phase()
        expected = "keep" if phase == O.PHASE_BURN else O.PHASE_NAMES[phase]
        if kind == "keep" and phase != O.PHASE_BURN:
            raise TricksimError(f"{where}: a keep is only for a bid loser holding more than 6 "
                                f"trumps, just after the trump is named; seat {seat} is to {expected}")
        dec.check_turn(seat, expected)
        legal = self.legal()
        entry = {"seat": seat, "kind": kind, "value": dec.value,
                 "legal": self.legal_text(phase, legal)}
        getattr(self, f"_{kind}")(dec, legal, entry)
        self.decisions.append(entry)
        if phase != O.PHASE_PLAY and self.phase() == O.PHASE_PLAY:
            self._dealt_for_play()

    def _bid(self, dec, legal, entry):
        where, seat = dec.where, dec.seat
        bid = _bid(dec.value, where)
        if bid not in legal:
            high = int(self.st[O.HIGH_BID])
            if bid == 0:
                why = "the dealer may not pass when the three others passed: he bids 4 or more"
            elif high == 10:
                why = "after a bid of 10 pass is the only bid"
            else:
                why = f"a bid must be higher than the last ({high})"
            raise TricksimError(f"{where}: seat {seat} may not bid {bid}: {why}; legal: "
                                f"{_bid_text(legal)}")
        entry["value"] = bid
        self.apply(bid)

    def _trump(self, dec, legal, entry):
        where, seat = dec.where, dec.seat
        trump = _suit(dec.value, where)
        entry["value"] = SUITS[trump]
        self._check_refill(where, seat, trump)
        self.apply(trump)
        trumps = ten_point_trumps(trump)
        self.discards = {s: names(c for c in self.dealt[s] if not trumps >> c & 1)
                         for s in range(4) if s != seat}

    def _dealt_for_play(self):
        """The hands once the refill and the bidder's sweep are done (the engine's), and
        what each brought: every card played from here on is in one of these hands."""
        bidder = int(self.st[O.BIDDER])
        trumps = ten_point_trumps(int(self.st[O.TRUMP]))
        now = [self.held(s) for s in range(4)]
        for s in range(4):
            if s != bidder:
                dealt = set(now[s]) - {c for c in self.dealt[s] if trumps >> c & 1}
                self.refilled[s] = [NAMES[c] for c in self.refill if c in dealt]
        self.swept = names(set(now[bidder]) - set(self.dealt[bidder]))
        self.discards[bidder] = names(c for c in self.dealt[bidder] if not trumps >> c & 1)
        self.hands_in_play = [names(h) for h in now]

    def _check_refill(self, where, bidder, trump):
        """extra.refill must be the cards the refill deals, in order, all from the pile."""
        pile, needs = refill_needs(self.dealt, self.stock, self.dealer, bidder, trump)
        total = sum(n for _, n in needs)
        what = ", ".join(f"seat {s} {n}" for s, n in needs if n) or "nobody needs a card"
        if len(self.refill) != total:
            raise TricksimError(f"{where}: extra.refill has {counted(len(self.refill), 'card')}; with "
                                f"{SUIT_NAMES[trump]} trumps the refill deals {total} ({what}) from "
                                f"the pile (the stock and the losers' non-trumps)")
        for c in self.refill:
            if c not in pile:
                raise TricksimError(f"{where}: extra.refill deals {card_name(c)}, which is not in the "
                                    f"pile; the refill deals only the stock's cards and the bid "
                                    f"losers' discarded non-trumps")

    def _keep(self, dec, legal, entry):
        where, seat = dec.where, dec.seat
        kept = dec.cards(parse_card)
        trump = int(self.st[O.TRUMP])
        trumps = ten_point_trumps(trump)
        held = [c for c in self.held(seat) if trumps >> c & 1]
        if len(kept) != KEEP or len(set(kept)) != KEEP:
            raise TricksimError(f"{where}: a keep is {KEEP} different trumps, not "
                                f"{counted(len(kept), 'card')}")
        for c in kept:
            if c not in held:
                raise TricksimError(f"{where}: seat {seat} does not hold the trump {card_name(c)}; "
                                    f"its trumps: {' '.join(names(held))}")
        burn = [c for c in held if c not in kept]
        free = non_point_trumps(trump)
        held_free = [c for c in held if c in free]
        if any(c not in free for c in burn) and any(c in kept for c in held_free):
            raise TricksimError(
                f"{where}: seat {seat} may not burn a point trump "
                f"({' '.join(names(c for c in burn if c not in free))}) while it keeps a non-point "
                f"trump ({' '.join(names(c for c in kept if c in free))}): K Q 9 8 7 6 5 4 of trumps "
                f"are burned first")
        entry["value"] = names(kept)
        entry["legal"] = names(held)
        for c in sorted(burn, key=lambda c: c not in free):
            if c not in self.legal():
                raise TricksimError(f"{where}: seat {seat} may not burn {card_name(c)} now")
            self.apply(c)
        self.burned[seat] = names(burn)

    def _play(self, dec, legal, entry):
        where, seat = dec.where, dec.seat
        card = dec.card(parse_card)
        if card not in legal:
            trump = int(self.st[O.TRUMP])
            if card not in self.held(seat):
                raise TricksimError(f"{where}: seat {seat} does not hold {card_name(card)}; legal: "
                                    f"{' '.join(NAMES[a] for a in legal)}")
            raise TricksimError(f"{where}: seat {seat} may not play {card_name(card)}: only trumps "
                                f"({SUIT_NAMES[trump]}, the Jick and the jokers) are played; legal: "
                                f"{' '.join(NAMES[a] for a in legal)}")
        entry["value"] = card_name(card)
        if not self.trick["cards"]:
            self.trick["leader"] = seat
        self.trick["seats"].append(seat)
        self.trick["cards"].append(card)
        self.played_by[card] = seat
        no = int(self.st[O.TRICK_NO])
        self.apply(card)
        if int(self.st[O.TRICK_NO]) > no:    # the trick is complete
            trump = int(self.st[O.TRUMP])
            cards = self.trick["cards"]
            best = max(range(len(cards)), key=lambda i: value_nb(cards[i], trump))
            winner = self.trick["seats"][best]
            pts = point_cards(trump)
            points = sum(3 if c == pts["3"] else 1 for c in cards
                         if c in pts.values() and c != pts["2"])
            for c in cards:
                self.won_by[c] = winner
            self.tricks.append({"leader": self.trick["leader"], "seats": self.trick["seats"],
                                "cards": [NAMES[c] for c in cards], "winner": winner,
                                "points": points})
            self.trick = {"leader": None, "seats": [], "cards": []}

    # -- the end ----------------------------------------------------------------------
    def result(self) -> dict:
        st = self.st
        bidder = int(st[O.BIDDER])
        trump = int(st[O.TRUMP])
        out = {"decisions": self.decisions, "tricks": self.tricks}
        res = {"complete": bool(self.steps.is_over_nb(st)),
               "bidder": bidder if bidder >= 0 else None,
               "bid": int(st[O.HIGH_BID]) if bidder >= 0 else None,
               "forced": bool(st[O.TP_FORCED]),
               "trump": SUITS[trump] if trump >= 0 else None,
               "burned": dict(self.burned),
               "discards": dict(sorted(self.discards.items()))}
        if self.hands_in_play is not None:
            res.update({"refill": dict(self.refilled), "swept": self.swept,
                        "hands_in_play": self.hands_in_play})
        if not res["complete"]:
            out["result"] = res
            seat, phase = self.seat(), self.phase()
            kind = "keep" if phase == O.PHASE_BURN else O.PHASE_NAMES[phase]
            out["next"] = {"seat": seat, "kind": kind,
                           "legal": self.legal_text(phase, self.legal())}
            if self.trick["cards"]:
                out["current_trick"] = {"leader": self.trick["leader"], "seats": self.trick["seats"],
                                        "cards": [NAMES[c] for c in self.trick["cards"]]}
            return out
        seat_points = [int(st[O.TP_POINTS + s]) for s in range(4)]
        team_points = [seat_points[0] + seat_points[2], seat_points[1] + seat_points[3]]
        change = np.zeros(4, dtype=np.int64)
        self.steps.result_nb(st, self.cfg, change)
        score = [int(change[0]), int(change[1])]
        after = [self.scores[t] + score[t] for t in (0, 1)]
        side = bidder % 2
        winner = side if after[side] >= TARGET else (1 - side if after[1 - side] >= TARGET else None)
        cards = point_cards(trump)
        res.update({
            "points": {"seat": seat_points, "team": team_points},
            "point_cards": {name: (self.played_by.get(c) if name == "2" else self.won_by.get(c))
                            for name, c in cards.items()},
            "burned_points": 10 - sum(team_points),
            "made": team_points[side] >= int(st[O.HIGH_BID]),
            "score": score, "scores": after, "winner": winner,
        })
        out["result"] = res
        return out


def replay(game: str, record: dict) -> dict:
    return step_through(_Replay(record), record)


def play_positions(game: str, record: dict):
    """The record's deal stepped through as :func:`replay` does, and each of its card plays
    with the position before it: ``(cfg, [(number, seat, st, hands, card), ...])`` (what
    ``tricksim solve`` analyses)."""
    state = _Replay(record)
    return state.cfg, card_plays(state, record, O.PHASE_PLAY)


def _cards_text(cards) -> str:
    return " ".join(cards) if cards else "none"


def transcript(game: str, record: dict, result: dict) -> str:
    lines = [f"Ten-point Pitch, dealer seat {record['dealer']}"]
    for s, hand in enumerate(record["hands"]):
        lines.append(f"  seat {s}: {' '.join(names(parse_card(c) for c in hand))}")
    lines.append(f"  stock: {' '.join(names(parse_card(c) for c in record['extra']['stock']))}")
    r = result["result"]
    for d in result["decisions"]:
        if d["kind"] == "bid":
            lines.append(f"seat {d['seat']} bids {'pass' if d['value'] == 0 else d['value']} "
                         f"(legal: {_bid_text(d['legal'])})")
        elif d["kind"] == "trump":
            lines.append(f"seat {d['seat']} names {SUIT_NAMES[SUITS.index(d['value'])]} trumps")
            lines.append("  the bid losers let their non-trumps go to the pile: " + ", ".join(
                f"seat {s} {_cards_text(cards)}" for s, cards in r["discards"].items()
                if s != d["seat"]))
        elif d["kind"] == "keep":
            lines.append(f"seat {d['seat']} keeps {' '.join(d['value'])}, burns "
                         f"{' '.join(r['burned'].get(d['seat'], []))}")
    if "hands_in_play" in r:
        bidder = r["bidder"]
        lines.append("refill from the pile: " + ", ".join(
            f"seat {s} {_cards_text(cards)}" for s, cards in r["refill"].items()))
        lines.append(f"seat {bidder} sweeps the pile's trumps ({_cards_text(r['swept'])}) and "
                     f"lets go {_cards_text(r['discards'][bidder])}")
        lines.append("hands in play:")
        for s, hand in enumerate(r["hands_in_play"]):
            lines.append(f"  seat {s}: {_cards_text(hand)}")
    for i, t in enumerate(result["tricks"], start=1):
        lines.append(trick_line(i, t, f"seat {t['winner']} wins ({counted(t['points'], 'point')})"))
    if r["complete"]:
        lines.append(f"bidder seat {r['bidder']} ({r['bid']}{', forced' if r['forced'] else ''}): "
                     f"team points {r['points']['team'][0]} to {r['points']['team'][1]}, "
                     f"{'made' if r['made'] else 'set'}")
        lines.append(f"score: team 0+2 {r['score'][0]:+d}, team 1+3 {r['score'][1]:+d}; "
                     f"game {r['scores'][0]} to {r['scores'][1]}")
        if r["winner"] is not None:
            lines.append(f"team {'0+2' if r['winner'] == 0 else '1+3'} wins the game")
    else:
        lines.extend(current_trick_lines(result))
        nxt = result["next"]
        lines.append(f"(incomplete) seat {nxt['seat']} to {nxt['kind']}")
    return "\n".join(lines)
