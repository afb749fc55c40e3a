"""Analysis of Wizard and Oh Hell runs: bid accuracy, trump odds, scoring balance.

The path is records → :func:`reduce` → cube → :func:`combine` → :func:`tables`
and :func:`plots`. A *cube* is a dict of small DataFrames of integer counts
and sums per group (see ``KEYS``); cubes of different chunks add up, so a run
of a billion deals is analysed from the same few thousand rows as a run of a
thousand, and a worker can reduce its chunk before sending it back.

Cube tables (keys → values, all int64):

``bids``            round, hand_size, player, bid, tricks → n
``seats``           round, hand_size, seat, position, player → n, exact, score_sum, score_sq
``bid_totals``      round, hand_size, excess → n  (one row per deal:
                    excess = sum of the bids − cards in hand)
``trump_outcomes``  round, hand_size, trump_kind → n  (one per board and round)
``holdings``        hand_size, trump_kind, trumps_held, wizards_held → n  (one per hand dealt)
``trump``           hand_size, trump_kind, is_dealer, trumps_held, wizards_held, tricks → n
``games``           seat, player, start_position → n, win_units, total_sum, total_sq
                    (win_units = win share × ``WIN_UNIT``, a whole number)
``totals``          player, total → n  (the distribution of game totals)
``slot_pairs``      slot_a, slot_b → n_boards, weight_sum, diff_sum, diff_sq
``strategy_pairs``  strategy_a, strategy_b → the same, per distinct player spec

``player`` is the lineup slot; a *strategy* is a distinct player spec of the
lineup (``heuristic`` in slots 0 and 2 is one strategy), numbered in order of
first appearance. Paired tables compare, on each board, the mean game total
of one side with the other's; see :func:`paired_sums`. Facts of the cards
alone (how trump was decided, what a hand holds) are counted once per board:
with duplicate seating every rotation of a board repeats them exactly.
"""
from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pandas as pd

from sim.games.wizard.records import TRUMP_KINDS

from . import plots as P
from .stats import Scratch, combine_cubes, empty_frame, group_sums, mean_ci, paired_diff_ci, wilson

WIN_UNIT = 420    # lcm(1..7): a win shared by k ≤ 7 players is 420/k whole units

KEYS = {
    "bids": ["round", "hand_size", "player", "bid", "tricks"],
    "seats": ["round", "hand_size", "seat", "position", "player"],
    "bid_totals": ["round", "hand_size", "excess"],
    "trump_outcomes": ["round", "hand_size", "trump_kind"],
    "holdings": ["hand_size", "trump_kind", "trumps_held", "wizards_held"],
    "trump": ["hand_size", "trump_kind", "is_dealer", "trumps_held", "wizards_held", "tricks"],
    "games": ["seat", "player", "start_position"],
    "totals": ["player", "total"],
    "slot_pairs": ["slot_a", "slot_b"],
    "strategy_pairs": ["strategy_a", "strategy_b"],
}
PAIR_VALUES = ["n_boards", "weight_sum", "diff_sum", "diff_sq"]
# the record fields reduce reads
DEAL_FIELDS = ("game", "board", "round", "hand_size", "seat", "player", "position", "bid", "tricks", "score",
               "trump_kind", "trumps_held", "wizards_held")
GAME_FIELDS = ("board", "seat", "player", "start_position", "total", "win")

QUESTIONS = ("Bid accuracy", "Trump odds", "Scoring balance")
TRUMP_SUITS = (0, 3)      # trump kinds with a trump suit: turned up, or chosen by the dealer


# -- records -> cube -----------------------------------------------------------------

def reduce(records: dict, study) -> dict[str, pd.DataFrame]:
    """The cube of one chunk's records ``{"deals": DEALS rows, "games": GAMES rows}``."""
    study = _study_dict(study)
    n_players = int(study["players"])
    strategy_of_slot, _ = strategies(study["lineup"])
    # One contiguous copy of each field used: every pass over a field of the packed record
    # array reads all of it, so read it once. Work arrays are shared between the tables.
    d = _whole_deals(_columns(records["deals"], DEAL_FIELDS), n_players)
    g = _columns(records["games"], GAME_FIELDS)
    deal_scratch, game_scratch = Scratch(len(d["game"])), Scratch(len(g["board"]))
    d["exact"] = d["bid"] == d["tricks"]
    d["is_dealer"] = d["position"] == n_players - 1
    per_deal = {k: d[k][::n_players] for k in ("game", "board", "round", "hand_size", "trump_kind")}
    per_deal["excess"] = sum(d["bid"][seat::n_players].astype(np.int64) for seat in range(n_players)) \
        - per_deal["hand_size"]
    # the first game of each board; the other rotations replay its cards
    rotations = games_per_board(study)
    if rotations == 1:
        dealt, dealt_once = d, per_deal
    else:
        dealt = {k: d[k][d["game"] == d["board"] * rotations] for k in KEYS["holdings"]}
        dealt_once = {k: v[per_deal["game"] == per_deal["board"] * rotations] for k, v in per_deal.items()}
    slot_sums, slot_counts = board_sums(g, n_players)
    return {
        "bids": group_sums({k: d[k] for k in KEYS["bids"]}, scratch=deal_scratch),
        "seats": group_sums({k: d[k] for k in KEYS["seats"]},
                            {"exact": d["exact"], "score_sum": d["score"],
                             "score_sq": np.square(d["score"], dtype=np.int64)}, scratch=deal_scratch),
        "bid_totals": group_sums({k: per_deal[k] for k in KEYS["bid_totals"]}),
        "trump_outcomes": group_sums({k: dealt_once[k] for k in KEYS["trump_outcomes"]}),
        "holdings": group_sums({k: dealt[k] for k in KEYS["holdings"]},
                               scratch=deal_scratch if rotations == 1 else None),
        "trump": group_sums({k: d[k] for k in KEYS["trump"]}, scratch=deal_scratch),
        "games": group_sums(
            {k: g[k] for k in KEYS["games"]},
            {"win_units": np.rint(g["win"].astype(np.float64) * WIN_UNIT), "total_sum": g["total"],
             "total_sq": np.square(g["total"], dtype=np.int64)}, scratch=game_scratch),
        "totals": group_sums({k: g[k] for k in KEYS["totals"]}, scratch=game_scratch),
        "slot_pairs": paired_sums(slot_sums, slot_counts, np.arange(n_players), ("slot_a", "slot_b")),
        "strategy_pairs": paired_sums(slot_sums, slot_counts, strategy_of_slot, ("strategy_a", "strategy_b")),
    }


