"""The game base: what the runner, replay and the CLI know of every game.

A game object describes a game to the code around it, which never branches
on a game's name: its record tables, its config, how long its games last and
how its records are sized, its seating, its step interface, replay and
transcript, and how its decisions read in an error message. It runs
nothing: ``sim/engine.py`` binds the kit's board loop (``sim/board_nb.py``)
to the game's step module and plays chunks of boards.

What a game supplies (see docs/new_game.md for the order to write them in):

``name``, ``family``, ``analysis``
    Registry name, the family whose players it shares
    (``strategies.<family>``), the analysis module (``reduce``/``tables``).
``tables``
    The record dtypes a chunk writes: ``{"deals": …, "games": …}``.
``step_module``
    The module of the game's steps and of the hooks the board loop is bound
    to (``sim/board_nb.py`` lists them); a game whose variants have steps
    of their own says so in :meth:`GameBase.steps_module`.
``search_module``
    The module of the exact solver's hooks (``sim/search/solve_nb.py`` lists
    them), or None when the game has none; a game whose variants have hooks
    of their own says so in :meth:`GameBase.search_module_of`.
``replay_module``
    The module with ``replay(game, record)`` and ``transcript(game, record, result)``
    (and ``play_positions(game, record)`` for ``tricksim solve``); a game whose
    variants replay in modules of their own says so in :meth:`GameBase.replay_of`
    and :meth:`GameBase.record_variant`.
``random_deal(study, rng)``
    (dealt hands, chance) of a random deal, for the step interface.
``config(study)``
    The study packed into an ``int64`` array for the kernels (the kit's
    header first: ``sim.kit_nb.CFG_*``).
``deals_per_game(study)``
    Deals one game lasts: exact for a fixed-length game, the expected
    number (on the short side) for a game played to a target.
``max_deals_per_game(study)``
    The longest a game can last, or None when no bound exists.
``decision_text(phase, action, legal_lo, legal_hi)``
    (kind, action text, legal text) for the illegal-action message.
"""
from __future__ import annotations

import importlib
from types import SimpleNamespace

import numpy as np

from . import board_nb
from .binding import bind, binding_name
from .errors import TricksimError
from .kit_nb import SEATINGS

# Room for this many more deals than expected when sizing a chunk's record arrays
# (games played to a target vary in length; a chunk that runs out of room goes on).
CAPACITY_MARGIN = 1.3


class GameBase:
    """Base of every game's implementation object (one object per registered game)."""

    name: str
    family: str
    analysis: str
    tables: dict[str, np.dtype]
    replay_module: str
    step_module: str
    search_module: str | None = None

    # -- what a game supplies ------------------------------------------------------------
    def config(self, study) -> np.ndarray:
        raise NotImplementedError

    def aux(self, study) -> np.ndarray:
        """A second int64 input array for the kernels (e.g. Wizard's hand sizes)."""
        return np.zeros(1, dtype=np.int64)

    def deals_per_game(self, study) -> int:
        raise NotImplementedError

    def deals_to_allocate(self, study) -> int:
        """Deals per game to size record arrays for (on the long side of the expected)."""
        return self.deals_per_game(study)

    def max_deals_per_game(self, study) -> int | None:
        """The longest a game can last (None: no bound). Fixed-length games: the same."""
        return self.deals_per_game(study)

    def seats(self, study) -> int:
        """Rows a deal writes (one per seat)."""
        return study.players

    def decision_text(self, phase: int, action: int, legal_lo: int, legal_hi: int):
        raise NotImplementedError

    # -- seating -------------------------------------------------------------------------
    def rounds(self, study) -> int:
        """Deals in one game (expected, for a game played to a target)."""
        return self.deals_per_game(study)

    def partners(self, variant: str = "") -> int:
        """Seats that play for one team, partners at every other seat (1: each seat for
        itself). ``tricksim tournament`` seats a team as copies of one entrant."""
        return 1

    def games_per_board(self, study) -> int:
        """Games played on one board: one per rotation of the lineup with duplicate seating."""
        return self.seats(study) if study.seating == "duplicate" else 1

    @staticmethod
    def seating_code(study) -> int:
        return SEATINGS[study.seating]

    # -- study -> kernel inputs ----------------------------------------------------------
    def steps_module(self, variant: str = ""):
        """The module of the game's steps and the hooks the board loop is bound to
        (``sim/board_nb.py``): ``step_module``, one for every variant."""
        return importlib.import_module(self.step_module)

    def steps_of(self, variant: str = ""):
        """The step interface of a variant (``sim/kit_nb.py`` lists it): the kit's
        step functions bound to the game's hooks, with the game's own
        ``new_state_nb``, ``start_deal_nb`` and ``result_nb``."""
        module = self.steps_module(variant)
        unit, family = binding_name(module, self.family)
        bound = bind(unit, family, vars(module), board_nb.STEPS, needs=board_nb.STEP_HOOKS,
                     label=self.name)
        return SimpleNamespace(**vars(bound), new_state_nb=module.new_state_nb,
                               start_deal_nb=module.start_deal_nb, result_nb=module.result_nb)

    def search_module_of(self, variant: str = "") -> str | None:
        """The module of a variant's solver hooks: ``search_module``, one for every variant."""
        return self.search_module

    @property
    def steps(self):
        """The step interface of the game's first variant (see :meth:`steps_of`)."""
        return self.steps_of("")

    def random_deal(self, study, rng: np.random.Generator):
        """(dealt, chance): each seat's hand as dealt and what chance fixed
        (``sim.kit_nb.CH_*``) for one random deal of the study."""
        raise NotImplementedError

    def board_rows(self, study) -> tuple[int, int]:
        """(deal rows, game rows) one board writes at most (its worst case)."""
        games = self.games_per_board(study)
        longest = self.max_deals_per_game(study)
        if longest is None:   # no bound: the kernel checks room deal by deal
            longest = self.deals_per_game(study)
        return games * longest * self.seats(study), games * self.seats(study)

    def capacity(self, study, n_boards: int) -> tuple[int, int]:
        """(deal rows, game rows) to allocate for ``n_boards`` boards: exactly what
        they write when games have a fixed length, else the expected length with a
        margin, and never less than one board's worst case."""
        worst_deals, game_rows = self.board_rows(study)
        games = n_boards * self.games_per_board(study)
        seats = self.seats(study)
        if self.max_deals_per_game(study) == self.deals_per_game(study):
            return games * self.deals_per_game(study) * seats, n_boards * game_rows
        expected = int(games * seats * self.deals_to_allocate(study) * CAPACITY_MARGIN) + 64
        return max(expected, worst_deals), n_boards * game_rows

    def deal_record(self, study, deal: dict) -> dict:
        """The replay record (docs/records.md) of one traced deal (:meth:`trace_board`)."""
        raise TricksimError(f"{self.name} cannot export a deal as a record yet")

    # -- replay ------------------------------------------------------------------------
    def replay_of(self, record: dict):
        """The module that replays ``record``: ``replay_module``, one for every variant."""
        return importlib.import_module(self.replay_module)

    def record_variant(self, record: dict) -> str:
        """The variant whose steps a record's deal is played with (:meth:`steps_of`):
        ``""``, the game's one step module."""
        return ""

    def replay(self, record: dict) -> dict:
        """Replay a record of this game (format in docs/records.md)."""
        return importlib.import_module(self.replay_module).replay(self.name, record)

    def transcript(self, record: dict, result: dict) -> str:
        """A readable account of a replayed record."""
        return importlib.import_module(self.replay_module).transcript(self.name, record, result)
