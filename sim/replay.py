"""Replay game records: a deal's hands and decisions -> what the engine derives.

A record (JSON, format in ``docs/records.md``) names its game; this module
reads it and hands it to that game's implementation from the registry, which
replays it on the same kernels the simulation runs. ``tricksim replay
FILE.json`` is :func:`load`, :func:`replay` and :func:`transcript` in a row.
"""
from __future__ import annotations

import importlib
import json
import sys
from contextlib import contextmanager

import numpy as np
from pathlib import Path

from . import registry
from .errors import TricksimError, choices, counted  # noqa: F401  (counted: used by the games' replay)


def load(path) -> dict:
    """The record stored as JSON in the file ``path``."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise TricksimError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as problem:
        raise TricksimError(f"{path}: cannot read it ({problem})") from None
    try:
        record = json.loads(text)
    except json.JSONDecodeError as problem:
        raise TricksimError(f"{path}: not valid JSON: {problem.msg} at line {problem.lineno}, "
                            f"column {problem.colno}") from None
    if not isinstance(record, dict):
        raise TricksimError(f"{path}: a record is a JSON object {{...}}, not a {type(record).__name__}")
    return record


def _game_name(record) -> str:
    if not isinstance(record, dict):
        raise TricksimError(f"a record is a JSON object, not {type(record).__name__}")
    if "game" not in record:
        names = choices(g.name for g in registry.all_games())
        raise TricksimError(f"the record has no 'game' field; games are {names}")
    return registry.info(record["game"]).name


def replay(record: dict) -> dict:
    """Replay a record through its game: decisions with their legal options,
    tricks, and the result. Raises TricksimError at the first bad field or
    illegal decision."""
    return registry.game(_game_name(record)).replay(record)


def transcript(record: dict, result: dict) -> str:
    """A readable transcript of a replayed record (``result = replay(record)``).

    The game object renders it when it has a ``transcript`` method; otherwise
    the game family's ``sim.games.<family>.replay`` module does.
    """
    name = _game_name(record)
    impl = registry.game(name)
    render = getattr(impl, "transcript", None)
    if render is not None:
        return render(record, result)
    module = importlib.import_module(f"sim.games.{registry.info(name).family}.replay")
    return module.transcript(name, record, result)


@contextmanager
def compile_notice(what: str, stream=None):
    """Say once, on ``stream`` (stderr), when numba starts compiling inside the block.

    A replay needs only a few step functions, but they inline the engine's
    play loop, and importing a game compiles its players: the first run after
    an install or an edit spends many seconds compiling (numba caches the
    result, so later runs start at once). Numba announces only real compiles,
    not loads from its cache, so a warm cache prints nothing.
    """
    from numba.core import event

    class Notice(event.Listener):
        said = False

        def on_start(self, ev):
            if not self.said:
                self.said = True
                print(f"tricksim: compiling the {what} engine (only the first time: numba caches "
                      f"it for later runs) ...", file=stream or sys.stderr, flush=True)

        def on_end(self, ev):
            pass

    with event.install_listener("numba:compile", Notice()):
        yield


class StepView:
    """A replayed deal seen through the step interface of ``sim/kit_nb.py``:
    the state ``st``, ``hands`` and ``cfg`` of a game whose step module is
    ``steps``. A game's replay class derives from it and adds its notation."""
    steps = None

    def phase(self) -> int:
        return int(self.steps.decision_nb(self.st))

    def seat(self) -> int:
        return int(self.steps.to_act_nb(self.st))

    def legal(self) -> list[int]:
        out = np.zeros(128, dtype=np.int64)
        return [int(a) for a in out[:self.steps.legal_actions_nb(self.st, self.hands, self.cfg, out)]]

    def apply(self, action: int) -> None:
        self.steps.apply_nb(self.st, self.hands, self.cfg, action)


def step_through(state, record: dict):
    """Feed a record's decisions, numbered from 1, to a game's replay ``state``
    (an object with ``step(number, decision)`` and ``result()``); returns the result."""
    decisions = record["decisions"]
    if not isinstance(decisions, list):
        raise TricksimError("decisions must be a list of {seat, kind, value} objects")
    for number, decision in enumerate(decisions, start=1):
        state.step(number, decision)
    return state.result()


# -- checks every game's record reader shares -----------------------------------

def decision_kind(where: str, decision, kinds) -> str:
    """The kind of a record's decision, checked: an object whose ``kind`` is one of ``kinds``."""
    if not isinstance(decision, dict):
        raise TricksimError(f"{where}: a decision is an object {{seat, kind, value}}")
    kind = decision.get("kind")
    if kind not in kinds:
        raise TricksimError(f"{where}: unknown kind {kind!r}; kinds are {choices(kinds)}")
    return kind


def record_int(value, what: str, limit: int = 10**9) -> int:
    """``value`` as an int; within ±``limit`` so that it fits the engine's int64 slots."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TricksimError(f"{what} must be a whole number, not {value!r}")
    if abs(int(value)) > limit:
        raise TricksimError(f"{what} must be a whole number from {-limit} to {limit}, not {value}")
    return int(value)


def record_options(info, record: dict, variant: str = "") -> dict:
    """The record's typed rule options, defaults filled in."""
    raw = record.get("options") or {}
    if not isinstance(raw, dict):
        raise TricksimError(f"options must be an object of name: value, not {raw!r}")
    return info.validate(raw, variant)


def card_list(value, where: str, parse_card) -> list[int]:
    """A record's list of cards (``where`` names the field) read with the game's ``parse_card``."""
    if not isinstance(value, list):
        raise TricksimError(f"{where} must be a list of cards, not {value!r}")
    return [parse_card(c) for c in value]


def sorted_names(cards, names) -> list[str]:
    """The names (``names[card]``) of ``cards``, in the order of their ids."""
    return [names[c] for c in sorted(cards)]


def dealt_once(hands: list[list[int]], card_name) -> dict[int, int]:
    """Card -> seat holding it; raises if a card is dealt twice."""
    holder: dict[int, int] = {}
    for s, hand in enumerate(hands):
        for card in hand:
            if card in holder:
                where = f"seat {s} twice" if holder[card] == s else f"seats {holder[card]} and {s}"
                raise TricksimError(f"card {card_name(card)} is dealt twice ({where}); "
                                    f"the pack has one of each card")
            holder[card] = s
    return holder


# -- transcript lines every game's transcript shares ------------------------------

def trick_line(number: int, trick: dict, outcome: str) -> str:
    """``Trick 3: seat 1 leads: seat 1 SA, seat 2 S3, …; <outcome>`` for a replayed trick
    (``leader``, ``seats``, ``cards``)."""
    played = ", ".join(f"seat {s} {c}" for s, c in zip(trick["seats"], trick["cards"]))
    return f"Trick {number}: seat {trick['leader']} leads: {played}; {outcome}"


def current_trick_lines(result: dict) -> list[str]:
    """The line of the trick in progress when a record stops in the middle of one."""
    current = result.get("current_trick")
    if not current:
        return []
    played = ", ".join(f"seat {s} {c}" for s, c in zip(current["seats"], current["cards"]))
    return [f"Trick {len(result['tricks']) + 1} (in progress): seat {current['leader']} "
            f"leads: {played}"]
