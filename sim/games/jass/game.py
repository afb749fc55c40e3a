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
stops before a board that might not fit; ``run_chunk`` then continues into
fresh arrays from the board where it stopped. A board's cards come from its
own stream (``sim.rng_nb.board_stream_nb``), so stopping and continuing
changes nothing.
"""
from __future__ import annotations

import numpy as np

from ...errors import TricksimError
from ...rng_nb import chunk_states
from strategies.registry import lineup_arrays
from strategies import jass_nb
from . import kernels_nb as K
from . import obs as O
from .cards import TRUMP_WORDS, card_name
from .records import DEALS, GAMES
from .rules import DEFAULT_TARGET, MULTIPLIERS, TIE_DEALS_UNLIMITED

_SEATING = {"fixed": K.SEATING_FIXED, "rotate": K.SEATING_ROTATE, "duplicate": K.SEATING_DUPLICATE}
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
        return K.DIFFERENZLER_DEALS
    return _schieber_deals(target, multipliers, _FASTEST_PACE)


def longest_expected_deals(variant: str, target: int, multipliers: str = "default") -> int:
    """Deals a game lasts on average, on the long side (for sizing record arrays)."""
    if variant == "differenzler":
        return K.DIFFERENZLER_DEALS
    return _schieber_deals(target, multipliers, _SLOWEST_PACE) + 1


class JassGame:
    """The ``jass`` game: variants ``schieber`` and ``differenzler``."""

    name = "jass"
    family = "jass"
    tables = {"deals": DEALS, "games": GAMES}
    analysis = "analysis.jass"

    # -- study -> kernel inputs -------------------------------------------
    @staticmethod
    def variant(study) -> str:
        return study.variant or "schieber"

    def target(self, study) -> int:
        return int(study.option_dict.get("target", DEFAULT_TARGET))

    def multipliers(self, study) -> str:
        return study.option_dict.get("multipliers", "default")

    def rounds(self, study) -> int:
        return expected_deals(self.variant(study), self.target(study), self.multipliers(study))

    def games_per_board(self, study) -> int:
        return 4 if study.seating == "duplicate" else 1

    def config(self, study) -> np.ndarray:
        opts = study.option_dict
        schieber = self.variant(study) == "schieber"
        cfg = np.zeros(K.CFG_SIZE, dtype=np.int64)
        cfg[K.CFG_VARIANT] = K.VARIANT_SCHIEBER if schieber else K.VARIANT_DIFFERENZLER
        cfg[K.CFG_SEATING] = _SEATING[study.seating]
        cfg[K.CFG_TARGET] = self.target(study)
        cfg[K.CFG_OPEN] = 1 if opts.get("predictions", "hidden") == "open" else 0
        cfg[K.CFG_MULTS:K.CFG_MULTS + 6] = MULTIPLIERS[self.multipliers(study)]
        tie_deals = opts.get("tie_deals", TIE_DEALS_UNLIMITED)
        cfg[K.CFG_TIE_DEALS] = -1 if tie_deals == TIE_DEALS_UNLIMITED else int(tie_deals)
        return cfg

    def players(self, study):
        """(kinds, params, fns, resolved players) for the lineup (``lineup_arrays``)."""
        return lineup_arrays(self.family, study.lineup, jass_nb.random_decide)

    def _capacity(self, study, n_boards: int) -> tuple[int, int]:
        """(deal rows, game rows) to allocate for ``n_boards`` boards: the expected
        length with a margin, and at least one board's worst case."""
        cfg = self.config(study)
        games = n_boards * self.games_per_board(study)
        worst = self.games_per_board(study) * int(K.max_deals_nb(
            cfg[K.CFG_VARIANT], cfg[K.CFG_TARGET], cfg[K.CFG_TIE_DEALS])) * 4
        longest = longest_expected_deals(self.variant(study), self.target(study),
                                         self.multipliers(study))
        expected = int(games * 4 * longest * 1.3) + 64
        return max(expected, worst), games * 4

    # -- running -------------------------------------------------------------
    def warmup(self) -> None:
        from ...study import Study
        for variant in ("schieber", "differenzler"):
            study = Study.create(self.name, lineup=["random", "heuristic"] * 2, boards=1,
                                 variant=variant)
            self.run_chunk(study, 0, 0, 1, chunk_states(0, 0))
            self.run_chunks(study, [(0, 0, 1, chunk_states(0, 0)), (1, 1, 1, chunk_states(0, 1))])

    def _finish(self, study, cfg, kinds, params, fns, resolved, deal_base, dec_rng,
                first_board, n_boards, parts) -> None:
        """Play boards ``first_board …`` into fresh arrays until all are done; append to ``parts``."""
        room = 1   # grows when a board did not fit at all (a long Differenzler tie)
        while n_boards > 0:
            n_deal_rows, n_game_rows = self._capacity(study, n_boards)
            n_deal_rows *= room
            deals = np.empty(n_deal_rows, dtype=DEALS)
            game_rows = np.empty(n_game_rows, dtype=GAMES)
            status = np.zeros(K.ST_SIZE, dtype=np.int64)
            done = np.zeros(3, dtype=np.int64)
            K.simulate_chunk_nb(cfg, kinds, params, fns, deal_base, dec_rng, first_board, n_boards,
                                deals, game_rows, status, done)
            if status[K.ST_CODE] != 0:
                raise self.illegal_action_error(status, resolved)
            parts.append((deals[:done[1]], game_rows[:done[2]]))
            first_board += int(done[0])
            n_boards -= int(done[0])
            room = 1 if done[0] else 2 * room

    @staticmethod
    def _joined(parts) -> dict[str, np.ndarray]:
        if len(parts) == 1:   # the usual case: no copy, the filled front of the arrays
            return {"deals": parts[0][0], "games": parts[0][1]}
        return {"deals": np.concatenate([p[0] for p in parts]),
                "games": np.concatenate([p[1] for p in parts])}

    def run_chunk(self, study, chunk_index, first_board, n_boards, states):
        kinds, params, fns, resolved = self.players(study)
        deal_base = np.ascontiguousarray(states[0]).copy()
        dec_rng = np.ascontiguousarray(states[1]).copy()
        parts: list = []
        self._finish(study, self.config(study), kinds, params, fns, resolved, deal_base, dec_rng,
                     first_board, n_boards, parts)
        return self._joined(parts)

    def run_chunks(self, study, tasks):
        """Several chunks in numba threads; same records as ``run_chunk`` one by one.

        ``tasks``: ``(chunk_index, first_board, n_boards, states)`` tuples.
        A lineup with a user's player runs the chunks one after another.
        """
        kinds, params, fns, resolved = self.players(study)
        if fns is not None or len(tasks) == 1:
            return [self.run_chunk(study, *task) for task in tasks]
        cfg = self.config(study)
        rows = np.array([self._capacity(study, t[2]) for t in tasks], dtype=np.int64)
        deal_offsets = np.concatenate([[0], np.cumsum(rows[:, 0])])
        game_offsets = np.concatenate([[0], np.cumsum(rows[:, 1])])
        deals = np.empty(deal_offsets[-1], dtype=DEALS)
        game_rows = np.empty(game_offsets[-1], dtype=GAMES)
        states = np.array([t[3] for t in tasks], dtype=np.uint64)
        deal_bases = np.ascontiguousarray(states[:, 0])
        dec_states = np.ascontiguousarray(states[:, 1])
        statuses = np.zeros((len(tasks), K.ST_SIZE), dtype=np.int64)
        dones = np.zeros((len(tasks), 3), dtype=np.int64)
        first_boards = np.array([t[1] for t in tasks], dtype=np.int64)
        n_boards = np.array([t[2] for t in tasks], dtype=np.int64)
        K.simulate_chunks_nb(cfg, kinds, params, deal_bases, dec_states, first_boards, n_boards,
                             deal_offsets, game_offsets, deals, game_rows, statuses, dones)
        for status in statuses:
            if status[K.ST_CODE] != 0:
                raise self.illegal_action_error(status, resolved)
        out = []
        for i in range(len(tasks)):
            done = dones[i]
            parts = [(deals[deal_offsets[i]:deal_offsets[i] + done[1]],
                      game_rows[game_offsets[i]:game_offsets[i] + done[2]])]
            # a chunk that ran out of room goes on from its own saved decision stream
            self._finish(study, cfg, kinds, params, fns, resolved, deal_bases[i], dec_states[i],
                         int(first_boards[i] + done[0]), int(n_boards[i] - done[0]), parts)
            out.append(self._joined(parts))
        return out

    # -- errors, replay ------------------------------------------------------------
    def illegal_action_error(self, status, resolved) -> TricksimError:
        phase = int(status[K.ST_PHASE])
        kind = PHASE_KINDS.get(phase, str(phase))
        legal = int(status[K.ST_LEGAL])
        action = int(status[K.ST_ACTION])
        bits = [a for a in range(64) if legal >> a & 1]
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
        player = resolved[int(status[K.ST_SLOT])]
        return TricksimError(
            f"player {player.label or player.name} (seat {int(status[K.ST_SEAT])}) made an illegal "
            f"{kind} {action_text} in game {int(status[K.ST_GAME])}, deal {int(status[K.ST_DEAL])}; "
            f"legal: {legal_text}"
        )

    def replay(self, record: dict) -> dict:
        from .replay import replay
        return replay(record)

    def transcript(self, record: dict, result: dict) -> str:
        from .replay import transcript
        return transcript(record, result)


JASS_GAME = JassGame()
