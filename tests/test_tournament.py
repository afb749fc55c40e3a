"""tricksim tournament: the seatings, the ratings, the pair table, the CLI and its bad input.

Cheap games only: Oh Hell single 5-card deals (the Wizard family's process) and
Schieber to 100 points (the Jass family's); parameters named by game so that
tests/conftest.py runs each with its family.
"""
import itertools
from collections import Counter

import numpy as np
import pandas as pd
import pytest

from analysis.stats import t_quantile
from analysis.tournament import pair_differences, ratings
from sim import registry
from sim.cli import main
from sim.errors import TricksimError
from sim.store import load_records
from sim.study import check_common_deals
from sim.tournament import Tournament, run_tournament, seatings, table_dir

OH_HELL = {"rounds": 5}
SCHIEBER = {"target": 100}


def _expanded(lineups, seats):
    """Every lineup in every rotation, as the duplicate seating plays them."""
    return [lineup[r:] + lineup[:r] for lineup in lineups for r in range(seats)]


@pytest.mark.parametrize("entrants, seats", [(3, 3), (4, 4), (5, 4), (2, 4), (3, 4), (3, 5), (4, 3)])
def test_every_entrant_sits_at_every_seat_equally_often(entrants, seats):
    played = _expanded(seatings(entrants, seats), seats)
    per_seat = Counter((lineup[s], s) for lineup in played for s in range(seats))
    assert len(set(per_seat.values())) == 1
    assert {e for e, _ in per_seat} == set(range(entrants))
    if entrants >= seats:
        # every permutation of every subset of table size, each once
        every = [p for c in itertools.combinations(range(entrants), seats) for p in itertools.permutations(c)]
        assert sorted(played) == sorted(every)


def test_team_games_pair_every_two_entrants_from_both_sides():
    lineups = seatings(3, 4, partners=2)
    assert sorted(lineups) == [(0, 1, 0, 1), (0, 2, 0, 2), (1, 2, 1, 2)]
    played = _expanded(lineups, 4)
    for a, b in itertools.permutations(range(3), 2):
        # a at seats 0+2 against b at 1+3, twice (rotations r and r + 2: the partners swap
        # hands); partners are copies of one entrant
        assert played.count((a, b, a, b)) == 2
    with pytest.raises(TricksimError):
        seatings(2, 6, partners=2)


def _seat_counts(tournament, out):
    counts = Counter()
    for index, lineup in enumerate(tournament.lineups):
        games = load_records(table_dir(out, index), "games", ["seat", "player", "board"])
        for seat, player in zip(games["seat"], games["player"]):
            counts[lineup[player], int(seat)] += 1
    return counts


@pytest.fixture(scope="module")
def oh_hell_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("oh_hell_tournament")
    tournament = Tournament.create("oh_hell", ["heuristic", "random", "heuristic[bias=0.5]"],
                                   options=OH_HELL, boards=40, seed=3)
    return tournament, out, run_tournament(tournament, out)


@pytest.mark.parametrize("game", ["oh_hell"])
def test_the_tables_seat_everyone_everywhere_on_the_same_deals(oh_hell_run, game):
    tournament, out, frame = oh_hell_run
    assert tournament.game == game and tournament.players == 3 and len(tournament.lineups) == 2
    counts = _seat_counts(tournament, out)
    assert len(counts) == 9 and set(counts.values()) == {2 * 40}      # 2 tables x 40 boards
    studies = [s.to_dict() for s in tournament.studies()]
    for other in studies[1:]:
        check_common_deals(studies[0], other)
    # the first hand of board 7, rotation 0, is the same cards at both tables
    hands = [load_records(table_dir(out, t), "deals") for t in range(2)]
    first = [h[(h["board"] == 7)].iloc[0] for h in hands]
    card_columns = [c for c in hands[0].columns if "hand" in c or "trump" in c]
    assert card_columns and all(first[0][c] == first[1][c] for c in card_columns)
    assert sorted(frame["entrant"].unique()) == [0, 1, 2]


