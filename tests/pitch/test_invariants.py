"""Pitch invariants on random games of both variants, from the engine's records
(10,000 deals per variant and player lineup): the dealt hands, the bidding, each
point awarded as docs/rules.md says (restated here from the hands, never read
back from the engine), the score changes, running scores, how a game ends and
the settlement. ``check_pitch_records`` and ``check_pitch_duplicate`` are also
run by the harness of every game (tests/test_invariants.py).
"""
import numpy as np
import pytest

from sim.games.pitch.cards import (GAME_VALUE, HIGH_JOKER, LOW_JOKER, RANK_JACK, RANKS,
                                   suit_mask, ten_point_trumps)
from sim.study import Study

DEALS = 10_000
AUCTION_TARGET = 7
TEN_POINT_TARGET = 52
# Ten-point point cards by rank for a named trump: A J T 3 (3 points) 2 (to its player)
TEN_POINT_RANK_POINTS = {"A": 1, "J": 1, "T": 1, "3": 3, "2": 1}


def popcount(word) -> int:
    return bin(int(word)).count("1")


def cards(word) -> list[int]:
    word = int(word)
    return [c for c in range(64) if word >> c & 1]


def ten_point_card_points(trump: int) -> dict[int, int]:
    """Card -> points for a named trump (the jokers and the Jick one each)."""
    out = {13 * trump + RANKS.index(r): p for r, p in TEN_POINT_RANK_POINTS.items()}
    out[13 * (3 - trump) + RANK_JACK] = 1     # the Jick: S<->C, H<->D (ids 0 1 2 3 = S H D C)
    out[LOW_JOKER] = 1
    out[HIGH_JOKER] = 1
    return out


def check_bidding(rows, lowest: int, highest: int, forced_dealer: bool) -> None:
    """One deal's bids (rows in seat order): once each from the dealer's left, pass or
    above the last, the winner's bid is the contract; with ``forced_dealer`` the dealer
    must bid when the others passed (``forced``), else he may pass and the deal is
    dealt again (no rows)."""
    dealer = int(rows["dealer"][0])
    order = [(dealer + 1 + k) % 4 for k in range(4)]
    last = 0
    for seat in order:
        bid = int(rows["bid"][seat])
        assert bid == 0 or (lowest <= bid <= highest and bid > last), "a bid not above the last"
        last = max(last, bid)
    bidder = int(rows["bidder"][0])
    assert (rows["bidder"] == bidder).all() and (rows["contract"] == last).all()
    assert int(rows["bid"][bidder]) == last
    others_passed = all(int(rows["bid"][s]) == 0 for s in order[:3])
    assert (rows["forced"] == int(forced_dealer and others_passed)).all()
    if others_passed:
        assert bidder == dealer


# --- Auction Pitch -------------------------------------------------------------------

def auction_points(rows) -> tuple[dict, int]:
    """(point -> seat or None, count per seat) restated from the hands: High and Low to
    the seat dealt them (``low_to=dealt``), the Jack's holder if dealt, Game's leader."""
    trump = int(rows["trump"][0])
    owner = {}
    for s in range(4):
        for c in cards(int(rows["hand"][s]) & suit_mask(trump)):
            owner[c] = s
    trumps = sorted(owner)
    jack = 13 * trump + RANK_JACK
    return {"high": owner[trumps[-1]], "low": owner[trumps[0]],
            "jack_dealt": jack in owner}, trumps


def check_auction_deal(rows, low_to: str, all_pass: str = "dealer_forced") -> None:
    assert (rows["seat"] == np.arange(4)).all()
    hands = [int(h) for h in rows["hand"]]
    assert all(popcount(h) == 6 for h in hands)
    union = 0
    for h in hands:
        assert union & h == 0 and h >> 52 == 0, "a card dealt twice, or a joker"
        union |= h
    check_bidding(rows, 2, 4, forced_dealer=all_pass == "dealer_forced")
    trump = int(rows["trump"][0])
    assert 0 <= trump < 4 and (rows["trump"] == trump).all()
    # the pitcher's first card sets trump: he holds that suit
    assert hands[int(rows["bidder"][0])] & suit_mask(trump)
    for s in range(4):
        dealt = popcount(hands[s] & suit_mask(trump))
        assert rows["trumps_dealt"][s] == dealt
        assert rows["trumps_played"][s] == dealt, "all six cards are played"
    facts, _ = auction_points(rows)
    assert rows["high"].tolist() == [int(s == facts["high"]) for s in range(4)], "High to its holder"
    if low_to == "dealt":
        assert rows["low"].tolist() == [int(s == facts["low"]) for s in range(4)]
    else:
        assert rows["low"].sum() == 1, "Low is always won (taken in some trick)"
    if facts["jack_dealt"]:
        assert sorted(rows["jack"].tolist()) == [0, 0, 0, 1]
    else:
        assert (rows["jack"] == -1).all(), "the Jack not in play: no Jack point"
    # every dealt card is taken by someone: the counts add up to the pack's count
    count = rows["count"].astype(np.int64)
    assert count.sum() == sum(int(GAME_VALUE[c]) for c in cards(union))
    top = count.max()
    if (count == top).sum() > 1:
        assert (rows["game_point"] == -1).all(), "a tie for Game scores no Game point"
    else:
        assert rows["game_point"].tolist() == [int(c == top) for c in count]
    points = rows["high"] + rows["low"] + np.maximum(rows["jack"], 0) + np.maximum(rows["game_point"], 0)
    assert (rows["points"] == points).all()
    bidder, contract = int(rows["bidder"][0]), int(rows["contract"][0])
    made = int(points[bidder] >= contract)
    assert (rows["made"] == made).all()
    expected = points.astype(np.int64).copy()
    if not made:
        expected[bidder] = -contract
    assert (rows["score"] == expected).all(), "the pitcher set back by his bid, others score"
    assert (rows["team"] == np.arange(4)).all()


