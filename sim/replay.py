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
from dataclasses import dataclass

import numpy as np
from pathlib import Path

from . import registry
from .errors import TricksimError, choices


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
    the game family's ``sim.games.<family>.replay`` module does. When the record
    says who played each seat (``seat_players``), the line after the title says so.
    """
    name = _game_name(record)
    impl = registry.game(name)
    render = getattr(impl, "transcript", None)
    if render is not None:
        text = render(record, result)
    else:
        module = importlib.import_module(f"sim.games.{registry.info(name).family}.replay")
        text = module.transcript(name, record, result)
    title, newline, rest = text.partition("\n")
    return "\n".join([title, *players_lines(record)]) + newline + rest


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


def card_plays(state, record: dict, play_phase: int) -> list[tuple]:
    """Feed a record's decisions to a replay ``state`` (a :class:`StepView` with ``step``)
    and keep each card play with the position before it: ``[(number, seat, st, hands,
    card), ...]``, the states copies (a game's ``play_positions``, what ``tricksim solve``
    analyses); ``play_phase`` the phase of a card play."""
    decisions = record["decisions"]
    if not isinstance(decisions, list):
        raise TricksimError("decisions must be a list of {seat, kind, value} objects")
    plays = []
    for number, decision in enumerate(decisions, start=1):
        before = None
        if not state.steps.is_over_nb(state.st) and state.phase() == play_phase:
            before = (state.seat(), state.st.copy(), state.hands.copy())
        state.step(number, decision)
        if before is not None:
            seat, st, hands = before
            left = int(hands[seat]) ^ int(state.hands[seat])    # the one card that left
            plays.append((number, seat, st, hands, left.bit_length() - 1))
    return plays


# -- checks every game's record reader shares -----------------------------------
#
# Every game reads a record's common fields (docs/records.md) and its decisions'
# common fields with these, so that one mistake gets the same message in every game.

REQUIRED_FIELDS = ("players", "dealer", "hands", "decisions")


@dataclass
class RecordHead:
    """A record's fields common to every game, checked (the hands' cards not read yet)."""

    options: dict                   # typed rule options, defaults filled in
    n: int                          # players
    dealer: int
    hands: list                     # one list per seat, of the record's card names
    extra: dict                     # {} when the record has none
    seat_players: list[str] | None  # who played each seat, when the record says


def record_head(info, record, variant: str = "", extra_fields=None, needs=()) -> RecordHead:
    """Check the fields every record has: ``players``, ``dealer``, ``hands`` (one list a
    seat), ``extra`` (an object; only ``extra_fields`` in it, unless None), ``decisions``
    (a list), ``options`` and the optional ``seat_players``. ``needs`` names what else the
    game requires (``extra.trump_card``), for the message of a missing field."""
    if not isinstance(record, dict):
        raise TricksimError(f"a record is a JSON object, not {type(record).__name__}")
    label = f"{info.name} {variant}" if variant else info.name
    for key in REQUIRED_FIELDS:
        if key not in record:
            raise TricksimError(f"the record has no {key!r} field; a {label} record needs "
                                f"{_all_of(('game',) + REQUIRED_FIELDS + tuple(needs))}")
    options = record_options(info, record, variant)
    n = info.check_players(record_int(record["players"], "players"))
    dealer = record_int(record["dealer"], "dealer")
    if not 0 <= dealer < n:
        raise TricksimError(f"dealer {dealer} is not a seat of a {n}-player game; "
                            f"seats are 0 to {n - 1}")
    hands = record["hands"]
    if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
        raise TricksimError(f"hands must be a list of card lists, one per seat, not {_short(hands)}")
    if len(hands) != n:
        raise TricksimError(f"hands has {len(hands)} card lists but the game has {n} players; "
                            f"give one list per seat")
    extra = record.get("extra")
    if extra is None:
        extra = {}
    if not isinstance(extra, dict):
        raise TricksimError(f"extra must be an object {{field: value}}, not {_short(extra)}")
    if extra_fields is not None:
        extra_names(extra, extra_fields, f"{label} records")
    if not isinstance(record["decisions"], list):
        raise TricksimError(f"decisions must be a list of {{seat, kind, value}} objects, "
                            f"not {_short(record['decisions'])}")
    return RecordHead(options=options, n=n, dealer=dealer, hands=hands, extra=extra,
                      seat_players=seat_players(record, n))


def extra_names(extra: dict, allowed, what: str) -> None:
    """Refuse a field of ``extra`` that is not one of ``allowed`` (``what`` takes them)."""
    unknown = [k for k in extra if k not in allowed]
    if unknown:
        fields = _all_of(f"extra.{k}" for k in allowed) if allowed else "no extra fields"
        raise TricksimError(f"unknown field extra.{unknown[0]}; {what} take {fields}")


def seat_players(record: dict, n: int) -> list[str] | None:
    """The record's optional ``seat_players``: who played each seat (``tricksim deal``
    writes it), checked; None when the record does not say."""
    names = record.get("seat_players")
    if names is None:
        return None
    if not isinstance(names, list) or len(names) != n or \
            not all(isinstance(x, str) and x.strip() for x in names):
        raise TricksimError(f"seat_players must list the player of each of the {n} seats, "
                            f"seat 0 first (names such as \"heuristic\"), not {_short(names)}")
    return [x.strip() for x in names]


def _all_of(names) -> str:
    """``a, b and c``."""
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


@dataclass
class Decision:
    """A record's decision, its common fields checked (:func:`decision_fields`)."""

    number: int                 # counted from 1
    seat: int
    kind: str                   # lower case, one of the game's kinds
    value: object
    fields: dict                # the decision as the record gives it

    @property
    def where(self) -> str:
        return f"decision {self.number}"

    @property
    def named(self) -> str:
        """``decision 5 (seat 2, play)``: where a value of the decision is wrong."""
        return f"decision {self.number} (seat {self.seat}, {self.kind})"

    def card(self, parse_card, text=None) -> int:
        """The decision's card (``value``, or ``text``) read with the game's ``parse_card``;
        an unknown card's message names the decision."""
        return read_card(self.value if text is None else text, self.named, parse_card)

    def cards(self, parse_card) -> list[int]:
        """The decision's list of cards (a discard, a handful, a keep)."""
        return card_list(self.value, self.named, parse_card, numbered=False)

    def check_turn(self, seat: int, kind: str) -> None:
        """Refuse the decision unless it is ``seat``'s, of ``kind`` (what the engine asks next)."""
        if self.seat != seat or self.kind != kind:
            raise TricksimError(f"{self.where}: seat {seat} is to {kind}, not seat {self.seat} "
                                f"to {self.kind}")


