"""Jass as a :class:`sim.game.Game` object: study -> kernel inputs, records out.

Seating (four seats; Schieber teams are seats 0+2 and 1+3): ``fixed`` —
lineup slot s at seat s; ``rotate`` — game g: seat s played by slot
(s + g) % 4; ``duplicate`` — each board played four times, rotation r: seat
s played by slot (s + r) % 4. Every rotation keeps slots 0+2 and 1+3
partners; in Schieber the odd rotations give each pair the other team's
cards, the even ones each player his partner's: every board is played by
both pairs from both sides of the table. In Differenzler every player plays
every seat of the board.

A game's length varies (Schieber plays to a target, a Differenzler tie adds
deals), so the kernel writes into arrays sized for an expected game and
stops before a board that might not fit; the game base (``sim/game.py``)
then continues into fresh arrays from the board where it stopped. A board's cards come from its
own stream (``sim.rng_nb.board_stream_nb``), so stopping and continuing
changes nothing.
"""
from __future__ import annotations

import numpy as np

from ...bits_nb import cards_of
from ...game import GameBase
from . import obs as O
from .cards import TRUMP_WORDS, card_name
from .cfg import config
from .info import DEFAULT_TARGET, MULTIPLIERS, TIE_DEALS_UNLIMITED
from .records import DEALS, GAMES
from .state_nb import DIFFERENZLER_DEALS, max_deals_nb

PHASE_KINDS = {O.PHASE_TRUMP: "trump", O.PHASE_TRUMP_PUSHED: "trump", O.PHASE_WEIS: "weis",
               O.PHASE_PREDICT: "predict", O.PHASE_PLAY: "play", O.PHASE_CLAIM: "claim"}
# How long a Schieber game lasts. The pace of the team that wins — its counted points per
# deal over the mean multiplier of the table — is about 90 to 150 for the built-in lineups
# (random players ~93, the heuristic against random ~145): a game lasts about
# target / (pace × mean multiplier) deals.
_FASTEST_PACE = 180   # faster than any built-in lineup: `deals=N` studies get at least N deals
_SLOWEST_PACE = 85    # slower than any: room enough for the deals of a chunk's games


def _schieber_deals(target: int, multipliers: str, pace: int) -> int:
    mean = sum(MULTIPLIERS[multipliers]) / len(MULTIPLIERS[multipliers])
    return max(1, int(target / (pace * mean)))


def expected_deals(variant: str, target: int, multipliers: str = "default") -> int:
    """Deals a game lasts on average, rounded down and on the short side, so that a study
    of ``deals=N`` gets at least N deals (Differenzler: the 4 deals, ties aside)."""
    if variant == "differenzler":
        return DIFFERENZLER_DEALS
    return _schieber_deals(target, multipliers, _FASTEST_PACE)


def longest_expected_deals(variant: str, target: int, multipliers: str = "default") -> int:
    """Deals a game lasts on average, on the long side (for sizing record arrays)."""
    if variant == "differenzler":
        return DIFFERENZLER_DEALS
    return _schieber_deals(target, multipliers, _SLOWEST_PACE) + 1


