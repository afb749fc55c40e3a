"""One simulated deal as a replayable record (``tricksim deal``).

Every board has its own deal and decision streams (``sim/rng_nb.py``), so a
board can be played again on its own, exactly as the run played it: the
engine's :meth:`~sim.engine.Engine.trace_board` runs the kernel on that
one board with a trace of every deal's start and every decision, and the
game turns the deal asked for into the record format of docs/records.md.
The record says who played each seat (``seat_players``), as the run seated
its lineup in that game.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from . import registry, store
from .engine import Engine
from .errors import TricksimError
from .files import write_json
from .runner import _code
from .study import Study


def export_deal(run_dir, game_id: int, deal_no: int, out=None) -> tuple[dict, Path]:
    """Write deal ``deal_no`` of game ``game_id`` of the run in ``run_dir`` as a record;
    return (record, path). The code that played the run must be the code here."""
    run_dir = Path(run_dir)
    manifest = store.load_manifest(run_dir)
    study = Study.from_dict(manifest["study"])
    impl = registry.game(study.game)
    family = registry.info(study.game).family
    engine = Engine(study)
    recorded = manifest.get("code", {}).get("hash")
    if recorded and recorded != _code(study, family, engine.lineup)["hash"]:
        raise TricksimError(f"{run_dir} was played by other code (the engine, a player's module "
                            f"or params changed since): its deals cannot be played again exactly")
    per_board = int(manifest.get("games_per_board") or impl.games_per_board(study))
    n_games = study.boards * per_board
    if not 0 <= game_id < n_games:
        raise TricksimError(f"game {game_id} is not in {run_dir}: its games are 0 to {n_games - 1}")
    board = game_id // per_board
    deals = [d for d in engine.trace_board(board) if d["game"] == game_id]
    if not 0 <= deal_no < len(deals):
        raise TricksimError(f"game {game_id} has {len(deals)} deal{'s' if len(deals) != 1 else ''}: "
                            f"--deal takes 0 to {len(deals) - 1}, not {deal_no}")
    record = impl.deal_record(study, deals[deal_no])
    record["seat_players"] = seat_players(study, impl, board, game_id % per_board)
    record["comment"] = (f"{run_dir.name}: game {game_id}, deal {deal_no} (board {board}), "
                         f"seed {study.seed}")
    path = Path(out) if out is not None else run_dir / "deals" / f"game-{game_id}-deal-{deal_no}.json"
    if path.is_dir():
        raise TricksimError(f"{path} is a directory; give a file name for the record")
    for parent in path.parents:
        if parent.exists() and not parent.is_dir():
            raise TricksimError(f"cannot write {path}: {parent} is a file")
    path.parent.mkdir(parents=True, exist_ok=True)
    write_json(path, record)
    return record, path


def seat_players(study, impl, board: int, rotation: int) -> list[str]:
    """The lineup's players by seat in game ``rotation`` of board ``board``, seated as
    the kernels seat them (``sim.kit_nb.seat_lineup_nb``)."""
    from .kit_nb import seat_lineup_nb
    n = impl.seats(study)
    slots = np.zeros(n, dtype=np.int64)
    seat_lineup_nb(slots, n, impl.seating_code(study), board, rotation)
    return [study.lineup[slot] for slot in slots]
