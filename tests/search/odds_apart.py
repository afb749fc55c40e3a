"""Deals dealt and played apart from the hand-odds machinery (``sim/odds.py``): the reference
its results are held to."""
import numpy as np

from sim import registry
from sim.kit_nb import CH_DEALER, CH_SIZE, CH_TURNED
from strategies.registry import resolve


def scores_apart(game: str, cfg, hand: list[int], sizes: list[int], dealer: int, give,
                 dealt_words: int, deals: int, seed: int, variant: str = "", prefix=(),
                 player="heuristic", turned: int = -1):
    """Seat 0's score of ``deals`` deals: seat 0 holds ``hand``, the rest of the pack is
    shuffled by numpy and dealt to the holders after it, ``sizes[h - 1]`` cards to holder
    ``h`` (``give(dealt, h, card)`` puts a card into a hand of the game's ``dealt``
    layout, ``dealt_words`` long); the decisions of ``prefix`` are taken first, then
    every decision through the step interface by ``player``; ``turned``: the card turned
    up (-1 none). Deals the game deals again
    (over at once) are skipped."""
    impl = registry.game(game)
    steps = impl.steps_of(variant)
    chosen = resolve(impl.family, player, game, variant)
    params = chosen.params()
    module = impl.steps_module(variant)
    rest = np.array([c for c in range(sum(sizes) + len(hand)) if c not in hand])
    rng = np.random.default_rng(seed)
    obs = np.zeros(module.OBS_SIZE, dtype=np.int64)
    out = np.zeros(16, dtype=np.int64)
    scores, draw = [], 0
    while len(scores) < deals:
        order = rng.permutation(rest)
        dealt = np.zeros(dealt_words, dtype=np.uint64)
        for c in hand:
            give(dealt, 0, c)
        k = 0
        for h, size in enumerate(sizes, start=1):
            for c in order[k:k + size]:
                give(dealt, h, int(c))
            k += size
        chance = np.zeros(CH_SIZE, dtype=np.int64)
        chance[CH_DEALER] = dealer
        chance[CH_TURNED] = turned
        st, hands = steps.new_state_nb(cfg)
        steps.start_deal_nb(st, hands, cfg, dealt, chance)
        for action in prefix:
            steps.apply_nb(st, hands, cfg, action)
        if steps.is_over_nb(st):
            continue
        while not steps.is_over_nb(st):
            draw += 1
            steps.observation_nb(st, hands, cfg, draw, obs)
            steps.apply_nb(st, hands, cfg, chosen.decide(obs, params))
        steps.result_nb(st, cfg, out)
        scores.append(int(out[0]))
    return np.array(scores)