def combine(cubes) -> dict[str, pd.DataFrame]:
    """Add cubes (of chunks, or of earlier combinations): canonical and associative."""
    return combine_cubes(cubes, KEYS)


def _columns(records: np.ndarray, names) -> dict[str, np.ndarray]:
    return {name: np.ascontiguousarray(records[name]) for name in names}


def _whole_deals(d: dict, n_players: int) -> dict:
    """The deal columns with each deal's seats together, in seat order (as the kernel writes them)."""
    if len(d["game"]) % n_players:
        raise ValueError(f"deal rows ({len(d['game'])}) are not whole deals of {n_players} seats")
    game, rnd, seat = d["game"], d["round"], d["seat"]
    in_blocks = all((game[s::n_players] == game[::n_players]).all() and (rnd[s::n_players] == rnd[::n_players]).all()
                    and (seat[s::n_players] == s).all() for s in range(n_players))
    if in_blocks:
        return d
    order = np.lexsort((seat, rnd, game))
    return {k: v[order] for k, v in d.items()}


def board_sums(g, n_players: int) -> tuple[np.ndarray, np.ndarray]:
    """Per board (rows) and lineup slot (columns): the sum of the slot's game totals, and its rows."""
    board = np.asarray(g["board"], dtype=np.int64)
    if len(board) == 0:
        return np.zeros((0, n_players), np.int64), np.zeros((0, n_players), np.int64)
    low, high = int(board.min()), int(board.max())
    if high - low < 4 * len(board):                  # a chunk's boards are consecutive
        board_index, n_boards = board - low, high - low + 1
    else:
        _, board_index = np.unique(board, return_inverse=True)
        n_boards = int(board_index.max()) + 1
    cell = board_index * n_players + g["player"]
    size = n_boards * n_players
    # float sums of whole numbers below 2**53 are exact: the cast back loses nothing
    sums = np.bincount(cell, weights=g["total"].astype(np.float64), minlength=size).astype(np.int64)
    counts = np.bincount(cell, minlength=size).astype(np.int64)
    sums, counts = sums.reshape(n_boards, n_players), counts.reshape(n_boards, n_players)
    played = np.bincount(board_index, minlength=n_boards) > 0
    return (sums, counts) if played.all() else (sums[played], counts[played])


def paired_sums(slot_sums: np.ndarray, slot_counts: np.ndarray, group_of_slot,
                names=("a", "b")) -> pd.DataFrame:
    """Additive moments of the per-board difference between two sides (groups of lineup slots).

    On each board, side j's mean game total is S_j / C_j (S_j the sum of the
    totals its slots made on the board, C_j how many such rows). The
    difference a − b is D / W with the whole numbers D = C_b·S_a − C_a·S_b and
    W = C_a·C_b, so Σ D, Σ D² and Σ W add exactly across chunks. W is the same
    on every board of a study (every board plays all its games), so
    d = D / (Σ W / boards). A board never straddles chunks.
    """
    group_of_slot = np.asarray(group_of_slot, dtype=np.int64)
    n_groups = int(group_of_slot.max()) + 1 if len(group_of_slot) else 0
    if len(slot_sums) == 0 or n_groups < 2:
        return empty_frame(list(names), PAIR_VALUES)
    if np.array_equal(group_of_slot, np.arange(len(group_of_slot))):
        sums, counts = slot_sums, slot_counts          # each slot its own side
    else:
        member = np.zeros((len(group_of_slot), n_groups), dtype=np.int64)
        member[np.arange(len(group_of_slot)), group_of_slot] = 1
        sums, counts = slot_sums @ member, slot_counts @ member
    a, b = np.triu_indices(n_groups, k=1)           # every pair of sides, a < b
    if (counts == counts[0]).all():
        # every board has the same rows per side (always, in a study): the moments come from
        # the side sums and their cross-products, ΣD² = cb²·Σsa² − 2·ca·cb·Σsa·sb + ca²·Σsb²
        ca, cb = counts[0, a], counts[0, b]
        total, cross = sums.sum(axis=0), sums.T @ sums
        both = (ca > 0) & (cb > 0)
        n_boards = np.where(both, len(sums), 0)
        diff_sum = np.where(both, cb * total[a] - ca * total[b], 0)
        diff_sq = np.where(both, cb * cb * cross[a, a] - 2 * ca * cb * cross[a, b] + ca * ca * cross[b, b], 0)
        weight_sum = n_boards * ca * cb
    else:
        ca, cb, sa, sb = counts[:, a], counts[:, b], sums[:, a], sums[:, b]
        both = (ca > 0) & (cb > 0)                    # boards where both sides played
        diff = np.where(both, cb * sa - ca * sb, 0)
        n_boards, weight_sum = both.sum(axis=0), np.where(both, ca * cb, 0).sum(axis=0)
        diff_sum, diff_sq = diff.sum(axis=0), (diff * diff).sum(axis=0)
    columns = (a, b, n_boards, weight_sum, diff_sum, diff_sq)
    return pd.DataFrame({name: np.asarray(v, dtype=np.int64) for name, v in zip((*names, *PAIR_VALUES), columns)})


# -- labels ------------------------------------------------------------------------------

