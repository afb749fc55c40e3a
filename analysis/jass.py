"""Analysis of Jass runs (Schieber and Differenzler): trump odds, bid accuracy, scoring balance.

The path is records → :func:`reduce` → cube → :func:`combine` → :func:`tables`
and :func:`plots`, as for every game (see ``analysis/wizard.py``): a *cube*
is a dict of small DataFrames of integer counts and sums per group, and the
cubes of different chunks add up. The two variants answer different
questions, so they reduce to different cube tables; the study's ``variant``
says which (``combine`` adds whatever tables the cubes hold). The cube
tables are declared here (``SHARED_CUBE``, ``SCHIEBER_CUBE``,
``DIFFERENZLER_CUBE``: :class:`analysis.spec.CubeTable`); the tables are
built by :mod:`analysis.jass_tables` (Differenzler's declared in
:mod:`analysis.jass_differenzler`), the summary written by
:mod:`analysis.jass_summary`. The plots are
drawn by :mod:`analysis.jass_plots`, the scoring balance (tables, summary,
plots) by :mod:`analysis.balance`; what every game's analysis shares is in
:mod:`analysis.common`, what the Jass tables and plots both use in
:mod:`analysis.jass_terms`.

Cube tables of both variants (keys → values, all int64):

``games``, ``totals``, ``slot_pairs``, ``strategy_pairs``, ``teammates``
                    the scoring-balance tables every game shares: see :mod:`analysis.balance`
``game_ends``       end, deals, extra_deals, claim_player → n  (one row per game;
                    claim_player = lineup slot that claimed, -1 none)

Schieber (one *deal* = one game's deal; the declaring team is the chooser's,
which is always the first hand's team):

``s_deals``         complete, mode, multiplier, pushed, first_player, chooser_player → n,
                    sums and squares of the declaring team's card points (``decl_points``),
                    the defenders' (``def_points``), both teams' counted points
                    (``decl_counted``, ``def_counted``), the deal's counted points
                    (``deal_counted``) and the margin (``margin`` = decl − def counted);
                    counts ``over_half`` (declarers took ≥ 79 of 157 card points),
                    ``outscored`` (declarers counted more than the defenders),
                    ``decl_match``, ``def_match``
``s_team_trumps``   pushed, chooser_trumps, team_trumps → n, points_sum, points_sq, over_half
                    (complete deals of a trump suit; points = the declaring team's card points)
``s_seats``         complete, suit_mode, position, seat, player, role, trumps_held → n,
                    points_sum, points_sq, tricks_sum, tricks_sq, last_trick
                    (role 0 chooser, 1 the chooser's partner, 2 defender)
``s_weis``          suit_mode, position, player, weis_held, declared, scored, stoeck → n,
                    declared_sum, scored_sum, scored_sq  (one row per hand; declared and
                    scored are 0/1 flags, the sums are raw Weis points)
``s_team_weis``     complete, declaring, weis, stoeck → n  (one row per deal and team:
                    the team's raw Weis scored, 1 if it had Stöck)

Differenzler:

``d_seats``         extra, position, seat, player → n, penalty_sum, penalty_sq, miss_sum, miss_sq,
                    points_sum, points_sq, prediction_sum, prediction_sq, exact
                    (extra = 1 for a tie-break deal; miss = points − prediction)
``d_predictions``   player, prediction → n, points_sum, points_sq
``d_miss``          player, miss → n
``d_trumps``        position, player, trumps_held → n, points_sum, points_sq, prediction_sum,
                    prediction_sq
``d_turned``        mode, trump_rank → n  (one per board and deal: duplicate rotations of a
                    board turn the same card, so only the board's first game counts)

``player`` is the lineup slot; a *strategy* is a distinct player spec of the
lineup, numbered in order of first appearance. Card points of a deal cut
short by a claim are not comparable with whole deals, so the tables of points
per deal read ``complete`` deals only; choices (modes, pushes, Weis) count
every deal.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from . import balance, jass_plots, jass_summary
from .compare import DEALS_PER_GAME, RATE, Measure
from .common import contiguous_fields, square, study_dict, whole_blocks
from .jass_tables import mode_labels, tables        # noqa: F401  (the runner calls jass.tables; mode_labels is public)
from .jass_terms import HALF, N_SEATS, N_SUIT_MODES, QUESTIONS, variant_of     # noqa: F401  (QUESTIONS: per variant)
from .spec import CubeTable, keys_of
from .stats import Scratch, combine_cubes

SHARED_CUBE = {"game_ends": CubeTable(("end", "deals", "extra_deals", "claim_player"), rows="one per game")}
SCHIEBER_CUBE = {
    "s_deals": CubeTable(("complete", "mode", "multiplier", "pushed", "first_player", "chooser_player"),
                         ("decl_points_sum", "decl_points_sq", "def_points_sum", "def_points_sq", "decl_counted_sum",
                          "decl_counted_sq", "def_counted_sum", "def_counted_sq", "deal_counted_sum",
                          "deal_counted_sq", "margin_sum", "margin_sq", "over_half", "outscored", "decl_match",
                          "def_match"), "one per deal"),
    "s_team_trumps": CubeTable(("pushed", "chooser_trumps", "team_trumps"), ("points_sum", "points_sq", "over_half"),
                               "one per complete deal of a trump suit"),
    "s_seats": CubeTable(("complete", "suit_mode", "position", "seat", "player", "role", "trumps_held"),
                         ("points_sum", "points_sq", "tricks_sum", "tricks_sq", "last_trick"), "one per deal and seat"),
    "s_weis": CubeTable(("suit_mode", "position", "player", "weis_held", "declared", "scored", "stoeck"),
                        ("declared_sum", "scored_sum", "scored_sq"), "one per deal and seat"),
    "s_team_weis": CubeTable(("complete", "declaring", "weis", "stoeck"), rows="one per deal and team"),
}
DIFFERENZLER_CUBE = {
    "d_seats": CubeTable(("extra", "position", "seat", "player"),
                         ("penalty_sum", "penalty_sq", "miss_sum", "miss_sq", "points_sum", "points_sq",
                          "prediction_sum", "prediction_sq", "exact"), "one per deal and seat"),
    "d_predictions": CubeTable(("player", "prediction"), ("points_sum", "points_sq"), "one per deal and seat"),
    "d_miss": CubeTable(("player", "miss"), rows="one per deal and seat"),
    "d_trumps": CubeTable(("position", "player", "trumps_held"),
                          ("points_sum", "points_sq", "prediction_sum", "prediction_sq"), "one per deal and seat"),
    "d_turned": CubeTable(("mode", "trump_rank"), rows="one per board and deal"),
}
SHARED_KEYS = keys_of({**balance.KEYS, **SHARED_CUBE})
SCHIEBER_KEYS = keys_of(SCHIEBER_CUBE)
DIFFERENZLER_KEYS = keys_of(DIFFERENZLER_CUBE)
KEYS = {**SHARED_KEYS, **SCHIEBER_KEYS, **DIFFERENZLER_KEYS}

GAME_FIELDS = ("game", "seat", "player", "end", "claim_seat", "deals", "extra_deals")
SCHIEBER_FIELDS = ("game", "deal", "seat", "player", "dealer", "position", "mode", "chooser", "pushed",
                   "multiplier", "trumps_held", "tricks", "points", "last_trick", "weis_held", "weis_declared",
                   "weis_scored", "stoeck", "match", "team_score", "complete")
DIFFERENZLER_FIELDS = ("game", "board", "deal", "seat", "player", "position", "mode", "trump_card",
                       "trumps_held", "points", "prediction", "penalty")
# role of a seat from its distance to the chooser in play order: 0 chooser, 2 partner, 1 and 3 defenders
_ROLE_OF_DISTANCE = np.array([0, 2, 1, 2], dtype=np.int8)


# -- records -> cube -----------------------------------------------------------------

def reduce(records: dict, study) -> dict[str, pd.DataFrame]:
    """The cube of one chunk's records ``{"deals": DEALS rows, "games": GAMES rows}``."""
    study = study_dict(study)
    variant = variant_of(study)
    fields = SCHIEBER_FIELDS if variant == "schieber" else DIFFERENZLER_FIELDS
    deals = whole_blocks(contiguous_fields(records["deals"], fields), ("game", "deal"), N_SEATS)
    games = whole_blocks(contiguous_fields(records["games"], GAME_FIELDS), ("game",), N_SEATS)
    cube = {**balance.reduce(records["games"], study), **_game_cube(games, study)}
    cube.update(_schieber_cube(deals) if variant == "schieber" else _differenzler_cube(deals))
    return cube


