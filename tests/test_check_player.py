"""``tricksim check-player``: the conformance harness on players kept outside the repository.

The players of ``outside_players.py`` and the example players of
``docs/examples/`` are copied into a temporary folder outside the
repository and loaded from there by ``module:NAME``, as a user's players
are. A good player passes every game of its family; a player that plays
illegally, answers one observation twice differently, keeps state in its
params row, raises, or reads past its observation gets its one-line verdict
at the first offending decision. Every game hands its player exactly the
observation of its ``obs.py`` (``len(obs)`` is the bound a player relies on).
"""
import importlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from sim import registry
from sim.cache import families
from sim.games.wizard.obs import SIZE as WIZARD_OBS_SIZE
from sim.conformance import check_game, check_player

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "docs" / "examples"
FAMILIES = list(families())            # the games of sim/games (not installed plug-ins)


def observation_size(family: str) -> int:
    obs = importlib.import_module(f"sim.games.{family}.obs")
    return getattr(obs, "OBS_SIZE", getattr(obs, "SIZE", None))


def game_variants(family: str | None = None):
    for meta in registry.all_games():
        if meta.family == family or (family is None and meta.family in FAMILIES):
            for variant in [v.name for v in meta.variants] or [None]:
                yield meta.name, variant


GAME_VARIANTS = [pytest.param(g, v, id=f"{g}-{v}" if v else g) for g, v in game_variants()]


@pytest.fixture(scope="module")
def outside(tmp_path_factory):
    """A folder outside the repository holding the players, first on sys.path."""
    folder = tmp_path_factory.mktemp("players")
    assert REPO not in folder.resolve().parents
    shutil.copy(Path(__file__).with_name("outside_players.py"), folder)
    for example in EXAMPLES.glob("*.py"):
        shutil.copy(example, folder)
    names = ["outside_players"] + [p.stem for p in EXAMPLES.glob("*.py")]
    for name in names:
        sys.modules.pop(name, None)
    sys.path.insert(0, str(folder))
    for name in names:
        assert Path(importlib.import_module(name).__file__).parent == folder
    yield folder
    sys.path.remove(str(folder))
    for name in names:
        sys.modules.pop(name, None)


# --- good players pass ------------------------------------------------------------------

@pytest.mark.parametrize("family", FAMILIES)
def test_the_example_player_passes_every_game_of_its_family(family, outside):
    verdicts = check_player(f"{family}_player:PLAYER")
    expected = [f"{g} {v}" if v else g for g, v in game_variants(family)]
    assert [v.label for v in verdicts] == expected
    for verdict in verdicts:
        assert verdict.ok, verdict.line()
        assert re.fullmatch(r"\S+( \S+)?: ok \(\d+( to \d+)? players, \d+ rule settings?, [\d,]+ deals\)",
                            verdict.line()), verdict.line()


def test_a_player_that_keeps_every_rule_passes(outside):
    verdict = check_game("outside_players:LOWEST", "wizard")
    assert verdict.ok and verdict.line().startswith("wizard: ok (3 to 6 players, 3 rule settings, ")


# --- each broken rule gets its verdict ----------------------------------------------------

WHERE = r"in game 0, deal 0, seat (?P<seat>\d) \(3 players, default rules, alone at the table, seed 0\)"


def verdict_of(name: str, game: str = "wizard", variant=None) -> str:
    verdict = check_game(f"outside_players:{name}", game, variant)
    assert not verdict.ok
    line = verdict.line()
    assert "\n" not in line
    return line


def test_an_illegal_action_is_named_with_the_legal_set(outside):
    line = verdict_of("ILLEGAL")
    match = re.fullmatch(rf"wizard: illegal play (?P<card>\S+) {WHERE}; legal: (?P<legal>.+)", line)
    assert match, line
    # the first card of the game: a one-card round, so one legal card, and not the one played
    assert len(match["legal"].split()) == 1 and match["card"] not in match["legal"].split()


def test_a_player_with_a_global_counter_is_not_deterministic(outside):
    line = verdict_of("COUNTING")
    match = re.fullmatch(rf"wizard: not deterministic: (?P<a>\d+), then (?P<b>\d+) on the same "
                         rf"observation at a bid {WHERE}", line)
    assert match, line
    assert match["a"] != match["b"]


def test_a_player_that_counts_in_its_params_row_is_not_deterministic(outside):
    line = verdict_of("PARAMS_COUNTER")
    assert re.fullmatch(rf"wizard: not deterministic: it writes into its params row \(slot 15\) at a "
                        rf"bid {WHERE}; keep no state between decisions", line), line


def test_a_helper_reading_past_the_observation_is_caught(outside):
    line = verdict_of("PAST_THE_END")
    assert re.fullmatch(rf"wizard: reads past the end of its observation \({WIZARD_OBS_SIZE} slots\) at a play {WHERE}",
                        line), line


def test_a_player_that_raises_is_not_blamed_for_reading_past_the_end(outside):
    line = verdict_of("RAISING")
    assert re.fullmatch(rf"wizard: raises an error at a play {WHERE}", line), line


# --- every game: exactly the observation ---------------------------------------------------

@pytest.mark.parametrize("game, variant", GAME_VARIANTS)
def test_every_game_hands_its_player_exactly_its_observation(game, variant, outside):
    import outside_players
    family = registry.info(game).family
    line = verdict_of("length_teller", game, variant)
    answer = outside_players.LENGTH_CODE + observation_size(family)
    assert re.search(rf": illegal \w+ {answer} in game 0, deal 0, seat \d ", line), line


@pytest.mark.parametrize("game, variant", GAME_VARIANTS)
def test_a_read_just_past_the_observation_fails_in_every_game(game, variant, outside):
    family = registry.info(game).family
    line = verdict_of(f"{family}_past_the_end", game, variant)
    assert f": reads past the end of its observation ({observation_size(family)} slots) at a " in line, line


# --- the command line -----------------------------------------------------------------------

def tricksim(folder: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(folder))
    return subprocess.run([sys.executable, "-m", "sim.cli", *args], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=1800)


def test_the_command_prints_one_verdict_per_game_and_variant(outside):
    good = tricksim(outside, "check-player", "wizard_player:PLAYER")
    assert good.returncode == 0, good.stderr
    lines = good.stdout.splitlines()
    assert [line.split(":")[0] for line in lines] == ["oh_hell", "wizard"]
    assert all(": ok (" in line for line in lines)

    bad = tricksim(outside, "check-player", "outside_players:ILLEGAL", "oh_hell")
    assert bad.returncode == 1 and "Traceback" not in bad.stderr
    assert re.fullmatch(r"oh_hell: illegal play \S+ in game 0, deal 0, .*; legal: .+\n", bad.stdout)


def test_the_command_refuses_what_it_cannot_check_in_one_line(outside):
    for args, message in [
        (("outside_players:length_teller",), "name the game to check it on"),
        (("wizard_player:PLAYER", "jass"), "plays wizard, not jass"),
        (("wizard_player:PLAYER", "--variant", "schieber"), "has a variant 'schieber'"),
        (("no_such_module:PLAYER",), "cannot import module 'no_such_module'"),
        (("wizard_player:PLAYER", "wizard", "--games", "0"), "--games must be a whole number at least 1"),
    ]:
        result = tricksim(outside, "check-player", *args)
        assert result.returncode == 2 and result.stdout == "", (args, result.stdout)
        assert result.stderr.count("\n") == 1 and result.stderr.startswith("tricksim: error: "), result.stderr
        assert message in result.stderr, result.stderr
