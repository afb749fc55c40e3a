"""The PIMC player in Auction and Ten-point Pitch (strategies/pimc_pitch_*_nb.py): on deals
played by random legal actions through the step interface, the observation's voids are those
the rules' legal sets imply; the true deal is one the belief allows; the sampler is uniform
(no favour to the true deal) on small countable cases; the exact search equals plain minimax
of the deal score; decisions legal, deterministic for a draw and blind to the hidden cards
(a deal that differs only in them, drawn with the belief's own sampler, gives the same
observation and the same decision)."""
import numpy as np
import pytest

from sim import registry
from sim.games.pitch import obs as O
from sim.games.pitch.ten_point_rules_nb import legal_word_nb, trumps_of_nb
from sim.rng_nb import chunk_states
from strategies import pimc_pitch_auction_nb as A
from strategies import pimc_pitch_ten_point_nb as T
from strategies.pimc import pimc_functions
from sim.study import Study
from strategies.registry import resolve

HOOKS = {"auction": A, "ten_point": T}
SETTINGS = [("auction", {}), ("auction", {"all_pass": "redeal", "low_to": "taken"}),
            ("ten_point", {})]


def bits(word):
    return [c for c in range(64) if int(word) >> c & 1]


class Position:
    """A deal played by random legal actions (bids often passed) until ``stop`` actions,
    ``until(st, hands)`` or the deal's end; every card's and burn's inference read off the
    rules' legal sets and held to the state's ``VOIDS``, ``PLAYED_BY`` and ``BURNED_BY``."""

    def __init__(self, variant, seed, options=None, stop=None, until=None):
        impl = registry.game("pitch")
        self.variant = variant
        study = Study.create("pitch", players=4, boards=1, variant=variant, options=options or {})
        self.cfg, self.steps = impl.config(study), impl.steps_of(variant)
        rng = np.random.default_rng(seed)
        self.dealt, self.chance = impl.random_deal(study, rng)
        st, hands = self.steps.new_state_nb(self.cfg)
        self.steps.start_deal_nb(st, hands, self.cfg, self.dealt, self.chance)
        out = np.zeros(64, dtype=np.int64)
        stop = int(rng.integers(0, 40)) if stop is None else stop
        voids, played, burned = [0] * 4, [0] * 4, [0] * 4
        self.history = []
        while not self.steps.is_over_nb(st) and len(self.history) < stop \
                and not (until and until(st, hands)):
            count = self.steps.legal_actions_nb(st, hands, self.cfg, out)
            action = int(rng.choice(out[:count]))
            if st[O.PHASE] == O.PHASE_BID and rng.random() < 0.5 and out[0] == 0:
                action = 0
            seat = int(st[O.SEAT])
            if st[O.PHASE] == O.PHASE_PLAY:
                if variant == "auction":
                    lead = int(st[O.LEAD]) if st[O.TRICK_N] > 0 else -1
                    trump = int(st[O.TRUMP]) if st[O.TRUMP] >= 0 else action // 13
                    barred = int(A.shows_barred_nb(action, lead, trump))
                    assert barred & int(hands[seat]) == 0, "a void shown is true"
                    voids[seat] |= barred
                played[seat] |= 1 << action
            if st[O.PHASE] == O.PHASE_BURN:
                voids[seat] |= self.burn_barred(st, hands, seat, action)
                burned[seat] |= 1 << action
            self.history.append(action)
            self.steps.apply_nb(st, hands, self.cfg, action)
            assert [int(v) for v in st[O.VOIDS:O.VOIDS + 4]] == voids
            assert [int(v) for v in st[O.PLAYED_BY:O.PLAYED_BY + 4]] == played
            assert [int(v) for v in st[O.BURNED_BY:O.BURNED_BY + 4]] == burned
        self.st, self.hands = st, hands

    @staticmethod
    def burn_barred(st, hands, seat, card):
        """The trumps burning ``card`` shows the seat lacks, read off the rules' legal burns:
        ``c`` is ruled out when ``card`` is not a legal burn beside it."""
        barred = 0
        h2 = hands.copy()
        for c in bits(trumps_of_nb(st[O.TRUMP])):
            if c == card:
                continue
            h2[seat] = np.uint64((1 << card) | (1 << c))
            if not int(legal_word_nb(st, h2)) >> card & 1:
                barred |= 1 << c
        assert barred & int(hands[seat]) == 0
        return barred

    def over(self):
        return bool(self.steps.is_over_nb(self.st))

    def observation(self, draw=7, st=None, hands=None):
        obs = np.zeros(O.OBS_SIZE, dtype=np.int64)
        st = self.st if st is None else st
        self.steps.observation_nb(st, self.hands if hands is None else hands, self.cfg, draw, obs)
        return obs

    def trump_words(self):
        """What each seat holds that a world deals: Ten-point after the trump only trumps."""
        if self.variant == "ten_point" and self.st[O.PHASE] == O.PHASE_PLAY:
            return [int(h) & int(self.st[O.TP_TRUMPS]) for h in self.hands[:4]]
        return [int(h) for h in self.hands[:4]]


