"""The engine beside its references, one core each: the ratios README.md quotes.

    python scripts/bench_references.py                 # 3 interleaved rounds
    python scripts/bench_references.py --rounds 5 --seconds 5

The references, each playing random deals of the same game as an engine row:

- a bare C loop of 4-player 12-card Oh Hell (``scripts/references/ohhell_loop.c``,
  built here with ``gcc -O3 -march=native``): bitmask hands, the engine's generator,
  no records, no options; the most one core does, beside ``oh_hell-random``;
- OpenSpiel 2.0.2's random playouts of ``oh_hell(players=4,num_tricks_fixed=12)`` in
  C++, one process (``scripts/references/openspiel_playouts.py``), the same row;
- jass-kit 2.0.5's random Schieber rounds through its Arena
  (``scripts/references/jasskit_rounds.py``), beside ``schieber-random``.

The two packages go into a venv of their own, made on the first run (``--venv``, else
``$TRICKSIM_REFERENCES_VENV``, else ``~/.cache/tricksim-references``). The engine's rows
are ``scripts/bench.py --case oh_hell-random --cores 1`` and ``--case schieber-random``
(medians of ``--repeats`` runs each, records included).

A round runs every measurement once, in turn; the figures are medians over the rounds,
the ratios medians of each round's ratio. The machine's speed drifts by tens of percent
within minutes when it is shared: quote the ratios, which compare measurements taken
seconds apart, not the absolute figures.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REFERENCES = HERE / "references"
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from bench import CASES, bench_one_core  # noqa: E402

PACKAGES = {"open-spiel": "2.0.2", "jass-kit": "2.0.5"}
COLUMNS = ("C loop", "oh_hell-random", "OpenSpiel C++", "jass-kit", "schieber-random")
# (engine row, reference, how the ratio reads)
RATIOS = (("oh_hell-random", "C loop", "of the bare C loop"),
          ("oh_hell-random", "OpenSpiel C++", "× OpenSpiel's C++ playouts"),
          ("schieber-random", "jass-kit", "× jass-kit"))


def run(command: list[str], what: str) -> str:
    """A command's output; its error (the end of it) in one message when it fails."""
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-5:]
        raise SystemExit(f"bench_references: {what} failed:\n  " + "\n  ".join(tail))
    return done.stdout


def deals_per_s(output: str, what: str) -> float:
    """The rate a reference prints last (``... N deals/s``)."""
    found = re.findall(r"([\d.]+) deals/s", output)
    if not found:
        raise SystemExit(f"bench_references: {what} printed no deals/s:\n{output}")
    return float(found[-1])


def build_c_loop(compiler: str, folder: str) -> str:
    """The C loop built into ``folder``: its path."""
    if shutil.which(compiler) is None:
        raise SystemExit(f"bench_references: no C compiler {compiler!r} on the PATH; the C loop needs "
                         "one (e.g. apt install gcc), or name it with --cc")
    binary = os.path.join(folder, "ohhell_loop")
    run([compiler, "-O3", "-march=native", "-o", binary, str(REFERENCES / "ohhell_loop.c")],
        "building the C loop")
    return binary


def references_python(venv: Path) -> str:
    """The venv's python with the pinned packages, installing them when they are not there."""
    python = venv / "bin" / "python"
    pins = [f"{name}=={version}" for name, version in PACKAGES.items()]
    versions = ("from importlib.metadata import version; "
                f"print(' '.join(version(p) for p in {list(PACKAGES)!r}))")
    if python.exists():
        done = subprocess.run([str(python), "-c", versions], capture_output=True, text=True)
        if done.returncode == 0 and done.stdout.split() == list(PACKAGES.values()):
            return str(python)
    else:
        print(f"making a venv for the references in {venv}", flush=True)
        run([sys.executable, "-m", "venv", str(venv)],
            f"making a venv in {venv} (on Debian/Ubuntu: apt install python3-venv)")
    if subprocess.run([str(python), "-m", "pip", "--version"], capture_output=True).returncode != 0:
        raise SystemExit(f"bench_references: the venv {venv} has no pip; the references are installed "
                         "with it (python -m ensurepip, or apt install python3-pip)")
    print(f"installing {' '.join(pins)} into {venv}", flush=True)
    run([str(python), "-m", "pip", "install", "--quiet", *pins], f"pip install {' '.join(pins)}")
    return str(python)


def one_round(c_loop: str, python: str, seconds: float, repeats: int, seed: int) -> dict[str, float]:
    """Every measurement once, in the order of ``COLUMNS``: deals/s, one core each."""
    cases = {case.name: case for case in CASES}
    timed = ["--seconds", str(seconds), "--seed", str(seed)]
    return {
        "C loop": deals_per_s(run([c_loop, str(seconds), str(seed)], "the C loop"), "the C loop"),
        "oh_hell-random": bench_one_core(cases["oh_hell-random"], repeats)[0],
        "OpenSpiel C++": deals_per_s(run([python, str(REFERENCES / "openspiel_playouts.py"), *timed],
                                         "OpenSpiel"), "OpenSpiel"),
        "jass-kit": deals_per_s(run([python, str(REFERENCES / "jasskit_rounds.py"), *timed],
                                    "jass-kit"), "jass-kit"),
        "schieber-random": bench_one_core(cases["schieber-random"], repeats)[0],
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=3.0, help="length of each reference's run")
    ap.add_argument("--repeats", type=int, default=3, help="runs of each engine row a round (their median)")
    ap.add_argument("--venv", type=Path, help="the references' venv (default: $TRICKSIM_REFERENCES_VENV, "
                    "else ~/.cache/tricksim-references)")
    ap.add_argument("--cc", default="gcc", help="the C compiler (gcc flags)")
    args = ap.parse_args(argv)
    if args.rounds < 1 or args.repeats < 1 or not args.seconds > 0:
        ap.error("--rounds and --repeats must be at least 1, --seconds above 0")
    venv = args.venv or Path(os.environ.get("TRICKSIM_REFERENCES_VENV")
                             or Path.home() / ".cache" / "tricksim-references")
    with tempfile.TemporaryDirectory() as folder:
        c_loop = build_c_loop(args.cc, folder)
        python = references_python(venv.expanduser())
        print(f"{'deals/s, one core':<20}" + "".join(f"{name:>17}" for name in COLUMNS))
        rounds = []
        for r in range(args.rounds):
            rounds.append(one_round(c_loop, python, args.seconds, args.repeats, seed=r + 1))
            print(f"{f'round {r + 1}':<20}" + "".join(f"{rounds[-1][name]:>17,.0f}" for name in COLUMNS),
                  flush=True)
    print(f"{'median':<20}" + "".join(f"{statistics.median(x[name] for x in rounds):>17,.0f}"
                                      for name in COLUMNS))
    print()
    for row, reference, reads in RATIOS:
        ratio = statistics.median(x[row] / x[reference] for x in rounds)
        print(f"{row:<20} {ratio:>8,.{2 if ratio < 10 else 1 if ratio < 100 else 0}f} {reads}")
    print("\nQuote the ratios: each compares measurements of the same round, seconds apart; the"
          "\nabsolute figures move with everything else the machine runs.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
