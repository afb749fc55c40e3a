"""The strength report: results/strength/README.md from the strength study's runs.

    tricksim study scripts/strength_study.toml --out results/strength --jobs -1
    python scripts/strength_report.py [--results results/strength]

Reads each run's ``report/paired_strategies.csv`` (pimc − heuristic per board,
duplicate deals, 95 % intervals) and its bid accuracy (``bid_exact_by_strategy.csv``
of Wizard and Oh Hell, ``contract_success_by_player.csv`` of Tarot,
``prediction_error_by_strategy.csv`` of Differenzler, ``bid_accuracy.csv`` of Beim
Jupiter, ``contract_success.csv`` of Pitch), and writes the summary table between the
marks ``<!--strength-->`` and
``<!--/strength-->`` of results/strength/README.md and of README.md
(``tests/test_docs.py`` holds the two equal).
"""
from __future__ import annotations

import argparse
import re
import sys
import tomllib
from pathlib import Path

import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from analysis.stats import wilson  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
STUDY_FILE = ROOT / "scripts" / "strength_study.toml"
MARK = re.compile(r"<!--strength-->.*?<!--/strength-->", re.S)


def _interval(value: float, lo: float, hi: float, percent: bool = False) -> str:
    if percent:
        return f"{100 * value:+.1f} pts ({100 * lo:+.1f} to {100 * hi:+.1f})"
    return f"{value:+.1f} ({lo:+.1f} to {hi:+.1f})"


def _rate(made: float, n: float) -> str:
    lo, hi = wilson(made, n)
    return f"{100 * made / n:.1f} % ({100 * float(lo):.1f}–{100 * float(hi):.1f})"


def bid_accuracy(report: Path) -> tuple[str, str, str]:
    """(what is measured, pimc's, the heuristic's): the exact-bid rate where players bid
    tricks (Wizard, Oh Hell), the taker's contracts made (French Tarot), the mean
    prediction error (Differenzler: lower is better), the bids made — tricks taken
    equal to the counter bid, none after the zero-trick card — (Beim Jupiter), the
    bidder's bids made of bids won (Pitch); none in Schieber."""
    exact = report / "bid_exact_by_strategy.csv"
    if exact.exists():
        t = pd.read_csv(exact).set_index("strategy")
        return ("exact bids",) + tuple(_rate(t.loc[k, "exact"], t.loc[k, "bids"])
                                       for k in ("pimc", "heuristic"))
    contracts = report / "contract_success_by_player.csv"
    if contracts.exists():
        t = pd.read_csv(contracts).groupby("strategy")[["deals", "made"]].sum()
        return ("contracts made as taker",) + tuple(_rate(t.loc[k, "made"], t.loc[k, "deals"])
                                                    for k in ("pimc", "heuristic"))
    predictions = report / "prediction_error_by_strategy.csv"
    if predictions.exists():
        t = pd.read_csv(predictions).set_index("strategy")
        return ("mean prediction error (points; lower is better)",) + tuple(
            f"{t.loc[k, 'mean_abs_error']:.1f} ({t.loc[k, 'mean_abs_error_lo']:.1f}–"
            f"{t.loc[k, 'mean_abs_error_hi']:.1f})" for k in ("pimc", "heuristic"))
    made = report / "bid_accuracy.csv"
    if made.exists():       # Beim Jupiter: every kind of bid (a counter, locked or not; zero)
        t = pd.read_csv(made).groupby("strategy")[["bids", "exact"]].sum()
        return ("bids made",) + tuple(_rate(t.loc[k, "exact"], t.loc[k, "bids"])
                                      for k in ("pimc", "heuristic"))
    made = report / "contract_success.csv"
    if made.exists():       # Pitch: the bidder's (pitcher's) bids made of bids won
        t = pd.read_csv(made).groupby("strategy")[["deals", "made"]].sum()
        return ("bids made as bidder",) + tuple(_rate(t.loc[k, "made"], t.loc[k, "deals"])
                                                for k in ("pimc", "heuristic"))
    return ("no bids", "—", "—")


def table(results: Path) -> str:
    """The summary table, one row a run of the study file."""
    study = tomllib.loads(STUDY_FILE.read_text())
    rows = ["| run | boards × rotations | pimc − heuristic, game total per board (95 %) | "
            "win rate difference | bid accuracy | pimc | heuristic |",
            "|---|---|---|---|---|---|---|"]
    for run in study["run"]:
        report = results / run["name"] / "report"
        if not (report / "paired_strategies.csv").exists():
            sys.exit(f"{report}: no report of run {run['name']!r}; run the study first "
                     f"(tricksim study {STUDY_FILE.relative_to(ROOT)} --out {results})")
        paired = pd.read_csv(report / "paired_strategies.csv")
        pair = paired[(paired.strategy_a == "pimc") & (paired.strategy_b == "heuristic")].iloc[0]
        measure, ours, theirs = bid_accuracy(report)
        rows.append(f"| {run['name']} | {int(pair.boards):,} × {study['defaults']['players']} | "
                    f"{_interval(pair.diff_mean_total, pair.diff_mean_total_lo, pair.diff_mean_total_hi)} | "
                    f"{_interval(pair.diff_win_rate, pair.diff_win_rate_lo, pair.diff_win_rate_hi, True)} | "
                    f"{measure} | {ours} | {theirs} |")
    return "\n".join(rows)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--results", type=Path, default=ROOT / "results" / "strength")
    args = ap.parse_args(argv)
    block = f"<!--strength-->\n{table(args.results)}\n<!--/strength-->"
    for path in (args.results / "README.md", ROOT / "README.md"):
        text = path.read_text()
        if not MARK.search(text):
            sys.exit(f"{path}: no <!--strength--> marks")
        path.write_text(MARK.sub(lambda _: block, text))
        print(f"written: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
