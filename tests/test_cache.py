"""numba's cache, one folder per game family (sim/cache.py).

A family's folder is keyed by its own sources and the kit's: an edit to one
game recompiles that game alone, and a kernel compiled in one process is
loaded from the cache in the next.
"""
import ast
import json
import shutil
import subprocess
import sys
from pathlib import Path

from sim import cache

ROOT = cache.ROOT


def compiled_modules():
    """Every module of a family that numba compiles or reads constants from."""
    for path in cache._sources(ROOT):
        family = cache.family_of(path)
        if family in (None, "kit"):
            continue
        if path.name.endswith("_nb.py") or path.name in ("obs.py", "cfg.py", "cards.py"):
            yield path, family


def imported_modules(path: Path):
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:         # relative: inside its own package
                continue
            yield node.module, [a.name for a in node.names]
        elif isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, []


def module_file(name: str) -> Path | None:
    base = ROOT.joinpath(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.exists():
            return candidate
    return None


def test_every_family_file_is_classified():
    assert set(cache.families()) == {"wizard", "jass", "tarot", "pitch", "jupiter"}
    assert cache.family_of(ROOT / "sim/games/tarot/step_nb.py") == "tarot"
    assert cache.family_of(ROOT / "strategies/pitch_auction_nb.py") == "pitch"
    assert cache.family_of(ROOT / "strategies/jass_fit.py") == "jass"
    assert cache.family_of(ROOT / "sim/kit_nb.py") == "kit"
    assert cache.family_of(ROOT / "strategies/examples.py") is None
    assert cache.family_of(ROOT / "sim/cli.py") is None
    assert cache.family_of(Path(sys.prefix) / "somewhere_else.py") is None


def test_a_familys_compiled_modules_import_only_the_kit_and_their_family():
    """What makes the family hash complete: nothing compiled in a family can inline
    (or freeze a constant of) a file outside the family and the kit."""
    outside = []
    for path, family in compiled_modules():
        for module, names in imported_modules(path):
            if not module.split(".")[0] in cache.PACKAGES:
                continue
            targets = [module_file(f"{module}.{n}") for n in names] if names else []
            targets = [t for t in targets if t is not None] or [module_file(module)]
            for target in targets:
                if target is None or target.name == "__init__.py" and target.parent.name in cache.PACKAGES:
                    continue
                if cache.family_of(target) not in (family, "kit"):
                    outside.append(f"{path.relative_to(ROOT)} imports {module}")
    assert not outside, outside


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
    after = {f: cache.folder_key(f, root) for f in families}
    changed = {f for f in families if before[f] != after[f]}
    assert changed == {"jupiter", None}
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
import json, sys
from numba.core import event
import sim
from sim import registry
from sim.study import Study

compiles = []
class Listener(event.Listener):
    def on_start(self, ev):
        compiles.append(ev.data["dispatcher"].py_func.__qualname__)
    def on_end(self, ev):
        pass
with event.install_listener("numba:compile", Listener()):
    study = Study.create("oh_hell", lineup=["random"], boards=2, seed=1)
    game = registry.game("oh_hell")
    game.run_chunk(study, 0, 0, 2, __import__("sim.rng_nb", fromlist=["x"]).chunk_states(1, 0))
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
    folders = [p.name for p in Path(cache.base_folder()).iterdir()]
    assert f"numba-{cache.folder_key('wizard')}" in folders
