"""The ``tricksim`` command line.

    tricksim games                      games, variants, options and defaults
    tricksim players GAME [-v VARIANT]  built-in players, their params and what they mean
    tricksim simulate GAME [...]        run a study into a run directory
    tricksim study FILE.toml            run every study of a study file, with reports
    tricksim report RUN_DIR             tables, plots and report.md for a run
    tricksim compare RUN_A RUN_B        two runs on the same deals, paired (variant balance)
    tricksim replay FILE.json           check and print a recorded deal
    tricksim solve FILE.json            a recorded deal's card play against the exact solver
    tricksim odds GAME --hand CARDS     a hand's odds: the rest dealt many times, played on
    tricksim deal RUN_DIR --game G      one simulated deal as a replayable record
    tricksim fit differenzler [...]     fit the Jass Differenzler predictor by simulation
    tricksim check-player MODULE:NAME   the conformance checks of a player, per game and variant

Every user error is one line on stderr and exit status 2; no traceback. A
disk that fails under a run (full, taken away) is one line and status 1;
Ctrl-C is one line and status 130. When numba compiles (a game's first run),
one line on stderr says so.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .cli_info import add_info_parsers, cmd_games, cmd_players
from .cli_compare import add_compare_parser, cmd_compare, compare_runs, kept_extension
from .cli_tournament import add_tournament_parser, cmd_tournament
from .cli_tune import add_tune_parser, cmd_tune
from .cli_search import SEARCH_COMMANDS, add_search_parsers
from .errors import TricksimError, counted

BACKENDS = ("threading", "loky", "serial", "numba", "dask", "ray")
# tricksim fit MODEL: the module whose main(argv) fits it
FITS = {"differenzler": "analysis.jass_fit"}


def _add_study_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help="game name (see `tricksim games`)")
    p.add_argument("-v", "--variant", help="the game's variant (see `tricksim games`; default: its first)")
    p.add_argument("-n", "--players", type=int,
                   help="number of players (default: as many as -p names, when it names every "
                        "seat; else the game's default)")
    p.add_argument("-p", "--player", action="append", metavar="SPEC", dest="lineup",
                   help="player for the next seat: a built-in name (`random`, `heuristic`), "
                        "name[param=value,...], or module:attribute; give once for all seats "
                        "or once per seat (default: random)")
    size = p.add_mutually_exclusive_group()
    size.add_argument("-g", "--games", type=int, help="number of boards to deal (default 1000): each is one game, or one game "
                           "per rotation of the players with --seating duplicate")
    size.add_argument("-d", "--deals", type=int,
                      help="number of deals; rounded up to whole games")
    p.add_argument("-s", "--seed", type=int, default=0, help="root seed (default 0)")
    p.add_argument("-o", "--option", action="append", metavar="NAME=VALUE", default=[],
                   help="a rule option (see `tricksim games`); repeat for several")
    p.add_argument("--seating", default="fixed", choices=("fixed", "rotate", "duplicate"),
                   help="fixed: player i at seat i; rotate: players move one seat per game; "
                        "duplicate: every deal is played once per rotation of the players")
    p.add_argument("--aggregate", action="store_true",
                   help="reduce results inside each task (flat memory for huge studies) "
                        "instead of storing every record")
    p.add_argument("--chunk-games", type=int, dest="chunk_boards",
                   help="games per chunk, at least 1 (default: about 250,000 deals): the unit of "
                        "work and of resume; it changes no result (every board has its own "
                        "deal and decision streams), and a run resumed with another value "
                        "keeps its finished chunks")


def _add_run_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("-j", "--jobs", type=int, default=1, help="parallel workers (-1: all cores)")
    p.add_argument("-b", "--backend", default="threading", choices=BACKENDS,
                   help="where chunks run: threading (threads of this process, default), loky "
                        "(local processes), serial, numba (numba threads), dask, ray")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="dask scheduler or ray cluster address (default: a local cluster of "
                        "--jobs workers)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--fresh", action="store_true",
                   help="start afresh: delete the run in the output directory instead of resuming it")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tricksim",
        description="Monte Carlo simulation and strategy analysis for trick-taking card games.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    add_info_parsers(sub)

    p = sub.add_parser("simulate", help="simulate a study into a run directory",
                       description="Deal and play games, store records (or aggregates) in a "
                                   "run directory; resumes an interrupted run of the same study.")
    _add_study_args(p)
    _add_run_args(p)
    p.add_argument("--out", type=Path, help="run directory (default results/<game>[-<variant>]-"
                                            "seed<seed>-<hash of the study>)")
    p.add_argument("--report", action="store_true", help="write the report when done")

    p = sub.add_parser("study", help="run every study of a TOML study file, with reports",
                       description="Run each [[run]] of a TOML study file and write its report; "
                                   "then its comparisons and grids (docs/studies.md).")
    p.add_argument("file", type=Path)
    p.add_argument("--out", type=Path, default=Path("results"), help="parent directory of the runs")
    _add_run_args(p)

    p = sub.add_parser("report", help="tables, plots and report.md for a run",
                       description="Compute the tables and plots of a run directory, print the "
                                   "key tables and write CSV, PNG and report.md into it.")
    p.add_argument("run_dir", type=Path)

    add_compare_parser(sub)
    add_tournament_parser(sub)
    add_tune_parser(sub)

    p = sub.add_parser("fit", help="fit a player's model from simulated deals",
                       description="Fit a player's model from simulated deals. "
                                   "`tricksim fit differenzler --help` shows its options.")
    p.add_argument("model", choices=sorted(FITS), help="what to fit")
    p.add_argument("fit_args", nargs=argparse.REMAINDER,
                   help="the fit's own options (--deals, --seed, --jobs, ...)")

    p = sub.add_parser("replay", help="check a recorded deal and print its transcript",
                       description="Replay a game record (JSON, see docs/records.md): check "
                                   "every decision and print the tricks and the result.")
    p.add_argument("file", type=Path)
    p.add_argument("--json", action="store_true", help="print the replay result as JSON")

    add_search_parsers(sub)
    p = sub.add_parser("deal", help="export one simulated deal as a replayable record",
                       description="Play one board of a finished (or partly finished) run again "
                                   "from its own deal and decision streams (exactly as the run "
                                   "played it), write deal DEAL of game GAME as a record that "
                                   "`tricksim replay` reads, and print its transcript.")
    p.add_argument("run_dir", type=Path)
    p.add_argument("--game", type=int, required=True, help="the game id (the records' game column)")
    p.add_argument("--deal", type=int, default=0,
                   help="the deal of that game, from 0 (the records' deal column; default 0)")
    p.add_argument("--out", type=Path, default=None,
                   help="the record file (default RUN_DIR/deals/game-GAME-deal-DEAL.json)")
    _add_check_player_parser(sub)
    return parser


def _study_from_args(args):
    from .options import parse_assignments
    from .study import Study
    return Study.create(args.game, players=args.players, lineup=args.lineup,
                        options=parse_assignments(args.option), boards=args.games,
                        deals=args.deals, seed=args.seed, seating=args.seating,
                        chunk_boards=args.chunk_boards, aggregate=args.aggregate,
                        variant=args.variant)


def _run(study, out, args) -> tuple[Path, bool]:
    """Play the study into ``out``; return the run directory and whether it was
    complete before (then nothing was played). What the runner has to say
    (already complete, resuming, a new chunk size) goes to stderr."""
    from .runner import run_study
    events = []

    def notify(event: str, message: str) -> None:
        events.append(event)
        print(f"tricksim: {message}", file=sys.stderr, flush=True)

    run_dir = run_study(study, out, jobs=args.jobs, backend=args.backend,
                        scheduler=args.scheduler, progress=not args.no_progress,
                        resume=not args.fresh, notify=notify)
    return run_dir, "complete" in events


def default_out(study) -> Path:
    """results/<game>[-<variant>]-seed<seed>-<hash>: readable, and distinct for
    studies that differ in anything (lineup, options, size, seating)."""
    import hashlib
    short = hashlib.sha256(study.key().encode()).hexdigest()[:8]
    parts = [study.game, study.variant, f"seed{study.seed}", short]
    return Path("results") / "-".join(p for p in parts if p)


def cmd_simulate(args) -> None:
    from . import registry
    from .replay import compile_notice
    # the players compile as the study names them, the engine as the run starts
    with compile_notice(registry.info(args.game).name):
        study = _study_from_args(args)
        run_dir, was_complete = _run(study, args.out or default_out(study), args)
    if not was_complete:
        print(f"run written to {run_dir}")
    if args.report:
        _report(run_dir)


def _report(run_dir: Path) -> None:
    from analysis.report import REPORT_DIR, format_for_terminal, report
    from .files import check_output_dir, writing
    from .store import load_manifest
    load_manifest(run_dir)                       # a run, before asking whether it takes files
    remedy = "the report is written into the run directory: make it writable, or copy the run elsewhere"
    for folder in (Path(run_dir), Path(run_dir) / REPORT_DIR):
        check_output_dir(folder, remedy=remedy)
    with writing(run_dir, remedy):
        tables = report(run_dir)
    print(format_for_terminal(tables))
    print(f"report written to {Path(run_dir) / 'report.md'} and {Path(run_dir) / 'report.html'}")


def cmd_study(args) -> None:
    from .replay import compile_notice
    from .files import check_output_dir
    from .store import load_study
    from .study_file import load_comparisons, load_study_file
    from .study_grid import load_grids
    with compile_notice("players"):        # checking the file loads every player it names
        runs = load_study_file(args.file)
        comparisons = load_comparisons(args.file, runs)
        grids = load_grids(args.file, runs, comparisons)
    check_output_dir(args.out)
    _compile_side_by_side([study for _, study in runs] + [c.study for g in grids for c in g.cells], args)
    # the runs a sequential comparison extends are reported once it is done, at their final size
    extended = {run for _, a, b, request in comparisons if request is not None for run in (a, b)}
    played = set()
    for name, study in runs:
        print(f"== {name}: {study.game}, {study.players} players, {counted(study.boards, 'game')}, "
              f"seating {study.seating}")
        run_dir = args.out / name
        if name in extended and not args.fresh and kept_extension(study, run_dir):
            print(f"{run_dir} holds this run extended to more games by its comparison: kept as it is")
            continue
        with compile_notice(study.game):
            run_dir, was_complete = _run(study, run_dir, args)
        if name not in extended:
            _report(run_dir)
        elif not was_complete:
            played.add(name)
    for name, a, b, request in comparisons:
        print(f"== {name}: {b} against {a} on the same deals")
        before = {run: load_study(args.out / run).boards for run in (a, b)}
        compare_runs(args.out / a, args.out / b, args.out / name, request, args)
        for run in (a, b):
            if run in extended and (run in played or load_study(args.out / run).boards != before[run]):
                _report(args.out / run)
    for grid in grids:
        _run_grid(grid, args)


def _run_grid(grid, args) -> None:
    """Play every cell of a grid into ``OUT/<grid>/<cell>``, then write its report beside them."""
    from analysis.grid import write_grid
    from .files import writing
    from .replay import compile_notice
    from .cli_compare import kept_extension
    out = args.out / grid.name
    for cell in grid.cells:
        print(f"== {grid.name} {cell.name}: {cell.label}; {counted(cell.study.boards, 'game')}")
        if grid.request is not None and not args.fresh and kept_extension(cell.study, out / cell.name):
            print(f"{out / cell.name} holds this cell extended to more games by the grid's precision: "
                  f"kept as it is")
            continue
        with compile_notice(cell.study.game):
            _run(cell.study, out / cell.name, args)
    outcome = None
    if grid.request is not None:
        from analysis.grid import extend_grid
        from .runner import run_study

        def play(study, run_dir):
            run_study(study, run_dir, jobs=args.jobs, backend=args.backend, progress=False, extend=True)
        print(f"== {grid.name}: extending every cell until each is known to {grid.request.precision:g}")
        outcome = extend_grid(grid, out, play)
    with writing(out, "give another --out"):
        path = write_grid(grid, out, ["tricksim", "study", str(args.file), "--out", str(args.out)], outcome)
    print(f"grid written to {path}, {path.with_name('grid.csv')} and {path.with_name('report.html')}")


def _compile_side_by_side(studies, args) -> None:
    """The games of a study file compiled at once, one a process (a first run's wait;
    a warm cache loads them in a moment). Only where the runs' workers share this
    machine's cache."""
    from .backends import warm_side_by_side
    from .engine import Engine
    if args.backend not in ("loky", "numba", "threading") or args.jobs == 1:
        return
    warm_side_by_side([Engine(study) for study in studies], args.jobs,
                      threads=args.backend == "numba")


