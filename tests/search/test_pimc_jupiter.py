"""The PIMC player in Beim Jupiter (strategies/pimc_jupiter_nb.py): on rounds played by random
legal actions through the step interface, the observation's voids are those the rules' legal
cards imply, the round's pack is the cards dealt; the true deal is one the belief allows and
gives back the true state; on small positions the belief's deals are exactly those that replay
the public history legally, and the sampler draws them uniformly (the true one no more often
than any other); the exact search equals plain minimax of the round's victory points;
decisions of every kind are legal, deterministic for a draw and blind to the hidden cards."""
import itertools

import numpy as np
import pytest

from sim import registry
from sim.games.jupiter import obs as O
from sim.kit_nb import CH_DEAL
from sim.rng_nb import chunk_states
from strategies import pimc_jupiter_nb as J
from strategies.pimc import pimc_functions
from sim.study import Study
from strategies.registry import resolve

from search.stats import chi_square, chi_square_bound

MS = 5
SETTINGS = [(3, {}), (4, {}), (5, {}), (4, {"trump_rule": "sum_first"}),
            (3, {"orphans": "move_down"})]
# the slots an observation fills for its seat (the state keeps them elsewhere)
OBS_ONLY = [O.HAND, O.HAND + 1, O.LEGAL, O.LEGAL + 1, O.RANDOM]


def bits(lo, hi=0):
    return int(np.uint64(lo)) | (int(np.uint64(hi)) << 64)


class Position:
    """A round (a random round of a random table) played by random legal actions until
    ``stop`` actions, ``until`` or its end; every card's inference read off the rules
    (``shows_barred_nb``) and held to the state's ``VOIDS``; the public history kept."""

    def __init__(self, n, seed, options=None, stop=None, until=None, round_no=None):
        impl = registry.game("jupiter")
        study = Study.create("jupiter", players=n, boards=1, options=options or {})
        self.cfg, self.steps, self.n = impl.config(study), impl.steps_of(""), n
        rng = np.random.default_rng(seed)
        while True:
            dealt, chance = impl.random_deal(study, rng)
            if round_no is None or chance[CH_DEAL] + 1 == round_no:
                break
        self.dealt, self.chance = dealt, chance
        st, hands = self.steps.new_state_nb(self.cfg)
        self.steps.start_deal_nb(st, hands, self.cfg, dealt, chance)
        pack = bits(dealt[2 * MS], dealt[2 * MS + 1])
        for s in range(n):
            pack |= bits(dealt[2 * s], dealt[2 * s + 1])
        assert bits(st[O.PACK], st[O.PACK + 1]) == pack
        out = np.zeros(256, dtype=np.int64)
        stop = int(rng.integers(0, 80)) if stop is None else stop
        voids = [0] * MS
        self.history = []
        while not self.steps.is_over_nb(st) and len(self.history) < stop \
                and not (until and until(st, hands)):
            count = self.steps.legal_actions_nb(st, hands, self.cfg, out)
            action = int(rng.choice(out[:count]))
            seat = int(st[O.SEAT])
            if st[O.PHASE] == O.PHASE_PLAY:
                lo, hi = J.shows_barred_nb(action, st[O.LEAD], st[O.TRUMP])
                assert hi == 0          # L3, a lamb, is never ruled out
                assert int(lo) & bits(hands[2 * seat]) == 0, "a void shown is true"
                voids[seat] |= int(lo)
            self.history.append(action)
            self.steps.apply_nb(st, hands, self.cfg, action)
            assert [bits(v) for v in st[O.VOIDS:O.VOIDS + MS]] == voids
        self.st, self.hands = st, hands

    def over(self):
        return bool(self.steps.is_over_nb(self.st))

    def observation(self, draw=7):
        obs = np.zeros(O.OBS_SIZE, dtype=np.int64)
        self.steps.observation_nb(self.st, self.hands, self.cfg, draw, obs)
        return obs


def decision_positions(count, seed0):
    for seed in range(seed0, seed0 + 10 * count):
        n, options = SETTINGS[seed % len(SETTINGS)]
        p = Position(n, seed, options)
        if not p.over():
            yield p
            count -= 1
            if count == 0:
                return


def true_holder(p, card, who):
    """Whether the holder ``who`` (a seat, LAID_HOLDER + a seat or UNSEEN_HOLDER) holds
    ``card`` in the true deal."""
    st, hands = p.st, p.hands
    if who == J.UNSEEN_HOLDER:
        return bits(st[O.UNSEEN], st[O.UNSEEN + 1]) >> card & 1
    if who >= J.LAID_HOLDER:
        return st[O.LAID + who - J.LAID_HOLDER] == card
    return bits(hands[2 * who], hands[2 * who + 1]) >> card & 1


