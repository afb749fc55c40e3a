"""The bare C loop that scripts/bench_references.py measures the engine against plays
the engine's game: built with its checks, it keeps every rule over many deals, and its
bids, scores and tricks are distributed as the engine's random players' are. Without a
compiler or pip the script says which is missing."""
import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from sim.study import Study
from sim.engine import Engine
from sim.rng_nb import chunk_states

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("bench_references", ROOT / "scripts" / "bench_references.py")
bench_references = importlib.util.module_from_spec(spec)
sys.modules.setdefault("bench_references", bench_references)
spec.loader.exec_module(bench_references)

needs_gcc = pytest.mark.skipif(shutil.which("gcc") is None, reason="the C loop needs gcc")


@needs_gcc
def test_the_c_loop_keeps_the_rules_and_plays_as_the_engine_does(tmp_path):
    binary = tmp_path / "ohhell_loop"
    subprocess.run(["gcc", "-O2", "-DCHECKED", "-o", str(binary),
                    str(ROOT / "scripts" / "references" / "ohhell_loop.c")], check=True)
    out = subprocess.run([str(binary), "0.2", "7"], capture_output=True, text=True, check=True).stdout
    assert bench_references.deals_per_s(out, "the C loop") > 0
    score, met, square = (float(x) for x in re.search(
        r"mean score ([\d.]+), bids met ([\d.]+) %, mean square of tricks ([\d.]+)", out).groups())

    # the engine's random players on the same game (4 seats, 12 cards, hook, classic scoring)
    study = Study.create("oh_hell", players=4, lineup=["random"], options={"rounds": "12"},
                         boards=20_000, seed=3)
    deals = Engine(study).run_chunk(0, study.boards, chunk_states(study.seed, 1))["deals"]
    # 80,000 seat-deals: standard errors ~0.1 point of % for the bids met, ~0.01 for the
    # score, ~0.04 for the mean square of tricks (which a winner ignoring trump moves by 0.6)
    assert abs(met - 100 * float((deals["tricks"] == deals["bid"]).mean())) < 0.5
    assert abs(score - float(deals["score"].mean())) < 0.06
    assert abs(square - float((deals["tricks"].astype(float) ** 2).mean())) < 0.2


def test_a_missing_compiler_is_named():
    with pytest.raises(SystemExit, match="no C compiler 'no-such-cc'"):
        bench_references.build_c_loop("no-such-cc", ".")


def test_a_venv_without_pip_is_named(tmp_path):
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(tmp_path / "venv")], check=True)
    with pytest.raises(SystemExit, match="has no pip"):
        bench_references.references_python(tmp_path / "venv")
