"""numba's cache, one folder per game family (sim/cache.py).

A family's folder is keyed by its own sources and the kit's: an edit to one
game recompiles that game alone, and a kernel compiled in one process is
loaded from the cache in the next.
"""
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from sim import cache

ROOT = cache.ROOT


# Python-only modules that a compiled source may import: they hold classes, errors and
# registries, never a constant that compiled code reads.
PYTHON_ONLY = {"sim/errors.py", "sim/options.py", "sim/registry.py", "strategies/registry.py",
               "strategies/__init__.py", "sim/__init__.py"}


def rel(path):
    return path.relative_to(ROOT).as_posix()


def test_a_familys_compiled_sources_import_only_the_kit_and_their_family():
    """What makes a family's folder key complete: nothing its compiled code can inline
    (or freeze a constant of) lies outside the kit and the family's compiled sources."""
    outside = []
    for family in cache.families():
        allowed = set(cache.compiled_sources(family))
        for path in cache.compiled_sources(family):
            for target in cache.imports_of(path):
                if target not in allowed and cache.family_of(target) != "kit" \
                        and rel(target) not in PYTHON_ONLY:
                    outside.append(f"{rel(path)} imports {rel(target)}")
    for path in cache._sources(ROOT):
        if cache.family_of(path) == "kit":
            outside += [f"{rel(path)} imports {rel(t)}" for t in cache.imports_of(path)
                        if cache.family_of(t) != "kit"]
    assert not outside, outside


def test_every_compiled_function_of_a_family_sees_only_its_folders_sources():
    """A family file that numba compiles but no ``*_nb.py`` imports (a fit script, say) still
    imports nothing compiled outside its folder's key."""
    outside = []
    for path in cache._sources(ROOT):
        family = cache.family_of(path)
        if family in (None, "kit") or "njit" not in path.read_text():
            continue
        allowed = set(cache.compiled_sources(family))
        outside += [f"{rel(path)} imports {rel(t)}" for t in cache.imports_of(path)
                    if t.name.endswith("_nb.py") and t not in allowed and cache.family_of(t) != "kit"]
    assert not outside, outside


def test_the_compiled_sources_are_the_nb_modules_and_what_they_import():
    tarot = {rel(p) for p in cache.compiled_sources("tarot")}
    assert {"sim/games/tarot/step_nb.py", "sim/games/tarot/rules_nb.py", "strategies/tarot_nb.py",
            "sim/games/tarot/cards.py"} <= tarot
    assert "sim/games/tarot/replay.py" not in tarot and "sim/games/tarot/game.py" not in tarot


def copy_sources(tmp_path) -> Path:
    root = tmp_path / "tree"
    for package in cache.PACKAGES:
        shutil.copytree(ROOT / package, root / package,
                        ignore=shutil.ignore_patterns("__pycache__"))
    return root


def test_an_edit_to_one_game_changes_that_familys_folder_alone(tmp_path):
    root = copy_sources(tmp_path)
    families = [*cache.families(root), "kit", None]
    before = {f: cache.folder_key(f, root) for f in families}
    step = root / "sim/games/jupiter/step_nb.py"
    step.write_text(step.read_text() + "\n# an edit\n")
    cache.folder_key.cache_clear()
    cache.compiled_sources.cache_clear()
    after = {f: cache.folder_key(f, root) for f in families}
    changed = {f for f in families if before[f] != after[f]}
    assert changed == {"jupiter", None}
    replay = root / "sim/games/jupiter/replay.py"       # Python only: nothing compiled reads it
    replay.write_text(replay.read_text() + "\n# an edit\n")
    cache.folder_key.cache_clear()
    cache.compiled_sources.cache_clear()
    assert {f: cache.folder_key(f, root) for f in families if f is not None} == \
        {f: after[f] for f in families if f is not None}
    cli = root / "sim/cli.py"
    cli.write_text(cli.read_text() + "\n# an edit\n")
    cache.folder_key.cache_clear()
    again = {f: cache.folder_key(f, root) for f in families}
    assert {f for f in families if after[f] != again[f]} == {None}
    kit = root / "sim/kit_nb.py"
    kit.write_text(kit.read_text() + "\n# an edit\n")
    cache.folder_key.cache_clear()
    last = {f: cache.folder_key(f, root) for f in families}
    assert {f for f in families if again[f] != last[f]} == set(families)
    cache.folder_key.cache_clear()