def test_the_true_deal_is_one_the_belief_allows_and_gives_back_the_true_state():
    checked = 0
    phases = set()
    for p in decision_positions(400, 0):
        obs = p.observation()
        cards = np.zeros(65, np.int64)
        allowed = np.zeros(65, np.int64)
        need = np.zeros(8, np.int64)
        holder_seat = np.zeros(8, np.int64)
        h, k = J.belief_nb(obs, cards, allowed, need, holder_seat)
        truth = np.zeros(h, dtype=np.int64)
        for i, card in enumerate(cards[:h]):
            where = [t for t in range(k) if true_holder(p, int(card), holder_seat[t])]
            assert len(where) == 1, card
            truth[i] = where[0]
            assert allowed[i] >> where[0] & 1, (card, holder_seat[where[0]])
        assert np.array_equal(np.bincount(truth, minlength=k)[:k], need[:k])
        plan, counts, _, _ = J.world_plan_nb(obs)
        assert counts[0] > 0
        # the true world into the observation's state: the true private slots
        st = np.zeros_like(p.st)
        J.pimc_state_nb(obs, J.pimc_cfg_nb(obs), st)
        for t in range(k):
            who = holder_seat[t]
            if who >= J.LAID_HOLDER:
                st[O.LAID + who - J.LAID_HOLDER] = p.st[O.LAID + who - J.LAID_HOLDER]
        st[O.UNSEEN:O.UNSEEN + 2] = p.st[O.UNSEEN:O.UNSEEN + 2]
        st[OBS_ONLY] = p.st[OBS_ONLY]
        assert np.array_equal(st[:O.STATE_SIZE], p.st[:O.STATE_SIZE])
        phases.add(int(obs[O.PHASE]))
        checked += 1
    assert checked == 400
    assert phases == {O.PHASE_LAYOUT, O.PHASE_BID, O.PHASE_PLAY, O.PHASE_TAKE}


def played_by(p):
    """Each seat's cards laid out or played in ``p.history`` (who acted: the true replay)."""
    played = {s: 0 for s in range(p.n)}
    st, hands = p.steps.new_state_nb(p.cfg)
    p.steps.start_deal_nb(st, hands, p.cfg, p.dealt, p.chance)
    for action in p.history:
        if st[O.PHASE] in (O.PHASE_LAYOUT, O.PHASE_PLAY):
            card = action if action < 65 else 15 * (action - 65) + 14
            played[int(st[O.SEAT])] |= 1 << card
        p.steps.apply_nb(st, hands, p.cfg, action)
    return played


def replays(p, me, played, hands_now, unseen):
    """True when the round, dealt with the other seats' hands now ``hands_now`` (a card set a
    seat; ``played``, their cards laid out and played, added back) and ``unseen``, replays
    ``p.history`` legally: the deals the history allows, read off the rules alone (a hand
    without a numbered colour card is dealt again: no round)."""
    dealt = p.dealt.copy()
    for s in range(p.n):
        if s == me:
            continue
        both = hands_now[s] | played[s]
        dealt[2 * s] = np.uint64(both & (2 ** 64 - 1))
        dealt[2 * s + 1] = np.uint64(both >> 64)
    dealt[2 * MS] = np.uint64(unseen & (2 ** 64 - 1))
    dealt[2 * MS + 1] = np.uint64(unseen >> 64)
    st, hands = p.steps.new_state_nb(p.cfg)
    p.steps.start_deal_nb(st, hands, p.cfg, dealt, p.chance)
    for action in p.history:
        if p.steps.is_over_nb(st) or not p.steps.is_legal_action_nb(st, hands, p.cfg, action):
            return False
        p.steps.apply_nb(st, hands, p.cfg, action)
    return True


def world_key(world, st, n):
    return tuple(bits(world[2 * s], world[2 * s + 1]) for s in range(n)) + \
        (bits(st[O.UNSEEN], st[O.UNSEEN + 1]),)