def positions(variant, count, seed0, **kw):
    options = [o for v, o in SETTINGS if v == variant]
    for seed in range(seed0, seed0 + 20 * count):
        p = Position(variant, seed, options[seed % len(options)], **kw)
        if not p.over():
            yield p
            count -= 1
            if count == 0:
                return


def sample_worlds(obs, count, seed, hooks):
    plan, counts, cards, holder_seat = hooks.world_plan_nb(obs)
    assert counts[0] > 0
    rng = chunk_states(seed, 0)[0].copy()
    holder = np.zeros(len(cards), dtype=np.int64)
    for _ in range(count):
        world = np.zeros(O.HANDS_SIZE, dtype=np.uint64)
        assert hooks.sample_world_nb(plan, counts, cards, holder_seat, obs, world, rng, holder)
        yield world


@pytest.mark.parametrize("variant", ["auction", "ten_point"])
def test_the_true_deal_is_one_the_belief_allows(variant):
    """The true hands (Ten-point after the trump: the trumps held) fit the belief: every
    hidden card may be with its holder, and the true counts are a vector the plan counts."""
    phases = set()
    for p in positions(variant, 300, 0):
        obs = p.observation()
        me = int(obs[O.SEAT])
        truth = p.trump_words()
        pile = int(p.hands[O.HANDS_PILE]) if variant == "ten_point" else 0
        if variant == "auction":
            cards, allowed = np.zeros(52, np.int64), np.zeros(52, np.int64)
            need, holder_seat = np.zeros(8, np.int64), np.zeros(8, np.int64)
            h, k = A.belief_nb(obs, cards, allowed, need, holder_seat)
            for t in range(k - 1):
                assert need[t] == bin(truth[holder_seat[t]]).count("1")
            for card, mask in zip(cards[:h], allowed[:h]):
                where = [t for t in range(k - 1) if truth[holder_seat[t]] >> int(card) & 1]
                assert not where or mask >> where[0] & 1
        else:
            plan, counts, cards, holder_seat = T.world_plan_nb(obs)
            assert counts[0] > 0
            lo, hi = np.zeros(8, np.int64), np.zeros(8, np.int64)
            hs, allowed_of = np.zeros(8, np.int64), np.zeros(8, np.int64)
            if obs[O.TRUMP] >= 0:
                n = T.bounds_nb(obs, lo, hi, hs, allowed_of, T.hidden_nb(obs))
                for t in range(n):
                    held = (pile if hs[t] == T.PILE else truth[hs[t]]) & int(T.hidden_nb(obs))
                    assert held & ~int(np.uint64(allowed_of[t])) == 0, (t, hs[t])
                    assert lo[t] <= bin(held).count("1") <= hi[t], (t, hs[t])
        dead = variant == "ten_point" and obs[O.PHASE] == O.PHASE_PLAY
        assert truth[me] == int(obs[O.HAND]) & (int(p.st[O.TP_TRUMPS]) if dead else -1)
        phases.add(int(obs[O.PHASE]))
    want = {O.PHASE_BID, O.PHASE_PLAY} | ({O.PHASE_TRUMP} if variant == "ten_point" else set())
    assert phases >= want


def test_burns_are_seen_and_the_burners_belief_holds_the_truth():
    """The burns (rare: a bid loser over 6 trumps): their voids (checked in Position), the
    burner's belief allows the true holdings, and the player answers legally."""
    player = resolve("pitch", "pimc[worlds=2]")
    found = 0
    for seed in range(4000):
        p = Position("ten_point", 40000 + seed, stop=10 ** 6,
                     until=lambda st, h: st[O.PHASE] == O.PHASE_BURN)
        if p.over() or p.st[O.PHASE] != O.PHASE_BURN:
            continue
        obs = p.observation()
        plan, counts, cards, holder_seat = T.world_plan_nb(obs)
        assert counts[0] > 0
        action = player.decide(obs, player.params())
        assert p.steps.is_legal_action_nb(p.st, p.hands, p.cfg, action)
        found += 1
        if found == 4:
            break
    assert found == 4


def test_the_sampler_is_uniform_and_does_not_favour_the_true_deal():
    """Ten-point near a deal's end (a few trumps hidden): every holding the belief allows
    comes up equally often, the true one no more than the others (chi-square, and the true
    holding's share within 4 standard errors of chance)."""
    tested = 0
    for p in positions("ten_point", 400, 60000, stop=10 ** 6,
                       until=lambda st, h: st[O.PHASE] == O.PHASE_PLAY
                       and bin(int(st[O.PLAYED])).count("1") >= 8):
        obs = p.observation()
        plan, counts, cards, holder_seat = T.world_plan_nb(obs)
        n = counts[0]
        if not 2 <= n <= 40:
            continue
        draws = 400 * int(n)
        seen = {}
        for world in sample_worlds(obs, draws, tested, T):
            key = tuple(int(w) & int(p.st[O.TP_TRUMPS]) for w in world[:4])
            seen[key] = seen.get(key, 0) + 1
        assert len(seen) == n
        expect = draws / n
        chi2 = sum((c - expect) ** 2 / expect for c in seen.values())
        assert chi2 < n - 1 + 6 * np.sqrt(2 * (n - 1)) + 10
        truth = tuple(p.trump_words())
        assert truth in seen
        assert seen[truth] < expect + 4 * np.sqrt(expect)
        tested += 1
        if tested == 6:
            break
    assert tested == 6


