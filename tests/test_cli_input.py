"""What the command line makes of bad options and params: one line, exit status 2."""
import pytest

from sim.cli import main
from strategies.registry import available, resolve


def cli_error(capsys, *argv) -> str:
    assert main(list(argv)) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "Traceback" not in err
    return err


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
