"""Scoring balance of any game: who scores and wins, by seat, team, start position, player and strategy.

Every game's ``games`` records share the columns this module reads: ``game``,
``board``, ``seat``, ``player`` (the lineup slot), ``start_position``,
``total``, ``win`` and, in team games, ``team`` (a game without it plays
every seat for itself: team = seat). A game's analysis module calls
:func:`reduce` on its ``games`` records, adds the result to its own cube,
and calls :func:`tables`, :func:`summary` and :func:`analysis.balance_plots.draw`
with a :class:`Scoring` that says what its total means. Nothing here knows a
game by name.

Cube tables (keys → values, all int64; every value is a sum, so the cubes of
chunks add up with :func:`combine` in any order and grouping):

``games``           seat, team, player, start_position → ``n`` (rows: one per game and seat),
                    ``win_units`` (Σ win × ``WIN_UNIT``, a whole number: a win shared by k
                    players is ``WIN_UNIT / k``), ``total_sum`` (Σ total), ``total_sq`` (Σ total²)
``totals``          player, total → ``n`` (games in which the slot finished with that total)
``slot_pairs``      measure, slot_a, slot_b → ``n_boards``, ``weight_sum``, ``diff_sum``, ``diff_sq``:
                    the additive moments of the per-board difference a − b of the slots' mean
                    results (see :func:`analysis.common.paired_sums`); measure 0 = game total,
                    1 = win units
``strategy_pairs``  measure, strategy_a, strategy_b → the same, per distinct player spec
``teammates``       slot_a, slot_b → ``n`` (games in which the two slots sat in one team; a pair
                    that always did shares every result and is not compared)

Tables (the names and columns are the same for every game; see ``docs/outputs.md``):
``score_by_seat``, ``score_by_team`` (team games only), ``score_by_start_position``,
``score_by_player``, ``score_by_strategy``, ``score_balance`` (all of them in one long
table: the one ``score_balance.png`` draws), ``total_distribution``,
``paired_players`` and ``paired_strategies`` (more than one strategy only).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from . import balance_nb, sums_nb
from .common import (GAME_VALUES, MIN_OBSERVATIONS, PAIR_VALUES, Lineup, paired_differences, paired_sums,
                     strategies, study_dict, sum_by, tag, total_quantiles, whole_blocks_order,
                     with_game_results)
from .stats import combine_cubes, dense_frame, empty_frame, reused_zeros
from .words import (intervals_apart, percent, points, signed_percent_points, signed_points, significant,
                    with_interval)
from sim.errors import counted

WIN_UNIT = 2520        # lcm(1..10): a win shared by k ≤ 10 players is 2520 / k whole units
MEASURE_TOTAL, MEASURE_WIN = 0, 1
WIN_SHARE = (0.0, 1.0)  # the range of a game's win share: a difference of two lies in [−1, 1]
KEYS = {
    "games": ["seat", "team", "player", "start_position"],
    "totals": ["player", "total"],
    "slot_pairs": ["measure", "slot_a", "slot_b"],
    "strategy_pairs": ["measure", "strategy_a", "strategy_b"],
    "teammates": ["slot_a", "slot_b"],
}
GAME_FIELDS = ("game", "board", "seat", "player", "start_position", "total", "win")
SCORE_COLUMNS = ["games", "wins", "mean_total", "mean_total_lo", "mean_total_hi", "win_rate", "win_rate_lo",
                 "win_rate_hi"]
PAIR_COLUMNS = ["boards", "diff_mean_total", "diff_mean_total_lo", "diff_mean_total_hi", "diff_win_rate",
                "diff_win_rate_lo", "diff_win_rate_hi", "verdict"]


@dataclass(frozen=True)
class Scoring:
    """What a game's total is, in words: ``total`` ("game total", "penalty total") and whether lower is better."""
    total: str = "game total"
    lower_is_better: bool = False

    @property
    def better(self) -> str:
        return "lower" if self.lower_is_better else "higher"


# -- records -> cube -----------------------------------------------------------------

