"""The PIMC player in French Tarot (strategies/pimc_tarot_nb.py): on deals played by random
legal actions through the step interface, the observation's voids are those the rules'
legal cards imply, the true deal is one the belief allows, a world that is the true deal
gives back the true state; the exact search equals plain minimax of the deal's settlement;
decisions of every kind are legal, deterministic for a draw and blind to the hidden cards."""
import numpy as np
import pytest

from sim import registry
from sim.games.tarot import obs as O
from sim.rng_nb import chunk_states
from strategies import pimc_tarot_nb as T
from strategies.pimc import pimc_functions
from sim.study import Study
from strategies.registry import resolve

MS = O.MAX_SEATS
PRIVATE = (O.PARTNER, O.DOG, O.DOG + 1, O.TAKER_HP, O.TAKER_OUDLERS, O.TAKER_TRICKS, O.PETIT_SIDE)
SETTINGS = [(3, {}), (4, {}), (5, {}), (4, {"excuse_exchange": "none"}), (5, {"petit_sec": "play"})]


def bit_of(card):
    return int(card) >> 6, np.uint64(1) << np.uint64(int(card) & 63)


def has(lo, hi, card):
    w, b = bit_of(card)
    return (np.uint64((lo, hi)[w]) & b) != 0


class Position:
    """A deal played by random legal actions (bids often passed, so that every contract
    comes up) until ``stop`` actions or the deal's end; every card's inference read off
    the rules (``shows_nb``) and held to the state's ``VOIDS`` and ``TRUMP_CAP``."""

    def __init__(self, n, seed, options=None, stop=None, until=None):
        impl = registry.game("tarot")
        study = Study.create("tarot", players=n, boards=1, options=options or {})
        self.cfg, self.steps, self.n = impl.config(study), impl.steps_of(""), n
        rng = np.random.default_rng(seed)
        dealt, chance = impl.random_deal(study, rng)
        st, hands = self.steps.new_state_nb(self.cfg)
        self.steps.start_deal_nb(st, hands, self.cfg, dealt, chance)
        out = np.zeros(128, dtype=np.int64)
        stop = int(rng.integers(0, 80)) if stop is None else stop
        voids = np.zeros(MS, dtype=np.int64)
        caps = np.full(MS, 76, dtype=np.int64)
        steps = 0
        while not self.steps.is_over_nb(st) and steps < stop and not (until and until(st, hands)):
            count = self.steps.legal_actions_nb(st, hands, self.cfg, out)
            legal = out[:count]
            if st[O.PHASE] == O.PHASE_BID and rng.random() < 0.6:
                action = 0
            else:
                action = int(rng.choice(legal))
            if st[O.PHASE] == O.PHASE_PLAY:
                v, cap = T.shows_nb(action, st[O.LEAD], st[O.BEST_TRUMP])
                voids[st[O.SEAT]] |= v
                caps[st[O.SEAT]] = min(caps[st[O.SEAT]], cap)
            self.steps.apply_nb(st, hands, self.cfg, action)
            steps += 1
            assert np.array_equal(st[O.VOIDS:O.VOIDS + MS], voids)
            for s in range(n):      # the cap matters while the seat may hold a trump
                if not voids[s] >> 4 & 1:
                    assert st[O.TRUMP_CAP + s] == caps[s]
        self.st, self.hands = st, hands

    def over(self):
        return bool(self.steps.is_over_nb(self.st))

    def observation(self, draw=7):
        obs = np.zeros(O.OBS_SIZE, dtype=np.int64)
        self.steps.observation_nb(self.st, self.hands, self.cfg, draw, obs)
        return obs

    def place(self):
        """The true dog or discard as the observing seat misses it (two words)."""
        st = self.st
        if st[O.DOG_SHOWN] == 0 and st[O.DOG_SHOWN + 1] == 0:
            return np.uint64(st[O.DOG]), np.uint64(st[O.DOG + 1])
        return (np.uint64(st[O.DISCARD]) & ~np.uint64(st[O.SHOWN]),
                np.uint64(st[O.DISCARD + 1]) & ~np.uint64(st[O.SHOWN + 1]))


def decision_positions(count, seed0):
    for seed in range(seed0, seed0 + 10 * count):
        n, options = SETTINGS[seed % len(SETTINGS)]
        p = Position(n, seed, options)
        if not p.over():
            yield p
            count -= 1
            if count == 0:
                return


def test_the_true_deal_is_one_the_belief_allows_and_gives_back_the_true_state():
    checked = 0
    phases = set()
    for p in decision_positions(400, 0):
        obs = p.observation()
        me = int(obs[O.SEAT])
        cards = np.zeros(78, np.int64)
        allowed = np.zeros(78, np.int64)
        need = np.zeros(8, np.int64)
        holder_seat = np.zeros(8, np.int64)
        h, k = T.belief_nb(obs, cards, allowed, need, holder_seat)
        place = p.place()
        truth = np.zeros(h, dtype=np.int64)
        for i, card in enumerate(cards[:h]):
            where = [t for t in range(k) if holder_seat[t] >= 0 and
                     has(p.hands[2 * holder_seat[t]], p.hands[2 * holder_seat[t] + 1], card)]
            if not where:
                where = [t for t in range(k) if holder_seat[t] == T.PLACE]
                assert where and has(*place, card), card
            truth[i] = where[0]
            assert allowed[i] >> where[0] & 1, (card, holder_seat[where[0]])
        assert np.array_equal(np.bincount(truth, minlength=k)[:k], need[:k])
        plan, counts, _, _ = T.world_plan_nb(obs)
        assert counts[0] > 0
        # the true world settled into the observation's state: the true private slots
        st = np.zeros_like(p.st)
        T.pimc_state_nb(obs, T.pimc_cfg_nb(obs), st)
        world = np.zeros_like(p.hands)
        world[:2 * MS] = p.hands[:2 * MS]
        world[T.PLACE_WORD], world[T.PLACE_WORD + 1] = place
        T.settle_world_nb(st, world)
        if p.st[O.PHASE] > O.PHASE_CALL or p.st[O.CALLED] >= 0:
            for slot in PRIVATE:
                assert st[slot] == p.st[slot], (slot, st[slot], p.st[slot])
        phases.add(int(obs[O.PHASE]))
        checked += 1
    assert checked == 400
    assert phases >= {O.PHASE_BID, O.PHASE_CALL, O.PHASE_DISCARD, O.PHASE_PLAY}


