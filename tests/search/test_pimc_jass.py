"""The PIMC player (sim/search/pimc_nb.py) in Schieber and Differenzler: the voids and played
cards the observation keeps equal what the rules' legal cards imply; the belief holds the
true deal and its worlds replay the public history; the exact search equals plain minimax
over the deal score; decisions legal, deterministic for a draw and blind to the hidden cards
(a deal that differs only in them gives the same observation and the same decision)."""
import numpy as np
import pytest

from sim.bits_nb import cards_of
from sim.games.jass import obs as O
from sim.games.jass.state_nb import X_END, X_PREDICTION, X_SCORE, X_WINNER, finish_deal_nb
from sim.games.jass.step_nb import DEALT
from sim.rng_nb import chunk_states
from strategies import pimc_jass_nb as J
from strategies.pimc import pimc_functions
from strategies.registry import resolve

from jass.steps import STEPS, jass_config, legal, observed, start

VARIANTS = ("schieber", "differenzler")


class Position:
    """A deal played by random legal actions up to a point (``stop`` actions, or until
    every hand holds at most ``cards_left`` cards): its start, the public history and where
    it leads. Schieber starts near a low target, so that claims are asked."""

    def __init__(self, variant, seed, stop=None, cards_left=None, predictions="hidden",
                 claims=True):
        rng = np.random.default_rng(seed)
        schieber = variant == "schieber"
        self.cfg = jass_config(variant, target=1000 if schieber else 10_000,
                               predictions=predictions)
        order = rng.permutation(36)
        self.dealt = np.array([sum(1 << int(c) for c in order[9 * s:9 * s + 9]) for s in range(4)],
                              dtype=np.uint64)
        self.dealer = int(rng.integers(4))
        # Differenzler turns up a card of the dealer's (its last)
        self.turned = -1 if schieber else int(rng.choice(cards_of(int(self.dealt[self.dealer]))))
        self.totals = tuple(int(t) for t in rng.integers(500, 990, 2)) if schieber else (0,) * 4
        st, hands = start(self.cfg, self.dealt, self.dealer, self.turned, self.totals)
        self.history = []
        voids, played_by = [0] * 4, [0] * 4
        stop = int(rng.integers(0, 45)) if stop is None else stop
        while not STEPS.is_over_nb(st) and len(self.history) < stop:
            if cards_left is not None and st[O.PHASE] == O.PHASE_PLAY and \
                    max(bin(int(h)).count("1") for h in hands[:4]) <= cards_left:
                break
            actions = legal(st, hands, self.cfg)
            action = int(rng.choice(actions))
            if st[O.PHASE] == O.PHASE_CLAIM and not claims:
                action = 0
            if st[O.PHASE] == O.PHASE_PLAY:
                seat = int(st[O.SEAT])
                barred = int(J.shows_barred_nb(action, st[O.LEAD_SUIT], st[O.MODE],
                                               st[O.WINNING_CARD], 1 if schieber else 0))
                assert barred & int(hands[seat]) & ~(1 << action) == 0, "a void shown is true"
                voids[seat] |= barred
                played_by[seat] |= 1 << action
            self.history.append((int(st[O.PHASE]), int(st[O.SEAT]), action))
            STEPS.apply_nb(st, hands, self.cfg, action)
            # the state keeps what the rules say each play showed, and who played what
            assert [int(v) for v in st[O.VOIDS:O.VOIDS + 4]] == voids
            assert [int(v) for v in st[O.PLAYED_BY:O.PLAYED_BY + 4]] == played_by
        self.st, self.hands = st, hands
        self.me = int(st[O.SEAT])

    def over(self):
        return STEPS.is_over_nb(self.st)

    def obs(self, draw=0):
        obs = observed(self.st, self.hands, self.cfg)
        obs[O.RANDOM] = draw
        return obs

    def replay(self, world):
        """The public history replayed on the deal ``world`` (hands as dealt in its DEALT rows):
        (st, hands), or None when an action of the history is illegal there.

        Only a seat holding a meld is asked for its Weis, and declaring nothing looks the same
        as holding none: where the world asks a seat the true deal did not, the seat declares
        nothing; where the true deal asked a seat that holds no meld in the world, that seat
        must have declared nothing."""
        st, hands = start(self.cfg, world[DEALT:], self.dealer, self.turned, self.totals)
        events = list(self.history)
        truth_past_weis = self.st[O.PHASE] != O.PHASE_WEIS and self.st[O.MODE] >= 0
        while events or (st[O.PHASE] == O.PHASE_WEIS and truth_past_weis
                         and self.st[O.VARIANT] == O.VARIANT_SCHIEBER):
            phase, seat, action = events[0] if events else (O.PHASE_PLAY, -1, -1)
            order = (seat - st[O.FIRST_HAND]) % 4 - (st[O.SEAT] - st[O.FIRST_HAND]) % 4
            world_asks = st[O.PHASE] == O.PHASE_WEIS
            if world_asks and (phase != O.PHASE_WEIS or order > 0):
                STEPS.apply_nb(st, hands, self.cfg, 0)      # asked in the world alone
                continue
            events.pop(0)
            if phase == O.PHASE_WEIS and (not world_asks or order < 0):
                if action != 0:                             # asked in the true deal alone
                    return None
                continue
            if not STEPS.is_legal_action_nb(st, hands, self.cfg, action):
                return None
            STEPS.apply_nb(st, hands, self.cfg, action)
        return st, hands


