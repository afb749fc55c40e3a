"""The search's commands: ``tricksim solve`` and ``tricksim odds``.

``solve`` values a recorded deal's card play with the exact solver
(``sim/search/analyse.py``); ``odds`` deals a hand's unseen cards many times and
plays on (``sim/odds.py``). Each is a parser (:func:`add_search_parsers`) and a
command (:data:`SEARCH_COMMANDS`) that ``sim/cli.py`` takes in.
"""
from __future__ import annotations

import sys
from pathlib import Path

from .errors import TricksimError


def add_search_parsers(sub) -> None:
    p = sub.add_parser("solve", help="a recorded deal's card play against the exact solver",
                       description="For every card a record plays, the value of each legal card of "
                                   "the seat to act, every card in view and the other seats "
                                   "against its side; a card below the best is a loss. The "
                                   "side and the value are the game's: Wizard, Oh Hell and "
                                   "Beim Jupiter the seat's tricks; Jass the card points of "
                                   "the seat's team (Differenzler: the seat's own); French "
                                   "Tarot the card points of the seat's camp; Pitch the deal's "
                                   "points of the pitcher or the three others (Ten-point: the "
                                   "seat's team).")
    p.add_argument("file", type=Path, help="the record (JSON, docs/records.md)")
    p.add_argument("--last", type=int, metavar="N",
                   help="only the cards of the deal's last N tricks (a whole Tarot deal is "
                        "beyond the solver's reach)")
    p.add_argument("--json", action="store_true", help="print the analysis as JSON")
    _add_odds_parser(sub)


def cmd_solve(args) -> None:
    import json
    from .replay import compile_notice, load
    from .search.analyse import solve_record, solve_text
    record = load(args.file)
    with compile_notice(f"{record.get('game')} solver"):
        analysis = solve_record(record, last=args.last)
    print(json.dumps(analysis, indent=2) if args.json else solve_text(analysis))


def _add_odds_parser(sub) -> None:
    p = sub.add_parser("odds", help="a hand's odds: the unseen cards dealt many times, played on",
                       description="Deal the cards a seat cannot see many times, consistently "
                                   "with its hand and the facts given, play every seat on with "
                                   "a player, and print the seat's tricks, score and bid made "
                                   "with 95 % intervals, and the mean score of each option of "
                                   "its first decision (each bid; the trump suit when it deals "
                                   "and a Wizard is turned), the best marked. Wizard, Oh Hell, "
                                   "French Tarot (its bids; the camp's card points), Schieber "
                                   "(the trump, or the push; the team's card points), "
                                   "Differenzler (the prediction: the mean penalty), Pitch "
                                   "(the bid, or the trump when the seat wins it), Beim "
                                   "Jupiter (the layout, or the bid, in any round: --table, --gone "
                                   "and --zero-spent give what earlier rounds left).")
    p.add_argument("game", help="game name (see `tricksim games`)")
    p.add_argument("--hand", required=True, help='the seat\'s cards, e.g. "Z1 HA HK S5" (SA, HT, '
                                                 'Z1-Z4 Wizards, N1-N4 Jesters; French Tarot: '
                                                 'SK, H10, T21, EX; Jass: SA, HT, C6; Pitch: '
                                                 'SA, HT, BJ, LJ; Beim Jupiter: B11, BX, JUP, '
                                                 'JUN, L1)')
    p.add_argument("-n", "--players", type=int, help="players at the table (default: the game's)")
    p.add_argument("--variant", help="the game's variant (jass: schieber, the default, or "
                                     "differenzler; pitch: auction, the default, or ten_point)")
    p.add_argument("--seat", type=int, default=0, help="the seat that holds the hand (default 0)")
    p.add_argument("--ask", help="the decision asked about, in a game with more than one "
                                 "(pitch: bid, the default, or trump: the pitch, or the suit "
                                 "named, when the seat wins the bid; jupiter: layout, the "
                                 "default, or bid)")
    p.add_argument("--round", type=int, help="the round, from 1 (default: the first that deals "
                                             "as many cards as the hand holds)")
    p.add_argument("--trump", help="CARD: the card turned up (Differenzler: the dealer's, "
                                   "required); S, H, D or C: the trump suit (a card of it "
                                   "turned); none: no trump (default: the turned card is dealt "
                                   "like the rest)")
    p.add_argument("--turned", help="the card turned up, with --trump SUIT for the dealer's "
                                    "choice after a Wizard")
    p.add_argument("--dealer", type=int, help="the dealer's seat (default: the seat before "
                                              "--seat, which then leads)")
    p.add_argument("--fixed", action="append", metavar="SEAT=CARDS", default=[],
                   help='cards another seat holds, e.g. 2="Z2 SA" (all or part of its hand); '
                        'repeat for several seats')
    p.add_argument("--scores", help="the totals before the round, one a seat, e.g. 40,10,0,20 "
                                    "(Beim Jupiter: the victory points so far)")
    p.add_argument("--table", action="append", metavar="COUNTER=CARDS", default=[],
                   help='Beim Jupiter from round 2: the cards beside a counter from earlier '
                        'rounds, e.g. 3="B5 R7"; repeat for several counters')
    p.add_argument("--gone", metavar="CARDS",
                   help="Beim Jupiter from round 2: the cards laid out in earlier rounds and "
                        "off the table (won, or out of the game); with --table every card laid "
                        "out before, one a seat a round")
    p.add_argument("--zero-spent", metavar="SEATS",
                   help="Beim Jupiter: the seats whose zero-trick card is spent, e.g. 1,3")
    p.add_argument("-o", "--option", action="append", metavar="NAME=VALUE", default=[],
                   help="a rule option (see `tricksim games`); repeat for several")
    p.add_argument("-p", "--player", default=None,
                   help="the player of every seat: a built-in (`heuristic`, `random`), "
                        "name[param=value,...] or module:attribute (default pimc, the search "
                        "player; heuristic answers in a second)")
    p.add_argument("-d", "--deals", type=int, default=None,
                   help="deals (default 1,000: about a minute with pimc for a 4-card Wizard "
                        "hand on one core; Schieber 500, French Tarot 200, Differenzler and "
                        "Beim Jupiter 100: a few minutes each)")
    p.add_argument("-s", "--seed", type=int, default=0, help="root seed (default 0)")
    p.add_argument("-j", "--jobs", type=int, default=1, help="threads (-1: all cores)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--plot", type=Path, metavar="FILE.png",
                   help="write the figure: mean score per option, tricks taken")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")


