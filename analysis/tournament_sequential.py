"""A tournament extended look by look until every pair is known (``tricksim tournament --precision/--sprt``).

Every table of a tournament is dealt the same boards, and a table extended to
more boards keeps its first boards as played (``run_study(..., extend=True)``:
every board has its own streams). So all tables can grow together, a look's
boards at a time, the same new boards at every table, and every pair's paired
differences be looked at after each look with the tools of
:mod:`analysis.sequential`, which stay valid however often one looks.

The measure of a pair a, b is the one of the pair table
(:func:`analysis.tournament.pair_boards`): the mean game-total difference
a − b per board on the games where both sat. The extension stops when every
pair's confidence sequence is at most ``precision`` wide, or when the SPRT on
the pair that ``sprt`` names decides, or at ``max_boards``. The pair table then
reports each pair's confidence sequence in place of its fixed-sample interval
(:func:`with_sequences`): after a stop chosen by looking, that is the interval
that keeps its promise.

The boards a look adds are the tournament's ``boards`` (``look_boards`` when
given): the same whatever the workers, so a seed gives the same stop and the
same tables with any ``--jobs``.
"""
from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import pandas as pd

from sim.errors import TricksimError, counted
from .compare_sequential import Request, check_request
from .sequential import CONTINUE, HYPOTHESIS, OPTIONS, Outcome, parse_sprt, run_sequential
from .tournament import pair_boards, pair_label


def entrant_index(side: str, names, text: str, keys: dict = OPTIONS) -> int:
    """The entrant a side of a hypothesis names: its spec as entered, or its number in
    the order entered (1 for the first)."""
    if side in names:
        return list(names).index(side)
    if side.isdigit() and 1 <= int(side) <= len(names):
        return int(side) - 1
    named = ", ".join(f"{i} {name}" for i, name in enumerate(names, 1))
    raise TricksimError(f"{keys['sprt']} {text!r}: {side!r} is not a player of the tournament; "
                        f"name a player by its spec or its number ({named})")


def sprt_pair(text, names, keys: dict = OPTIONS) -> tuple[int, int, dict[str, int]]:
    """The pair an SPRT hypothesis ``"X>Y by D"`` names, as (a, b) in entrant order (the pair
    table's a − b), and the sign each side's win gives a − b, for :func:`parse_sprt`."""
    if not isinstance(text, str):
        raise TricksimError(f"{keys['sprt']} must be a hypothesis such as \"1>2 by 5\", not {text!r}")
    match = HYPOTHESIS.fullmatch(text)
    if not match:
        raise TricksimError(f"{keys['sprt']} {text!r} is malformed; a hypothesis is \"X>Y by D\", X and Y "
                            f"two players (a spec without spaces or =, or its number in the order "
                            f"entered, 1 to {len(names)}), D a number above 0")
    better, worse = (entrant_index(side, names, text, keys) for side in match.groups()[:2])
    if better == worse:
        raise TricksimError(f"{keys['sprt']} {text!r} names {names[better]!r} twice; name two players")
    a, b = sorted((better, worse))
    return a, b, {match.group(1): 1 if better == a else -1, match.group(2): 1 if worse == a else -1}


def check(request: Request, boards: int, names, look_boards: int | None = None) -> None:
    """One-line errors for a request that cannot be met, before anything is played."""
    sides = {}
    if request.sprt is not None:
        sides = sprt_pair(request.sprt, names)[2]
    check_request(request, boards, sides)
    if look_boards is not None and (not isinstance(look_boards, int) or look_boards < 1):
        raise TricksimError(f"--look-boards must be a whole number of boards above 0, not {look_boards!r}")


def board_differences(tournament, out, names, from_board: int, to_board: int) -> dict[str, np.ndarray]:
    """Every pair's per-board difference a − b on boards ``from_board`` to ``to_board`` − 1,
    keyed by :func:`pair_label`."""
    from sim.tournament import results
    frame = results(tournament, out, from_board=from_board)
    frame = frame[frame["board"] < to_board]
    return {pair_label(names, a, b): by_board.to_numpy(np.float64)
            for a, b, by_board, _ in pair_boards(frame, names)}


def extend_tournament(tournament, out, request: Request, play=None, look_boards: int | None = None) -> Outcome:
    """Extend every table a look at a time, on the same new boards, until ``request`` is met;
    return the :class:`analysis.sequential.Outcome` (one tally per pair, named by
    :func:`pair_label`).

    ``play(study, run_dir)`` plays a table to a study of more boards (default:
    ``run_study(..., extend=True)`` in this process); the tables are those
    :func:`sim.tournament.run_tournament` played into ``out``.
    Tables held at more boards (an earlier extension) bring the others to their size
    first; the looks start at the tournament's boards all the same, on the boards held,
    so that the same command again looks at the same boards and stops where it stopped.
    """
    from sim.store import load_manifest
    from sim.tournament import table_dir
    if play is None:
        from sim.runner import run_study

        def play(study, run_dir):
            run_study(study, run_dir, backend="serial", progress=False, extend=True)
    out, names = Path(out), list(tournament.entrants)
    check(request, tournament.boards, names, look_boards)
    studies = tournament.studies()
    manifests = [load_manifest(table_dir(out, i)) for i in range(len(studies))]
    held = max(int(m["study"]["boards"]) for m in manifests)
    # an extension stopped half way (Ctrl-C) leaves a table unfinished, or the tables at
    # different sizes: all are brought to the largest first
    for i, (study, manifest) in enumerate(zip(studies, manifests)):
        if int(manifest["study"]["boards"]) != held or manifest["status"] != "complete":
            play(dataclasses.replace(study, boards=held), table_dir(out, i))
    sprt = None
    if request.sprt is not None:
        a, b, sides = sprt_pair(request.sprt, names)
        sprt = (pair_label(names, a, b), parse_sprt(request.sprt, sides, request.alpha, request.beta))
    played = [0]

    def more(k: int) -> dict[str, np.ndarray]:
        first = played[0]
        if first + k > held:            # the tables hold fewer boards: extend all alike
            for i, study in enumerate(studies):
                play(dataclasses.replace(study, boards=first + k), table_dir(out, i))
        played[0] = first + k
        return board_differences(tournament, out, names, first, first + k)

    max_boards = request.max_boards if request.max_boards is not None else 4 * tournament.boards
    return run_sequential(more, tournament.boards, look_boards or tournament.boards, max_boards,
                          request.precision, sprt, request.alpha)