def sample_worlds(obs, count, seed):
    plan, counts, cards, holder_seat = J.world_plan_nb(obs)
    assert counts[0] > 0
    rng = chunk_states(seed, 0)[0].copy()
    holder = np.zeros(len(cards), dtype=np.int64)
    for _ in range(count):
        world = np.zeros(8, dtype=np.uint64)
        assert J.sample_world_nb(plan, counts, cards, holder_seat, obs, world, rng, holder)
        yield world


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_belief_holds_the_true_deal_and_its_worlds_replay_the_history(variant):
    """On random positions the true hands fit the belief (each hidden card's holder allowed,
    each seat's count, the declared Weis); a sampled world that fits the declared Weis replays
    the public history legally and gives the seat the same observation."""
    replayed = 0
    for seed in range(60):
        p = Position(variant, seed)
        if p.over():
            continue
        obs = p.obs()
        cards, allowed = np.zeros(36, np.int64), np.zeros(36, np.int64)
        need, holder_seat = np.zeros(8, np.int64), np.zeros(8, np.int64)
        h, k = J.belief_nb(obs, cards, allowed, need, holder_seat)
        for t in range(k):
            s = holder_seat[t]
            assert need[t] == bin(int(p.hands[s])).count("1")
        for card, mask in zip(cards[:h], allowed[:h]):
            s = next(s for s in range(4) if int(p.hands[s]) >> int(card) & 1)
            assert mask >> list(holder_seat[:k]).index(s) & 1
        truth = p.hands.copy()
        assert J.weis_fits_nb(obs, truth)
        for world in sample_worlds(obs, 4, seed):
            if not J.weis_fits_nb(obs, world):
                continue        # a draw kept after WEIS_TRIES misfits: not a consistent deal
            again = p.replay(world)
            assert again is not None, (seed, variant)
            st, hands = again
            assert np.array_equal(hands[:4], world[:4])
            assert np.array_equal(observed(st, hands, p.cfg), observed(p.st, p.hands, p.cfg))
            replayed += 1
    assert replayed >= 100


def score(st, me):
    """The deal score of the hooks, from the rules' own scoring."""
    if st[O.VARIANT] != O.VARIANT_SCHIEBER:
        return -abs(int(st[O.POINTS + me]) - int(st[X_PREDICTION + me]))
    work = st.copy()
    finish_deal_nb(work)
    team = me % 2
    win = 0 if work[X_END] < 0 else (J.WIN if work[X_WINNER] == team else -J.WIN)
    return int(work[X_SCORE + team]) + win


