"""Bad input to ``Study.create``: one clear line that says what is allowed.

Every mistake a user can make when describing a study (game, options,
player count, players and their params, user players by ``module:attribute``,
seating, seed, size) must raise :class:`TricksimError` — not a traceback
from deep inside — with a one-line message naming the culprit and the
allowed values. Cases that depend on a game's metadata run for every
registered game.
"""
import pytest

import user_players
from sim import registry
from sim.errors import TricksimError
from sim.study import SEATINGS, Study

GAMES = registry.all_games()
USER = user_players.__name__


def error_of(**kwargs) -> str:
    kwargs.setdefault("boards", 1)
    with pytest.raises(TricksimError) as info:
        Study.create(**kwargs)
    message = str(info.value)
    assert "\n" not in message, "error messages fit on one line"
    return message


def mentions(message: str, *words) -> bool:
    return all(str(w) in message for w in words)


# --- game and options ----------------------------------------------------------------

def test_unknown_game_lists_the_games():
    message = error_of(game="chess")
    assert mentions(message, "unknown game", "chess", *[g.name for g in GAMES])


def variants_of(meta) -> list[str]:
    return [v.name for v in meta.variants] or [""]


VARIANT_CASES = [pytest.param(g.name, v, id=f"{g.name}-{v}" if v else g.name)
                 for g in GAMES for v in variants_of(g)]


@pytest.mark.parametrize("game, variant", VARIANT_CASES)
def test_unknown_option_lists_the_options(game, variant):
    message = error_of(game=game, variant=variant or None, options={"no_such_option": 1})
    allowed = [o.name for o in registry.info(game).options_of(variant)]
    assert mentions(message, "unknown option", "no_such_option", *allowed)


OPTION_CASES = [pytest.param(g.name, v, o, id=f"{g.name}-{v + '-' if v else ''}{o.name}")
                for g in GAMES for v in variants_of(g) for o in g.options_of(v)]


@pytest.mark.parametrize("game, variant, option", OPTION_CASES)
def test_bad_option_value_lists_the_allowed_values(game, variant, option):
    variant = variant or None
    message = error_of(game=game, variant=variant, options={option.name: "no_such_value"})
    assert mentions(message, option.name, "no_such_value", *option.choices)
    if option.int_range is not None:
        low, high = option.int_range
        assert mentions(message, low, high)
        for outside in (low - 1, high + 1):
            assert mentions(error_of(game=game, variant=variant, options={option.name: outside}),
                            option.name, low, high)


@pytest.mark.parametrize("game, variant", [c for c in VARIANT_CASES if c.values[1]])
def test_an_option_of_another_variant_is_refused(game, variant):
    meta = registry.info(game)
    foreign = [o.name for o in meta.options if o not in meta.options_of(variant)]
    for name in foreign:
        message = error_of(game=game, variant=variant, options={name: "x"})
        assert mentions(message, name, "does not apply", variant,
                        *[o.name for o in meta.options_of(variant)])


def test_an_unknown_variant_lists_the_variants():
    for meta in GAMES:
        message = error_of(game=meta.name, variant="no_such_variant")
        assert mentions(message, "no_such_variant", *[v.name for v in meta.variants])


@pytest.mark.parametrize("n", range(3, 8))
def test_oh_hell_fixed_hand_larger_than_the_pack_allows(n):
    top = 52 // n
    message = error_of(game="oh_hell", players=n, options={"rounds": top + 1})
    assert mentions(message, f"rounds={top + 1}", f"1 to {top}")
    Study.create("oh_hell", players=n, options={"rounds": top}, boards=1)   # the largest that fits


def test_oh_hell_14_cards_for_4_players():
    message = error_of(game="oh_hell", players=4, options={"rounds": 14})
    assert mentions(message, "rounds=14", "4 players", "13")


# --- players -----------------------------------------------------------------------------

PLAYER_COUNT_CASES = [pytest.param(g.name, n, id=f"{g.name}-{n}")
                      for g in GAMES for n in (0, g.min_players - 1, g.max_players + 1)]


@pytest.mark.parametrize("game, n", PLAYER_COUNT_CASES)
def test_player_count_out_of_range(game, n):
    meta = registry.info(game)
    message = error_of(game=game, players=n)
    allowed = (f"played by {meta.min_players} players" if meta.min_players == meta.max_players
               else f"{meta.min_players} to {meta.max_players}")
    assert mentions(message, game, allowed, f"not {n}")


