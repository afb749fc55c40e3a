"""Strategy conformance: every player on every game.

Each built-in player of a game's family, the documented example user player
(``strategies.examples:GREEDY``) and a bare ABI function must play every
player count, option and seating without an illegal action, pass the
conformance harness of ``tricksim check-player`` (``sim.conformance``:
legal through a function pointer, deterministic, no read past the
observation), and give the same records for the same study and seed. The
two dispatch paths (built-ins inline, user players through function
pointers) must agree decision for decision; a player that answers illegally
must stop the run with an error that names it; the heuristic must beat
random; params must steer it.
"""
import math
import re
from statistics import NormalDist

import numpy as np
import pytest

import user_players
from conftest import budget_spec
from sim import registry
from sim.errors import TricksimError
from sim.games.wizard.cards import card_name, parse_card
from sim.study import SEATINGS, Study
from sim.engine import Engine
from sim.conformance import check_player, rule_settings
from strategies.registry import available

GAMES = registry.all_games()
WIZARD_FAMILY = [g for g in GAMES if g.family == "wizard"]
USER = user_players.__name__          # how the tests' player module is imported


def user(attribute: str) -> str:
    return f"{USER}:{attribute}"


def conformance_players(family: str) -> list[str]:
    players = [budget_spec(name) for name in available(family)]
    if family == "wizard":
        players += ["strategies.examples:GREEDY", user("lowest_legal_decide")]
    return players


PLAYER_CASES = [pytest.param(g.name, p, id=f"{g.name}-{p}")
                for g in GAMES for p in conformance_players(g.family)]


def records_equal(a: dict, b: dict) -> bool:
    return a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in a)


def assert_wizard_family_sane(study, records):
    """The few facts any legal play guarantees (test_invariants checks the rest)."""
    d = records["deals"].reshape(-1, study.players)
    h = d["hand_size"][:, 0].astype(np.int64)
    assert (d["tricks"].astype(np.int64).sum(axis=1) == h).all()
    assert ((d["bid"] >= 0) & (d["bid"] <= d["hand_size"])).all()


# --- always legal, every count, option and seating -----------------------------------

@pytest.mark.parametrize("game, player", PLAYER_CASES)
def test_player_is_always_legal(game, player, play_all_chunks):
    meta = registry.info(game)
    case = 0
    settings = [(variant, options) for variant in [v.name for v in meta.variants] or [""]
                for options in rule_settings(meta, variant)]
    for n in range(meta.min_players, meta.max_players + 1):
        for variant, options in settings:
            seating = SEATINGS[case % len(SEATINGS)]
            case += 1
            study = Study.create(game, players=n, lineup=[player], options=options,
                                 boards=2, seed=case, seating=seating, variant=variant)
            records = play_all_chunks(study)          # raises TricksimError on an illegal action
            if meta.family == "wizard":
                assert_wizard_family_sane(study, records)


# --- the conformance harness: legal, deterministic, within the observation ------------

HARNESS_CASES = [pytest.param(family, p, id=f"{family}-{p}")
                 for family in sorted({g.family for g in GAMES}) for p in conformance_players(family)]


@pytest.mark.parametrize("family, player", HARNESS_CASES)
def test_player_passes_the_conformance_harness(family, player):
    """``tricksim check-player`` on every game of the family: the player through a
    function pointer, every observation answered twice by a bounds-checked copy."""
    for game in [g.name for g in GAMES if g.family == family]:
        for verdict in check_player(player, game):
            assert verdict.ok, verdict.line()


# --- deterministic for a seed -------------------------------------------------------

@pytest.mark.parametrize("game, player", PLAYER_CASES)
def test_player_is_deterministic_for_a_seed(game, player, play_all_chunks):
    meta = registry.info(game)
    others = [budget_spec(name) for name in available(meta.family)]
    lineup = [player] + [others[s % len(others)] for s in range(meta.default_players - 1)]

    def study(seed):
        return Study.create(game, lineup=lineup, boards=6, chunk_boards=2, seed=seed,
                            seating="rotate")

    first = play_all_chunks(study(11))
    assert study(11).n_chunks == 3
    assert records_equal(first, play_all_chunks(study(11)))
    assert records_equal(first, play_all_chunks(study(11), order=[2, 0, 1])), "chunks depend on run order"
    assert not records_equal(first, play_all_chunks(study(12))), "another seed gave the same games"


# --- inline built-ins and function pointers agree -------------------------------------

POINTER_TWINS = [
    ("heuristic", user("HEURISTIC_VIA_POINTER")),
    ("random", user("RANDOM_VIA_POINTER")),
    ("heuristic[bias=0.7,hold=45]", user("HEURISTIC_VIA_POINTER[bias=0.7,hold=45]")),
]


