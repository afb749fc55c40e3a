"""What a Wizard or Oh Hell seat knows of the hidden cards (sim/search/belief_nb.py), and the
worlds drawn from it: on positions reached by random legal play through the step interface,
every world replays the deal's public history legally, the belief rules out exactly the deals
that history rules out, and the true deal comes up no more often than any other."""
import itertools

import numpy as np
import pytest

from sim import registry
from sim.bits_nb import cards_of
from sim.games.wizard import obs as O
from sim.games.wizard.cards import parse_card
from sim.games.wizard.step_nb import DEALT
from sim.rng_nb import chunk_states
from sim.search import belief_nb as B
from sim.study import Study

from .stats import chi_square, chi_square_bound

MP = O.MAX_PLAYERS


class Position:
    """A deal played by random legal actions up to a point: its start, the actions (the
    public history) and where they lead, with the history noted as a seat sees it."""

    def __init__(self, game, n, seed, options=None, stop=None, deal=None):
        impl = registry.game(game)
        study = Study.create(game, players=n, boards=1, options=options or {})
        self.cfg, self.steps, self.deck, self.n = impl.config(study), impl.steps_of(""), impl.deck, n
        rng = np.random.default_rng(seed)
        dealt, chance = deal or impl.random_deal(study, rng)
        st, hands = self.steps.new_state_nb(self.cfg)
        self.steps.start_deal_nb(st, hands, self.cfg, dealt, chance)
        self.start = st.copy()
        self.seen = B.new_seen_nb()
        self.history = []
        out = np.zeros(256, dtype=np.int64)
        stop = rng.integers(0, n * st[O.HAND_SIZE] + n) if stop is None else stop
        voids = np.zeros(MP, dtype=np.int64)     # read off the rules' legal cards, play by play
        while not self.steps.is_over_nb(st) and len(self.history) < stop:
            count = self.steps.legal_actions_nb(st, hands, self.cfg, out)
            action = int(rng.choice(out[:count]))
            B.note_play_nb(self.seen, st, action)
            if st[O.PHASE] == O.PHASE_PLAY and B.shows_void_nb(action, st[O.LEAD_SUIT]):
                voids[st[O.SEAT]] |= 1 << st[O.LEAD_SUIT]
            self.history.append(action)
            self.steps.apply_nb(st, hands, self.cfg, action)
            # the engine keeps in the state the voids that the rules say the plays showed
            assert np.array_equal(st[O.VOIDS:O.VOIDS + MP], voids)
        self.st, self.hands = st, hands
        self.me = int(st[O.SEAT])

    def over(self):
        return self.steps.is_over_nb(self.st)

    def plan(self):
        return B.world_plan_nb(self.st, self.me, self.hands[self.me], self.deck)

    def replays_in(self, world) -> bool:
        """True when the public history is legal in ``world`` (hands as dealt in its DEALT
        rows) and leads to the same public state and the world's current hands."""
        st = self.start.copy()
        hands = np.zeros(2 * MP, dtype=np.uint64)
        hands[:MP] = world[DEALT:]
        for action in self.history:
            if not self.steps.is_legal_action_nb(st, hands, self.cfg, action):
                return False
            self.steps.apply_nb(st, hands, self.cfg, action)
        return np.array_equal(st, self.st) and np.array_equal(hands[:MP], world[:MP])


def worlds(position, count, seed):
    plan, counts, cards, holder_seat = position.plan()
    rng = chunk_states(seed, 0)[0].copy()
    holder = np.zeros(len(cards), dtype=np.int64)
    for _ in range(count):
        world = np.zeros(2 * MP, dtype=np.uint64)
        assert B.sample_world_nb(plan, counts, cards, holder_seat, position.me, position.hands,
                                 position.seen, rng, world, holder)
        yield world


@pytest.mark.parametrize("game,n", [("wizard", 3), ("wizard", 4), ("wizard", 6), ("oh_hell", 3),
                                    ("oh_hell", 5), ("oh_hell", 7)])
def test_every_world_replays_the_public_history(game, n):
    played = 0
    for seed in range(25):
        position = Position(game, n, seed)
        if position.over():
            continue
        played += 1
        truth = position.hands
        for world in worlds(position, 25, seed):
            assert world[position.me] == truth[position.me]
            for s in range(n):       # hand sizes as in the true deal; nobody else's hand read
                assert bin(int(world[s])).count("1") == bin(int(truth[s])).count("1")
            assert position.replays_in(world)
    assert played == 25


@pytest.mark.parametrize("game,n", [("wizard", 4), ("oh_hell", 5)])
def test_the_true_deal_is_a_world_and_the_observation_is_enough(game, n):
    """The true holders of the hidden cards are allowed, their counts are the needs; the
    belief from the seat's observation equals that from the state's public part."""
    cards = np.zeros(64, dtype=np.int64)
    allowed = np.zeros(64, dtype=np.int64)
    need = np.zeros(8, dtype=np.int64)
    seats = np.zeros(8, dtype=np.int64)
    for seed in range(40):
        p = Position(game, n, seed)
        if p.over():
            continue
        h, k = B.belief_nb(p.st, p.me, p.hands[p.me], p.deck, cards, allowed, need, seats)
        for i in range(h):
            true = [t for t in range(k) if seats[t] != B.STOCK and p.hands[seats[t]] >> np.uint64(cards[i]) & np.uint64(1)]
            true = true or [t for t in range(k) if seats[t] == B.STOCK]
            assert len(true) == 1 and allowed[i] >> true[0] & 1
        for t in range(k):
            if seats[t] != B.STOCK:
                assert need[t] == bin(int(p.hands[seats[t]])).count("1")
        obs = np.zeros(O.SIZE, dtype=np.int64)
        p.steps.observation_nb(p.st, p.hands, p.cfg, 0, obs)
        again = [np.zeros_like(a) for a in (cards, allowed, need, seats)]
        assert B.belief_nb(obs, p.me, obs[O.HAND], p.deck, *again) == (h, k)
        assert all(np.array_equal(a[:m], b[:m]) for a, b, m in zip(
            again, (cards, allowed, need, seats), (h, h, k, k)))


