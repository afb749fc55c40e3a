"""The docs' code runs: the notebook of docs/api.md, the example Jass player of
docs/strategies.md in a study of each Jass variant, and every `tricksim` command
of the README and the docs is one that tricksim accepts."""
import re
import shlex
import tomllib
from pathlib import Path

import pytest

from sim.runner import run_study
from sim.store import load_records
from sim.study import Study

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PYTHON_BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)
# a word of a command's synopsis that stands for a value (FILE.json, RUN_DIR, G)
COMMAND = re.compile(r"^\s*(\S*/)?tricksim\s")
PLACEHOLDER = re.compile(r"^\[?-*[A-Z][A-Z_]*(\.[a-z]+)?\]?$")


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


def shell_blocks(text: str) -> list[str]:
    """The code blocks of a page fenced as bash, sh or nothing."""
    blocks, current, language = [], None, ""
    for line in text.splitlines():
        if line.startswith("```"):
            if current is None:
                current, language = [], line[3:].strip()
            else:
                if language in ("", "bash", "sh"):
                    blocks.append("\n".join(current))
                current = None
        elif current is not None:
            current.append(line)
    return blocks


def test_the_docs_say_one_thing_of_the_chunk_size(capsys):
    """What the chunk size does, in the study-file keys, the API page and --help:
    it changes no result, and a changed one resumes."""
    from sim.cli import main
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    texts = {"--help": capsys.readouterr().out,
             "studies.md": next(line for line in (DOCS / "studies.md").read_text().splitlines()
                                if line.startswith("| `chunk_games`")),
             "api.md": (DOCS / "api.md").read_text()}
    for where, text in texts.items():
        text = " ".join(text.split())
        assert "changes no result" in text and "keeps its finished chunks" in text, where
        assert "part of the study" not in text and "changes the random streams" not in text, where


def documented_commands() -> list:
    """Every `tricksim` command in a shell block of the README and the docs, as argv
    (continued lines joined, comments dropped), with where it stands."""
    found = []
    for page in [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]:
        for block in shell_blocks(page.read_text(encoding="utf-8")):
            for line in block.replace("\\\n", " ").splitlines():
                for command in line.split("&&"):
                    if not COMMAND.match(command):
                        continue           # output shown, or another program
                    words = shlex.split(command, comments=True)
                    if not any(PLACEHOLDER.match(w) for w in words[1:]):
                        found.append(pytest.param(words[1:], id=f"{page.name}: {' '.join(words[1:3])}"))
    return found


def test_the_docs_show_commands():
    commands = [p.values[0] for p in documented_commands()]
    assert sum(c[0] == "simulate" for c in commands) >= 8, "the command reader lost the commands"


@pytest.mark.parametrize("argv", documented_commands())
def test_a_documented_command_is_accepted(argv, capsys):
    """The command parses, and what it describes is valid: a study that tricksim
    would run (players, their count, variant, options), a study file that loads,
    a record that exists; `games` and `players` run."""
    from sim.cli import _study_from_args, build_parser, main
    from sim.study_file import load_study_file

    args = build_parser().parse_args(argv)
    if args.command == "simulate":
        _study_from_args(args)
    elif args.command in ("games", "players"):
        assert main(argv) == 0
    elif args.command == "study":
        load_study_file(ROOT / args.file)
    elif args.command == "replay":
        assert (ROOT / args.file).is_file()


def test_the_readme_strength_table_is_the_reports():
    """README.md's strength table is results/strength/README.md's (scripts/strength_report.py
    writes both from the strength study's reports, which are committed beside them)."""
    mark = re.compile(r"<!--strength-->.*?<!--/strength-->", re.S)
    readme = mark.search((ROOT / "README.md").read_text(encoding="utf-8"))
    report = mark.search((ROOT / "results" / "strength" / "README.md").read_text(encoding="utf-8"))
    assert readme and report and readme.group(0) == report.group(0)
    study = tomllib.loads((ROOT / "scripts" / "strength_study.toml").read_text(encoding="utf-8"))
    assert len(study["run"]) >= 4
    for run in study["run"]:                  # every run of the study has its row
        assert f"| {run['name']} |" in report.group(0)
