"""Replay a Jass record (one deal, Schieber or Differenzler) through the step interface.

A record gives the dealt hands, the facts that are nobody's decision (the
Differenzler turned card, the totals before the deal) and the decisions of
one deal (format: ``docs/records.md``, section Jass). The replay drives the
game's step interface (``sim.replay.StepView``: the very steps the
simulation plays: trump, Weis, predict, play, claim) and scores with
``state_nb.finish_deal_nb``, so a record is judged by exactly the rules the
simulation plays. Python only checks the record's shape and turns the
engine's actions into readable lists and error messages.

Two decisions may be left out, since saying nothing is how they are made at
the table: a Weis not declared, and a claim not made (a record that ends
after the last trick has made no claim there: the deal is counted).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ... import registry
from ...bits_nb import cards_of
from ...errors import TricksimError, counted
from ...kit_nb import CH_DEAL, CH_DEALER, CH_SIZE, CH_TOTALS, CH_TURNED
from ...replay import (StepView, card_list, dealt_once, decision_fields, read_card, record_head,
                       record_int, step_through)
from . import obs as O
from . import state_nb as S
from .cards import (RANK_NAMES, SUIT_MASKS, SUITS, TRUMP_WORDS, card_name, mask_of, parse_card,
                    parse_trump_word)
from .cfg import config
from .records import END_KINDS
from .rules_nb import FOURS, LAST_TRICK_BONUS, POINTS, SEQUENCE_POINTS, _runs

KINDS = ("trump", "weis", "predict", "play", "claim")
PHASE_KINDS = {O.PHASE_TRUMP: "trump", O.PHASE_TRUMP_PUSHED: "trump", O.PHASE_WEIS: "weis",
               O.PHASE_PREDICT: "predict", O.PHASE_PLAY: "play", O.PHASE_CLAIM: "claim"}
VARIANT_KINDS = {"schieber": ("trump", "weis", "play", "claim"), "differenzler": ("predict", "play")}
EXTRA_FIELDS = {"schieber": ("scores",), "differenzler": ("trump_card", "scores")}
NEEDS = {"schieber": (), "differenzler": ("extra.trump_card",)}


@dataclass
class Deal:
    """A record checked and turned into what the engine takes."""

    variant: str
    options: dict
    dealer: int
    hands: list[list[int]]          # card ids per seat, as dealt
    trump_card: int                 # Differenzler: the dealer's turned card; -1 in Schieber
    scores: list[int] | None        # totals before the deal: per team (Schieber) or seat (Differenzler)

    @property
    def schieber(self) -> bool:
        return self.variant == "schieber"


# -- reading a record ---------------------------------------------------------

def _yes_no(value, where: str) -> int:
    if isinstance(value, bool):
        return int(value)
    raise TricksimError(f"{where}: the value must be true or false, not {value!r}")


def parse_record(record) -> Deal:
    """Check a record's fields and return the deal it describes."""
    info = registry.info("jass")
    if not isinstance(record, dict):
        raise TricksimError(f"a record is a JSON object, not {type(record).__name__}")
    variant = info.check_variant(record.get("variant"))
    head = record_head(info, record, variant, extra_fields=EXTRA_FIELDS[variant],
                       needs=NEEDS[variant])
    options, dealer, extra = head.options, head.dealer, head.extra
    for s, h in enumerate(head.hands):
        if len(h) != 9:
            raise TricksimError(f"hands[{s}] has {counted(len(h), 'card')}; every seat is dealt 9")
    hands = [card_list(h, f"hands[{s}]", parse_card) for s, h in enumerate(head.hands)]
    holder = dealt_once(hands, card_name)
    trump_card = -1
    if variant == "differenzler":
        if extra.get("trump_card") is None:
            raise TricksimError("the record has no extra.trump_card: a differenzler deal turns up "
                                "the dealer's last card (e.g. \"H7\") for trump")
        trump_card = read_card(extra["trump_card"], "extra.trump_card", parse_card)
        if holder[trump_card] != dealer:
            raise TricksimError(f"extra.trump_card {card_name(trump_card)} is in seat "
                                f"{holder[trump_card]}'s hand, but the turned card is the dealer's "
                                f"(seat {dealer}) last card and stays in the dealer's hand")
    scores = None
    if extra.get("scores") is not None:
        want = 2 if variant == "schieber" else 4
        who = "team (0: seats 0+2, 1: seats 1+3)" if variant == "schieber" else "seat"
        raw = extra["scores"]
        if not isinstance(raw, list) or len(raw) != want:
            raise TricksimError(f"extra.scores must list the game totals before the deal for each "
                                f"{who}: {want} numbers, not {raw!r}")
        scores = [record_int(v, f"extra.scores[{i}]") for i, v in enumerate(raw)]
        if variant == "schieber":
            target = options["target"]
            for t, v in enumerate(scores):
                if not 0 <= v < target:
                    raise TricksimError(f"extra.scores[{t}] is {v}: before a deal every team "
                                        f"is below the target ({target}) and at least 0")
        elif any(v < 0 for v in scores):
            raise TricksimError(f"extra.scores are penalty totals, at least 0, not {scores}")
    return Deal(variant=variant, options=options, dealer=dealer, hands=hands,
                trump_card=trump_card, scores=scores)


