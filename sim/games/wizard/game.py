"""Wizard and Oh Hell as :class:`sim.game.Game` objects: study -> kernel inputs."""
from __future__ import annotations

import numpy as np

from ...errors import TricksimError, choices
from ...rng_nb import chunk_states
from strategies.registry import lineup_arrays
from strategies import wizard_nb
from . import kernels_nb as K
from .cards import OH_HELL_DECK, WIZARD_DECK, card_name
from .records import DEALS, GAMES
from .rules import RESTRICTIONS, SCHEDULES
from .rules_nb import SCORING_CLASSIC, SCORING_PENALTY, SCORING_WIZARD

_SCORING = {"wizard": SCORING_WIZARD, "classic": SCORING_CLASSIC, "penalty": SCORING_PENALTY}
_SEATING = {"fixed": K.SEATING_FIXED, "rotate": K.SEATING_ROTATE, "duplicate": K.SEATING_DUPLICATE}
_PHASES = {0: "bid", 1: "trump", 2: "play"}


def schedule(game: str, n_players: int, rounds) -> np.ndarray:
    """Hand sizes of the rounds of one game."""
    if game == "wizard":
        return np.arange(1, WIZARD_DECK // n_players + 1, dtype=np.int64)
    top = OH_HELL_DECK // n_players
    if isinstance(rounds, int):
        if not 1 <= rounds <= top:
            raise TricksimError(f"oh_hell: rounds={rounds} is more cards than {n_players} players "
                                f"can be dealt; rounds takes {', '.join(SCHEDULES)} or a number from 1 to {top}")
        return np.array([rounds], dtype=np.int64)
    up = list(range(1, top + 1))
    return np.array({"up": up, "down": up[::-1], "up_down": up + up[-2::-1],
                     "down_up": up[::-1] + up[1:]}[rounds], dtype=np.int64)


class WizardFamilyGame:
    """One implementation object per game of the family (``wizard``, ``oh_hell``)."""

    family = "wizard"
    tables = {"deals": DEALS, "games": GAMES}
    analysis = "analysis.wizard"

    def __init__(self, name: str):
        self.name = name
        self.deck = WIZARD_DECK if name == "wizard" else OH_HELL_DECK

    # -- study -> kernel inputs -------------------------------------------
    def schedule(self, study) -> np.ndarray:
        return schedule(self.name, study.players, study.option_dict.get("rounds"))

    def rounds(self, study) -> int:
        return len(self.schedule(study))

    def games_per_board(self, study) -> int:
        return study.players if study.seating == "duplicate" else 1

    def config(self, study) -> np.ndarray:
        opts = study.option_dict
        cfg = np.zeros(K.CFG_SIZE, dtype=np.int64)
        cfg[K.CFG_GAME] = 0 if self.name == "wizard" else 1
        cfg[K.CFG_PLAYERS] = study.players
        cfg[K.CFG_DECK] = self.deck
        cfg[K.CFG_SCORING] = _SCORING[opts.get("scoring", "wizard")]
        cfg[K.CFG_RESTRICT] = RESTRICTIONS.index(opts["dealer_restriction"])
        cfg[K.CFG_SEATING] = _SEATING[study.seating]
        return cfg

    def players(self, study):
        """(kinds, params, fns, resolved players) for the lineup (``lineup_arrays``)."""
        return lineup_arrays(self.family, study.lineup, wizard_nb.random_decide)

    # -- running -------------------------------------------------------------
    def warmup(self) -> None:
        from ...study import Study
        study = Study.create(self.name, players=3, lineup=["random", "heuristic", "random"], boards=1)
        self.run_chunk(study, 0, 0, 1, chunk_states(0, 0))
        self.run_chunks(study, [(0, 0, 1, chunk_states(0, 0)), (1, 1, 1, chunk_states(0, 1))])

    def _rows(self, study, n_boards) -> tuple[int, int]:
        """(deal rows, game rows) that ``n_boards`` boards write."""
        games = n_boards * self.games_per_board(study)
        return games * self.rounds(study) * study.players, games * study.players

    def run_chunk(self, study, chunk_index, first_board, n_boards, states):
        n_deal_rows, n_game_rows = self._rows(study, n_boards)
        deals = np.empty(n_deal_rows, dtype=DEALS)
        game_rows = np.empty(n_game_rows, dtype=GAMES)
        status = np.zeros(K.ST_SIZE, dtype=np.int64)
        kinds, params, fns, resolved = self.players(study)
        deal_rng = np.ascontiguousarray(states[0]).copy()
        dec_rng = np.ascontiguousarray(states[1]).copy()
        K.simulate_chunk_nb(self.config(study), self.schedule(study), kinds, params, fns,
                            deal_rng, dec_rng, first_board, n_boards, deals, game_rows, status)
        if status[K.ST_CODE] != 0:
            raise self.illegal_action_error(status, resolved)
        return {"deals": deals, "games": game_rows}

    def run_chunks(self, study, tasks):
        """Several chunks in numba threads; same records as ``run_chunk`` one by one.

        ``tasks``: ``(chunk_index, first_board, n_boards, states)`` tuples.
        A lineup with a user's player runs the chunks one after another.
        """
        kinds, params, fns, resolved = self.players(study)
        if fns is not None or len(tasks) == 1:
            return [self.run_chunk(study, *task) for task in tasks]
        rows = np.array([self._rows(study, t[2]) for t in tasks], dtype=np.int64)
        deal_offsets = np.concatenate([[0], np.cumsum(rows[:, 0])])
        game_offsets = np.concatenate([[0], np.cumsum(rows[:, 1])])
        deals = np.empty(deal_offsets[-1], dtype=DEALS)
        game_rows = np.empty(game_offsets[-1], dtype=GAMES)
        states = np.array([t[3] for t in tasks], dtype=np.uint64)
        statuses = np.zeros((len(tasks), K.ST_SIZE), dtype=np.int64)
        K.simulate_chunks_nb(self.config(study), self.schedule(study), kinds, params,
                             np.ascontiguousarray(states[:, 0]), np.ascontiguousarray(states[:, 1]),
                             np.array([t[1] for t in tasks], dtype=np.int64),
                             np.array([t[2] for t in tasks], dtype=np.int64),
                             deal_offsets, game_offsets, deals, game_rows, statuses)
        for status in statuses:
            if status[K.ST_CODE] != 0:
                raise self.illegal_action_error(status, resolved)
        return [{"deals": deals[deal_offsets[i]:deal_offsets[i + 1]],
                 "games": game_rows[game_offsets[i]:game_offsets[i + 1]]}
                for i in range(len(tasks))]

    def transcript(self, record: dict, result: dict) -> str:
        from .replay import transcript
        return transcript(self.name, record, result)

    def illegal_action_error(self, status, resolved) -> TricksimError:
        from sim.bits_nb import cards_of
        phase = _PHASES[int(status[K.ST_PHASE])]
        legal = cards_of(int(status[K.ST_LEGAL]))
        action = int(status[K.ST_ACTION])
        if phase == "play":
            legal_text = " ".join(card_name(c) for c in legal)
            action_text = card_name(action) if 0 <= action < self.deck else str(action)
        elif phase == "trump":
            legal_text, action_text = "S H D C", ("SHDC"[action] if 0 <= action < 4 else str(action))
        else:
            legal_text, action_text = " ".join(map(str, legal)), str(action)
        player = resolved[int(status[K.ST_SLOT])]
        return TricksimError(
            f"player {player.label or player.name} (seat {int(status[K.ST_SEAT])}) made an illegal "
            f"{phase} {action_text} in game {int(status[K.ST_GAME])}, round {int(status[K.ST_ROUND])}; "
            f"legal: {legal_text}"
        )

    def replay(self, record: dict) -> dict:
        from .replay import replay
        return replay(self.name, record)


WIZARD_GAME = WizardFamilyGame("wizard")
OH_HELL_GAME = WizardFamilyGame("oh_hell")
