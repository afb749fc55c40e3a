"""Templates bound to a game: one compiled copy of the kit's board loop per game.

numba compiles a function with the globals it finds when it compiles, and
caches it on disk by its source file and its name. Closures and dispatchers
passed as arguments never hit that cache (measured: every combination
recompiled in every process). So :func:`bind` re-creates each template of
``sim/board_nb.py`` as a plain function over a namespace that holds one
game's hooks (and, for the kernels, its family's heuristic), gives it a name
of that game's own (``simulate_chunk_nb__wizard``) and compiles it with
``cache=True``: the first process compiles it, every later one loads it,
one cache entry per game (``tests/test_cache.py`` runs a kernel in a second
process and asserts that nothing compiles). The bound function carries its
family (``__tricksim_family__``) so that ``sim/cache.py`` files it in that
family's cache folder, which is keyed by the family's sources: an edit to a
game's rules or players recompiles that game alone.
"""
from __future__ import annotations

import hashlib
import types
from pathlib import Path
from types import SimpleNamespace

from numba import njit
from numba.core.registry import CPUDispatcher as Dispatcher

from . import board_nb
from .cache import compile_alone
from .errors import TricksimError

_BOUND: dict[tuple, SimpleNamespace] = {}


def bind(unit: str, family: str | None, hooks: dict, templates, needs=board_nb.HOOKS,
         label: str = "", source=board_nb) -> SimpleNamespace:
    """The templates named in ``templates`` (``board_nb.KERNELS`` or ``board_nb.STEPS``;
    those of another module of templates, ``source``, such as the solver's
    ``sim/search/solve_nb.py``) bound to ``hooks`` (a game's ``step_nb`` module's names, plus its family's
    heuristic for the kernels), as compiled functions in a namespace. A hook of
    ``needs`` the game leaves out is the kit's default (``board_nb.DEFAULTS``),
    bound the same way.

    A game's own compiled functions that ask a player (they call the template
    ``ask_player_nb``, directly or through one another) are bound too, so that
    they call the bound copy: the game writes its fast play loop with the
    players' calls where they belong, and the players are compiled in there.
    ``unit`` names the bound copies (one per game: it must differ between games
    whose hooks differ); ``family`` chooses the cache folder (None: the folder
    of code outside tricksim).
    """
    key = (unit, source.__name__, tuple(name for name, _ in templates))
    if key in _BOUND:
        return _BOUND[key]
    defaults = [(hook, getattr(board_nb, template), options)
                for hook, template, options in board_nb.DEFAULTS
                if hook in needs and hook not in hooks]
    missing = [name for name in needs
               if name not in hooks and name not in {hook for hook, _, _ in defaults}]
    if missing:
        raise TricksimError(f"{label or unit}: its step module lacks {', '.join(missing)} "
                            f"(docs/new_game.md lists what a game supplies)")
    # the order of binding: a function is bound after every function it calls; a
    # default hook that asks a player comes right after the template that asks
    asks = [d for d in defaults if "ask_player_nb" in d[1].__code__.co_names]
    plan = [d for d in defaults if d not in asks]
    for name, options in templates:
        plan.append((name, getattr(source, name), options))
        if name == "ask_player_nb":
            plan += asks
    namespace = dict(vars(source))
    namespace.update({k: v for k, v in hooks.items() if not k.startswith("__")})
    bound = SimpleNamespace()
    for name, template, options in plan:
        compiled = _bound_copy(template, namespace, unit, family, options, name)
        namespace[name] = compiled         # a later function calls the bound copy
        setattr(bound, name, compiled)
    for name in _asking(namespace, {name for name, _, _ in plan}):
        namespace[name] = _bound_copy(namespace[name].py_func, namespace, unit, family,
                                      _options(namespace[name]))
        setattr(bound, name, namespace[name])
    _BOUND[key] = bound
    return bound


def _asking(namespace: dict, asked: set[str]) -> list[str]:
    """The compiled functions of ``namespace`` that call one of ``asked``, directly or
    through one another (their code names it)."""
    found: list[str] = []
    while True:
        more = [name for name, value in namespace.items()
                if name not in found and name not in asked and isinstance(value, Dispatcher)
                and not hasattr(value.py_func, "__tricksim_unit__")    # bound already
                and (asked | set(found)) & set(value.py_func.__code__.co_names)]
        if not more:
            return found
        found += more


def _options(dispatcher) -> dict:
    """The numba options a compiled function was made with (inline, nogil, …)."""
    return {k: v for k, v in dispatcher.targetoptions.items()
            if k in ("inline", "nogil", "parallel", "fastmath", "boundscheck", "error_model")}


def _bound_copy(function, namespace: dict, unit: str, family: str | None, options: dict,
                name: str | None = None):
    """``function``'s code over ``namespace``, compiled (cached) as ``<name>__<unit>``
    (``name``: the function's own by default)."""
    name = name or function.__name__
    copy = types.FunctionType(function.__code__, namespace, name, function.__defaults__)
    copy.__qualname__ = f"{name}__{unit}"
    copy.__doc__ = function.__doc__
    copy.__tricksim_family__ = family
    copy.__tricksim_unit__ = unit
    return compile_alone(njit(cache=True, **options)(copy))


def binding_name(module, family: str) -> tuple[str, str | None]:
    """(the name of a step module's bound copies, the family whose cache folder
    they go to). A built-in game is named by its package (``wizard``,
    ``pitch_auction``) and cached with its family; a plug-in game outside
    tricksim also by a hash of its package's sources, as numba alone checks
    only the template's file."""
    parts = module.__name__.split(".")
    stem = parts[-1].removesuffix("step_nb").strip("_")
    if parts[:2] == ["sim", "games"]:
        return "_".join(p for p in (parts[2], stem) if p), family
    folder = Path(module.__file__).parent
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*.py")):
        digest.update(path.read_bytes())
    return "_".join(p for p in (parts[0], stem, digest.hexdigest()[:12]) if p), None