def auction_winner(rows, before) -> int | None:
    """The game's winner after this deal, in the counting order, or None."""
    bidder, contract = int(rows["bidder"][0]), int(rows["contract"][0])
    made = bool(rows["made"][0])
    if made and contract == 4 and int(rows["points"][bidder]) == 4 and before[bidder] >= 0:
        return bidder                                  # a smudge made out of the hole
    running = list(before)
    if made:
        running[bidder] += int(rows["points"][bidder])
        if running[bidder] >= AUCTION_TARGET:
            return bidder
    else:
        running[bidder] -= contract
    for point in ("high", "low", "jack", "game_point"):
        for s in range(4):
            if s != bidder and rows[point][s] == 1:
                running[s] += 1
                if running[s] >= AUCTION_TARGET:
                    return s
    return None


def check_auction_records(study: Study, records: dict) -> None:
    opts = study.option_dict
    d, g = records["deals"], records["games"]
    assert len(g) % 4 == 0
    games = g.reshape(-1, 4)
    starts = np.flatnonzero(np.r_[True, d["game"][4::4] != d["game"][:-4:4]]) * 4
    ends = np.r_[starts[1:], len(d)]
    assert len(starts) == len(games)
    for game_rows, a, b in zip(games, starts, ends):
        deals = d[a:b].reshape(-1, 4)
        assert (deals["deal"] == np.arange(len(deals))[:, None]).all()
        scores, setbacks = [0, 0, 0, 0], [0, 0, 0, 0]
        winner = None
        for k, rows in enumerate(deals):
            assert winner is None, "a deal after the game was won"
            check_auction_deal(rows, opts["low_to"], opts["all_pass"])
            assert int(rows["dealer"][0]) == (int(deals["dealer"][0][0]) + k) % 4, "the deal passes left"
            winner = auction_winner(rows, scores)
            scores = [scores[s] + int(rows["score"][s]) for s in range(4)]
            assert rows["total"].tolist() == scores
            if not rows["made"][0]:
                setbacks[int(rows["bidder"][0])] += 1
        assert game_rows["score"].tolist() == scores
        assert game_rows["setbacks"].tolist() == setbacks
        assert (game_rows["deals"] == len(deals)).all()
        end = int(game_rows["end"][0])
        if end == 3:
            assert winner is None
            continue
        assert winner is not None and game_rows["win"].tolist() == [float(s == winner) for s in range(4)]
        pays = [(1 if scores[s] >= 1 else 2) + (setbacks[s] if opts["settle_setbacks"] == "yes" else 0)
                for s in range(4)]
        settlement = [-pays[s] if s != winner else sum(pays[t] for t in range(4) if t != winner)
                      for s in range(4)]
        assert game_rows["total"].tolist() == settlement


# --- Ten-point Pitch -----------------------------------------------------------------

def check_ten_point_deal(rows) -> None:
    assert (rows["seat"] == np.arange(4)).all() and (rows["team"] == np.arange(4) % 2).all()
    hands = [int(h) for h in rows["hand"]]
    assert all(popcount(h) == 9 for h in hands)
    union = 0
    for h in hands:
        assert union & h == 0 and h >> 54 == 0
        union |= h
    check_bidding(rows, 4, 10, forced_dealer=True)
    trump = int(rows["trump"][0])
    trumps = ten_point_trumps(trump)
    bidder = int(rows["bidder"][0])
    for s in range(4):
        dealt = popcount(hands[s] & trumps)
        assert rows["trumps_dealt"][s] == dealt
        # a bid loser burns down to 6 trumps before the refill; the bidder keeps them all
        assert rows["burned"][s] == (0 if s == bidder else max(0, dealt - 6))
    # every trump ends in play (dealt, refilled or swept by the bidder) unless burned
    assert rows["trumps_played"].sum() + rows["burned"].sum() == 16
    assert rows["points"].sum() + rows["burned_points"].sum() == 10, "10 points a deal, less burned"
    assert (rows["burned_points"][rows["burned"] == 0] == 0).all()
    team_points = [int(rows["points"][t] + rows["points"][t + 2]) for t in (0, 1)]
    side, contract = bidder % 2, int(rows["contract"][0])
    made = int(team_points[side] >= contract)
    assert (rows["made"] == made).all()
    change = list(team_points)
    if not made:
        change[side] = -contract
    assert rows["score"].tolist() == [change[s % 2] for s in range(4)]


