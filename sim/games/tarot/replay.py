"""Replay a French Tarot record (docs/records.md) through the step interface,
and its transcript.

The replay drives the game's step interface (``sim.replay.StepView``: the
very steps the simulation plays), so a record is judged by exactly the rules
the simulation plays; Python checks the record's shape and turns the
engine's actions into readable lists and error messages.

A record is one deal: ``hands`` as dealt, ``extra.dog`` the dog as dealt, and
the decisions ``bid``, ``call`` (5 players), ``discard`` (a list of cards),
``slam`` (true, only when declared), ``handful`` (the trumps shown, only when
declared, just before the seat's first card) and ``play``. A slam or handful
not in the record is a decision not to declare.
"""
from functools import partial

import numpy as np

from ... import registry
from ...errors import TricksimError, choices, counted
from ...kit_nb import CH_DEALER, CH_SIZE
from ...replay import (StepView, card_list, dealt_once, decision_fields, record_head,
                       sorted_names, step_through)
from . import obs as O
from .cards import EXCUSE, HALF_POINTS, NAMES, card_name, cards_in, is_trump, names_in, parse_card
from .cfg import config
from .info import TAROT
from .play_nb import score_nb
from .rules_nb import DOG_CARDS, HAND_CARDS, HANDFUL_TRUMPS

_cards = partial(card_list, parse_card=parse_card)   # a record's list of tarot cards
_sorted_names = partial(sorted_names, names=NAMES)


BIDS = ("pass", "take", "guard", "guard_without", "guard_against")
CONTRACT_NAMES = ("pass", "Take", "Guard", "Guard Without", "Guard Against")
HANDFUL_NAMES = ("none", "single", "double", "triple")
KINDS = ("bid", "call", "discard", "slam", "handful", "play")
EXTRA = ("dog",)


def _half(points: int):
    """Half-points as points: a whole number, or a number ending in .5."""
    return points // 2 if points % 2 == 0 else points / 2