# Counts what numba compiles in a child process (the names of the functions, in ``compiles``).
COUNT_COMPILES = """
import json
from numba.core import event

compiles = []
class Listener(event.Listener):
    def on_start(self, ev):
        compiles.append(ev.data["dispatcher"].py_func.__qualname__)
    def on_end(self, ev):
        pass
"""

SECOND_PROCESS = COUNT_COMPILES + """
# installed before sim is imported: the kit's eagerly typed helpers count too
with event.install_listener("numba:compile", Listener()):
    from sim.engine import Engine
    from sim.rng_nb import chunk_states
    from sim.study import Study
    study = Study.create("oh_hell", lineup=["random", "heuristic"] * 2, boards=2, seed=1)
    Engine(study).run_chunk(0, 2, chunk_states(1, 0))
import numba
print(json.dumps({"compiles": compiles, "cache": numba.config.CACHE_DIR}))
"""


def test_a_kernel_compiled_in_one_process_is_loaded_from_the_cache_in_the_next():
    def run():
        out = subprocess.run([sys.executable, "-c", SECOND_PROCESS], capture_output=True,
                             text=True, check=True, timeout=600)
        return json.loads(out.stdout.strip().splitlines()[-1])

    run()                            # compiles, or loads what an earlier session compiled
    second = run()
    assert second["compiles"] == []
    # the kit's board loop bound to Wizard / Oh Hell: one cache entry of its own, in the
    # family's folder (keyed by the family's sources and the kit)
    family_folder = Path(cache.base_folder()) / f"numba-{cache.folder_key('wizard')}"
    assert list(family_folder.rglob("board_nb.simulate_chunk_nb__wizard-*.nbi"))


TOGETHER = COUNT_COMPILES + """
import os, sys, time
from pathlib import Path
from numba import njit

sys.path.insert(0, {folder!r})
from slow_to_compile import total
from sim.cache import compile_alone

kernel = compile_alone(njit(cache=True)(total))
Path({folder!r}, f"ready-{{os.getpid()}}").touch()
while not os.path.exists({start!r}):      # both processes start compiling at once
    time.sleep(0.001)
with event.install_listener("numba:compile", Listener()):
    kernel(3)
print(json.dumps(compiles))
"""

# long enough to compile (about a second) that two processes started together overlap
SLOW_TO_COMPILE = "def total(n):\n    s = 0\n" + "".join(
    f"    for i{k} in range(n):\n        s += i{k} * {k} % (n + {k})\n" for k in range(60)
) + "    return s\n"


def test_processes_started_together_compile_a_kernel_once(tmp_path):
    """sim.cache.compile_alone: the second process waits for the first and loads its
    compile from the cache instead of compiling it again."""
    (tmp_path / "slow_to_compile.py").write_text(SLOW_TO_COMPILE)
    start = tmp_path / "start"
    script = TOGETHER.format(folder=str(tmp_path), start=str(start))
    env = {**os.environ, "TRICKSIM_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("NUMBA_CACHE_DIR", None)
    env.pop("_TRICKSIM_CACHE_SET", None)
    children = [subprocess.Popen([sys.executable, "-c", script], env=env, text=True,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                for _ in range(2)]
    deadline = time.monotonic() + 120
    while len(list(tmp_path.glob("ready-*"))) < 2 and time.monotonic() < deadline:
        if any(child.poll() is not None for child in children):
            break
        time.sleep(0.01)
    start.touch()
    outputs = [child.communicate(timeout=300) for child in children]
    assert all(child.returncode == 0 for child in children), outputs
    compiles = [json.loads(out.strip().splitlines()[-1]) for out, _ in outputs]
    assert sorted(len(c) for c in compiles) == [0, 1], compiles