def reduce(games: np.ndarray, study) -> dict[str, pd.DataFrame]:
    """The balance cube of one chunk's ``games`` records (any game's, see the module docstring).

    One compiled pass (:mod:`analysis.balance_nb`) adds every row into dense
    arrays over the keys' ranges; the tables are their cells that counted a
    row, exactly what :func:`analysis.stats.group_sums` gives.
    """
    study = study_dict(study)
    n_players = int(study["players"])
    strategy_of_slot, _ = strategies(study["lineup"])
    if len(games) == 0:
        return _empty_cube()
    names = ("board", "seat", "team", "player", "start_position", "total")

    def fields_and_ranges(games):
        f = {k: games[k] for k in GAME_FIELDS}
        f["team"] = games["team"] if "team" in games.dtype.names else f["seat"]   # each seat for itself
        return f, *balance_nb.key_ranges_nb(f["game"], *(f[k] for k in names), n_players)

    f, ranges, alone, in_blocks = fields_and_ranges(games)
    if not in_blocks:       # rows filtered or shuffled: put each game's seats together
        games = games[whole_blocks_order({"seat": games["seat"], "game": games["game"]}, ("game",), n_players)]
        f, ranges, alone, in_blocks = fields_and_ranges(games)
    lows = ranges[:, 0].copy()
    size = dict(zip(names, (int(hi - lo) + 1 for lo, hi in ranges)))
    if lows[3] < 0 or ranges[3][1] >= n_players:
        raise ValueError(f"player slots {lows[3]}..{ranges[3][1]} outside 0..{n_players - 1}")
    board = f["board"]
    if size["board"] > 4 * len(board):           # boards far apart (filtered by hand): number them
        _, board = np.unique(board, return_inverse=True)
        lows[0], size["board"] = 0, int(board.max()) + 1
    cells = reused_zeros("balance cells", (size["seat"], size["team"], size["player"], size["start_position"], 4))
    totals = reused_zeros("balance totals", (size["player"], size["total"]))
    slot_counts, slot_totals, slot_wins = (reused_zeros(f"balance {name}", (size["board"], n_players))
                                           for name in ("slot counts", "slot totals", "slot wins"))
    balance_nb.balance_pass_nb(board, f["seat"], f["team"], f["player"], f["start_position"], f["total"],
                               f["win"], float(WIN_UNIT), lows, cells, totals, slot_counts, slot_totals, slot_wins)
    played = sums_nb.rows_with_any_nb(slot_counts)
    if not played.all():
        slot_counts, slot_totals, slot_wins = slot_counts[played], slot_totals[played], slot_wins[played]
    slot_pairs, strategy_pairs = [], []
    for measure, sums in ((MEASURE_TOTAL, slot_totals), (MEASURE_WIN, slot_wins)):
        for out, groups, pair_names in ((slot_pairs, np.arange(n_players), ("slot_a", "slot_b")),
                                        (strategy_pairs, strategy_of_slot, ("strategy_a", "strategy_b"))):
            pairs = paired_sums(sums, slot_counts, groups, pair_names)
            pairs.insert(0, "measure", np.full(len(pairs), measure, dtype=np.int64))
            out.append(pairs)
    teammates = np.zeros((n_players, n_players), np.int64)
    if not alone:                       # else each seat is its own team: no teammates
        balance_nb.teammates_nb(f["team"], f["player"], n_players, teammates)
    return {
        "games": dense_frame(KEYS["games"], lows[1:5], cells[..., 0],
                             {value: cells[..., i] for i, value in enumerate(GAME_VALUES)}),
        "totals": dense_frame(KEYS["totals"], (lows[3], lows[5]), totals, {"n": totals}),
        "slot_pairs": pd.concat(slot_pairs, ignore_index=True),
        "strategy_pairs": pd.concat(strategy_pairs, ignore_index=True),
        "teammates": dense_frame(KEYS["teammates"], (0, 0), teammates, {"n": teammates}),
    }