def cmd_odds(args) -> None:
    import json
    from . import registry
    from .options import parse_assignments
    from .replay import compile_notice
    from .odds import DEFAULT_PLAYER, hand_odds, trump_facts
    meta = registry.info(args.game)
    if args.plot is not None and not args.plot.parent.is_dir():
        raise TricksimError(f"--plot {args.plot}: no folder {args.plot.parent}")
    turned, trump = trump_facts(args.trump, args.turned)
    fixed = {}
    for item in args.fixed:
        seat, sep, cards = item.partition("=")
        if not sep or not seat.strip().lstrip("-").isdigit():
            raise TricksimError(f"--fixed {item!r} is not of the form SEAT=CARDS")
        if int(seat) in fixed:
            raise TricksimError(f"--fixed: seat {int(seat)} is given twice; give its cards once")
        fixed[int(seat)] = cards
    table = {}
    for item in args.table:
        counter, sep, cards = item.partition("=")
        if not sep or not counter.strip().isdigit():
            raise TricksimError(f"--table {item!r} is not of the form COUNTER=CARDS")
        if int(counter) in table:
            raise TricksimError(f"--table: counter {int(counter)} is given twice; give its "
                                f"cards once")
        table[int(counter)] = cards
    scores = None
    if args.scores is not None:
        try:
            scores = [int(v) for v in args.scores.replace(",", " ").split()]
        except ValueError:
            raise TricksimError(f"--scores {args.scores!r}: give whole numbers, one a seat") from None
    with compile_notice(f"{meta.name} odds"):
        result = hand_odds(meta.name, args.players or meta.default_players, args.hand,
                           seat=args.seat, round=args.round, dealer=args.dealer, turned=turned,
                           trump=trump, fixed=fixed, scores=scores,
                           options=parse_assignments(args.option), variant=args.variant,
                           ask=args.ask, player=args.player or DEFAULT_PLAYER,
                           deals=args.deals, table=table or None, gone=args.gone,
                           zero_spent=args.zero_spent,
                           seed=args.seed, jobs=args.jobs, progress=not args.no_progress)
    print(json.dumps(result.to_dict(), indent=2) if args.json else result.text())
    if args.plot is not None:
        print(f"plot written to {result.plot(args.plot)}", file=sys.stderr)


SEARCH_COMMANDS = {"solve": cmd_solve, "odds": cmd_odds}
