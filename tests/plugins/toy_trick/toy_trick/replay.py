"""Replay a recorded deal through the step interface, and its transcript.

A record::

    {"game": "toy_trick", "options": {"trump": "spades"}, "dealer": 0,
     "totals": [0, 0], "hands": [["S4", "H1", "D2", "C3"], [...]],
     "decisions": [{"seat": 1, "kind": "play", "value": "H3"}, ...]}
"""
import numpy as np

from sim import registry
from sim.errors import TricksimError
from sim.kit_nb import CH_DEALER, CH_SIZE, CH_TOTALS, CH_TURNED
from sim.replay import dealt_once, record_int, record_options, step_through
from .game import SUITS, TOY_TRICK_GAME, card_id, card_name


def _card(text, where: str) -> int:
    names = [f"{s}{r}" for s in SUITS for r in range(1, 5)]
    if text not in names:
        raise TricksimError(f"{where}: {text!r} is not a card; cards are S1 … S4, H1 … C4")
    return card_id(text)


class _Replay:
    def __init__(self, record: dict):
        options = record_options(registry.info("toy_trick"), record)
        for key in ("dealer", "hands", "decisions"):
            if key not in record:
                raise TricksimError(f"the record has no {key!r} field")
        hands = record["hands"]
        if not isinstance(hands, list) or len(hands) != 2 or any(len(h) != 4 for h in hands):
            raise TricksimError("hands must be two lists of 4 cards")
        ids = [[_card(c, f"hands[{s}]") for c in hand] for s, hand in enumerate(hands)]
        dealt_once(ids, card_name)
        dealer = record_int(record["dealer"], "dealer")
        if dealer not in (0, 1):
            raise TricksimError(f"dealer must be 0 or 1, not {dealer}")
        totals = record.get("totals", [0, 0])
        self.cfg = np.array([0, 2, 0 if options["trump"] == "spades" else -1, options["deals"]],
                            dtype=np.int64)
        S = self.steps = TOY_TRICK_GAME.steps
        self.st, self.hands = S.new_state_nb(self.cfg)
        chance = np.zeros(CH_SIZE, dtype=np.int64)
        chance[CH_DEALER] = dealer
        chance[CH_TURNED] = -1
        chance[CH_TOTALS:CH_TOTALS + 2] = [record_int(t, "totals") for t in totals]
        dealt = np.array([sum(1 << c for c in hand) for hand in ids], dtype=np.uint64)
        S.start_deal_nb(self.st, self.hands, self.cfg, dealt, chance)
        self.plays = []

    def step(self, number, decision):
        where = f"decision {number}"
        if self.steps.is_over_nb(self.st):
            raise TricksimError(f"{where}: the deal is over (all 4 tricks were played)")
        seat = int(self.steps.to_act_nb(self.st))
        if decision.get("seat") != seat or decision.get("kind") != "play":
            raise TricksimError(f"{where}: seat {seat} is to play a card, not {decision!r}")
        card = _card(decision.get("value"), where)
        if not self.steps.is_legal_action_nb(self.st, self.hands, self.cfg, card):
            out = np.zeros(16, dtype=np.int64)
            legal = [card_name(int(c)) for c in out[:self.steps.legal_actions_nb(self.st, self.hands, self.cfg, out)]]
            raise TricksimError(f"{where}: seat {seat} may not play {card_name(card)}; "
                                f"legal: {' '.join(legal)}")
        self.steps.apply_nb(self.st, self.hands, self.cfg, card)
        self.plays.append((seat, card_name(card)))

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