def minimax(p, st, hands, me, side):
    """The reference: every legal action, no pruning; ``me``'s settlement, ``side``
    maximising and every other seat minimising."""
    if p.steps.is_over_nb(st):
        return T.pimc_score_nb(st, p.cfg, me)
    out = np.zeros(128, dtype=np.int64)
    count = p.steps.legal_actions_nb(st, hands, p.cfg, out)
    values = []
    for action in out[:count]:
        s2, h2 = st.copy(), hands.copy()
        p.steps.apply_nb(s2, h2, p.cfg, int(action))
        values.append(minimax(p, s2, h2, me, side))
    return max(values) if side >> int(st[O.SEAT]) & 1 else min(values)


def test_the_exact_search_is_minimax_of_the_settlement():
    """pimc_exact_nb's alpha-beta gives plain minimax's value on 240 small positions (the
    last two or three cards of each hand, after a random part of a trick)."""
    fns = pimc_functions("tarot")
    checked = 0
    for seed in range(300):
        n, options = SETTINGS[seed % len(SETTINGS)]
        left = 3 if n == 3 else 2
        stop_at = seed % n

        def late(st, hands, n=n, left=left, stop_at=stop_at):
            return (st[O.PHASE] == O.PHASE_PLAY and st[O.N_TRICKS] - st[O.TRICK_NO] <= left
                    and st[O.TRICK_N] >= stop_at)
        p = Position(n, 5000 + seed, options, stop=10 ** 6, until=late)
        if p.over():
            continue
        me = seed % n
        side = int(T.pimc_side_nb(p.st, p.hands, me))
        stack = (np.zeros((72, p.st.shape[0]), np.int64), np.zeros((72, p.hands.shape[0]), np.uint64),
                 np.zeros((72, 128), np.int64), np.zeros((72, 6), np.int64))
        assert fns.pimc_exact_nb(p.st.copy(), p.hands.copy(), p.cfg, me, side, *stack) == \
            minimax(p, p.st, p.hands, me, side)
        checked += 1
    assert checked >= 200


def other_world(p, obs, seed):
    """A state (the true one, its hidden cards dealt otherwise: a world of the belief, with
    what follows from it) that the seat to act cannot tell from the true one."""
    plan, counts, cards, holder_seat = T.world_plan_nb(obs)
    rng = chunk_states(seed, 1)[0].copy()
    holder = np.zeros(len(cards), dtype=np.int64)
    for _ in range(50):
        st = np.zeros_like(p.st)
        T.pimc_state_nb(obs, T.pimc_cfg_nb(obs), st)
        world = np.zeros_like(p.hands)
        assert T.pimc_world_nb(plan, counts, cards, holder_seat, obs, st, world, rng, holder)
        if not np.array_equal(world[:2 * MS], p.hands[:2 * MS]):
            alt = p.st.copy()
            alt[O.OBS_SIZE:O.STATE_SIZE] = st[O.OBS_SIZE:O.STATE_SIZE]
            alt[O.DISCARD:O.DISCARD + 2] = st[O.DISCARD:O.DISCARD + 2]
            hands = p.hands.copy()
            hands[:2 * MS] = world[:2 * MS]
            return alt, hands
    return None


def test_decisions_are_legal_deterministic_and_blind_to_hidden_cards():
    player = resolve("tarot", "pimc[worlds=3]")
    params = player.params()
    changed = 0
    phases = set()
    for i, p in enumerate(decision_positions(60, 20000)):
        obs = p.observation(11 + i)
        action = player.decide(obs, params)
        assert p.steps.is_legal_action_nb(p.st, p.hands, p.cfg, action)
        assert player.decide(obs.copy(), params) == action            # deterministic
        phases.add(int(obs[O.PHASE]))
        other = other_world(p, obs, i)
        if other is None:
            continue
        p.st, p.hands = other        # the hidden cards dealt otherwise: same observation, decision
        again = p.observation(11 + i)
        assert np.array_equal(again, obs)
        assert player.decide(again, params) == action
        changed += 1
    assert changed >= 40
    assert phases >= {O.PHASE_BID, O.PHASE_DISCARD, O.PHASE_PLAY}


@pytest.mark.parametrize("phase", [O.PHASE_CALL, O.PHASE_SLAM, O.PHASE_HANDFUL])
def test_rare_decisions_are_answered(phase):
    """The call, the slam and the handful: positions where each is asked, a legal answer."""
    player = resolve("tarot", "pimc[worlds=2]")
    found = 0
    for seed in range(3000):
        n = 5 if phase == O.PHASE_CALL else 3 + seed % 3
        p = Position(n, 30000 + seed, stop=10 ** 6, until=lambda st, h: st[O.PHASE] == phase)
        if p.over():
            continue
        action = player.decide(p.observation(), player.params())
        assert p.steps.is_legal_action_nb(p.st, p.hands, p.cfg, action)
        found += 1
        if found == 3:
            break
    assert found == 3