@pytest.mark.parametrize("game", [g.name for g in GAMES])
def test_lineup_of_the_wrong_length(game):
    meta = registry.info(game)
    n = meta.default_players
    message = error_of(game=game, players=n, lineup=["random"] * (n - 1))
    assert mentions(message, f"{n} players", f"1 or {n}", f"got {n - 1}")


@pytest.mark.parametrize("game", [g.name for g in GAMES])
def test_the_player_count_comes_from_a_lineup_of_every_seat(game):
    meta = registry.info(game)
    for n in range(max(2, meta.min_players), meta.max_players + 1):
        lineup = (["heuristic", "random"] * n)[:n]
        study = Study.create(game, lineup=lineup, boards=1)
        assert study.players == n and study.lineup == tuple(lineup)
    assert Study.create(game, lineup=["random"], boards=1).players == meta.default_players


@pytest.mark.parametrize("game", [g.name for g in GAMES])
def test_a_lineup_of_an_impossible_count_names_the_allowed_counts(game):
    meta = registry.info(game)
    n = meta.max_players + 1
    message = error_of(game=game, lineup=["random"] * n)
    allowed = (f"played by {meta.min_players} players" if meta.min_players == meta.max_players
               else f"{meta.min_players} to {meta.max_players}")
    assert mentions(message, game, allowed, f"not {n}", "lineup")


@pytest.mark.parametrize("game", [g.name for g in GAMES])
def test_unknown_player_lists_the_built_ins(game):
    from strategies.registry import available
    message = error_of(game=game, lineup=["grandmaster"])
    assert mentions(message, "unknown player", "grandmaster", "module:attribute",
                    *available(registry.info(game).family))


@pytest.mark.parametrize("spec", ["heuristic[bias=1", "heuristic]", "", "heu ristic", "heuristic[bias=1]x"])
def test_malformed_player_spec(spec):
    message = error_of(game="wizard", lineup=[spec])
    assert mentions(message, "name[param=value", "module:attribute")


def test_param_without_a_value():
    message = error_of(game="wizard", lineup=["heuristic[bias]"])
    assert mentions(message, "name=value", "bias")


@pytest.mark.parametrize("spec, allowed", [
    ("heuristic[nope=1]", ("nope", "bias", "hold")),
    ("random[bias=1]", ("bias", "no params")),
    (f"{USER}:lowest_legal_decide[x=1]", ("'x'", "no params")),
    ("strategies.examples:GREEDY[bias=1]", ("bias", "fraction")),
])
def test_unknown_param_lists_the_params(spec, allowed):
    message = error_of(game="wizard", lineup=[spec])
    assert mentions(message, "unknown param", *allowed)


def test_param_that_is_not_a_number():
    message = error_of(game="wizard", lineup=["heuristic[bias=high]"])
    assert mentions(message, "bias", "high", "not a number")


# --- user players by module:attribute ---------------------------------------------------------

def test_module_that_does_not_import():
    message = error_of(game="wizard", lineup=["no_such_module_xyz:PLAYER"])
    assert mentions(message, "cannot import", "no_such_module_xyz")


def test_module_without_the_attribute():
    message = error_of(game="wizard", lineup=[f"{USER}:NO_SUCH_PLAYER"])
    assert mentions(message, "no attribute", "NO_SUCH_PLAYER")


@pytest.mark.parametrize("attribute", ["NOT_A_PLAYER", "plain_python_decide", "wrong_signature_decide"])
def test_attribute_that_is_not_a_player(attribute):
    message = error_of(game="wizard", lineup=[f"{USER}:{attribute}"])
    assert mentions(message, attribute, "strategies.registry.Player", "strategies.abi.SIGNATURE")


def test_player_of_another_game_family():
    message = error_of(game="wizard", lineup=[f"{USER}:OTHER_FAMILY"])
    assert mentions(message, "OTHER_FAMILY", "no_such_family", "wizard")


def test_user_players_by_module_attribute_are_accepted():
    # the positive side of the cases above: a Player, a bare ABI function, with params
    for spec in ("strategies.examples:GREEDY", "strategies.examples:GREEDY[fraction=0.25]",
                 f"{USER}:lowest_legal_decide"):
        study = Study.create("wizard", lineup=[spec], boards=1)
        assert study.lineup == (spec,) * study.players