def strategies(lineup) -> tuple[list[int], list[str]]:
    """(strategy index of each slot, the distinct player specs in order of first appearance)."""
    specs: list[str] = []
    index = []
    for spec in lineup:
        if spec not in specs:
            specs.append(spec)
        index.append(specs.index(spec))
    return index, specs


def player_labels(lineup) -> list[str]:
    return [f"{slot} {spec}" for slot, spec in enumerate(lineup)]


def order_name(position: int, n_players: int) -> str:
    """Bidding order in words: first hand … dealer."""
    if position == n_players - 1:
        return "dealer"
    if position == 0:
        return "first hand"
    return {1: "2nd hand", 2: "3rd hand"}.get(position, f"{position + 1}th hand")


def _study_dict(study) -> dict:
    return study if isinstance(study, dict) else study.to_dict()


def games_per_board(study: dict) -> int:
    """Games played on one board (the rotations of duplicate seating), as the game defines it."""
    from sim import registry
    from sim.study import Study
    return int(registry.game(study["game"]).games_per_board(Study.from_dict(study)))


# -- cube -> tables ------------------------------------------------------------------------

def _with_rate(df, successes, n, name):
    df[name] = df[successes] / df[n].where(df[n] > 0)
    df[name + "_lo"], df[name + "_hi"] = (np.asarray(v) for v in wilson(df[successes], df[n]))
    return df


def _with_mean(df, n, s1, s2, name, drop=True):
    df[name], df[name + "_lo"], df[name + "_hi"] = (np.asarray(v) for v in mean_ci(df[n], df[s1], df[s2]))
    return df.drop(columns=[s1, s2]) if drop else df


def _tag(df: pd.DataFrame, question: str, title: str, show: str = "csv", note: str = "") -> pd.DataFrame:
    """Describe a table for the report: its question, title, where it is shown.

    ``show``: ``terminal`` (printed by the CLI, and in the report), ``report``
    (in report.md) or ``csv`` (only written as CSV).
    """
    df = df.reset_index(drop=True)
    df.attrs.update(question=question, title=title, show=show, note=note)
    return df


def _sum_by(df, by, columns):
    return df.groupby(by, sort=True, observed=True)[columns].sum().reset_index()


class Lineup:
    """How the players of a study read in tables: slot labels and strategies."""

    def __init__(self, study: dict):
        self.study = study
        self.n_players = int(study["players"])
        self.strategy_of_slot, self.specs = strategies(study["lineup"])
        self.labels = player_labels(study["lineup"])

    def label(self, df: pd.DataFrame) -> pd.DataFrame:
        """Add ``strategy`` and turn ``player`` (a slot number) into its label ("0 heuristic")."""
        slots = df["player"].to_numpy()
        df["strategy"] = pd.Categorical([self.specs[self.strategy_of_slot[s]] for s in slots],
                                        categories=self.specs)
        df["player"] = pd.Categorical([self.labels[s] for s in slots], categories=self.labels)
        return df

    def orders(self, positions) -> list[str]:
        return [order_name(p, self.n_players) for p in positions]


def tables(cube: dict, manifest: dict) -> dict[str, pd.DataFrame]:
    """Labelled tables answering the three questions, every estimate with a 95 % interval.

    Estimates come as three columns ``x, x_lo, x_hi``; rates and shares are
    fractions (0.412, not 41.2). Rate intervals are Wilson intervals; mean
    intervals are Student t. A win rate is the mean win share (a win shared by
    k players counts 1/k), with a Wilson interval as if it were a proportion.

    The intervals treat the rows they count (bids, hands, games) as
    independent. Rounds of one game, and the rotations of a duplicate board,
    are not quite, so those intervals are somewhat narrow; the paired
    comparisons are exact in this respect (one observation per board).
    Tables the report shows carry ``attrs`` (question, title, show, note).
    """
    lineup = Lineup(manifest["study"])
    return {**bid_tables(cube, lineup), **trump_tables(cube), **balance_tables(cube, lineup)}


