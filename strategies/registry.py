"""Players by name.

A *player* is a named bundle: one decision function (strategy ABI, see
``abi.py``) that answers every decision kind of a game family, plus a
``params`` row. The command line names a player as

* ``random`` or ``heuristic`` – a built-in of the game's family;
* ``heuristic[bias=0.5,hold=45]`` – a built-in with some params changed;
* ``wizard_tuned`` – a preset: a built-in with params saved under a name
  (``strategies/presets.py``: the package's ``presets.toml`` and the user's file);
* ``package.module:attribute`` – a user's player: a :class:`Player`, or a
  numba function compiled with ``strategies.abi.SIGNATURE`` (then it gets
  zero params), optionally followed by ``[name=value,…]`` for a Player.

A param value must be a finite number, each param given once; a player that
declares ``param_ranges`` (every built-in does) refuses values outside them
before anything runs, so that a nonsense value is never blamed on the player
later as an illegal move. A player that plays several games or variants with
one params row (Pitch's heuristic: Auction's params, then Ten-point's) says
which params each one reads (``variant_params``); a param given for a game or
variant that does not read it is refused, as it would change nothing.
Errors name the player as the user typed it.
"""
from __future__ import annotations

import importlib
import math
import re
from dataclasses import dataclass, field, replace

import numpy as np

from sim.errors import TricksimError, choices
from .abi import KIND_HEURISTIC, KIND_USER, MAX_SLOTS, N_PARAMS, SIGNATURE

_SPEC = re.compile(r"^\s*(?P<name>[A-Za-z0-9_.:]+)\s*(\[(?P<params>[^\]]*)\])?\s*$")


@dataclass(frozen=True)
class Player:
    """A player: its decision function, its kind and its params row."""

    name: str
    family: str
    kind: int
    decide: object                   # numba dispatcher with the ABI signature
    param_names: tuple[str, ...] = ()
    param_values: tuple[float, ...] = ()
    # (lowest, highest) allowed per param, in param_names order; () for none declared
    param_ranges: tuple[tuple[float, float], ...] = ()
    doc: str = ""
    label: str = field(default="", compare=False)
    # what each param means, one line each, in param_names order; () for none written
    param_docs: tuple[str, ...] = ()
    # (game or variant name, the params it reads): a game or variant not listed reads them all
    variant_params: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # the built-in heuristic as the engine compiles it into a game's kernel: a numba
    # function ``(obs, params) -> action``, or {game or variant name: function}
    inline: object = field(default=None, compare=False, repr=False)
    # deals a chunk of a study where this player sits (0: the study's default): a slow
    # player's run keeps its progress bar moving and every core busy
    chunk_deals: int = 0
    # params the player reads as whole numbers (a card strength, a count of trumps):
    # ``tricksim tune`` searches them over integers
    whole_params: tuple[str, ...] = ()

    def params(self) -> np.ndarray:
        row = np.zeros(N_PARAMS, dtype=np.float64)
        row[: len(self.param_values)] = self.param_values
        return row

    def param_range(self, name: str) -> tuple[float, float] | None:
        """The declared (lowest, highest) of a param, or None."""
        if not self.param_ranges:
            return None
        return self.param_ranges[self.param_names.index(name)]

    def allowed(self, name: str) -> str:
        """What a param takes, for messages and listings."""
        bounds = self.param_range(name)
        if bounds is None:
            return "a finite number"
        return f"a number from {bounds[0]:g} to {bounds[1]:g}"

    def meaning(self, name: str) -> str:
        """What a param means (one line), or '' if the player does not say."""
        if not self.param_docs:
            return ""
        return self.param_docs[self.param_names.index(name)]

    def params_of(self, where: str = "") -> tuple[str, ...]:
        """The params a game or variant (by name) reads: all of them unless the player says."""
        for name, used in self.variant_params:
            if name == where:
                return tuple(p for p in self.param_names if p in used)
        return self.param_names

    def with_params(self, assignments: dict[str, str], label: str = "") -> "Player":
        """The player with some params changed; errors name it ``label`` (as typed)."""
        who = label or self.name
        values = list(self.param_values)
        for key, text in assignments.items():
            if key not in self.param_names:
                allowed = choices(self.param_names) if self.param_names else "no params"
                raise TricksimError(f"player {who}: unknown param {key!r}; it takes {allowed}")
            try:
                value = float(text)
            except ValueError:
                raise TricksimError(f"player {who}: param {key}={text!r} is not a number; "
                                    f"{key} takes {self.allowed(key)}") from None
            bounds = self.param_range(key)
            if not math.isfinite(value) or (bounds and not bounds[0] <= value <= bounds[1]):
                raise TricksimError(f"player {who}: param {key}={text} is not allowed; "
                                    f"{key} takes {self.allowed(key)}")
            values[self.param_names.index(key)] = value
        return replace(self, param_values=tuple(values))


