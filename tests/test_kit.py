"""The game kit, checked over every registered game, variant and player count:
the step interface plays any deal from any position, copies of a state are
independent, and the board loop gives the same records however a chunk is
cut into arrays or threads."""
import numpy as np
import pytest

from sim import registry
from sim.kit_nb import (random_choice2_nb, random_choice_nb, is_legal2_nb, is_legal_nb,
                        rank_and_win_nb)
from sim.rng_nb import chunk_states
from sim.study import Study
from sim.engine import Engine


def game_cases():
    for meta in registry.all_games():
        for variant in [v.name for v in meta.variants] or [None]:
            for n in sorted({meta.min_players, meta.max_players}):
                yield pytest.param(meta.name, variant, n, id=f"{variant or meta.name}-{n}p")


def play_out(steps, cfg, st, hands, rng, limit=1000):
    """Random legal actions until the deal is over; the actions taken."""
    out = np.zeros(256, dtype=np.int64)
    taken = []
    while not steps.is_over_nb(st):
        count = steps.legal_actions_nb(st, hands, cfg, out)
        assert count > 0, "a decision with no legal action"
        legal = out[:count].copy()
        for action in legal:
            assert steps.is_legal_action_nb(st, hands, cfg, action)
        for wrong in (-1, 10**6, int(legal.max()) + 1000):
            assert not steps.is_legal_action_nb(st, hands, cfg, wrong)
        action = int(rng.choice(legal))
        taken.append((int(steps.to_act_nb(st)), int(steps.decision_nb(st)), action))
        steps.apply_nb(st, hands, cfg, action)
        assert len(taken) < limit, "the deal does not end"
    return taken


