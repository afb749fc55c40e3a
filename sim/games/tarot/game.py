"""French Tarot as a :class:`sim.game.GameBase` object: study -> kernel inputs, records out.

Seating (3, 4 or 5 seats): ``fixed``, ``rotate`` and ``duplicate`` as every
game (``sim/kit_nb.py``). A game is ``deals`` played deals (default: one
dealt by each seat); redeals are counted, not played, so a game's rows are
known in advance.
"""
from __future__ import annotations

import numpy as np

from ...bits_nb import cards_of
from ...game import GameBase
from ...kit_nb import CH_DEALER, CH_SIZE
from . import obs as O
from .cards import NAMES, card_name, cards_in
from .cfg import config
from .info import deals_per_game
from .records import DEALS, GAMES
from .replay import BIDS, HANDFUL_NAMES
from .rules_nb import DOG_CARDS, HAND_CARDS, HANDFUL_TRUMPS


class TarotGame(GameBase):
    name = "tarot"
    family = "tarot"
    tables = {"deals": DEALS, "games": GAMES}
    analysis = "analysis.tarot"
    replay_module = "sim.games.tarot.replay"
    step_module = "sim.games.tarot.step_nb"
    search_module = "sim.games.tarot.search_nb"
    hand_words = 2                        # ``dealt``: two words a seat, then the dog

    def deals_per_game(self, study) -> int:
        return deals_per_game(study.players, study.option_dict["deals"])

    def config(self, study) -> np.ndarray:
        return config(study.players, study.option_dict, study.seating)

    def random_deal(self, study, rng: np.random.Generator):
        n = study.players
        order = rng.permutation(78)
        size = int(HAND_CARDS[n - 3])
        dealt = np.zeros(2 * n + 2, dtype=np.uint64)
        for i, c in enumerate(order):
            owner = min(i // size, n)
            dealt[2 * owner + (c >> 6)] |= np.uint64(1) << np.uint64(c & 63)
        chance = np.zeros(CH_SIZE, dtype=np.int64)
        chance[CH_DEALER] = rng.integers(n)
        return dealt, chance

    def deal_record(self, study, deal: dict) -> dict:
        n = study.players
        hands = deal["hands"]
        words = [np.uint64(w) for w in hands]
        decisions = []
        pending_discard: list[str] = []
        size = int(DOG_CARDS[n - 3])
        for seat, kind, action in deal["decisions"]:
            if kind == O.PHASE_DISCARD:
                pending_discard.append(card_name(action))
                if len(pending_discard) == size:
                    decisions.append({"seat": seat, "kind": "discard", "value": pending_discard})
                    pending_discard = []
            elif kind == O.PHASE_BID:
                decisions.append({"seat": seat, "kind": "bid", "value": BIDS[action]})
            elif kind == O.PHASE_CALL:
                decisions.append({"seat": seat, "kind": "call", "value": card_name(action)})
            elif kind == O.PHASE_SLAM:
                if action:
                    decisions.append({"seat": seat, "kind": "slam", "value": True})
            elif kind == O.PHASE_HANDFUL:
                if action:
                    decisions.append({"seat": seat, "kind": "handful",
                                      "value": _shown(words[2 * seat], words[2 * seat + 1],
                                                      hands, deal, seat, n, action)})
            else:
                decisions.append({"seat": seat, "kind": "play", "value": card_name(action)})
        return {"game": self.name, "options": dict(study.option_dict), "players": n,
                "dealer": deal["dealer"],
                "hands": [[NAMES[c] for c in cards_in(words[2 * s], words[2 * s + 1])]
                          for s in range(n)],
                "extra": {"dog": [NAMES[c] for c in cards_in(words[2 * n], words[2 * n + 1])]},
                "decisions": decisions}

    def decision_text(self, phase, action, legal_lo, legal_hi):
        kind = O.PHASE_NAMES[phase] if 0 <= phase < len(O.PHASE_NAMES) else str(phase)
        actions = cards_of((legal_lo, legal_hi))   # the legal actions' set
        if kind in ("call", "discard", "play"):
            words = [NAMES[a] for a in actions]
            text = NAMES[action] if 0 <= action < 78 else str(action)
        elif kind == "bid":
            words = [BIDS[a] for a in actions]
            text = BIDS[action] if 0 <= action < len(BIDS) else str(action)
        elif kind == "handful":
            words = [HANDFUL_NAMES[a] for a in actions]
            text = HANDFUL_NAMES[action] if 0 <= action < 4 else str(action)
        else:
            words = [str(bool(a)).lower() for a in actions]
            text = str(action)
        return kind, text, " ".join(words)


def _shown(lo, hi, hands, deal, seat, n, level) -> list[str]:
    """The trumps a handful of ``level`` shows: the lowest ones held when the seat plays its
    first card (dealt, plus the dog for a taker who took it, less his discard), the
    Excuse only when one trump short."""
    held = set(cards_in(lo, hi))
    # the taker's hand changed with the dog and the discard
    bids = [a for s, k, a in deal["decisions"] if k == O.PHASE_BID]
    taker = None
    for s, k, a in deal["decisions"]:
        if k == O.PHASE_BID and a == max(bids) and a > 0 and taker is None:
            taker = s
    if seat == taker and max(bids) <= 2:
        held |= set(cards_in(hands[2 * n], hands[2 * n + 1]))
        held -= {a for s, k, a in deal["decisions"] if k == O.PHASE_DISCARD}
    count = int(HANDFUL_TRUMPS[n - 3][level - 1])
    trumps = sorted(c for c in held if 56 <= c < 77)
    shown = trumps[:count]
    if len(shown) < count:
        shown.append(77)
    return [NAMES[c] for c in shown]


TAROT_GAME = TarotGame()
