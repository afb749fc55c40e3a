"""Jass studies through ``run_chunk``: the record tables checked against the rules.

Every check recomputes what the rules say from the record's own columns
(hands as dealt, points, tricks, predictions) and compares with what the
engine wrote: scores, totals, game ends, ranks. Also: seating, duplicate
boards, the Differenzler tie-break deals, the parallel path, dispatch of
built-in players through function pointers, and illegal-action errors.
"""
import re

import numpy as np
import pytest

from sim import registry
from sim.errors import TricksimError
from sim.games.jass.records import (END_CLAIM_RIGHT, END_CLAIM_WRONG, END_EXTRA_DEALS,
                                    END_FOUR_DEALS, END_STOECK, END_TIE_CAP, END_TRICKS, END_WEIS)
from sim.rng_nb import chunk_states
from sim.study import Study
from sim.engine import Engine

TABLES = {"default": (1, 2, 2, 1, 3, 4), "flat": (1, 1, 1, 1, 1, 1), "classic": (1, 2, 2, 1, 3, 3)}
SUIT_MASKS = [((1 << 9) - 1) << (9 * s) for s in range(4)]
OBER, KING = 6, 7
JASS = registry.game("jass")


def run(study):
    parts = []
    for i in range(study.n_chunks):
        first, n = study.chunk_bounds(i)
        parts.append(Engine(study).run_chunk(first, n, chunk_states(study.seed, i)))
    return {t: np.concatenate([p[t] for p in parts]) for t in JASS.tables}


def games_of(records):
    """Per game: its deal rows (deal, seat order) and its four game rows."""
    deals, games = records["deals"], records["games"]
    order = np.lexsort((deals["seat"], deals["deal"], deals["game"]))
    deals = deals[order]
    starts = np.flatnonzero(np.r_[True, deals["game"][1:] != deals["game"][:-1]])
    bounds = list(starts) + [len(deals)]
    by_game = {int(games["game"][i]): games[i:i + 4] for i in range(0, len(games), 4)}
    for a, b in zip(bounds[:-1], bounds[1:]):
        d = deals[a:b].reshape(-1, 4)
        yield d, by_game[int(d["game"][0, 0])]


def popcount(x):
    return bin(int(x)).count("1")


