"""``tricksim tune``: search a player's params, check the best on fresh deals.

The search and the check are ``analysis/tune.py``'s, the files ``analysis/tune_report.py``'s;
``--name`` saves the best setting as a preset (``strategies/presets.py``).
"""
from __future__ import annotations

import sys
from pathlib import Path


def add_tune_parser(sub) -> None:
    p = sub.add_parser("tune", help="tune a player's params (optuna), checked on fresh deals",
                       description="Search the params given as name=low:high in the player's spec "
                                   "(TPE or CMA-ES), each trial on the same blocks of boards, "
                                   "scored as its paired difference from the defaults; a "
                                   "Wilcoxon test over the blocks stops bad trials early. The best "
                                   "setting is then played against the defaults on fresh deals "
                                   "(docs/players.md, Tuning).")
    p.add_argument("game", help="game name (see `tricksim games`)")
    p.add_argument("-p", "--player", required=True, metavar="SPEC",
                   help='the player and its space, e.g. "heuristic[bias=-1:1,hold=30:60,scale=1]" or '
                        '"module:PLAYER[param=lo:hi]" (a user\'s Player with params)')
    p.add_argument("--against", default="heuristic", metavar="SPEC",
                   help="the player at the other seats (default heuristic)")
    p.add_argument("-v", "--variant", help="the game's variant (default: its first)")
    p.add_argument("-n", "--players", type=int, help="players at the table (default: the game's)")
    p.add_argument("-o", "--option", action="append", metavar="NAME=VALUE", default=[],
                   help="a rule option (see `tricksim games`); repeat for several")
    p.add_argument("--trials", type=int, default=40, help="trials (default 40)")
    p.add_argument("--boards-per-trial", type=int, default=2000,
                   help="boards a trial plays at most, in every rotation (default 2000)")
    p.add_argument("--blocks", type=int, default=8,
                   help="blocks the boards are cut into; the pruner looks after each (default 8)")
    p.add_argument("--validate-boards", type=int,
                   help="fresh boards the best setting is checked on (default: as many as a trial)")
    p.add_argument("--sampler", default="tpe", help="tpe (default) or cmaes")
    p.add_argument("-s", "--seed", type=int, default=0, help="root seed (default 0)")
    p.add_argument("--name", help="save the best setting as the preset NAME (usable as -p NAME)")
    p.add_argument("--out", type=Path, help="where to write tune.md, trials.csv, tune.json and "
                                            "tune.png (default: results/tune-<game>-seed<seed>)")


def cmd_tune(args) -> None:
    from analysis.tune import Tuning, run_tuning
    from analysis.tune_report import tune_text, write_tuning
    from strategies.presets import check_preset_name, preset_names, save_preset
    from .files import check_output_dir, writing
    from .options import parse_assignments
    from .replay import compile_notice
    with compile_notice(args.game):
        tuning = Tuning.create(args.game, args.player, against=args.against, variant=args.variant,
                               players=args.players, options=parse_assignments(args.option),
                               trials=args.trials, boards_per_trial=args.boards_per_trial,
                               blocks=args.blocks, validate_boards=args.validate_boards,
                               seed=args.seed, sampler=args.sampler)
        if args.name is not None:          # refused before the trials, not after
            check_preset_name(args.name, tuning.family)
        out = args.out or Path("results") / "-".join(
            p for p in ("tune", tuning.game, tuning.variant, f"seed{tuning.seed}") if p)
        check_output_dir(out)
        print(f"tuning {tuning.describe()}", file=sys.stderr)
        outcome = run_tuning(tuning, progress=lambda t: print(
            f"  trial {t.number}: {t.state.name.lower()} {t.params}", file=sys.stderr))
    command = ["tricksim", "tune"] + [a if " " not in a and "[" not in a else repr(a)
                                      for a in sys.argv[2:]] if sys.argv[1:2] == ["tune"] else []
    print(tune_text(outcome, command))
    with writing(out, "give another --out"):
        path = write_tuning(outcome, out, command)
    print(f"\ntuning written to {path}")
    if args.name:
        saved = save_preset(args.name, tuning.family, outcome.best_spec,
                            note=f"tricksim tune {tuning.game}, seed {tuning.seed}: fresh deals "
                                 f"{outcome.validation['mean_diff']:+.2f} "
                                 f"[{outcome.validation['lo']:+.2f}, {outcome.validation['hi']:+.2f}]")
        print(f"preset {args.name} saved to {saved}: -p {args.name} "
              f"(presets of {tuning.family}: {', '.join(preset_names(tuning.family))})")