_BUILTINS: dict[str, dict[str, Player]] = {}


def register(player: Player) -> Player:
    """Make a player available by name for its game family."""
    _BUILTINS.setdefault(player.family, {})[player.name] = player
    return player


ENTRY_POINT_GROUP = "tricksim.players"
_PLUGINS_LOADED = False


def _load_plugins() -> None:
    """Players of installed packages: each entry point of the ``tricksim.players``
    group is a :class:`Player` (registered for its family) or a module that
    registers its players when imported."""
    global _PLUGINS_LOADED
    if _PLUGINS_LOADED:
        return
    _PLUGINS_LOADED = True
    from importlib.metadata import entry_points
    for point in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda p: p.name):
        try:
            loaded = point.load()
        except Exception as problem:
            raise TricksimError(f"the installed player {point.name!r} ({point.value}) "
                                f"failed to load: {problem}") from None
        if isinstance(loaded, Player):
            register(loaded)


def _load_builtins(family: str) -> dict[str, Player]:
    """The players of a family: ``strategies.<family>`` (the built-ins, or a game
    package's own players module), then the installed packages' players."""
    if family not in _BUILTINS:
        try:
            importlib.import_module(f"strategies.{family}")
        except ModuleNotFoundError as missing:
            if missing.name != f"strategies.{family}":
                raise
    _load_plugins()
    return _BUILTINS.get(family, {})


def available(family: str) -> list[str]:
    return sorted(_load_builtins(family))


def _parse_params(text: str | None, spec: str) -> dict[str, str]:
    out = {}
    for item in (text or "").split(","):
        if not item.strip():
            continue
        if "=" not in item:
            raise TricksimError(f"player {spec!r}: params must read name=value, got {item.strip()!r}")
        k, v = item.split("=", 1)
        if k.strip() in out:
            raise TricksimError(f"player {spec!r}: param {k.strip()} is given twice; give each param once")
        out[k.strip()] = v.strip()
    return out


def resolve(family: str, spec: str, game: str = "", variant: str = "") -> Player:
    """The player a command-line spec names, for a game family.

    Given the ``game`` (and its ``variant``), a param the player does not read
    there is refused too.
    """
    m = _SPEC.match(str(spec))
    if not m:
        raise TricksimError(f"player {spec!r} is not of the form name, name[param=value,…] or module:attribute")
    name, params = m.group("name"), _parse_params(m.group("params"), spec)
    typed = str(spec).strip()
    builtins = _load_builtins(family)
    if ":" in name:
        player = _load_user(family, name)
    elif name in builtins:
        player = builtins[name]
    else:
        from .preset_files import preset_entry
        entry = preset_entry(family, name, typed)
        if entry is None:
            raise TricksimError(
                f"unknown player {name!r} for {family}; built-in players are "
                f"{choices(sorted(builtins))}, a preset (tricksim players {family} lists them), "
                f"or give module:attribute"
            )
        m = _SPEC.match(entry["player"])
        base = m.group("name") if m else ""
        if ":" not in base and base not in builtins:
            raise TricksimError(f"preset {name}: {entry['player']!r} is not a player of {family} "
                                f"with params (a built-in or module:attribute)")
        # the preset's own params count as given: each must apply to the game
        params = {**_parse_params(m.group("params"), entry["player"]), **params}
        # a tuned user's player (tricksim tune -p module:attribute[…] --name) is saved by its path
        player = _load_user(family, base) if ":" in base else builtins[base]
    player = player.with_params(params, typed) if params else player
    if game:
        _check_used(player, params, game, variant, typed)
    return replace(player, label=typed)


def _check_used(player: Player, params: dict, game: str, variant: str, typed: str) -> None:
    """Refuse a param the player does not read in the game's variant: it would change nothing."""
    used = player.params_of(variant or game)
    for key in params:
        if key not in used:
            where = f"{game} {variant}".strip()
            takes = f"takes {choices(used)}" if used else "takes no params"
            raise TricksimError(f"player {typed}: param {key} does not apply to {where} (it is "
                                f"not read there); in {where} {player.name} {takes}")