def bid_tables(cube: dict, lineup: Lineup) -> dict[str, pd.DataFrame]:
    """Bid accuracy: exact rates, the bid/tricks matrix, calibration, the miss, sums of bids."""
    q, out = QUESTIONS[0], {}
    seats = lineup.label(cube["seats"].copy())

    def exact_by(keys):
        part = _sum_by(seats, keys, ["n", "exact"]).rename(columns={"n": "bids"})
        return _with_rate(part[part["bids"] > 0], "exact", "bids", "exact_rate")

    out["bid_exact_by_strategy"] = _tag(exact_by(["strategy"]), q, "Exact bids by strategy", "terminal")
    by_player = _sum_by(seats, ["player", "strategy"], ["n", "exact", "score_sum", "score_sq"])
    by_player = _with_rate(by_player[by_player["n"] > 0].rename(columns={"n": "bids"}), "exact", "bids",
                           "exact_rate")
    out["bid_exact_by_player"] = _tag(_with_mean(by_player, "bids", "score_sum", "score_sq", "round_score"),
                                      q, "Exact bids and mean round score by player", "report")
    out["bid_exact_by_hand_size"] = _tag(exact_by(["hand_size", "strategy"]), q, "Exact bids by hand size",
                                         "report")
    out["bid_exact_by_seat"] = _tag(exact_by(["seat"]), q, "Exact bids by seat", "report")
    by_position = exact_by(["position"])
    by_position.insert(1, "order", lineup.orders(by_position["position"]))
    out["bid_exact_by_position"] = _tag(by_position, q, "Exact bids by bidding position", "report")

    bids = lineup.label(cube["bids"].copy())
    for col in ("bid", "tricks"):
        bids[col + "_x"] = bids["n"] * bids[col]
        bids[col + "_xx"] = bids["n"] * bids[col] * bids[col]
    matrix = _sum_by(bids, ["strategy", "bid", "tricks"], ["n"])
    matrix = matrix[matrix["n"] > 0]
    matrix["share_of_bid"] = matrix["n"] / matrix.groupby(["strategy", "bid"], observed=True)["n"].transform("sum")
    out["bid_vs_tricks"] = _tag(matrix, q, "Tricks taken for each bid (counts; share of the bid's row)")
    calib = _sum_by(bids, ["strategy", "bid"], ["n", "tricks_x", "tricks_xx"]).rename(columns={"n": "bids"})
    calib = _with_mean(calib[calib["bids"] > 0], "bids", "tricks_x", "tricks_xx", "mean_tricks")
    out["bid_calibration"] = _tag(calib, q, "Calibration: mean tricks taken for each bid", "report")
    means = _sum_by(bids, ["hand_size", "strategy"], ["n", "bid_x", "bid_xx", "tricks_x", "tricks_xx"])
    means = means[means["n"] > 0].rename(columns={"n": "bids"})
    means = _with_mean(_with_mean(means, "bids", "bid_x", "bid_xx", "mean_bid"),
                       "bids", "tricks_x", "tricks_xx", "mean_tricks")
    out["bid_means_by_hand_size"] = _tag(means, q, "Mean bid and mean tricks by hand size")
    bids["miss"] = bids["tricks"] - bids["bid"]
    miss = _sum_by(bids, ["strategy", "miss"], ["n"])
    miss = miss[miss["n"] > 0].rename(columns={"n": "bids"})
    miss["all_bids"] = miss.groupby("strategy", observed=True)["bids"].transform("sum")
    out["bid_miss"] = _tag(_with_rate(miss, "bids", "all_bids", "share").drop(columns="all_bids"), q,
                           "The miss: tricks taken − bid", "report")

    totals = cube["bid_totals"].copy()
    totals["excess_x"], totals["excess_xx"] = totals["n"] * totals["excess"], totals["n"] * totals["excess"] ** 2
    sides = {"over": totals["excess"] > 0, "equal": totals["excess"] == 0, "under": totals["excess"] < 0}
    for name, mask in sides.items():
        totals[name] = totals["n"].where(mask, 0)
    per_hand = _sum_by(totals, ["hand_size"], ["n", "excess_x", "excess_xx", *sides]).rename(columns={"n": "deals"})
    per_hand = _with_mean(per_hand, "deals", "excess_x", "excess_xx", "mean_excess")
    for name in sides:
        per_hand = _with_rate(per_hand, name, "deals", f"{name}_share").drop(columns=name)
    out["bid_totals_by_hand_size"] = _tag(
        per_hand, q, "Sum of the bids against the cards in hand, per deal", "report",
        "excess = sum of all bids − cards in hand; over/equal/under: share of deals whose bids add up "
        "to more than, exactly, or fewer than the cards in hand")
    return out


def trump_tables(cube: dict) -> dict[str, pd.DataFrame]:
    """Trump odds: how trump was decided, what hands hold, and what holdings are worth in tricks."""
    q, out = QUESTIONS[1], {}
    decided = cube["trump_outcomes"].copy()
    decided["outcome"] = pd.Categorical([TRUMP_KINDS[k] for k in decided["trump_kind"]],
                                        categories=list(TRUMP_KINDS.values()))
    overall = _sum_by(decided, ["outcome"], ["n"]).rename(columns={"n": "deals"})
    overall = overall[overall["deals"] > 0]
    overall["all_deals"] = overall["deals"].sum()
    out["trump_outcomes"] = _tag(_with_rate(overall, "deals", "all_deals", "share").drop(columns="all_deals"),
                                 q, "How trump was decided (share of deals)", "terminal")
    by_round = _sum_by(decided, ["round", "hand_size", "outcome"], ["n"]).rename(columns={"n": "deals"})
    by_round["all_deals"] = by_round.groupby("round")["deals"].transform("sum")
    by_round = _with_rate(by_round[by_round["all_deals"] > 0], "deals", "all_deals", "share")
    out["trump_outcomes_by_round"] = _tag(by_round.drop(columns="all_deals"), q, "How trump was decided, by round")

    held = cube["holdings"]
    has_wizards = bool((held["wizards_held"] > 0).any())
    odds_of = [("trumps_held", "trumps", held[held["trump_kind"] == 0])]
    if has_wizards:
        odds_of.append(("wizards_held", "Wizards", held))
    for col, what, rows in odds_of:
        odds = _sum_by(rows, ["hand_size", col], ["n"]).rename(columns={"n": "hands"})
        odds["all_hands"] = odds.groupby("hand_size")["hands"].transform("sum")
        note = ("only deals whose trump suit was turned up: when the dealer chooses, the choice "
                "follows the hand" if what == "trumps" else "")
        out[f"{col}_odds"] = _tag(_with_rate(odds, "hands", "all_hands", "share").drop(columns="all_hands"),
                                  q, f"Odds of holding k {what}, by hand size", "csv", note)

    hands = cube["trump"].copy()
    hands["tricks_x"], hands["tricks_xx"] = hands["n"] * hands["tricks"], hands["n"] * hands["tricks"] ** 2
    hands["held_x"], hands["held_xx"] = hands["n"] * hands["trumps_held"], hands["n"] * hands["trumps_held"] ** 2
    hands["hand_sizes"] = hand_size_buckets(hands["hand_size"])

    def tricks_by(rows, col):
        part = _sum_by(rows, ["hand_sizes", col], ["n", "tricks_x", "tricks_xx"])
        return _with_mean(part[part["n"] > 0].rename(columns={"n": "hands"}), "hands", "tricks_x", "tricks_xx",
                          "mean_tricks")

    with_suit = hands[hands["trump_kind"].isin(TRUMP_SUITS)]
    out["tricks_by_trumps_held"] = _tag(tricks_by(with_suit, "trumps_held"), q,
                                        "Tricks taken by trumps held (deals with a trump suit)", "report")
    if has_wizards:
        out["tricks_by_wizards_held"] = _tag(tricks_by(hands, "wizards_held"), q, "Tricks taken by Wizards held",
                                             "report")
    role = hands.assign(role=np.where(hands["is_dealer"] == 1, "dealer", "others"),
                        outcome=[TRUMP_KINDS[k] for k in hands["trump_kind"]])
    role = _sum_by(role, ["trump_kind", "outcome", "role"], ["n", "held_x", "held_xx", "tricks_x", "tricks_xx"])
    role = _with_mean(role.rename(columns={"n": "hands"}), "hands", "held_x", "held_xx", "mean_trumps_held")
    role = _with_mean(role, "hands", "tricks_x", "tricks_xx", "mean_tricks")
    out["trump_by_outcome_and_role"] = _tag(role.drop(columns="trump_kind"), q,
                                            "Trumps held and tricks taken: dealer against the others", "report")
    return out