@pytest.mark.parametrize("game", [g.name for g in WIZARD_FAMILY])
def test_inline_and_function_pointer_paths_agree(game, play_all_chunks):
    meta = registry.info(game)
    for n in range(meta.min_players, meta.max_players + 1):
        # each built-in alone, then all of them at one table
        tables = [[pair] * n for pair in POINTER_TWINS]
        tables.append([POINTER_TWINS[s % len(POINTER_TWINS)] for s in range(n)])
        for i, table in enumerate(tables):
            inline = [builtin for builtin, _ in table]
            pointer = [twin for _, twin in table]
            seating = SEATINGS[i % len(SEATINGS)]
            a = play_all_chunks(Study.create(game, players=n, lineup=inline, boards=3, seed=n, seating=seating))
            b = play_all_chunks(Study.create(game, players=n, lineup=pointer, boards=3, seed=n, seating=seating))
            assert records_equal(a, b), f"{inline} inline and through pointers differ ({n} players)"


# --- an illegal action stops the run with a readable error ------------------------------

ERROR = re.compile(r"^player (?P<player>\S+) \(seat (?P<seat>\d+)\) made an illegal (?P<kind>\w+) "
                   r"(?P<action>\S+) in game (?P<game>\d+), deal (?P<deal>\d+); legal: (?P<legal>.+)$")


def illegal_action_error(game: str, n: int, bad_player: str) -> dict:
    study = Study.create(game, players=n, lineup=[bad_player], boards=20, seed=3)
    with pytest.raises(TricksimError) as info:
        run_chunk_of(study)
    message = str(info.value)
    assert "\n" not in message
    match = ERROR.match(message)
    assert match, f"unexpected error message: {message}"
    assert match["player"] == bad_player
    return match.groupdict()


def run_chunk_of(study):
    from sim.rng_nb import chunk_states
    first, n_boards = study.chunk_bounds(0)
    return Engine(study).run_chunk(first, n_boards, chunk_states(study.seed, 0))


def reference_deals(game: str, n: int):
    """The deals of the same study played legally: the cards and dealers do not depend
    on the players (the deal stream is separate), so they show where a bad player acts."""
    study = Study.create(game, players=n, lineup=[user("lowest_legal_decide")], boards=20, seed=3)
    return run_chunk_of(study)["deals"]


@pytest.mark.parametrize("game", [g.name for g in WIZARD_FAMILY])
def test_illegal_bid_is_reported(game):
    for n in (3, 5):
        first_round = reference_deals(game, n)[:n]          # game 0, round 0: one card each
        dealer = int(first_round["dealer"][0])
        error = illegal_action_error(game, n, user("BAD_BID"))
        assert error["kind"] == "bid" and error["action"] == str(user_players.ILLEGAL_BID)
        # the first bid of the game: left of the dealer, one card in hand, no restriction yet
        assert (error["game"], error["deal"]) == ("0", "0")
        assert int(error["seat"]) == (dealer + 1) % n
        assert error["legal"] == "0 1"


@pytest.mark.parametrize("game", [g.name for g in WIZARD_FAMILY])
def test_illegal_play_is_reported(game):
    for n in (3, 6):
        first_round = reference_deals(game, n)[:n]
        dealer = int(first_round["dealer"][0])
        error = illegal_action_error(game, n, user("BAD_PLAY"))
        assert error["kind"] == "play"
        # the first lead of the game: left of the dealer, who may lead the one card held
        assert (error["game"], error["deal"]) == ("0", "0")
        assert int(error["seat"]) == (dealer + 1) % n
        legal = [parse_card(c) for c in error["legal"].split()]
        assert len(legal) == 1
        assert parse_card(error["action"]) not in legal
        assert error["action"] == card_name(0 if legal[0] != 0 else 1)   # lowest card not legal


def test_illegal_trump_choice_is_reported():
    n = 4
    deals = reference_deals("wizard", n)
    wizard_turned = deals[deals["trump_kind"] == 3]
    assert len(wizard_turned) > 0, "the sample must turn a Wizard for this test to mean anything"
    first = wizard_turned[0]                                   # rows are in game, round order
    error = illegal_action_error("wizard", n, user("BAD_TRUMP"))
    assert error["kind"] == "trump" and error["action"] == str(user_players.ILLEGAL_SUIT)
    assert (int(error["game"]), int(error["deal"])) == (int(first["game"]), int(first["deal"]))
    assert int(error["seat"]) == int(first["dealer"])          # the dealer chooses
    assert error["legal"] == "S H D C"


# --- strength and params ---------------------------------------------------------------

