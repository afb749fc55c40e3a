"""Replay a Pitch record (docs/records.md) and print its transcript.

The record's ``variant`` (``auction`` or ``ten_point``; default ``auction``)
chooses the game; each game's replay is its own module (``auction_replay``,
``ten_point_replay``) on the shared step interface (``step_nb``).
"""
import importlib

import numpy as np

from ...errors import TricksimError, choices
from . import cfg as C
from . import obs as O

VARIANT_CODES = {"auction": O.VARIANT_AUCTION, "ten_point": O.VARIANT_TEN_POINT}
_MODULES = {"auction": "sim.games.pitch.auction_replay",
            "ten_point": "sim.games.pitch.ten_point_replay"}


def config(variant: str, options: dict) -> np.ndarray:
    """The kernels' ``cfg`` for a variant and its (validated) options; seating fixed."""
    cfg = np.zeros(C.CFG_SIZE, dtype=np.int64)
    cfg[C.CFG_VARIANT] = VARIANT_CODES[variant]
    cfg[C.CFG_ALL_PASS] = 1 if options.get("all_pass") == "redeal" else 0
    cfg[C.CFG_LOW_TO] = 1 if options.get("low_to") == "taken" else 0
    cfg[C.CFG_SETTLE] = 1 if options.get("settle_setbacks") == "yes" else 0
    return cfg


def record_variant(record: dict) -> str:
    """The record's variant, checked (a record without one is Auction Pitch)."""
    if not isinstance(record, dict):
        raise TricksimError(f"a record is a JSON object, not {type(record).__name__}")
    variant = record.get("variant", "auction")
    if variant not in VARIANT_CODES:
        raise TricksimError(f"unknown Pitch variant {variant!r}; "
                            f"choose from {choices(VARIANT_CODES)}")
    return variant


def _module(record: dict):
    return importlib.import_module(_MODULES[record_variant(record)])


def replay(game: str, record: dict) -> dict:
    return _module(record).replay(game, record)


def transcript(game: str, record: dict, result: dict) -> str:
    return _module(record).transcript(game, record, result)
