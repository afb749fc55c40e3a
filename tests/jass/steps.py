"""A Jass deal driven through the game's step interface (``sim/kit_nb.py``), for the
tests that play or inspect a deal decision by decision."""
import numpy as np

from sim import registry
from sim.games.jass import obs as O
from sim.games.jass.cfg import config
from sim.kit_nb import CH_DEALER, CH_SIZE, CH_TOTALS, CH_TURNED

JASS = registry.game("jass")
STEPS = JASS.steps_of("schieber")        # one step module serves both variants
VARIANTS = ("schieber", "differenzler")


def jass_config(variant: str, target: int = 10_000, predictions: str = "hidden",
                multipliers: str = "default") -> np.ndarray:
    """The config of a rule setting (target 10,000: no claim is ever asked)."""
    return config(variant, 4, {"target": target, "predictions": predictions,
                               "multipliers": multipliers})


def start(cfg, hands, dealer: int, turned: int = -1, totals=()):
    """A deal's state ``(st, hands)``: ``hands`` one word per seat as dealt, ``turned``
    the Differenzler trump card, ``totals`` the totals before the deal (per team or seat)."""
    chance = np.zeros(CH_SIZE, dtype=np.int64)
    chance[CH_DEALER] = dealer
    chance[CH_TURNED] = turned
    chance[CH_TOTALS:CH_TOTALS + len(totals)] = totals
    st, state_hands = STEPS.new_state_nb(cfg)
    STEPS.start_deal_nb(st, state_hands, cfg, np.asarray(hands, dtype=np.uint64), chance)
    return st, state_hands


def apply(st, hands, cfg, action: int) -> int:
    """The seat to act takes ``action``; returns the seat that took the trick when a card
    completed one, else -1."""
    card = STEPS.decision_nb(st) == O.PHASE_PLAY
    STEPS.apply_nb(st, hands, cfg, action)
    return int(st[O.TRICK_LEADER]) if card and st[O.TRICK_N] == 0 else -1


def legal(st, hands, cfg) -> list[int]:
    """The legal actions of the decision waiting."""
    out = np.zeros(O.MAX_PREDICTION + 1, dtype=np.int64)
    return [int(a) for a in out[:STEPS.legal_actions_nb(st, hands, cfg, out)]]


def legal_mask(st, hands, cfg) -> int:
    """The legal cards as a bitmask."""
    return sum(1 << c for c in legal(st, hands, cfg))


def observed(st, hands, cfg, seat: int | None = None) -> np.ndarray:
    """The observation ``seat`` (the seat to act unless given) would get if it decided now,
    taken from a copy: the state is left as it is."""
    work = st.copy()
    if seat is not None:
        work[O.SEAT] = seat
    obs = np.zeros(O.SIZE, dtype=np.int64)
    STEPS.observation_nb(work, hands, cfg, 0, obs)
    return obs
