"""The conformance harness (``tricksim check-player``): is a player fit to play a game?

A player passes a game and variant when, over small simulations of every
player count and rule setting (the player alone at the table, then among the
built-ins at every seat), it is

* **legal**: the engine checks every action, as in any run;
* **deterministic**: it answers each observation twice, on two copies, with
  the same params row; two different answers, or a params row it changed
  (state carried from one decision to the next), fail;
* **within its observation**: it answers on a copy of itself recompiled
  with numba's ``boundscheck=True`` (and so is every numba function it calls
  by name), so a read past the end of the observation is an error instead
  of a silent read of whatever lies behind it.

The player runs inside the real engine wrapped in a *probe*: a compiled
function with the ABI signature that calls the checked copy and turns a
failed check into a fault code. A fault code is negative, so never legal:
the engine stops at that decision and its status says where (game, deal,
seat, decision, legal set), exactly as for an illegal action. The verdict
of a game and variant is ``ok``, or the first offending decision.
"""
from __future__ import annotations

import types
from dataclasses import dataclass

import numba
import numpy as np
from numba.core.registry import CPUDispatcher

from strategies.abi import KIND_USER, SIGNATURE
from strategies.registry import _SPEC, Player, _import_user_module, decide_address, resolve

from . import registry
from .engine import NO_TRACE, Engine
from .errors import TricksimError, choices, counted
from .kit_nb import (ST_ACTION, ST_CODE, ST_DEAL, ST_GAME, ST_LEGAL, ST_LEGAL_HI, ST_PHASE, ST_SEAT,
                     ST_SIZE)
from .rng_nb import chunk_states
from .study import Study
from .conformance_nb import (CHANGES_PARAMS, OTHER, PADDING, PAST_THE_END, RAISES, TWO_ANSWERS,
                             decode_fault, fault_nb)

# -- the bounds-checked copy and the probe ----------------------------------------------------

_CHECKED: dict = {}      # the bounds-checked copies made in this process
_PROBES: dict = {}       # a probe per decision function


def bounds_checked(dispatcher, memo=None):
    """A fresh compile of a numba function's Python source with ``boundscheck=True``,
    the numba functions it names (globals and closure cells) checked the same way.
    Made once a process (a heuristic's copy compiles for tens of seconds, and the
    games of a family share their players)."""
    memo = _CHECKED if memo is None else memo
    if dispatcher in memo:
        return memo[dispatcher]
    function = dispatcher.py_func
    cells = None
    if function.__closure__:
        cells = tuple(types.CellType(bounds_checked(c.cell_contents, memo))
                      if isinstance(c.cell_contents, CPUDispatcher) else c
                      for c in function.__closure__)
    names = dict(function.__globals__)
    copy = types.FunctionType(function.__code__, names, function.__name__,
                              function.__defaults__, cells)
    options = {k: v for k, v in dispatcher.targetoptions.items() if k not in ("cache", "nopython")}
    options["boundscheck"] = True
    memo[dispatcher] = checked = numba.njit(**options)(copy)     # compiled at its first call
    # the copy's globals, filled in after it is in ``memo``: a recursive function calls its copy
    for name in _names(function.__code__):
        if isinstance(names.get(name), CPUDispatcher):
            names[name] = bounds_checked(names[name], memo)
    return checked


def _names(code) -> set[str]:
    """Every global name a code object (and the functions defined inside it) reads."""
    out = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            out |= _names(const)
    return out


def probe(decide):
    """The probe of an ABI function: its answers, or a fault code (``conformance_nb``);
    one a process for each function."""
    if decide not in _PROBES:
        _PROBES[decide] = _make_probe(decide)
    return _PROBES[decide]


def _make_probe(decide):
    checked = bounds_checked(decide)

    @numba.njit(SIGNATURE)
    def probe_decide(obs, params):
        row = params.copy()
        failed = False
        first = 0
        try:
            first = checked(obs.copy(), params)
        except Exception:       # numba catches every exception alike (no ``except IndexError``)
            failed = True
        if failed:
            # the same call on the plain player, padded so that a read past the end
            # finds zeros: it fails too only on an error of the player's own
            padded = np.zeros(obs.shape[0] + PADDING, dtype=np.int64)
            padded[:obs.shape[0]] = obs
            own_error = False
            try:
                decide(padded[:obs.shape[0]], row.copy())
            except Exception:
                own_error = True
            return fault_nb(RAISES if own_error else PAST_THE_END, obs.shape[0], 0)
        for i in range(row.shape[0]):
            if params[i] != row[i]:
                return fault_nb(CHANGES_PARAMS, i, 0)
        second = 0
        try:
            second = checked(obs.copy(), params)
        except Exception:
            failed = True
        if failed:
            return fault_nb(TWO_ANSWERS, first, OTHER)
        if second != first:
            return fault_nb(TWO_ANSWERS, first, second)
        return first

    return probe_decide