def with_sequences(pairs: pd.DataFrame, outcome: Outcome, names) -> pd.DataFrame:
    """The pair table with each pair's confidence sequence as its interval (``interval``
    says so), and ``significant`` read from it."""
    table = pairs.copy()
    index = {name: i for i, name in enumerate(names)}
    tallies = [outcome.tallies[pair_label(names, index[a], index[b])] for a, b in zip(table["a"], table["b"])]
    table["diff_lo"] = [t.lo for t in tallies]
    table["diff_hi"] = [t.hi for t in tallies]
    table["significant"] = (table["diff_lo"] > 0) | (table["diff_hi"] < 0)
    table["interval"] = "confidence sequence"
    level = f"{100 * (1 - outcome.alpha):g} %"
    table.attrs["title"] = (f"Pairs: mean game total of a − b on the same games, per board ({level} "
                            f"confidence sequence, valid at every look)")
    table.attrs["note"] = (f"The interval of each pair is its {level} confidence sequence after the last look "
                           f"(asymptotic confidence sequence of Waudby-Smith et al. 2024), not a fixed-sample "
                           f"interval: the boards played were chosen by looking.")
    return table


def outcome_sentences(outcome: Outcome, names) -> list[str]:
    """How the extension ended, in words: why it stopped, the widest sequence, the SPRT."""
    widest = max(outcome.tallies.items(), key=lambda item: item[1].width)
    level = f"{100 * (1 - outcome.alpha):g} %"
    times = "once" if outcome.looks == 2 else f"{outcome.looks - 1} times"
    extended = (f"every table extended {times}, the same new boards at each" if outcome.looks > 1
                else "no table extended")
    lines = [f"Sequential tournament: stopped after {counted(outcome.boards, 'board')} at every table "
             f"({counted(outcome.looks, 'look')}; {extended}): "
             f"{_why(outcome, widest, level)}."]
    lines.append(f"The pair table's intervals are {level} confidence sequences (asymptotic confidence "
                 f"sequences of Waudby-Smith et al. 2024, valid at every look; widest: {widest[0]}, "
                 f"{widest[1].width:.3g}); the ratings' intervals are the bootstrap's over the boards reached.")
    if outcome.sprt is not None:
        sprt = outcome.sprt
        a, b, _ = sprt_pair(sprt.text, names)
        lines.append(f"SPRT {sprt.text} on {pair_label(names, a, b)} (H0: difference 0, H1: {sprt.theta1:+g}, "
                     f"α = {sprt.alpha:g}, β = {sprt.beta:g}): {outcome.decision}, LLR {outcome.llr:.3f} "
                     f"(bounds {sprt.lower:.3f} and {sprt.upper:.3f}).")
    return lines


def _why(outcome: Outcome, widest, level: str) -> str:
    if outcome.reason == "sprt":
        return f"the SPRT decided ({outcome.decision})"
    if outcome.reason == "precision":
        return (f"every pair's {level} confidence sequence is at most {outcome.precision:g} wide, "
                f"as asked")
    missed = []
    if outcome.precision is not None and widest[1].width > outcome.precision:
        missed.append(f"{widest[0]}'s confidence sequence is still {widest[1].width:.3g} wide, wider "
                      f"than the {outcome.precision:g} asked")
    if outcome.sprt is not None and outcome.decision == CONTINUE:
        missed.append("the SPRT has not decided")
    return (f"the maximum of {counted(outcome.boards, 'board')} (--max-boards) reached, and "
            + " and ".join(missed))


def looks_table(outcome: Outcome) -> pd.DataFrame:
    """One row per look and pair: boards, the pair's confidence sequence (and the SPRT's LLR)."""
    rows = [{"look": i + 1, "boards": boards, "pair": pair, "cs_lo": lo, "cs_hi": hi, "cs_width": hi - lo,
             **({"llr": llr} if outcome.sprt else {})}
            for i, (boards, cs, llr) in enumerate(outcome.history) for pair, (lo, hi) in cs.items()]
    table = pd.DataFrame(rows)
    table.attrs["title"] = "Sequential looks: every pair's confidence sequence (and the SPRT's LLR) after each"
    return table
