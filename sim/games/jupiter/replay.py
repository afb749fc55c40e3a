"""Replay a Beim Jupiter record (docs/records.md) through the step interface
(``sim.replay.StepView``: the very steps the simulation plays); its notation and
the checks of its fields are ``notation.py``'s, its transcript ``transcript.py``'s.

Three kinds of record:

* **a whole game** — ``hands`` (and ``extra.unseen``) are round 1's deal;
  every later deal as dealt, in order, is in ``extra.next_deals`` (a deal
  dealt again, because a hand held no numbered colour card, is followed by its
  next attempt); the decisions run on across the rounds;
* **one round from a given table** — ``extra.round`` with the table the round
  starts from: the cards beside each counter (``extra.table``), the seats
  whose zero-trick card is unused, the scores so far and the unseen card;
* **one allocation** — ``extra.phase = "allocation"``: the table, each
  seat's layout card and bid, tricks taken and card points; the decisions are
  the ``take`` decisions.

Decisions: ``layout`` (a card), ``bid`` (``{"counter": k, "locked": bool}`` or
``"zero"``), ``play`` (a card, with ``"god": 0`` or ``15`` when a God card is
played) and ``take`` (the card taken at the allocation, every card taken, even
when forced).

:func:`play_positions` gives ``tricksim solve`` (``sim/search/analyse.py``) every card
play of every round with the position before it.
"""
import numpy as np

from ... import registry
from ...errors import TricksimError
from ...kit_nb import CH_DEAL, CH_DEALER, CH_SIZE, CH_TOTALS
from ...replay import (StepView, dealt_once, decision_fields, extra_names, read_card, record_head,
                       record_int, step_through)
from . import obs as O
from .cards import COLOURS, N_CARDS, NAMES, card_name, cards_in, is_god, is_numbered, pack, parse_card
from .cfg import CFG_ORPHANS, CFG_TRUMP_RULE, config
from .info import JUPITER, ROUNDS
from .notation import (bid_action, bid_text, cards_of_record, check_pack, names_of, play_text,
                       read_bool, read_table, round_number, seat_list)
from .round_nb import DEALT_SIZE, DEALT_TABLE, DEALT_UNSEEN, DEALT_ZERO, MAX_COUNTER, MAX_SEATS
from .rules_nb import GOD_HIGH, GOD_HIGH_ACTION, STEP_NAMES
from .step_nb import start_allocation_at_nb


KINDS = ("layout", "bid", "play", "take")
ROUND_EXTRA = ("round", "unseen", "table", "zero_unused", "scores")
GAME_EXTRA = ("unseen", "next_deals")
ALLOCATION_EXTRA = ("phase", "round", "table", "zero_unused", "scores", "layouts", "bids", "tricks",
                    "card_points")


