"""tricksim tune: the search space, seeded trials on common blocks, the fresh-deal check,
presets, bad input and the command (analysis/tune.py, strategies/presets.py)."""
import numpy as np
import pandas as pd
import pytest

from analysis.tune import Tuning, run_tuning, validate
from sim.cli import main
from sim.errors import TricksimError
from strategies.presets import save_preset
from strategies.registry import resolve

SMALL = dict(options={"rounds": 5}, boards_per_trial=40, blocks=4, validate_boards=30)


@pytest.fixture(autouse=True)
def own_presets(tmp_path, monkeypatch):
    """Every test saves its presets into a file of its own."""
    monkeypatch.setenv("TRICKSIM_PRESETS", str(tmp_path / "presets.toml"))


@pytest.mark.parametrize("game", ["oh_hell"])
def test_the_space_holds_ranges_and_fixed_params(game):
    t = Tuning.create(game, "heuristic[bias=-1:1.5,hold=30.5:60,scale=1.1]", trials=1, **SMALL)
    space = {p.name: p for p in t.space}
    assert set(space) == {"bias", "hold"} and dict(t.fixed) == {"scale": "1.1"}
    assert (space["bias"].low, space["bias"].high, space["bias"].whole) == (-1.0, 1.5, False)
    # hold is read as a whole number: searched over 31 ... 60
    assert (space["hold"].low, space["hold"].high, space["hold"].whole) == (31, 60, True)
    assert t.spec({"bias": 0.25, "hold": 44.0}) == "heuristic[scale=1.1,bias=0.25,hold=44]"
    # the baseline: the defaults of the searched params, the fixed ones as given
    assert t.spec(t.defaults()) == "heuristic[scale=1.1,bias=0.0,hold=50]"
    assert t.block_boards == 10 and t.first_fresh_board == 40


@pytest.mark.parametrize("game, sampler", [("oh_hell", "tpe"), ("oh_hell", "cmaes")])
def test_a_seed_gives_the_same_trials(game, sampler):
    def trials(seed):
        t = Tuning.create(game, "heuristic[bias=-2:2,scale=0.6:1.4]", trials=4, seed=seed,
                          sampler=sampler, **SMALL)
        return run_tuning(t).trials
    first = trials(3)
    pd.testing.assert_frame_equal(first, trials(3))
    assert not first[["bias", "scale"]].equals(trials(4)[["bias", "scale"]])
    # trial 0 is the defaults, which differ from themselves by nothing
    assert first.loc[0, "bias"] == 0.0 and first.loc[0, "scale"] == 1.0 and first.loc[0, "mean_diff"] == 0.0


@pytest.mark.parametrize("game", ["oh_hell"])
def test_every_trial_reports_its_paired_difference_on_the_same_blocks(game):
    t = Tuning.create(game, "heuristic[bias=-3:3]", trials=5, seed=1, **SMALL)
    outcome = run_tuning(t)
    import optuna
    assert isinstance(outcome.study.pruner, optuna.pruners.WilcoxonPruner)
    baseline = [t.board_scores(outcome.baseline_spec, b * t.block_boards, t.block_boards, {})
                for b in range(t.blocks)]
    for trial in outcome.study.trials:
        assert sorted(trial.intermediate_values) == list(range(trial.user_attrs["blocks"]))
        spec = t.spec(trial.params)
        for b, value in trial.intermediate_values.items():
            # the block's boards played again, apart: the same deals give the same difference
            mine = t.board_scores(spec, b * t.block_boards, t.block_boards, {})
            assert value == pytest.approx(np.mean(mine - baseline[b]))
        if trial.state == optuna.trial.TrialState.COMPLETE:
            assert trial.value == pytest.approx(np.mean(list(trial.intermediate_values.values())))
    # a bias of 3 tricks off the estimate is much worse than the defaults somewhere in the space
    assert outcome.trials["mean_diff"].min() < 0


@pytest.mark.parametrize("game", ["oh_hell"])
def test_the_best_setting_is_checked_on_fresh_deals(game):
    t = Tuning.create(game, "heuristic[bias=-1:1]", trials=3, seed=2, **SMALL)
    outcome = run_tuning(t)
    v = outcome.validation
    assert v["first_board"] == t.blocks * t.block_boards and v["boards"] == 30   # after the tuned boards
    mine = t.board_scores(outcome.best_spec, v["first_board"], v["boards"], {})
    theirs = t.board_scores(outcome.baseline_spec, v["first_board"], v["boards"], {})
    assert v["mean_diff"] == pytest.approx(np.mean(mine - theirs))
    assert v["lo"] <= v["mean_diff"] <= v["hi"]
    # other deals than the tuned ones: the baseline scores differently on them
    tuned = t.board_scores(outcome.baseline_spec, 0, v["boards"], {})
    assert not np.array_equal(tuned, theirs)
    # a setting against itself differs by nothing
    assert validate(t, outcome.baseline_spec, outcome.baseline_spec)["mean_diff"] == 0.0