# -- what is played --------------------------------------------------------------------------

@dataclass(frozen=True)
class Case:
    """One small simulation: the checked player in the first lineup slot (in every slot
    when it plays alone)."""

    players: int
    options: dict
    lineup: tuple[str, ...]
    seating: str

    def describe(self) -> str:
        where = "alone at the table" if len(self.lineup) == 1 else "among " + ", ".join(
            sorted(set(self.lineup[1:])))
        settings = ", ".join(f"{k}={v}" for k, v in self.options.items()) or "default rules"
        return f"{self.players} players, {settings}, {where}"


def rule_settings(meta, variant: str) -> list[dict]:
    """The default rules, then each other value of each option on its own."""
    out = [{}]
    for option in meta.options_of(variant):
        values = list(option.choices)
        if option.int_range is not None:
            values.append(option.int_range[0])
        out += [{option.name: value} for value in values if value != option.default]
    return out


def cases(meta, variant: str, spec: str) -> list[Case]:
    """Every player count and rule setting, the player alone at the table (fixed
    seating), then among random and heuristic players at every seat (duplicate)."""
    out = []
    builtins = ("random", "heuristic")
    for n in range(meta.min_players, meta.max_players + 1):
        for options in rule_settings(meta, variant):
            out.append(Case(n, options, (spec,), "fixed"))
            others = tuple(builtins[i % 2] for i in range(n - 1))
            out.append(Case(n, options, (spec,) + others, "duplicate"))
    return out


@dataclass(frozen=True)
class Verdict:
    label: str          # the game, and its variant
    ok: bool
    text: str           # "ok (…)" or what failed, at the first offending decision

    def line(self) -> str:
        return f"{self.label}: {self.text}"


def check_game(spec: str, game: str, variant: str | None = None, boards: int = 2,
               seed: int = 0, probe_decide=None) -> Verdict:
    """The verdict of the player ``spec`` on one game and variant."""
    meta = registry.info(game)
    variant = meta.check_variant(variant)
    label = f"{meta.name} {variant}" if variant else meta.name
    impl = registry.game(meta.name)
    deals = 0
    all_cases = cases(meta, variant, spec)
    for i, case in enumerate(all_cases):
        study = Study.create(meta.name, players=case.players, lineup=list(case.lineup),
                             options=case.options, boards=boards, seed=seed + i,
                             seating=case.seating, variant=variant or None)
        engine = Engine(study)
        kinds, params = engine.kinds.copy(), engine.params
        players = engine.lineup.players
        if probe_decide is None:
            probe_decide = probe(players[0].decide)
        checked = [slot for slot, name in enumerate(study.lineup) if name == study.lineup[0]]
        kinds[checked] = KIND_USER
        fns = np.zeros(len(kinds), dtype=np.int64) if engine.fns is None else engine.fns.copy()
        fns[checked] = decide_address(probe_decide)
        played, status = play(engine, kinds, params, fns)
        deals += played
        if status is not None:
            return Verdict(label, False, fault_text(impl, status, case, seed + i))
    counts = (f"{meta.min_players} players" if meta.min_players == meta.max_players
              else f"{meta.min_players} to {meta.max_players} players")
    settings = len(rule_settings(meta, variant))
    return Verdict(label, True, f"ok ({counts}, {counted(settings, 'rule setting')}, "
                                f"{counted(deals, 'deal')})")


