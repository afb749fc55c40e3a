"""Wizard and Oh Hell on the game base: the study packed for the kernels, and
how their decisions read in an error message."""
from __future__ import annotations

import numpy as np

from ...bits_nb import cards_of
from ...game import GameBase
from .cfg import config
from .cards import OH_HELL_DECK, WIZARD_DECK, card_name
from .records import DEALS, GAMES
from .info import schedule
_PHASES = {0: "bid", 1: "trump", 2: "play"}   # obs.PHASE_*


class WizardFamilyGame(GameBase):
    """One implementation object per game of the family (``wizard``, ``oh_hell``)."""

    family = "wizard"
    tables = {"deals": DEALS, "games": GAMES}
    analysis = "analysis.wizard"
    replay_module = "sim.games.wizard.replay"
    step_module = "sim.games.wizard.step_nb"
    search_module = "sim.games.wizard.search_nb"

    def __init__(self, name: str):
        self.name = name
        self.deck = WIZARD_DECK if name == "wizard" else OH_HELL_DECK

    # -- study -> kernel inputs -------------------------------------------------------
    def schedule(self, study) -> np.ndarray:
        return schedule(self.name, study.players, study.option_dict.get("rounds"))

    def aux(self, study) -> np.ndarray:
        return self.schedule(study)

    def deals_per_game(self, study) -> int:
        return len(self.schedule(study))

    def config(self, study) -> np.ndarray:
        return config(self.name, study.players, study.option_dict, study.seating)

    def random_deal(self, study, rng):
        from ...kit_nb import CH_DEAL, CH_DEALER, CH_DEALS, CH_SIZE, CH_TURNED
        from .obs import MAX_PLAYERS
        hand_sizes = self.schedule(study)
        deal = int(rng.integers(len(hand_sizes)))
        h, n = int(hand_sizes[deal]), study.players
        order = rng.permutation(self.deck)
        dealt = np.zeros(MAX_PLAYERS, dtype=np.uint64)
        for s in range(n):
            dealt[s] = np.uint64(sum(1 << int(c) for c in order[s * h:(s + 1) * h]))
        chance = np.zeros(CH_SIZE, dtype=np.int64)
        chance[CH_DEALER] = rng.integers(n)
        chance[CH_DEAL] = deal
        chance[CH_TURNED] = order[n * h] if n * h < self.deck else -1
        chance[CH_DEALS] = len(hand_sizes)
        return dealt, chance

    def deal_record(self, study, deal: dict) -> dict:
        n = study.players
        suits = "SHDC"
        decisions = []
        for seat, kind, action in deal["decisions"]:
            name = _PHASES[kind]
            value = (card_name(action) if name == "play" else suits[action] if name == "trump"
                     else action)
            decisions.append({"seat": seat, "kind": name, "value": value})
        turned = deal["turned"]
        return {"game": self.name, "options": dict(study.option_dict), "players": n,
                "dealer": deal["dealer"],
                "hands": [[card_name(c) for c in cards_of(deal["hands"][s])] for s in range(n)],
                "extra": {"trump_card": card_name(turned) if turned >= 0 else None,
                          "scores": deal["totals"][:n]},
                "decisions": decisions}

    # -- errors ------------------------------------------------------------------------
    def decision_text(self, phase, action, legal_lo, legal_hi):
        kind = _PHASES[phase]
        legal = cards_of(legal_lo)
        if kind == "play":
            legal_text = " ".join(card_name(c) for c in legal)
            action_text = card_name(action) if 0 <= action < self.deck else str(action)
        elif kind == "trump":
            legal_text, action_text = "S H D C", ("SHDC"[action] if 0 <= action < 4 else str(action))
        else:
            legal_text, action_text = " ".join(map(str, legal)), str(action)
        return kind, action_text, legal_text


WIZARD_GAME = WizardFamilyGame("wizard")
OH_HELL_GAME = WizardFamilyGame("oh_hell")
