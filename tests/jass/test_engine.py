"""The Jass engine on many random deals: card conservation, legal sets against the
rules restated here, and the step functions replay uses.

* 10,000 random deals in each of the six Schieber modes (and the four
  Differenzler trumps), played through the step functions in a compiled
  loop: every card is played exactly once, every legal set is a non-empty
  part of the hand, the tricks hold 157 card points.
* A few hundred deals per mode stepped from Python, checking each legal set,
  trick winner and trick's points against the rules written out below from
  the rules text (``docs/rules.md``), not from the engine.
"""
import numpy as np
import pytest
from numba import njit

from sim.games.jass import kernels_nb as K
from sim.games.jass import obs as O

DEALS_PER_MODE = 10_000
MODES = ("S", "H", "D", "C", "obe", "une")


@njit(cache=True)
def _popcount(x):
    n = 0
    while x:
        x &= x - np.uint64(1)
        n += 1
    return n


@njit(cache=True)
def play_random_deals(n_deals, variant, mode, seed):
    """Deal and play ``n_deals`` deals with uniformly random legal cards through the
    engine's step functions. Returns counts of broken invariants:
    [empty legal set, legal card not in hand, card played twice, cards left over,
     not 157 points, not 9 tricks, played mask not grown by the trick]."""
    np.random.seed(seed)
    errors = np.zeros(7, dtype=np.int64)
    st = np.zeros(K.STATE_SIZE, dtype=np.int64)
    hands = np.zeros(4, dtype=np.uint64)
    for d in range(n_deals):
        deck = np.random.permutation(36)
        dealer = np.random.randint(4)
        for p in range(4):
            m = np.uint64(0)
            for i in range(9):
                m |= np.uint64(1) << np.uint64(deck[9 * p + i])
            hands[(dealer + 1 + p) % 4] = m
        K.new_game_nb(st, variant, 10_000, 0, 1, 2, 2, 1, 3, 4)   # no claims
        # Differenzler: the dealer's last card (position 3 gets deck[27:36]); pick the
        # deal's trump by turning a dealer card of the wanted suit if there is one
        turned = deck[35]
        if variant == K.VARIANT_DIFFERENZLER:
            for i in range(27, 36):
                if deck[i] // 9 == mode:
                    turned = deck[i]
        K.start_deal_nb(st, dealer, 0, turned)
        if variant == K.VARIANT_SCHIEBER:
            K.apply_trump_nb(st, hands, mode)
            while st[O.PHASE] == O.PHASE_WEIS:
                K.apply_weis_nb(st, np.random.randint(2))
        else:
            while st[O.PHASE] == O.PHASE_PREDICT:
                K.apply_predict_nb(st, np.random.randint(158))
        seen = np.uint64(0)
        while st[O.PHASE] != K.PHASE_OVER:
            seat = st[O.SEAT]
            legal = K.legal_play_nb(st, hands)
            if legal == 0:
                errors[0] += 1
                break
            if legal & ~hands[seat]:
                errors[1] += 1
            k = np.random.randint(_popcount(legal))
            card = 0
            for c in range(36):
                if (legal >> np.uint64(c)) & np.uint64(1):
                    if k == 0:
                        card = c
                        break
                    k -= 1
            if (seen >> np.uint64(card)) & np.uint64(1):
                errors[2] += 1
            seen |= np.uint64(1) << np.uint64(card)
            before = st[O.PLAYED]
            taker = K.apply_play_nb(st, hands, card)
            if taker >= 0 and st[O.PLAYED] != before | np.int64(seen & ~np.uint64(before)):
                errors[6] += 1
        if seen != np.uint64((1 << 36) - 1) or hands[0] | hands[1] | hands[2] | hands[3]:
            errors[3] += 1
        if st[O.POINTS] + st[O.POINTS + 1] + st[O.POINTS + 2] + st[O.POINTS + 3] != 157:
            errors[4] += 1
        if st[O.TRICKS] + st[O.TRICKS + 1] + st[O.TRICKS + 2] + st[O.TRICKS + 3] != 9:
            errors[5] += 1
    return errors


@pytest.mark.parametrize("mode", range(6), ids=MODES)
def test_schieber_random_deals_keep_every_card_and_157_points(mode):
    errors = play_random_deals(DEALS_PER_MODE, K.VARIANT_SCHIEBER, mode, 100 + mode)
    assert list(errors) == [0] * 7