def _empty_cube() -> dict[str, pd.DataFrame]:
    return {"games": empty_frame(KEYS["games"], GAME_VALUES), "totals": empty_frame(KEYS["totals"], ["n"]),
            "slot_pairs": empty_frame(KEYS["slot_pairs"], PAIR_VALUES),
            "strategy_pairs": empty_frame(KEYS["strategy_pairs"], PAIR_VALUES),
            "teammates": empty_frame(KEYS["teammates"], ["n"])}


def combine(cubes) -> dict[str, pd.DataFrame]:
    """Add balance cubes (of chunks, or of earlier combinations): canonical and associative."""
    return combine_cubes(cubes, KEYS)


# -- cube -> tables ------------------------------------------------------------------------

def team_sizes(games: pd.DataFrame) -> pd.Series:
    """Seats per team (team → count) as the ``games`` cube table shows them."""
    return games.groupby("team")["seat"].nunique()


def has_teams(cube: dict) -> bool:
    """Whether some team has more than one seat (else a team is just a seat)."""
    return bool(len(cube["games"]) and (team_sizes(cube["games"]) > 1).any())


def team_name(team: int, seats) -> str:
    return f"team {team} (seats {'+'.join(str(s) for s in seats)})"


def tables(cube: dict, lineup: Lineup, question: str, scoring: Scoring = Scoring()) -> dict[str, pd.DataFrame]:
    """The balance tables of any game (see the module docstring), tagged for the report under ``question``."""
    out = {}
    seating = lineup.study.get("seating", "fixed")
    games = lineup.label(cube["games"].copy())
    luck = ("" if seating == "duplicate" else
            f"seating is {seating}: a player's results include the luck of the cards and of the seat; "
            "duplicate seating removes both")
    total_note = f"total = {scoring.total} ({scoring.better} is better)"
    wins_note = "wins: games won, a win shared by k players counting 1/k"
    groups = [("seat", "report", ""), ("team", "report", ""),
              ("start_position", "report", "start position = order in the first deal (0 = first hand)"),
              ("player", "terminal", luck), ("strategy", "report", luck)]
    teams = has_teams(cube)
    sizes = team_sizes(cube["games"]) if len(cube["games"]) else pd.Series(dtype=np.int64)
    for key, show, note in groups:
        if key == "team" and not teams:
            continue
        part = sum_by(games, [key, "strategy"] if key == "player" else [key], GAME_VALUES)
        if key == "team":
            # every seat of a team has a row per game with the team's total and win: count the game once
            size = part["team"].map(sizes).to_numpy()
            part[GAME_VALUES] = part[GAME_VALUES].to_numpy() // size[:, None]
        part = with_game_results(part, WIN_UNIT)
        if key == "start_position":
            part.insert(1, "order", lineup.orders(part["start_position"]))
        if key == "team":
            seats = games.groupby("team")["seat"].unique()
            part["team"] = [team_name(t, sorted(seats[t])) for t in part["team"]]
        note = "; ".join(x for x in (total_note, wins_note, note) if x)
        out[f"score_by_{key}"] = tag(part, question, f"Game total and win rate by {key.replace('_', ' ')}", show,
                                     note)
    out["score_balance"] = tag(_long(out), question, "Game total and win rate by every grouping", "csv",
                               total_note + "; " + wins_note)
    out["total_distribution"] = tag(total_quantiles(lineup.label(cube["totals"].copy())), question,
                                    "Distribution of game totals", "report", total_note)

    pair_note = (f"difference a − b per game, paired on the same boards: {scoring.total} difference in points, "
                 "win rate difference in percentage points; verdict: which differences are significant "
                 "(95 % interval excludes 0); "
                 + ("each side played every seat of every board" if seating == "duplicate"
                    else "without duplicate seating the difference includes the seats the sides sat in"))
    partners = _always_teammates(cube, len(lineup.labels))
    out["paired_players"] = tag(
        paired_table(cube["slot_pairs"], "slot_a", "slot_b", lineup.labels, "player", scoring, skip=partners),
        question, "Paired comparison of players on the same boards", "report",
        pair_note + ("; partners (one team in every game) share a result and are left out" if partners else ""))
    if len(lineup.specs) > 1:
        out["paired_strategies"] = tag(
            paired_table(cube["strategy_pairs"], "strategy_a", "strategy_b", lineup.specs, "strategy", scoring),
            question, "Paired comparison of strategies on the same boards", "terminal", pair_note)
    return out


