"""Starting and stopping the processes of a test cluster (dask's and ray's command lines).

Each process runs in its own process group (``start_new_session``), so
stopping it ends its children too (a dask nanny's worker, ray's raylet),
and nothing of another cluster on the machine.
"""
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def script(name: str) -> str:
    """The path of a package's command-line script: the one beside this Python
    (a venv holding the package), the base installation's (a venv that sees it
    through its system site packages has no script of its own), else on PATH.
    Skips the test when there is none, except on CI, where it must be there."""
    folders = [Path(sys.executable).parent, Path(sys.base_prefix) / "bin"]
    for folder in folders:
        if (folder / name).is_file() and os.access(folder / name, os.X_OK):
            return str(folder / name)
    found = shutil.which(name)
    if found:
        return found
    if os.environ.get("CI"):
        raise AssertionError(f"the `{name}` command is not installed beside {sys.executable} nor on PATH")
    pytest.skip(f"the `{name}` command is not installed beside {sys.executable} nor on PATH")


def worker_env(**extra) -> dict:
    """The environment of a cluster's processes: this checkout and the tests'
    modules importable (as a user's modules must be on every worker), numba's
    cache shared with the test (the workers load what it compiled)."""
    paths = [str(ROOT), str(ROOT / "tests"), os.environ.get("PYTHONPATH", "")]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p)}
    env.update(extra)
    return env


def start(command: list[str], env: dict, log: Path) -> subprocess.Popen:
    """Start ``command`` in a process group of its own, its output to ``log``."""
    with open(log, "wb") as out:
        return subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)


def stop(processes: list[subprocess.Popen], grace: float = 20) -> None:
    """SIGTERM each process (it stops its own children: a dask nanny its worker,
    ``ray start --block`` its node), then SIGKILL whatever is left of its process
    group after ``grace`` seconds."""
    for process in processes:
        if process.poll() is None:
            process.terminate()
    deadline = time.monotonic() + grace
    for process in processes:
        try:
            process.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            pass
        _signal_group(process, signal.SIGKILL)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:   # pragma: no cover - a process that ignores SIGKILL
            pass


def _signal_group(process: subprocess.Popen, signum: int) -> None:
    try:
        os.killpg(process.pid, signum)
    except (ProcessLookupError, PermissionError):
        pass


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def log_tail(log: Path, lines: int = 20) -> str:
    try:
        return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""
