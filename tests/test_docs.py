"""The docs' code runs: the notebook of docs/api.md, and the example Jass player of
docs/strategies.md in a study of each Jass variant."""
import re
from pathlib import Path

import pytest

from sim.runner import run_study
from sim.store import load_records
from sim.study import Study

DOCS = Path(__file__).resolve().parent.parent / "docs"
PYTHON_BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def python_blocks(name: str) -> list[str]:
    return PYTHON_BLOCK.findall((DOCS / name).read_text(encoding="utf-8"))


def test_the_api_notebook_runs(tmp_path, monkeypatch, capsys):
    blocks = python_blocks("api.md")
    assert len(blocks) >= 6, "docs/api.md lost its examples"
    monkeypatch.chdir(tmp_path)
    namespace = {"__name__": "api_notebook"}
    for number, block in enumerate(blocks, start=1):
        exec(compile(block, f"docs/api.md, block {number}", "exec"), namespace)
    out = capsys.readouterr().out
    # what the page says the blocks show
    assert (tmp_path / "runs" / "duel" / "report.md").is_file()
    assert "complete" in out
    assert "Oh Hell: 3 players, 2 cards each" in out
    assert "seat 2 may not play HK: it must follow the suit led (S)" in out


@pytest.mark.parametrize("variant", ["schieber", "differenzler"])
def test_the_example_jass_player_plays_a_study(variant, tmp_path):
    cheap = "strategies.examples:CHEAP[prediction=30]"
    study = Study.create("jass", variant=variant, lineup=[cheap, "random", cheap, "heuristic"],
                         boards=3, seed=5, seating="duplicate")
    run_dir = run_study(study, tmp_path / variant, jobs=1, backend="serial", progress=False)
    deals = load_records(run_dir, "deals")
    assert len(deals) > 0
    if variant == "differenzler":
        # the example predicts its param, rounded into 0 … 157; the others predict otherwise
        assert set(deals.loc[deals["player"].isin([0, 2]), "prediction"]) == {30}
