"""numba's on-disk cache, one folder per game family.

numba checks only a cached function's own source file before it loads it,
while a game's kernels inline its rules, its built-in players and the kit
from other files: an edit to ``rules_nb.py`` alone would leave a stale
kernel in the cache. So every cached function goes to a folder named by a
hash of all the sources it can inline or read constants from:

* a file of a game family — ``sim/games/<family>/…`` or
  ``strategies/<family>…`` — goes to that family's folder, keyed by the
  kit and the family's *compiled sources*: its ``*_nb.py`` modules and
  every module of the family they import, directly or not (``obs.py``,
  ``cards.py``, …; :func:`compiled_sources`);
* a file of the kit (:data:`KIT`: the compiled pieces every game shares)
  goes to the kit's folder, keyed by the kit alone;
* a compiled module of the analysis (:data:`ANALYSIS`: counting passes
  that inline nothing of the engine) goes to the analysis folder, keyed by
  those modules alone;
* any other file (a user's player, a plug-in game, the example players)
  goes to a folder keyed by every source of ``sim/`` and ``strategies/``,
  as it may inline anything.

An edit to one game's rules therefore recompiles that game alone, and an
edit to a replay, the CLI, the runner or the analysis recompiles nothing.
``tests/test_cache.py`` keeps the premise true: a family's compiled code
imports only the kit and the family's compiled sources.

``NUMBA_CACHE_DIR`` set by the user wins: every function then goes to that
one folder, as numba does by default. ``TRICKSIM_CACHE_DIR`` moves the base
folder (default ``~/.cache/tricksim``).
"""
from __future__ import annotations

import ast
import hashlib
import os
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("sim", "strategies")

# The compiled pieces every game's kernels inline.
KIT = ("sim/bits_nb.py", "sim/borrow_nb.py", "sim/call_nb.py", "sim/kit_nb.py", "sim/rng_nb.py", "sim/board_nb.py",
       "sim/search/hooks_nb.py", "strategies/abi.py")


# The analysis's compiled modules: they import nothing of sim/ or strategies/.
ANALYSIS = ("analysis/sums_nb.py", "analysis/balance_nb.py", "analysis/wizard_nb.py")


def _sources(root: Path) -> list[Path]:
    return sorted(p for package in PACKAGES for p in (root / package).rglob("*.py"))


@lru_cache(maxsize=None)
def families(root: Path = ROOT) -> tuple[str, ...]:
    """The game families: the packages under ``sim/games``."""
    games = root / "sim" / "games"
    return tuple(sorted(p.name for p in games.iterdir()
                        if p.is_dir() and (p / "__init__.py").exists()))


def family_of(path: Path, root: Path = ROOT) -> str | None:
    """The family a source file belongs to, ``"kit"``, or None (anything else)."""
    try:
        rel = path.resolve().relative_to(root).as_posix()
    except ValueError:
        return None
    if rel in KIT:
        return "kit"
    if rel in ANALYSIS:
        return "analysis"
    parts = rel.split("/")
    if parts[:2] == ["sim", "games"] and len(parts) > 3 and parts[2] in families(root):
        return parts[2]
    if parts[0] == "strategies" and len(parts) == 2:
        prefix = parts[1].removesuffix(".py").split("_")[0]
        if prefix in families(root):
            return prefix
    return None


def function_family(py_func, py_file) -> str | None:
    """The family whose folder a compiled function goes to: the game it was bound to
    (a template of ``sim/board_nb.py``, see ``sim/binding.py``), else its file's."""
    if hasattr(py_func, "__tricksim_family__"):
        return py_func.__tricksim_family__
    return family_of(Path(py_file))