def check_common(study, records):
    deals, games = records["deals"], records["games"]
    rotations = 4 if study.seating == "duplicate" else 1
    assert len(games) == 4 * study.boards * rotations
    assert sorted(set(games["game"].tolist())) == list(range(study.boards * rotations))
    assert (games["board"] == games["game"] // rotations).all()
    d = deals.reshape(-1, 4)
    assert (d["seat"] == np.arange(4)).all()
    # the hands as dealt: 9 cards each, together the whole pack
    hands = d["hand"].astype(np.uint64)
    assert all(popcount(h) == 9 for h in hands.ravel())
    union = hands[:, 0] | hands[:, 1] | hands[:, 2] | hands[:, 3]
    assert (union == np.uint64((1 << 36) - 1)).all()
    # the first hand is the seat after the dealer, positions in play order
    assert (d["position"] == (np.arange(4) - d["dealer"].astype(np.int64) - 1) % 4).all()
    mode = d["mode"][:, 0].astype(np.int64)
    assert (d["mode"] == d["mode"][:, :1]).all()
    trumps = np.array([[popcount(int(h) & SUIT_MASKS[m]) if m < 4 else 0 for h in row]
                       for row, m in zip(hands, mode)])
    assert (d["trumps_held"] == trumps).all()
    # seating: seat s played by slot (s + shift) % 4, the same in every deal of a game
    shift = {"fixed": np.zeros_like(games["game"]), "rotate": games["game"],
             "duplicate": games["game"] % 4}[study.seating].astype(np.int64)
    assert (games["player"] == (games["seat"] + shift) % 4).all()
    for dg, g in games_of(records):
        assert (dg["player"] == g["player"][None, :]).all()
        n = len(dg)
        assert (g["deals"] == n).all()
        first_dealer = int(g["first_dealer"][0])
        assert (dg["dealer"][:, 0] == (first_dealer + np.arange(n)) % 4).all()
        assert (dg["deal"][:, 0] == np.arange(n)).all()
        complete = dg["complete"][:, 0].astype(bool)
        # every complete deal: 9 tricks and 157 card points; only the last may be cut short
        assert (dg["tricks"][complete].sum(axis=1) == 9).all()
        assert (dg["points"][complete].astype(np.int64).sum(axis=1) == 157).all()
        assert complete[:-1].all()
        last = dg["last_trick"][complete]
        assert (last.sum(axis=1) == 1).all()


def check_schieber(study, records):
    target = study.option_dict["target"]
    table = TABLES[study.option_dict["multipliers"]]
    d = records["deals"].reshape(-1, 4)
    mode = d["mode"][:, 0].astype(np.int64)
    assert (d["team"] == np.arange(4) % 2).all()
    assert (d["multiplier"][:, 0] == np.array(table)[mode]).all()
    first = (d["dealer"][:, 0].astype(np.int64) + 1) % 4
    chooser = d["chooser"][:, 0].astype(np.int64)
    pushed = d["pushed"][:, 0].astype(bool)
    assert (chooser == np.where(pushed, (first + 2) % 4, first)).all()
    assert (d["prediction"] == -1).all() and (d["penalty"] == 0).all() and (d["trump_card"] == -1).all()
    # Weis: declared all or nothing; at most one team scores, all of its declared melds
    assert ((d["weis_declared"] == 0) | (d["weis_declared"] == d["weis_held"])).all()
    scored_team = (d["weis_scored"] > 0)
    assert ~((scored_team[:, 0] | scored_team[:, 2]) & (scored_team[:, 1] | scored_team[:, 3])).any()
    for t in range(2):
        scores = scored_team[:, t] | scored_team[:, t + 2]
        for s in (t, t + 2):
            assert (d["weis_scored"][scores, s] == d["weis_declared"][scores, s]).all()
    # Stöck: the seat dealt the trump Ober and King, suit modes only
    hands = d["hand"].astype(np.uint64)
    for row, m, st in zip(hands, mode, d["stoeck"]):
        pair = (1 << (9 * m + OBER)) | (1 << (9 * m + KING)) if m < 4 else 0
        assert [int(pair != 0 and int(h) & pair == pair) for h in row] == list(st)
    for dg, g in games_of(records):
        totals = np.zeros(2, dtype=np.int64)
        for k, row in enumerate(dg):
            team_points = row["points"][[0, 1]].astype(np.int64) + row["points"][[2, 3]]
            team_tricks = row["tricks"][[0, 1]].astype(np.int64) + row["tricks"][[2, 3]]
            weis = row["weis_scored"][[0, 1]].astype(np.int64) + row["weis_scored"][[2, 3]]
            stoeck = row["stoeck"][[0, 1]].astype(np.int64) + row["stoeck"][[2, 3]]
            match = (team_tricks == 9) & bool(row["complete"][0])
            assert (row["match"][[0, 1]] == match).all() and (row["match"][[2, 3]] == match).all()
            mult = int(row["multiplier"][0])
            score = mult * (team_points + weis + 100 * match)
            if row["complete"][0]:
                # every card is out at the end: Stöck has been announced
                score = score + mult * 20 * stoeck
            else:
                # cut short by a claim: Stöck counts only once announced (both cards played)
                extra = row["team_score"][[0, 1]].astype(np.int64) - score
                assert all(extra[t] in (0, mult * 20 * stoeck[t]) for t in range(2))
                score = score + extra
            assert (row["team_score"][[0, 1]] == score).all()
            assert (row["team_score"][[2, 3]] == score).all()
            before = totals.copy()
            totals += score
            assert (row["total"][[0, 1]] == totals).all() and (row["total"][[2, 3]] == totals).all()
            if k < len(dg) - 1:
                assert (totals < target).all(), "the game should have ended"
        assert (g["total"] == totals[np.arange(4) % 2]).all()
        winner = int(np.flatnonzero(g["win"][:2] == 1)[0])
        assert (g["win"] == (np.arange(4) % 2 == winner)).all()
        assert (g["rank"] == np.where(np.arange(4) % 2 == winner, 1, 2)).all()
        end = int(g["end"][0])
        claim_seat = int(g["claim_seat"][0])
        last = dg[-1]
        if end in (END_CLAIM_RIGHT, END_CLAIM_WRONG):
            team = claim_seat % 2
            assert (totals[team] >= target) == (end == END_CLAIM_RIGHT)
            assert winner == (team if end == END_CLAIM_RIGHT else 1 - team)
            if last["complete"][0]:   # a claim after the last trick, by the team that took it
                assert last["last_trick"][[team, team + 2]].any()
            else:
                assert last["tricks"].sum() < 9
        else:
            assert claim_seat == -1 and last["complete"][0]
            # counting order: Stöck, then Weis, then tricks with the last trick's team first
            count = before.copy()
            stoeck = last["stoeck"][[0, 1]].astype(np.int64) + last["stoeck"][[2, 3]]
            mult = int(last["multiplier"][0])
            count += mult * 20 * stoeck
            if end == END_STOECK:
                assert stoeck[winner] and count[winner] >= target
                continue
            assert (count < target).all()
            weis = last["weis_scored"][[0, 1]].astype(np.int64) + last["weis_scored"][[2, 3]]
            count += mult * weis
            if end == END_WEIS:
                assert weis[winner] and count[winner] >= target
                continue
            assert (count < target).all()
            assert end == END_TRICKS
            first_team = int(np.flatnonzero(last["last_trick"])[0]) % 2
            expected = first_team if totals[first_team] >= target else 1 - first_team
            assert winner == expected and totals[winner] >= target


def check_differenzler(study, records):
    d = records["deals"].reshape(-1, 4)
    assert (d["team"] == np.arange(4)).all()
    assert (d["multiplier"] == 1).all() and (d["chooser"] == -1).all() and (d["pushed"] == 0).all()
    for col in ("weis_held", "weis_declared", "weis_scored", "stoeck", "match"):
        assert (d[col] == 0).all()
    assert d["complete"].all()
    # trump: the dealer's last card, kept in the dealer's hand
    turned = d["trump_card"][:, 0].astype(np.int64)
    assert (d["mode"][:, 0] == turned // 9).all()
    dealer = d["dealer"][:, 0].astype(np.int64)
    dealer_hand = d["hand"][np.arange(len(d)), dealer].astype(np.uint64)
    assert ((dealer_hand >> turned.astype(np.uint64)) & np.uint64(1) == 1).all()
    prediction = d["prediction"].astype(np.int64)
    assert ((0 <= prediction) & (prediction <= 157)).all()
    assert (d["penalty"] == np.abs(d["points"].astype(np.int64) - prediction)).all()
    assert (d["team_score"] == d["points"]).all()
    cap = study.option_dict.get("tie_deals", "unlimited")
    most = float("inf") if cap == "unlimited" else 4 + cap
    extra_games = 0
    for dg, g in games_of(records):
        totals = np.cumsum(dg["penalty"].astype(np.int64), axis=0)
        assert (dg["total"] == totals).all()
        n = len(dg)
        assert 4 <= n <= most and (g["extra_deals"] == n - 4).all()
        # after deal 4 and every extra deal but the last, the lowest total was tied
        for k in range(3, n - 1):
            low = totals[k].min()
            assert (totals[k] == low).sum() > 1
        final = totals[-1]
        low = final.min()
        tied = int((final == low).sum())
        end = int(g["end"][0])
        if tied > 1:
            assert n == most and end == END_TIE_CAP
        else:
            assert end == (END_FOUR_DEALS if n == 4 else END_EXTRA_DEALS)
        extra_games += n > 4
        assert np.allclose(g["win"], np.where(final == low, 1.0 / tied, 0.0))
        assert (g["rank"] == (final[None, :] < final[:, None]).sum(axis=1) + 1).all()
        assert (g["total"] == final).all()
    return extra_games


LINEUPS = [["random"], ["heuristic"], ["random", "heuristic", "heuristic", "random"]]


@pytest.mark.parametrize("options", [{}, {"multipliers": "flat", "target": 1000},
                                     {"multipliers": "classic", "target": 100}],
                         ids=["defaults", "flat-1000", "classic-100"])
@pytest.mark.parametrize("lineup", range(len(LINEUPS)))
def test_schieber_records_follow_the_rules(options, lineup):
    seating = ("fixed", "rotate", "duplicate")[lineup]
    study = Study.create("jass", lineup=LINEUPS[lineup], boards=120, seed=3 + lineup,
                         options=options, seating=seating, chunk_boards=50)
    records = run(study)
    check_common(study, records)
    check_schieber(study, records)


def subset(records, game_ids):
    keep = np.isin(records["deals"]["game"], game_ids)
    return {"deals": records["deals"][keep],
            "games": records["games"][np.isin(records["games"]["game"], game_ids)]}


def test_schieber_games_end_in_every_way():
    # random players claim half the time they are asked, so most games end by a claim;
    # an end while counting Stöck is rare (one game in this sample: the seed is chosen
    # so that the sample holds every way a game can end)
    study = Study.create("jass", lineup=["random"], boards=20_000, seed=12,
                         options={"target": 1000}, chunk_boards=20_000)
    records = run(study)
    games = records["games"]
    ends = set(games["end"].tolist())
    assert ends == {END_TRICKS, END_STOECK, END_WEIS, END_CLAIM_RIGHT, END_CLAIM_WRONG}
    rare = games["game"][np.isin(games["end"], (END_STOECK, END_WEIS))]
    # claims come after the last trick of a deal too, not only in the middle of one
    claimed = games["game"][np.isin(games["end"], (END_CLAIM_RIGHT, END_CLAIM_WRONG))]
    deals = records["deals"][np.lexsort((records["deals"]["deal"], records["deals"]["game"]))]
    final = deals[np.append(deals["game"][1:] != deals["game"][:-1], True)]
    after_last = final["game"][np.isin(final["game"], claimed) & (final["complete"] == 1)]
    assert 0 < len(np.unique(after_last)) < len(claimed)
    check_schieber(study, subset(records, np.union1d(rare, np.union1d(after_last[:50],
                                                                      np.arange(300)))))


@pytest.mark.parametrize("option", ["hidden", "open"])
def test_differenzler_records_and_tie_break_deals(option):
    study = Study.create("jass", variant="differenzler", lineup=["random"], boards=3000,
                         seed=21, options={"predictions": option}, seating="rotate")
    records = run(study)
    check_common(study, records)
    extra = check_differenzler(study, records)
    assert extra > 0, "the sample must hold a tie after four deals for this test to mean anything"


def test_differenzler_heuristic_and_mixed_lineups():
    for i, lineup in enumerate(LINEUPS[1:]):
        study = Study.create("jass", variant="differenzler", lineup=lineup, boards=100, seed=i,
                             seating="duplicate")
        records = run(study)
        check_common(study, records)
        check_differenzler(study, records)


@pytest.mark.parametrize("variant", ["schieber", "differenzler"])
def test_duplicate_rotations_are_dealt_the_same_cards(variant):
    study = Study.create("jass", variant=variant, lineup=["random"], boards=30, seed=5,
                         seating="duplicate")
    records = run(study)
    for board in range(30):
        rows = records["deals"][records["deals"]["board"] == board]
        hands = {}
        for r in rows:
            key = (int(r["deal"]), int(r["seat"]))
            hands.setdefault(key, set()).add(int(r["hand"]))
        assert all(len(h) == 1 for h in hands.values()), "rotations dealt different hands"
        first = records["games"][records["games"]["board"] == board]["first_dealer"]
        assert len(set(first.tolist())) == 1


def test_records_do_not_depend_on_chunking_threads_or_array_sizes(monkeypatch):
    for variant, lineup in (("schieber", ["random"]), ("differenzler", ["random", "heuristic"] * 2),
                            ("schieber", ["heuristic"])):
        study = Study.create("jass", variant=variant, lineup=lineup, boards=60, chunk_boards=20,
                             seed=9)
        one_by_one = [Engine(study).run_chunk(*study.chunk_bounds(i), chunk_states(9, i))
                      for i in range(3)]
        threaded = Engine(study).run_chunks([(i, *study.chunk_bounds(i), chunk_states(9, i))
                                           for i in range(3)])
        for a, b in zip(one_by_one, threaded):
            for table in JASS.tables:
                assert np.array_equal(a[table], b[table])
    # arrays with room for one board only: the kernel stops before every board and
    # run_chunk goes on into fresh arrays; the records stay the same
    small = Engine(study).run_chunk(*study.chunk_bounds(0), chunk_states(9, 0))
    monkeypatch.setattr(type(JASS), "capacity",
                        lambda self, study, n: (4 * 4 * (2 * 2500 // 157 + 2), 4 * n))
    tiny = Engine(study).run_chunk(*study.chunk_bounds(0), chunk_states(9, 0))
    for table in JASS.tables:
        assert np.array_equal(small[table], tiny[table])


USER = "jass.jass_players"


@pytest.mark.parametrize("variant", ["schieber", "differenzler"])
def test_inline_and_function_pointer_paths_agree(variant):
    for builtin, twin in (("random", f"{USER}:RANDOM_VIA_POINTER"),
                          ("heuristic", f"{USER}:HEURISTIC_VIA_POINTER")):
        for lineup in ([builtin], [builtin, "random", builtin, "heuristic"]):
            pointer = [twin if p == builtin else p for p in lineup]
            a = run(Study.create("jass", variant=variant, lineup=lineup, boards=20, seed=4))
            b = run(Study.create("jass", variant=variant, lineup=pointer, boards=20, seed=4))
            for table in JASS.tables:
                assert np.array_equal(a[table], b[table]), f"{lineup} inline and through pointers differ"


ERROR = re.compile(r"^player (?P<player>\S+) \(seat (?P<seat>\d)\) made an illegal (?P<kind>\w+) "
                   r"(?P<action>\S+) in game (?P<game>\d+), deal (?P<deal>\d+); legal: (?P<legal>.+)$")


@pytest.mark.parametrize("variant, bad, kind, action, legal", [
    ("schieber", "BAD_TRUMP", "trump", "7", "S H D C obe une push"),
    ("differenzler", "BAD_PREDICT", "predict", "158", "0 to 157"),
])
def test_illegal_decisions_are_reported(variant, bad, kind, action, legal):
    study = Study.create("jass", variant=variant, lineup=[f"{USER}:{bad}"], boards=3, seed=1)
    reference = run(Study.create("jass", variant=variant, lineup=["random"], boards=3, seed=1))
    with pytest.raises(TricksimError) as caught:
        run(study)
    match = ERROR.match(str(caught.value))
    assert match, str(caught.value)
    assert (match["kind"], match["action"], match["legal"]) == (kind, action, legal)
    assert (match["game"], match["deal"]) == ("0", "0")
    # the first decision of the game: the first hand, the seat after the first dealer
    first_dealer = int(reference["games"]["first_dealer"][0])
    assert int(match["seat"]) == (first_dealer + 1) % 4


def test_illegal_card_is_reported_with_the_legal_cards():
    study = Study.create("jass", lineup=[f"{USER}:BAD_PLAY"], boards=3, seed=1)
    with pytest.raises(TricksimError) as caught:
        run(study)
    match = ERROR.match(str(caught.value))
    assert match and match["kind"] == "play"
    legal = match["legal"].split()
    assert match["action"] not in legal and all(len(c) == 2 for c in legal)


@pytest.mark.parametrize("multipliers", sorted(TABLES))
def test_a_study_of_n_deals_gets_at_least_n_deals(multipliers):
    # the game length a study is planned with is on the short side for every built-in
    # lineup, the lopsided heuristic-against-random one (the fastest games) included
    for lineup in (["random"], ["heuristic"], ["heuristic", "random"] * 2):
        for target in (1000, 2500):
            study = Study.create("jass", lineup=lineup, deals=3000, seed=2,
                                 options={"multipliers": multipliers, "target": target})
            records = run(study)
            assert len(records["deals"]) // 4 >= 3000, (lineup, target)
