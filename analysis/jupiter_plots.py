"""The plots of a Beim Jupiter run (see :mod:`analysis.jupiter` for the tables they draw).

:func:`draw` writes one PNG per view, named as the table it draws: how the
trump was settled by round, exact bids by round and kind of bid, and the
balance plots of :mod:`analysis.balance_plots`. Every estimate is drawn with
its 95 % interval; estimates from fewer than ``MIN_PLOTTED`` observations are
left out (the tables keep them).
"""
from __future__ import annotations

from pathlib import Path

from . import balance_plots
from . import plots as P
from .balance import Scoring
from .common import MIN_PLOTTED, subtitle


def draw(cube: dict, tabs: dict, manifest: dict, out_dir, scoring: Scoring = Scoring()) -> list[Path]:
    """Draw the PNG plots of a run's ``tabs`` (and ``cube``) into ``out_dir``; returns their paths."""
    out_dir = Path(out_dir)
    n_games = int(cube["games"]["n"].sum()) // int(manifest["study"]["players"])
    sub = subtitle(manifest, n_games)
    drawn = [
        _plot_trump_steps(tabs, sub, out_dir / "trump_steps_by_round.png"),
        _plot_accuracy(tabs, sub, out_dir / "bid_accuracy_by_round.png"),
    ]
    return drawn + balance_plots.draw(cube, tabs, manifest, out_dir, sub, scoring)


def _plot_trump_steps(tabs, sub, path):
    fig, (ax,) = P.figure("How the trump was settled, by round", sub, panel_size=(9, 4.2))
    t = tabs["trump_steps_by_round"]
    t = t[t["rounds"] >= MIN_PLOTTED] if len(t) else t
    for i, step in enumerate(t["trump_step"].cat.categories if len(t) else []):
        s = t[t["trump_step"] == step]
        if len(s):
            P.points(ax, s["round"], s["share"], s["share_lo"], s["share_hi"], str(step), i,
                     offset=(i - 1.5) * 0.08)
    ax.set_xlabel("round")
    ax.set_ylabel("share of rounds (95 % interval)")
    ax.set_xticks(range(1, 9))
    P.percent_axis(ax)
    ax.set_ylim(0, 1)
    P.legend(ax, title="settled by", fontsize=8)
    ax.grid(alpha=0.3)
    return P.save(fig, path)


def _plot_accuracy(tabs, sub, path):
    fig, (ax,) = P.figure("Exact bids, by round and kind of bid", sub, panel_size=(9, 4.2))
    t = tabs["bid_accuracy_by_round"]
    t = t[t["bids"] >= MIN_PLOTTED] if len(t) else t
    series = t.groupby(["strategy", "bid_kind"], observed=True) if len(t) else []
    for i, ((strategy, kind), s) in enumerate(series):
        P.points(ax, s["round"], s["exact_rate"], s["exact_rate_lo"], s["exact_rate_hi"],
                 f"{strategy}, {kind}", i, offset=(i % 6 - 2.5) * 0.05)
    ax.set_xlabel("round")
    ax.set_ylabel("exact bids (95 % interval)")
    ax.set_xticks(range(1, 9))
    P.percent_axis(ax)
    ax.set_ylim(0, 1)
    P.legend(ax, fontsize=8)
    ax.grid(alpha=0.3)
    return P.save(fig, path)