@pytest.mark.parametrize("suit", range(4), ids=MODES[:4])
def test_differenzler_random_deals_keep_every_card_and_157_points(suit):
    errors = play_random_deals(DEALS_PER_MODE // 4, K.VARIANT_DIFFERENZLER, suit, 200 + suit)
    assert list(errors) == [0] * 7


# --- the rules restated, checked step by step from Python --------------------------------

PLAIN_ORDER = "6789TJQKA"
TRUMP_ORDER = "678TQKA9J"      # 6 7 8 10 Ober King Ace 9 Under, low to high
POINTS = {"plain": dict(zip(PLAIN_ORDER, (0, 0, 0, 0, 10, 2, 3, 4, 11))),
          "trump": dict(zip(PLAIN_ORDER, (0, 0, 0, 14, 10, 20, 3, 4, 11))),
          "obe": dict(zip(PLAIN_ORDER, (0, 0, 8, 0, 10, 2, 3, 4, 11))),
          "une": dict(zip(PLAIN_ORDER, (11, 0, 8, 0, 10, 2, 3, 4, 0)))}


def suit(card):
    return card // 9


def rank(card):
    return PLAIN_ORDER[card % 9]


def strength(card, mode):
    """Order within the card's suit: the trump order for trumps, 6 high in Unenufe."""
    if mode == 5:
        return 8 - PLAIN_ORDER.index(rank(card))
    if suit(card) == mode:
        return TRUMP_ORDER.index(rank(card))
    return PLAIN_ORDER.index(rank(card))


def rules_winner(trick, mode):
    """Index of the winning card: the highest trump, else the highest of the suit led."""
    trumps = [i for i, c in enumerate(trick) if suit(c) == mode]
    pool = trumps or [i for i, c in enumerate(trick) if suit(c) == suit(trick[0])]
    return max(pool, key=lambda i: strength(trick[i], mode))


def rules_points(card, mode):
    if mode == 4:
        return POINTS["obe"][rank(card)]
    if mode == 5:
        return POINTS["une"][rank(card)]
    return POINTS["trump" if suit(card) == mode else "plain"][rank(card)]


def rules_legal(hand, trick, mode, schieber):
    """Legal cards by the rules text (docs/rules.md)."""
    if not trick:
        return set(hand)
    led = suit(trick[0])
    follow = {c for c in hand if suit(c) == led}
    trumps = {c for c in hand if suit(c) == mode}
    if led == mode:
        only_buur = len(trumps) == 1 and rank(next(iter(trumps))) == "J"
        legal = set(hand) if (not trumps or only_buur) else trumps
    else:
        legal = (follow | trumps) if follow else set(hand)
        trick_trumps = [c for c in trick if suit(c) == mode]
        nothing_but_trumps = trumps == set(hand)
        if schieber and trick_trumps and not nothing_but_trumps:
            top = max(strength(c, mode) for c in trick_trumps)
            legal -= {c for c in trumps if strength(c, mode) < top}
    return legal


def bits(mask):
    return {c for c in range(36) if int(mask) >> c & 1}


@pytest.mark.parametrize("variant", [K.VARIANT_SCHIEBER, K.VARIANT_DIFFERENZLER],
                         ids=["schieber", "differenzler"])
def test_legal_sets_winners_and_points_follow_the_rules_text(variant):
    rng = np.random.default_rng(7 + variant)
    schieber = variant == K.VARIANT_SCHIEBER
    modes = range(6) if schieber else range(4)
    for mode in modes:
        for _ in range(150):
            deck = rng.permutation(36)
            dealer = int(rng.integers(4))
            hands = np.zeros(4, dtype=np.uint64)
            held = {}
            for p in range(4):
                seat = (dealer + 1 + p) % 4
                held[seat] = set(int(c) for c in deck[9 * p:9 * p + 9])
                hands[seat] = np.uint64(sum(1 << c for c in held[seat]))
            st = np.zeros(K.STATE_SIZE, dtype=np.int64)
            K.new_game_nb(st, variant, 10_000, 0, 1, 2, 2, 1, 3, 4)   # no claims
            dealer_cards = [c for c in held[dealer] if suit(c) == mode]
            turned = dealer_cards[0] if dealer_cards else int(deck[35])
            K.start_deal_nb(st, dealer, 0, turned)
            if schieber:
                K.apply_trump_nb(st, hands, mode)
                while st[O.PHASE] == O.PHASE_WEIS:
                    K.apply_weis_nb(st, 0)
            else:
                mode = suit(turned)
                for _ in range(4):
                    K.apply_predict_nb(st, 0)
            assert st[O.PHASE] == O.PHASE_PLAY and st[O.SEAT] == (dealer + 1) % 4
            leader = (dealer + 1) % 4
            total = 0
            for trick_no in range(9):
                trick = []
                for i in range(4):
                    seat = (leader + i) % 4
                    assert st[O.SEAT] == seat
                    legal = bits(K.legal_play_nb(st, hands))
                    assert legal == rules_legal(held[seat], trick, mode, schieber)
                    card = int(rng.choice(sorted(legal)))
                    taker = K.apply_play_nb(st, hands, card)
                    held[seat].discard(card)
                    trick.append(card)
                winner = (leader + rules_winner(trick, mode)) % 4
                assert taker == winner
                points = sum(rules_points(c, mode) for c in trick) + (5 if trick_no == 8 else 0)
                total += points
                leader = winner
            assert total == 157 == sum(st[O.POINTS:O.POINTS + 4])
