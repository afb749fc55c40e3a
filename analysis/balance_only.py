"""The analysis of a game that has no questions of its own yet: its scoring balance alone.

A new game (Pitch, Beim Jupiter, …) whose ``games`` records
have the shared columns (see :mod:`analysis.balance`) can name this module as
its ``analysis`` and get the balance tables, summary and plots at once; its
own module later adds its questions beside them, as ``analysis.wizard`` and
``analysis.jass`` do. It follows the contract of every analysis module:
``reduce(records, study)``, ``combine(cubes)``, ``tables(cube, manifest)``,
``plots(cube, manifest, out_dir)`` and ``summary(tables, manifest)``.
"""
from __future__ import annotations

from pathlib import Path

import pandas as pd

from . import balance, balance_plots
from .common import Lineup, subtitle

QUESTION = "Scoring balance"
SCORING = balance.Scoring("game total")
KEYS = balance.KEYS


def reduce(records: dict, study) -> dict[str, pd.DataFrame]:
    """The balance cube of one chunk's records (only its ``games`` table is read)."""
    return balance.reduce(records["games"], study)


def combine(cubes) -> dict[str, pd.DataFrame]:
    return balance.combine(cubes)


def tables(cube: dict, manifest: dict) -> dict[str, pd.DataFrame]:
    return balance.tables(cube, Lineup(manifest["study"]), QUESTION, SCORING)


def summary(tabs: dict, manifest: dict) -> dict[str, list[str]]:
    return {QUESTION: balance.summary(tabs, manifest["study"], SCORING)}


def plots(cube: dict, manifest: dict, out_dir, tabs: dict | None = None) -> list[Path]:
    games = int(cube["games"]["n"].sum()) // int(manifest["study"]["players"])
    return balance_plots.draw(cube, tabs if tabs is not None else tables(cube, manifest), manifest, out_dir,
                              subtitle(manifest, games), SCORING)