def combine(cubes) -> dict[str, pd.DataFrame]:
    """Add cubes (of chunks, or of earlier combinations): canonical and associative."""
    cubes = list(cubes)
    present = {name: keys for name, keys in KEYS.items() if any(name in c for c in cubes)}
    return combine_cubes(cubes, present)


def _by_seat(column: np.ndarray) -> np.ndarray:
    """A per-row column as (blocks, 4): one row per deal or game, one column per seat."""
    return column.reshape(-1, N_SEATS)


def _game_cube(g: dict, study: dict) -> dict[str, pd.DataFrame]:
    """How games ended (one row per game), beside the shared balance tables of :mod:`analysis.balance`."""
    once = {k: g[k][::N_SEATS] for k in ("end", "deals", "extra_deals", "claim_seat")}
    players = _by_seat(g["player"])
    claim = once["claim_seat"].astype(np.int64)
    once["claim_player"] = np.where(claim >= 0, players[np.arange(len(claim)), np.maximum(claim, 0)], -1)
    return {"game_ends": SHARED_CUBE["game_ends"].sums(once)}


def _schieber_cube(d: dict) -> dict[str, pd.DataFrame]:
    n = len(d["seat"]) // N_SEATS
    rows = np.arange(n)
    deal = {k: d[k][::N_SEATS] for k in ("mode", "multiplier", "pushed", "chooser", "dealer", "complete")}
    chooser = deal["chooser"].astype(np.int64)
    decl = chooser % 2                         # the declaring team: seats decl and decl + 2
    players = _by_seat(d["player"])
    first_hand = (deal["dealer"].astype(np.int64) + 1) % N_SEATS

    def per_team(column):
        # (deals, 2): team t holds seats t and t + 2
        by_seat = _by_seat(column).astype(np.int64)
        return by_seat[:, :2] + by_seat[:, 2:]

    team_points, team_weis, team_stoeck = per_team(d["points"]), per_team(d["weis_scored"]), per_team(d["stoeck"])
    team_trumps = per_team(d["trumps_held"])
    counted = _by_seat(d["team_score"])[:, :2].astype(np.int64)      # seat t's team score is team t's
    match = _by_seat(d["match"])[:, :2].astype(np.int64)
    decl_points, def_points = team_points[rows, decl], team_points[rows, 1 - decl]
    decl_counted, def_counted = counted[rows, decl], counted[rows, 1 - decl]
    deal_counted, margin = decl_counted + def_counted, decl_counted - def_counted
    over_half = decl_points >= HALF
    per_deal = SCHIEBER_CUBE["s_deals"].sums(
        {"complete": deal["complete"], "mode": deal["mode"], "multiplier": deal["multiplier"],
         "pushed": deal["pushed"], "first_player": players[rows, first_hand],
         "chooser_player": players[rows, chooser]},
        {"decl_points_sum": decl_points, "decl_points_sq": square(decl_points),
         "def_points_sum": def_points, "def_points_sq": square(def_points),
         "decl_counted_sum": decl_counted, "decl_counted_sq": square(decl_counted),
         "def_counted_sum": def_counted, "def_counted_sq": square(def_counted),
         "deal_counted_sum": deal_counted, "deal_counted_sq": square(deal_counted),
         "margin_sum": margin, "margin_sq": square(margin),
         "over_half": over_half, "outscored": margin > 0,
         "decl_match": match[rows, decl], "def_match": match[rows, 1 - decl]})

    suit_whole = (deal["mode"] < N_SUIT_MODES) & (deal["complete"] == 1)
    trumps = _by_seat(d["trumps_held"])
    team_trump_table = SCHIEBER_CUBE["s_team_trumps"].sums(
        {"pushed": deal["pushed"][suit_whole], "chooser_trumps": trumps[rows, chooser][suit_whole],
         "team_trumps": team_trumps[rows, decl][suit_whole]},
        {"points_sum": decl_points[suit_whole], "points_sq": square(decl_points[suit_whole]),
         "over_half": over_half[suit_whole]})

    scratch = Scratch(len(d["seat"]))
    distance = (np.arange(N_SEATS)[None, :] - chooser[:, None]) % N_SEATS
    role = _ROLE_OF_DISTANCE[distance].ravel()
    suit_mode = np.repeat(deal["mode"] < N_SUIT_MODES, N_SEATS)
    seats = SCHIEBER_CUBE["s_seats"].sums(
        {"complete": d["complete"], "suit_mode": suit_mode, "position": d["position"], "seat": d["seat"],
         "player": d["player"], "role": role, "trumps_held": d["trumps_held"]},
        {"points_sum": d["points"], "points_sq": square(d["points"]), "tricks_sum": d["tricks"],
         "tricks_sq": square(d["tricks"]), "last_trick": d["last_trick"]}, scratch=scratch)
    weis = SCHIEBER_CUBE["s_weis"].sums(
        {"suit_mode": suit_mode, "position": d["position"], "player": d["player"], "weis_held": d["weis_held"],
         "declared": d["weis_declared"] > 0, "scored": d["weis_scored"] > 0, "stoeck": d["stoeck"]},
        {"declared_sum": d["weis_declared"], "scored_sum": d["weis_scored"],
         "scored_sq": square(d["weis_scored"])}, scratch=scratch)
    teams = np.arange(2)[None, :]
    team_weis = SCHIEBER_CUBE["s_team_weis"].sums(
        {"complete": np.repeat(deal["complete"], 2), "declaring": (teams == decl[:, None]).ravel(),
         "weis": team_weis.ravel(), "stoeck": team_stoeck.ravel()})
    return {"s_deals": per_deal, "s_team_trumps": team_trump_table, "s_seats": seats, "s_weis": weis,
            "s_team_weis": team_weis}


