"""The plots of a Pitch run (see :mod:`analysis.pitch` for the tables they draw).

:func:`draw` writes one PNG per view, named as the table it draws: bids made
by contract, strategy and position (``contract_success_by_position.png``),
the points the bidding side took against its bid (``points_by_contract.png``),
bids made by the bidder's trumps (``made_by_trumps.png``), who was dealt the
key trumps (``trump_card_holders.png``), Auction's four points in play
(``points_in_play.png``), the deal by position (``deals_by_position.png``),
game length (``game_length.png``), and the balance plots of
:mod:`analysis.balance_plots`. Every estimate is drawn with its 95 % interval;
estimates from fewer than ``MIN_PLOTTED`` observations are left out (the
tables keep them).
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from . import balance_plots
from . import plots as P
from .balance import Scoring
from .common import MIN_PLOTTED, describe, sum_by, with_rate

TITLES = {"auction": "Auction Pitch", "ten_point": "Ten-point Pitch"}


def draw(cube: dict, tabs: dict, manifest: dict, out_dir, scoring: Scoring = Scoring()) -> list[Path]:
    """Draw the PNG plots of a run's ``tabs`` (and ``cube``) into ``out_dir``; returns their paths."""
    out_dir = Path(out_dir)
    n_games = int(cube["games"]["n"].sum()) // int(manifest["study"]["players"])
    study = manifest["study"]
    sub = describe(study, TITLES.get(study.get("variant") or "auction", "Pitch"), n_games)
    drawn = [
        _plot_success(tabs, sub, out_dir / "contract_success_by_position.png"),
        _plot_points(tabs, sub, out_dir / "points_by_contract.png"),
        _plot_trumps(tabs, sub, out_dir / "made_by_trumps.png"),
        _plot_holders(tabs, sub, out_dir / "trump_card_holders.png"),
        _plot_in_play(tabs, sub, out_dir / "points_in_play.png") if "points_in_play" in tabs else None,
        _plot_positions(tabs, sub, out_dir / "deals_by_position.png"),
        _plot_game_length(tabs, sub, out_dir / "game_length.png"),
    ]
    return [p for p in drawn if p is not None] + balance_plots.draw(cube, tabs, manifest, out_dir, sub, scoring)


def _enough(t, count):
    return t[t[count] >= MIN_PLOTTED] if len(t) else t


def _rate_axis(ax, ylabel):
    ax.set_ylabel(ylabel)
    P.percent_axis(ax)
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)


def _plot_success(tabs, sub, path):
    fig, (left, right) = P.figure("Bids made, by contract, strategy and position", sub, panels=2)
    t = _enough(tabs["contract_success"], "deals")
    P.grouped_points(left, t, "strategy", "contract", "made_rate")
    left.set_xlabel("contract (the winning bid)")
    left.set_title("by the bidder's strategy")
    P.integer_ticks(left)
    _rate_axis(left, "bids made (95 % interval)")
    P.legend(left, fontsize=8)
    t = tabs["contract_success_by_position"]
    t = _enough(with_rate(sum_by(t, ["position", "contract"], ["deals", "made"]), "made", "deals", "made_rate"),
                "deals")
    P.grouped_points(right, t, "contract", "position", "made_rate", label=lambda c: f"bid {c}",
                     spread=0.06, groups=sorted(set(t["contract"])))
    right.set_xticks(range(4))
    right.set_xticklabels(["first hand", "2nd hand", "3rd hand", "dealer"])
    right.set_title("by the bidder's position (every strategy)")
    _rate_axis(right, "bids made (95 % interval)")
    P.legend(right, fontsize=8, ncols=2)
    return P.save(fig, path)


def _plot_points(tabs, sub, path):
    fig, (left, right) = P.figure("Points the bidding side took, against its bid", sub, panels=2)
    t = _enough(tabs["contract_success"], "deals")
    P.grouped_points(left, t, "strategy", "contract", "mean_points")
    if len(t):
        low, high = int(t["contract"].min()), int(t["contract"].max())
        left.plot([low - 0.3, high + 0.3], [low - 0.3, high + 0.3], color="grey", linestyle="--", linewidth=1,
                  label="points = bid")
    left.set_xlabel("contract (the winning bid)")
    left.set_ylabel("mean points taken (95 % interval)")
    left.set_title("mean points taken by the bidding side")
    P.integer_ticks(left)
    P.legend(left, fontsize=8)
    left.grid(alpha=0.3)
    dist = tabs["points_by_contract"]
    deals = dist.groupby("contract")["deals"].sum()
    for i, contract in enumerate(deals.index):
        if deals[contract] < MIN_PLOTTED:
            continue
        s = dist[dist["contract"] == contract].sort_values("points")
        right.step(s["points"], s["share"], where="mid", color=P.colour(i),
                   label=f"bid {contract} ({int(deals[contract]):,} deals)")
        right.axvline(contract - 0.5, color=P.colour(i), linestyle=":", linewidth=1)
    right.set_xlabel("points taken (dotted: the bid's threshold)")
    right.set_ylabel("share of the contract's deals")
    right.set_title("distribution of the points taken")
    P.integer_ticks(right)
    P.percent_axis(right)
    P.legend(right, fontsize=8)
    right.grid(alpha=0.3)
    return P.save(fig, path)