def decision_fields(number: int, decision, kinds, n: int, kinds_of: str = "") -> Decision:
    """Decision ``number`` of a record checked for what every decision has: an object with
    ``seat`` (0 … n-1), ``kind`` (one of ``kinds``, read case-insensitively) and ``value``.
    ``kinds_of`` names what the kinds belong to in the message (a variant)."""
    where = f"decision {number}"
    shape = f'{{"seat": s, "kind": {"|".join(kinds)}, "value": …}}'
    if not isinstance(decision, dict):
        raise TricksimError(f"{where} must be an object {shape}, not {_short(decision)}")
    for key in ("seat", "kind", "value"):
        if key not in decision:
            raise TricksimError(f"{where} has no {key!r} field; a decision is {shape}")
    kind = str(decision["kind"]).strip().lower()
    if kind not in kinds:
        in_what = f" in {kinds_of}" if kinds_of else ""
        raise TricksimError(f"{where}: unknown kind {decision['kind']!r}{in_what}; "
                            f"kinds are {choices(kinds)}")
    seat = record_int(decision["seat"], f"{where}: seat")
    if not 0 <= seat < n:
        raise TricksimError(f"{where}: seat {seat} is not a seat of a {n}-player game; "
                            f"seats are 0 to {n - 1}")
    return Decision(number=number, seat=seat, kind=kind, value=decision["value"], fields=decision)


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


def read_card(text, where: str, parse_card) -> int:
    """One card of a record read with the game's ``parse_card``; an unknown card's
    message starts with ``where`` (the field, or the decision)."""
    try:
        return parse_card(text)
    except TricksimError as problem:
        raise TricksimError(f"{where}: {problem}") from None


def card_list(value, where: str, parse_card, numbered: bool = True) -> list[int]:
    """A record's list of cards (``where`` names the field) read with the game's
    ``parse_card``; an unknown card is named by its place, ``hands[1][4]``, unless not
    ``numbered`` (a decision's list: the decision names it)."""
    if not isinstance(value, list):
        raise TricksimError(f"{where} must be a list of cards, not {_short(value)}")
    return [read_card(c, f"{where}[{i}]" if numbered else where, parse_card)
            for i, c in enumerate(value)]


def sorted_names(cards, names) -> list[str]:
    """The names (``names[card]``) of ``cards``, in the order of their ids."""
    return [names[c] for c in sorted(cards)]


def dealt_once(hands: list[list[int]], card_name, others=()) -> dict[int, int]:
    """Card -> index of the list holding it; raises if a card is dealt twice. The lists
    are the seats' hands, then one list for each name in ``others`` (``"the dog"``)."""
    first_other = len(hands) - len(others)

    def place(i: int) -> str:
        return f"seat {i}" if i < first_other else others[i - first_other]

    holder: dict[int, int] = {}
    for s, hand in enumerate(hands):
        for card in hand:
            if card in holder:
                h = holder[card]
                if h == s:
                    where = f"{place(s)} twice"
                elif s < first_other:
                    where = f"seats {h} and {s}"
                else:
                    where = f"{place(h)} and {place(s)}"
                raise TricksimError(f"card {card_name(card)} is dealt twice ({where}); "
                                    f"the pack has one of each card")
            holder[card] = s
    return holder


# -- transcript lines every game's transcript shares ------------------------------

def players_lines(record: dict) -> list[str]:
    """``Players: seat 0 heuristic, seat 1 random, …`` when the record says who played
    each seat (``seat_players``, written by ``tricksim deal``)."""
    names = record.get("seat_players")
    if not names:
        return []
    return ["Players: " + ", ".join(f"seat {s} {name}" for s, name in enumerate(names))]


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
