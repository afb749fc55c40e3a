"""The plots of a Wizard or Oh Hell run (see :mod:`analysis.wizard` for the tables they draw).

:func:`draw` writes one PNG per view of the three questions: bid accuracy by
hand size, the bid/tricks matrix and calibration; how trump was decided and
what trumps and Wizards are worth; scoring balance, paired comparisons and
the distribution of game totals (those three drawn by
:mod:`analysis.balance_plots`). Every estimate is drawn with its 95 %
interval; estimates from fewer than ``MIN_PLOTTED`` observations are left out
(the tables keep them).
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from sim.games.wizard.records import TRUMP_KINDS

from . import balance_plots
from . import plots as P
from .balance import Scoring
from .common import MIN_PLOTTED, strategies, subtitle


def draw(cube: dict, tabs: dict, manifest: dict, out_dir, scoring: Scoring = Scoring()) -> list[Path]:
    """Draw the PNG plots of a run's ``tabs`` (and ``cube``) into ``out_dir``; returns their paths."""
    out_dir = Path(out_dir)
    n_games = int(cube["games"]["n"].sum()) // int(manifest["study"]["players"])
    sub = subtitle(manifest, n_games)
    specs = strategies(manifest["study"]["lineup"])[1]
    drawn = [
        _plot_exact_by_hand_size(tabs, specs, sub, out_dir / "bid_exact_by_hand_size.png"),
        _plot_bid_matrix(tabs, specs, sub, out_dir / "bid_vs_tricks.png"),
        _plot_calibration(tabs, specs, sub, out_dir / "bid_calibration.png"),
        _plot_trump_outcomes(tabs, sub, out_dir / "trump_outcomes_by_deal.png"),
        _plot_tricks_vs_trumps(tabs, sub, out_dir / "tricks_by_trumps_held.png"),
    ]
    balance = balance_plots.draw(cube, tabs, manifest, out_dir, sub, scoring)
    return [p for p in drawn if p is not None] + balance


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
    t = tabs["trump_outcomes_by_deal"]
    wide = t.pivot_table(index=["deal", "hand_size"], columns="outcome", values="share", observed=True,
                         aggfunc="sum").fillna(0.0)
    wide = wide.loc[:, [c for c in wide.columns if wide[c].sum() > 0]]
    fig, (ax,) = P.figure("How trump was decided, by deal (round)", sub, panel_size=(10, 4.2))
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
