"""Beim Jupiter as a :class:`sim.game.GameBase` object: study -> kernel inputs, records out.

Seating (3, 4 or 5 seats): ``fixed``, ``rotate`` and ``duplicate`` as every
game (``sim/kit_nb.py``). A game is 8 rounds (a deal in the kit's
vocabulary is one round); redeals are counted, not played, so a game's rows
are known in advance.
"""
from __future__ import annotations

import numpy as np

from ...bits_nb import cards_of
from ...game import GameBase
from ...kit_nb import CH_DEAL, CH_DEALER, CH_SIZE, CH_TOTALS
from . import obs as O
from .cards import COLOURS, N_CARDS, NAMES, cards_in, is_numbered, pack
from .cfg import config
from .info import ROUNDS
from .notation import bid_text, play_text
from .records import DEALS, GAMES
from .round_nb import DEALT_SIZE, DEALT_TABLE, DEALT_UNSEEN, DEALT_ZERO, MAX_COUNTER
from .rules_nb import GOD_HIGH_ACTION
from .transcript import transcript as transcript_text


class JupiterGame(GameBase):
    name = "jupiter"
    family = "jupiter"
    tables = {"deals": DEALS, "games": GAMES}
    analysis = "analysis.jupiter"
    replay_module = "sim.games.jupiter.replay"
    step_module = "sim.games.jupiter.step_nb"
    search_module = "sim.games.jupiter.search_nb"
    hand_words = 2                        # ``dealt``: two words a seat, then the table (round_nb)

    def deals_per_game(self, study) -> int:
        return ROUNDS

    def config(self, study) -> np.ndarray:
        return config(self.name, study.players, study.option_dict, study.seating)

    def transcript(self, record: dict, result: dict) -> str:
        """A readable account of a replayed record (``transcript.py``)."""
        return transcript_text(self.name, record, result)

    def random_deal(self, study, rng: np.random.Generator):
        """A random round from a random table: round r, the cards laid out in earlier
        rounds out of the pack, some of them beside the counters 1 … 13 - r."""
        n = study.players
        r = int(rng.integers(1, ROUNDS + 1))
        cards = pack(n)
        numbered = [c for c in cards if is_numbered(c)]
        gone = set(rng.choice(numbered, size=n * (r - 1), replace=False).tolist())
        while True:
            left = np.array([c for c in cards if c not in gone])
            order = rng.permutation(left)
            size = 14 - r
            dealt = np.zeros(DEALT_SIZE, dtype=np.uint64)
            for i, c in enumerate(order):
                slot = 2 * (i // size) if i < n * size else DEALT_UNSEEN
                dealt[slot + (c >> 6)] |= np.uint64(1) << np.uint64(c & 63)
            if all(any(is_numbered(c) for c in order[s * size:(s + 1) * size]) for s in range(n)):
                break
        for c in gone:
            if rng.random() < 0.5:
                k = int(rng.integers(1, 14 - r))
                dealt[DEALT_TABLE + k] |= np.uint64(1) << np.uint64(c)
        dealt[DEALT_ZERO] = np.uint64(rng.integers(0, 1 << n))
        chance = np.zeros(CH_SIZE, dtype=np.int64)
        chance[CH_DEALER] = rng.integers(n)
        chance[CH_DEAL] = r - 1
        chance[CH_TOTALS:CH_TOTALS + n] = rng.integers(0, 30, size=n)
        return dealt, chance

    def deal_record(self, study, deal: dict) -> dict:
        """One traced round as a round record from its table (docs/records.md)."""
        n = study.players
        words = [int(w) & (2**64 - 1) for w in deal["hands"]]
        decisions = []
        for seat, kind, action in deal["decisions"]:
            if kind == O.PHASE_BID:
                counter = action - O.LOCKED_BID if action > O.LOCKED_BID else action
                decisions.append({"seat": seat, "kind": "bid",
                                  "value": bid_text(counter, action > O.LOCKED_BID)})
            elif kind == O.PHASE_PLAY:
                if action >= GOD_HIGH_ACTION:
                    decisions.append({"seat": seat, "kind": "play",
                                      "value": COLOURS[action - GOD_HIGH_ACTION] + "X", "god": 15})
                elif NAMES[action].endswith("X"):
                    decisions.append({"seat": seat, "kind": "play", "value": NAMES[action],
                                      "god": 0})
                else:
                    decisions.append({"seat": seat, "kind": "play", "value": NAMES[action]})
            else:
                decisions.append({"seat": seat, "kind": O.PHASE_NAMES[kind],
                                  "value": NAMES[action]})
        unseen = cards_in(words[DEALT_UNSEEN], words[DEALT_UNSEEN + 1])
        extra = {"round": deal["deal"] + 1,
                 "table": {str(k): [NAMES[c] for c in cards_in(words[DEALT_TABLE + k])]
                           for k in range(1, MAX_COUNTER + 1) if words[DEALT_TABLE + k]},
                 "zero_unused": [bool(words[DEALT_ZERO] >> s & 1) for s in range(n)],
                 "scores": deal["totals"][:n]}
        if unseen:
            extra["unseen"] = NAMES[unseen[0]]
        return {"game": self.name, "options": dict(study.option_dict), "players": n,
                "dealer": deal["dealer"],
                "hands": [[NAMES[c] for c in cards_in(words[2 * s], words[2 * s + 1])]
                          for s in range(n)],
                "extra": extra, "decisions": decisions}

    def decision_text(self, phase, action, legal_lo, legal_hi):
        kind = O.PHASE_NAMES[phase] if 0 <= phase < len(O.PHASE_NAMES) else str(phase)
        actions = cards_of((legal_lo, legal_hi))   # the legal actions' set

        def text(a):
            if kind == "bid":
                if not 0 <= a <= O.LOCKED_BID + MAX_COUNTER:
                    return str(a)
                counter = a - O.LOCKED_BID if a > O.LOCKED_BID else a
                b = bid_text(counter, a > O.LOCKED_BID)
                return "zero" if b == "zero" else f"{counter}{' locked' if b['locked'] else ''}"
            if kind == "play" and 0 <= a < GOD_HIGH_ACTION + 4:
                return play_text(a)
            return NAMES[a] if 0 <= a < N_CARDS else str(a)
        return kind, text(action), ", ".join(text(a) for a in actions)


JUPITER_GAME = JupiterGame()