class _Replay(StepView):

    def __init__(self, record: dict):
        head = record_head(TAROT, record, extra_fields=EXTRA, needs=("extra.dog",))
        n, dealer, options, extra = head.n, head.dealer, head.options, head.extra
        if "dog" not in extra:
            raise TricksimError("a tarot record needs extra.dog, the dog as dealt")
        hand_size, dog_size = int(HAND_CARDS[n - 3]), int(DOG_CARDS[n - 3])
        ids = [_cards(h, f"hands[{s}]") for s, h in enumerate(head.hands)]
        for s, h in enumerate(ids):
            if len(h) != hand_size:
                raise TricksimError(f"hands[{s}] has {counted(len(h), 'card')}; with {n} players "
                                    f"each hand has {hand_size}")
        dog = _cards(extra["dog"], "extra.dog")
        if len(dog) != dog_size:
            raise TricksimError(f"extra.dog has {counted(len(dog), 'card')}; with {n} players the "
                                f"dog has {dog_size}")
        dealt_once(ids + [dog], card_name, others=("the dog",))   # 78 distinct cards: the whole pack
        self.n, self.dealer, self.options = n, dealer, options
        self.steps = registry.game(TAROT.name).steps
        self.cfg = config(n, options)
        self.st, self.hands = self.steps.new_state_nb(self.cfg)
        words = np.zeros(2 * O.MAX_SEATS + 2, dtype=np.uint64)
        for s, h in enumerate(ids + [dog]):
            slot = 2 * n if s == n else 2 * s
            for c in h:
                words[slot + (c >> 6)] |= np.uint64(1) << np.uint64(c & 63)
        chance = np.zeros(CH_SIZE, dtype=np.int64)
        chance[CH_DEALER] = dealer
        self.steps.start_deal_nb(self.st, self.hands, self.cfg, words, chance)
        self.dog = dog
        self.decisions: list[dict] = []
        self.tricks: list[dict] = []
        self.trick = {"leader": None, "seats": [], "cards": []}
        self.shown: dict[int, list[str]] = {}
        self.discard: list[str] = []

    # -- the engine's view ------------------------------------------------------------
    def legal_text(self, phase: int, legal: list[int]):
        if phase == O.PHASE_BID:
            return [BIDS[a] for a in legal]
        if phase in (O.PHASE_CALL, O.PHASE_DISCARD, O.PHASE_PLAY):
            return [NAMES[a] for a in legal]
        if phase == O.PHASE_HANDFUL:
            return [HANDFUL_NAMES[a] for a in legal]
        return [bool(a) for a in legal]

    def held(self, seat: int) -> list[int]:
        return cards_in(self.hands[2 * seat], self.hands[2 * seat + 1])

    # -- one decision -----------------------------------------------------------------
    def step(self, number: int, decision) -> None:
        dec = decision_fields(number, decision, KINDS, self.n)
        where, kind = dec.where, dec.kind
        if kind == "call" and self.n != 5:
            raise TricksimError(f"{where}: a card is called only with 5 players, not {self.n}")
        # an undeclared slam or handful is a decision not to declare
        if self.phase() == O.PHASE_SLAM and kind != "slam":
            self.apply(0)
        if self.phase() == O.PHASE_HANDFUL and kind != "handful":
            self.apply(0)
        if self.steps.is_over_nb(self.st):
            raise TricksimError(f"{where}: the deal is over; nothing more to decide")
        seat, phase = self.seat(), self.phase()
        expected = O.PHASE_NAMES[phase]
        if kind == "handful" and (dec.seat != seat or expected != "handful"):
            raise TricksimError(f"{where}: seat {dec.seat} may not show a handful now: a handful "
                                f"is shown just before the seat's first card, when it holds "
                                f"enough trumps; seat {seat} is to {expected}")
        dec.check_turn(seat, expected)
        legal = self.legal()
        entry = {"seat": seat, "kind": kind, "value": dec.value,
                 "legal": self.legal_text(phase, legal)}
        getattr(self, f"_{kind}")(dec, legal, entry)
        self.decisions.append(entry)

    def _bid(self, dec, legal, entry):
        where, seat, value = dec.where, dec.seat, dec.value
        word = str(value).strip().lower()
        if word not in BIDS:
            raise TricksimError(f"{where}: unknown bid {value!r}; bids are {choices(BIDS)}")
        bid = BIDS.index(word)
        if bid not in legal:
            last = BIDS[int(self.st[O.CONTRACT])]
            raise TricksimError(f"{where}: seat {seat} may not bid {word} after {last}; each bid must "
                                f"be higher than the last: legal {choices(BIDS[a] for a in legal)}")
        entry["value"] = word
        self.apply(bid)

    def _call(self, dec, legal, entry):
        where, seat = dec.where, dec.seat
        card = dec.card(parse_card)
        if card not in legal:
            raise TricksimError(f"{where}: seat {seat} may not call {card_name(card)}; a King is "
                                f"called, a Queen only by a taker dealt all four Kings, a Knight "
                                f"only with all Kings and Queens, a Jack only with all Kings, "
                                f"Queens and Knights: legal {' '.join(NAMES[a] for a in legal)}")
        entry["value"] = card_name(card)
        self.apply(card)

    def _discard(self, dec, legal, entry):
        where, seat = dec.where, dec.seat
        cards = dec.cards(parse_card)
        size = int(self.st[O.DISCARD_LEFT])
        twice = [c for c in set(cards) if cards.count(c) > 1]
        if twice:
            raise TricksimError(f"{where}: the discard names {card_name(twice[0])} twice; it is "
                                f"{size} different cards")
        if len(cards) != size:
            raise TricksimError(f"{where}: the discard is {size} different cards, not {len(cards)}")
        held = set(self.held(seat))
        for c in cards:
            if c not in held:
                raise TricksimError(f"{where}: seat {seat} does not hold {card_name(c)} "
                                    f"(hand and dog) to discard it")
        entry["value"] = _sorted_names(cards)
        entry["legal"] = None
        for c in sorted(cards, key=is_trump):     # the suit cards first: trumps only when unavoidable
            if c not in self.legal():
                raise TricksimError(
                    f"{where}: seat {seat} may not discard {card_name(c)}: the discard takes no "
                    f"Kings and no oudlers (T1, T21, EX), and trumps only when the hand has "
                    f"nothing else left to discard")
            self.apply(c)
        self.discard = entry["value"]

    def _slam(self, dec, legal, entry):
        if dec.value is not True:
            raise TricksimError(f"{dec.where}: a slam decision has the value true (a slam not "
                                f"declared has no decision), not {dec.value!r}")
        self.apply(1)

    def _handful(self, dec, legal, entry):
        where, seat = dec.where, dec.seat
        cards = dec.cards(parse_card)
        thresholds = [int(t) for t in HANDFUL_TRUMPS[self.n - 3]]
        held = set(self.held(seat))
        trumps = [c for c in held if is_trump(c)]
        allowed = f"{', '.join(map(str, thresholds[:2]))} or {thresholds[2]} trumps with {self.n} players"
        if len(set(cards)) != len(cards) or len(cards) not in thresholds:
            raise TricksimError(f"{where}: a handful shows exactly {allowed}, not "
                                f"{counted(len(cards), 'card')}")
        for c in cards:
            if c not in held or not (is_trump(c) or c == EXCUSE):
                raise TricksimError(f"{where}: seat {seat} may show only trumps it holds (and the "
                                    f"Excuse), not {card_name(c)}")
        if EXCUSE in cards and len(trumps) != len(cards) - 1:
            raise TricksimError(f"{where}: the Excuse is shown only when the trumps held are one "
                                f"short of the handful; seat {seat} holds "
                                f"{counted(len(trumps), 'trump')}")
        level = thresholds.index(len(cards)) + 1
        entry["value"] = _sorted_names(cards)
        self.shown[seat] = entry["value"]
        self.apply(level)

    def _play(self, dec, legal, entry):
        where, seat = dec.where, dec.seat
        card = dec.card(parse_card)
        if card not in legal:
            if card not in self.held(seat):
                raise TricksimError(f"{where}: seat {seat} does not hold {card_name(card)}")
            raise TricksimError(f"{where}: seat {seat} may not play {card_name(card)}; legal: "
                                f"{' '.join(NAMES[a] for a in legal)}")
        entry["value"] = card_name(card)
        if not self.trick["cards"]:
            self.trick["leader"] = seat
        self.trick["seats"].append(seat)
        self.trick["cards"].append(card)
        no = int(self.st[O.TRICK_NO])
        self.apply(card)
        if int(self.st[O.TRICK_NO]) > no:    # the trick is complete
            last = no == int(self.st[O.N_TRICKS]) - 1
            winner = int(self.st[O.TRICK_LEADER])
            points = sum(int(HALF_POINTS[c]) for c in self.trick["cards"]
                         if c != EXCUSE or last)
            self.tricks.append({"leader": self.trick["leader"], "seats": self.trick["seats"],
                                "cards": [NAMES[c] for c in self.trick["cards"]],
                                "winner": winner, "points": _half(points)})
            self.trick = {"leader": None, "seats": [], "cards": []}

    # -- the end ----------------------------------------------------------------------
    def result(self) -> dict:
        # the record may end before a declaration nobody made
        if self.phase() == O.PHASE_SLAM:
            self.apply(0)
        if self.phase() == O.PHASE_HANDFUL:
            self.apply(0)
        st, n = self.st, self.n
        out = {"decisions": self.decisions, "dog": [card_name(c) for c in self.dog],
               "tricks": self.tricks}
        annulled = int(st[O.ANNULLED])
        taker = int(st[O.TAKER])
        res = {"redeal": None, "taker": taker if taker >= 0 else None,
               "contract": BIDS[int(st[O.CONTRACT])] if taker >= 0 else None,
               "complete": bool(self.steps.is_over_nb(st)),
               "discard": self.discard or None,
               "discard_shown": names_in(st[O.SHOWN], st[O.SHOWN + 1]) or None}
        if n == 5:
            res["called"] = card_name(int(st[O.CALLED])) if st[O.CALLED] >= 0 else None
            res["partner"] = int(st[O.PARTNER]) if st[O.PARTNER] >= 0 else None
        if annulled:
            res["redeal"] = "all_passed" if annulled == 1 else "petit_sec"
            if annulled == 2:
                res["petit_sec_seat"] = int(st[O.SEAT])
        if not res["complete"]:
            out["result"] = res
            seat, phase = self.seat(), self.phase()
            out["next"] = {"seat": seat, "kind": O.PHASE_NAMES[phase],
                           "legal": self.legal_text(phase, self.legal())}
            if self.trick["cards"]:
                out["current_trick"] = {"leader": self.trick["leader"], "seats": self.trick["seats"],
                                        "cards": [NAMES[c] for c in self.trick["cards"]]}
            return out
        scores = np.zeros(n, dtype=np.int64)
        self.steps.result_nb(st, self.cfg, scores)
        res["scores"] = [int(x) for x in scores]
        if not annulled:
            made, margin, score = score_nb(st)
            oudlers = int(st[O.TAKER_OUDLERS])
            petit = int(st[O.PETIT])
            # the winner of the trick that held the Petit (the side's seat that won petit au bout)
            petit_seat = self.tricks[int(st[O.PETIT_TRICK])]["winner"] if petit else None
            n_tricks = int(st[O.N_TRICKS])
            res.update({
                "taker_points": _half(int(st[O.TAKER_HP])),
                "defence_points": _half(182 - int(st[O.TAKER_HP])),
                "oudlers": oudlers,
                "target": (56, 51, 41, 36)[oudlers],
                "made": bool(made), "margin": int(margin),     # signed: above (+) or below (-) the target
                "petit_au_bout": petit_seat,
                "handful": [self.shown.get(s) for s in range(n)],
                "slam": {"declared": bool(st[O.SLAM]),
                         "made": int(st[O.TAKER_TRICKS]) == n_tricks,
                         "defence": int(st[O.TAKER_TRICKS]) == 0},
                "score": int(score),
                "tricks_won": [int(st[O.TRICKS + s]) for s in range(n)],
            })
        out["result"] = res
        return out