def _differenzler_cube(d: dict) -> dict[str, pd.DataFrame]:
    scratch = Scratch(len(d["seat"]))
    points = d["points"].astype(np.int64)
    miss = points - d["prediction"]
    penalty = d["penalty"]
    seats = DIFFERENZLER_CUBE["d_seats"].sums(
        {"extra": d["deal"] >= 4, "position": d["position"], "seat": d["seat"], "player": d["player"]},
        {"penalty_sum": penalty, "penalty_sq": square(penalty), "miss_sum": miss, "miss_sq": square(miss),
         "points_sum": points, "points_sq": square(points), "prediction_sum": d["prediction"],
         "prediction_sq": square(d["prediction"]), "exact": penalty == 0}, scratch=scratch)
    predictions = DIFFERENZLER_CUBE["d_predictions"].sums({"player": d["player"], "prediction": d["prediction"]},
                             {"points_sum": points, "points_sq": square(points)}, scratch=scratch)
    misses = DIFFERENZLER_CUBE["d_miss"].sums({"player": d["player"], "miss": miss}, scratch=scratch)
    trumps = DIFFERENZLER_CUBE["d_trumps"].sums(
        {"position": d["position"], "player": d["player"], "trumps_held": d["trumps_held"]},
        {"points_sum": points, "points_sq": square(points), "prediction_sum": d["prediction"],
         "prediction_sq": square(d["prediction"])}, scratch=scratch)
    # the turned card, once per board and deal: the board's other rotations turn the same card
    game, board = d["game"][::N_SEATS], d["board"][::N_SEATS]
    _, board_index = np.unique(board, return_inverse=True)
    first_game = np.full(int(board_index.max()) + 1 if len(board) else 0, np.iinfo(np.int64).max)
    np.minimum.at(first_game, board_index, game)
    dealt = game == first_game[board_index]
    turned = DIFFERENZLER_CUBE["d_turned"].sums({"mode": d["mode"][::N_SEATS][dealt],
                         "trump_rank": d["trump_card"][::N_SEATS][dealt] % 9})
    return {"d_seats": seats, "d_predictions": predictions, "d_miss": misses, "d_trumps": trumps,
            "d_turned": turned}


