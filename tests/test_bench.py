"""scripts/bench.py's end-to-end rows run the study of their case, as a user would."""
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from sim.cli import _study_from_args, build_parser

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("bench", ROOT / "scripts" / "bench.py")
bench = importlib.util.module_from_spec(spec)
sys.modules["bench"] = bench          # its dataclasses look their module up
spec.loader.exec_module(bench)


@pytest.mark.parametrize("case", bench.CASES, ids=[c.name for c in bench.CASES])
def test_the_simulate_command_plays_the_kernel_rows_study(case, tmp_path):
    command = bench.simulate_command(case, 7, 1, str(tmp_path / "run"))
    assert command[1:4] == ["-m", "sim.cli", "simulate"]
    study = _study_from_args(build_parser().parse_args(command[3:]))
    kernel = bench.make_study(case, 7)
    assert study.aggregate and not kernel.aggregate
    assert study.key() == kernel.key().replace('"aggregate": false', '"aggregate": true')


def test_an_end_to_end_row_runs_the_cli(tmp_path):
    case = next(c for c in bench.CASES if c.name == "oh_hell-random")
    out = tmp_path / "run"
    subprocess.run(bench.simulate_command(case, 20, 1, str(out)), cwd=ROOT, check=True,
                   capture_output=True)
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["status"] == "complete" and manifest["layout"] == "aggregate"
    assert manifest["study"]["boards"] == 20


def test_an_end_to_end_share_is_taken_against_the_kernel_timed_in_its_round(monkeypatch):
    # each round times the kernel, then the command; the share is the median of the rounds'
    case = bench.Case(**{**next(c for c in bench.CASES if c.name == "oh_hell-random").__dict__, "boards": 40})
    kernels = iter([100.0, 50.0, 200.0])
    monkeypatch.setattr(bench, "kernel_rate", lambda case, boards, jobs: next(kernels))
    walls = iter([0.0, 0.4, 1.0, 1.4, 2.0, 2.4])     # every run takes 0.4 s: 40 / 0.4 = 100 boards/s
    monkeypatch.setattr(bench.time, "perf_counter", lambda: next(walls))
    monkeypatch.setattr(bench.subprocess, "run", lambda *a, **k: None)
    assert bench.bench_end_to_end(case, 3, 1, 1.0) == 1.0      # shares 1.0, 2.0, 0.5


def test_a_records_row_runs_the_study_without_aggregate(tmp_path):
    case = next(c for c in bench.CASES if c.name == "oh_hell-random")
    command = bench.simulate_command(case, 7, 1, str(tmp_path / "run"), aggregate=False)
    study = _study_from_args(build_parser().parse_args(command[3:]))
    assert "--aggregate" not in command and not study.aggregate
    assert study.key() == bench.make_study(case, 7).key()


def test_the_kernel_rate_of_a_round_plays_as_many_boards_as_the_study(monkeypatch):
    case = bench.Case(**{**next(c for c in bench.CASES if c.name == "oh_hell-random").__dict__, "boards": 40})
    played = []
    monkeypatch.setattr(bench, "play", lambda case, boards, chunk: played.append(boards) or (0.5, 0, 0, 0))
    assert bench.kernel_rate(case, 100, 1) == 120 / 1.5         # three runs of 40 boards, 0.5 s each
    assert played == [10, 40, 40, 40]                             # a warm-up, then the runs