def replay(game: str, record: dict) -> dict:
    return step_through(_Replay(record), record)


def play_positions(game: str, record: dict):
    """The record's deal stepped through as :func:`replay` does, and each of its card plays
    with the position before it: ``(cfg, [(number, seat, st, hands, card), ...])``, the
    states copies (what ``sim.search.solve`` analyses). A handful or slam not declared
    before a card is decided first, as :meth:`_Replay.step` does."""
    state = _Replay(record)
    decisions = record["decisions"]
    if not isinstance(decisions, list):
        raise TricksimError("decisions must be a list of {seat, kind, value} objects")
    plays = []
    for number, decision in enumerate(decisions, start=1):
        before = None
        if isinstance(decision, dict) and decision.get("kind") == "play":
            for phase in (O.PHASE_SLAM, O.PHASE_HANDFUL):
                if state.phase() == phase:
                    state.apply(0)
            if state.phase() == O.PHASE_PLAY:
                seat = state.seat()
                before = (seat, state.st.copy(), state.hands.copy())
        state.step(number, decision)
        if before is not None:
            seat, st, hands = before
            gone = [c for c in cards_in(hands[2 * seat], hands[2 * seat + 1])
                    if c not in state.held(seat)]
            plays.append((number, seat, st, hands, gone[0]))
    return state.cfg, plays


