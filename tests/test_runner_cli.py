"""The runner seen from the command line: output paths, --fresh, and a killed run's workers."""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sim import store
from sim.cli import main
from sim.runner import run_study
from sim.study import Study

ROOT = Path(__file__).resolve().parent.parent


def one_line_error(capsys) -> str:
    # less the line that says numba compiles (a cold cache): not an error
    err = "".join(line for line in capsys.readouterr().err.splitlines(keepends=True)
                  if not line.startswith("tricksim: compiling"))
    assert err.startswith("tricksim: error: ") and err.count("\n") == 1, err
    return err


def test_default_out_differs_between_studies_of_the_same_game(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    base = ["simulate", "wizard", "--games", "2", "--backend", "serial", "--no-progress"]
    assert main(base + ["-p", "random"]) == 0
    assert main(base + ["-p", "heuristic"]) == 0
    assert main(base + ["-p", "random"]) == 0        # the same study: the same directory
    runs = sorted(p.name for p in (tmp_path / "results").iterdir())
    assert len(runs) == 2, runs
    assert all(name.startswith("wizard-seed0-") for name in runs)
    capsys.readouterr()


def test_fresh_starts_a_run_of_another_study_afresh(tmp_path, capsys):
    out = str(tmp_path / "run")
    base = ["simulate", "wizard", "--games", "2", "--backend", "serial", "--no-progress", "--out", out]
    assert main(base + ["--seed", "1"]) == 0
    assert main(base + ["--seed", "2"]) == 2
    one_line_error(capsys)
    assert main(base + ["--seed", "2", "--fresh"]) == 0
    assert store.load_study(out).seed == 2


def test_a_finished_run_says_it_was_already_complete(tmp_path, capsys):
    out = tmp_path / "run"
    command = ["simulate", "wizard", "--games", "2", "--backend", "serial", "--no-progress",
               "--out", str(out)]
    assert main(command) == 0
    assert "run written to" in capsys.readouterr().out
    before = (out / "manifest.json").read_text()
    assert main(command) == 0
    captured = capsys.readouterr()
    assert "run written" not in captured.out
    assert "already complete: nothing to play" in captured.err and captured.err.count("\n") == 1
    assert (out / "manifest.json").read_text() == before, "nothing is played or written again"


def test_another_study_in_the_folder_points_to_fresh(tmp_path, capsys):
    out = str(tmp_path / "run")
    base = ["simulate", "wizard", "--games", "2", "--backend", "serial", "--no-progress", "--out", out]
    assert main(base + ["-p", "random"]) == 0
    assert main(base + ["-p", "heuristic"]) == 2
    err = one_line_error(capsys)
    assert "different study" in err and "--fresh" in err and "delete" not in err and "lineup" in err


def test_a_run_resumed_with_another_chunk_games_says_so_and_adds_up(tmp_path, capsys, monkeypatch):
    from sim.engine import Engine
    real_run_chunk = Engine.run_chunk

    def stop_at_board_4(self, first, *args):
        if first >= 4:
            raise KeyboardInterrupt
        return real_run_chunk(self, first, *args)

    out = tmp_path / "run"
    base = ["simulate", "wizard", "--games", "10", "--backend", "serial", "--no-progress",
            "--out", str(out)]
    monkeypatch.setattr(Engine, "run_chunk", stop_at_board_4)
    assert main(base + ["--chunk-games", "2"]) == 130
    monkeypatch.undo()
    capsys.readouterr()
    assert main(base + ["--chunk-games", "3"]) == 0
    err = capsys.readouterr().err
    assert "chunks of 3 games from now on (they were 2)" in err and "resuming" in err
    whole = tmp_path / "whole"
    assert main(base[:-1] + [str(whole)]) == 0
    assert store.run_digest(out) == store.run_digest(whole)


@pytest.mark.parametrize("value", ["0", "-3"])
def test_chunk_games_below_one_is_a_one_line_error(tmp_path, capsys, value):
    out = tmp_path / "run"
    assert main(["simulate", "wizard", "--games", "2", "--chunk-games", value, "--out", str(out)]) == 2
    assert "chunk games" in one_line_error(capsys)
    assert not out.exists()


def test_simulate_and_compare_onto_a_file_are_one_line_errors(tmp_path, capsys):
    somefile = tmp_path / "somefile"
    somefile.write_text("mine")
    assert main(["simulate", "wizard", "--games", "2", "--no-progress", "--out", str(somefile / "run")]) == 2
    assert "somefile is a file" in one_line_error(capsys)
    study = Study.create("wizard", boards=2, seed=1)
    a = run_study(study, tmp_path / "a", backend="serial", progress=False)
    b = run_study(study, tmp_path / "b", backend="serial", progress=False)
    assert main(["compare", str(a), str(b), "--out", str(somefile)]) == 2
    assert "is a file" in one_line_error(capsys)
    assert somefile.read_text() == "mine"


def test_compare_refuses_runs_of_different_engines(tmp_path, capsys):
    study = Study.create("wizard", boards=2, seed=1)
    a = run_study(study, tmp_path / "a", backend="serial", progress=False)
    b = run_study(study, tmp_path / "b", backend="serial", progress=False)
    manifest = store.load_manifest(b)
    store.write_manifest(b, {**manifest, "code": {**manifest["code"], "engine": "another-engine"}})
    assert main(["compare", str(a), str(b), "--out", str(tmp_path / "cmp")]) == 2
    assert "different tricksim engines" in one_line_error(capsys)


def test_simulate_help_says_the_chunk_size_changes_no_result_and_it_is_so(capsys, tmp_path):
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "it changes no result" in text
    assert "--fresh" in text
    import pandas as pd
    from sim.runner import run_study
    from sim.store import iter_records
    from sim.study import Study
    frames = []
    for chunk in (3, 7, 20):   # random players draw from every board's own stream
        study = Study.create("wizard", lineup=["random", "heuristic", "random"], players=3,
                             boards=20, seed=4, chunk_boards=chunk)
        run = run_study(study, tmp_path / f"c{chunk}", backend="serial", progress=False)
        frames.append(pd.concat(list(iter_records(run, "deals")), ignore_index=True))
    assert frames[0].equals(frames[1]) and frames[0].equals(frames[2])


# -- a killed run takes its workers with it ----------------------------------------
def children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_killed_run_leaves_no_worker_behind(tmp_path, signum):
    # chunks that take far longer than the wait below: a surviving worker would show
    command = [sys.executable, "-m", "sim.cli", "simulate", "wizard", "--games", "400000",
               "--chunk-games", "100000", "--jobs", "2", "--backend", "loky", "--no-progress",
               "--out", str(tmp_path / "run")]
    log = tmp_path / "stderr.txt"           # a pipe would be held open by surviving workers
    with log.open("wb") as stderr:
        parent = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=stderr)
    try:
        deadline = time.monotonic() + 300
        workers = set()
        while time.monotonic() < deadline and len(workers) < 2 and parent.poll() is None:
            time.sleep(0.5)
            workers = {pid for pid in children(parent.pid)
                       if b"loky" in (Path("/proc") / str(pid) / "cmdline").read_bytes()}
        assert len(workers) >= 2, "the run never started its workers"
        time.sleep(2)                       # the workers are playing their chunks now
        parent.send_signal(signum)
        parent.wait(timeout=60)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(alive(pid) for pid in workers):
            time.sleep(0.5)
        survivors = [pid for pid in workers if alive(pid)]
        for pid in survivors:
            os.kill(pid, signal.SIGKILL)
        assert not survivors
        assert parent.returncode == 130, log.read_text()
        assert "interrupted; run the same command again to resume" in log.read_text()
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()