# -- melds, for reading ------------------------------------------------------------

def melds(hand: list[int], mode: int) -> list[dict]:
    """The melds of a hand in a mode, for display: kind, cards, raw points."""
    out = []
    mask = mask_of(hand)
    for s in range(4):
        word = mask >> (9 * s) & 511
        for low, n in _runs(word):
            if n >= 3:
                cards = [card_name(9 * s + r) for r in range(low, low + n)]
                out.append({"kind": f"{n} in sequence", "cards": cards, "points": SEQUENCE_POINTS[n]})
    for r in range(9):
        if all(mask >> (9 * s + r) & 1 for s in range(4)):
            points = int(FOURS[9 * (mode == 5) + r])
            if points:
                out.append({"kind": f"four {RANK_NAMES[r]}s",
                            "cards": [card_name(9 * s + r) for s in range(4)], "points": points})
    return out


# -- stepping through the decisions ------------------------------------------

def _mode_word(mode: int) -> str | None:
    return TRUMP_WORDS[mode] if mode >= 0 else None


class _Replay(StepView):
    """The engine's state for one deal, advanced one recorded decision at a time."""

    def __init__(self, deal: Deal):
        self.deal = deal
        self.steps = registry.game("jass").steps_of(deal.variant)
        self.cfg = config(deal.variant, 4, deal.options)
        self.st, self.hands = self.steps.new_state_nb(self.cfg)
        dealt = np.array([mask_of(h) for h in deal.hands], dtype=np.uint64)
        chance = np.zeros(CH_SIZE, dtype=np.int64)
        chance[CH_DEALER] = deal.dealer
        chance[CH_DEAL] = 0
        chance[CH_TURNED] = deal.trump_card
        if deal.scores is not None:
            chance[CH_TOTALS:CH_TOTALS + len(deal.scores)] = deal.scores
        self.steps.start_deal_nb(self.st, self.hands, self.cfg, dealt, chance)
        self.decisions: list[dict] = []
        self.tricks: list[dict] = []
        self.trick_leader = -1
        self.trick_seats: list[int] = []
        self.trick_cards: list[str] = []
        self.trick_ids: list[int] = []
        self.played_in: dict[int, int] = {}
        self.claim_decision = 0     # number of the decision that ended the game, 0 none
        self.finished = False       # the deal's score has been added to the totals

    # the engine's view of whose turn it is
    @property
    def over(self) -> bool:
        return bool(self.steps.is_over_nb(self.st))

    @property
    def kind(self) -> str:
        return PHASE_KINDS[self.phase()]

    def legal(self) -> list[int]:
        """The legal actions (room for the 158 predictions, more than ``StepView`` gives)."""
        out = np.zeros(O.MAX_PREDICTION + 1, dtype=np.int64)
        return [int(a) for a in out[:self.steps.legal_actions_nb(self.st, self.hands, self.cfg, out)]]

    def legal_values(self) -> list:
        return self._legal_values(self.kind, self.legal())

    @staticmethod
    def _legal_values(kind: str, actions: list[int]) -> list:
        if kind == "predict":
            return actions
        if kind == "trump":
            return [TRUMP_WORDS[a] for a in actions]
        if kind == "play":
            return [card_name(c) for c in actions]
        return [bool(a) for a in actions]

    def _apply_claim(self, seat: int, action: int) -> None:
        """``seat``'s team claims (1) or plays on (0) right after a trick. The engine asks
        the seat that took the trick, and only when some team's counted points reach the
        target; at the table either partner may speak, and at any trick: the state is put
        in the claim phase with ``seat`` to act."""
        self.st[O.PHASE] = O.PHASE_CLAIM
        self.st[O.SEAT] = seat
        self.apply(action)

    def _claim_moment(self) -> bool:
        """Right after a trick, the last one too (Schieber): a claim may be made now."""
        st = self.st
        if not self.deal.schieber or st[O.TRICK_N] != 0 or st[O.TRICK_NO] < 1:
            return False
        if st[O.PHASE] in (O.PHASE_PLAY, O.PHASE_CLAIM):
            return True
        # after the last trick the deal is over, but not yet counted: a claim comes first
        return (st[O.TRICK_NO] == S.N_TRICKS and st[S.X_CLAIM_SEAT] < 0
                and not self.finished)

    def _over_error(self, where: str, number: int) -> TricksimError:
        if self.claim_decision:
            return TricksimError(f"{where}: the game ended with the claim of decision "
                                 f"{self.claim_decision}; remove the decisions after it")
        return TricksimError(f"{where}: the deal is over (all 9 tricks were played by decision "
                             f"{number - 1}); remove the decisions after it")

    def step(self, number: int, decision) -> None:
        """Check decision ``number`` (counted from 1) against the engine and apply it."""
        dec = decision_fields(number, decision, VARIANT_KINDS[self.deal.variant], 4,
                              kinds_of=self.deal.variant)
        where, seat, kind, value = dec.where, dec.seat, dec.kind, dec.value
        if self.over and not (kind == "claim" and self._claim_moment()):
            raise self._over_error(where, number)
        did = f"{where}: seat {seat} {kind} {value}"
        if kind == "claim":
            self._claim(number, did, seat, value)
            return
        self._skip_silent(kind, seat)
        if self.over:   # a claim left out after the last trick
            raise self._over_error(where, number)
        if kind == "weis" and self.kind == "weis" and seat != self.seat() and \
                self.st[S.X_WEIS_KEY + seat] == 0:
            raise TricksimError(f"{did}, but seat {seat} holds no meld; next is seat {self.seat()}'s Weis")
        if kind != self.kind:
            raise TricksimError(f"{did}, but next is {self._expected()}")
        if seat != self.seat():
            raise TricksimError(f"{did}, but it is seat {self.seat()}'s turn")
        legal = self.legal_values()
        if kind == "trump":
            try:
                action = parse_trump_word(value)
            except TricksimError as problem:
                raise TricksimError(f"{where}: {problem}") from None
            if TRUMP_WORDS[action] not in legal:
                raise TricksimError(f"{where}: seat {seat} may not push back: after a push the "
                                    f"partner must choose; legal: {' '.join(legal)}")
            self.apply(action)
            value = TRUMP_WORDS[action]
        elif kind == "weis":
            action = _yes_no(value, where)
            self.apply(action)
            value = bool(action)
        elif kind == "predict":
            action = record_int(value, f"{where}: a prediction")
            if not 0 <= action <= O.MAX_PREDICTION:
                raise TricksimError(f"{where}: seat {seat} predicted {action}; predictions are "
                                    f"0 to {O.MAX_PREDICTION} card points")
            self.apply(action)
            value = action
        else:
            card = self._playable_card(dec)
            self._play(card)
            value = card_name(card)
        self.decisions.append({"seat": seat, "kind": kind, "value": value, "legal": legal})

    def _skip_silent(self, kind: str, seat: int) -> None:
        """Decisions a record may leave out: a Weis not declared, a claim not made."""
        st = self.st
        while True:
            phase = int(st[O.PHASE])
            if phase == O.PHASE_CLAIM and kind != "claim":
                self.apply(0)
            elif phase == O.PHASE_WEIS and (kind == "play" or (kind == "weis" and seat != self.seat()
                                                                and self._weis_later(seat))):
                self.apply(0)
            else:
                return

    def _weis_later(self, seat: int) -> bool:
        """Whether ``seat`` is asked for Weis after the seat now asked (so the latter said nothing)."""
        first = int(self.st[O.FIRST_HAND])
        return (seat - first) % 4 > (self.seat() - first) % 4 and self.st[S.X_WEIS_KEY + seat] > 0

    def _claim(self, number: int, did: str, seat: int, value) -> None:
        action = _yes_no(value, f"decision {number}")
        if not self._claim_moment():
            if int(self.st[O.PHASE]) in (O.PHASE_TRUMP, O.PHASE_TRUMP_PUSHED, O.PHASE_WEIS) or \
                    self.st[O.TRICK_NO] == 0 and self.st[O.TRICK_N] == 0:
                raise TricksimError(f"{did}, but a claim is made right after a trick, and no trick "
                                    f"has been taken yet")
            raise TricksimError(f"{did}, but a claim is made right after a trick, "
                                f"and trick {int(self.st[O.TRICK_NO]) + 1} is being played")
        taker = int(self.st[O.TRICK_LEADER])
        if seat % 2 != taker % 2:
            raise TricksimError(f"{did}, but only the team that has just taken the trick (seat "
                                f"{taker} and seat {(taker + 2) % 4}) may claim")
        self._apply_claim(seat, action)
        if action:
            self.claim_decision = number
        self.decisions.append({"seat": seat, "kind": "claim", "value": bool(action),
                               "legal": [False, True]})

    def _expected(self) -> str:
        kind, seat = self.kind, self.seat()
        if kind == "trump":
            if self.st[O.PHASE] == O.PHASE_TRUMP_PUSHED:
                return f"the choice of trump by seat {seat}, to whom the first hand pushed"
            return f"the choice of trump by the first hand (seat {seat})"
        if kind == "weis":
            return f"seat {seat}'s Weis (declare true or false) or the first card"
        if kind == "predict":
            return f"seat {seat}'s prediction (every seat predicts before the first card)"
        return f"seat {seat}'s card"

    def _playable_card(self, dec) -> int:
        where, seat = dec.where, dec.seat
        card = dec.card(parse_card)
        if not int(self.hands[seat]) >> card & 1:
            if card in self.deal.hands[seat]:
                raise TricksimError(f"{where}: seat {seat} played {card_name(card)}, but played it "
                                    f"already in trick {self.played_in[card]}")
            held = " ".join(card_name(c) for c in cards_of(self.hands[seat]))
            raise TricksimError(f"{where}: seat {seat} does not hold {card_name(card)}; "
                                f"seat {seat} holds {held}")
        actions = self.legal()
        if card not in actions:
            mask = sum(1 << c for c in actions)
            legal = " ".join(card_name(c) for c in actions)
            raise TricksimError(f"{where}: seat {seat} may not play {card_name(card)}: "
                                f"{self._why_not(card, mask)}; legal: {legal}")
        return card

    def _why_not(self, card: int, mask: int) -> str:
        st = self.st
        lead = int(st[O.LEAD_SUIT])
        mode = int(st[O.MODE])
        if lead == mode:
            return f"trump ({SUITS[lead]}) was led and a trump must be played"
        if card // 9 == mode and card // 9 != lead:
            best = int(st[O.WINNING_CARD])
            return (f"the trick holds the trump {card_name(best)} and a lower trump may not be "
                    f"played (under-trumping) while the hand holds other cards")
        follow = f"it must follow the suit led ({SUITS[lead]})"
        trumps = int(self.hands[self.seat()]) & int(SUIT_MASKS[mode]) if mode < 4 else 0
        if not trumps:
            return follow
        if not trumps & mask:
            best = int(st[O.WINNING_CARD])
            return (f"{follow} (its trumps are all lower than the trump {card_name(best)} in the "
                    f"trick, and under-trumping is not allowed)")
        return f"{follow} or play a trump"

    def _play(self, card: int) -> None:
        st = self.st
        if st[O.TRICK_N] == 0:
            self.trick_leader = int(st[O.TRICK_LEADER])
            self.trick_seats, self.trick_cards, self.trick_ids = [], [], []
        self.trick_seats.append(self.seat())
        self.trick_cards.append(card_name(card))
        self.trick_ids.append(card)
        self.played_in[card] = int(st[O.TRICK_NO]) + 1
        self.apply(card)
        if st[O.TRICK_N] == 0:                # the trick is complete: its taker leads the next
            winner = int(st[O.TRICK_LEADER])
            mode = int(st[O.MODE])
            points = sum(int(POINTS[mode * 36 + c]) for c in self.trick_ids)
            if int(st[O.TRICK_NO]) == S.N_TRICKS:
                points += LAST_TRICK_BONUS
            self.tricks.append({"leader": self.trick_leader, "seats": self.trick_seats,
                                "cards": self.trick_cards, "winner": int(winner), "points": points})

    # -- what the replay returns ---------------------------------------------
    def result(self) -> dict:
        st, deal = self.st, self.deal
        mode = int(st[O.MODE])
        complete = bool(st[O.TRICK_NO] == S.N_TRICKS)
        out = {"variant": deal.variant, "decisions": self.decisions, "mode": _mode_word(mode),
               "tricks": self.tricks}
        if st[O.PHASE] == O.PHASE_CLAIM and st[O.TRICK_NO] == S.N_TRICKS:
            # the record says nothing after the last trick: no claim, the deal is counted
            self.apply(0)
        if self.over and not self.finished:
            S.finish_deal_nb(st)
            self.finished = True
        if deal.schieber:
            out.update(self._schieber(mode, complete))
        else:
            out.update(self._differenzler(complete))
        if not self.over:
            out["next"] = {"seat": self.seat(), "kind": self.kind, "legal": self.legal_values()}
            if st[O.TRICK_N] > 0:
                out["current_trick"] = {"leader": self.trick_leader, "seats": self.trick_seats,
                                        "cards": self.trick_cards}
        return out

    def _schieber(self, mode: int, complete: bool) -> dict:
        st, deal = self.st, self.deal
        declared = [int(st[O.WEIS_DECLARED + s]) for s in range(4)]
        weis_team = int(st[O.WEIS_TEAM])
        team_points = [int(st[O.POINTS + t] + st[O.POINTS + t + 2]) for t in range(2)]
        out = {"chooser": int(st[O.CHOOSER]) if st[O.CHOOSER] >= 0 else None,
               "pushed": bool(st[O.PUSHED]),
               "multiplier": int(st[O.MULTIPLIER]) if mode >= 0 else None,
               "weis": {"held": [melds(deal.hands[s], mode) if mode >= 0 else [] for s in range(4)],
                        "declared": [d if d >= 0 else None for d in declared],
                        "team": weis_team if weis_team >= 0 else None},
               "stoeck": int(st[S.X_STOECK]) if mode >= 0 and st[S.X_STOECK] >= 0 else None}
        result = {"points": team_points, "complete": complete, "over": self.over}
        if self.over:
            mult = int(st[O.MULTIPLIER])
            weis_scored = [int(S.team_weis_nb(st, t)) for t in range(2)]
            stoeck = int(S.stoeck_announced_nb(st, st[O.PLAYED]))
            result.update({
                "weis": weis_scored,
                "stoeck": [20 if stoeck >= 0 and stoeck % 2 == t else 0 for t in range(2)],
                "match": [100 if st[S.X_MATCH] == t else 0 for t in range(2)],
                "multiplier": mult,
                "deal_score": [int(st[S.X_SCORE + t]) for t in range(2)],
                "claim": ({"seat": int(st[S.X_CLAIM_SEAT]), "right": bool(st[S.X_CLAIM_RIGHT])}
                          if st[S.X_CLAIM_SEAT] >= 0 else None),
            })
            # judged on extra.scores, or on totals of 0 when the record gives none
            ended = int(st[S.X_END]) >= 0
            result["totals"] = ([int(st[O.TEAM_TOTALS + t]) for t in range(2)]
                                if deal.scores is not None else None)
            result["game_over"] = ended
            result["winner"] = int(st[S.X_WINNER]) if ended else None
            result["end"] = END_KINDS[int(st[S.X_END])] if ended else None
        out["result"] = result
        return out

    def _differenzler(self, complete: bool) -> dict:
        st, deal = self.st, self.deal
        predictions = [int(st[S.X_PREDICTION + s]) for s in range(4)]
        result = {"points": [int(st[O.POINTS + s]) for s in range(4)],
                  "predictions": [p if p >= 0 else None for p in predictions],
                  "complete": complete, "over": self.over}
        if self.over:
            result["penalties"] = [int(st[S.X_SCORE + s]) for s in range(4)]
            result["totals"] = ([int(st[O.PENALTIES + s]) for s in range(4)]
                                if deal.scores is not None else None)
        return {"trump_card": card_name(deal.trump_card), "result": result}