# -- summary, compared on common deals --------------------------------------------------------

def summary(tabs: dict, manifest: dict) -> dict[str, list[str]]:
    """A few plain sentences per question, with the numbers and their 95 % intervals
    (written by :mod:`analysis.jass_summary`)."""
    return jass_summary.summary(tabs, manifest)


# -- compared on common deals -------------------------------------------------------------------

def _declarers_over_half(d: pd.DataFrame) -> pd.Series:
    """Each row: whether its team took more than half the deal's card points."""
    return d.groupby(["game", "deal", "team"])["points"].transform("sum") >= HALF


def compared(study: dict) -> tuple[Measure, ...]:
    """What ``tricksim compare`` compares beside the total and win rate. Schieber: the chooser's team
    over half the card points (read from the chooser's row of each complete deal) and game length;
    Differenzler: the prediction error and exact predictions."""
    if variant_of(study) == "schieber":
        return (Measure("over_half_rate", "declaring team over half the card points", _declarers_over_half,
                        rows=lambda d: (d["seat"] == d["chooser"]) & (d["complete"] == 1), bounds=RATE),
                DEALS_PER_GAME)
    return (Measure("mean_abs_error", "prediction error (|points − prediction|)", lambda d: d["penalty"]),
            Measure("exact_rate", "exact predictions", lambda d: d["penalty"] == 0, bounds=RATE))


# -- plots ------------------------------------------------------------------------------------

def plots(cube: dict, manifest: dict, out_dir, tabs: dict | None = None) -> list[Path]:
    """Draw the PNG plots of a run into ``out_dir`` (see :mod:`analysis.jass_plots`); returns their paths."""
    return jass_plots.draw(cube, tabs if tabs is not None else tables(cube, manifest), manifest, out_dir)
