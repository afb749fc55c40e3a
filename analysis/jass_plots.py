"""The plots of a Jass run, Schieber or Differenzler (see :mod:`analysis.jass` for the tables they draw).

:func:`draw` writes one PNG per view of the variant's questions. Schieber:
the modes chosen and the pushes, the declaring team's points by mode, trumps
held, Weis and Stöck. Differenzler: calibration and error of the predictions,
trumps held against points taken. Both: game length; scoring balance and the
paired comparisons are drawn by :mod:`analysis.balance_plots`. Every estimate is drawn with its 95 % interval;
estimates from fewer than ``MIN_PLOTTED`` observations are left out (the
tables keep them).
"""
from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pandas as pd

from sim.games.jass.cards import MODE_NAMES

from . import balance_plots
from . import plots as P
from .common import MIN_PLOTTED, subtitle
from .jass_terms import CALIBRATION_BUCKET, DEAL_POINTS, N_SEATS, ROLES, SCORING, variant_of
from .words import percent

MODE_COLOURS = {"Roses": "#d62728", "Shields": "#ff7f0e", "Bells": "#bcbd22", "Acorns": "#8c564b",
                "Obenabe": "#1f77b4", "Unenufe": "#9467bd"}


def draw(cube: dict, tabs: dict, manifest: dict, out_dir) -> list[Path]:
    """Draw the PNG plots of a run's ``tabs`` (and ``cube``) into ``out_dir``; returns their paths."""
    out_dir = Path(out_dir)
    sub = subtitle(manifest, int(cube["games"]["n"].sum()) // N_SEATS,
                   f"Jass {variant_of(manifest['study']).capitalize()}")
    if variant_of(manifest["study"]) == "schieber":
        drawn = [
            _plot_modes(tabs, sub, out_dir / "modes_by_player.png"),
            _plot_declarer_points(tabs, sub, out_dir / "declarer_points_by_mode.png"),
            _plot_trumps(tabs, sub, out_dir / "trumps_held_odds.png"),
            _plot_weis(tabs, sub, out_dir / "weis_values.png"),
            _plot_game_length(tabs, sub, out_dir / "game_length.png"),
        ]
    else:
        drawn = [
            _plot_calibration(tabs, sub, out_dir / "prediction_calibration.png"),
            _plot_prediction_error(tabs, sub, out_dir / "prediction_error_by_player.png"),
            _plot_trumps_vs_points(tabs, sub, out_dir / "points_by_trumps_held.png"),
            _plot_game_length(tabs, sub, out_dir / "game_length.png"),
        ]
    balance = balance_plots.draw(cube, tabs, manifest, out_dir, sub, SCORING[variant_of(manifest["study"])])
    return [p for p in drawn if p is not None] + balance


def _fine_percent_axis(ax, axis: str = "y") -> None:
    """Percent ticks with as many decimals as small shares need (1.5 %, not 2 %)."""
    P.percent_axis(ax, axis)


def _modes_wide(t: pd.DataFrame, key: str) -> pd.DataFrame:
    wide = t.pivot_table(index=key, columns="mode", values="share", observed=True, aggfunc="sum").fillna(0.0)
    return wide.reindex(columns=[m for m in MODE_NAMES if m in wide.columns])


def _plot_modes(tabs, sub, path):
    by_player = tabs["modes_by_player"]
    by_role = tabs["modes_by_role"]
    overall = tabs["modes"].assign(who="all deals")
    if not len(overall):
        return None
    wide = pd.concat([_modes_wide(by_player.assign(who=by_player["player"].astype(str)), "who"),
                      _modes_wide(by_role.assign(who=by_role["chooser"].str.replace("partner after a push",
                                                                                    "after a push")), "who"),
                      _modes_wide(overall, "who")]).fillna(0.0)
    wide = wide.reindex(columns=[m for m in MODE_NAMES if m in wide.columns])
    fig, (left, right) = P.figure("Modes chosen and pushes", sub, panels=2, panel_size=(6.4, 4.4))
    P.stacked_shares(left, [c.replace(" ", "\n", 1) for c in wide.index],
                     {m: wide[m].to_numpy() for m in wide.columns}, MODE_COLOURS)
    left.set_title("modes chosen: by the player who chose, by role, overall")
    left.set_ylabel("share of the mode choices")
    left.tick_params(axis="x", labelsize=8)
    P.legend(left, loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8, title="mode")
    pushes = tabs["push_rate_by_player"]
    P.category_points(right, [str(p) for p in pushes["player"]], pushes["push_rate"], pushes["push_rate_lo"],
                      pushes["push_rate_hi"])
    total = pushes["pushes"].sum() / max(pushes["deals"].sum(), 1)
    right.axhline(total, color="grey", linestyle="--", linewidth=1, label=f"all first hands: {percent(total)}")
    right.set_title("push rate of the first hand, by player")
    right.set_ylabel("share of deals as first hand (95 % interval)")
    _fine_percent_axis(right)
    top = pushes["push_rate_hi"].fillna(pushes["push_rate"])      # no interval below MIN_OBSERVATIONS deals
    right.set_ylim(0, max(0.05, float(np.nanmax(top)) * 1.15) if top.notna().any() else 1)
    P.legend(right, fontsize=8)
    right.grid(alpha=0.3, axis="y")
    return P.save(fig, path)


