"""docs/outputs.md documents every table, column and plot a report writes, for every game.

Each case is named by its game or variant, so that it runs in that family's test
process (tests/conftest.py), where the family's kernels are compiled anyway.
"""
import pytest

from analysis.report import report
from sim.study import Study

OUTPUT_STUDIES = {
    "wizard": dict(game="wizard", players=3, lineup=["heuristic", "random", "random"]),
    "oh_hell": dict(game="oh_hell", players=4, lineup=["heuristic"], options={"rounds": 3}),
    "schieber": dict(game="jass", variant="schieber", lineup=["heuristic", "random", "heuristic", "random"]),
    "differenzler": dict(game="jass", variant="differenzler", lineup=["heuristic", "random", "heuristic", "random"]),
    "tarot": dict(game="tarot", players=4, lineup=["heuristic", "random", "heuristic", "random"]),
    "jupiter": dict(game="jupiter", players=4, lineup=["heuristic", "random", "heuristic", "random"]),
    "auction": dict(game="pitch", variant="auction", lineup=["heuristic", "random", "random", "random"]),
    "ten_point": dict(game="pitch", variant="ten_point", lineup=["heuristic", "random", "heuristic", "random"]),
}


@pytest.mark.parametrize("name", list(OUTPUT_STUDIES))
def test_every_output_of_a_report_is_documented(name, tmp_path):
    import re
    from pathlib import Path
    from sim.runner import run_study
    doc = (Path(__file__).resolve().parents[1] / "docs" / "outputs.md").read_text()
    documented = set(re.findall(r"`([^`\s]+)`", doc))
    run_dir = run_study(Study.create(**OUTPUT_STUDIES[name], boards=3, seed=1, seating="duplicate"),
                        tmp_path / name, backend="serial", progress=False)
    result = report(run_dir)
    csvs = sorted(p.name for p in (run_dir / "report").glob("*.csv"))
    assert csvs and [c for c in csvs if c not in documented] == []
    for table_name, table in result.items():
        columns = {re.sub(r"_(lo|hi)$", "", c) for c in table.columns}
        assert sorted(columns - documented) == [], table_name
    # a plot and the table it draws share one name
    assert [p.name for p in result.plots if p.stem not in result] == []
    assert [p.name for p in result.plots if p.name not in documented] == []
