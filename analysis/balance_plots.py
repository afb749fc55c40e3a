"""The scoring-balance plots of any game (see :mod:`analysis.balance` for the tables they draw).

Each plot is named after the table it draws, so that ``score_balance.png``
and ``score_balance.csv`` hold the same numbers:

* ``score_balance.png`` – mean game total and win rate by team (or seat),
  start position and player;
* ``paired_strategies.png`` (``paired_players.png`` for a lineup of one
  strategy) – the paired differences on the same boards;
* ``total_distribution.png`` – the distribution of game totals per strategy
  (drawn from the cube's ``totals`` histogram, summarised by the table of
  that name).

Estimates from fewer than ``MIN_PLOTTED`` observations are left out.
"""
from __future__ import annotations

import math
from pathlib import Path

import numpy as np

from . import plots as P
from .balance import Scoring
from .common import MIN_PLOTTED, strategies


def draw(cube: dict, tabs: dict, manifest: dict, out_dir, subtitle: str, scoring: Scoring = Scoring()) -> list[Path]:
    """Draw the balance plots into ``out_dir``; returns their paths."""
    out_dir = Path(out_dir)
    paired = "paired_strategies" if "paired_strategies" in tabs else "paired_players"
    drawn = [P.save(balance_figure(tabs, subtitle, scoring), out_dir / "score_balance.png")]
    fig = paired_figure(tabs[paired], paired, subtitle, scoring)
    if fig is not None:
        drawn.append(P.save(fig, out_dir / f"{paired}.png"))
    fig = totals_figure(cube, manifest, subtitle, scoring)
    if fig is not None:
        drawn.append(P.save(fig, out_dir / "total_distribution.png"))
    return drawn


def balance_figure(tabs: dict, subtitle: str, scoring: Scoring = Scoring()):
    """Mean total (top row) and win rate (bottom row) by team or seat, start position and player."""
    first = ("score_by_team", "team") if "score_by_team" in tabs else ("score_by_seat", "seat")
    parts = [first, ("score_by_start_position", "start position"), ("score_by_player", "player")]
    fig, axes = P.figure(f"Scoring balance: mean {scoring.total} ({scoring.better} is better) and win rate",
                         subtitle, panels=6, cols=3, panel_size=(5.0, 3.6))
    fair = 1 / max(len(tabs[first[0]]), 1)
    for col, (name, word) in enumerate(parts):
        t = tabs[name]
        t = t[t["games"] >= MIN_PLOTTED]
        key = {"start position": "order"}.get(word, word)
        labels = [str(v).replace(" (", "\n(") for v in t[key]]
        P.category_points(axes[col], labels, t["mean_total"], t["mean_total_lo"], t["mean_total_hi"], i=col)
        axes[col].set_title(f"mean {scoring.total} by {word}")
        axes[col].set_ylabel("points (95 % interval)")
        P.category_points(axes[3 + col], labels, t["win_rate"], t["win_rate_lo"], t["win_rate_hi"], i=col)
        axes[3 + col].set_title(f"win rate by {word}")
        axes[3 + col].set_ylabel("win share (95 % interval)")
        axes[3 + col].axhline(fair, color="grey", linestyle="--", linewidth=1, label=f"fair share {fair:.0%}")
        P.percent_axis(axes[3 + col])
        axes[3 + col].set_xlabel(word)
        for ax in (axes[col], axes[3 + col]):
            ax.grid(alpha=0.3, axis="y")
            ax.tick_params(axis="x", labelsize=8)
    P.legend(axes[3], fontsize=8, loc="best")
    return fig


def paired_figure(t, name: str, subtitle: str, scoring: Scoring = Scoring()):
    """The paired differences a − b (total and win rate) with their intervals; None without pairs."""
    if not len(t):
        return None
    what = "strategy" if name == "paired_strategies" else "player"
    fig, (left, right) = P.figure("Paired comparison on the same boards", subtitle, panels=2,
                                  panel_size=(6.0, 1.2 + 0.5 * len(t)))
    y = np.arange(len(t))
    names = [f"{a}  −  {b}" for a, b in zip(t[f"{what}_a"], t[f"{what}_b"])]
    for ax, col, label in ((left, "diff_win_rate", "win rate difference (95 % interval)"),
                           (right, "diff_mean_total", f"{scoring.total} difference per game (95 % interval)")):
        err = np.vstack([t[col] - t[f"{col}_lo"], t[f"{col}_hi"] - t[col]])
        ax.errorbar(t[col], y, xerr=np.where(np.isfinite(err), err, 0), fmt="o", capsize=4, color=P.colour(0))
        ax.axvline(0, color="grey", linewidth=1)
        ax.set_yticks(y)
        ax.set_yticklabels(names)
        ax.invert_yaxis()
        ax.set_xlabel(label)
        ax.grid(alpha=0.3, axis="x")
    P.percent_axis(left, "x")
    return fig


def totals_figure(cube: dict, manifest: dict, subtitle: str, scoring: Scoring = Scoring()):
    """Histogram of game totals per strategy; None without games."""
    dist = cube["totals"]
    if not len(dist):
        return None
    slot_strategy, specs = strategies(manifest["study"]["lineup"])
    fig, (ax,) = P.figure(f"Distribution of the {scoring.total}", subtitle)
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
    ax.set_xlabel(f"{scoring.total} (points)")
    ax.set_ylabel("share of games")
    P.percent_axis(ax)
    P.legend(ax)
    ax.grid(alpha=0.3)
    return fig
