"""PLACEHOLDER: replaced by the ten_point game's replay."""
from ...errors import TricksimError


def replay(game, record):
    raise TricksimError("not built yet")


def transcript(game, record, result):
    raise TricksimError("not built yet")
