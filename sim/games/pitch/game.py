"""Pitch as a :class:`sim.game.GameBase` object: study -> kernel inputs, records out.

Both games are played by 4 seats with the kit's seatings (``fixed``,
``rotate``, ``duplicate``) and to a target (Auction 7, Ten-point 52), so a
game's length varies; each game stops at its rules' ``MAX_DEALS``. Each
variant has its own step module (``<variant>_step_nb``), bound to the kit's
board loop.
"""
from __future__ import annotations

import importlib
from typing import NamedTuple

import numpy as np

from ...bits_nb import cards_of
from ...errors import TricksimError, choices
from ...game import GameBase
from ...kit_nb import CH_DEALER, CH_SIZE, CH_TOTALS
from . import auction_rules_nb, ten_point_rules_nb
from . import obs as O
from .cards import N_CARDS, N_SUIT_CARDS, NAMES, SUITS
from .cfg import config
from .records import DEALS, GAMES

HAND_CARDS = {"auction": 6, "ten_point": 9}
VARIANTS = ("auction", "ten_point")


def module_of(variant: str, role: str) -> str:
    """The module of a variant's role (``step_nb``, ``replay``, ``record``): each
    variant has its own, named after it (``auction_step_nb``)."""
    return f"{__package__}.{variant}_{role}"


class Length(NamedTuple):
    """How long a variant's games last, in deals: ``expected`` plans runs (the short
    side), ``allocate`` sizes the record arrays (the long side), each for lineups
    with a built-in heuristic and for four random players apart; ``longest`` is the
    rules' cap (``MAX_DEALS``)."""

    expected: int
    allocate: int
    random_expected: int
    random_allocate: int
    longest: int


LENGTHS = {
    # Measured on 2,000 games: a lineup with a heuristic player plays 5.4 to 7.8 deals on
    # average; four random players ~44, heavy-tailed (their bids are often set, their
    # scores sink, 15 % of games reach MAX_DEALS; 250 games averaged 35).
    "auction": Length(5, 10, 30, 48, auction_rules_nb.MAX_DEALS),
    # Heuristic lineups: 11 to 13 deals on average. Four random players: their bids are
    # nearly always set, both scores sink and ~93 % of games reach MAX_DEALS (374 deals
    # a game on average).
    "ten_point": Length(10, 18, 340, 400, ten_point_rules_nb.MAX_DEALS),
}


class PitchGame(GameBase):
    name = "pitch"
    family = "pitch"
    tables = {"deals": DEALS, "games": GAMES}
    analysis = "analysis.pitch"
    # the first variant's; each variant has its own (``steps_module``, ``replay_of``,
    # ``search_module_of``)
    replay_module = module_of("auction", "replay")
    step_module = module_of("auction", "step_nb")
    search_module = module_of("auction", "search_nb")

    def partners(self, variant: str = "") -> int:
        # Ten-point: seats 0+2 against 1+3
        return 2 if variant == "ten_point" else 1

    def steps_module(self, variant: str = ""):
        """Each variant's own step module (the first variant's for ``""``)."""
        return importlib.import_module(module_of(variant or VARIANTS[0], "step_nb"))

    def search_module_of(self, variant: str = "") -> str:
        """Each variant's own solver hooks (``<variant>_search_nb``)."""
        return module_of(variant or VARIANTS[0], "search_nb")

    @staticmethod
    def _random_only(study) -> bool:
        """Four random players play far longer games (their bids are often set)."""
        return all(spec == "random" for spec in study.lineup)

    def deals_per_game(self, study) -> int:
        length = LENGTHS[study.variant]
        return length.random_expected if self._random_only(study) else length.expected

    def deals_to_allocate(self, study) -> int:
        length = LENGTHS[study.variant]
        return length.random_allocate if self._random_only(study) else length.allocate

    def max_deals_per_game(self, study) -> int | None:
        return LENGTHS[study.variant].longest

    def config(self, study) -> np.ndarray:
        return config(study.option_dict, study.seating)

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
        return importlib.import_module(module_of(study.variant, "record")).deal_record(study, deal)

    # -- replay: the record's variant chooses its replay module ---------------------------
    def record_variant(self, record: dict) -> str:
        """The record's variant, checked (none given: Auction Pitch)."""
        if not isinstance(record, dict):
            raise TricksimError(f"a record is a JSON object, not {type(record).__name__}")
        variant = record.get("variant", VARIANTS[0])
        if variant not in VARIANTS:
            raise TricksimError(f"unknown Pitch variant {variant!r}; choose from "
                                f"{choices(VARIANTS)}")
        return variant

    def replay_of(self, record: dict):
        """The replay module of the record's variant."""
        return importlib.import_module(module_of(self.record_variant(record), "replay"))

    def replay(self, record: dict) -> dict:
        return self.replay_of(record).replay(self.name, record)

    def transcript(self, record: dict, result: dict) -> str:
        return self.replay_of(record).transcript(self.name, record, result)

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