def _long(score_tables: dict) -> pd.DataFrame:
    """The score tables stacked: ``by`` (the grouping), ``group`` (its label), then the score columns."""
    parts = []
    for name, t in score_tables.items():
        by = name[len("score_by_"):]
        label = t["order"] if by == "start_position" else t[by]
        parts.append(pd.DataFrame({"by": by, "group": [str(v) for v in label], **{c: t[c] for c in SCORE_COLUMNS}}))
    return pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(columns=["by", "group", *SCORE_COLUMNS])


def _always_teammates(cube: dict, n_players: int) -> set[tuple[int, int]]:
    """Pairs of slots that sat in one team in every game."""
    n_games = int(cube["games"]["n"].sum()) // max(n_players, 1)
    mates = cube.get("teammates")
    if mates is None or not n_games:
        return set()
    return {(int(a), int(b)) for a, b, n in zip(mates["slot_a"], mates["slot_b"], mates["n"]) if n == n_games}


def paired_table(pairs: pd.DataFrame, a: str, b: str, names, what: str, scoring: Scoring = Scoring(),
                 skip=frozenset()) -> pd.DataFrame:
    """Mean per-board differences a − b of game total and win share, with their intervals and a verdict
    (the total's a t interval, the win share's one that stays within [−1, 1])."""
    pairs = pairs[pairs["n_boards"] > 0]
    rows = []
    for (i, j), part in pairs.groupby([a, b], sort=True):
        if (int(i), int(j)) in skip:
            continue
        row = {f"{what}_a": names[i], f"{what}_b": names[j]}
        for measure, column, scale, bounds in ((MEASURE_TOTAL, "diff_mean_total", 1, None),
                                               (MEASURE_WIN, "diff_win_rate", WIN_UNIT, WIN_SHARE)):
            m = part[part["measure"] == measure]
            if not len(m):
                row.update({column: np.nan, column + "_lo": np.nan, column + "_hi": np.nan})
                continue
            m = m.iloc[0]
            row["boards"] = int(m["n_boards"])
            mean, lo, hi = paired_differences(m["n_boards"], m["weight_sum"], m["diff_sum"], m["diff_sq"], scale,
                                              bounds)
            row[column], row[column + "_lo"], row[column + "_hi"] = float(mean), float(lo), float(hi)
        row["verdict"] = verdict(row, row[f"{what}_a"], row[f"{what}_b"], scoring)
        rows.append(row)
    return pd.DataFrame(rows, columns=[f"{what}_a", f"{what}_b", *PAIR_COLUMNS])


def verdict(row, a: str, b: str, scoring: Scoring) -> str:
    """Which of the paired differences are significant, in words."""
    if not np.isfinite(row.get("diff_mean_total_lo", np.nan)):
        return f"too few boards for an interval (fewer than {MIN_OBSERVATIONS})"
    if row["diff_mean_total_lo"] == row["diff_mean_total_hi"] == 0 and row["diff_win_rate"] == 0:
        return "identical results on every board"
    said = []
    total = significant(row, "diff_mean_total")
    if total:
        more = (total > 0) != scoring.lower_is_better
        said.append(f"{a if more else b} does better on {scoring.total}")
    wins = significant(row, "diff_win_rate")
    if wins:
        said.append(f"{a if wins > 0 else b} wins more often")
    return "; ".join(said) if said else "no significant difference"


# -- summary -------------------------------------------------------------------------------

