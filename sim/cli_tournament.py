"""``tricksim tournament``: several players of one game, every seating, the same deals.

The tables are planned and played by ``sim/tournament.py``, the ratings and
pair differences computed by ``analysis/tournament.py``.
"""
from __future__ import annotations

from pathlib import Path

from .backends import BACKENDS


def add_tournament_parser(sub) -> None:
    p = sub.add_parser("tournament", help="rank several players: every seating on the same deals",
                       description="Play every seating of the players on the same deals (every "
                                   "permutation over the seats; in team games every pairing of "
                                   "two players as teams, from both sides), then rate them "
                                   "(Bradley–Terry or Plackett–Luce, bootstrap intervals over "
                                   "boards) and compare every pair on the same games "
                                   "(docs/studies.md, Tournaments).")
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
                                            "tournament.md and tournament.png / .svg "
                                            "(default: results/tournament-<game>-seed<seed>)")
    p.add_argument("--fresh", action="store_true",
                   help="play every table afresh (by default a table already played in --out "
                        "is kept, and a table there of another tournament is an error)")
    p.add_argument("-j", "--jobs", type=int, default=1, help="parallel workers (-1: all cores)")
    p.add_argument("-b", "--backend", default="threading", choices=BACKENDS,
                   help="where chunks run (default threading)")


def cmd_tournament(args) -> None:
    from analysis.tournament import DEFAULT_BOOTSTRAP
    from .errors import whole_number
    from .options import parse_assignments
    from .replay import compile_notice
    from .tournament import Tournament
    bootstrap = whole_number("--bootstrap", DEFAULT_BOOTSTRAP if args.bootstrap is None
                             else args.bootstrap, lowest=0)
    # one notice for the players (compiled as the tables are planned) and the engine
    with compile_notice(args.game):
        tournament = Tournament.create(args.game, args.entrants, variant=args.variant,
                                       players=args.players, options=parse_assignments(args.option),
                                       boards=args.boards, seed=args.seed)
        out = args.out or Path("results") / "-".join(
            p for p in ("tournament", tournament.game, tournament.variant, f"seed{tournament.seed}") if p)
        run_and_write(tournament, out, bootstrap, jobs=args.jobs, backend=args.backend, fresh=args.fresh)


def run_and_write(tournament, out: Path, bootstrap: int, jobs: int = 1, backend: str = "threading",
                  fresh: bool = False):
    """Play the tournament into ``out``, print its summary and write its files; the tables."""
    import pandas as pd
    from analysis.tournament import pair_differences, ratings, tournament_text, write_tournament
    from .files import check_output_dir, writing
    from .tournament import run_tournament
    check_output_dir(out)
    with writing(out, "give another --out"):
        results = run_tournament(tournament, out, jobs=jobs, backend=backend, fresh=fresh)
    names = list(tournament.entrants)
    rated = ratings(results, names, tournament.seed, bootstrap)
    pairs = pair_differences(results, names)
    seatings = pd.DataFrame({"table": range(len(tournament.lineups)),
                             "lineup": [" ".join(names[i] for i in lineup) for lineup in tournament.lineups]})
    seatings.attrs["title"] = "Tables (lineup by seat in rotation 0; each board is played in every rotation)"
    print(tournament_text(tournament, rated, pairs))
    with writing(out, "give another --out"):
        path = write_tournament(tournament, rated, pairs, seatings, out)
    print(f"\ntournament written to {path}")
    return rated, pairs