def _plot_declarer_points(tabs, sub, path):
    t = tabs["declarer_points_by_mode"]
    t = t[t["deals"] >= MIN_PLOTTED]
    if not len(t):
        return None
    match = tabs["match_rate_by_mode"].set_index("mode").reindex(t["mode"])
    labels = [f"{m}\n×{int(x)}" for m, x in zip(t["mode"], t["multiplier"])]
    x = np.arange(len(t))
    fig, axes = P.figure("The declaring team's points by mode", sub, panels=4, cols=2, panel_size=(6.2, 3.8))
    P.points(axes[0], x, t["mean_card_points"], t["mean_card_points_lo"], t["mean_card_points_hi"])
    axes[0].axhline(DEAL_POINTS / 2, color="grey", linestyle="--", linewidth=1, label="half of 157")
    axes[0].set_title("card points (raw, of 157)")
    axes[0].set_ylabel("mean per deal (95 % interval)")
    P.points(axes[1], x, t["mean_raw_points"], t["mean_raw_points_lo"], t["mean_raw_points_hi"],
             "raw: cards + Weis + Stöck + match", 0, offset=-0.1)
    P.points(axes[1], x, t["mean_counted_points"], t["mean_counted_points_lo"], t["mean_counted_points_hi"],
             "counted: raw × multiplier", 1, offset=0.1)
    axes[1].set_title("points with bonuses, raw and counted")
    axes[1].set_ylabel("mean per deal (95 % interval)")
    P.points(axes[2], x, t["over_half_rate"], t["over_half_rate_lo"], t["over_half_rate_hi"])
    axes[2].axhline(0.5, color="grey", linestyle="--", linewidth=1)
    axes[2].set_ylim(0, 1)
    axes[2].set_title("deals where the declaring team took more than half the card points")
    axes[2].set_ylabel("share of deals (95 % interval)")
    P.points(axes[3], x, match["match_rate"], match["match_rate_lo"], match["match_rate_hi"],
             "declaring team", 0, offset=-0.1)
    P.points(axes[3], x, match["defender_match_rate"], match["defender_match_rate_lo"],
             match["defender_match_rate_hi"], "defenders", 1, offset=0.1)
    axes[3].set_ylim(bottom=0)
    axes[3].set_title("match: a team took all nine tricks")
    axes[3].set_ylabel("share of deals (95 % interval)")
    _fine_percent_axis(axes[2])
    _fine_percent_axis(axes[3])
    for ax in axes:
        ax.set_xticks(x)
        ax.set_xticklabels(labels, fontsize=8)
        ax.set_xlim(-0.6, len(t) - 0.4)
        ax.grid(alpha=0.3, axis="y")
        P.legend(ax, fontsize=8)
    for ax in axes[2:]:
        ax.set_xlabel("mode and multiplier (complete deals)")
    return P.save(fig, path)


def _plot_trumps(tabs, sub, path):
    odds = tabs["trumps_held_odds"]
    team = tabs["points_by_team_trumps"]
    if not len(odds):
        return None
    fig, (left, right) = P.figure("Trumps held (deals with a trump suit)", sub, panels=2)
    for i, role in enumerate(ROLES):
        s = odds[odds["role"] == role]
        P.band(left, s["trumps_held"], s["share"], s["share_lo"], s["share_hi"], role, i)
    left.set_xlabel("trumps held in the hand as dealt")
    left.set_ylabel("share of hands (95 % interval)")
    left.set_title("trumps in the chooser's, the partner's and a defender's hand")
    _fine_percent_axis(left)
    P.integer_ticks(left)
    P.legend(left)
    left.grid(alpha=0.3)
    team = team[team["deals"] >= MIN_PLOTTED]
    P.band(right, team["team_trumps"], team["mean_card_points"], team["mean_card_points_lo"],
           team["mean_card_points_hi"], "declaring team", 0)
    right.axhline(DEAL_POINTS / 2, color="grey", linestyle="--", linewidth=1, label="half of 157")
    right.set_xlabel("trumps held by the declaring team (chooser + partner)")
    right.set_ylabel("mean card points per deal (95 % interval)")
    right.set_title(f"the declaring team's card points (≥ {MIN_PLOTTED} deals)")
    P.integer_ticks(right)
    P.legend(right)
    right.grid(alpha=0.3)
    return P.save(fig, path)


