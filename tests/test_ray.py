"""The ray backend: a local instance and a cluster at a scheduler address give the serial digest.

Marked ``ray`` (ray starts slowly): ``pytest -m "not ray"`` deselects them.
"""
import socket
import time

import pytest

pytest.importorskip("ray")

from sim.runner import run_study  # noqa: E402
from sim.store import run_digest  # noqa: E402
from sim.study import Study  # noqa: E402
from cluster_processes import free_port, log_tail, script, start, stop, worker_env  # noqa: E402

# one process runs both: two ray heads at once would contend for its ports
pytestmark = [pytest.mark.ray, pytest.mark.xdist_group("ray")]


def small_study() -> Study:
    """6 boards of 4-player Wizard in 3 chunks."""
    return Study.create("wizard", players=4, lineup=["heuristic", "random"] * 2, boards=6,
                        seed=11, chunk_boards=2)


@pytest.fixture(scope="module", autouse=True)
def no_token_authentication():
    """Ray turns token authentication on when a token file exists (``~/.ray/auth_token``)
    for a head it starts, but a driver that only connects to one does not present it:
    these clusters, on the loopback address alone, go without, driver and head alike."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RAY_AUTH_MODE", "disabled")
        yield


@pytest.fixture(scope="module")
def serial_digest(tmp_path_factory):
    return run_digest(run_study(small_study(), tmp_path_factory.mktemp("serial") / "run",
                                backend="serial", progress=False))


@pytest.fixture
def ray_cluster(tmp_path):
    """A one-node ray cluster of 2 CPUs started with ``ray start --head``, its
    address; stopped afterwards, whatever happens.

    ``--block`` ties the cluster to this one process (and its process group),
    so stopping it touches no other ray instance on the machine.
    """
    ray_cli = script("ray")
    port = free_port()
    log = tmp_path / "ray.log"
    head = start([ray_cli, "start", "--head", f"--port={port}", "--num-cpus=2",
                  "--include-dashboard=false", "--disable-usage-stats",
                  "--node-ip-address=127.0.0.1", "--block"],
                 worker_env(RAY_USAGE_STATS_ENABLED="0"), log)
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert head.poll() is None, f"ray start exited:\n{log_tail(log)}"
                assert time.monotonic() < deadline, f"no ray head after 120 s:\n{log_tail(log)}"
                time.sleep(0.5)
        time.sleep(2)                       # the node registers after the port opens
        yield f"127.0.0.1:{port}"
    finally:
        stop([head], grace=60)


def test_a_local_ray_instance_gives_the_serial_digest(tmp_path, serial_digest):
    run_dir = run_study(small_study(), tmp_path / "ray", jobs=2, backend="ray", progress=False)
    assert run_digest(run_dir) == serial_digest


def test_a_ray_cluster_at_a_scheduler_address_gives_the_serial_digest(tmp_path, serial_digest, ray_cluster):
    run_dir = run_study(small_study(), tmp_path / "ray", jobs=2, backend="ray", scheduler=ray_cluster,
                        progress=False)
    assert run_digest(run_dir) == serial_digest
