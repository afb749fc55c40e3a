"""Tune a player's params: optuna trials on common deal blocks, checked on fresh deals.

``Tuning.create(game, "heuristic[bias=0:1,hold=30:60]", against="heuristic")``
reads the search space from the spec of a player with params (a built-in, or a
user's ``Player`` as ``module:attribute[…]``): each ``name=lo:hi`` is searched (over
whole numbers for a param the player reads as one, ``Player.whole_params``),
each ``name=value`` stays as given. The tuned player sits at seat 0 (or at
every seat of team 0 in a team game), the ``against`` player at the others,
and every board is played in every rotation (``duplicate`` seating), so the
tuned player holds every seat.

The objective. The *baseline* is the same lineup with the tuned params at
their defaults. A trial plays the same boards as the baseline, and a board's
result is the tuned seats' mean game total minus the baseline's on that
board: the luck of the cards, shared by both, cancels, and the difference is
far less noisy than the tuned player's mean score (a trial's value is its
mean over the boards).

Common blocks. The boards are cut into blocks (block ``b``: boards
``b * B … b * B + B - 1`` of the seed); every trial plays the same blocks in
the same order and reports each block's mean difference to optuna, whose
``WilcoxonPruner`` compares them, block by block, with the best trial's and
stops a trial that is significantly worse (a Wilcoxon signed-rank test over
the paired blocks). Samplers: TPE (default) or CMA-ES, seeded: a seed gives
the same trials. The defaults are trial 0 when they lie in the space.

Fresh deals. The best setting is then played against the defaults on boards
after the last tuned block (other deals: every board has its own deal
stream), and the paired difference gets its 95 % interval
(:func:`analysis.stats.paired_diff_ci`): a setting chosen as the best of many
on the tuning deals is flattered there, never on these.
"""
from __future__ import annotations

import math
import warnings
from dataclasses import dataclass, field

import numpy as np

from sim import registry
from sim.errors import TricksimError, choices, whole_number
from sim.study import Study
from strategies.registry import _SPEC, _check_used, _load_builtins, _load_user, _parse_params, resolve

SAMPLERS = ("tpe", "cmaes")
DEFAULT_BLOCKS = 8


@dataclass(frozen=True)
class Param:
    name: str
    low: float
    high: float
    whole: bool
    default: float


