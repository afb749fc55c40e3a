"""Beim Jupiter invariants on random games of every player count, from the records
of the engine (one compiled call per study): every card accounted for across the
rounds (hands, the unseen card, the table, won, out of the game), the deal sizes per
round, the allocation's and the scores' sums, restated here from docs/rules.md."""
import numpy as np
import pytest

from sim.games.jupiter.cards import number, pack
from sim.study import Study

GAMES_PER_COUNT = 1_000
ROUNDS = 8


def popcounts(words: np.ndarray) -> np.ndarray:
    return np.array([bin(int(w)).count("1") for w in words.ravel()]).reshape(words.shape)


def check_jupiter_records(study, records: dict) -> None:
    n = study.players
    d = records["deals"]
    g = records["games"]
    games = d.reshape(-1, ROUNDS, n)                   # game, round, seat
    assert np.all(games["deal"] == np.arange(ROUNDS)[None, :, None])
    the_pack = sum(1 << c for c in pack(n))
    numbers = np.array([number(c) for c in range(65)])
    for game in games:
        gone = 0                                       # cards laid out in earlier rounds
        won_so_far = 0
        for r in range(ROUNDS):
            rows = game[r]
            hands = [int(lo) | int(hi) << 64 for lo, hi in zip(rows["hand_lo"], rows["hand_hi"])]
            union = 0
            for h in hands:
                assert bin(h).count("1") == 14 - (r + 1), "deal size of the round"
                assert union & h == 0, "a card dealt twice"
                union |= h
            assert union & ~the_pack == 0 and union & gone == 0
            # the round's pack: every card but the earlier layouts; one left unseen with 3 or 4
            unseen = bin(the_pack & ~gone & ~union).count("1")
            assert unseen == (0 if n == 5 else 1)
            layouts = 0
            for s in range(n):
                c = int(rows["layout"][s])
                assert hands[s] >> c & 1 and numbers[c] > 0, "a numbered card from the hand"
                layouts |= 1 << c
            # every laid-out card is won, beside a counter, or out of the game
            won_so_far += int(rows["cards_won"].sum())
            assert bin(gone | layouts).count("1") == n * (r + 1)
            assert n * (r + 1) == won_so_far + int(rows["table_after"][0]) + int(rows["out_after"][0])
            if r + 1 < ROUNDS:
                assert game[r + 1]["table_cards"][0] == rows["table_after"][0]
            gone |= layouts
    # tricks add up; exact bids; a zero bid made wins its own card
    rounds = d.reshape(-1, n)
    assert np.all(rounds["tricks"].sum(axis=1) == 13 - (rounds["deal"][:, 0] + 1))
    assert np.array_equal(d["exact"] == 1, d["tricks"] == d["bid"])
    zero_made = (d["bid"] == 0) & (d["tricks"] == 0)
    assert np.all(d["own_card"][zero_made] == 1) and np.all(d["cards_won"][d["bid"] == 0] == zero_made[d["bid"] == 0])
    assert np.all(d["cards_won"][(d["tricks"] == 0) & (d["bid"] != 0)] == 0)
    assert np.all(d["cards_won"] <= 1), "one card a round at most"
    # each seat uses its zero-trick card at most once
    zero_uses = (games["bid"] == 0).sum(axis=1)
    assert zero_uses.max() <= 1
    assert np.array_equal(zero_uses.ravel(), g["zero_used"])
    # running totals and the game's total
    assert np.array_equal(np.cumsum(games["points"], axis=1), games["total"])
    assert np.array_equal(games["total"][:, -1].ravel(), g["total"])
    per_game = g["total"].reshape(-1, n)
    best = per_game.max(axis=1, keepdims=True)
    share = (per_game == best) / (per_game == best).sum(axis=1, keepdims=True)
    assert np.allclose(g["win"].reshape(-1, n), share)
    # rounds dealt again: counted per round, summed per game, and only where a hand can hold
    # nothing but God cards, Jupiter, Juno and lambs (hand size at most their number)
    assert np.array_equal(games["redeals"].sum(axis=1).ravel(), g["redeals"])
    specials = sum(1 for c in pack(n) if numbers[c] == 0)
    assert np.all(d["redeals"][14 - (d["deal"] + 1) > specials] == 0)
    # the trump: a decided colour with its step, none with step 0
    assert np.array_equal(d["trump"] < 0, d["trump_step"] == 0)


def check_jupiter_duplicate(study, records: dict) -> None:
    """Every rotation of a board is dealt the same first round (later rounds deal
    from a pack that the rotations' layouts changed)."""
    d = records["deals"]
    first = d[d["deal"] == 0]
    for board in np.unique(first["board"]):
        rows = first[first["board"] == board]
        hands = rows["hand_lo"].reshape(-1, study.players)
        assert (hands == hands[0]).all()


@pytest.mark.parametrize("n", [3, 4, 5])
def test_every_card_is_accounted_for_on_random_games(n, play_all_chunks):
    study = Study.create("jupiter", players=n, lineup=["random", "heuristic", "random", "heuristic",
                                                       "random"][:n],
                         boards=GAMES_PER_COUNT, seed=40 + n, chunk_boards=GAMES_PER_COUNT)
    records = play_all_chunks(study)
    assert len(records["games"]) == GAMES_PER_COUNT * n
    check_jupiter_records(study, records)


def test_rounds_are_dealt_again_when_a_hand_holds_no_numbered_colour_card(play_all_chunks):
    """3 players, late rounds: 6 cards from a pack of 19 with 8 God cards, Jupiter, Juno and
    lambs; on these 1,000 random games some hands hold none of the numbered cards."""
    study = Study.create("jupiter", players=3, lineup=["random"], boards=GAMES_PER_COUNT, seed=5,
                         chunk_boards=GAMES_PER_COUNT)
    records = play_all_chunks(study)
    check_jupiter_records(study, records)
    assert records["deals"]["redeals"].sum() > 0