def whole_pack_deal(game, n, rng):
    """A deal of the whole pack (the last round of Wizard, Oh Hell's 4 x 13): no stock."""
    from sim.kit_nb import CH_DEAL, CH_DEALER, CH_DEALS, CH_SIZE, CH_TURNED
    deck = registry.game(game).deck
    size = deck // n
    order = rng.permutation(deck)
    dealt = np.zeros(MP, dtype=np.uint64)
    for s in range(n):
        dealt[s] = np.uint64(sum(1 << int(c) for c in order[s * size:(s + 1) * size]))
    chance = np.zeros(CH_SIZE, dtype=np.int64)
    chance[CH_DEALER], chance[CH_DEAL], chance[CH_DEALS], chance[CH_TURNED] = \
        rng.integers(n), size - 1, size, -1
    return dealt, chance


LATE = (("oh_hell", 4, {"rounds": 13}, 3), ("wizard", 3, {}, 5))     # ..., tricks left


def late_positions(seeds):
    """Whole-pack deals (Oh Hell 4 x 13, Wizard 3 x 20) stopped with a few tricks left:
    few enough hidden deals to list them all (at most 1,680 and 252)."""
    for seed in seeds:
        game, n, options, tricks_left = LATE[seed % 2]
        size = registry.game(game).deck // n
        stop = n + n * (size - tricks_left) + seed % (n + 1)
        yield Position(game, n, seed, options=options, stop=stop,
                       deal=whole_pack_deal(game, n, np.random.default_rng(seed)))


def all_deals(position):
    """Every deal of the cards hidden from the seat with the true hand sizes, as worlds."""
    n = position.n
    hidden = [c for c in range(position.deck) if not (int(position.hands[position.me]) >> c) & 1
              and not (int(position.st[O.PLAYED]) >> c) & 1
              and c not in position.st[O.TRICK_CARDS:O.TRICK_CARDS + position.st[O.TRICK_N]]]
    others = [s for s in range(n) if s != position.me]
    sizes = [bin(int(position.hands[s])).count("1") for s in others]
    for order in set(itertools.permutations(sum(([s] * m for s, m in zip(others, sizes)), []))):
        world = np.zeros(2 * MP, dtype=np.uint64)
        world[position.me] = position.hands[position.me]
        for card, s in zip(hidden, order):
            world[s] |= np.uint64(1 << card)
        for s in range(n):
            world[DEALT + s] = world[s] | np.uint64(position.seen[s])
        yield world


def test_the_belief_rules_out_exactly_what_the_history_rules_out():
    """Against brute force: of all deals of the hidden cards, those in which the public
    history is legal are as many as the sampler counts, and every sampled world is one."""
    for position in late_positions(range(16)):
        legal = {tuple(w[:MP]) for w in all_deals(position) if position.replays_in(w)}
        plan, counts, cards, holder_seat = position.plan()
        assert counts[0] == pytest.approx(len(legal), rel=1e-12)
        assert {tuple(w[:MP]) for w in worlds(position, 200, 1)} <= legal


def test_the_true_deal_comes_up_no_more_often_than_any_other():
    zs = []
    tested = 0
    for seed, position in enumerate(late_positions(range(16, 48))):
        plan, counts, _, _ = position.plan()
        worlds_count = round(counts[0])
        if not 10 <= worlds_count <= 200:
            continue
        tested += 1
        draws = 200 * worlds_count
        tally = {}
        for world in worlds(position, draws, seed):
            key = tuple(world[:MP])
            tally[key] = tally.get(key, 0) + 1
        assert len(tally) == worlds_count      # every consistent world came up
        statistic, df = chi_square(list(tally.values()))
        assert statistic < chi_square_bound(df)
        truth = tally[tuple(position.hands[:MP])]
        expected = draws / worlds_count
        zs.append((truth - expected) / np.sqrt(expected))
    assert tested >= 8
    # the true deal's frequency, over all positions, is that of any deal: no excess
    assert abs(np.mean(zs)) < 4 / np.sqrt(len(zs))


def test_which_plays_show_a_void():
    """Per the rules: a suited card off the suit led shows a void; Wizards and Jesters never
    do; nor does anything after a Wizard led, or on an empty trick or after Jesters only."""
    card = parse_card
    assert B.shows_void_nb(card("HA"), 0)                     # spades led, a heart played
    assert not B.shows_void_nb(card("S2"), 0)
    assert not B.shows_void_nb(card("Z1"), 0) and not B.shows_void_nb(card("N1"), 0)
    assert not B.shows_void_nb(card("HA"), 4)                 # a Wizard led: anything
    assert not B.shows_void_nb(card("HA"), -1)                # nothing to follow yet
    seen = B.new_seen_nb()
    pub = np.zeros(O.SIZE, dtype=np.int64)
    pub[O.PHASE], pub[O.SEAT], pub[O.LEAD_SUIT] = O.PHASE_BID, 2, 0
    B.note_play_nb(seen, pub, 3)                              # a bid of 3: nothing noted
    assert not seen.any()
    pub[O.PHASE] = O.PHASE_PLAY
    B.note_play_nb(seen, pub, card("D4"))
    assert cards_of(seen[2]) == [card("D4")] and not seen[[0, 1, 3]].any()
