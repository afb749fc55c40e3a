"""Ctrl-C stops a run at whatever point it comes: exit status 130, the "interrupted"
line, never "run written", and a run that is not marked complete.

A terminal sends Ctrl-C's SIGINT to every process of the command, the parent and
its workers alike; the first test does the same (the run has its own process
group), at points from the warm-up to many chunks in, in an aggregate run whose
parent saves and folds a small cube for every chunk. The others make the two
ways an interrupt was lost happen on purpose: swallowed where Python cannot
raise it (a finalizer), or dropped with a worker's error by joblib, which then
ends its results early.
"""
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sim.engine import Engine
from sim import backends, registry, runner, store
from sim.cli import main
from sim.errors import TricksimError
from sim.study import Study

ROOT = Path(__file__).resolve().parent.parent
CHUNKS = 400

pytestmark = pytest.mark.skipif(not hasattr(os, "killpg"), reason="needs process groups")


@pytest.fixture(autouse=True)
def ctrl_c_as_at_a_terminal():
    """Ctrl-C acts as it does for a command started at a terminal, whatever an earlier
    test left in this process: an ignored SIGINT is inherited by a child process,
    which would then never see one."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def reached(point: str, run: Path) -> bool:
    if point == "manifest":
        return (run / "manifest.json").exists()
    markers = run / "chunks"
    done = len(list(markers.glob("chunk-*.json"))) if markers.is_dir() else 0
    return done >= int(point.split()[0])


@pytest.mark.parametrize("backend, point, jobs", [
    *(("loky", point, 2) for point in ("manifest", "1 chunk", "3 chunks", "10 chunks", "30 chunks")),
    *(("threading", point, 2) for point in ("manifest", "3 chunks", "30 chunks")),
    # one worker: a second thread packages each chunk while the next plays
    *(("threading", point, 1) for point in ("3 chunks", "30 chunks"))])
def test_ctrl_c_stops_an_aggregate_run(tmp_path, backend, point, jobs):
    run = tmp_path / "run"
    command = [sys.executable, "-m", "sim.cli", "simulate", "jupiter", "--aggregate",
               "--games", str(CHUNKS * 20), "--chunk-games", "20", "--jobs", str(jobs),
               "--backend", backend, "--no-progress", "--out", str(run)]
    out, err = tmp_path / "stdout.txt", tmp_path / "stderr.txt"   # pipes: held open by workers
    with out.open("wb") as stdout, err.open("wb") as stderr:
        process = subprocess.Popen(command, cwd=ROOT, stdout=stdout, stderr=stderr,
                                   start_new_session=True)
    try:
        deadline = time.monotonic() + 300
        while not reached(point, run) and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        assert process.poll() is None, f"the run ended before {point}: {err.read_text()}"
        os.killpg(process.pid, signal.SIGINT)
        process.wait(timeout=120)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 130, err.read_text()
    assert "tricksim: interrupted; run the same command again to resume" in err.read_text()
    assert "run written" not in out.read_text()
    if (run / "manifest.json").exists():
        assert json.loads((run / "manifest.json").read_text())["status"] == "running"


class SwallowsAnInterrupt:
    """Its finalizer is where Ctrl-C arrives: Python prints "Exception ignored" for
    a KeyboardInterrupt raised there, and goes on."""

    def __del__(self):
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.2)                     # the handler raises in here


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")   # the point
def test_an_interrupt_swallowed_on_its_way_still_stops_the_run(tmp_path, monkeypatch, capsys):
    real_run_chunk = Engine.run_chunk
    played = []

    def run_chunk(self, first, n_boards, states):
        chunk_index = first // self.study.chunk_boards
        played.append(chunk_index)
        if chunk_index == 1:
            SwallowsAnInterrupt()           # made and finalized at once
        return real_run_chunk(self, first, n_boards, states)

    monkeypatch.setattr(Engine, "run_chunk", run_chunk)
    out = tmp_path / "run"
    status = main(["simulate", "wizard", "--games", "8", "--chunk-games", "2", "--backend", "serial",
                   "--no-progress", "--out", str(out)])
    captured = capsys.readouterr()
    assert status == 130 and "interrupted" in captured.err and "run written" not in captured.out
    assert played == [0, 1]                 # stopped after the chunk it came in
    assert store.load_manifest(out)["status"] == "running"


def test_a_results_stream_that_ends_early_is_never_a_complete_run(tmp_path, monkeypatch):
    real_results = backends.results

    def two_chunks_only(*args):             # what joblib returns when it drops an error
        results = real_results(*args)
        return (result for _, result in zip(range(2), results))

    monkeypatch.setattr(backends, "results", two_chunks_only)
    study = Study.create("wizard", boards=8, chunk_boards=2, seed=3)
    with pytest.raises(TricksimError, match="chunk 2 .* came back from no worker"):
        runner.run_study(study, tmp_path / "run", backend="serial", progress=False)
    assert store.load_manifest(tmp_path / "run")["status"] == "running"