def balance_tables(cube: dict, lineup: Lineup) -> dict[str, pd.DataFrame]:
    """Scoring balance: totals and win rates by seat, start position, player; paired comparisons."""
    q, out = QUESTIONS[2], {}
    seating = lineup.study.get("seating", "fixed")
    games = lineup.label(cube["games"].copy())
    luck_note = ("" if seating == "duplicate" else
                 f"seating is {seating}: a player's results include the luck of the cards it was dealt "
                 "and of its seat; duplicate seating removes both")
    for key, show, note in (("seat", "report", ""),
                            ("start_position", "report", "start position = bidding order in the first round"),
                            ("player", "terminal", luck_note), ("strategy", "report", luck_note)):
        part = _sum_by(games, [key, "strategy"] if key == "player" else [key],
                       ["n", "win_units", "total_sum", "total_sq"]).rename(columns={"n": "games"})
        part = part[part["games"] > 0]
        part["wins"] = part["win_units"] / WIN_UNIT
        part = _with_mean(part.drop(columns="win_units"), "games", "total_sum", "total_sq", "mean_total")
        part = _with_rate(part, "wins", "games", "win_rate")
        if key == "start_position":
            part.insert(1, "order", lineup.orders(part["start_position"]))
        out[f"score_by_{key}"] = _tag(part, q, f"Game total and win rate by {key.replace('_', ' ')}", show, note)

    seats = cube["seats"]
    by_position = _sum_by(seats, ["position"], ["n", "score_sum", "score_sq"]).rename(columns={"n": "rounds"})
    by_position.insert(1, "order", lineup.orders(by_position["position"]))
    out["round_score_by_position"] = _tag(_with_mean(by_position, "rounds", "score_sum", "score_sq", "mean_score"),
                                          q, "Mean round score by bidding position", "report")
    out["total_distribution"] = _tag(_distribution(lineup.label(cube["totals"].copy())), q,
                                     "Distribution of game totals", "report")

    pair_note = "mean difference a − b of game totals, paired on the same boards; " + (
        "each side played every seat of every board" if seating == "duplicate"
        else "without duplicate seating the difference includes the seats the sides sat in")
    out["paired_players"] = _tag(_paired_table(cube["slot_pairs"], "slot_a", "slot_b", lineup.labels, "player"),
                                 q, "Paired comparison of players on the same boards", "report", pair_note)
    if len(lineup.specs) > 1:
        pairs = _paired_table(cube["strategy_pairs"], "strategy_a", "strategy_b", lineup.specs, "strategy")
        out["paired_strategies"] = _tag(pairs, q, "Paired comparison of strategies on the same boards",
                                        "terminal", pair_note)
    return out


