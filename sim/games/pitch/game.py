"""Pitch as a :class:`sim.game.GameBase` object: study -> kernel inputs, records out.

Both games are played by 4 seats with the kit's seatings (``fixed``,
``rotate``, ``duplicate``) and to a target (Auction 7, Ten-point 52), so a
game's length varies; each game's board loop caps it at ``MAX_DEALS``.
"""
from __future__ import annotations

import numpy as np

from ...bits_nb import cards_of
from ...game import GameBase
from ...kit_nb import CH_DEALER, CH_SIZE, CH_TOTALS
from . import auction_kernels_nb as AK
from . import obs as O
from . import ten_point_kernels_nb as TK
from .cards import N_CARDS, N_SUIT_CARDS, NAMES, SUITS, cards_in
from .records import DEALS, GAMES
from .replay import config as replay_config
from .cfg import CFG_SEATING

HAND_CARDS = {"auction": 6, "ten_point": 9}


class PitchGame(GameBase):
    name = "pitch"
    family = "pitch"
    tables = {"deals": DEALS, "games": GAMES}
    analysis = "analysis.pitch"
    kernels_module = "sim.games.pitch.kernels_nb"
    replay_module = "sim.games.pitch.replay"
    step_module = "sim.games.pitch.step_nb"

    @property
    def random_decide(self):
        from strategies import pitch_nb
        return pitch_nb.random_decide

    @staticmethod
    def _kernels(study):
        return TK if study.variant == "ten_point" else AK

    @staticmethod
    def _random_only(study) -> bool:
        """Four random players play far longer games (their bids are often set)."""
        return all(spec == "random" for spec in study.lineup)

    def deals_per_game(self, study) -> int:
        kernels = self._kernels(study)
        if self._random_only(study):
            return getattr(kernels, "RANDOM_EXPECTED_DEALS", kernels.EXPECTED_DEALS)
        return kernels.EXPECTED_DEALS

    def deals_to_allocate(self, study) -> int:
        kernels = self._kernels(study)
        if self._random_only(study):
            return getattr(kernels, "RANDOM_ALLOCATE_DEALS", kernels.ALLOCATE_DEALS)
        return kernels.ALLOCATE_DEALS

    def max_deals_per_game(self, study) -> int | None:
        return self._kernels(study).MAX_DEALS

    def config(self, study) -> np.ndarray:
        cfg = replay_config(study.variant, study.option_dict)
        cfg[CFG_SEATING] = self.seating_code(study)
        return cfg

    def random_deal(self, study, rng: np.random.Generator):
        """A random deal: each seat's hand (from the first hand on), the stock and,
        for Ten-point Pitch, a random refill order; a random dealer and scores."""
        ten_point = study.variant == "ten_point"
        deck = N_CARDS if ten_point else N_SUIT_CARDS
        size = HAND_CARDS[study.variant]
        order = rng.permutation(deck)
        dealt = np.zeros(O.DEALT_SIZE, dtype=np.uint64)
        for i, c in enumerate(order):
            slot = i // size if i < 4 * size else O.DEALT_STOCK
            dealt[slot] |= np.uint64(1) << np.uint64(c)
        dealt[O.DEALT_REFILL:] = rng.permutation(N_CARDS).astype(np.uint64)
        chance = np.zeros(CH_SIZE, dtype=np.int64)
        chance[CH_DEALER] = rng.integers(4)
        if ten_point:
            team = rng.integers(0, 52, size=2)
            chance[CH_TOTALS:CH_TOTALS + 4] = [team[0], team[1], team[0], team[1]]
        else:
            chance[CH_TOTALS:CH_TOTALS + 4] = rng.integers(-8, 7, size=4)
        return dealt, chance

    def deal_record(self, study, deal: dict) -> dict:
        """The replay record (docs/records.md) of a deal traced by ``trace_board``."""
        if study.variant == "ten_point":
            from .ten_point_record import deal_record
            return deal_record(study, deal)
        decisions = [{"seat": seat, "kind": O.PHASE_NAMES[kind],
                      "value": action if kind == O.PHASE_BID else NAMES[action]}
                     for seat, kind, action in deal["decisions"]]
        totals = deal["totals"]          # the scores, then the set-backs, before the deal
        return {"game": self.name, "variant": "auction", "options": dict(study.option_dict),
                "players": 4, "dealer": deal["dealer"],
                "hands": [[NAMES[c] for c in cards_in(w)] for w in deal["hands"][:4]],
                "extra": {"scores": totals[:4], "setbacks": totals[4:8]},
                "decisions": decisions}

    def decision_text(self, phase, action, legal_lo, legal_hi):
        kind = O.PHASE_NAMES[phase] if 0 <= phase < len(O.PHASE_NAMES) else str(phase)
        actions = cards_of(legal_lo)   # the legal actions' set

        def text(a):
            if kind == "bid":
                return "pass" if a == 0 else str(a)
            if kind == "trump":
                return SUITS[a] if 0 <= a < 4 else str(a)
            return NAMES[a] if 0 <= a < N_CARDS else str(a)
        return kind, text(action), ", ".join(text(a) for a in actions)


PITCH_GAME = PitchGame()
