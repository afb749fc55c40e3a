"""The plain-language summary of a Jass run: a few sentences per question, with the numbers
and their 95 % intervals, read from the tables of :mod:`analysis.jass`."""
from __future__ import annotations

from sim.errors import counted as counted_text

from . import balance
from .common import shares_sentence
from .jass_terms import QUESTIONS, SCORING, variant_of
from .spec import estimate
from .words import has_interval, intervals_apart, percent, points

_ci = estimate


def summary(tabs: dict, manifest: dict) -> dict[str, list[str]]:
    """A few plain sentences per question, with the numbers and their 95 % intervals."""
    variant = variant_of(manifest["study"])
    if variant == "schieber":
        parts = (_schieber_trump_summary(tabs), _balance_summary(tabs, manifest))
    else:
        parts = (_bid_summary(tabs), _differenzler_trump_summary(tabs), _balance_summary(tabs, manifest))
    return dict(zip(QUESTIONS[variant], parts))


def _range_sentence(table, col, what, name, pct=True) -> str | None:
    """'<what> runs from <lowest> (<name>) to <highest> (<name>)' and whether that is significant;
    'is <x> for every row' when all are equal; None for fewer than two rows."""
    t = table.dropna(subset=[col])
    if len(t) < 2:
        return None
    fmt = percent if pct else points
    if fmt(t[col].min()) == fmt(t[col].max()):          # a range from 3.8 to 3.8 says nothing
        return f"{what} is {fmt(t[col].iloc[0])} for every one of them."
    low, high = t.loc[t[col].idxmin()], t.loc[t[col].idxmax()]
    judged = (" (significant: the 95 % intervals do not overlap)" if intervals_apart(low, high, col) else
              " (not significant: the 95 % intervals overlap)" if has_interval(low, col) and has_interval(high, col)
              else "")
    return (f"{what} runs from {_ci(low, col, pct)} ({name(low)}) to {_ci(high, col, pct)} ({name(high)}){judged}.")


def _schieber_trump_summary(tabs) -> list[str]:
    lines = []
    modes = tabs["modes"]
    if len(modes):
        lines.append(shares_sentence("Modes chosen", modes, "mode", _ci))
    pushes = tabs["push_rate_by_player"]
    if len(pushes):
        total = pushes["pushes"].sum() / max(pushes["deals"].sum(), 1)
        lines.append(f"The first hand pushed in {percent(total)} of deals; by player: "
                     + ", ".join(f"{r['player']} {_ci(r, 'push_rate')}" for _, r in pushes.iterrows()) + ".")
    points = tabs["declarer_points_by_mode"]
    if len(points):
        deals = points["deals"].sum()
        mean = (points["mean_card_points"] * points["deals"]).sum() / deals
        over = (points["over_half_rate"] * points["deals"]).sum() / deals
        lines.append(f"The declaring team took {mean:.1f} of the 157 card points on average and more than half "
                     f"in {percent(over)} of {int(deals):,} complete deals.")
        sentence = _range_sentence(points, "mean_card_points", "By mode, its mean card points",
                                   lambda r: r["mode"], pct=False)
        if sentence:
            lines.append(sentence)
    choosers = tabs["declarer_points_by_chooser"].set_index("chooser")
    if {"first hand", "partner after a push"} <= set(choosers.index):
        lines.append(f"The first hand's own choice won {_ci(choosers.loc['first hand'], 'mean_card_points', False)} "
                     f"card points on average, the partner's choice after a push "
                     f"{_ci(choosers.loc['partner after a push'], 'mean_card_points', False)}.")
    held = tabs["trumps_held_by_role"].set_index("role")
    if len(held) == 3:
        lines.append(f"In deals with a trump suit the chooser held {held.loc['chooser', 'mean_trumps_held']:.2f} "
                     f"trumps on average, his partner {held.loc['partner', 'mean_trumps_held']:.2f}, each "
                     f"defender {held.loc['defender', 'mean_trumps_held']:.2f}.")
    match = tabs["match_rate_by_mode"]
    if len(match):
        deals = match["deals"].sum()
        lines.append(f"Match (all nine tricks): declaring team {percent(match['matches'].sum() / deals)}, "
                     f"defenders {percent(match['defender_matches'].sum() / deals)} of complete deals.")
    weis = tabs["weis_by_team"].set_index("side")
    values = tabs["weis_values"]
    if len(values):
        any_weis = values.loc[values["value"] > 0, "hands"].sum() / values["hands"].sum()
        line = f"A hand holds some Weis in {percent(any_weis)} of deals"
        if {"declaring team", "defenders"} <= set(weis.index):
            d, o = weis.loc["declaring team"], weis.loc["defenders"]
            line += (f"; the declaring team scores Weis in {_ci(d, 'weis_rate')} of deals, the defenders in "
                     f"{_ci(o, 'weis_rate')}; Stöck goes to the declaring team in {percent(d['stoeck_rate'])} of "
                     f"deals, to the defenders in {percent(o['stoeck_rate'])}")
        lines.append(line + ".")
    return lines


