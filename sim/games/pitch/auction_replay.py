"""Replay an Auction Pitch record (docs/records.md) through the step interface,
and its transcript.

A record is one deal: ``hands`` as dealt (6 cards a seat, from the 52-card
pack), ``extra.scores`` and ``extra.setbacks`` the game before the deal
(default all 0), and the decisions ``bid`` (0 = pass, or 2 … 4) and
``play`` (a card). The result has each point and who won it, the pitcher's
make or set, the deal's score changes, the game scores after it and, when
the deal ends the game, the winner and the settlement.
"""
from functools import partial

import numpy as np

from ... import registry
from ...errors import TricksimError, choices, counted
from ...kit_nb import CH_DEALER, CH_SIZE, CH_TOTALS
from ...replay import (StepView, card_list, card_plays, current_trick_lines, dealt_once,
                       decision_fields, record_head, record_int, sorted_names, step_through,
                       trick_line)
from . import auction_rules_nb as A
from . import obs as O
from .auction_rules_nb import count_nb
from .cards import N_SUIT_CARDS, NAMES, SUITS, card_name, cards_in, parse_card
from .cfg import config
from .info import PITCH_INFO

_sorted_names = partial(sorted_names, names=NAMES)
_card = partial(parse_card, deck_size=N_SUIT_CARDS)    # Auction Pitch's 52 cards: no jokers


KINDS = ("bid", "play")
POINT_NAMES = ("high", "low", "jack", "game")
EXTRA = ("scores", "setbacks")


def _seat_list(extra: dict, key: str) -> list[int]:
    value = extra.get(key, [0, 0, 0, 0])
    if not isinstance(value, list) or len(value) != A.N:
        raise TricksimError(f"extra.{key} must be a list of 4 whole numbers (one per seat), "
                            f"not {value!r}")
    return [record_int(v, f"extra.{key}[{s}]", 10_000) for s, v in enumerate(value)]




