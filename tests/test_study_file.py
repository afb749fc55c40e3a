"""Study files are checked whole, before anything runs.

An unknown table or key, a value of the wrong type or out of range must be
one line naming the file, the run (or comparison) by its name and the key,
with what is allowed. Every key the loader accepts must be documented in
docs/studies.md, and the example there must load.
"""
import re
from pathlib import Path

import pytest

from sim.errors import TricksimError
from sim.study_file import COMPARE_KEYS, DEFAULT_KEYS, KEYS, TABLES, load_comparisons, load_study_file

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "studies.md"

GOOD_RUN = """
[[run]]
name = "first"
game = "wizard"
games = 2
"""


def write(tmp_path, text: str) -> Path:
    path = tmp_path / "study.toml"
    path.write_text(text)
    return path


def load_all(path: Path):
    runs = load_study_file(path)
    return runs, load_comparisons(path, runs)


def error_of(tmp_path, text: str) -> str:
    path = write(tmp_path, text)
    with pytest.raises(TricksimError) as info:
        load_all(path)
    message = str(info.value)
    assert "\n" not in message, "error messages fit on one line"
    assert str(path) in message, "the error names the file"
    return message


def mentions(message: str, *words) -> bool:
    return all(str(w) in message for w in words)


# --- the whole file ------------------------------------------------------------------

def test_the_default_study_loads():
    runs, comparisons = load_all(ROOT / "scripts" / "default_study.toml")
    assert len(runs) >= 2 and comparisons


@pytest.mark.parametrize("table, shown", [("[default]\nseed = 1\n", "[default]"),
                                          ("[[comparison]]\na = 'first'\nb = 'first'\n", "[[comparison]]"),
                                          ("seed = 1\n", "'seed'")])
def test_an_unknown_top_level_table_lists_the_tables(tmp_path, table, shown):
    message = error_of(tmp_path, table + GOOD_RUN)
    assert mentions(message, "unknown", shown, *TABLES.values())


def test_a_single_run_table_is_not_an_array_of_tables(tmp_path):
    message = error_of(tmp_path, "[run]\nname = 'x'\ngame = 'wizard'\n")
    assert mentions(message, "[[run]]")


def test_a_key_written_twice_is_refused(tmp_path):
    message = error_of(tmp_path, GOOD_RUN + "options = { scoring = 'penalty', scoring = 'wizard' }\n")
    assert mentions(message, "not valid TOML")


# --- runs: unknown keys, and which run and key an error is about ---------------------------

def test_an_unknown_key_of_a_run_names_the_run_and_lists_the_keys(tmp_path):
    message = error_of(tmp_path, GOOD_RUN + "\n[[run]]\nname = 'second'\ngame = 'wizard'\nseeed = 3\n")
    assert mentions(message, "run second", "'seeed'", *KEYS)


def test_an_unknown_key_of_the_defaults_lists_its_keys(tmp_path):
    message = error_of(tmp_path, "[defaults]\nname = 'x'\n" + GOOD_RUN)
    assert mentions(message, "[defaults]", "'name'", *DEFAULT_KEYS)


BAD_VALUES = [
    ("game = 'chess'", "game", ("chess", "wizard")),
    ("variant = 'schieber'", "variant", ("schieber",)),
    ("players = 9", "players", ("3 to 6",)),
    ("lineup = ['heuristic', 'random']", "lineup", ("3 to 6", "not 2")),
    ("players = 4\nlineup = ['heuristic', 'random', 'random']", "lineup", ("1 or 4", "got 3")),
    ("lineup = 5", "lineup", ("player spec",)),
    ("lineup = 'heuristic[bias=nan]'", "lineup", ("bias=nan", "-20 to 20")),
    ("lineup = 'heuristic[bias=1,bias=2]'", "lineup", ("bias", "twice")),
    ("options = { dealer_restriction = 'sometimes' }", "options", ("sometimes", "leader", "never")),
    ("options = { no_such = 1 }", "options", ("no_such", "dealer_restriction")),
    ("options = 'leader'", "options", ("table",)),
    ("seating = 'random'", "seating", ("random", "duplicate")),
    ("seed = -1", "seed", (">= 0",)),
    ("games = 0", "games", ("at least 1",)),
    ("deals = 'many'", "deals", ("many",)),
    ("chunk_games = -3", "chunk_games", ("at least 1",)),
    ("aggregate = 'false'", "aggregate", ("true or false",)),
]