@pytest.mark.parametrize("game", ["oh_hell"])
def test_the_command_end_to_end_saves_a_preset_usable_as_a_player(tmp_path, capsys, game):
    out = tmp_path / "tune"
    assert main(["tune", game, "-p", "heuristic[bias=-1:1,hold=40:60]", "-o", "rounds=5",
                 "--trials", "3", "--boards-per-trial", "40", "--blocks", "4", "--seed", "5",
                 "--validate-boards", "30", "--name", "oh_try", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "Best setting: heuristic[" in printed and "fresh deals" in printed
    for name in ("tune.md", "trials.csv", "tune.json", "tune.png"):
        assert (out / name).is_file()
    trials = pd.read_csv(out / "trials.csv")
    assert len(trials) == 3 and set(trials["state"]) <= {"complete", "pruned"}
    import json
    best = json.loads((out / "tune.json").read_text())["best"]
    player = resolve("wizard", "oh_try", "oh_hell")
    assert player.param_values[player.param_names.index("hold")] == best["hold"]
    assert player.param_values[player.param_names.index("bias")] == pytest.approx(best["bias"])
    # one of its params changed on top of the preset
    assert resolve("wizard", "oh_try[hold=41]").param_values[player.param_names.index("hold")] == 41
    run = tmp_path / "run"
    assert main(["simulate", game, "-p", "oh_try", "-p", "random", "-p", "random", "-o", "rounds=5", "--games", "5",
                 "--out", str(run)]) == 0
    assert (run / "manifest.json").is_file()


@pytest.mark.parametrize("game, args, said", [
    ("oh_hell", ["-p", "heuristic[bias=-99:1]"], "bias=-99 is not allowed"),
    ("oh_hell", ["-p", "heuristic[bias=1:0]"], "low < high"),
    ("oh_hell", ["-p", "heuristic[bias=1:1]"], "low < high"),
    ("oh_hell", ["-p", "heuristic[hold=40.2:40.8]"], "fewer than two whole numbers"),
    ("oh_hell", ["-p", "heuristic[nope=0:1]"], "unknown param 'nope'"),
    ("oh_hell", ["-p", "heuristic[wizard=0:1]"], "does not apply to oh_hell"),
    ("oh_hell", ["-p", "heuristic[bias=0.5]"], "no range to tune"),
    ("oh_hell", ["-p", "random[bias=0:1]"], "tune takes a player with params"),
    ("oh_hell", ["-p", "heuristic[bias=0:1]", "--trials", "0"], "trials must be"),
    ("oh_hell", ["-p", "heuristic[bias=0:1]", "--sampler", "grid"], "unknown sampler"),
    ("oh_hell", ["-p", "heuristic[bias=0:1]", "--against", "nobody"], "unknown player 'nobody'"),
    ("oh_hell", ["-p", "heuristic[bias=0:1]", "--name", "9lives"], "preset name"),
    ("oh_hell", ["-p", "heuristic[bias=0:1]", "--name", "random"], "is a built-in player"),
])
def test_bad_input_is_one_line(tmp_path, capsys, game, args, said):
    assert main(["tune", game, *args, "--out", str(tmp_path / "t")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("tricksim: error:") and said in err[0], err


@pytest.mark.parametrize("game", ["oh_hell"])
def test_bad_presets_are_one_line(tmp_path, capsys, game):
    save_preset("tarot_only", "tarot", "heuristic[take=50]")
    for spec, said in (("no_such_preset", "unknown player 'no_such_preset'"),
                       ("tarot_only", "preset tarot_only is a tarot player, not a wizard one")):
        assert main(["simulate", game, "-p", spec, "--games", "2", "--out", str(tmp_path / "r")]) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and said in err[0], err
    with pytest.raises(TricksimError, match="is a built-in player"):
        save_preset("heuristic", "wizard", "heuristic[bias=1]")
    # a preset whose params do not fit is refused when used, naming it
    save_preset("too_far", "wizard", "heuristic[bias=99]")
    with pytest.raises(TricksimError, match="bias=99 is not allowed"):
        resolve("wizard", "too_far")


@pytest.mark.parametrize("game", ["oh_hell"])
def test_the_shipped_presets_resolve_and_are_listed(capsys, game):
    from strategies.preset_files import PACKAGE_PRESETS, presets
    import tomllib
    shipped = tomllib.loads(PACKAGE_PRESETS.read_text())
    assert {"wizard_tuned", "schieber_tuned", "tarot_tuned"} <= set(shipped)
    for name, entry in shipped.items():
        player = resolve(entry["family"], name)          # its params within their ranges
        assert player.label == name and player.name == "heuristic"
        assert presets()[name] == entry
    assert main(["players", "wizard"]) == 0
    assert any(line.startswith("wizard_tuned: preset, heuristic[")
               for line in capsys.readouterr().out.splitlines())
    # Oh Hell does not read its `wizard` weight, so it is refused there and not listed
    with pytest.raises(TricksimError, match="param wizard does not apply to oh_hell"):
        resolve("wizard", "wizard_tuned", game=game)
    assert main(["players", game]) == 0
    assert "wizard_tuned" not in capsys.readouterr().out
    # a preset of one variant is listed with it
    assert main(["players", "jass"]) == 0
    assert any(line.startswith("schieber_tuned: preset (in schieber), heuristic[")
               for line in capsys.readouterr().out.splitlines())


@pytest.mark.parametrize("game", ["oh_hell"])
def test_whole_params_are_params_with_whole_defaults_and_ranges(game):
    from strategies.registry import _load_builtins
    for family in ("wizard", "jass", "tarot"):
        player = _load_builtins(family)["heuristic"]
        assert player.whole_params
        for name in player.whole_params:
            low, high = player.param_range(name)
            value = player.param_values[player.param_names.index(name)]
            assert float(value).is_integer() and float(low).is_integer() and float(high).is_integer()