def cmd_report(args) -> None:
    _report(args.run_dir)


def cmd_fit(args) -> None:
    import importlib
    module = importlib.import_module(FITS[args.model])
    status = module.main(args.fit_args)
    if status:
        raise SystemExit(status)


def cmd_replay(args) -> None:
    import json
    from .replay import compile_notice, load, replay, transcript
    record = load(args.file)
    with compile_notice(f"{record.get('game')} replay"):
        result = replay(record)
    print(json.dumps(result, indent=2) if args.json else transcript(record, result))


def cmd_deal(args) -> None:
    from .deal_export import export_deal
    from .replay import compile_notice, replay, transcript
    from .files import check_output_dir, writing
    from .store import load_study
    game = load_study(args.run_dir).game
    folder = args.out.parent if args.out is not None else args.run_dir / "deals"
    check_output_dir(folder, remedy="give --out FILE in another folder")
    with compile_notice(game), writing(folder, "give --out FILE in another folder"):
        record, path = export_deal(args.run_dir, args.game, args.deal, args.out)
        result = replay(record)
    print(transcript(record, result))
    print(f"record written to {path}", file=sys.stderr)


COMMANDS = {"games": cmd_games, "players": cmd_players, "simulate": cmd_simulate,
            "study": cmd_study, "report": cmd_report, "compare": cmd_compare, "tournament": cmd_tournament,
            "tune": cmd_tune,
            "fit": cmd_fit, "replay": cmd_replay, "deal": cmd_deal, **SEARCH_COMMANDS}