@pytest.mark.parametrize("n", [3, 4])
def test_the_worlds_are_the_deals_the_history_allows_drawn_uniformly(n):
    """Late in round 8, every deal of the hidden cards to the other hands (their sizes) and
    the unseen card is tried against the history: the belief's count is the number that
    replay legally, and the sampler draws each of them as often (chi-square), the true deal
    no more often than the others."""
    done = 0
    for seed in range(200):
        def late(st, hands):
            return st[O.PHASE] == O.PHASE_PLAY and st[O.N_TRICKS] - st[O.TRICK_NO] <= 2
        p = Position(n, 40000 + seed, stop=10 ** 6, until=late, round_no=8)
        if p.over():
            continue
        obs = p.observation()
        me = int(obs[O.SEAT])
        others = [s for s in range(n) if s != me]
        sizes = [bin(bits(p.hands[2 * s], p.hands[2 * s + 1])).count("1") for s in others]
        hidden = [c for c in range(65) if any(true_holder(p, c, s)
                                              for s in others + [J.UNSEEN_HOLDER])]
        allowed_deals = set()
        played = played_by(p)
        # every split of the hidden cards into the hands' sizes and one unseen card
        labels = [i for i, size in enumerate(sizes) for _ in range(size)] + [len(others)]
        for perm in set(itertools.permutations(labels)):
            hands_now = {s: 0 for s in range(n)}
            unseen = 0
            for card, who in zip(hidden, perm):
                if who == len(others):
                    unseen |= 1 << card
                else:
                    hands_now[others[who]] |= 1 << card
            if replays(p, me, played, hands_now, unseen):
                key = tuple(bits(p.hands[2 * me], p.hands[2 * me + 1]) if s == me else
                            hands_now[s] for s in range(n)) + (unseen,)
                allowed_deals.add(key)
        plan, counts, cards, holder_seat = J.world_plan_nb(obs)
        assert counts[0] == len(allowed_deals)
        if len(allowed_deals) < 3:
            continue
        rng = chunk_states(seed, 1)[0].copy()
        holder = np.zeros(len(cards), dtype=np.int64)
        st = np.zeros_like(p.st)
        world = np.zeros_like(p.hands)
        seen = {key: 0 for key in allowed_deals}
        draws = 100 * len(allowed_deals)
        for _ in range(draws):
            J.pimc_state_nb(obs, J.pimc_cfg_nb(obs), st)
            assert J.pimc_world_nb(plan, counts, cards, holder_seat, obs, st, world, rng, holder)
            seen[world_key(world, st, n)] += 1       # a deal outside the set: KeyError
        stat, df = chi_square(list(seen.values()))
        assert stat < chi_square_bound(df)
        true_key = world_key(p.hands, p.st, n)
        expected = draws / len(allowed_deals)
        assert seen[true_key] < expected + 4 * np.sqrt(expected)
        done += 1
        if done == 12:
            break
    assert done == 12


def minimax(p, st, hands, me):
    """The reference: every legal action, no pruning; ``me``'s round points, ``me``
    maximising and every other seat minimising."""
    if p.steps.is_over_nb(st):
        return J.pimc_score_nb(st, p.cfg, me)
    out = np.zeros(256, dtype=np.int64)
    count = p.steps.legal_actions_nb(st, hands, p.cfg, out)
    values = []
    for action in out[:count]:
        s2, h2 = st.copy(), hands.copy()
        p.steps.apply_nb(s2, h2, p.cfg, int(action))
        values.append(minimax(p, s2, h2, me))
    return max(values) if int(st[O.SEAT]) == me else min(values)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_the_exact_search_is_minimax_of_the_round_points(n):
    """pimc_exact_nb's alpha-beta gives plain minimax's value on 200 small positions a player
    count (the last two tricks after a random part of a trick, and the allocation)."""
    fns = pimc_functions("jupiter")
    checked = 0
    for seed in range(400):
        stop_at = seed % n
        options = ({}, {"trump_rule": "sum_first"}, {"orphans": "move_down"})[seed % 3]

        def late(st, hands, stop_at=stop_at):
            return (st[O.PHASE] == O.PHASE_PLAY and st[O.N_TRICKS] - st[O.TRICK_NO] <= 2
                    and st[O.TRICK_N] >= stop_at) or st[O.PHASE] == O.PHASE_TAKE
        p = Position(n, 5000 + seed, options, stop=10 ** 6, until=late)
        if p.over():
            continue
        me = seed % n
        side = int(J.pimc_side_nb(p.st, p.hands, me))
        stack = (np.zeros((72, p.st.shape[0]), np.int64),
                 np.zeros((72, p.hands.shape[0]), np.uint64),
                 np.zeros((72, 128), np.int64), np.zeros((72, 6), np.int64))
        assert fns.pimc_exact_nb(p.st.copy(), p.hands.copy(), p.cfg, me, side, *stack) == \
            minimax(p, p.st, p.hands, me)
        checked += 1
        if checked == 200:
            break
    assert checked == 200


def other_world(p, obs, seed):
    """A state (the true one, its hidden cards dealt otherwise: a world of the belief) that the
    seat to act cannot tell from the true one."""
    plan, counts, cards, holder_seat = J.world_plan_nb(obs)
    rng = chunk_states(seed, 1)[0].copy()
    holder = np.zeros(len(cards), dtype=np.int64)
    for _ in range(50):
        st = np.zeros_like(p.st)
        J.pimc_state_nb(obs, J.pimc_cfg_nb(obs), st)
        world = np.zeros_like(p.hands)
        assert J.pimc_world_nb(plan, counts, cards, holder_seat, obs, st, world, rng, holder)
        if not np.array_equal(world[:2 * MS], p.hands[:2 * MS]):
            alt = p.st.copy()
            alt[O.LAID:O.LAID + MS] = st[O.LAID:O.LAID + MS]
            alt[O.UNSEEN:O.UNSEEN + 2] = st[O.UNSEEN:O.UNSEEN + 2]
            hands = p.hands.copy()
            hands[:2 * MS] = world[:2 * MS]
            return alt, hands
    return None


def test_decisions_are_legal_deterministic_and_blind_to_hidden_cards():
    player = resolve("jupiter", "pimc[worlds=3]")
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
    assert phases >= {O.PHASE_LAYOUT, O.PHASE_BID, O.PHASE_PLAY}