def transcript(game: str, record: dict, result: dict) -> str:
    n = int(record["players"])
    lines = [f"French Tarot, {n} players, dealer seat {record['dealer']}"]
    for s, hand in enumerate(record["hands"]):
        lines.append(f"  seat {s}: {' '.join(_sorted_names(parse_card(c) for c in hand))}")
    lines.append(f"  dog: {' '.join(result['dog'])}")
    for d in result["decisions"]:
        if d["kind"] == "bid":
            lines.append(f"seat {d['seat']} bids {d['value']} (legal: {', '.join(d['legal'])})")
        elif d["kind"] != "play":
            value = d["value"] if not isinstance(d["value"], list) else " ".join(d["value"])
            lines.append(f"seat {d['seat']} {d['kind']}: {value}")
    for i, t in enumerate(result["tricks"], start=1):
        played = ", ".join(f"seat {s} {c}" for s, c in zip(t["seats"], t["cards"]))
        lines.append(f"trick {i}: {played} -> seat {t['winner']} ({t['points']} points)")
    r = result["result"]
    if r.get("redeal"):
        lines.append(f"no play: {r['redeal'].replace('_', ' ')}; the deal is dealt again")
    elif r["complete"]:
        outcome = "made" if r["made"] else "failed"
        lines.append(f"taker seat {r['taker']} ({r['contract']}): {r['taker_points']} points with "
                     f"{counted(r['oudlers'], 'oudler')}, target {r['target']}: {outcome} by {abs(r['margin'])}")
        if r["petit_au_bout"] is not None:
            lines.append(f"petit au bout: seat {r['petit_au_bout']}'s side")
        lines.append("scores: " + ", ".join(f"seat {s} {v:+d}" for s, v in enumerate(r["scores"])))
    else:
        nxt = result["next"]
        lines.append(f"(incomplete) seat {nxt['seat']} to {nxt['kind']}")
    return "\n".join(lines)