class _Replay(StepView):
    def __init__(self, record: dict):
        head = record_head(JUPITER, record)     # extra's fields: by the kind of record
        n, dealer, options, extra = head.n, head.dealer, head.options, head.extra
        self.steps = registry.game(JUPITER.name).steps
        self.n, self.options, self.cfg = n, options, config(JUPITER.name, n, options)
        self.rounds: list[dict] = []
        self.decisions: list[dict] = []
        self.next_deals: list = []
        if extra.get("phase") is not None:
            if extra["phase"] != "allocation":
                raise TricksimError(f"extra.phase is \"allocation\" (a record that starts at the "
                                    f"allocation), not {extra['phase']!r}")
            self.kind = "allocation"
            self._allocation(record, extra, dealer)
            return
        hands = head.hands
        if "round" in extra:
            self.kind = "round"
            extra_names(extra, ROUND_EXTRA, "round records (extra.round)")
            r = round_number(extra)
            table = read_table(extra.get("table"), "extra.table", 13 - r)
            zero = seat_list(extra.get("zero_unused"), "extra.zero_unused", n, True, read_bool)
            scores = seat_list(extra.get("scores"), "extra.scores", n, 0,
                                lambda v, w: record_int(v, w))
        else:
            self.kind = "game"
            extra_names(extra, GAME_EXTRA, "whole-game records (a round from a given table has "
                                           "extra.round)")
            r, table, zero, scores = 1, {}, [True] * n, [0] * n
            self.next_deals = extra.get("next_deals") or []
            if not isinstance(self.next_deals, list):
                raise TricksimError("extra.next_deals is a list of {hands, unseen} objects")
        self._start_round(hands, extra.get("unseen"), dealer, r, table, zero, scores, "")

    # -- a round's start ------------------------------------------------------------------
    def _start_round(self, hands, unseen, dealer, r, table, zero, scores, where):
        n = self.n
        if not isinstance(hands, list) or len(hands) != n:
            raise TricksimError(f"{where}hands must be {n} lists of {14 - r} cards (one per seat)")
        ids = [cards_of_record(h, f"{where}hands[{s}]") for s, h in enumerate(hands)]
        at = f"{where or 'extra.'}unseen"
        if n < 5 and unseen is None:
            raise TricksimError(f"{at}: with {n} players one card is left over unseen; give it")
        if n == 5 and unseen is not None:
            raise TricksimError(f"{at}: with 5 players no card is left over")
        unseen_id = read_card(unseen, at, parse_card) if unseen is not None else None
        check_pack(n, r, ids, unseen_id, table)
        dealt = np.zeros(DEALT_SIZE, dtype=np.uint64)
        for s, h in enumerate(ids):
            for c in h:
                dealt[2 * s + (c >> 6)] |= np.uint64(1) << np.uint64(c & 63)
        if unseen_id is not None:
            dealt[DEALT_UNSEEN + (unseen_id >> 6)] |= np.uint64(1) << np.uint64(unseen_id & 63)
        for k, cards in table.items():
            for c in cards:
                dealt[DEALT_TABLE + k] |= np.uint64(1) << np.uint64(c)
        dealt[DEALT_ZERO] = np.uint64(sum(1 << s for s in range(n) if zero[s]))
        chance = np.zeros(CH_SIZE, dtype=np.int64)
        chance[CH_DEALER] = dealer
        chance[CH_DEAL] = r - 1
        chance[CH_TOTALS:CH_TOTALS + n] = scores
        self.st, self.hands = self.steps.new_state_nb(self.cfg)
        self.steps.start_deal_nb(self.st, self.hands, self.cfg, dealt, chance)
        self.round = {"round": r, "dealer": dealer,
                      "hands": [names_of(h) for h in ids],
                      "unseen": card_name(unseen_id) if unseen_id is not None else None,
                      "table": self.table_text(), "tricks": [], "takes": []}
        self.rounds.append(self.round)
        self.trick = {"leader": None, "seats": [], "cards": []}
        if self.st[O.REDEAL]:
            self.round["redeal"] = int(self.st[O.REDEAL_SEAT])

    def _allocation(self, record, extra, dealer):
        n = self.n
        extra_names(extra, ALLOCATION_EXTRA, "allocation records (extra.phase)")
        for key in ("round", "layouts", "bids", "tricks", "card_points"):
            if key not in extra:
                raise TricksimError(f"an allocation record needs extra.{key}")
        r = round_number(extra)
        n_tricks = 13 - r
        if any(h for h in record["hands"]) if isinstance(record["hands"], list) else True:
            raise TricksimError("hands of an allocation record are empty lists: every card has "
                                "been played")
        table = read_table(extra.get("table"), "extra.table", n_tricks)
        zero = seat_list(extra.get("zero_unused"), "extra.zero_unused", n, True, read_bool)
        scores = seat_list(extra.get("scores"), "extra.scores", n, 0, lambda v, w: record_int(v, w))
        layouts = seat_list(extra["layouts"], "extra.layouts", n, None,
                             lambda v, w: read_card(v, w, parse_card))
        for s, c in enumerate(layouts):
            if not is_numbered(c):
                raise TricksimError(f"extra.layouts[{s}]: a layout card is a numbered colour card, "
                                    f"not {card_name(c)}")
        bids = seat_list(extra["bids"], "extra.bids", n, None,
                          lambda v, w: bid_action(v, w, n_tricks))
        tricks = seat_list(extra["tricks"], "extra.tricks", n, 0, lambda v, w: record_int(v, w))
        points = seat_list(extra["card_points"], "extra.card_points", n, 0,
                            lambda v, w: record_int(v, w))
        if sum(tricks) != n_tricks or min(tricks) < 0:
            raise TricksimError(f"extra.tricks must add up to the {n_tricks} tricks of round {r}, "
                                f"not {sum(tricks)}")
        if min(points) < 0:
            raise TricksimError("extra.card_points are whole numbers >= 0")
        dealt_once([layouts] + [table[k] for k in sorted(table)], card_name)
        for c in layouts + [c for k in table for c in table[k]]:
            if c not in pack(n):
                raise TricksimError(f"card {card_name(c)} is not in the pack for {n} players")
        st, hands = self.steps.new_state_nb(self.cfg)
        st[O.N_PLAYERS], st[O.DEALER], st[O.ROUND], st[O.N_TRICKS] = n, dealer, r, n_tricks
        st[O.START] = (dealer + 1) % n
        st[O.TRUMP] = -1
        st[O.ORPHANS] = self.cfg[CFG_ORPHANS]
        st[O.TRUMP_RULE] = self.cfg[CFG_TRUMP_RULE]
        st[O.ZERO_UNUSED] = sum(1 << s for s in range(n) if zero[s])
        for k, cards in table.items():
            for c in cards:
                st[O.TABLE + k] |= 1 << c
        st[O.TRICK_CARDS:O.TRICK_CARDS + MAX_SEATS] = -1
        for s in range(n):
            action = bids[s]
            if action == 0 and not zero[s]:
                raise TricksimError(f"extra.bids[{s}]: seat {s} has used its zero-trick card "
                                    f"already: it is used once per game")
            counter = action - O.LOCKED_BID if action > O.LOCKED_BID else action
            st[O.LAYOUTS + s] = layouts[s]
            st[O.BIDS + s] = counter
            st[O.LOCKS + s] = int(action > O.LOCKED_BID)
            if counter:
                st[O.TABLE + counter] |= 1 << layouts[s]
                if action > O.LOCKED_BID:
                    st[O.LOCKED] |= 1 << layouts[s]
            st[O.TRICKS + s] = tricks[s]
            st[O.CARD_POINTS + s] = points[s]
            st[O.SCORES + s] = scores[s]
        st[O.TRICK_NO] = n_tricks
        st[O.PHASE] = O.PHASE_TAKE
        start_allocation_at_nb(st)
        self.st = st
        self.hands = hands
        self.round = {"round": r, "dealer": dealer, "hands": [[] for _ in range(n)], "unseen": None,
                      "table": {str(k): names_of(v) for k, v in sorted(table.items()) if v},
                      "tricks": [], "takes": []}
        self.rounds.append(self.round)
        self.trick = {"leader": None, "seats": [], "cards": []}

    # -- the engine's view ------------------------------------------------------------
    def legal_text(self, phase: int, legal: list[int]):
        if phase == O.PHASE_BID:
            return [bid_text(a - O.LOCKED_BID if a > O.LOCKED_BID else a, a > O.LOCKED_BID)
                    for a in legal]
        if phase == O.PHASE_PLAY:
            return [play_text(a) for a in legal]
        return [NAMES[a] for a in legal]

    def held(self, seat: int) -> list[int]:
        return cards_in(self.hands[2 * seat], self.hands[2 * seat + 1])

    def table_text(self) -> dict:
        return {str(k): names_of(cards_in(self.st[O.TABLE + k]))
                for k in range(1, MAX_COUNTER + 1) if self.st[O.TABLE + k]}

    # -- one decision -----------------------------------------------------------------
    def step(self, number: int, decision) -> None:
        dec = decision_fields(number, decision, KINDS, self.n)
        if self.steps.is_over_nb(self.st):
            self._next_round(dec.where)
        seat, phase = self.seat(), self.phase()
        dec.check_turn(seat, O.PHASE_NAMES[phase])
        legal = self.legal()
        entry = {"seat": seat, "kind": dec.kind, "value": dec.value, "round": self.round["round"],
                 "legal": self.legal_text(phase, legal)}
        getattr(self, f"_{dec.kind}")(dec, legal, entry)
        self.decisions.append(entry)
        if self.steps.is_over_nb(self.st):
            self._close_round()

    def _next_round(self, where):
        """A whole game: the next deal from extra.next_deals, on the table left."""
        if self.kind != "game" or self.round["round"] == ROUNDS and "redeal" not in self.round:
            raise TricksimError(f"{where}: the {'game' if self.kind == 'game' else self.kind} is "
                                f"over; nothing more to decide")
        index = len(self.rounds) - 1
        if index >= len(self.next_deals):
            raise TricksimError(f"{where}: round {self.round['round'] + ('redeal' not in self.round)} "
                                f"needs its deal: extra.next_deals has {len(self.next_deals)}")
        deal = self.next_deals[index]
        at = f"extra.next_deals[{index}]."
        if not isinstance(deal, dict) or set(deal) - {"hands", "unseen"} or "hands" not in deal:
            raise TricksimError(f"extra.next_deals[{index}] is an object {{hands, unseen}}")
        st, n = self.st, self.n
        redeal = "redeal" in self.round
        r = self.round["round"] if redeal else self.round["round"] + 1
        dealer = self.round["dealer"] if redeal else (self.round["dealer"] + 1) % n
        table = {k: cards_in(st[O.TABLE + k]) for k in range(1, MAX_COUNTER + 1) if st[O.TABLE + k]}
        zero = [bool(st[O.ZERO_UNUSED] >> s & 1) for s in range(n)]
        scores = [int(st[O.SCORES + s]) for s in range(n)]
        self._start_round(deal["hands"], deal.get("unseen"), dealer, r, table, zero, scores, at)
        if self.steps.is_over_nb(self.st):     # dealt again at once: the next deal
            self._close_round()
            self._next_round(where)

    def _layout(self, dec, legal, entry):
        where, seat = dec.where, dec.seat
        card = dec.card(parse_card)
        if card not in legal:
            if card not in self.held(seat):
                raise TricksimError(f"{where}: seat {seat} does not hold {card_name(card)}")
            raise TricksimError(f"{where}: seat {seat} may not lay out {card_name(card)}: only a "
                                f"numbered colour card (1 … 14) is laid out")
        entry["value"] = card_name(card)
        self.apply(card)

    def _bid(self, dec, legal, entry):
        where, seat = dec.where, dec.seat
        action = bid_action(dec.value, where, int(self.st[O.N_TRICKS]))
        if action not in legal:
            raise TricksimError(f"{where}: seat {seat} has used its zero-trick card already: it is "
                                f"used once per game")
        entry["value"] = bid_text(action - O.LOCKED_BID if action > O.LOCKED_BID else action,
                                  action > O.LOCKED_BID)
        self.apply(action)

    def _play(self, dec, legal, entry):
        where, seat, decision = dec.where, dec.seat, dec.fields
        card = dec.card(parse_card)
        god = decision.get("god")
        if set(decision) - {"seat", "kind", "value", "god"}:
            raise TricksimError(f"{where}: a play takes seat, kind, value and (a God card) god")
        if is_god(card):
            if god not in (0, GOD_HIGH) or isinstance(god, bool):
                raise TricksimError(f"{where}: a God card is played as 0 or 15: give \"god\": 0 "
                                    f"or 15, not {god!r}")
        elif god is not None:
            raise TricksimError(f"{where}: only a God card takes a value (\"god\"), not "
                                f"{card_name(card)}")
        action = GOD_HIGH_ACTION + card // 15 if is_god(card) and god == GOD_HIGH else card
        if action not in legal:
            if card not in self.held(seat):
                raise TricksimError(f"{where}: seat {seat} does not hold {card_name(card)}")
            raise TricksimError(f"{where}: seat {seat} may not play {card_name(card)}; legal: "
                                f"{' '.join(sorted({NAMES[a] for a in legal if a < N_CARDS}))}")
        entry["value"] = card_name(card)
        if is_god(card):
            entry["god"] = god
        if not self.trick["cards"]:
            self.trick["leader"] = seat
        self.trick["seats"].append(seat)
        self.trick["cards"].append(play_text(action))
        no = int(self.st[O.TRICK_NO])
        counted = self._card_points()
        self.apply(action)
        if int(self.st[O.TRICK_NO]) > no:    # the trick is complete
            winner = int(self.st[O.TRICK_LEADER])   # the winner leads next (kept after the last)
            self.round["tricks"].append({"leader": self.trick["leader"], "seats": self.trick["seats"],
                                         "cards": self.trick["cards"], "winner": winner,
                                         "points": self._card_points() - counted})
            self.trick = {"leader": None, "seats": [], "cards": []}

    def _card_points(self) -> int:
        """The card points in every seat's tricks so far, as the engine counts them."""
        return sum(int(self.st[O.CARD_POINTS + s]) for s in range(self.n))

    def _take(self, dec, legal, entry):
        where, seat = dec.where, dec.seat
        card = dec.card(parse_card)
        counter = int(self.st[O.COUNTER])
        if card not in legal:
            raise TricksimError(f"{where}: seat {seat} may not take {card_name(card)} at counter "
                                f"{counter}; allowed: {' '.join(NAMES[a] for a in legal)}")
        entry["value"] = card_name(card)
        entry["counter"] = counter
        self.round["takes"].append({"seat": seat, "counter": counter, "card": card_name(card)})
        self.apply(card)

    # -- the end ----------------------------------------------------------------------
    def _close_round(self):
        """A finished round's facts into its entry of ``rounds``."""
        rnd = self.round
        if "redeal" in rnd:
            return
        rnd.update(self._round_result())

    def _round_result(self) -> dict:
        st, n = self.st, self.n
        trump = int(st[O.TRUMP])
        out = {"trump": COLOURS[trump] if trump >= 0 else None,
               "trump_step": STEP_NAMES[int(st[O.TRUMP_STEP])],
               "layouts": [card_name(int(st[O.LAYOUTS + s])) if st[O.LAYOUTS + s] >= 0 else None
                           for s in range(n)],
               "bids": [bid_text(int(st[O.BIDS + s]), int(st[O.LOCKS + s]))
                        if st[O.BIDS + s] >= 0 else None for s in range(n)],
               "tricks_won": [int(st[O.TRICKS + s]) for s in range(n)],
               "card_points": [int(st[O.CARD_POINTS + s]) for s in range(n)]}
        if self.steps.is_over_nb(st):
            out.update({
                "markers": [int(st[O.MARKERS + s]) or None for s in range(n)],
                "taken": [names_of(cards_in(st[O.TAKEN + s])) for s in range(n)],
                "victory_points": self._victory_points(),
                "scores": [int(st[O.SCORES + s]) for s in range(n)],
                "zero_lost": names_of(cards_in(st[O.ZERO_LOST])),
                "removed": names_of(cards_in(st[O.ORPHANED])),
                "table_left": self.table_text(),
                "zero_unused": [bool(st[O.ZERO_UNUSED] >> s & 1) for s in range(n)]})
        return out

    def _victory_points(self) -> list[int]:
        """The victory points each seat won this round (the step interface's result)."""
        out = np.zeros(MAX_SEATS, dtype=np.int64)
        return [int(v) for v in out[:self.steps.result_nb(self.st, self.cfg, out)]]

    def result(self) -> dict:
        st, n = self.st, self.n
        over = bool(self.steps.is_over_nb(st))
        rnd = self.round
        last = rnd["round"] == ROUNDS and "redeal" not in rnd
        complete = over and "redeal" not in rnd and (self.kind != "game" or last)
        res = dict(rnd) if "redeal" in rnd else {**rnd, **self._round_result()}
        res["complete"] = complete
        out = {"kind": self.kind, "decisions": self.decisions, "rounds": self.rounds}
        if self.kind == "game" and complete:
            scores = [int(st[O.SCORES + s]) for s in range(n)]
            best = max(scores)
            res["winners"] = [s for s in range(n) if scores[s] == best]
        out["result"] = res
        if not over:
            seat, phase = self.seat(), self.phase()
            out["next"] = {"seat": seat, "kind": O.PHASE_NAMES[phase],
                           "legal": self.legal_text(phase, self.legal())}
            if phase == O.PHASE_TAKE:
                out["next"]["counter"] = int(st[O.COUNTER])
            if self.trick["cards"]:
                out["current_trick"] = dict(self.trick)
        return out


