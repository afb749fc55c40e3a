"""``tricksim compare``: two runs dealt the same cards, paired board by board.

Without more, the two finished runs are compared as they are
(``analysis/compare.py``). With ``--precision`` or ``--sprt``, both are
first extended a chunk at a time, on the same boards, until the confidence
sequence of the game total's difference is narrow enough or the sequential
test decides (``analysis/compare_sequential.py``); the comparison then adds
how and when it stopped. ``tricksim study`` compares through
:func:`compare_runs` too.
"""
from __future__ import annotations

import argparse
from pathlib import Path

from .backends import BACKENDS
from .errors import TricksimError


def add_compare_parser(sub) -> None:
    p = sub.add_parser("compare", help="compare two runs dealt the same cards (variants, players)",
                       description="Paired comparison of two record runs of the same game, "
                                   "seed, boards and seating (so dealt the same cards): mean "
                                   "game total and win rate, B - A, board by board. With "
                                   "--precision or --sprt, both runs are first extended a chunk at "
                                   "a time until the answer is clear (docs/studies.md).")
    p.add_argument("run_a", type=Path)
    p.add_argument("run_b", type=Path)
    p.add_argument("--out", type=Path, help="where to write compare.md and CSV files "
                                            "(default: RUN_B/compare)")
    _add_sequential_args(p)


def _add_sequential_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--precision", type=float, metavar="W",
                   help="extend both runs a chunk at a time until the confidence sequence of the "
                        "game total's difference (valid at every look) is at most W wide")
    p.add_argument("--sprt", metavar='"A>B by D"',
                   help="extend both runs a chunk at a time until a sequential test decides "
                        "between a difference of 0 and of D game-total points (A, B or the runs' "
                        "folder names)")
    p.add_argument("--max-boards", type=int, metavar="N",
                   help="stop extending at N games per run (default: 4 times the runs' games)")
    p.add_argument("--alpha", type=float, help="error rate of the confidence sequence and the "
                                               "test's false positives (default 0.05)")
    p.add_argument("--beta", type=float, help="the test's false negatives (default 0.05)")
    p.add_argument("-j", "--jobs", type=int, default=1, help="parallel workers extending a run (-1: all cores)")
    p.add_argument("-b", "--backend", default="threading", choices=BACKENDS,
                   help="where the chunks that extend a run play (default threading)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="dask scheduler or ray cluster address for those chunks (default: a local "
                        "cluster of --jobs workers)")


def _sequential_request(args):
    """The request of --precision, --sprt and the rest, or None when none was given."""
    from analysis.compare_sequential import REQUEST_OPTIONS, request_of
    return request_of({k: getattr(args, k, None) for k in REQUEST_OPTIONS})


def compare_runs(run_a: Path, run_b: Path, out: Path, request=None, args=None) -> None:
    """Compare two runs (extended first when ``request`` asks), print it and write it into ``out``."""
    from analysis.compare import compare, comparison_text, write_comparison
    from .files import check_output_dir, writing
    from .store import load_manifest
    check_output_dir(out)
    # another engine may deal other cards: the pairing would be meaningless
    engines = {run: load_manifest(run).get("code", {}).get("engine") for run in (run_a, run_b)}
    if None not in engines.values() and len(set(engines.values())) > 1:
        raise TricksimError(f"{run_a} and {run_b} were played by different tricksim engines; "
                            f"play both with the same one to compare them")
    sequential = _extend(run_a, run_b, request, args) if request is not None else None
    tables = compare(run_a, run_b)
    if sequential is not None:
        from analysis.compare_sequential import looks_table, outcome_sentences
        tables.summary[:0] = outcome_sentences(*sequential)
        tables["sequential"] = looks_table(sequential[0])
    print(comparison_text(tables))
    print()
    with writing(out, "give another --out"):
        path = write_comparison(tables, out, _command(run_a, run_b, out, request))
    print(f"comparison written to {path} and {path.with_name('report.html')}")


def _command(run_a: Path, run_b: Path, out: Path, request) -> list[str]:
    """``tricksim compare`` with the options that made this comparison (for its report.html)."""
    command = ["tricksim", "compare", str(run_a), str(run_b), "--out", str(out)]
    if request is not None:
        from analysis.compare_sequential import REQUEST_OPTIONS
        for name in REQUEST_OPTIONS:
            if getattr(request, name) is not None:
                command += [f"--{name.replace('_', '-')}", str(getattr(request, name))]
    return command


def _extend(run_a: Path, run_b: Path, request, args):
    """Both runs extended look by look (analysis/compare_sequential.py); the outcome and measure."""
    from analysis.compare_sequential import extend_and_compare
    from .replay import compile_notice
    from .runner import run_study
    from .store import load_study

    def play(study, run_dir):
        run_study(study, run_dir, jobs=getattr(args, "jobs", 1), backend=getattr(args, "backend", "serial"),
                  scheduler=getattr(args, "scheduler", None), progress=False, extend=True)

    with compile_notice(load_study(run_a).game):
        return extend_and_compare(run_a, run_b, request, play)


def cmd_compare(args) -> None:
    compare_runs(args.run_a, args.run_b, args.out or args.run_b / "compare", _sequential_request(args), args)


def kept_extension(study, run_dir: Path) -> bool:
    """Whether ``run_dir`` holds ``study`` complete on more games: a run that a sequential
    comparison of a study file extended, which running the file again keeps as it is."""
    from .store import MANIFEST, load_manifest, load_study
    if not (Path(run_dir) / MANIFEST).is_file():
        return False
    manifest = load_manifest(run_dir)
    held = load_study(run_dir, manifest)
    return (manifest["status"] == "complete" and held.boards > study.boards
            and [field for field, _, _ in study.differences(held)] == ["boards"])