def _plot_weis(tabs, sub, path):
    return P.save(weis_figure(tabs, sub), path)


def weis_figure(tabs, sub):
    """Weis values held, Weis and Stöck by player and by team; legends under their panels (they cover no data)."""
    values = tabs["weis_values"]
    values = values[(values["value"] > 0) & (values["hands"] >= MIN_PLOTTED)]
    fig, axes = P.figure("Weis and Stöck", sub, panels=3, panel_size=(5.4, 4.2))
    labels = [str(int(v)) for v in values["value"]]
    x = np.arange(len(values))
    axes[0].bar(x, values["share"], color=P.colour(0), width=0.7)
    axes[0].errorbar(x, values["share"], yerr=np.vstack([values["share"] - values["share_lo"],
                                                         values["share_hi"] - values["share"]]),
                     fmt="none", color="black", capsize=2, linewidth=0.8)
    axes[0].set_xticks(x)
    axes[0].set_xticklabels(labels, rotation=90 if len(labels) > 12 else 0, fontsize=8)
    axes[0].set_xlabel("Weis held: raw points of all melds in the hand")
    axes[0].set_ylabel("share of hands (95 % interval)")
    axes[0].set_title(f"how often a hand holds Weis of each value (≥ {MIN_PLOTTED} hands)")
    _fine_percent_axis(axes[0])
    by_player = tabs["weis_by_player"]
    px = np.arange(len(by_player))
    parts = [("held_rate", "holds a Weis"), ("declared_rate", "declares it (of holding)"),
             ("scored_rate", "scores it (of holding)"), ("stoeck_rate", "Stöck (trump-suit deals)")]
    for i, (col, label) in enumerate(parts):
        P.points(axes[1], px, by_player[col], by_player[f"{col}_lo"], by_player[f"{col}_hi"], label, i,
                 offset=(i - 1.5) * 0.12)
    axes[1].set_xticks(px)
    axes[1].set_xticklabels([str(p) for p in by_player["player"]], fontsize=8)
    axes[1].set_ylim(0, 1)
    _fine_percent_axis(axes[1])
    axes[1].set_title("per hand, by player")
    axes[1].set_ylabel("share of hands (95 % interval)")
    P.legend_below(axes[1], fontsize=7)
    team = tabs["weis_by_team"]
    tx = np.arange(len(team))
    for i, (col, label) in enumerate((("weis_rate", "scores Weis"), ("stoeck_rate", "scores Stöck"))):
        P.points(axes[2], tx, team[col], team[f"{col}_lo"], team[f"{col}_hi"], label, i, offset=(i - 0.5) * 0.15)
    axes[2].set_xticks(tx)
    axes[2].set_xticklabels(list(team["side"]))
    axes[2].set_xlim(-0.6, len(team) - 0.4)
    axes[2].set_ylim(0, 1)
    _fine_percent_axis(axes[2])
    axes[2].set_title("per deal, by team")
    axes[2].set_ylabel("share of deals (95 % interval)")
    P.legend_below(axes[2], fontsize=8)
    for ax in axes:
        ax.grid(alpha=0.3, axis="y")
    return fig


def _plot_game_length(tabs, sub, path):
    length = tabs["game_length"]
    ends = tabs["game_ends"]
    if not len(length):
        return None
    fig, (left, right) = P.figure("Game length and how games end", sub, panels=2, panel_size=(6.4, 4.2))
    left.bar(length["deals"], length["share"], color=P.colour(0), width=0.8)
    left.set_xlabel("deals played in the game")
    left.set_ylabel("share of games")
    summary_row = tabs["game_length_summary"].iloc[0]
    left.set_title(f"deals per game: mean {summary_row['mean_deals']:.2f} "
                   f"({summary_row['mean_deals_lo']:.2f} to {summary_row['mean_deals_hi']:.2f})")
    _fine_percent_axis(left)
    P.integer_ticks(left)
    left.grid(alpha=0.3, axis="y")
    y = np.arange(len(ends))
    err = np.vstack([ends["share"] - ends["share_lo"], ends["share_hi"] - ends["share"]])
    right.barh(y, ends["share"], color=P.colour(2), height=0.6)
    right.errorbar(ends["share"], y, xerr=err, fmt="none", color="black", capsize=3, linewidth=0.8)
    right.set_yticks(y)
    right.set_yticklabels([P.wrap(h, 28, " ") for h in ends["how"]], fontsize=8)
    right.invert_yaxis()
    right.set_xlim(0, 1)
    _fine_percent_axis(right, "x")
    right.set_xlabel("share of games (95 % interval)")
    right.set_title("how the game ended")
    right.grid(alpha=0.3, axis="x")
    return P.save(fig, path)


