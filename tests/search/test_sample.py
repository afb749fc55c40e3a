"""The determinization sampler (sim/search/sample_nb.py): it counts the consistent deals
exactly, deals only consistent ones, every one equally often, reproducibly, and says so when
there is none."""
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sim.rng_nb import chunk_states
from sim.search.sample import NoConsistentDeal, Sampler, consistent_deals, count_consistent
from sim.search.sample_nb import P_PAIR, plan_nb, sample_nb

from .stats import chi_square, chi_square_bound


def stream(seed):
    return chunk_states(seed, 0)[0].copy()


@st.composite
def positions(draw):
    """Up to 10 hidden cards, 1 to 5 holders, any allowed sets, needs that add up."""
    k = draw(st.integers(1, 5))
    n = draw(st.integers(0, 10))
    allowed = draw(st.lists(st.integers(0, (1 << k) - 1), min_size=n, max_size=n))
    cuts = sorted(draw(st.lists(st.integers(0, n), min_size=k - 1, max_size=k - 1)))
    need = [b - a for a, b in zip([0] + cuts, cuts + [n])]
    return np.array(allowed, dtype=np.int64), np.array(need, dtype=np.int64)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.integers(0, 2**32))
def test_the_count_is_exact_and_every_deal_is_consistent(position, seed):
    allowed, need = position
    exact = count_consistent(allowed, need)
    if exact == 0:
        with pytest.raises(NoConsistentDeal):
            Sampler(allowed, need)
        return
    sampler = Sampler(allowed, need)
    assert sampler.count == pytest.approx(exact, rel=1e-12)
    rng = stream(seed)
    for draw in range(20):
        sampler.plan[P_PAIR] = draw % 2      # both ways of drawing the last class but one
        holder = sampler.sample(rng)
        assert all(allowed[i] >> h & 1 for i, h in enumerate(holder))
        assert np.bincount(holder, minlength=len(need)).tolist() == need.tolist()


def test_large_counts_agree_with_exact_integers():
    """Tarot-sized: 42 hidden cards, 5 holders, 7 kinds of allowed set (counts ~1e20, past
    float64's exact integers): the float count is within 1e-13 of the integer one."""
    rng = np.random.default_rng(4)
    masks = [0b11111, 0b11110, 0b11101, 0b11011, 0b01111, 0b01110, 0b10101]
    allowed = np.array([masks[i % 7] for i in rng.permutation(42)], dtype=np.int64)
    need = np.array([10, 10, 10, 9, 3], dtype=np.int64)
    exact = count_consistent(allowed, need)
    assert exact > 2**53
    assert abs(Sampler(allowed, need).count - exact) / exact < 1e-13


CASES = {   # (allowed holders of each hidden card, cards per holder): 3 holders, some voids
    "two voids": ([0b111, 0b111, 0b011, 0b011, 0b101, 0b110, 0b111, 0b001], [3, 3, 2]),
    "a forced card": ([0b001, 0b110, 0b110, 0b111, 0b111, 0b011], [2, 2, 2]),
    "stock-like": ([0b100, 0b111, 0b111, 0b101, 0b101, 0b110, 0b111], [2, 2, 3]),
    "one holder each side": ([0b011, 0b011, 0b011, 0b110, 0b110, 0b110, 0b101, 0b111], [2, 3, 3]),
}


@pytest.mark.parametrize("pair", [0, 1], ids=["split by split", "holder by holder"])
@pytest.mark.parametrize("case", CASES)
def test_every_consistent_deal_comes_up_equally_often(case, pair):
    """Both ways of drawing the last class but one's split (the plan chooses the faster)."""
    allowed, need = CASES[case]
    deals = list(consistent_deals(allowed, need))
    assert len(deals) == count_consistent(allowed, need) > 5
    index = {d: i for i, d in enumerate(deals)}
    sampler = Sampler(allowed, need)
    sampler.plan[P_PAIR] = pair
    assert sampler.count == pytest.approx(len(deals), rel=1e-12)
    rng = stream(17)
    seen = np.zeros(len(deals))
    draws = 300 * len(deals)
    holder = np.zeros(len(allowed), dtype=np.int64)
    for _ in range(draws):
        seen[index[tuple(sampler.sample(rng, holder))]] += 1     # KeyError: an inconsistent deal
    statistic, df = chi_square(seen)
    assert statistic < chi_square_bound(df), (statistic, df)
    # and each card's holder is spread as the deals spread it
    for i in range(len(allowed)):
        for h in range(len(need)):
            share = sum(d[i] == h for d in deals) / len(deals)
            got = sum(seen[index[d]] for d in deals if d[i] == h) / draws
            assert abs(got - share) < 5 * np.sqrt(share * (1 - share) / draws) + 1e-12


def test_the_same_stream_deals_the_same_cards():
    allowed = np.array([0b111] * 12 + [0b011] * 5, dtype=np.int64)
    need = np.array([6, 6, 5], dtype=np.int64)
    sampler = Sampler(allowed, need)
    a, b = stream(3), stream(3)
    first = [sampler.sample(a).tolist() for _ in range(5)]
    assert first == [sampler.sample(b).tolist() for _ in range(5)]
    assert len({tuple(x) for x in first}) == 5      # and the stream moves on


@pytest.mark.parametrize("allowed,need", [
    ([0b01, 0b01, 0b01], [2, 1]),          # three cards only holder 0 may hold, room for two
    ([0b11, 0b11, 0b00], [2, 1]),          # a card nobody may hold
    ([0b11, 0b11], [2, 1]),                # the needs add up to more than the cards
    ([0b10, 0b10, 0b11], [0, 3]),          # fine: a deal exists (a control)
])
def test_no_consistent_deal_is_an_error(allowed, need):
    allowed, need = np.array(allowed, dtype=np.int64), np.array(need, dtype=np.int64)
    plan, counts = plan_nb(allowed, need)
    holder = np.full(len(allowed), -7, dtype=np.int64)
    if count_consistent(allowed, need):
        assert sample_nb(plan, counts, stream(1), holder) and (holder >= 0).all()
        return
    assert counts[0] == 0
    assert not sample_nb(plan, counts, stream(1), holder) and (holder == -7).all()
    with pytest.raises(NoConsistentDeal, match="no deal of the"):
        Sampler(allowed, need)


def test_no_hidden_card_is_one_empty_deal():
    sampler = Sampler(np.zeros(0, dtype=np.int64), np.zeros(3, dtype=np.int64))
    assert sampler.count == 1 and sampler.sample(stream(1)).shape == (0,)