@pytest.mark.parametrize("game,variant,n", list(game_cases()))
def test_step_interface_plays_any_deal_and_copies_are_independent(game, variant, n):
    impl = registry.game(game)
    study = Study.create(game, players=n, variant=variant, boards=1)
    cfg = impl.config(study)
    steps = impl.steps_of(study.variant)
    rng = np.random.default_rng(5)
    for _ in range(20):
        dealt, chance = impl.random_deal(study, rng)
        st, hands = steps.new_state_nb(cfg)
        steps.start_deal_nb(st, hands, cfg, dealt, chance)
        fresh = (st.copy(), hands.copy())
        whole = play_out(steps, cfg, st, hands, np.random.default_rng(1))
        # the same actions from a copy of the fresh state give the same end
        st2, hands2 = fresh[0].copy(), fresh[1].copy()
        for _, _, action in whole[:len(whole) // 2]:
            steps.apply_nb(st2, hands2, cfg, action)
        branch = (st2.copy(), hands2.copy())
        for _, _, action in whole[len(whole) // 2:]:
            steps.apply_nb(st2, hands2, cfg, action)
        assert np.array_equal(st2, st) and np.array_equal(hands2, hands)
        # playing on from a copy leaves the copied state as it was
        saved = (branch[0].copy(), branch[1].copy())
        play_out(steps, cfg, branch[0].copy(), branch[1].copy(), np.random.default_rng(2))
        assert np.array_equal(saved[0], branch[0]) and np.array_equal(saved[1], branch[1])
        # every card played came from the hand that played it, once (``dealt`` has one word
        # a seat, or ``hand_words``; a card dealt to no seat, e.g. to Tarot's dog, is the taker's)
        words = getattr(impl, "hand_words", 1)
        held = {c: s for s in range(n) for c in range(64 * words)
                if (int(dealt[words * s + c // 64]) >> (c % 64)) & 1}
        plays = [(seat, a) for seat, kind, a in whole if kind == steps_play_kind(game)]
        assert len({a for _, a in plays}) == len(plays)
        assert all(held.get(a, seat) == seat for seat, a in plays)
        scores = np.zeros(8, dtype=np.int64)
        assert steps.result_nb(st, cfg, scores) >= 2


def steps_play_kind(game: str) -> int:
    """The decision code of a card play in the game's step interface."""
    obs = __import__(registry.game(game).step_module.rsplit(".", 1)[0] + ".obs",
                     fromlist=["PHASE_PLAY"])
    return obs.PHASE_PLAY


@pytest.mark.parametrize("game,variant,n", list(game_cases()))
def test_chunks_give_the_same_records_however_they_are_cut(game, variant, n, monkeypatch):
    impl = registry.game(game)
    study = Study.create(game, players=n, variant=variant, lineup=(["heuristic", "random"] * 4)[:n],
                         boards=6, chunk_boards=2, seating="duplicate", seed=3)
    one_by_one = [Engine(study).run_chunk(*study.chunk_bounds(i), chunk_states(3, i))
                  for i in range(study.n_chunks)]
    threaded = Engine(study).run_chunks([(i, *study.chunk_bounds(i), chunk_states(3, i))
                                       for i in range(study.n_chunks)])
    # arrays with room for one board at a time: the kernel stops before every
    # further board and the base goes on into fresh arrays
    monkeypatch.setattr(type(impl), "capacity", lambda self, study, n_boards: self.board_rows(study))
    cramped = [Engine(study).run_chunk(*study.chunk_bounds(i), chunk_states(3, i))
               for i in range(study.n_chunks)]
    for a, b, c in zip(one_by_one, threaded, cramped):
        for table in impl.tables:
            assert len(a[table]) > 0
            assert np.array_equal(a[table], b[table]) and np.array_equal(a[table], c[table])


def test_random_choice_over_two_words_is_uniform_and_legal():
    lo, hi = np.uint64(0b1011), np.uint64(0b101)       # actions 0 1 3 64 66
    rng = np.random.default_rng(0)
    counts = {}
    for draw in rng.integers(0, 2**63 - 1, size=20000, dtype=np.int64):
        a = random_choice2_nb(lo, hi, draw)
        assert is_legal2_nb(a, lo, hi)
        counts[a] = counts.get(a, 0) + 1
    assert sorted(counts) == [0, 1, 3, 64, 66]
    assert all(abs(c / 20000 - 0.2) < 0.02 for c in counts.values())
    # one word: the same rule as the two-word choice with an empty high word
    for draw in rng.integers(0, 2**63 - 1, size=200, dtype=np.int64):
        assert random_choice_nb(lo, draw) == random_choice2_nb(lo, np.uint64(0), draw)
    assert not is_legal_nb(64, np.uint64(2**63)) and is_legal_nb(63, np.uint64(2**63))
    assert not is_legal2_nb(128, lo, hi) and not is_legal2_nb(-1, lo, hi) and not is_legal2_nb(65, lo, hi)


def test_rank_and_win_share_ties():
    totals = np.array([10, 30, 30, 5], dtype=np.int64)
    assert [rank_and_win_nb(totals, 4, s, True) for s in range(4)] == [(3, 0.0), (1, 0.5), (1, 0.5), (4, 0.0)]
    assert [rank_and_win_nb(totals, 4, s, False) for s in range(4)] == [(2, 0.0), (3, 0.0), (3, 0.0), (1, 1.0)]


def test_select_by_pdep_and_broadword_agree():
    from sim.bits_nb import FAST_PDEP, popcount, select, select_broadword, select_pdep
    rng = np.random.default_rng(3)
    words = np.concatenate([rng.integers(1, 2**63, size=3000, dtype=np.int64).astype(np.uint64),
                            np.array([1, 2**63, 2**64 - 1], dtype=np.uint64)])
    for x in words:
        for k in range(popcount(x)):
            expected = select_broadword(x, k)
            assert (int(x) >> expected) & 1 and bin(int(x) & ((1 << expected) - 1)).count("1") == k
            assert select(x, k) == expected
            if FAST_PDEP:
                assert select_pdep(x, k) == expected


def test_the_stream_in_four_words_is_the_stream_in_an_array():
    from sim.rng_nb import below, below_words, next_u64, next_u64_words
    s = chunk_states(7, 0)[0].copy()
    w = tuple(np.uint64(x) for x in s)
    for n in range(1, 200):
        if n % 2:
            x, *w = next_u64_words(*w)
            assert x == next_u64(s)
        else:
            x, *w = below_words(*w, n)
            assert x == below(s, n)
        w = tuple(np.uint64(x) for x in w)   # as the kernel's locals: uint64, whatever their size
        assert w == tuple(s)