@dataclass(frozen=True)
class Tuning:
    game: str
    variant: str
    players: int
    base: str                                   # the player's name (heuristic, module:attribute)
    family: str
    space: tuple[Param, ...]
    fixed: tuple[tuple[str, str], ...]          # name=value kept as given
    against: str
    options: tuple[tuple[str, object], ...]
    trials: int
    blocks: int
    block_boards: int
    validate_boards: int
    seed: int
    sampler: str
    tuned_slots: tuple[int, ...] = field(default=())

    @classmethod
    def create(cls, game: str, spec: str, against: str = "heuristic", variant: str | None = None,
               players: int | None = None, options: dict | None = None, trials: int = 40,
               boards_per_trial: int = 2000, blocks: int = DEFAULT_BLOCKS,
               validate_boards: int | None = None, seed: int = 0, sampler: str = "tpe") -> "Tuning":
        meta = registry.info(game)
        variant = meta.check_variant(variant)
        trials = whole_number("trials", trials, lowest=1)
        blocks = whole_number("blocks", blocks, lowest=1)
        boards_per_trial = whole_number("boards per trial", boards_per_trial, lowest=1)
        seed = whole_number("seed", seed, lowest=0)
        if sampler not in SAMPLERS:
            raise TricksimError(f"unknown sampler {sampler!r}; sampler is {choices(SAMPLERS)}")
        base, space, fixed = parse_space(meta.family, spec, meta.name, variant)
        block_boards = max(1, math.ceil(boards_per_trial / blocks))
        validate = whole_number("validation boards", validate_boards
                                if validate_boards is not None else blocks * block_boards, lowest=2)
        n = meta.check_players(players) if players is not None else meta.default_players
        partners = registry.game(meta.name).partners(variant)
        slots = tuple(range(0, n, n // partners)) if partners > 1 else (0,)
        tuning = cls(game=meta.name, variant=variant, players=n, base=base, family=meta.family,
                     space=space, fixed=tuple(fixed.items()), against=str(against).strip(),
                     options=(), trials=trials, blocks=blocks, block_boards=block_boards,
                     validate_boards=validate, seed=seed, sampler=sampler, tuned_slots=slots)
        # Study.create checks the options, the against player and the player count
        study = tuning.study(tuning.spec(tuning.defaults()), options or {}, 1)
        return cls(**{**tuning.__dict__, "options": study.options})

    # -- players -----------------------------------------------------------------------
    def defaults(self) -> dict[str, float]:
        return {p.name: p.default for p in self.space}

    def spec(self, values: dict[str, float]) -> str:
        """The tuned player's spec with ``values`` for the searched params, the fixed ones as given."""
        items = [f"{k}={v}" for k, v in self.fixed]
        items += [f"{p.name}={_number(values[p.name], p.whole)}" for p in self.space]
        return f"{self.base}[{','.join(items)}]"

    def study(self, tuned_spec: str, options=None, boards: int | None = None) -> Study:
        lineup = [tuned_spec if s in self.tuned_slots else self.against for s in range(self.players)]
        return Study.create(self.game, players=self.players, lineup=lineup,
                            options=dict(self.options) if options is None else options,
                            boards=boards or self.first_fresh_board + self.validate_boards,
                            seed=self.seed, seating="duplicate", variant=self.variant)

    @property
    def first_fresh_board(self) -> int:
        """The first board of the fresh deals: the one after the last tuned block."""
        return self.blocks * self.block_boards

    def board_scores(self, tuned_spec: str, first: int, n: int, engines: dict) -> np.ndarray:
        """Per board ``first … first + n - 1``: the tuned seats' mean game total."""
        from sim.engine import Engine
        from sim.rng_nb import chunk_states
        if tuned_spec not in engines:
            engines.clear()       # one trial's engine at a time (the baseline's is kept apart)
            engines[tuned_spec] = Engine(self.study(tuned_spec))
        games = engines[tuned_spec].run_chunk(first, n, chunk_states(self.seed, 0))["games"]
        mine = np.isin(games["player"], self.tuned_slots)
        board = games["board"].astype(np.int64) - first
        total = np.bincount(board[mine], weights=games["total"][mine].astype(np.float64), minlength=n)
        return total / np.bincount(board[mine], minlength=n)

    def describe(self) -> str:
        where = f"{self.game} {self.variant}".strip()
        seats = "team 0" if len(self.tuned_slots) > 1 else "seat 0"
        return (f"{where}, {self.players} players: {self.base} at {seats} against {self.against}, "
                f"{self.trials} trials of {self.blocks} blocks x {self.block_boards} boards "
                f"(duplicate seating), {self.sampler} sampler, seed {self.seed}; fresh deals: boards "
                f"{self.first_fresh_board:,} to {self.first_fresh_board + self.validate_boards - 1:,}")


def _number(value: float, whole: bool) -> str:
    return str(int(round(value))) if whole else repr(float(value))


def parse_space(family: str, spec: str, game: str, variant: str):
    """``(base name, (Param, ...), {fixed name: value text})`` of a spec with ranges."""
    m = _SPEC.match(str(spec))
    if not m:
        raise TricksimError(f"player {spec!r} is not of the form name[param=lo:hi,…]")
    name = m.group("name")
    builtins = _load_builtins(family)
    # a user's player (module:attribute) is tuned like a built-in: its Player names its params
    player = _load_user(family, name) if ":" in name else builtins.get(name)
    if player is None or not player.param_names:
        tunable = sorted(n for n, p in builtins.items() if p.param_names)
        raise TricksimError(f"tune takes a player with params (a built-in or module:attribute), "
                            f"not {name!r}; {family} has {choices(tunable)}")
    given = _parse_params(m.group("params"), spec)
    space, fixed = [], {}
    for key, text in given.items():
        if ":" not in text:
            player.with_params({key: text}, spec)            # checks the name and the value
            fixed[key] = text
            continue
        low_text, _, high_text = text.partition(":")
        player.with_params({key: low_text}, spec)
        player.with_params({key: high_text}, spec)
        low, high = float(low_text), float(high_text)
        if not low < high:
            raise TricksimError(f"player {spec}: range {key}={text} must run from low to high "
                                f"(low < high)")
        whole = key in player.whole_params
        if whole and math.ceil(low) >= math.floor(high):
            raise TricksimError(f"player {spec}: range {key}={text} holds fewer than two whole "
                                f"numbers; {key} is a whole number")
        default = player.param_values[player.param_names.index(key)]
        space.append(Param(key, math.ceil(low) if whole else low, math.floor(high) if whole else high,
                           whole, default))
    _check_used(player, given, game, variant, str(spec).strip())
    if not space:
        raise TricksimError(f"player {spec}: no range to tune; give at least one param as "
                            f"name=low:high, e.g. {name}[{player.param_names[0]}=lo:hi]")
    return name, tuple(space), fixed


# -- the search ------------------------------------------------------------------------

def _optuna():
    try:
        import optuna
    except ModuleNotFoundError:
        raise TricksimError("tricksim tune needs optuna: pip install 'tricksim[tune]'") from None
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    warnings.filterwarnings("ignore", category=optuna.exceptions.ExperimentalWarning)
    return optuna


def _sampler(optuna, name: str, seed: int):
    if name == "cmaes":
        try:
            import cmaes  # noqa: F401
        except ModuleNotFoundError:
            raise TricksimError("--sampler cmaes needs the cmaes package: pip install "
                                "'tricksim[tune]'") from None
        # a space of one param has no covariance: CMA-ES leaves it to its independent
        # sampler, TPE here rather than optuna's default, random search
        return optuna.samplers.CmaEsSampler(
            seed=seed, warn_independent_sampling=False,
            independent_sampler=optuna.samplers.TPESampler(seed=seed))
    return optuna.samplers.TPESampler(seed=seed)


@dataclass
class Outcome:
    tuning: Tuning
    trials: object                  # pandas DataFrame, one row per trial
    best: dict                      # the best trial's params
    best_spec: str
    baseline_spec: str
    validation: dict                # boards, mean, lo, hi, tuned mean, baseline mean
    study: object = None            # the optuna study


def run_tuning(tuning: Tuning, progress=None) -> Outcome:
    """Run the trials, then play the best setting against the defaults on fresh deals."""
    optuna = _optuna()
    import pandas as pd
    baseline_spec = tuning.spec(tuning.defaults())
    baseline_engine, engines, baseline = {}, {}, {}

    def baseline_block(b: int) -> np.ndarray:
        if b not in baseline:
            baseline[b] = tuning.board_scores(baseline_spec, b * tuning.block_boards,
                                              tuning.block_boards, baseline_engine)
        return baseline[b]

    def objective(trial) -> float:
        values = {p.name: (trial.suggest_int(p.name, int(p.low), int(p.high)) if p.whole
                           else trial.suggest_float(p.name, p.low, p.high)) for p in tuning.space}
        spec = tuning.spec(values)
        diffs = []
        for b in range(tuning.blocks):
            mine = tuning.board_scores(spec, b * tuning.block_boards, tuning.block_boards, engines)
            diffs.append(float(np.mean(mine - baseline_block(b))))
            trial.set_user_attr("blocks", b + 1)
            trial.report(diffs[-1], b)
            if trial.should_prune():
                raise optuna.TrialPruned()
        return float(np.mean(diffs))

    study = optuna.create_study(direction="maximize", sampler=_sampler(optuna, tuning.sampler, tuning.seed),
                                pruner=optuna.pruners.WilcoxonPruner(p_threshold=0.1))
    defaults = tuning.defaults()
    if all(p.low <= defaults[p.name] <= p.high for p in tuning.space):
        study.enqueue_trial({p.name: (int(defaults[p.name]) if p.whole else defaults[p.name])
                             for p in tuning.space})
    callbacks = [lambda s, t: progress(t)] if progress else []
    study.optimize(objective, n_trials=tuning.trials, callbacks=callbacks)
    rows = []
    for t in study.trials:
        blocks = t.user_attrs.get("blocks", 0)
        value = t.value if t.value is not None else (
            float(np.mean([t.intermediate_values[b] for b in range(blocks)])) if blocks else math.nan)
        rows.append({"trial": t.number, "state": t.state.name.lower(), "blocks": blocks,
                     "mean_diff": value, **t.params})
    trials = pd.DataFrame(rows)
    complete = [t for t in study.trials if t.state == optuna.trial.TrialState.COMPLETE]
    if not complete:
        raise TricksimError("no trial completed; give more --trials")
    best = dict(study.best_trial.params)
    best_spec = tuning.spec(best)
    validation = validate(tuning, best_spec, baseline_spec)
    return Outcome(tuning, trials, best, best_spec, baseline_spec, validation, study)


def validate(tuning: Tuning, spec: str, baseline_spec: str) -> dict:
    """``spec`` against the defaults on the fresh deals: the paired difference and its 95 % interval."""
    from .stats import paired_diff_ci
    first, n = tuning.first_fresh_board, tuning.validate_boards
    mine = tuning.board_scores(spec, first, n, {})
    theirs = tuning.board_scores(baseline_spec, first, n, {})
    diff = mine - theirs
    mean, lo, hi = paired_diff_ci(len(diff), diff.sum(), (diff * diff).sum())
    return {"first_board": first, "boards": n, "mean_diff": float(mean), "lo": float(lo),
            "hi": float(hi), "tuned_mean": float(mine.mean()), "baseline_mean": float(theirs.mean())}
