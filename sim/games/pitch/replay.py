"""Replay a Pitch record (docs/records.md) and print its transcript.

The record's ``variant`` (``auction`` or ``ten_point``; default ``auction``)
chooses the game; each game's replay is its own module (``auction_replay``,
``ten_point_replay``), on its variant's bound step interface
(``GameBase.steps_of``).
"""
import importlib

from ...errors import TricksimError, choices
from .info import PITCH_INFO

_MODULES = {"auction": "sim.games.pitch.auction_replay",
            "ten_point": "sim.games.pitch.ten_point_replay"}


def record_variant(record: dict) -> str:
    """The record's variant, checked (a record without one is Auction Pitch)."""
    if not isinstance(record, dict):
        raise TricksimError(f"a record is a JSON object, not {type(record).__name__}")
    variant = record.get("variant", "auction")
    names = [v.name for v in PITCH_INFO.variants]
    if variant not in names:
        raise TricksimError(f"unknown Pitch variant {variant!r}; choose from {choices(names)}")
    return variant


def _module(record: dict):
    return importlib.import_module(_MODULES[record_variant(record)])


def replay(game: str, record: dict) -> dict:
    return _module(record).replay(game, record)


def transcript(game: str, record: dict, result: dict) -> str:
    return _module(record).transcript(game, record, result)