def check_ten_point_records(study: Study, records: dict) -> None:
    d, g = records["deals"], records["games"]
    games = g.reshape(-1, 4)
    starts = np.flatnonzero(np.r_[True, d["game"][4::4] != d["game"][:-4:4]]) * 4
    ends = np.r_[starts[1:], len(d)]
    assert len(starts) == len(games)
    for game_rows, a, b in zip(games, starts, ends):
        deals = d[a:b].reshape(-1, 4)
        scores = [0, 0]
        winner = None
        for k, rows in enumerate(deals):
            assert winner is None, "a deal after the game was won"
            check_ten_point_deal(rows)
            assert int(rows["dealer"][0]) == (int(deals["dealer"][0][0]) + k) % 4
            scores = [scores[t] + int(rows["score"][t]) for t in (0, 1)]
            assert rows["total"].tolist() == [scores[s % 2] for s in range(4)]
            side = int(rows["bidder"][0]) % 2
            if scores[side] >= TEN_POINT_TARGET:
                winner = side                          # the bidding team wins a double finish
            elif scores[1 - side] >= TEN_POINT_TARGET:
                winner = 1 - side
        assert game_rows["score"].tolist() == [scores[s % 2] for s in range(4)]
        assert (game_rows["team"] == np.arange(4) % 2).all()
        if int(game_rows["end"][0]) == 3:
            assert winner is None
            continue
        assert game_rows["win"].tolist() == [float(s % 2 == winner) for s in range(4)]
        assert game_rows["rank"].tolist() == [1 if s % 2 == winner else 2 for s in range(4)]


def check_pitch_records(study: Study, records: dict) -> None:
    (check_ten_point_records if study.variant == "ten_point" else check_auction_records)(study, records)


def check_pitch_duplicate(study: Study, records: dict) -> None:
    """Every rotation of a board is dealt the same hands in each deal and seat."""
    d = records["deals"]
    keys = np.stack([d["board"], d["deal"].astype(np.int64), d["seat"].astype(np.int64)], axis=1)
    _, first, inverse = np.unique(keys, axis=0, return_index=True, return_inverse=True)
    assert (d["hand"] == d["hand"][first][inverse.ravel()]).all(), "rotations dealt different hands"
    assert len(np.unique(d["game"])) == study.boards * 4


@pytest.mark.parametrize("variant", ["auction", "ten_point"])
@pytest.mark.parametrize("lineup", [["random"], ["heuristic"], ["heuristic", "random"]],
                         ids=["random", "heuristic", "mixed"])
def test_random_games_keep_the_rules(variant, lineup, play_all_chunks):
    study = Study.create("pitch", variant=variant, lineup=lineup * (4 // len(lineup)),
                         deals=DEALS, seed=17, seating="rotate")
    records = play_all_chunks(study)
    assert len(records["deals"]) >= 4 * DEALS
    check_pitch_records(study, records)


@pytest.mark.parametrize("options", [{"low_to": "taken"}, {"all_pass": "redeal"},
                                     {"settle_setbacks": "yes"}], ids=lambda o: "-".join(*o.items()))
def test_auction_options_keep_the_rules(options, play_all_chunks):
    study = Study.create("pitch", variant="auction", lineup=["heuristic", "random"] * 2,
                         options=options, deals=DEALS, seed=23)
    records = play_all_chunks(study)
    check_auction_records(study, records)
    if "all_pass" in options:    # random players all pass now and then: dealt again, counted
        assert records["deals"]["redeals"].sum() > 0 and not records["deals"]["forced"].any()


def test_auction_points_come_out_as_often_as_the_cards_say(play_all_chunks):
    """The Jack is in play when dealt: the random pitcher's first card is a uniform card
    of the trump suit (the Jack 1 time in 13), else the Jack is one of the 51 other cards,
    23 of them dealt. Game is tied now and then."""
    study = Study.create("pitch", variant="auction", lineup=["random"], deals=DEALS, seed=29)
    d = play_all_chunks(study)["deals"].reshape(-1, 4)
    jack_in_play = (d["jack"][:, 0] != -1).mean()
    assert abs(jack_in_play - (1 / 13 + 12 / 13 * 23 / 51)) < 0.03
    tied = (d["game_point"][:, 0] == -1).mean()
    assert 0.01 < tied < 0.5
