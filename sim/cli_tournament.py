"""``tricksim tournament``: several players of one game, every seating, the same deals.

The tables are planned and played by ``sim/tournament.py``, the ratings and
pair differences computed by ``analysis/tournament.py``. With ``--precision``
or ``--sprt`` every table is then extended, the same new boards at each,
until every pair is known that precisely or the test decides
(``analysis/tournament_sequential.py``).
"""
from __future__ import annotations

from pathlib import Path

from .backends import BACKENDS
from .errors import TricksimError


def add_tournament_parser(sub) -> None:
    p = sub.add_parser("tournament", help="rank several players: every seating on the same deals",
                       description="Play every seating of the players on the same deals (every "
                                   "permutation over the seats; in team games every pairing of "
                                   "two players as teams, from both sides), then rate them "
                                   "(Bradley–Terry or Plackett–Luce, bootstrap intervals over "
                                   "boards) and compare every pair on the same games. With "
                                   "--precision or --sprt, every table is extended on the same new "
                                   "boards until every pair is known (docs/studies.md, Tournaments).")
    p.add_argument("game", help="game name (see `tricksim games`)")
    p.add_argument("-v", "--variant", help="the game's variant (default: its first)")
    p.add_argument("-p", "--player", action="append", metavar="SPEC", dest="entrants", default=[],
                   help="a player entered: a built-in name, name[param=value,...] or "
                        "module:attribute (docs/strategies.md); at least two, each once")
    p.add_argument("-n", "--players", type=int,
                   help="seats at a table (default: as many as players entered when the game "
                        "allows it, else the game's default)")
    p.add_argument("-g", "--boards", type=int, default=200,
                   help="boards (deals of whole games) every table plays, in every rotation "
                        "(default 200)")
    p.add_argument("-s", "--seed", type=int, default=0, help="root seed (default 0)")
    p.add_argument("-o", "--option", action="append", metavar="NAME=VALUE", default=[],
                   help="a rule option (see `tricksim games`); repeat for several")
    p.add_argument("--bootstrap", type=int, default=None, metavar="B",
                   help="bootstrap refits of the ratings (default 200; 0: no intervals)")
    p.add_argument("--out", type=Path, help="where to write the tables' runs, CSV files, "
                                            "tournament.md, report.html and tournament.png / .svg "
                                            "(default: results/tournament-<game>-seed<seed>)")
    p.add_argument("--fresh", action="store_true",
                   help="play every table afresh (by default a table already played in --out "
                        "is kept, and a table there of another tournament is an error)")
    p.add_argument("-j", "--jobs", type=int, default=1, help="parallel workers (-1: all cores)")
    p.add_argument("-b", "--backend", default="threading", choices=BACKENDS,
                   help="where chunks run (default threading)")
    p.add_argument("--precision", type=float, metavar="W",
                   help="extend every table, the same new boards at each, until every pair's "
                        "confidence sequence of its game-total difference (valid at every look) "
                        "is at most W wide")
    p.add_argument("--sprt", metavar='"A>B by D"',
                   help="extend every table until a sequential test decides between a difference "
                        "of 0 and of D game-total points between players A and B (each its spec "
                        "as entered, or its number: 1 for the first -p)")
    p.add_argument("--max-boards", type=int, metavar="N",
                   help="stop extending at N boards per table (default: 4 times --boards)")
    p.add_argument("--look-boards", type=int, metavar="N",
                   help="boards added to every table between two looks (default: --boards)")
    p.add_argument("--alpha", type=float, help="error rate of the confidence sequences and the "
                                               "test's false positives (default 0.05)")
    p.add_argument("--beta", type=float, help="the test's false negatives (default 0.05)")


def cmd_tournament(args) -> None:
    from analysis.tournament import DEFAULT_BOOTSTRAP
    from .errors import whole_number
    from .options import parse_assignments
    from .replay import compile_notice
    from .tournament import Tournament
    bootstrap = whole_number("--bootstrap", DEFAULT_BOOTSTRAP if args.bootstrap is None
                             else args.bootstrap, lowest=0)
    from analysis.compare_sequential import REQUEST_OPTIONS, request_of
    request = request_of({k: getattr(args, k) for k in REQUEST_OPTIONS})
    if args.look_boards is not None and request is None:
        raise TricksimError("--look-boards needs --precision or --sprt: what to stop on")
    # one notice for the players (compiled as the tables are planned) and the engine
    with compile_notice(args.game):
        tournament = Tournament.create(args.game, args.entrants, variant=args.variant,
                                       players=args.players, options=parse_assignments(args.option),
                                       boards=args.boards, seed=args.seed)
        out = args.out or Path("results") / "-".join(
            p for p in ("tournament", tournament.game, tournament.variant, f"seed{tournament.seed}") if p)
        run_and_write(tournament, out, bootstrap, jobs=args.jobs, backend=args.backend, fresh=args.fresh,
                      request=request, look_boards=args.look_boards)