@pytest.mark.parametrize("game", ["oh_hell"])
def test_heuristic_rates_above_random_with_intervals_apart(oh_hell_run, game):
    tournament, _, frame = oh_hell_run
    table = ratings(frame, tournament.entrants, tournament.seed, bootstrap=100).set_index("player")
    assert table.attrs["model"] == "plackett-luce"
    assert table.loc["random", "place"] == 3
    for better in ("heuristic", "heuristic[bias=0.5]"):
        assert table.loc[better, "rating_lo"] > table.loc["random", "rating_hi"]
    assert (table["rating_lo"] < table["rating_hi"]).all()
    assert abs(table["rating"].sum()) < 1e-9


@pytest.mark.parametrize("game", ["oh_hell"])
def test_the_pair_table_against_a_direct_computation(oh_hell_run, game):
    tournament, out, frame = oh_hell_run
    pairs = pair_differences(frame, tournament.entrants).set_index(["a", "b"])
    # straight from the records: per game each entrant's total, the difference, a mean per board
    diffs: dict[int, list[float]] = {}
    for index, lineup in enumerate(tournament.lineups):
        games = load_records(table_dir(out, index), "games")
        for _, game_rows in games.groupby("game"):
            totals = {lineup[p]: t for p, t in zip(game_rows["player"], game_rows["total"])}
            diffs.setdefault(int(game_rows["board"].iat[0]), []).append(float(totals[1] - totals[0]))
    per_board = np.array([np.mean(diffs[b]) for b in sorted(diffs)])
    n = len(per_board)
    half = t_quantile(n - 1) * per_board.std(ddof=1) / np.sqrt(n)
    row = pairs.loc[("heuristic", "random")]         # a − b: heuristic − random
    assert row["boards"] == 40 and row["games"] == 2 * 3 * 40
    assert row["diff"] == pytest.approx(-per_board.mean())
    assert (row["diff_lo"], row["diff_hi"]) == pytest.approx((-per_board.mean() - half, -per_board.mean() + half))
    assert row["significant"] and row["diff_lo"] > 0


@pytest.mark.parametrize("game", ["oh_hell"])
def test_same_seed_same_tables_whatever_the_jobs(oh_hell_run, tmp_path, game):
    tournament, _, frame = oh_hell_run
    again = run_tournament(Tournament.create(game, tournament.entrants, options=OH_HELL, boards=40, seed=3),
                           tmp_path, jobs=2)
    pd.testing.assert_frame_equal(frame, again)
    first = ratings(frame, tournament.entrants, 3, bootstrap=30)
    pd.testing.assert_frame_equal(first, ratings(again, tournament.entrants, 3, bootstrap=30))
    other = ratings(frame, tournament.entrants, 4, bootstrap=30)
    assert not first["rating_lo"].equals(other["rating_lo"])   # the seed draws the bootstrap


@pytest.mark.parametrize("game", ["schieber"])
def test_schieber_pairs_teams_from_both_sides(tmp_path, game):
    tournament = Tournament.create("jass", ["heuristic", "random"], variant=game, options=SCHIEBER,
                                   boards=12, seed=1)
    assert tournament.partners == 2 and tournament.lineups == ((0, 1, 0, 1),)
    frame = run_tournament(tournament, tmp_path)
    counts = _seat_counts(tournament, tmp_path)
    assert len(counts) == 8 and len(set(counts.values())) == 1           # both sides, every seat
    assert (frame["seats"] == 2).all()                                   # a team: two copies
    table = ratings(frame, tournament.entrants, tournament.seed, bootstrap=50).set_index("player")
    assert table.attrs["model"] == "bradley-terry"
    assert table.loc["heuristic", "rating"] > 0 > table.loc["random", "rating"]


