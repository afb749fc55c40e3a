"""The game object: the study packed for the kernels, a random deal, decisions as text."""
import numpy as np

from sim.bits_nb import cards_of
from sim.game import GameBase
from sim.kit_nb import CH_DEALER, CH_SIZE, CH_TURNED
from .cfg import config
from .records import DEALS, GAMES

SUITS = "SHDC"
CARD_NAMES = [f"{s}{r}" for s in SUITS for r in range(1, 5)]   # card id = suit * 4 + rank - 1


class ToyTrickGame(GameBase):
    name = family = "toy_trick"
    tables = {"deals": DEALS, "games": GAMES}
    analysis = "analysis.balance_only"   # the scoring balance is all this game reports
    replay_module = "toy_trick.replay"
    step_module = "toy_trick.step_nb"

    def config(self, study) -> np.ndarray:
        return config(study.option_dict, study.seating)

    def deals_per_game(self, study) -> int:
        return int(study.option_dict["deals"])

    def random_deal(self, study, rng: np.random.Generator):
        order = rng.permutation(16)
        dealt = np.array([sum(1 << int(c) for c in order[4 * s:4 * s + 4]) for s in range(2)],
                         dtype=np.uint64)
        chance = np.zeros(CH_SIZE, dtype=np.int64)
        chance[CH_DEALER], chance[CH_TURNED] = rng.integers(2), -1
        return dealt, chance

    def decision_text(self, phase, action, legal_lo, legal_hi):
        legal = " ".join(CARD_NAMES[c] for c in cards_of(legal_lo))
        return "play", CARD_NAMES[action] if 0 <= action < 16 else str(action), legal


TOY_TRICK_GAME = ToyTrickGame()