def minimax(p, st, hands, me, hooks):
    """The reference: every legal action, no pruning; ``me``'s side maximising the deal
    score of the hooks, every other seat minimising it."""
    if p.steps.is_over_nb(st):
        return hooks.pimc_score_nb(st, p.cfg, me)
    side = int(hooks.pimc_side_nb(st, hands, me))
    out = np.zeros(64, dtype=np.int64)
    values = []
    for action in out[:p.steps.legal_actions_nb(st, hands, p.cfg, out)]:
        s2, h2 = st.copy(), hands.copy()
        p.steps.apply_nb(s2, h2, p.cfg, int(action))
        values.append(minimax(p, s2, h2, me, hooks))
    return max(values) if side >> int(st[O.SEAT]) & 1 else min(values)


@pytest.mark.parametrize("variant", ["auction", "ten_point"])
def test_the_exact_search_is_minimax_of_the_deal_score(variant):
    """pimc_exact_nb's alpha-beta gives plain minimax's value on 200 small positions (the
    last two tricks, or Ten-point's last trumps: at most 2 in the fullest hand)."""
    fns = pimc_functions("pitch", variant)
    hooks = HOOKS[variant]
    checked = 0
    for seed in range(2000):
        p = Position(variant, 70000 + seed, [o for v, o in SETTINGS if v == variant][seed % 2 if
                     variant == "auction" else 0], stop=10 ** 6,
                     until=lambda st, h: st[O.PHASE] == O.PHASE_PLAY
                     and hooks.pimc_cards_left_nb(st, h) <= 2 and seed % 4 <= st[O.TRICK_N])
        if p.over():
            continue
        me = seed % 4
        stack = (np.zeros((72, p.st.shape[0]), np.int64), np.zeros((72, p.hands.shape[0]),
                 np.uint64), np.zeros((72, 128), np.int64), np.zeros((72, 6), np.int64))
        side = int(hooks.pimc_side_nb(p.st, p.hands, me))
        assert fns.pimc_exact_nb(p.st.copy(), p.hands.copy(), p.cfg, me, side, *stack) == \
            minimax(p, p.st, p.hands, me, hooks), (variant, seed)
        checked += 1
        if checked == 200:
            break
    assert checked == 200


def other_world(p, obs, seed):
    """The position with the hidden cards dealt otherwise, by the belief's own sampler:
    Auction, the public history replayed on the world's deal (its hands as dealt, the
    stock the rest); Ten-point, the holdings swapped in place. None when the draw is the
    true deal."""
    hooks = HOOKS[p.variant]
    world = next(sample_worlds(obs, 1, seed, hooks))
    mask = int(p.st[O.TP_TRUMPS]) if p.variant == "ten_point" and p.st[O.PHASE] == O.PHASE_PLAY \
        else -1
    if [int(w) & mask for w in world[:4]] == p.trump_words():
        return None
    if p.variant == "ten_point":
        st, hands = p.st.copy(), p.hands.copy()
        hands[:4] = world[:4]
        if st[O.PHASE] != O.PHASE_PLAY:
            hands[O.HANDS_PILE] = world[O.HANDS_PILE]
        return st, hands
    dealt = p.dealt.copy()
    for s in range(4):
        dealt[s] = world[s] | np.uint64(p.st[O.PLAYED_BY + s])
    dealt[O.DEALT_STOCK] = np.uint64((1 << 52) - 1) & ~np.bitwise_or.reduce(dealt[:4])
    st, hands = p.steps.new_state_nb(p.cfg)
    p.steps.start_deal_nb(st, hands, p.cfg, dealt, p.chance)
    for action in p.history:
        assert p.steps.is_legal_action_nb(st, hands, p.cfg, action)
        p.steps.apply_nb(st, hands, p.cfg, action)
    return st, hands


@pytest.mark.parametrize("variant", ["auction", "ten_point"])
def test_decisions_are_legal_deterministic_and_blind_to_hidden_cards(variant):
    player = resolve("pitch", "pimc[worlds=3]")
    params = player.params()
    changed = 0
    phases = set()
    for i, p in enumerate(positions(variant, 40, 90000)):
        obs = p.observation(11 + i)
        action = player.decide(obs, params)
        assert p.steps.is_legal_action_nb(p.st, p.hands, p.cfg, action)
        assert player.decide(obs.copy(), params) == action            # deterministic
        phases.add(int(obs[O.PHASE]))
        other = other_world(p, obs, i)
        if other is None:
            continue
        again = p.observation(11 + i, *other)
        assert np.array_equal(again, obs)
        assert player.decide(again, params) == action
        changed += 1
    assert changed >= 25
    assert phases >= {O.PHASE_BID, O.PHASE_PLAY}