@pytest.mark.parametrize("game", ["oh_hell"])
def test_the_command_end_to_end_with_a_user_player(tmp_path, capsys, game):
    out = tmp_path / "t"
    code = main(["tournament", game, "-p", "heuristic", "-p", "random", "-p", "user_players:lowest_legal_decide",
                 "-o", "rounds=5", "-g", "20", "--bootstrap", "40", "--seed", "5", "--out", str(out)])
    assert code == 0
    printed = capsys.readouterr().out
    assert "Plackett–Luce" in printed and "user_players:lowest_legal_decide" in printed
    for name in ("ratings.csv", "pairs.csv", "seatings.csv", "tournament.md", "tournament.png", "tournament.svg"):
        assert (out / name).is_file()
    rated = pd.read_csv(out / "ratings.csv")
    assert sorted(rated["player"]) == sorted(["heuristic", "random", "user_players:lowest_legal_decide"])
    assert len(pd.read_csv(out / "pairs.csv")) == 3
    # the same command again keeps the played tables and writes the same tables
    first = {name: (out / name).read_bytes() for name in ("ratings.csv", "pairs.csv", "tournament.md", "tournament.svg")}
    assert main(["tournament", game, "-p", "heuristic", "-p", "random", "-p", "user_players:lowest_legal_decide",
                 "-o", "rounds=5", "-g", "20", "--bootstrap", "40", "--seed", "5", "--out", str(out)]) == 0
    assert {name: (out / name).read_bytes() for name in first} == first
    # another tournament in the same folder: refused, then played afresh with --fresh
    other = ["tournament", game, "-p", "heuristic", "-p", "random", "-o", "rounds=5", "-g", "21",
             "--bootstrap", "0", "--out", str(out)]
    capsys.readouterr()
    assert main(other) == 2 and "holds a different study" in capsys.readouterr().err
    assert main(other + ["--fresh"]) == 0
    assert len(pd.read_csv(out / "ratings.csv")) == 2


@pytest.mark.parametrize("game, args, said", [
    ("oh_hell", ["nope", "-p", "random", "-p", "heuristic"], "unknown game"),
    ("oh_hell", ["oh_hell", "-v", "x", "-p", "random", "-p", "heuristic"], "no variants"),
    ("oh_hell", ["oh_hell", "-p", "random", "-p", "nobody"], "nobody"),
    ("oh_hell", ["oh_hell", "-p", "random"], "at least 2 players"),
    ("oh_hell", ["oh_hell", "-p", "random", "-p", "random"], "entered twice"),
    ("oh_hell", ["oh_hell", "-p", "random", "-p", "heuristic", "-g", "0"], "boards"),
    ("oh_hell", ["oh_hell", "-p", "random", "-p", "heuristic", "-n", "9"], "3 to 7 players"),
    ("oh_hell", ["oh_hell", "-p", "random", "-p", "heuristic", "--bootstrap", "-1"], "bootstrap"),
    ("oh_hell", ["oh_hell", "-p", "random", "-p", "heuristic", "-o", "rounds=99"], "rounds"),
    ("oh_hell", ["oh_hell", "-n", "7"] + [f"-pheuristic[bias=0.{i}]" for i in range(1, 10)], "more than 1,000"),
    ("schieber", ["jass", "-v", "schieber", "-p", "random", "-p", "user_players:HEURISTIC_VIA_POINTER"], "wizard"),
    ("schieber", ["jass", "-v", "nope", "-p", "random", "-p", "heuristic"], "unknown variant"),
])
def test_bad_input_is_one_line(tmp_path, capsys, game, args, said):
    assert main(["tournament", *args, "--out", str(tmp_path / "t")]) == 2
    # importing a user's module compiles its player: a cold cache says so on a line first
    err = [line for line in capsys.readouterr().err.strip().splitlines()
           if not line.startswith("tricksim: compiling")]
    assert len(err) == 1 and err[0].startswith("tricksim: error:") and said in err[0], err


@pytest.mark.parametrize("game, variant, partners", [
    ("schieber", "schieber", 2), ("differenzler", "differenzler", 1), ("ten_point", "ten_point", 2),
    ("auction", "auction", 1), ("tarot", "", 1), ("oh_hell", "", 1), ("jupiter", "", 1)])
def test_only_the_team_games_seat_teams(game, variant, partners):
    # French Tarot's camps form in each deal: its seats are individual
    name = {"schieber": "jass", "differenzler": "jass", "ten_point": "pitch", "auction": "pitch"}.get(game, game)
    assert registry.game(name).partners(variant) == partners