def summary(tabs: dict, study: dict, scoring: Scoring = Scoring()) -> list[str]:
    """Plain sentences on the balance tables: what differs significantly, what is equal, and why."""
    lines = []
    seating = study.get("seating", "fixed")
    groupings = [("score_by_team", "team", lambda r: r["team"].split(" (")[0]),
                 ("score_by_seat", "seat", lambda r: f"seat {int(r['seat'])}"),
                 ("score_by_start_position", "start position", lambda r: f"the {r['order']} of the first deal")]
    for key, word, name in groupings:
        if key not in tabs or (key == "score_by_seat" and "score_by_team" in tabs):   # a seat is its team
            continue
        lines += _spread_sentences(tabs[key], word, name, seating, scoring)
    lines += _shared_win_sentence(tabs.get("score_by_player"))
    name, what = ("paired_strategies", "strategy") if "paired_strategies" in tabs else ("paired_players", "player")
    for _, r in tabs.get(name, pd.DataFrame()).iterrows():
        lines.append(_paired_sentence(r, r[f"{what}_a"], r[f"{what}_b"], scoring))
    return lines


def _spread_sentences(t: pd.DataFrame, word: str, name, seating: str, scoring: Scoring) -> list[str]:
    t = t.dropna(subset=["win_rate", "mean_total"])
    if len(t) < 2:
        return []
    lines = []
    for col, what, fmt in (("win_rate", "Win rate", percent), ("mean_total", f"Mean {scoring.total}", points)):
        values = t[col].to_numpy()
        if fmt(values.min()) == fmt(values.max()):         # a range from 3.8 to 3.8 says nothing
            exact = np.allclose(values, values[0], rtol=0, atol=1e-12)
            reason = (f": equal by design of duplicate seating, which sits every player in every {word} equally "
                      "often, so that only the players' differences remain (see the paired comparison)"
                      if exact and seating == "duplicate" else "" if exact else " (to the precision shown)")
            lines.append(f"{what} is {fmt(values[0])} for every {word}{reason}.")
            continue
        low, high = t.loc[t[col].idxmin()], t.loc[t[col].idxmax()]
        if intervals_apart(low, high, col):
            judged = "a significant difference (the 95 % intervals do not overlap)"
        elif np.isfinite(low[col + "_lo"]) and np.isfinite(high[col + "_lo"]):
            judged = "no significant difference (the 95 % intervals overlap)"
        else:
            judged = f"too few games for intervals (fewer than {MIN_OBSERVATIONS})"
        lines.append(f"{what} by {word}: lowest {with_interval(low, col, fmt)} for {name(low)}, highest "
                     f"{with_interval(high, col, fmt)} for {name(high)}: {judged}.")
    return lines


def _shared_win_sentence(t: pd.DataFrame | None) -> list[str]:
    if t is None or not len(t):
        return []
    fractional = ~np.isclose(t["wins"], np.round(t["wins"]))
    if not fractional.any():
        return []
    return ["Some games ended in a tie for the win: each of the k players sharing it is credited 1/k of a win, "
            "so win counts can be fractions."]


def _paired_sentence(r, a: str, b: str, scoring: Scoring) -> str:
    boards = f"over {counted(int(r['boards']), 'board')}"
    if not np.isfinite(r["diff_mean_total_lo"]):
        return (f"On the same boards, {a} − {b}: {scoring.total} {signed_points(r['diff_mean_total'])} points per "
                f"game, win rate {signed_percent_points(r['diff_win_rate'])} percentage points {boards}: "
                "too few boards for an interval "
                f"(fewer than {MIN_OBSERVATIONS}).")
    if r["verdict"] == "identical results on every board":
        return f"On the same boards, {a} and {b} had identical results on every one of {counted(int(r['boards']), 'board')}."
    return (f"On the same boards, {a} − {b}: {scoring.total} "
            f"{with_interval(r, 'diff_mean_total', signed_points, ' points')} per game, win rate "
            f"{with_interval(r, 'diff_win_rate', signed_percent_points, ' percentage points')} {boards}: "
            f"{r['verdict']}.")
