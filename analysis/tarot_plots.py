"""The plots of a French Tarot run (see :mod:`analysis.tarot` for the tables they draw).

:func:`draw` writes one PNG per view: contracts made by contract and by the
oudlers held, the taker's margin, the dog and the taker's trumps, and the
balance plots of :mod:`analysis.balance_plots`. Every estimate is drawn with
its 95 % interval; estimates from fewer than ``MIN_PLOTTED`` observations
are left out (the tables keep them).
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

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
        _plot_success(tabs, sub, out_dir / "contract_success_by_oudlers.png"),
        _plot_margins(tabs, sub, out_dir / "margin_distribution.png"),
        _plot_dog(tabs, sub, out_dir / "dog_odds.png"),
    ]
    return drawn + balance_plots.draw(cube, tabs, manifest, out_dir, sub, scoring)


def _plot_success(tabs, sub, path):
    fig, (left, right) = P.figure("Contracts made, by contract and by oudlers", sub, panels=2)
    by_contract = tabs["contract_success_by_contract"]
    by_contract = by_contract[by_contract["deals"] >= MIN_PLOTTED]
    P.category_points(left, [str(c) for c in by_contract["contract"]], by_contract["made_rate"],
                      by_contract["made_rate_lo"], by_contract["made_rate_hi"])
    left.set_ylabel("contracts made (95 % interval)")
    left.set_title("by contract")
    P.percent_axis(left)
    left.set_ylim(0, 1)
    left.grid(alpha=0.3)
    t = tabs["contract_success_by_oudlers"]
    t = t[(t["counted"] == "dealt to the taker") & (t["deals"] >= MIN_PLOTTED)]
    for i, contract in enumerate(t["contract"].cat.categories):
        s = t[t["contract"] == contract]
        if len(s):
            P.points(right, s["oudlers"], s["made_rate"], s["made_rate_lo"], s["made_rate_hi"], str(contract), i,
                     offset=(i - 1.5) * 0.08)
    right.set_xlabel("oudlers dealt to the taker")
    right.set_ylabel("contracts made (95 % interval)")
    right.set_title("by oudlers dealt (the target falls with each oudler)")
    right.set_xticks([0, 1, 2, 3])
    P.percent_axis(right)
    right.set_ylim(0, 1)
    P.legend(right, title="contract", fontsize=8)
    right.grid(alpha=0.3)
    return P.save(fig, path)


def _plot_margins(tabs, sub, path):
    fig, (ax,) = P.figure("The taker's margin over the target, by contract", sub, panel_size=(9, 4.2))
    t = tabs["margin_distribution"]
    deals = t.groupby("contract", observed=True)["deals"].sum()
    for i, contract in enumerate(t["contract"].cat.categories):
        if deals.get(contract, 0) < MIN_PLOTTED:
            continue
        s = t[t["contract"] == contract].sort_values("margin")
        ax.step(s["margin"], s["share"], where="mid", color=P.colour(i),
                label=f"{contract} ({int(deals[contract]):,} deals)")
    ax.axvline(0, color="grey", linestyle="--", linewidth=1)
    ax.set_xlabel("margin in points (below 0: the contract failed)")
    ax.set_ylabel("share of the contract's deals")
    P.percent_axis(ax)
    P.legend(ax, fontsize=8)
    ax.grid(alpha=0.3)
    return P.save(fig, path)


def _plot_dog(tabs, sub, path):
    fig, (left, right) = P.figure("The dog and the taker's trumps", sub, panels=2)
    dog = tabs["dog_odds"]
    dog = dog[dog["deals"] >= MIN_PLOTTED] if len(dog) else dog
    cards = list(dict.fromkeys(dog["card"]))
    for i, card in enumerate(cards):
        s = dog[dog["card"] == card]
        P.points(left, s["in_dog"], s["share"], s["share_lo"], s["share_hi"], str(card), i,
                 offset=(i - 0.5) * 0.1)
    left.set_xlabel("cards of the kind in the dog as dealt")
    left.set_ylabel("share of deals (95 % interval)")
    left.set_title("oudlers and Kings in the dog")
    P.integer_ticks(left)
    P.percent_axis(left)
    P.legend(left)
    left.grid(alpha=0.3)
    means = tabs["taker_trumps_by_contract"]
    means = means[means["deals"] >= MIN_PLOTTED]
    x = np.arange(len(means))
    for i, (col, label) in enumerate((("mean_trumps_dealt", "as dealt"), ("mean_taker_trumps", "after the dog"))):
        P.points(right, x, means[col], means[col + "_lo"], means[col + "_hi"], label, i, offset=(i - 0.5) * 0.15)
    right.set_xticks(x)
    right.set_xticklabels([str(c) for c in means["contract"]])
    right.set_ylabel("the taker's trumps (95 % interval)")
    right.set_title("the taker's trumps, by contract")
    P.legend(right)
    right.grid(alpha=0.3)
    return P.save(fig, path)