def play(engine, kinds, params, fns):
    """Play every board of the engine's study: (deals played, the engine's status at the
    first illegal action or fault, or None)."""
    impl, study = engine.game, engine.study
    cfg, aux = engine.cfg, engine.aux
    states = chunk_states(study.seed, 0)
    deal_base, dec_base = states[0].copy(), states[1].copy()
    seats = impl.seats(study)
    first, left, room, deals = 0, study.boards, 1, 0
    while left > 0:     # as Engine._play_on: a board that outgrows the arrays is played again
        deal_rows, game_rows = impl.capacity(study, left)
        records = np.empty(deal_rows * room, dtype=impl.tables["deals"])
        games = np.empty(game_rows, dtype=impl.tables["games"])
        status = np.zeros(ST_SIZE, dtype=np.int64)
        done = np.zeros(3, dtype=np.int64)
        engine.kernels.simulate_chunk_nb(cfg, aux, kinds, params, fns, deal_base, dec_base, first,
                                       left, records, games, status, done, NO_TRACE)
        deals += int(done[1]) // seats
        if status[ST_CODE] != 0:
            return deals, status
        first += int(done[0])
        left -= int(done[0])
        room = 1 if done[0] else 2 * room
    return deals, None


def fault_text(impl, status, case: Case, seed: int) -> str:
    """What failed, and where: one line."""
    action = int(status[ST_ACTION])
    kind, action_text, legal_text = impl.decision_text(
        int(status[ST_PHASE]), action, int(status[ST_LEGAL]), int(status[ST_LEGAL_HI]))
    where = (f"in game {int(status[ST_GAME])}, deal {int(status[ST_DEAL])}, seat "
             f"{int(status[ST_SEAT])} ({case.describe()}, seed {seed})")
    fault = decode_fault(action)
    if fault is None:
        return f"illegal {kind} {action_text} {where}; legal: {legal_text}"
    code, a, b = fault
    if code == PAST_THE_END:
        return f"reads past the end of its observation ({a} slots) at a {kind} {where}"
    if code == RAISES:
        return f"raises an error at a {kind} {where}"
    if code == CHANGES_PARAMS:
        return (f"not deterministic: it writes into its params row (slot {a}) at a {kind} "
                f"{where}; keep no state between decisions")

    def answer(x):
        if x == OTHER:
            return "an error or a number out of range"
        return impl.decision_text(int(status[ST_PHASE]), x, 0, 0)[1]
    return (f"not deterministic: {answer(a)}, then {answer(b)} on the same observation "
            f"at a {kind} {where}")


# -- which games -------------------------------------------------------------------------------

def player_family(spec: str) -> str | None:
    """The family of the Player a ``module:NAME`` spec names; None for a bare function."""
    match = _SPEC.match(str(spec))
    name = match.group("name") if match else str(spec)
    if ":" not in name:
        return None
    module_name, _, attribute = name.partition(":")
    obj = getattr(_import_user_module(name, module_name), attribute, None)
    return obj.family if isinstance(obj, Player) else None


def games_to_check(spec: str, game: str | None, variant: str | None) -> list[tuple[str, str | None]]:
    """(game, variant) pairs: the game given, or every game of the player's family."""
    if game is not None:
        meta = registry.info(game)
        names = [meta.name]
    else:
        family = player_family(spec)
        if family is None:
            raise TricksimError(f"player {spec}: name the game to check it on (a bare function or "
                                f"a built-in has no family of its own); games are "
                                f"{choices(g.name for g in registry.all_games())}")
        names = [g.name for g in registry.all_games() if g.family == family]
        if not names:
            raise TricksimError(f"player {spec} plays {family}, which no game has")
    pairs = []
    for name in names:
        meta = registry.info(name)
        variants = [v.name for v in meta.variants] or [None]
        if variant is not None:
            if game is None and not any(v == str(variant).strip().lower() for v in variants):
                continue
            variants = [meta.check_variant(variant)]
        pairs += [(name, v) for v in variants]
    if not pairs:
        raise TricksimError(f"no game of player {spec} has a variant {variant!r}")
    return pairs


def check_player(spec: str, game: str | None = None, variant: str | None = None,
                 boards: int = 2, seed: int = 0, on_verdict=None) -> list[Verdict]:
    """Every verdict of the player ``spec`` (see the module docstring); ``on_verdict``
    is called with each as soon as it is known."""
    pairs = games_to_check(spec, game, variant)
    player = resolve(registry.info(pairs[0][0]).family, spec)   # a spec that does not load: here
    checked = probe(player.decide)
    verdicts = []
    for name, v in pairs:
        verdict = check_game(spec, name, v, boards=boards, seed=seed, probe_decide=checked)
        verdicts.append(verdict)
        if on_verdict is not None:
            on_verdict(verdict)
    return verdicts