def _balance_summary(tabs, manifest) -> list[str]:
    study = manifest["study"]
    schieber = variant_of(study) == "schieber"
    lines = []
    if schieber and len(tabs["first_hand_advantage"]) == 2:
        first, other = (r for _, r in tabs["first_hand_advantage"].iterrows())
        lines.append(f"Per deal the first hand's (declaring) team counted {_ci(first, 'mean_counted_points', False)} "
                     f"points, the other team {_ci(other, 'mean_counted_points', False)}.")
    lines += balance.summary(tabs, study, SCORING[variant_of(study)])
    length = tabs["game_length_summary"]
    if not schieber and "extra_deals" in tabs and len(tabs["extra_deals"]):
        extra = tabs["extra_deals"]
        tied = extra[extra["extra_deals"] > 0]
        if len(tied):
            lines.append(f"{percent(tied['games'].sum() / extra['games'].sum())} of games were tied after four "
                         f"deals and needed tie-break deals (up to {int(extra['extra_deals'].max())}).")
        else:
            lines.append(f"No game was tied after four deals ({counted_text(int(extra['games'].sum()), 'game')}).")
    elif len(length):
        r = length.iloc[0]
        lines.append(f"A game lasted {_ci(r, 'mean_deals', False)} deals on average "
                     f"(median {int(r['median'])}, 5–95 %: {int(r['p05'])}–{int(r['p95'])}).")
    ends = tabs["game_ends"]
    if len(ends):
        lines.append("Games ended: " + "; ".join(f"{r['how']} {percent(r['share'])}" for _, r in ends.iterrows()) + ".")
    if schieber:
        counted = tabs["counted_points_by_mode"]
        if len(counted):
            lines.append("Counted points per deal (both teams) by mode: " + ", ".join(
                f"{r['mode']} ×{int(r['multiplier'])} {r['mean_counted_points']:.0f}" for _, r in counted.iterrows())
                + f" (multipliers={study.get('options', {}).get('multipliers', 'default')}).")
    return lines


def _bid_summary(tabs) -> list[str]:
    lines = []
    bands = tabs["prediction_miss_summary"].set_index("strategy")
    for _, r in tabs["prediction_error_by_strategy"].iterrows():
        line = (f"{r['strategy']} players missed their prediction by {_ci(r, 'mean_abs_error', False)} points "
                f"on average ({int(r['predictions']):,} predictions), exactly right {_ci(r, 'exact_rate')}")
        if r["strategy"] in bands.index:
            line += f", within 10 points {percent(bands.loc[r['strategy'], 'within_10_share'])}"
        more = "more" if r["mean_miss"] >= 0 else "fewer"
        lines.append(line + f"; they took {abs(r['mean_miss']):.1f} points {more} than predicted on average.")
    sentence = _range_sentence(tabs["prediction_error_by_position"], "mean_abs_error",
                               "By play position the mean error", lambda r: r["order"], pct=False)
    if sentence:
        lines.append(sentence)
    calib = tabs["prediction_calibration"]
    calib = calib[calib["predictions"] >= 30]
    for strategy, part in calib.groupby("strategy", observed=True):
        worst = part.loc[(part["mean_points"] - part["mean_prediction"]).abs().idxmax()]
        lines.append(f"Calibration ({strategy}): the largest gap is for predictions {worst['predicted']}: "
                     f"{worst['mean_prediction']:.1f} predicted, {_ci(worst, 'mean_points', False)} taken.")
    return lines


def _differenzler_trump_summary(tabs) -> list[str]:
    lines = []
    turned = tabs["turned_trump"]
    if len(turned):
        lines.append(shares_sentence("Turned trump suit", turned, "suit", _ci))
    held = tabs["trumps_held_by_role"].set_index("role")
    if {"dealer", "others"} <= set(held.index):
        lines.append(f"The dealer holds {held.loc['dealer', 'mean_trumps_held']:.2f} trumps on average (the turned "
                     f"card included), each other player {held.loc['others', 'mean_trumps_held']:.2f}.")
    points = tabs["points_by_trumps_held"]
    others = points[(points["role"] == "others") & (points["hands"] >= 30)]
    if len(others) >= 2:
        lines.append("A non-dealer holding " + ", ".join(
            f"{int(r['trumps_held'])} trump{'s' if r['trumps_held'] != 1 else ''} takes {r['mean_points']:.1f} "
            f"(predicts {r['mean_prediction']:.1f})" for _, r in others.iterrows()) + " points on average.")
    return lines