# --- seating, seed and size ------------------------------------------------------------------

def test_bad_seating_lists_the_seatings():
    message = error_of(game="wizard", seating="random")
    assert mentions(message, "seating", "random", *SEATINGS)


@pytest.mark.parametrize("seed", [-1, None])
def test_seed_must_be_a_whole_number_from_zero(seed):
    message = error_of(game="wizard", seed=seed)
    assert mentions(message, "seed", ">= 0")


@pytest.mark.parametrize("size", [{"deals": 0}, {"deals": -5}, {"boards": 0}, {"boards": -1}])
def test_nothing_to_play(size):
    message = error_of(game="wizard", **{"boards": None, **size})
    assert mentions(message, "at least 1")


@pytest.mark.parametrize("field, value", [("seed", "abc"), ("players", "four"), ("boards", "many"),
                                          ("deals", "lots")])
def test_words_where_a_number_belongs(field, value):
    # a study read from a file can hold any text; it must not escape as a bare ValueError
    kwargs = {"game": "wizard", field: value}
    if field == "deals":
        kwargs["boards"] = None
    message = error_of(**kwargs)
    assert mentions(message, field, value)


# --- param values: finite, in range, given once -------------------------------------------

def builtin_params():
    """(game, variant, player name, param, (lowest, highest)) for every param of every
    built-in, in a variant that reads it."""
    from strategies.registry import available, resolve
    cases = []
    for family_game in ("wizard", "jass"):
        meta = registry.info(family_game)
        for name in available(meta.family):
            player = resolve(meta.family, name)
            for param in player.param_names:
                variant = next(v for v in variants_of(meta) if param in player.params_of(v or meta.name))
                cases.append(pytest.param(family_game, variant or None, name, param,
                                          player.param_range(param),
                                          id=f"{meta.family}-{name}-{param}"))
    return cases


@pytest.mark.parametrize("game, variant, name, param, bounds", builtin_params())
def test_param_outside_its_range_names_player_param_value_and_range(game, variant, name, param, bounds):
    low, high = bounds
    for value in ("nan", "inf", "-inf", str(low - 1), str(high + 1)):
        message = error_of(game=game, variant=variant, lineup=[f"{name}[{param}={value}]"])
        assert mentions(message, f"player {name}", f"{param}={value}", f"from {low:g} to {high:g}")
    for value in (low, high):
        Study.create(game, variant=variant, lineup=[f"{name}[{param}={value}]"], boards=1)


@pytest.mark.parametrize("spec, allowed", [
    ("heuristic[bias=nan]", "from -20 to 20"),
    ("heuristic[bias=inf]", "from -20 to 20"),
    ("heuristic[bias=1e308]", "from -20 to 20"),      # a distance no legal bid is near
    ("heuristic[hold=nan]", "from -1 to 101"),
])
def test_reported_nonsense_params_are_refused(spec, allowed):
    message = error_of(game="wizard", lineup=[spec])
    assert mentions(message, "player heuristic", spec[len("heuristic["):-1], allowed)


@pytest.mark.parametrize("spec", ["strategies.examples:GREEDY[fraction=nan]",
                                  "strategies.examples:GREEDY[fraction=inf]",
                                  f"{USER}:HEURISTIC_VIA_POINTER[bias=-inf]"])
def test_user_player_params_must_be_finite(spec):
    message = error_of(game="wizard", lineup=[spec])
    assert mentions(message, "not allowed", "a finite number")


@pytest.mark.parametrize("spec", ["heuristic[bias=1,bias=2]", "heuristic[bias=1, hold=40 ,bias=1]",
                                  "strategies.examples:GREEDY[fraction=0.2,fraction=0.3]"])
def test_a_param_given_twice_is_refused(spec):
    message = error_of(game="wizard", lineup=[spec])
    assert mentions(message, "given twice", "give each param once")


def test_module_that_does_not_import_says_how_to_make_it_importable():
    message = error_of(game="wizard", lineup=["no_such_module_xyz:PLAYER"])
    assert mentions(message, "no_such_module_xyz", "PYTHONPATH", "run tricksim from that folder")
