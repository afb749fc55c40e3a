"""``tricksim solve FILE.json``: a recorded deal's card play against the exact solver.

For every card the record plays, the solver (``sim/search/solve.py``) values each
legal card of the seat to act: what that seat's side secures from there on
when it plays that card (in the unit of the game's hooks, ``UNIT``: tricks, or
card points; the side, ``solve_side``: the seat alone, or its team), every
seat playing perfectly with all the cards in view and every other seat playing
against it. A card worth less than the best is a loss. A game without the
solver's hooks says so.
"""
from __future__ import annotations

import importlib

from .. import registry
from ..errors import TricksimError
from ..replay import _game_name
from .solve import Solver, solve_position


def solve_record(record: dict) -> dict:
    """``{"game", "positions": [{number, seat, card, values, best, loss}, ...]}`` of a record
    (``values``: card name -> what the seat's side secures; ``loss``: best − the card played),
    with the game's ``unit`` and whether a side is a ``team``."""
    name = _game_name(record)
    game = registry.game(name)
    if not game.search_module:
        have = [g.name for g in registry.all_games() if registry.game(g.name).search_module]
        raise TricksimError(f"{name}: the exact solver has no hooks for this game yet; "
                            f"games with a solver: {', '.join(have)}")
    replay = importlib.import_module(game.replay_module)
    cards = importlib.import_module(f"sim.games.{registry.info(name).family}.cards")
    cfg, plays = replay.play_positions(name, record)
    if not plays:
        raise TricksimError("the record plays no card: the solver analyses a deal's card play "
                            "(give the decisions up to and through the cards)")
    solver = Solver(game, cfg)
    side_of = getattr(solver.hooks, "solve_side", lambda cfg, seat: 1 << seat)
    team = any(side_of(cfg, seat) != 1 << seat for _, seat, *_ in plays)
    positions = []
    for number, seat, st, hands, card in plays:
        values = solve_position(game, st, hands, cfg, side=side_of(cfg, seat), solver=solver)
        best = max(values.values())
        positions.append({"number": number, "seat": seat, "card": cards.card_name(card),
                          "values": {cards.card_name(c): v for c, v in sorted(values.items())},
                          "best": best, "loss": best - values[card]})
    return {"game": name, "unit": getattr(solver.hooks, "UNIT", "tricks"), "team": team,
            "positions": positions}


def solve_text(analysis: dict) -> str:
    """The analysis as lines: each card played, its value against the best, every option."""
    unit = analysis.get("unit", "tricks")
    who = "the seat's team" if analysis.get("team") else "the seat"
    lines = [f"{analysis['game']}: each card played against the best, in {unit} {who} "
             f"secures from there (all cards in view, the others against it)"]
    for p in analysis["positions"]:
        flag = f"  loses {p['loss']}" if p["loss"] else ""
        options = ", ".join(f"{c} {v}" for c, v in p["values"].items())
        lines.append(f"decision {p['number']:>3}  seat {p['seat']}  {p['card']:<4} "
                     f"{p['best'] - p['loss']} of {p['best']}{flag}   ({options})")
    lost = sum(p["loss"] for p in analysis["positions"])
    lines.append(f"{unit} lost to the best play: {lost}")
    return "\n".join(lines)
