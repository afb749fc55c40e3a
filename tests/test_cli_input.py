"""What the command line makes of bad options and params: one line, exit status 2;
and what `games` and `players` list."""
import json

import pytest

from sim import registry
from sim.cli import main
from strategies.registry import available, resolve


def cli_error(capsys, *argv) -> str:
    assert main(list(argv)) == 2
    err = without_compile_notice(capsys.readouterr().err).strip()
    assert "\n" not in err and "Traceback" not in err
    return err


def without_compile_notice(err: str) -> str:
    """stderr without the line that says numba compiles (a cold cache): not an error."""
    return "".join(line for line in err.splitlines(keepends=True)
                   if not line.startswith("tricksim: compiling"))


def test_an_option_given_twice_is_refused(capsys, tmp_path):
    out = tmp_path / "run"
    err = cli_error(capsys, "simulate", "oh_hell", "-o", "scoring=penalty", "-o", "scoring=wizard",
                    "--games", "1", "--no-progress", "--out", str(out))
    assert all(w in err for w in ("scoring", "twice", "scoring=penalty", "scoring=wizard"))
    assert not out.exists(), "nothing may be written for a refused study"


def test_a_param_out_of_range_is_refused_before_anything_runs(capsys, tmp_path):
    out = tmp_path / "run"
    err = cli_error(capsys, "simulate", "wizard", "-p", "heuristic[bias=1e308]", "--games", "1",
                    "--no-progress", "--out", str(out))
    assert all(w in err for w in ("heuristic", "bias=1e308", "-20 to 20"))
    assert not out.exists()


@pytest.mark.parametrize("game", ["wizard", "jass"])
def test_players_lists_each_params_range(capsys, game):
    assert main(["players", game]) == 0
    listing = capsys.readouterr().out
    for name in available(game):
        player = resolve(game, name)
        for param in player.param_names:
            low, high = player.param_range(param)
            line = next(row for row in listing.splitlines() if row.strip().startswith(f"{param} ="))
            assert f"from {low:g} to {high:g}" in line


def listing_of(capsys, *argv) -> list[str]:
    assert main(list(argv)) == 0
    return capsys.readouterr().out.splitlines()


def param_line(lines, param) -> str:
    return next(row for row in lines if row.strip().startswith(f"{param} ="))


@pytest.mark.parametrize("game", [g.name for g in registry.all_games()])
def test_players_says_what_each_param_means(capsys, game):
    lines = listing_of(capsys, "players", game)
    family = registry.info(game).family
    for name in available(family):
        player = resolve(family, name)
        for param in player.params_of(game):
            meaning = player.meaning(param)
            assert meaning and "\n" not in meaning
            assert any(row.strip().startswith(f"{param} =") and row.endswith(meaning) for row in lines)


def test_players_shows_each_variants_params_apart(capsys):
    lines = listing_of(capsys, "players", "pitch")
    auction = lines.index(next(r for r in lines if "in pitch auction" in r))
    ten_point = lines.index(next(r for r in lines if "in pitch ten_point" in r))
    between = lines[auction + 1:ten_point]
    assert any(r.strip().startswith("bid_out =") for r in between)
    assert not any(r.strip().startswith("ten_margin =") for r in between)
    after = lines[ten_point + 1:]
    assert any(r.strip().startswith("ten_margin =") for r in after)
    assert not any(r.strip().startswith("bid_out =") for r in after)


@pytest.mark.parametrize("variant, shown, hidden", [("auction", "bid_margin", "ten_margin"),
                                                    ("ten_point", "ten_margin", "bid_margin"),
                                                    ("schieber", "push_below", "steer"),
                                                    ("differenzler", "steer", "push_below")])
def test_players_takes_a_variant(capsys, variant, shown, hidden):
    game = "pitch" if variant in ("auction", "ten_point") else "jass"
    lines = listing_of(capsys, "players", game, "--variant", variant)
    assert param_line(lines, shown)
    assert not any(r.strip().startswith(f"{hidden} =") for r in lines)
    assert any("not read in" in r and hidden in r for r in lines)


@pytest.mark.parametrize("game, variant, spec", [
    ("pitch", "auction", "heuristic[ten_margin=1]"),
    ("pitch", "ten_point", "heuristic[bid_margin=0.5]"),
    ("jass", "schieber", "heuristic[steer=0]"),
    ("jass", "differenzler", "heuristic[push_below=10]"),
    ("oh_hell", None, "heuristic[wizard=0.5]"),
])
def test_a_param_the_variant_does_not_read_is_refused(capsys, tmp_path, game, variant, spec):
    out = tmp_path / "run"
    argv = ["simulate", game, "-p", spec, "--games", "1", "--no-progress", "--out", str(out)]
    err = cli_error(capsys, *argv + (["--variant", variant] if variant else []))
    param = spec.split("[")[1].split("=")[0]
    assert all(w in err for w in (spec, param, "does not apply", variant or game))
    assert not out.exists()


def test_games_says_4_players_not_4_4(capsys):
    lines = listing_of(capsys, "games")
    pitch = next(row for row in lines if row.startswith("pitch "))
    assert "(Pitch, 4 players)" in pitch and "4-4" not in " ".join(lines)
    assert any(row.startswith("tarot ") and "3-5 players, default 4" in row for row in lines)


def test_an_error_names_the_player_as_typed(capsys, tmp_path):
    spec = "strategies.examples:CHEAP[prediction=nan]"
    err = cli_error(capsys, "simulate", "jass", "--variant", "differenzler", "-p", spec,
                    "--games", "1", "--no-progress", "--out", str(tmp_path / "run"))
    assert f"player {spec}:" in err


def test_the_player_count_comes_from_the_lineup(capsys, tmp_path):
    out = tmp_path / "run"
    assert main(["simulate", "tarot", "-p", "heuristic", "-p", "random", "-p", "heuristic",
                 "--games", "2", "--backend", "serial", "--no-progress", "--out", str(out)]) == 0
    study = json.loads((out / "manifest.json").read_text())["study"]
    assert study["players"] == 3 and study["lineup"] == ["heuristic", "random", "heuristic"]
