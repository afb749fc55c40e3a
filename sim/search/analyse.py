"""``tricksim solve FILE.json``: a recorded deal's card play against the exact solver.

For every card the record plays, the solver (``sim/search/solve.py``) values each
legal card of the seat to act: what that seat's side secures from there on when it
plays that card, every seat playing perfectly with all the cards in view and
every other seat playing against it. A card worth less than the best is a loss.
The side and the unit are the game's (its hooks' ``solve_side_nb``: the seat's
team or camp, ``SOLVE_UNIT``, ``SOLVE_WHO``): by default the seat alone, in
tricks. A game without hooks says so. A record of several deals (a game of Beim
Jupiter's rounds) gives every deal's card play; the replay's positions may carry fields of
their own for the analysis (the round), and its ``play_name`` names an action (a card and
how it is played), the cards' ``card_name`` by default.
"""
from __future__ import annotations

import importlib

from .. import registry
from ..errors import TricksimError
from ..replay import _game_name
from .solve import Solver, solve_position


def solve_record(record: dict, last: int | None = None) -> dict:
    """``{"game", "unit", "who", "positions": [{number, seat, card, values, best, loss}, ...]}``
    of a record (``values``: card name -> what the seat's side secures, in ``unit``; ``loss``:
    best − the card played; a game of several deals adds each position's ``round``). ``last``: only the card plays of the deal's last ``last`` tricks
    (where the seat to act holds at most that many cards), for a deal whose first tricks are
    beyond the solver's reach (a Tarot deal: docs/architecture.md)."""
    name = _game_name(record)
    game = registry.game(name)
    if not game.search_module:
        have = [g.name for g in registry.all_games() if registry.game(g.name).search_module]
        raise TricksimError(f"{name}: the exact solver has no hooks for this game yet; "
                            f"games with a solver: {', '.join(have)}")
    replay = game.replay_of(record)
    cards = importlib.import_module(f"sim.games.{registry.info(name).family}.cards")
    name_of = getattr(replay, "play_name", cards.card_name)
    cfg, plays = replay.play_positions(name, record)
    if not plays:
        raise TricksimError("the record plays no card: the solver analyses a deal's card play "
                            "(give the decisions up to and through the cards)")
    if last is not None:
        words = getattr(game, "hand_words", 1)
        plays = [p for p in plays
                 if sum(int(p[3][words * p[1] + w]).bit_count() for w in range(words)) <= last]
        if not plays:
            raise TricksimError(f"the record plays no card in the deal's last {last} tricks")
    solver = Solver(game, cfg, game.record_variant(record))
    side_of = getattr(solver.hooks, "solve_side_nb", None)
    positions = []
    alone = True
    for number, seat, st, hands, card, *fields in plays:     # fields: {"round": r}, ...
        side = int(side_of(st, seat)) if side_of is not None else 1 << seat
        alone = alone and side == 1 << seat
        values = solve_position(game, st, hands, cfg, side=side, solver=solver)
        best = max(values.values())
        positions.append({"number": number, **(fields[0] if fields else {}), "seat": seat,
                          "card": name_of(card),
                          "values": {name_of(c): v for c, v in sorted(values.items())},
                          "best": best, "loss": best - values[card]})
    return {"game": name, "unit": getattr(solver.hooks, "SOLVE_UNIT", "tricks"),
            "who": "seat" if alone else getattr(solver.hooks, "SOLVE_WHO", "seat's side"),
            "positions": positions}


def solve_text(analysis: dict) -> str:
    """The analysis as lines: each card played, its value against the best, every option."""
    unit, who = analysis.get("unit", "tricks"), analysis.get("who", "seat")
    lines = [f"{analysis['game']}: each card played against the best, in {unit} the {who} "
             f"secures from there (all cards in view, the others against it)"]
    for p in analysis["positions"]:
        flag = f"  loses {p['loss']}" if p["loss"] else ""
        options = ", ".join(f"{c} {v}" for c, v in p["values"].items())
        where = f"round {p['round']}  " if "round" in p else ""
        lines.append(f"decision {p['number']:>3}  {where}seat {p['seat']}  {p['card']:<4} "
                     f"{p['best'] - p['loss']} of {p['best']}{flag}   ({options})")
    lost = sum(p["loss"] for p in analysis["positions"])
    lines.append(f"{unit} lost to the best play: {lost}")
    return "\n".join(lines)