def replay(game: str, record: dict) -> dict:
    """Replay one Jass deal; see ``docs/records.md`` for what it returns.

    Raises TricksimError at the first thing in the record that is malformed
    or against the rules.
    """
    deal = parse_record(record)
    return step_through(_Replay(deal), record)


def play_positions(game: str, record: dict):
    """The record's deal stepped through as :func:`replay` does, and each of its card plays
    with the position before it: ``(cfg, [(number, seat, st, hands, card), ...])``, the
    states copies (what ``sim.search.solve`` analyses). A copy offers no claims: the
    solver values the card play to the deal's end."""
    deal = parse_record(record)
    state = _Replay(deal)
    plays = []
    for number, decision in enumerate(record["decisions"], start=1):
        before = None
        if isinstance(decision, dict) and decision.get("kind") == "play" and not state.over:
            state._skip_silent("play", decision.get("seat"))   # what step does first
            if not state.over and state.kind == "play":
                before = (int(state.seat()), state.st.copy(), state.hands.copy())
        state.step(number, decision)
        if before is not None:
            seat, st, hands = before
            st[S.X_CLAIMS] = 0
            played = cards_of(int(hands[seat]) ^ int(state.hands[seat]))   # the one card that left
            plays.append((number, seat, st, hands, played[0]))
    return state.cfg, plays
