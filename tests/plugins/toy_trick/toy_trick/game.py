"""The game object: the study packed for the kernels, and decisions as text."""
import numpy as np

from sim.bits_nb import cards_of
from sim.game import GameBase
from .records import DEALS, GAMES
from .step_nb import CFG_DEALS, CFG_PLAYERS, CFG_SEATING, CFG_SIZE, CFG_TRUMP

SUITS = "SHDC"


def card_name(card: int) -> str:
    return f"{SUITS[card // 4]}{card % 4 + 1}"


def card_id(name: str) -> int:
    return SUITS.index(name[0]) * 4 + int(name[1:]) - 1


class ToyTrickGame(GameBase):
    name = "toy_trick"
    family = "toy_trick"
    tables = {"deals": DEALS, "games": GAMES}
    analysis = "analysis.balance_only"   # the scoring balance is all this game reports
    replay_module = "toy_trick.replay"
    step_module = "toy_trick.step_nb"

    def config(self, study) -> np.ndarray:
        cfg = np.zeros(CFG_SIZE, dtype=np.int64)
        cfg[CFG_SEATING] = self.seating_code(study)
        cfg[CFG_PLAYERS] = 2
        cfg[CFG_TRUMP] = 0 if study.option_dict["trump"] == "spades" else -1
        cfg[CFG_DEALS] = study.option_dict["deals"]
        return cfg

    def deals_per_game(self, study) -> int:
        return int(study.option_dict["deals"])

    def random_deal(self, study, rng: np.random.Generator):
        from sim.kit_nb import CH_DEALER, CH_SIZE, CH_TURNED
        order = rng.permutation(16)
        dealt = np.array([sum(1 << int(c) for c in order[4 * s:4 * s + 4]) for s in range(2)],
                         dtype=np.uint64)
        chance = np.zeros(CH_SIZE, dtype=np.int64)
        chance[CH_DEALER] = rng.integers(2)
        chance[CH_TURNED] = -1
        return dealt, chance

    def decision_text(self, phase, action, legal_lo, legal_hi):
        legal = " ".join(card_name(c) for c in cards_of(legal_lo))
        return "play", card_name(action) if 0 <= action < 16 else str(action), legal


TOY_TRICK_GAME = ToyTrickGame()