class JassGame(GameBase):
    """The ``jass`` game: variants ``schieber`` and ``differenzler``."""

    name = "jass"
    family = "jass"
    tables = {"deals": DEALS, "games": GAMES}
    analysis = "analysis.jass"
    replay_module = "sim.games.jass.replay"
    step_module = "sim.games.jass.step_nb"
    search_module = "sim.games.jass.search_nb"

    def partners(self, variant: str = "") -> int:
        # Schieber: seats 0+2 against 1+3
        return 2 if variant == "schieber" else 1

    # -- study -> kernel inputs -------------------------------------------
    @staticmethod
    def variant(study) -> str:
        return study.variant or "schieber"

    def target(self, study) -> int:
        return int(study.option_dict.get("target", DEFAULT_TARGET))

    def multipliers(self, study) -> str:
        return study.option_dict.get("multipliers", "default")

    def deals_per_game(self, study) -> int:
        return expected_deals(self.variant(study), self.target(study), self.multipliers(study))

    def deals_to_allocate(self, study) -> int:
        return longest_expected_deals(self.variant(study), self.target(study),
                                      self.multipliers(study))

    def tie_deals(self, study) -> int:
        """The most tie-break deals of a Differenzler game, -1 no limit."""
        tie_deals = study.option_dict.get("tie_deals", TIE_DEALS_UNLIMITED)
        return -1 if tie_deals == TIE_DEALS_UNLIMITED else int(tie_deals)

    def max_deals_per_game(self, study) -> int | None:
        """Schieber: bounded by the target; Differenzler: 4 + the tie-break limit, or
        None without a limit (a tie plays on until it is broken)."""
        variant = self.variant(study)
        if variant != "schieber" and self.tie_deals(study) < 0:
            return None
        code = O.VARIANT_SCHIEBER if variant == "schieber" else O.VARIANT_DIFFERENZLER
        return int(max_deals_nb(code, self.target(study), self.tie_deals(study)))

    def config(self, study) -> np.ndarray:
        return config(self.variant(study), study.players, study.option_dict, study.seating)

    def random_deal(self, study, rng):
        from ...kit_nb import CH_DEALER, CH_SIZE, CH_TURNED
        order = rng.permutation(36)
        dealt = np.array([sum(1 << int(c) for c in order[9 * s:9 * s + 9]) for s in range(4)],
                         dtype=np.uint64)
        chance = np.zeros(CH_SIZE, dtype=np.int64)
        dealer = int(rng.integers(4))
        chance[CH_DEALER] = dealer
        # Differenzler turns up the dealer's last card; Schieber turns none
        chance[CH_TURNED] = order[9 * dealer + 8] if self.variant(study) == "differenzler" else -1
        return dealt, chance

    def deal_record(self, study, deal: dict) -> dict:
        from .cards import card_name as name
        words = {"trump": lambda a: TRUMP_WORDS[a], "weis": bool, "claim": bool,
                 "predict": int, "play": name}
        decisions = []
        for seat, kind, action in deal["decisions"]:
            word = PHASE_KINDS[kind]
            decisions.append({"seat": seat, "kind": word, "value": words[word](action)})
        variant = self.variant(study)
        extra = {"scores": deal["totals"]}
        if variant == "differenzler":
            extra["trump_card"] = name(deal["turned"])
        return {"game": self.name, "variant": variant, "options": dict(study.option_dict),
                "players": 4, "dealer": deal["dealer"],
                "hands": [[name(c) for c in cards_of(deal["hands"][s])] for s in range(4)],
                "extra": extra, "decisions": decisions}

    def transcript(self, record: dict, result: dict) -> str:
        """A readable account of a replayed record (``transcript.py``)."""
        from .transcript import transcript
        return transcript(self.name, record, result)

    # -- errors ------------------------------------------------------------------------
    def decision_text(self, phase, action, legal, legal_hi):
        kind = PHASE_KINDS.get(phase, str(phase))
        bits = cards_of(legal)   # the legal actions' set (predict: the highest prediction)
        if kind == "play":
            legal_text = " ".join(card_name(c) for c in bits)
            action_text = card_name(action) if 0 <= action < 36 else str(action)
        elif kind == "trump":
            legal_text = " ".join(TRUMP_WORDS[a] for a in bits)
            action_text = TRUMP_WORDS[action] if 0 <= action < len(TRUMP_WORDS) else str(action)
        elif kind == "predict":
            legal_text, action_text = f"0 to {legal}", str(action)
        else:
            names = ("false", "true")
            legal_text = " ".join(names[a] for a in bits)
            action_text = names[action] if action in (0, 1) else str(action)
        return kind, action_text, legal_text


JASS_GAME = JassGame()
