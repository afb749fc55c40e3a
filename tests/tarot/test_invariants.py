"""French Tarot invariants on random deals of every player count, from the
records of the engine (10,000 deals per count) and from deals traced and
replayed decision by decision: every card played once, 91 points in play,
the score formula restated here from docs/rules.md, scores summing to zero."""
import numpy as np
import pytest

from sim import registry
from sim.games.tarot.cards import HALF_POINTS, names_in, parse_card
from sim.replay import replay
from sim.rng_nb import chunk_states
from sim.study import Study
from sim.engine import Engine

TARGETS = np.array([56, 51, 41, 36])
MULTIPLIERS = np.array([0, 1, 2, 4, 6])
BONUS = np.array([0, 20, 30, 40])
DEALS = 10_000


def check_tarot_deals(deals: np.ndarray, players: int) -> None:
    """The invariants of Tarot deal rows (one row per seat, deal by deal): dealt hands
    disjoint and complete, no petit sec played by default, a zero-sum settlement, the
    outcome and the score restated from docs/rules.md, the taker's share."""
    n = players
    by_deal = deals.reshape(-1, n)
    # the dealt hands never share a card and hold hand size × players cards
    lo = np.bitwise_or.reduce(by_deal["hand_lo"], axis=1)
    hi = np.bitwise_or.reduce(by_deal["hand_hi"], axis=1)
    count = sum(bin(int(x)).count("1") for x in by_deal["hand_lo"].ravel()) + \
        sum(bin(int(x)).count("1") for x in by_deal["hand_hi"].ravel())
    assert count == len(by_deal) * {3: 72, 4: 72, 5: 75}[n]
    assert all(bin(int(a)).count("1") + bin(int(b)).count("1") == {3: 72, 4: 72, 5: 75}[n]
               for a, b in zip(lo, hi))
    # petit_sec=redeal (default): no played deal has a hand with T1 as its only trump
    t1 = np.uint64(1) << np.uint64(56)
    assert not np.any(((deals["hand_lo"] & np.uint64(0xFF << 56)) == t1)
                      & ((deals["hand_hi"] & np.uint64(0x3FFF)) == 0))
    # zero-sum settlement; the taker's share by the player count
    assert np.all(by_deal["points"].sum(axis=1) == 0)
    first = by_deal[:, 0]
    assert np.all((first["taker_hp"] >= 0) & (first["taker_hp"] <= 182))
    # the outcome and the score, restated
    diff = first["taker_hp"].astype(np.int64) - 2 * TARGETS[first["taker_oudlers"]]
    assert np.array_equal(first["made"] == 1, diff >= 0)
    sign = np.where(diff >= 0, 1, -1)
    # signed: above the target (made) >= 0, below it (failed) <= -1; the half point to the winner
    assert np.array_equal(first["margin"], sign * ((np.abs(diff) + 1) // 2))
    handfuls = BONUS[by_deal["handful"]].sum(axis=1)
    slam = np.select([(first["slam"] == 1) & (first["slam_declared"] == 1), first["slam"] == 1,
                      first["slam_declared"] == 1], [400, 200, -200], 0) - 200 * (first["slam"] == -1)
    score = (sign * 25 + first["margin"] + 10 * first["petit"]) * MULTIPLIERS[first["contract"]] \
        + sign * handfuls + slam
    assert np.array_equal(first["score"], score)
    takers = by_deal["role"] == 1
    assert np.all(takers.sum(axis=1) == 1)
    partners = (by_deal["role"] == 2).sum(axis=1)
    share = np.where(partners == 1, n - 3, n - 1) if n == 5 else np.full(len(by_deal), n - 1)
    assert np.array_equal(by_deal["points"][takers], share * first["score"])


def check_tarot_records(study, records: dict) -> None:
    """The shared harness's hook (tests/test_invariants.py)."""
    if study.option_dict.get("petit_sec", "redeal") == "redeal":
        check_tarot_deals(records["deals"], study.players)


def check_tarot_duplicate(study, records: dict) -> None:
    """Every rotation of a board is dealt the same hands in each deal and seat that
    it dealt as often (a redeal draws from the stream of the deal and the attempt)."""
    d = records["deals"]
    keys = np.stack([d["board"], d["deal"].astype(np.int64), d["seat"].astype(np.int64),
                     d["redeals"].astype(np.int64)], axis=1)
    _, first = np.unique(keys, axis=0, return_index=True)
    _, inverse = np.unique(keys, axis=0, return_inverse=True)
    for word in ("hand_lo", "hand_hi"):
        assert (d[word] == d[word][first][inverse.ravel()]).all(), "rotations dealt different hands"


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("lineup", ["random", "heuristic"])
def test_records_of_10000_deals(players, lineup):
    impl = registry.game("tarot")
    boards = DEALS // players + 1
    study = Study.create("tarot", players=players, lineup=[lineup], boards=boards, seed=11)
    deals = Engine(study).run_chunk(0, boards, chunk_states(11, 0))["deals"]
    assert len(deals) == boards * players * players >= DEALS * players
    check_tarot_deals(deals, players)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_traced_deals_replay_every_card_once_and_91_points(players):
    impl = registry.game("tarot")
    study = Study.create("tarot", players=players, lineup=(["heuristic", "random"] * 3)[:players],
                         boards=40, seed=5)
    records = Engine(study).run_chunk(0, 40, chunk_states(5, 0))["deals"]
    for board in range(0, 40, 4):
        for deal_no, deal in enumerate(Engine(study).trace_board(board)):
            record = impl.deal_record(study, deal)
            result = replay(record)
            r = result["result"]
            rows = records[(records["game"] == deal["game"]) & (records["deal"] == deal_no)]
            assert r["scores"] == rows["points"].tolist()
            if r["redeal"] is None:
                assert (r["made"], r["margin"]) == (bool(rows["made"][0]), int(rows["margin"][0]))
            played = [d["value"] for d in record["decisions"] if d["kind"] == "play"]
            assert len(played) == len(set(played)) == players * {3: 24, 4: 18, 5: 15}[players]
            set_aside = r["discard"] or []
            if r["contract"] in ("guard_without", "guard_against"):
                set_aside = record["extra"]["dog"]
            assert sorted(played + set_aside, key=parse_card) == names_in(2**64 - 1, 2**14 - 1)
            # 91 points: the tricks (the Excuse counted where it ends) and the cards set aside
            trick_points = sum(t["points"] for t in result["tricks"])
            aside = sum(int(HALF_POINTS[parse_card(c)]) for c in set_aside) / 2
            excuse_kept = 4.5 if "EX" in played and "EX" not in result["tricks"][-1]["cards"] else 0
            assert trick_points + aside + excuse_kept == 91


@pytest.mark.parametrize("options", [{"petit_sec": "play"}, {"excuse_exchange": "none"},
                                     {"deals": 2}])
@pytest.mark.parametrize("players", [3, 5])
def test_each_option_keeps_the_invariants(players, options):
    impl = registry.game("tarot")
    study = Study.create("tarot", players=players, lineup=["random"], boards=300, seed=3,
                         options=options)
    records = Engine(study).run_chunk(0, 300, chunk_states(3, 0))
    deals, games = records["deals"], records["games"]
    per_game = impl.deals_per_game(study)
    assert per_game == options.get("deals", players)
    assert len(deals) == 300 * per_game * players and len(games) == 300 * players
    by_deal = deals.reshape(-1, players)
    assert np.all(by_deal["points"].sum(axis=1) == 0)
    # the game total is the sum of the seat's settlements
    totals = deals["points"].reshape(300, per_game, players).sum(axis=1).ravel()
    assert np.array_equal(games["total"], totals)
    if options.get("petit_sec") == "play" and players == 5:
        # a petit sec is played: some played deal has a hand with T1 as its only trump
        # (about 1 hand in 700 with 15 cards; with 24 cards too rare to expect one)
        t1 = np.uint64(1) << np.uint64(56)
        sec = ((deals["hand_lo"] & np.uint64(0xFF << 56)) == t1) & ((deals["hand_hi"] & np.uint64(0x3FFF)) == 0)
        assert sec.any()
    if options.get("excuse_exchange") == "none" and players != 4:
        assert np.any(deals["taker_hp"] % 2 == 1)