def hand_size_buckets(hand_size: pd.Series, max_buckets: int = 5) -> pd.Categorical:
    """Group hand sizes into at most ``max_buckets`` ranges of equal width ("1–3", "4–6", …)."""
    top = int(hand_size.max()) if len(hand_size) else 1
    width = max(1, math.ceil(top / max_buckets))
    starts = list(range(1, top + 1, width))
    names = [f"{s}" if width == 1 else f"{s}–{min(s + width - 1, top)}" for s in starts]
    return pd.Categorical([names[(h - 1) // width] for h in hand_size], categories=names)


def _distribution(dist: pd.DataFrame) -> pd.DataFrame:
    """Quantiles of game totals per strategy from the (total → count) histogram."""
    rows = []
    for strategy, part in dist.groupby("strategy", observed=True, sort=True):
        part = part.groupby("total")["n"].sum()
        cum = part.cumsum().to_numpy()
        n = int(cum[-1]) if len(cum) else 0
        if n == 0:
            continue
        # lower quantile: the smallest total with at least q·n games at or below it
        quantile = {f"p{int(q * 100):02d}": int(part.index[np.searchsorted(cum, q * n)])
                    for q in (0.05, 0.25, 0.5, 0.75, 0.95)}
        rows.append({"strategy": strategy, "games": n, "min": int(part.index[0]), **quantile,
                     "max": int(part.index[-1])})
    return pd.DataFrame(rows).rename(columns={"p50": "median"})


def _paired_table(pairs: pd.DataFrame, a: str, b: str, names, what: str) -> pd.DataFrame:
    pairs = pairs[pairs["n_boards"] > 0]
    weight = pairs["weight_sum"] / pairs["n_boards"]
    mean, lo, hi = paired_diff_ci(pairs["n_boards"], pairs["diff_sum"] / weight, pairs["diff_sq"] / weight**2)
    return pd.DataFrame({f"{what}_a": [names[i] for i in pairs[a]], f"{what}_b": [names[i] for i in pairs[b]],
                         "boards": pairs["n_boards"].to_numpy(), "mean_diff": np.asarray(mean),
                         "mean_diff_lo": np.asarray(lo), "mean_diff_hi": np.asarray(hi)})


# -- plain-language summary ----------------------------------------------------------------

def _pct(x) -> str:
    return f"{100 * x:.1f} %"


def _count(k, noun: str) -> str:
    return f"{int(k)} {noun}" + ("" if int(k) == 1 else "s")


def _ci(row, col, pct=True) -> str:
    f = _pct if pct else (lambda v: f"{v:+.1f}" if col == "mean_diff" else f"{v:.1f}")
    return f"{f(row[col])} ({f(row[col + '_lo'])} to {f(row[col + '_hi'])})"


def summary(tabs: dict, manifest: dict) -> dict[str, list[str]]:
    """A few plain sentences per question, with the numbers and their 95 % intervals."""
    return dict(zip(QUESTIONS, (_bid_summary(tabs), _trump_summary(tabs), _balance_summary(tabs))))


def _bid_summary(tabs) -> list[str]:
    lines = [f"{r['strategy']} players bid exactly {_ci(r, 'exact_rate')} of the time ({int(r['bids']):,} bids)."
             for _, r in tabs["bid_exact_by_strategy"].iterrows()]
    pos = tabs["bid_exact_by_position"]
    if len(pos) > 1:
        best, worst = pos.loc[pos["exact_rate"].idxmax()], pos.loc[pos["exact_rate"].idxmin()]
        lines.append(f"By bidding position the exact rate runs from {_ci(worst, 'exact_rate')} ({worst['order']}) "
                     f"to {_ci(best, 'exact_rate')} ({best['order']}).")
    miss = tabs["bid_miss"]
    if len(miss):
        off_by_one = miss[miss["miss"].abs() == 1].groupby("strategy", observed=True)["bids"].sum()
        all_bids = miss.groupby("strategy", observed=True)["bids"].sum()
        parts = [f"{s} {_pct(off_by_one.get(s, 0) / n)}" for s, n in all_bids.items() if n]
        lines.append("A bid missed by exactly one trick: " + ", ".join(parts) + ".")
    sums = tabs["bid_totals_by_hand_size"]
    if len(sums):
        deals = sums["deals"].sum()
        over = (sums["over_share"] * sums["deals"]).sum() / deals
        equal = (sums["equal_share"] * sums["deals"]).sum() / deals
        lines.append(f"The bids of a deal added up to more than the cards in hand in {_pct(over)} of "
                     f"{int(deals):,} deals, to exactly the cards in hand in {_pct(equal)}.")
    return lines


def _trump_summary(tabs) -> list[str]:
    lines = []
    outcomes = tabs["trump_outcomes"]
    if len(outcomes):
        lines.append("Trump: " + "; ".join(f"{r['outcome']} {_ci(r, 'share')}" for _, r in outcomes.iterrows())
                     + f" (of {int(outcomes['deals'].sum()):,} deals).")
    for name, col, noun in (("tricks_by_trumps_held", "trumps_held", "trump"),
                            ("tricks_by_wizards_held", "wizards_held", "Wizard")):
        if name not in tabs or not len(tabs[name]):
            continue
        t = tabs[name]
        bucket = t.groupby("hand_sizes", observed=True)["hands"].sum().idxmax()     # the best-filled bucket
        part = t[(t["hand_sizes"] == bucket) & (t["hands"] >= 30)]
        if len(part):
            lines.append(f"With {bucket} cards in hand, a player holding " + ", ".join(
                f"{_count(r[col], noun)} takes {r['mean_tricks']:.2f}" for _, r in part.iterrows())
                + " tricks on average.")
    chose = tabs["trump_by_outcome_and_role"]
    chose = chose[chose["outcome"] == TRUMP_KINDS[3]].set_index("role")
    if {"dealer", "others"} <= set(chose.index):
        lines.append(f"When a Wizard is turned up the dealer chooses trump and then holds "
                     f"{chose.loc['dealer', 'mean_trumps_held']:.2f} trumps on average, the others "
                     f"{chose.loc['others', 'mean_trumps_held']:.2f}.")
    return lines


def _balance_summary(tabs) -> list[str]:
    lines = []
    for key, name in (("score_by_seat", lambda r: f"seat {int(r['seat'])}"),
                      ("score_by_start_position", lambda r: f"the {r['order']} in the first round")):
        t = tabs[key]
        if len(t) < 2:
            continue
        low, high = t.loc[t["mean_total"].idxmin()], t.loc[t["mean_total"].idxmax()]
        lines.append(f"Mean game total: lowest {_ci(low, 'mean_total', False)} for {name(low)}, "
                     f"highest {_ci(high, 'mean_total', False)} for {name(high)}.")
        low, high = t.loc[t["win_rate"].idxmin()], t.loc[t["win_rate"].idxmax()]
        lines.append(f"Win rate: lowest {_ci(low, 'win_rate')} for {name(low)}, "
                     f"highest {_ci(high, 'win_rate')} for {name(high)} (fair share {_pct(1 / len(t))}).")
    name, what = ("paired_strategies", "strategy") if "paired_strategies" in tabs else ("paired_players", "player")
    for _, r in tabs[name].iterrows():
        if not np.isfinite(r["mean_diff_lo"]):
            continue
        verdict = ("scores more than" if r["mean_diff_lo"] > 0 else "scores less than" if r["mean_diff_hi"] < 0
                   else "is not distinguishable from")
        lines.append(f"On the same boards, {r[f'{what}_a']} {verdict} {r[f'{what}_b']}: "
                     f"{_ci(r, 'mean_diff', False)} points per game over {int(r['boards']):,} boards.")
    return lines


# -- plots ------------------------------------------------------------------------------------

def describe(manifest: dict, games: int | None = None) -> str:
    """A one-line description of the study for plot subtitles."""
    from sim import registry
    study = manifest["study"]
    title = registry.info(study["game"]).title
    opts = ", ".join(f"{k}={v}" for k, v in sorted(study.get("options", {}).items()))
    players = ", ".join(player_labels(study["lineup"]))
    text = f"{title} ({opts})" if opts else title
    count = f" · {games:,} games" if games is not None else ""
    return f"{text} · {study['players']} players: {players}{count} · {study.get('seating', 'fixed')} seating, seed {study.get('seed')}"


MIN_PLOTTED = 10    # plots leave out estimates from fewer observations (the tables keep them)


def plots(cube: dict, manifest: dict, out_dir, tabs: dict | None = None) -> list[Path]:
    """Draw the PNG plots of a run into ``out_dir``; returns their paths."""
    tabs = tabs if tabs is not None else tables(cube, manifest)
    out_dir = Path(out_dir)
    n_games = int(cube["games"]["n"].sum()) // int(manifest["study"]["players"])
    sub = describe(manifest, n_games)
    specs = strategies(manifest["study"]["lineup"])[1]
    drawn = [
        _plot_exact_by_hand_size(tabs, specs, sub, out_dir / "bid_exact_by_hand_size.png"),
        _plot_bid_matrix(tabs, specs, sub, out_dir / "bid_vs_tricks.png"),
        _plot_calibration(tabs, specs, sub, out_dir / "bid_calibration.png"),
        _plot_trump_outcomes(tabs, sub, out_dir / "trump_outcomes_by_round.png"),
        _plot_tricks_vs_trumps(tabs, sub, out_dir / "tricks_vs_trumps.png"),
        _plot_balance(tabs, sub, out_dir / "score_balance.png"),
        _plot_paired(tabs, sub, out_dir / "paired_differences.png"),
        _plot_totals(cube, manifest, sub, out_dir / "total_distribution.png"),
    ]
    return [p for p in drawn if p is not None]


def _plot_exact_by_hand_size(tabs, specs, sub, path):
    t = tabs["bid_exact_by_hand_size"]
    fig, (ax,) = P.figure("Exact-bid rate by hand size", sub)
    for i, spec in enumerate(specs):
        s = t[t["strategy"] == spec]
        P.band(ax, s["hand_size"], s["exact_rate"], s["exact_rate_lo"], s["exact_rate_hi"], spec, i)
    ax.set_xlabel("cards in hand")
    ax.set_ylabel("bids met exactly (95 % interval)")
    P.percent_axis(ax)
    ax.set_ylim(0, 1)
    P.legend(ax, title="strategy")
    ax.grid(alpha=0.3)
    return P.save(fig, path)


def _plot_bid_matrix(tabs, specs, sub, path):
    t = tabs["bid_vs_tricks"]
    top = int(max(t["bid"].max(), t["tricks"].max())) if len(t) else 0
    row_bids = t.groupby(["strategy", "bid"], observed=True)["n"].transform("sum")
    t = t[row_bids >= MIN_PLOTTED]      # a bid made a handful of times gives a meaningless row
    fig, axes = P.figure("Bid against tricks taken (share of each bid's row)", sub, panels=len(specs),
                         cols=min(len(specs), 2), panel_size=(6.5, 5.2))
    vmax = float(t["share_of_bid"].max()) if len(t) else 1.0
    for ax, spec in zip(axes, specs):
        s = t[t["strategy"] == spec]
        m = np.full((top + 1, top + 1), np.nan)
        m[s["bid"].to_numpy(), s["tricks"].to_numpy()] = s["share_of_bid"].to_numpy()
        shown = np.isin(np.arange(top + 1), s["bid"].to_numpy())
        m[shown] = np.nan_to_num(m[shown])      # in a shown row an empty cell is a true 0
        P.heatmap(ax, m, list(range(top + 1)), list(range(top + 1)), "share of the bid's row",
                  annotate=top <= 13, vmax=vmax)
        ax.plot([-0.5, top + 0.5], [-0.5, top + 0.5], color="white", linewidth=0.6, alpha=0.5)
        ax.set_xlabel("tricks taken")
        ax.set_ylabel(f"bid (blank: made fewer than {MIN_PLOTTED} times)")
        ax.set_title(spec)
    return P.save(fig, path)


def _plot_calibration(tabs, specs, sub, path):
    fig, (left, right) = P.figure("Calibration: do bids predict tricks?", sub, panels=2)
    calib = tabs["bid_calibration"]
    calib = calib[calib["bids"] >= MIN_PLOTTED]
    top = float(calib["bid"].max()) if len(calib) else 1.0
    left.plot([0, top], [0, top], color="grey", linestyle="--", linewidth=1, label="tricks = bid")
    for i, spec in enumerate(specs):
        s = calib[calib["strategy"] == spec]
        P.points(left, s["bid"], s["mean_tricks"], s["mean_tricks_lo"], s["mean_tricks_hi"], spec, i,
                 offset=(i - (len(specs) - 1) / 2) * 0.12)
    left.set_xlabel("bid")
    left.set_ylabel("mean tricks taken (95 % interval)")
    left.set_title(f"Mean tricks for each bid (bids made ≥ {MIN_PLOTTED} times)")
    P.legend(left)
    left.grid(alpha=0.3)
    means = tabs["bid_means_by_hand_size"]
    for i, spec in enumerate(specs):
        s = means[means["strategy"] == spec]
        right.plot(s["hand_size"], s["mean_bid"], linestyle="--", marker="s", markersize=3, color=P.colour(i),
                   label=f"{spec}: mean bid")
        P.band(right, s["hand_size"], s["mean_tricks"], s["mean_tricks_lo"], s["mean_tricks_hi"],
               f"{spec}: mean tricks", i)
    right.set_xlabel("cards in hand")
    right.set_ylabel("tricks per player")
    right.set_title("Mean bid and mean tricks by hand size")
    P.legend(right, fontsize=8)
    right.grid(alpha=0.3)
    return P.save(fig, path)


_OUTCOME_COLOURS = dict(zip(TRUMP_KINDS.values(), ["#4c72b0", "#dd8452", "#8c8c8c", "#8172b3"]))


def _plot_trump_outcomes(tabs, sub, path):
    t = tabs["trump_outcomes_by_round"]
    wide = t.pivot_table(index=["round", "hand_size"], columns="outcome", values="share", observed=True,
                         aggfunc="sum").fillna(0.0)
    wide = wide.loc[:, [c for c in wide.columns if wide[c].sum() > 0]]
    fig, (ax,) = P.figure("How trump was decided, by round", sub, panel_size=(10, 4.2))
    plain = all(r + 1 == h for r, h in wide.index)     # Wizard: round r deals r cards
    cats = [f"{h}" if plain else f"{r + 1}\n({h})" for r, h in wide.index]
    P.stacked_shares(ax, cats, {str(c): wide[c].to_numpy() for c in wide.columns}, _OUTCOME_COLOURS)
    ax.set_xlabel("round = cards in hand" if plain else "round (cards in hand)")
    ax.set_ylabel("share of deals")
    P.legend(ax, loc="lower left", fontsize=8, framealpha=0.9)
    return P.save(fig, path)


def _plot_tricks_vs_trumps(tabs, sub, path):
    wiz = tabs.get("tricks_by_wizards_held")
    fig, axes = P.figure("Tricks taken against trumps held" + (" and Wizards held" if wiz is not None else ""),
                         sub, panels=2 if wiz is not None else 1)
    for ax, (t, col, what) in zip(axes, [(tabs["tricks_by_trumps_held"], "trumps_held", "trumps"),
                                         (wiz, "wizards_held", "Wizards")]):
        t = t[t["hands"] >= MIN_PLOTTED]
        for i, bucket in enumerate(t["hand_sizes"].cat.categories):
            s = t[t["hand_sizes"] == bucket]
            if len(s):
                P.band(ax, s[col], s["mean_tricks"], s["mean_tricks_lo"], s["mean_tricks_hi"], bucket, i)
        ax.set_xlabel(f"{what} held")
        P.integer_ticks(ax)
        ax.set_ylabel("mean tricks taken (95 % interval)")
        P.legend(ax, title="cards in hand", fontsize=8)
        ax.grid(alpha=0.3)
        ax.set_title("deals with a trump suit" if what == "trumps" else "all deals")
    return P.save(fig, path)


def _plot_balance(tabs, sub, path):
    parts = [("score_by_seat", "seat", "seat"), ("score_by_start_position", "order", "start position"),
             ("score_by_player", "player", "player")]
    fig, axes = P.figure("Scoring balance: mean game total and win rate", sub, panels=6, cols=3,
                         panel_size=(5.0, 3.6))
    for col, (name, key, word) in enumerate(parts):
        t = tabs[name]
        labels = [str(v) for v in t[key]]
        P.category_points(axes[col], labels, t["mean_total"], t["mean_total_lo"], t["mean_total_hi"], i=col)
        axes[col].set_title(f"mean game total by {word}")
        axes[col].set_ylabel("points (95 % interval)")
        P.category_points(axes[3 + col], labels, t["win_rate"], t["win_rate_lo"], t["win_rate_hi"], i=col)
        axes[3 + col].set_title(f"win rate by {word}")
        axes[3 + col].set_ylabel("win share (95 % interval)")
        P.percent_axis(axes[3 + col])
        n = len(tabs["score_by_seat"])
        axes[3 + col].axhline(1 / n, color="grey", linestyle="--", linewidth=1, label=f"fair share 1/{n}")
        if col == 0:
            P.legend(axes[3], fontsize=8, loc="best")
        axes[3 + col].set_xlabel(word)
        for ax in (axes[col], axes[3 + col]):
            ax.grid(alpha=0.3, axis="y")
    return P.save(fig, path)


def _plot_paired(tabs, sub, path):
    name, what = (("paired_strategies", "strategy") if "paired_strategies" in tabs
                  else ("paired_players", "player"))
    t = tabs[name]
    if not len(t):
        return None
    fig, (ax,) = P.figure("Paired comparison on the same boards", sub, panel_size=(8, 0.9 + 0.45 * len(t)))
    y = np.arange(len(t))
    err = np.vstack([t["mean_diff"] - t["mean_diff_lo"], t["mean_diff_hi"] - t["mean_diff"]])
    ax.errorbar(t["mean_diff"], y, xerr=np.where(np.isfinite(err), err, 0), fmt="o", capsize=4,
                color=P.colour(0))
    ax.axvline(0, color="grey", linewidth=1)
    ax.set_yticks(y)
    ax.set_yticklabels([f"{a}  −  {b}" for a, b in zip(t[f"{what}_a"], t[f"{what}_b"])])
    ax.set_xlabel("mean difference of game totals per game, points (95 % interval)")
    ax.grid(alpha=0.3, axis="x")
    return P.save(fig, path)


def _plot_totals(cube, manifest, sub, path):
    dist = cube["totals"]
    slot_strategy, specs = strategies(manifest["study"]["lineup"])
    fig, (ax,) = P.figure("Distribution of game totals", sub)
    if not len(dist):
        return None
    low, high = int(dist["total"].min()), int(dist["total"].max())
    # bins a whole multiple of the scoring grain (Wizard totals move in tens) so that no bin aliases
    grain = max(1, int(np.gcd.reduce((dist["total"] - low).to_numpy())))
    step = grain * max(1, math.ceil((high - low) / (40 * grain)))
    edges = np.arange(low, high + step + 1, step) - step / 2
    for i, spec in enumerate(specs):
        slots = [s for s, k in enumerate(slot_strategy) if k == i]
        s = dist[dist["player"].isin(slots)]
        ax.hist(s["total"], bins=edges, weights=s["n"] / max(s["n"].sum(), 1), histtype="step",
                linewidth=1.6, color=P.colour(i), label=f"{spec} ({s['n'].sum():,} results)")
    ax.set_xlabel("game total (points)")
    ax.set_ylabel("share of games")
    P.percent_axis(ax)
    P.legend(ax)
    ax.grid(alpha=0.3)
    return P.save(fig, path)