# -- tricksim check-player ------------------------------------------------------------------

def _add_check_player_parser(sub) -> None:
    p = sub.add_parser("check-player", help="check that a player is legal, deterministic and "
                                            "reads only its observation",
                       description="Run the conformance harness on a player: small simulations "
                                   "of every player count and rule setting, the player alone "
                                   "and among the built-ins. One line per game and variant: "
                                   "ok, or what failed at the first offending decision. Exit "
                                   "status 1 when a check fails.")
    p.add_argument("player", help="module:NAME (a Player or a function compiled with "
                                  "strategies.abi.SIGNATURE), params in brackets if you like")
    p.add_argument("game", nargs="?", help="the game (default: every game of the player's family)")
    p.add_argument("-v", "--variant", help="only this variant (default: every variant)")
    p.add_argument("-g", "--games", type=int, default=2,
                   help="boards per player count, rule setting and lineup (default 2)")
    p.add_argument("-s", "--seed", type=int, default=0, help="root seed (default 0)")


def cmd_check_player(args) -> None:
    from sim.conformance import check_player
    from .errors import whole_number
    boards = whole_number("--games", args.games, lowest=1)
    verdicts = check_player(args.player, args.game, args.variant, boards=boards, seed=args.seed,
                            on_verdict=lambda verdict: print(verdict.line(), flush=True))
    if not all(verdict.ok for verdict in verdicts):
        raise SystemExit(1)


COMMANDS["check-player"] = cmd_check_player


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    try:
        COMMANDS[args.command](args)
    except TricksimError as exc:
        print(f"tricksim: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("tricksim: interrupted; run the same command again to resume", file=sys.stderr)
        return 130
    except BrokenPipeError:   # the output went to a pager or `head` that closed early
        sys.stderr.close()
        return 0
    except OSError as exc:    # the disk, not the input: full, or taken away while running
        where = exc.filename2 or exc.filename
        print(f"tricksim: error: {exc.strerror or exc}" + (f": {where}" if where else ""), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