@pytest.mark.parametrize("line, key, words", BAD_VALUES,
                         ids=[f"{key}-{i}" for i, (_, key, _) in enumerate(BAD_VALUES)])
def test_a_bad_value_names_the_run_and_the_key(tmp_path, line, key, words):
    size = "" if key in ("games", "deals") else "games = 2\n"
    text = GOOD_RUN + f"\n[[run]]\nname = 'second'\ngame = 'wizard'\n{size}{line}\n"
    if key == "game":
        text = text.replace("game = 'wizard'\n" + size + line, size + line)
    message = error_of(tmp_path, text)
    assert mentions(message, "run second", f"key {key}", *words)


def test_a_bad_default_says_it_comes_from_the_defaults(tmp_path):
    message = error_of(tmp_path, "[defaults]\nseating = 'random'\n" + GOOD_RUN)
    assert mentions(message, "run first", "key seating (from [defaults])", "duplicate")


def test_games_and_deals_together_are_refused(tmp_path):
    message = error_of(tmp_path, GOOD_RUN + "deals = 10\n")
    assert mentions(message, "run first", "games or deals")


def test_a_run_size_replaces_the_default_size(tmp_path):
    runs, _ = load_all(write(tmp_path, "[defaults]\ndeals = 100000\n" + GOOD_RUN))
    assert runs[0][1].boards == 2


def test_a_bad_run_name_and_twice_the_same_name(tmp_path):
    assert mentions(error_of(tmp_path, "[[run]]\nname = 'a b'\ngame = 'wizard'\n"),
                    "run 1", "key name", "letters")
    assert mentions(error_of(tmp_path, GOOD_RUN + GOOD_RUN), "'first'", "twice")


# --- comparisons -------------------------------------------------------------------------

def test_an_unknown_key_of_a_comparison_lists_its_keys(tmp_path):
    message = error_of(tmp_path, GOOD_RUN + "\n[[compare]]\nname = 'c'\na = 'first'\nb = 'first'\nc = 1\n")
    assert mentions(message, "compare c", "'c'", *COMPARE_KEYS)


def test_a_comparison_of_an_unknown_run_lists_the_runs(tmp_path):
    message = error_of(tmp_path, GOOD_RUN + "\n[[compare]]\nname = 'c'\na = 'first'\nb = 'frist'\n")
    assert mentions(message, "compare c", "key b", "frist", "first")


def test_a_comparison_named_like_a_run_is_refused(tmp_path):
    message = error_of(tmp_path, GOOD_RUN + "\n[[compare]]\nname = 'first'\na = 'first'\nb = 'first'\n")
    assert mentions(message, "compare first", "key name", "names must differ")


def test_a_sequential_comparison_is_read_as_its_request(tmp_path):
    comparison = ("[[compare]]\nname = 'c'\na = 'first'\nb = 'second'\nprecision = 0.5\nmax_boards = 100\n"
                  "sprt = 'second>first by 2'\nalpha = 0.01\n")
    runs, comparisons = load_all(write(tmp_path, GOOD_RUN + SECOND_RUN + comparison))
    (name, a, b, request), = comparisons
    assert (name, a, b) == ("c", "first", "second")
    assert (request.precision, request.max_boards, request.sprt, request.alpha, request.beta) == \
        (0.5, 100, "second>first by 2", 0.01, 0.05)
    plain = load_all(write(tmp_path, GOOD_RUN + SECOND_RUN + "[[compare]]\na = 'first'\nb = 'second'\n"))[1]
    assert plain[0][3] is None


@pytest.mark.parametrize("keys, said", [
    ("precision = 0", "key precision must be a width above 0, not 0"),
    ("precision = 'narrow'", "key precision must be a width above 0, not 'narrow'"),
    ("precision = 1\nmax_boards = 1", "key max_boards 1 is below the runs' 2 games; give at least 2"),
    ("precision = 1\nmax_boards = 2.5", "key max_boards must be a whole number of games, not 2.5"),
    ("max_boards = 100", "key max_boards, key alpha and key beta need key precision or key sprt"),
    ("sprt = 'first beats second'", "key sprt 'first beats second' is malformed"),
    ("sprt = 'first>third by 1'", "'third' is not a run of the comparison"),
    ("sprt = 'A>first by 1'", "names the same run twice"),
    ("sprt = 3", "key sprt must be a hypothesis such as"),
    ("sprt = 'A>B by 1'\nbeta = 0.7", "key beta must be a number above 0 and below 0.5, not 0.7"),
])
def test_a_sequential_comparison_that_cannot_be_met_is_refused(tmp_path, keys, said):
    comparison = f"[[compare]]\nname = 'c'\na = 'first'\nb = 'second'\n{keys}\n"
    message = error_of(tmp_path, GOOD_RUN + SECOND_RUN + comparison)
    assert mentions(message, "compare c", said)