def score_minimax(cfg, st, hands, me, schieber):
    """The reference: every legal action, no pruning; ``me``'s side maximising the score,
    every other seat minimising it."""
    if STEPS.is_over_nb(st):
        return score(st, me)
    values = []
    for action in legal(st, hands, cfg):
        s2, h2 = st.copy(), hands.copy()
        STEPS.apply_nb(s2, h2, cfg, action)
        values.append(score_minimax(cfg, s2, h2, me, schieber))
    seat = int(st[O.SEAT])
    ours = seat % 2 == me % 2 if schieber else seat == me
    return max(values) if ours else min(values)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_exact_search_is_minimax_of_the_deal_score(variant):
    fns = pimc_functions("jass")
    schieber = variant == "schieber"
    checked = 0
    for seed in range(130):
        p = Position(variant, 5000 + seed, stop=1000, cards_left=2, claims=False)
        if p.over():
            continue
        me = seed % 4
        side = (1 << me) | (1 << ((me + 2) % 4)) if schieber else 1 << me
        stack = (np.zeros((72, p.st.shape[0]), np.int64), np.zeros((72, 8), np.uint64),
                 np.zeros((72, 128), np.int64), np.zeros((72, 6), np.int64))
        assert fns.pimc_exact_nb(p.st.copy(), p.hands.copy(), p.cfg, me, side, *stack) == \
            score_minimax(p.cfg, p.st, p.hands, me, schieber), (variant, seed)
        checked += 1
    assert checked >= 100


@pytest.mark.parametrize("variant", VARIANTS)
def test_decisions_are_legal_deterministic_and_blind_to_hidden_cards(variant):
    player = resolve("jass", "pimc[worlds=4]")
    params = player.params()
    changed = 0
    phases = set()
    for seed in range(24):
        p = Position(variant, 9000 + seed, stop=seed % 4 if seed % 3 == 0 else None)
        if p.over():
            continue
        obs = p.obs(7 + seed)
        action = player.decide(obs, params)
        phases.add(int(obs[O.PHASE]))
        assert STEPS.is_legal_action_nb(p.st, p.hands, p.cfg, action)
        assert player.decide(obs.copy(), params) == action            # deterministic
        for world in sample_worlds(obs, 8, seed):
            if np.array_equal(world[:4], p.hands[:4]) or not J.weis_fits_nb(obs, world):
                continue
            st, hands = p.replay(world)     # the hidden cards dealt otherwise
            other = observed(st, hands, p.cfg)
            other[O.RANDOM] = 7 + seed
            assert np.array_equal(other, obs)
            assert player.decide(other, params) == action
            changed += 1
            break
    assert changed >= 12
    assert len(phases) >= 2


def test_hidden_predictions_are_guessed_and_open_ones_read():
    """Differenzler: a world's state holds the seat's own prediction, the open ones as made,
    and for a hidden one the rollout heuristic's on that world's hand."""
    for predictions in ("hidden", "open"):
        p = Position("differenzler", 77, stop=4, predictions=predictions)
        obs = p.obs()
        assert obs[O.PHASE] == O.PHASE_PLAY
        cfg = J.pimc_cfg_nb(obs)
        st = np.zeros_like(p.st)
        J.pimc_state_nb(obs, cfg, st)
        world = next(sample_worlds(obs, 1, 3))
        J.pimc_fit_nb(st, world, obs, cfg)
        made = [p.history[(s - p.st[O.FIRST_HAND]) % 4][2] for s in range(4)]
        assert st[X_PREDICTION + p.me] == made[p.me]
        if predictions == "open":
            assert list(st[X_PREDICTION:X_PREDICTION + 4]) == made
        else:
            assert all(0 <= v <= 157 for v in st[X_PREDICTION:X_PREDICTION + 4])