def t_quantile_975(df: int) -> float:
    """Student t 97.5 % quantile (Cornish-Fisher expansion around the normal; exact to
    about 1e-4 for df >= 30, which is all a test with hundreds of boards needs)."""
    z = NormalDist().inv_cdf(0.975)
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)


def test_heuristic_beats_random_in_duplicate_wizard(play_all_chunks):
    n, boards = 4, 300
    study = Study.create("wizard", players=n, lineup=["heuristic", "random"] * 2, boards=boards,
                         seed=2024, seating="duplicate")
    games = play_all_chunks(study)["games"].reshape(boards, n, n)     # [board, rotation, seat]
    total = games["total"].astype(np.float64)
    heuristic_slot = games["player"] % 2 == 0                   # lineup slots 0 and 2
    per_game = ((total * heuristic_slot).sum(axis=2) / 2) - ((total * ~heuristic_slot).sum(axis=2) / 2)
    per_board = per_game.mean(axis=1)
    mean = per_board.mean()
    half_width = t_quantile_975(boards - 1) * per_board.std(ddof=1) / math.sqrt(boards)
    assert mean - half_width > 0, f"heuristic - random = {mean:.1f} ± {half_width:.1f}"


def test_t_quantile_matches_tables():
    # printed tables: t(0.975; 30) = 2.042, t(0.975; 100) = 1.984, t(0.975; 299) = 1.968
    assert t_quantile_975(30) == pytest.approx(2.042, abs=1e-3)
    assert t_quantile_975(100) == pytest.approx(1.984, abs=1e-3)
    assert t_quantile_975(299) == pytest.approx(1.968, abs=1e-3)


@pytest.mark.parametrize("game", [g.name for g in WIZARD_FAMILY])
def test_heuristic_bias_raises_bids(game, play_all_chunks):
    def bids(bias):
        study = Study.create(game, players=4, lineup=[f"heuristic[bias={bias}]"], boards=30, seed=8)
        return play_all_chunks(study)["deals"]

    high, low = bids(1.0), bids(-1.0)
    # the same deals: the deal stream does not depend on the players
    for column in ("dealer", "hand_size", "trump_kind", "wizards_held"):
        assert np.array_equal(high[column], low[column])
    # a bidder who is not the dealer may bid anything from 0 to the hand size, and the
    # nearest legal bid to a higher estimate is never lower
    free = high["seat"] != high["dealer"]
    assert (high["bid"][free] >= low["bid"][free]).all()
    assert high["bid"].mean() > low["bid"].mean()


# --- param ranges: declared, documented, playable at both ends ---------------------------

FAMILIES = sorted({g.family for g in GAMES})
RANGE_DOCS = {"wizard": "docs/strategies.md", "jass": "docs/jass_players.md", "tarot": "docs/tarot_players.md",
              "jupiter": "docs/jupiter_players.md", "pitch": "docs/pitch_players.md"}


def builtin_players(family: str):
    from strategies.registry import resolve
    return [resolve(family, name) for name in available(family)]


@pytest.mark.parametrize("family", FAMILIES)
def test_every_builtin_param_has_a_range_holding_its_default(family):
    for player in builtin_players(family):
        assert len(player.param_ranges) == len(player.param_names)
        for name, value in zip(player.param_names, player.param_values):
            low, high = player.param_range(name)
            assert math.isfinite(low) and math.isfinite(high) and low <= value <= high, name


@pytest.mark.parametrize("family", FAMILIES)
def test_every_builtin_param_range_is_documented(family):
    from pathlib import Path
    doc = (Path(__file__).resolve().parents[1] / RANGE_DOCS[family]).read_text()

    def number(x):
        return f"{x:g}".replace("-", "−")          # the docs write a minus sign
    for player in builtin_players(family):
        for name in player.param_names:
            low, high = player.param_range(name)
            rows = [row for row in doc.splitlines() if row.startswith("|") and f"`{name}`" in row]
            assert any(f"{number(low)} to {number(high)}" in row for row in rows), \
                f"{RANGE_DOCS[family]} documents no range {low:g} to {high:g} for {name}"


@pytest.mark.parametrize("game", [g.name for g in GAMES])
def test_heuristic_plays_legally_at_the_ends_of_its_ranges(game, play_all_chunks):
    from strategies.registry import resolve
    meta = registry.info(game)
    heuristic = resolve(meta.family, "heuristic")
    for end in (0, 1):
        for variant in [v.name for v in meta.variants] or [None]:
            # each variant's own params: one it does not read is refused
            params = ",".join(f"{name}={heuristic.param_range(name)[end]!r}"
                              for name in heuristic.params_of(variant or game))
            study = Study.create(game, lineup=[f"heuristic[{params}]"], boards=2, seed=5, variant=variant)
            play_all_chunks(study)          # raises TricksimError on an illegal action