def test_a_run_a_comparison_extends_is_in_no_other(tmp_path):
    comparisons = ("[[compare]]\nname = 'grows'\na = 'first'\nb = 'second'\nprecision = 1\n"
                   "[[compare]]\nname = 'plain'\na = 'second'\nb = 'first'\n")
    message = error_of(tmp_path, GOOD_RUN + SECOND_RUN + comparisons)
    assert mentions(message, "compare grows", "compare plain", "may be in no other comparison")


# --- the reference page ----------------------------------------------------------------------

SECOND_RUN = GOOD_RUN.replace('"first"', '"second"')


@pytest.mark.parametrize("change, key", [
    ("seed = 9", "seed"),
    ("games = 3", "boards"),
    ("seating = 'rotate'", "seating"),
    ("players = 5", "players"),
    ("game = 'oh_hell'", "game"),
])
def test_a_comparison_of_runs_dealt_other_cards_is_refused(tmp_path, change, key):
    name = change.split(" =")[0]
    second = "\n".join(line for line in SECOND_RUN.splitlines() if not line.startswith(f"{name} ="))
    text = GOOD_RUN + second + f"\n{change}\n[[compare]]\nname = 'c'\na = 'first'\nb = 'second'\n"
    message = error_of(tmp_path, text)
    assert mentions(message, "compare c", "not dealt the same cards", key)


def test_a_comparison_of_variants_is_refused(tmp_path):
    runs = "".join(f"[[run]]\nname = '{v}'\ngame = 'jass'\nvariant = '{v}'\ngames = 2\n"
                   for v in ("schieber", "differenzler"))
    message = error_of(tmp_path, runs + "[[compare]]\nname = 'c'\na = 'schieber'\nb = 'differenzler'\n")
    assert mentions(message, "compare c", "variant", "schieber", "differenzler")


def test_a_comparison_of_an_aggregate_run_is_refused(tmp_path):
    text = GOOD_RUN + SECOND_RUN + "aggregate = true\n[[compare]]\nname = 'c'\na = 'first'\nb = 'second'\n"
    message = error_of(tmp_path, text)
    assert mentions(message, "compare c", "key b", "second", "aggregate")


def test_a_refused_comparison_stops_the_study_before_any_run(tmp_path, capsys):
    from sim.cli import main
    comparison = "[[compare]]\nname = 'c'\na = 'first'\nb = 'second'\n"
    path = write(tmp_path, GOOD_RUN + SECOND_RUN + "seed = 9\n" + comparison)
    assert main(["study", str(path), "--out", str(tmp_path / "out"), "--backend", "serial",
                 "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert "not dealt the same cards" in err and "\n" not in err.strip()
    assert not (tmp_path / "out").exists(), "nothing may run before the whole file is checked"


def documented_keys(section: str) -> set[str]:
    """The keys in the first column of the table under a '## section' of docs/studies.md."""
    text = DOC.read_text()
    body = text.split(f"## {section}\n", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `([^`]+)` \|", body, flags=re.M))


def test_every_key_the_loader_accepts_is_documented():
    assert documented_keys("Top-level tables") == set(TABLES.values())
    assert documented_keys("Run keys") == set(KEYS) >= set(DEFAULT_KEYS)
    assert documented_keys("Comparison keys") == set(COMPARE_KEYS)


def test_the_documented_example_loads(tmp_path):
    example = re.findall(r"```toml\n(.*?)```", DOC.read_text(), flags=re.S)[-1]
    runs, comparisons = load_all(write(tmp_path, example))
    assert len(runs) == 3 and len(comparisons) == 1
    before_comparisons = example.split("[[compare]]")[0]
    shown = set(re.findall(r"^(\w+) =", before_comparisons, flags=re.M))
    assert shown == set(KEYS), "the example shows every run key"