class _Replay(StepView):
    def __init__(self, record: dict):
        head = record_head(PITCH_INFO, record, "auction", extra_fields=EXTRA)
        options, dealer, extra = head.options, head.dealer, head.extra
        scores, setbacks = _seat_list(extra, "scores"), _seat_list(extra, "setbacks")
        ids = []
        for s, hand in enumerate(head.hands):
            ids.append(card_list(hand, f"hands[{s}]", _card))
            if len(ids[s]) != A.HAND_SIZE:
                raise TricksimError(f"hands[{s}] has {counted(len(ids[s]), 'card')}; Auction Pitch "
                                    f"deals 6 to each player")
        dealt_once(ids, card_name)
        self.options = options
        self.cfg = config(options)
        self.steps = S = registry.game(PITCH_INFO.name).steps_of("auction")
        self.st, self.hands = S.new_state_nb(self.cfg)
        dealt = np.zeros(O.DEALT_SIZE, dtype=np.uint64)
        for s, hand in enumerate(ids):
            for c in hand:
                dealt[s] |= np.uint64(1) << np.uint64(c)
        chance = np.zeros(CH_SIZE, dtype=np.int64)
        chance[CH_DEALER] = dealer
        chance[CH_TOTALS:CH_TOTALS + 4] = scores
        chance[CH_TOTALS + 4:CH_TOTALS + 8] = setbacks
        S.start_deal_nb(self.st, self.hands, self.cfg, dealt, chance)
        self.setbacks = setbacks
        self.decisions: list[dict] = []
        self.tricks: list[dict] = []
        self.trick = {"leader": None, "seats": [], "cards": []}

    def legal_text(self, phase: int, legal: list[int]):
        return list(legal) if phase == O.PHASE_BID else [NAMES[a] for a in legal]

    # -- one decision -----------------------------------------------------------------
    def step(self, number: int, decision) -> None:
        dec = decision_fields(number, decision, KINDS, A.N)
        if self.steps.is_over_nb(self.st):
            raise TricksimError(f"{dec.where}: the deal is over; nothing more to decide")
        seat, phase = self.seat(), self.phase()
        dec.check_turn(seat, O.PHASE_NAMES[phase])
        legal = self.legal()
        entry = {"seat": seat, "kind": dec.kind, "value": dec.value,
                 "legal": self.legal_text(phase, legal)}
        if dec.kind == "bid":
            self._bid(dec, legal, entry)
        else:
            self._play(dec, legal, entry)
        self.decisions.append(entry)

    def _bid(self, dec, legal, entry):
        where, seat = dec.where, dec.seat
        bid = record_int(dec.value, f"{where}: the bid")
        if bid not in legal:
            high = int(self.st[O.HIGH_BID])
            if 0 not in legal and bid == 0:
                why = "the dealer may not pass when every other player passed"
            elif bid != 0 and not A.LOWEST_BID <= bid <= A.SMUDGE:
                why = "a bid is 0 (pass) or 2, 3 or 4 (smudge)"
            else:
                why = f"a bid must be higher than the last ({high})"
            raise TricksimError(f"{where}: seat {seat} may not bid {bid}: {why}; legal "
                                f"{choices(legal)}")
        self.apply(bid)

    def _play(self, dec, legal, entry):
        where, seat = dec.where, dec.seat
        card = dec.card(_card)
        if card not in legal:
            held = cards_in(self.hands[seat])
            if card not in held:
                raise TricksimError(f"{where}: seat {seat} does not hold {card_name(card)}")
            lead, trump = int(self.st[O.LEAD]), int(self.st[O.TRUMP])
            rule = ("trumps were led: a player who holds a trump must play one" if lead == trump
                    else f"{SUITS[lead]} was led: follow suit or trump")
            raise TricksimError(f"{where}: seat {seat} may not play {card_name(card)}: {rule}; "
                                f"legal: {' '.join(NAMES[a] for a in legal)}")
        entry["value"] = card_name(card)
        if not self.trick["cards"]:
            self.trick["leader"] = seat
        self.trick["seats"].append(seat)
        self.trick["cards"].append(card_name(card))
        no = int(self.st[O.TRICK_NO])
        self.apply(card)
        if int(self.st[O.TRICK_NO]) > no:
            self.tricks.append({**self.trick, "winner": int(self.st[O.TRICK_LEADER])})
            self.trick = {"leader": None, "seats": [], "cards": []}

    # -- the end ----------------------------------------------------------------------
    def result(self) -> dict:
        st = self.st
        out = {"decisions": self.decisions, "tricks": self.tricks}
        bidder = int(st[O.BIDDER])
        res = {"complete": bool(self.steps.is_over_nb(st)), "redeal": bool(st[O.REDEAL]),
               "bidder": bidder if bidder >= 0 else None,
               "bid": int(st[O.HIGH_BID]) if bidder >= 0 else None,
               "trump": SUITS[int(st[O.TRUMP])] if st[O.TRUMP] >= 0 else None}
        if not res["complete"]:
            out["result"] = res
            seat, phase = self.seat(), self.phase()
            out["next"] = {"seat": seat, "kind": O.PHASE_NAMES[phase],
                           "legal": self.legal_text(phase, self.legal())}
            if self.trick["cards"]:
                out["current_trick"] = dict(self.trick)
            return out
        before = [int(st[O.SCORES + s]) for s in range(A.N)]
        if res["redeal"]:
            res.update({"score": [0] * A.N, "scores": before, "setbacks": list(self.setbacks),
                        "winner": None})
            out["result"] = res
            return out
        change = np.zeros(A.N, dtype=np.int64)
        self.steps.result_nb(st, self.cfg, change)
        trump = int(st[O.TRUMP])
        in_play = 0
        for s in range(A.N):
            in_play |= int(st[O.DEALT + s])
        trumps = [c for c in cards_in(in_play) if c // 13 == trump]
        seats = {name: int(st[O.HIGH_SEAT + i]) for i, name in enumerate(POINT_NAMES)}
        winner, smudge = A.winner_nb(st)
        scores = [before[s] + int(change[s]) for s in range(A.N)]
        setbacks = list(self.setbacks)
        made = bool(st[O.MADE])
        if not made:
            setbacks[bidder] += 1
        res.update({
            "points": {name: (seat if seat >= 0 else None) for name, seat in seats.items()},
            "high_card": NAMES[trumps[-1]], "low_card": NAMES[trumps[0]],
            "jack_in_play": seats["jack"] >= 0,
            "counts": [int(count_nb(np.uint64(st[O.TAKEN + s]))) for s in range(A.N)],
            "points_won": [int(st[O.POINTS + s]) for s in range(A.N)],
            "made": made,
            "score": [int(x) for x in change],
            "scores": scores,
            "setbacks": setbacks,
            "winner": int(winner) if winner >= 0 else None,
            "smudge": bool(smudge),
        })
        if winner >= 0:
            settle = self.options["settle_setbacks"] == "yes"
            pays = [0 if s == winner else (1 if scores[s] >= 1 else 2) + (setbacks[s] if settle else 0)
                    for s in range(A.N)]
            res["settlement"] = [sum(pays) if s == winner else -pays[s] for s in range(A.N)]
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


def transcript(game: str, record: dict, result: dict) -> str:
    lines = [f"Auction Pitch, dealer seat {record['dealer']}"]
    for s, hand in enumerate(record["hands"]):
        lines.append(f"  seat {s}: {' '.join(_sorted_names(parse_card(c) for c in hand))}")
    for d in result["decisions"]:
        if d["kind"] == "bid":
            lines.append(f"seat {d['seat']} bids {d['value'] or 'pass'} (legal: "
                         f"{', '.join(str(b) if b else 'pass' for b in d['legal'])})")
    r = result["result"]
    if r["trump"]:
        lines.append(f"seat {r['bidder']} pitches for {r['bid']}: trump {r['trump']}")
    for i, trick in enumerate(result["tricks"], start=1):
        lines.append(trick_line(i, trick, f"seat {trick['winner']} takes it"))
    lines += current_trick_lines(result)
    if r["redeal"]:
        lines.append("every player passed: the same dealer deals again")
    elif r["complete"]:
        p = r["points"]
        who = {name: ("nobody" if seat is None else f"seat {seat}") for name, seat in p.items()}
        lines.append(f"High ({r['high_card']}) {who['high']}, Low ({r['low_card']}) {who['low']}, "
                     f"Jack {who['jack'] if r['jack_in_play'] else 'not in play'}, Game "
                     f"{who['game'] if p['game'] is not None else 'tied'} (counts "
                     f"{', '.join(map(str, r['counts']))})")
        lines.append(f"seat {r['bidder']} {'made' if r['made'] else 'is set back by'} {r['bid']}; "
                     f"scores: " + ", ".join(f"seat {s} {v:+d} = {t}" for s, (v, t) in
                                            enumerate(zip(r["score"], r["scores"]))))
        if r["winner"] is not None:
            how = "with a smudge" if r["smudge"] else "reaching 7"
            lines.append(f"seat {r['winner']} wins the game {how}; settlement "
                         + ", ".join(f"seat {s} {v:+d}" for s, v in enumerate(r["settlement"])))
    else:
        nxt = result["next"]
        lines.append(f"(incomplete) seat {nxt['seat']} to {nxt['kind']}")
    return "\n".join(lines)