def run_and_write(tournament, out: Path, bootstrap: int, jobs: int = 1, backend: str = "threading",
                  fresh: bool = False, request=None, look_boards: int | None = None):
    """Play the tournament into ``out`` (extended while ``request`` asks, an
    :class:`analysis.compare_sequential.Request`), print its summary and write its files;
    the tables."""
    import dataclasses
    import pandas as pd
    from analysis.tournament import pair_differences, ratings, tournament_text, write_tournament
    from .files import check_output_dir, writing
    from .tournament import results, run_tournament
    names = list(tournament.entrants)
    if request is not None:
        from analysis.tournament_sequential import check
        check(request, tournament.boards, names, look_boards)      # before anything is played
    check_output_dir(out)
    outcome, lead, looks, played = None, [], None, tournament
    with writing(out, "give another --out"):
        frame = run_tournament(tournament, out, jobs=jobs, backend=backend, fresh=fresh,
                               keep_extended=request is not None)
        if request is not None:
            from analysis.tournament_sequential import extend_tournament, looks_table, outcome_sentences
            from .runner import run_study

            def play(study, run_dir):
                run_study(study, run_dir, jobs=jobs, backend=backend, progress=False, extend=True)
            print(f"extending every table, {look_boards or tournament.boards:,} boards a look, "
                  f"until {_goal(request)}")
            outcome = extend_tournament(tournament, out, request, play, look_boards)
            # the tables may hold more boards than the looks used (an earlier, longer extension)
            frame = results(tournament, out)
            frame = frame[frame["board"] < outcome.boards].reset_index(drop=True)
            played = dataclasses.replace(tournament, boards=outcome.boards)
            lead, looks = outcome_sentences(outcome, names), looks_table(outcome)
    rated = ratings(frame, names, tournament.seed, bootstrap)
    pairs = pair_differences(frame, names)
    if outcome is not None:
        from analysis.tournament_sequential import with_sequences
        pairs = with_sequences(pairs, outcome, names)
    seatings = pd.DataFrame({"table": range(len(tournament.lineups)),
                             "lineup": [" ".join(names[i] for i in lineup) for lineup in tournament.lineups]})
    seatings.attrs["title"] = "Tables (lineup by seat in rotation 0; each board is played in every rotation)"
    print(tournament_text(played, rated, pairs, lead))
    command = tournament_command(tournament, out, bootstrap, request, look_boards)
    with writing(out, "give another --out"):
        path = write_tournament(played, rated, pairs, seatings, out, command, lead, looks)
    print(f"\ntournament written to {path} and {path.with_name('report.html')}")
    return rated, pairs


def _goal(request) -> str:
    goals = []
    if request.precision is not None:
        goals.append(f"every pair's confidence sequence is at most {request.precision:g} wide")
    if request.sprt is not None:
        goals.append(f"the SPRT {request.sprt} decides")
    return " or ".join(goals)


def tournament_command(tournament, out, bootstrap: int | None = None, request=None,
                       look_boards: int | None = None) -> list[str]:
    """``tricksim tournament …`` that plays ``tournament`` again into ``out`` (for its report.html)."""
    command = ["tricksim", "tournament", tournament.game]
    if tournament.variant:
        command += ["--variant", tournament.variant]
    command += ["-n", str(tournament.players)]
    for spec in tournament.entrants:
        command += ["-p", spec]
    for key, value in tournament.options:
        command += ["-o", f"{key}={value}"]
    command += ["--boards", str(tournament.boards), "--seed", str(tournament.seed)]
    if bootstrap is not None:
        command += ["--bootstrap", str(bootstrap)]
    from analysis.compare_sequential import REQUEST_OPTIONS
    for name in REQUEST_OPTIONS:
        if request is not None and getattr(request, name) is not None and (
                name not in ("alpha", "beta") or getattr(request, name) != getattr(type(request), name)):
            command += [f"--{name.replace('_', '-')}", str(getattr(request, name))]
    if look_boards is not None:
        command += ["--look-boards", str(look_boards)]
    return command + ["--out", str(out)]