def replay(game: str, record: dict) -> dict:
    return step_through(_Replay(record), record)


def play_positions(game: str, record: dict):
    """The record stepped through as :func:`replay` does, and each of its card plays, in
    every round, with the position before it: ``(cfg, [(number, seat, st, hands, action,
    {"round": r}), ...])``, the states copies (what ``sim.search.solve`` analyses); the
    action is the card played, a God card's value with it (:func:`play_name`)."""
    state = _Replay(record)
    decisions = record["decisions"]
    if not isinstance(decisions, list):
        raise TricksimError("decisions must be a list of {seat, kind, value} objects")
    plays = []
    for number, decision in enumerate(decisions, start=1):
        before = None
        if (isinstance(decision, dict) and decision.get("kind") == "play"
                and not state.steps.is_over_nb(state.st) and state.phase() == O.PHASE_PLAY):
            before = (state.seat(), state.st.copy(), state.hands.copy(), state.round["round"])
        state.step(number, decision)
        if before is not None:
            seat, st, hands, r = before
            card = parse_card(decision["value"])
            action = GOD_HIGH_ACTION + card // 15 if is_god(card) and decision["god"] == GOD_HIGH \
                else card
            plays.append((number, seat, st, hands, action, {"round": r}))
    return state.cfg, plays


def play_name(action: int) -> str:
    """A play action's name in ``tricksim solve``: the card, a God card with its value."""
    return play_text(action)
