"""The exact solver from Python: a game's solver bound and its work arrays, made once.

``Solver(game, cfg)`` binds the templates of ``sim/search/solve_nb.py`` to the
game's step module and its solver hooks (the game's ``search_module``, a
variant's own where it has one: ``GameBase.search_module_of``), and
holds what a search works in: a row a ply for states, moves and keys, and the
transposition table, kept from solve to solve. :func:`solve_position` gives
the value of every legal card of the seat to act.
"""
from __future__ import annotations

import importlib

import numpy as np

from ..binding import bind, binding_name
from ..errors import TricksimError
from . import solve_nb

MAX_PLY = 128          # rows of the stacks: more than the cards of any deal
MAX_MOVES = 64         # moves a ply can have (a hand of one word)


def solver_functions(game, variant: str = ""):
    """(the bound solver, the game's hooks module) of a game's variant."""
    search_module = game.search_module_of(variant)
    if not search_module:
        raise TricksimError(f"{game.name}: no exact solver for this game")
    module = game.steps_module(variant)
    hooks_module = importlib.import_module(search_module)
    hooks = dict(vars(module))
    hooks.update({k: v for k, v in vars(hooks_module).items() if not k.startswith("__")})
    unit, family = binding_name(module, game.family)
    bound = bind(unit, family, hooks, solve_nb.SOLVE, needs=solve_nb.SOLVE_HOOKS,
                 label=game.name, source=solve_nb)
    return bound, hooks_module


class Solver:
    """One game's solver with its work arrays; ``table_bits``: log2 of table entries
    (2**20 entries of Oh Hell or Wizard: ~134 MB; with 2**18, four 13-card Oh Hell
    deals took 9.6M nodes instead of 8.8M)."""

    def __init__(self, game, cfg, variant: str = "", table_bits: int = 20):
        self.game, self.cfg = game, np.asarray(cfg, dtype=np.int64)
        self.fns, self.hooks = solver_functions(game, variant)
        self.steps = game.steps_of(variant)
        st, hands = self.steps.new_state_nb(self.cfg)
        kw = self.hooks.KEY_WORDS
        self.S = np.zeros((MAX_PLY, st.shape[0]), dtype=np.int64)
        self.H = np.zeros((MAX_PLY, hands.shape[0]), dtype=np.uint64)
        self.M = np.zeros((MAX_PLY, MAX_MOVES), dtype=np.int64)
        self.fr = np.zeros((MAX_PLY, solve_nb.F_SIZE), dtype=np.int64)
        self.K = np.zeros((MAX_PLY, kw), dtype=np.uint64)
        self.W = np.zeros(MAX_PLY, dtype=np.uint64)
        self.ttk = np.zeros((1 << table_bits, kw + 2), dtype=np.uint64)
        self.ttb = np.zeros((1 << table_bits, solve_nb.T_SIZE), dtype=np.int64)
        self.info = np.zeros(solve_nb.I_SIZE, dtype=np.int64)

    def _work(self):
        return self.S, self.H, self.M, self.fr, self.K, self.W, self.ttk, self.ttb, self.info

    def values(self, sts, handss, sides, guesses=None) -> tuple[np.ndarray, np.ndarray]:
        """(values, nodes searched) of positions ``i`` of ``sts``/``handss`` (arrays of
        states) for ``sides[i]`` (a bit a seat): what that side secures from there."""
        sts = np.ascontiguousarray(sts, dtype=np.int64)
        handss = np.ascontiguousarray(handss, dtype=np.uint64)
        sides = np.broadcast_to(np.asarray(sides, dtype=np.int64), (sts.shape[0],)).copy()
        if guesses is None:   # a guess: half of what is left
            guesses = [self.hooks.solve_left_nb(st) // 2 for st in sts]
        guesses = np.asarray(guesses, dtype=np.int64)
        out = np.zeros((sts.shape[0], 2), dtype=np.int64)
        self._check(sts)
        self.fns.solve_many_nb(sts, handss, self.cfg, sides, guesses, *self._work(), out)
        return out[:, 0].copy(), out[:, 1].copy()

    def value(self, st, hands, side: int, guess: int | None = None) -> int:
        """What ``side`` secures from (``st``, ``hands``) on (``guess``: where MTD(f)
        starts; half of what is left by default)."""
        guesses = None if guess is None else [guess]
        return int(self.values(st[None], hands[None], [side], guesses)[0][0])

    def minimax(self, st, hands, side: int) -> int:
        """The same value by plain minimax (the reference: small positions only)."""
        self._check(st[None])
        return int(self.fns.minimax_nb(st.copy(), hands.copy(), self.cfg, np.int64(side)))

    def _check(self, sts) -> None:
        # the phases a search may start in: the card play (a game's own list, else its one)
        phases = getattr(self.hooks, "PLAY_PHASES", (self.hooks.PLAY_PHASE,))
        if any(int(st[self.hooks.PHASE_SLOT]) not in phases for st in sts):
            raise TricksimError(f"{self.game.name}: the solver starts in the card play")


def solve_position(game, st, hands, cfg, side: int | None = None, variant: str = "",
                   solver: Solver | None = None) -> dict[int, int]:
    """The value of every legal action of the seat to act: ``{action: value}``, the
    value being what ``side`` (a bit a seat; the seat to act alone by default) secures
    from the position on when that action is taken, every seat playing perfectly with
    all the cards in view."""
    solver = solver or Solver(game, cfg, variant)
    steps = solver.steps
    cfg = solver.cfg
    side = (1 << int(steps.to_act_nb(st))) if side is None else int(side)
    moves = np.zeros(MAX_MOVES * 2, dtype=np.int64)
    n = steps.legal_actions_nb(st, hands, cfg, moves)
    base = int(solver.hooks.solve_value_nb(st, side))
    values = {}
    for action in moves[:n]:
        s2, h2 = st.copy(), hands.copy()
        steps.apply_nb(s2, h2, cfg, int(action))
        gained = int(solver.hooks.solve_value_nb(s2, side)) - base
        rest = 0 if steps.is_over_nb(s2) else solver.value(s2, h2, side)
        values[int(action)] = gained + rest
    return values
