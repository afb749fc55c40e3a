"""numba's cache, one folder per game family (sim/cache.py).

A family's folder is keyed by its own sources and the kit's: an edit to one
game recompiles that game alone, and a kernel compiled in one process is
loaded from the cache in the next.
"""
import json
import shutil
import subprocess
import sys
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


SECOND_PROCESS = """
import json
from numba.core import event

compiles = []
class Listener(event.Listener):
    def on_start(self, ev):
        compiles.append(ev.data["dispatcher"].py_func.__qualname__)
    def on_end(self, ev):
        pass
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