def _plot_calibration(tabs, sub, path):
    calib = tabs["prediction_calibration"]
    calib = calib[calib["predictions"] >= MIN_PLOTTED]
    specs = list(tabs["prediction_error_by_strategy"]["strategy"])
    fig, (left, right) = P.figure("Calibration: do predictions match the points taken?", sub, panels=2)
    top = float(max(calib["mean_prediction"].max(), calib["mean_points_hi"].max())) if len(calib) else 1.0
    left.plot([0, top], [0, top], color="grey", linestyle="--", linewidth=1, label="points = prediction")
    for i, spec in enumerate(specs):
        s = calib[calib["strategy"] == spec]
        P.points(left, s["mean_prediction"], s["mean_points"], s["mean_points_lo"], s["mean_points_hi"], spec, i)
        left.plot(s["mean_prediction"], s["mean_points"], color=P.colour(i), linewidth=0.8, alpha=0.6)
    left.set_xlabel(f"mean prediction in the bucket (buckets of {CALIBRATION_BUCKET} points)")
    left.set_ylabel("mean points taken (95 % interval)")
    left.set_title(f"points taken for each prediction bucket (≥ {MIN_PLOTTED} predictions)")
    P.legend(left)
    left.grid(alpha=0.3)
    miss = tabs["prediction_miss"]
    if len(miss):
        low, high = int(miss["miss"].min()), int(miss["miss"].max())
        step = max(1, math.ceil((high - low + 1) / 60))
        edges = np.arange(low, high + step + 1, step) - 0.5
        for i, spec in enumerate(specs):
            s = miss[miss["strategy"] == spec]
            right.hist(s["miss"], bins=edges, weights=s["share"], histtype="step", linewidth=1.5,
                       color=P.colour(i), label=f"{spec} ({int(s['predictions'].sum()):,} predictions)")
        right.set_ylabel(f"share of predictions ({step}-point bins)")
    right.axvline(0, color="grey", linewidth=1)
    right.set_xlabel("points taken − prediction")
    right.set_title("the miss")
    _fine_percent_axis(right)
    P.legend(right, fontsize=8)
    right.grid(alpha=0.3)
    return P.save(fig, path)


def _plot_prediction_error(tabs, sub, path):
    parts = [("prediction_error_by_player", "player"), ("prediction_error_by_position", "order"),
             ("prediction_error_by_seat", "seat")]
    fig, axes = P.figure("Prediction error: mean |points taken − prediction|", sub, panels=3,
                         panel_size=(5.0, 3.8))
    for i, (ax, (name, key)) in enumerate(zip(axes, parts)):
        t = tabs[name]
        P.category_points(ax, [str(v) for v in t[key]], t["mean_abs_error"], t["mean_abs_error_lo"],
                          t["mean_abs_error_hi"], i=i)
        ax.set_title(f"by {'play position' if key == 'order' else key}")
        ax.set_ylabel("mean error, points (95 % interval)")
        ax.set_ylim(bottom=0)
        ax.grid(alpha=0.3, axis="y")
        ax.tick_params(axis="x", labelsize=8)
    return P.save(fig, path)


def _plot_trumps_vs_points(tabs, sub, path):
    t = tabs["points_by_trumps_held"]
    t = t[t["hands"] >= MIN_PLOTTED]
    turned = tabs["turned_trump"]
    if not len(t):
        return None
    fig, (left, right) = P.figure("Trumps held against points taken", sub, panels=2)
    for i, role in enumerate(("others", "dealer")):
        s = t[t["role"] == role]
        P.band(left, s["trumps_held"], s["mean_points"], s["mean_points_lo"], s["mean_points_hi"],
               f"{role}: points taken", i)
        left.plot(s["trumps_held"], s["mean_prediction"], linestyle="--", marker="s", markersize=3,
                  color=P.colour(i), label=f"{role}: prediction")
    left.set_xlabel("trumps held (the dealer's include the turned card)")
    left.set_ylabel("mean points per deal (95 % interval)")
    left.set_title(f"points taken and predicted (≥ {MIN_PLOTTED} hands)")
    P.integer_ticks(left)
    P.legend(left, fontsize=8)
    left.grid(alpha=0.3)
    P.category_points(right, [str(s) for s in turned["suit"]], turned["share"], turned["share_lo"],
                      turned["share_hi"])
    right.axhline(0.25, color="grey", linestyle="--", linewidth=1, label="one in four")
    right.set_ylim(0, max(0.5, float(turned["share_hi"].max()) * 1.1) if len(turned) else 1)
    _fine_percent_axis(right)
    right.set_title("the turned trump suit")
    right.set_ylabel("share of deals (95 % interval)")
    P.legend(right, fontsize=8)
    right.grid(alpha=0.3, axis="y")
    return P.save(fig, path)
