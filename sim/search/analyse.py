"""``tricksim solve FILE.json``: a recorded deal's card play against the exact solver.

For every card the record plays, the solver (``sim/search/solve.py``) values each
legal card of the seat to act: the tricks that seat secures from there on when it
plays that card, every seat playing perfectly with all the cards in view and
every other seat playing against it. A card worth less than the best is a loss.
The Wizard family has the solver's hooks; another game says that it has none.
"""
from __future__ import annotations

import importlib

from .. import registry
from ..errors import TricksimError
from ..replay import _game_name
from .solve import Solver, solve_position


def solve_record(record: dict) -> dict:
    """``{"game", "positions": [{number, seat, card, values, best, loss}, ...]}`` of a record
    (``values``: card name -> tricks the seat secures; ``loss``: best − the card played)."""
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
    positions = []
    for number, seat, st, hands, card in plays:
        values = solve_position(game, st, hands, cfg, side=1 << seat, solver=solver)
        best = max(values.values())
        positions.append({"number": number, "seat": seat, "card": cards.card_name(card),
                          "values": {cards.card_name(c): v for c, v in sorted(values.items())},
                          "best": best, "loss": best - values[card]})
    return {"game": name, "positions": positions}


def solve_text(analysis: dict) -> str:
    """The analysis as lines: each card played, its value against the best, every option."""
    lines = [f"{analysis['game']}: each card played against the best, in tricks the seat "
             f"secures from there (all cards in view, the others against it)"]
    for p in analysis["positions"]:
        flag = f"  loses {p['loss']}" if p["loss"] else ""
        options = ", ".join(f"{c} {v}" for c, v in p["values"].items())
        lines.append(f"decision {p['number']:>3}  seat {p['seat']}  {p['card']:<4} "
                     f"{p['best'] - p['loss']} of {p['best']}{flag}   ({options})")
    lost = sum(p["loss"] for p in analysis["positions"])
    lines.append(f"tricks lost to the best play: {lost}")
    return "\n".join(lines)
