"""The files of a tuning (``tricksim tune``): ``tune.md``, ``trials.csv``, ``tune.json`` and
``tune.png``, each written atomically (``docs/outputs.md``)."""
from __future__ import annotations

import json
from pathlib import Path

from sim.files import write_atomic
from .report import markdown_table


def tune_text(outcome, command: list[str] | None = None) -> str:
    """The summary: the space, the best setting, its interval on fresh deals."""
    t, v = outcome.tuning, outcome.validation
    counts = outcome.trials["state"].value_counts()
    space = ", ".join(f"{p.name} {p.low:g} to {p.high:g}{' (whole)' if p.whole else ''}"
                      for p in t.space)
    better = v["lo"] > 0
    lines = [
        f"Tuning: {t.describe()}.",
        f"Searched: {space}; trials: {counts.get('complete', 0)} complete, "
        f"{counts.get('pruned', 0)} pruned (Wilcoxon test over the common blocks).",
        f"Best setting: {outcome.best_spec} (the defaults: {outcome.baseline_spec}).",
        f"On fresh deals ({v['boards']:,} boards from board {v['first_board']:,}, never tuned on): "
        f"{v['mean_diff']:+.2f} game-total points per game against the defaults, 95 % interval "
        f"{v['lo']:+.2f} to {v['hi']:+.2f} (tuned {v['tuned_mean']:.2f}, defaults "
        f"{v['baseline_mean']:.2f}): " + ("better than the defaults." if better else
                                          "not shown better than the defaults."),
    ]
    if command:
        lines.append("Command: `" + " ".join(command) + "`")
    return "\n\n".join(lines)


def write_tuning(outcome, out, command: list[str] | None = None) -> Path:
    out = Path(out)
    trials = outcome.trials
    write_atomic(out / "trials.csv", lambda p: trials.to_csv(p, index=False))
    data = {"best": outcome.best, "best_spec": outcome.best_spec,
            "baseline_spec": outcome.baseline_spec, "validation": outcome.validation,
            "game": outcome.tuning.game, "variant": outcome.tuning.variant,
            "seed": outcome.tuning.seed, "command": command or []}
    write_atomic(out / "tune.json", lambda p: p.write_text(json.dumps(data, indent=2)))
    _plot(outcome, out / "tune.png")
    top = trials.sort_values("mean_diff", ascending=False).head(10)
    text = ("# Tuning\n\n" + tune_text(outcome, command) + "\n\n## Best trials (mean paired "
            "difference on the tuning blocks)\n\n" + markdown_table(top) +
            "\n\nAll trials: `trials.csv`; the optimisation history: `tune.png`.\n")
    return write_atomic(out / "tune.md", lambda p: p.write_text(text, encoding="utf-8"))


def _plot(outcome, path: Path) -> None:
    """Each trial's mean difference and the best so far; the params' importance beside."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    trials = outcome.trials
    importance = _importance(outcome)
    fig, axes = plt.subplots(1, 2 if importance else 1, figsize=(10 if importance else 6, 4),
                             squeeze=False)
    ax = axes[0][0]
    done = trials["state"] == "complete"
    ax.scatter(trials["trial"][done], trials["mean_diff"][done], s=12, label="complete")
    ax.scatter(trials["trial"][~done], trials["mean_diff"][~done], s=12, marker="x",
               label="pruned (mean of its blocks)")
    ax.plot(trials["trial"][done], trials["mean_diff"][done].cummax(), color="black", lw=1,
            label="best so far")
    ax.axhline(0, color="grey", lw=0.5)
    ax.set_xlabel("trial")
    ax.set_ylabel("mean paired difference vs defaults")
    ax.legend(fontsize=7)
    if importance:
        names = list(importance)
        axes[0][1].barh(names, [importance[n] for n in names])
        axes[0][1].set_xlabel("importance (PED-ANOVA)")
    fig.tight_layout()
    write_atomic(path, lambda p: fig.savefig(p, format="png", dpi=100))
    plt.close(fig)


def _importance(outcome) -> dict:
    """optuna's param importances, when there are two params or more and enough trials."""
    if len(outcome.tuning.space) < 2 or outcome.study is None:
        return {}
    import optuna
    complete = [t for t in outcome.study.trials if t.state == optuna.trial.TrialState.COMPLETE]
    if len(complete) < 4:
        return {}
    # PED-ANOVA needs nothing beyond optuna (fANOVA needs scikit-learn); optuna >= 3.6
    evaluator = getattr(optuna.importance, "PedAnovaImportanceEvaluator", None)
    if evaluator is None:
        return {}
    return dict(optuna.importance.get_param_importances(outcome.study, evaluator=evaluator()))