@dataclass(frozen=True)
class Lineup:
    """The players of a study's lineup slots, resolved once (the runner carries it
    into every task)."""

    players: tuple[Player, ...]

    @classmethod
    def resolve(cls, family: str, specs, game: str = "", variant: str = "") -> "Lineup":
        return cls(tuple(resolve(family, spec, game, variant) for spec in specs))

    def arrays(self):
        """What a kernel needs: ``(kinds, params, fns)``, per lineup slot.

        ``kinds`` (int64[MAX_SLOTS]), ``params`` (float64[MAX_SLOTS, N_PARAMS]) and
        ``fns`` (int64[MAX_SLOTS]): the address of a user's player's compiled
        ``decide`` in its slot, 0 in every other (``sim/call_nb.py``); None when no
        user's player sits at the table (the kernel then compiles without the call:
        docs/architecture.md).
        """
        kinds = np.zeros(MAX_SLOTS, dtype=np.int64)
        params = np.zeros((MAX_SLOTS, N_PARAMS), dtype=np.float64)
        fns = np.zeros(MAX_SLOTS, dtype=np.int64)
        for i, p in enumerate(self.players):
            kinds[i] = p.kind
            params[i] = p.params()
            if p.kind == KIND_USER:
                fns[i] = decide_address(p.decide)
        return kinds, params, (fns if self.has_user_player else None)

    @property
    def has_user_player(self) -> bool:
        """True when a user's player sits in one of the slots."""
        return any(p.kind == KIND_USER for p in self.players)


def decide_address(decide) -> int:
    """The address the kernel calls for a player's ``decide``: compiled with the ABI
    signature (or loaded from numba's cache) on first use. A built-in's decide is
    declared without the signature: a cold process that only imports the players
    compiles none of them."""
    try:
        result = decide.get_compile_result(SIGNATURE)
    except AttributeError:
        raise TricksimError(f"{decide!r} is not a numba function: a player's decide "
                            "must be compiled with numba.njit (strategies/abi.py)") from None
    return result.library.get_pointer_to_function(result.fndesc.llvm_func_name)


def heuristic_of(family: str, where: str):
    """The family's built-in heuristic as the engine inlines it, for a game or
    variant named ``where``; None when the family has none."""
    for player in _load_builtins(family).values():
        if player.kind == KIND_HEURISTIC and player.inline is not None:
            inline = player.inline
            return inline.get(where) if isinstance(inline, dict) else inline
    return None


def heuristic_by_variant(family: str) -> bool:
    """True when the family's built-in heuristic is a function per game or variant
    (``Player.inline`` a dict): each then needs a kernel of its own."""
    return any(p.kind == KIND_HEURISTIC and isinstance(p.inline, dict)
               for p in _load_builtins(family).values())


def _load_user(family: str, target: str) -> Player:
    module_name, _, attr = target.partition(":")
    module = _import_user_module(target, module_name)
    try:
        obj = getattr(module, attr)
    except AttributeError:
        raise TricksimError(f"player {target}: module {module_name!r} has no attribute {attr!r}") from None
    if isinstance(obj, Player):
        if obj.family != family:
            raise TricksimError(f"player {target} plays {obj.family}, not {family}")
        return replace(obj, kind=KIND_USER)
    sigs = getattr(obj, "signatures", None)
    if sigs is None or tuple(SIGNATURE.args) not in [tuple(s) for s in sigs]:
        raise TricksimError(
            f"player {target} must be a strategies.registry.Player or a numba function "
            f"compiled with strategies.abi.SIGNATURE (int64(int64[::1], float64[::1]))"
        )
    return Player(name=target, family=family, kind=KIND_USER, decide=obj)


def _import_user_module(target: str, module_name: str):
    """The module of a user's player, or a one-line error that says how to make it importable."""
    top = module_name.split(".")[0]
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        # only a missing module of the player's own path is the user's PYTHONPATH;
        # anything else is an import inside the module that failed
        own = module_name.split(".")
        if exc.name in {".".join(own[:i]) for i in range(1, len(own) + 1)}:
            raise TricksimError(
                f"player {target}: cannot import module {module_name!r} (no module named {exc.name!r}); "
                f"put the folder that holds {top!r} on PYTHONPATH, or run tricksim from that folder"
            ) from None
        raise TricksimError(f"player {target}: cannot import module {module_name!r}: "
                            f"{_one_line(exc)}") from None
    except Exception as exc:            # the module itself is broken (syntax, a failing import)
        raise TricksimError(f"player {target}: cannot import module {module_name!r}: "
                            f"{_one_line(exc)}") from None


def _one_line(exc: BaseException) -> str:
    return " ".join(f"{type(exc).__name__}: {exc}".split())