def module_path(name: str, root: Path = ROOT) -> Path | None:
    """The source file of module ``name`` under ``root``, if it is there."""
    base = root.joinpath(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def imports_of(path: Path, root: Path = ROOT) -> set[Path]:
    """The files under ``root`` that ``path`` imports (modules, and submodules named in a
    ``from … import``)."""
    package = path.relative_to(root).with_suffix("").parts[:-1]
    if path.name == "__init__.py":
        package = path.relative_to(root).parts[:-1]
    found: set[Path] = set()
    for node in ast.walk(ast.parse(path.read_bytes())):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = list(package[:len(package) - node.level + 1]) if node.level else []
            module = ".".join([*base, *(node.module.split(".") if node.module else [])])
            names = [module, *(f"{module}.{a.name}" for a in node.names)]
        else:
            continue
        found.update(p for p in map(lambda n: module_path(n, root), names) if p is not None)
    return found


@lru_cache(maxsize=None)
def compiled_sources(family: str, root: Path = ROOT) -> tuple[Path, ...]:
    """A family's ``*_nb.py`` modules and the family's modules they import, directly or not."""
    todo = [p for p in _sources(root) if family_of(p, root) == family and p.name.endswith("_nb.py")]
    seen: set[Path] = set()
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        todo.extend(p for p in imports_of(path, root) if family_of(p, root) == family)
    return tuple(sorted(seen))


def _digest(paths, root: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(paths):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


@lru_cache(maxsize=None)
def folder_key(family: str | None, root: Path = ROOT) -> str:
    """The name of the cache folder of ``family`` ("kit", "analysis", a family, or None for the rest)."""
    sources = _sources(root)
    if family is None:
        return "all-" + _digest(sources, root)
    if family == "analysis":
        return "analysis-" + _digest([root / p for p in ANALYSIS], root)
    kit = [p for p in sources if family_of(p, root) == "kit"]
    if family == "kit":
        return "kit-" + _digest(kit, root)
    return f"{family}-" + _digest(kit + list(compiled_sources(family, root)), root)


@lru_cache(maxsize=None)
def engine_hash(family: str, root: Path = ROOT) -> str:
    """A hash of every source that can change a run of ``family``: all of ``sim/``
    and ``strategies/`` but the other families' files (a resumed run checks it)."""
    return _digest([p for p in _sources(root) if family_of(p, root) in (family, "kit", None)], root)


def base_folder() -> str:
    return os.environ.get("TRICKSIM_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"),
        "tricksim")


def folder(family: str | None) -> str:
    return os.path.join(base_folder(), "numba-" + folder_key(family))


def configure() -> None:
    """Point numba's cache at the family folders (once, when ``sim`` is imported)."""
    if os.environ.get("NUMBA_CACHE_DIR") and not os.environ.get("_TRICKSIM_CACHE_SET"):
        return  # the user's choice wins
    import numba
    from numba.core import caching

    fallback = folder(None)
    # Inherited by worker processes; marked as ours, so that a worker installs the
    # family folders as well instead of taking it for the user's choice.
    os.environ["NUMBA_CACHE_DIR"] = fallback
    os.environ["_TRICKSIM_CACHE_SET"] = "1"
    numba.config.CACHE_DIR = fallback
    user_provided = getattr(caching, "UserProvidedCacheLocator", None) or \
        getattr(caching, "_UserProvidedCacheLocator")

    class FamilyCacheLocator(user_provided):
        """numba's user-folder locator with the folder chosen by the file's family."""

        def __init__(self, py_func, py_file):
            super().__init__(py_func, py_file)
            self._cache_path = os.path.join(folder(function_family(py_func, py_file)),
                                            self.get_suitable_cache_subpath(py_file))

        @classmethod
        def from_function(cls, py_func, py_file):
            if not os.path.exists(py_file) or function_family(py_func, py_file) is None:
                return None      # numba's own user-folder locator: the "all" folder
            return super().from_function(py_func, py_file)

    impl = getattr(caching, "CacheImpl", None) or getattr(caching, "_CacheImpl")
    if not any(c.__name__ == "FamilyCacheLocator" for c in impl._locator_classes):
        impl._locator_classes = [FamilyCacheLocator, *impl._locator_classes]


_HELD: set[str] = set()     # the lock files this process holds (under numba's compiler lock)


def compile_alone(dispatcher):
    """``dispatcher``, compiled by one process at a time.

    Processes that start together (a test session's workers, a study's runs)
    would otherwise each compile the same kernel, minutes of work on a cold
    cache (measured: Jass's kernel compiled by both workers of a cold test
    run, 281 s and 249 s side by side). Each compile of the dispatcher takes
    a file lock named by the function; a process that waits for it then finds
    the kernel in numba's cache and loads it. The lock is taken inside
    numba's own compiler lock, so threads of one process never wait on each
    other's file lock. Where ``fcntl`` is missing (Windows) nothing is locked.
    """
    try:
        import fcntl
    except ImportError:      # pragma: no cover - not POSIX
        return dispatcher
    from numba.core.compiler_lock import global_compiler_lock

    compile_now = dispatcher.compile
    path = os.path.join(base_folder(), "locks", dispatcher.py_func.__qualname__ + ".lock")

    def compile_once(sig):
        with global_compiler_lock:
            if path in _HELD:
                # a compile inside its own compile (a recursive function typed anew):
                # this process holds the lock already, and a second flock would wait forever
                return compile_now(sig)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "a") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)
                _HELD.add(path)
                try:
                    return compile_now(sig)
                finally:
                    _HELD.discard(path)
                    fcntl.flock(lock, fcntl.LOCK_UN)

    dispatcher.compile = compile_once
    return dispatcher
