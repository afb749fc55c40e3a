"""An output folder that cannot be written: one line that says where and why, from
every command that writes (simulate, study, deal, compare, report), and nothing
half-written."""
import os
import shutil
from pathlib import Path

import pytest

from sim.cli import main

AS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
HAS_PROC = Path("/proc/self").is_dir()


def cli_error(capsys, *argv) -> str:
    assert main([str(a) for a in argv]) == 2
    err = without_compile_notice(capsys.readouterr().err).strip()
    assert "\n" not in err and "Traceback" not in err
    return err


def without_compile_notice(err: str) -> str:
    """stderr without the line that says numba compiles (a cold cache): not an error."""
    return "".join(line for line in err.splitlines(keepends=True)
                   if not line.startswith("tricksim: compiling"))


@pytest.fixture(scope="module")
def finished_run(tmp_path_factory):
    run = tmp_path_factory.mktemp("runs") / "run"
    assert main(["simulate", "wizard", "--games", "2", "--backend", "serial", "--no-progress",
                 "--out", str(run)]) == 0
    return run


def unwritable(kind: str, tmp_path: Path) -> Path:
    """A folder tricksim cannot create files in, of the given kind."""
    if kind == "proc":
        if not HAS_PROC:
            pytest.skip("no /proc here")
        return Path("/proc") / f"tricksim-{os.getpid()}"
    if kind == "file":
        blocker = tmp_path / "a-file"
        blocker.write_text("not a folder")
        return blocker / "out"
    if AS_ROOT:
        pytest.skip("chmod does not stop root from writing")
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o555)
    return folder / "out"


KINDS = ["proc", "file", "read-only"]


def argv_of(command: str, out: Path, run: Path) -> list:
    return {
        "simulate": ["simulate", "wizard", "--games", "2", "--backend", "serial", "--no-progress",
                     "--out", out],
        "study": ["study", Path(__file__).parent.parent / "scripts" / "default_study.toml", "--out", out],
        "deal": ["deal", run, "--game", "0", "--out", out / "deal.json"],
        "compare": ["compare", run, run, "--out", out],
        "tournament": ["tournament", "wizard", "-p", "random", "-p", "heuristic", "--boards", "1",
                       "--bootstrap", "0", "--out", out],
    }[command]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("command", ["simulate", "study", "deal", "compare", "tournament"])
def test_an_unwritable_out_is_one_line(capsys, tmp_path, finished_run, command, kind):
    out = unwritable(kind, tmp_path)
    err = cli_error(capsys, *argv_of(command, out, finished_run))
    assert "cannot write to" in err and "--out" in err
    assert str(out) in err or str(out.parent) in err
    assert not out.exists()


def test_a_run_that_takes_no_report_is_one_line(capsys, tmp_path, finished_run):
    run = tmp_path / "run"
    shutil.copytree(finished_run, run)
    (run / "report.md").mkdir()                # the report's file cannot be made
    err = cli_error(capsys, "report", run)
    assert "cannot write to" in err and "report.md" in err


@pytest.mark.skipif(AS_ROOT, reason="chmod does not stop root from writing")
def test_a_read_only_run_takes_no_report_and_says_so(capsys, tmp_path, finished_run):
    run = tmp_path / "run"
    shutil.copytree(finished_run, run)
    run.chmod(0o555)
    try:
        err = cli_error(capsys, "report", run)
    finally:
        run.chmod(0o755)
    assert "cannot write to" in err and str(run) in err
    assert not (run / "report.md").exists()
