"""Replay a recorded deal through the step interface, and its transcript.

A record::

    {"game": "toy_trick", "options": {"trump": "spades"}, "players": 2, "dealer": 0,
     "totals": [0, 0], "hands": [["S4", "H1", "D2", "C3"], [...]],
     "decisions": [{"seat": 1, "kind": "play", "value": "H3"}, ...]}
"""
import numpy as np

from sim import registry
from sim.errors import TricksimError
from sim.kit_nb import CH_DEALER, CH_SIZE, CH_TOTALS, CH_TURNED
from sim.replay import (StepView, card_list, dealt_once, decision_fields, record_head, record_int,
                        step_through)
from .cfg import config
from .game import CARD_NAMES, TOY_TRICK_GAME


def _card(text) -> int:
    if text not in CARD_NAMES:
        raise TricksimError(f"{text!r} is not a card; cards are S1 … S4, H1 … C4")
    return CARD_NAMES.index(text)


class _Replay(StepView):
    steps = TOY_TRICK_GAME.steps

    def __init__(self, record: dict):
        head = record_head(registry.info("toy_trick"), record)
        hands = [card_list(h, f"hands[{s}]", _card) for s, h in enumerate(head.hands)]
        if any(len(h) != 4 for h in hands):
            raise TricksimError("each hand holds 4 cards")
        dealt_once(hands, CARD_NAMES.__getitem__)
        self.cfg = config(head.options)
        self.st, self.hands = self.steps.new_state_nb(self.cfg)
        chance = np.zeros(CH_SIZE, dtype=np.int64)
        chance[CH_DEALER], chance[CH_TURNED] = head.dealer, -1
        chance[CH_TOTALS:CH_TOTALS + 2] = [record_int(t, "totals") for t in record.get("totals", [0, 0])]
        dealt = np.array([sum(1 << c for c in hand) for hand in hands], dtype=np.uint64)
        self.steps.start_deal_nb(self.st, self.hands, self.cfg, dealt, chance)
        self.plays = []

    def step(self, number, decision):
        if self.steps.is_over_nb(self.st):
            raise TricksimError(f"decision {number}: the deal is over (all 4 tricks were played)")
        d = decision_fields(number, decision, ("play",), 2)
        d.check_turn(self.seat(), "play")
        card = d.card(_card)
        if card not in self.legal():
            legal = " ".join(CARD_NAMES[c] for c in self.legal())
            raise TricksimError(f"{d.where}: seat {d.seat} may not play {CARD_NAMES[card]}; legal: {legal}")
        self.apply(card)
        self.plays.append((d.seat, CARD_NAMES[card]))

    def result(self):
        if not self.steps.is_over_nb(self.st):
            raise TricksimError("the record ends before the last trick")
        out = np.zeros(2, dtype=np.int64)
        self.steps.result_nb(self.st, self.cfg, out)
        return {"tricks": [int(x) for x in out], "plays": self.plays}


def replay(game: str, record: dict) -> dict:
    return step_through(_Replay(record), record)


def transcript(game: str, record: dict, result: dict) -> str:
    lines = [f"Toy trick: dealer seat {record['dealer']}"]
    for i in range(0, len(result["plays"]), 2):
        (a, ca), (b, cb) = result["plays"][i], result["plays"][i + 1]
        lines.append(f"trick {i // 2 + 1}: seat {a} {ca}, seat {b} {cb}")
    lines.append(f"tricks: seat 0 {result['tricks'][0]}, seat 1 {result['tricks'][1]}")
    return "\n".join(lines)