def _plot_trumps(tabs, sub, path):
    made = tabs["made_by_trumps"]
    strategies = list(dict.fromkeys(made["strategy"]))
    if not strategies:
        return None
    fig, axes = P.figure("The bidder's trumps as dealt, and the bid", sub, panels=len(strategies) + 1,
                         panel_size=(5.4, 4.2))
    for ax, strategy in zip(axes, strategies):
        t = _enough(made[made["strategy"] == strategy], "deals")
        P.grouped_points(ax, t, "contract", "trumps_dealt", "made_rate", label=lambda c: f"bid {c}",
                         spread=0.06, groups=sorted(set(t["contract"])))
        ax.set_xlabel("trumps in the bidder's hand as dealt")
        ax.set_title(f"bids made by {strategy}, by trumps dealt")
        P.integer_ticks(ax)
        _rate_axis(ax, "bids made (95 % interval)")
        P.legend(ax, fontsize=8, ncols=2)
    right = axes[-1]
    means = _enough(tabs["bidder_trumps_by_contract"], "deals")
    P.grouped_points(right, means, "strategy", "contract", "mean_trumps_dealt", groups=strategies)
    right.set_xlabel("contract (the winning bid)")
    right.set_ylabel("the bidder's trumps as dealt (95 % interval)")
    right.set_title("mean trumps dealt to the bidder")
    P.integer_ticks(right)
    P.legend(right, fontsize=8)
    right.grid(alpha=0.3)
    return P.save(fig, path)


def _plot_holders(tabs, sub, path):
    t = tabs["trump_card_holders"]
    if not len(t):
        return None
    cards = [c for c in t["card"].cat.categories if (t["card"] == c).any()]
    holders = list(t["holder"].cat.categories)
    strategies = list(dict.fromkeys(t["strategy"]))
    fig, axes = P.figure("Who was dealt the key trumps", sub, panels=1 + len(strategies), panel_size=(5.4, 4.2))
    dealt = t.groupby(["card", "holder"], observed=True)["deals"].sum()
    shares = {h: [float(dealt.get((c, h), 0) / dealt[c].sum()) for c in cards] for h in holders}
    colours = {h: P.colour(i) for i, h in enumerate(holders)}
    P.stacked_shares(axes[0], cards, {h: v for h, v in shares.items() if sum(v) > 0}, colours)
    axes[0].set_ylabel("share of deals")
    axes[0].set_title("the card's holder as dealt")
    P.legend_below(axes[0], fontsize=8)
    for ax, strategy in zip(axes[1:], strategies):
        s = _enough(t[t["strategy"] == strategy], "deals")
        for i, holder in enumerate(holders):
            part = s[s["holder"] == holder]
            if not len(part):
                continue
            x = np.array([cards.index(c) for c in part["card"]])
            P.points(ax, x, part["made_rate"], part["made_rate_lo"], part["made_rate_hi"], holder, i,
                     offset=(i - 1.5) * 0.08)
        ax.set_xticks(range(len(cards)))
        ax.set_xticklabels(cards)
        ax.set_xlim(-0.6, len(cards) - 0.4)
        ax.set_title(f"bids made by {strategy}, by the card's holder")
        _rate_axis(ax, "bids made (95 % interval)")
        P.legend_below(ax, fontsize=8)
    return P.save(fig, path)


def _plot_in_play(tabs, sub, path):
    t = tabs["points_in_play"]
    if not len(t):
        return None
    fig, (ax,) = P.figure("High, Low, Jack and Game: in play and won by the pitcher", sub, panel_size=(8, 4.2))
    x = np.arange(len(t))
    for i, (col, label) in enumerate((("in_play_rate", "in play (of deals)"),
                                      ("pitcher_rate", "won by the pitcher (of deals in play)"))):
        P.points(ax, x, t[col], t[col + "_lo"], t[col + "_hi"], label, i, offset=(i - 0.5) * 0.15)
    ax.set_xticks(x)
    ax.set_xticklabels(list(t["point"]))
    _rate_axis(ax, "share of deals (95 % interval)")
    P.legend(ax, fontsize=8, loc="lower left")
    return P.save(fig, path)


def _plot_positions(tabs, sub, path):
    t = _enough(tabs["deals_by_position"], "hands")
    fig, (left, right) = P.figure("Per deal by position: the bidding won and the score", sub, panels=2)
    labels = list(t["order"])
    P.category_points(left, labels, t["bidder_rate"], t["bidder_rate_lo"], t["bidder_rate_hi"])
    left.axhline(0.25, color="grey", linestyle="--", linewidth=1, label="a fair share (1/4)")
    left.set_title("deals the seat won the bidding")
    _rate_axis(left, "share of deals (95 % interval)")
    P.legend(left, fontsize=8)
    P.category_points(right, labels, t["mean_score"], t["mean_score_lo"], t["mean_score_hi"], i=1)
    right.axhline(0, color="grey", linewidth=1)
    right.set_title("the seat's score change per deal")
    right.set_ylabel("points (95 % interval)")
    right.grid(alpha=0.3)
    return P.save(fig, path)


def _plot_game_length(tabs, sub, path):
    length = tabs["game_length"]
    if not len(length):
        return None
    fig, (ax,) = P.figure("Deals per game", sub, panel_size=(8, 4.2))
    ax.bar(length["deals"], length["share"], color=P.colour(0), width=0.8)
    r = tabs["game_length_summary"].iloc[0]
    ax.set_title(f"mean {r['mean_deals']:.2f} deals, median {int(r['median'])}, "
                 f"5–95 %: {int(r['p05'])}–{int(r['p95'])}")
    ax.set_xlabel("deals played in the game")
    ax.set_ylabel("share of games")
    P.percent_axis(ax)
    P.integer_ticks(ax)
    ax.grid(alpha=0.3, axis="y")
    return P.save(fig, path)
