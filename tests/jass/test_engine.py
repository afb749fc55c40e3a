"""The Jass engine on many random deals: card conservation, legal sets against the
rules restated here, and the step interface replay uses.

* 10,000 random deals in each of the six Schieber modes (and the four
  Differenzler trumps), played through the step interface in a compiled
  loop: every card is played exactly once, every legal set is a non-empty
  part of the hand, the tricks hold 157 card points.
* A few hundred deals per mode stepped from Python, checking each legal set,
  trick winner and trick's points against the rules written out below from
  the rules text (``docs/rules.md``), not from the engine.
"""
import numpy as np
import pytest
from numba import njit

from sim.games.jass import obs as O
from sim.games.jass.cfg import CFG_VARIANT
from sim.games.jass.state_nb import X_CLAIMS
from sim.kit_nb import CH_DEALER, CH_SIZE, CH_TURNED

from .steps import STEPS, VARIANTS, apply, jass_config, legal_mask, start

# the step interface, as globals the compiled loop below can call
new_state_nb = STEPS.new_state_nb
start_deal_nb = STEPS.start_deal_nb
apply_nb = STEPS.apply_nb
legal_actions_nb = STEPS.legal_actions_nb
is_over_nb = STEPS.is_over_nb

DEALS_PER_MODE = 10_000
MODES = ("S", "H", "D", "C", "obe", "une")


@njit(cache=True)
def _popcount(x):
    n = 0
    while x:
        x &= x - np.uint64(1)
        n += 1
    return n


@njit
def play_random_deals(cfg, n_deals, mode, seed):
    """Deal and play ``n_deals`` deals with uniformly random legal cards through the
    game's step interface. Returns counts of broken invariants:
    [empty legal set, legal card not in hand, card played twice, cards left over,
     not 157 points, not 9 tricks, played mask not grown by the trick]."""
    np.random.seed(seed)
    errors = np.zeros(7, dtype=np.int64)
    st, hands = new_state_nb(cfg)
    dealt = np.zeros(4, dtype=np.uint64)
    chance = np.zeros(CH_SIZE, dtype=np.int64)
    out = np.zeros(256, dtype=np.int64)
    for d in range(n_deals):
        deck = np.random.permutation(36)
        dealer = np.random.randint(4)
        for p in range(4):
            m = np.uint64(0)
            for i in range(9):
                m |= np.uint64(1) << np.uint64(deck[9 * p + i])
            dealt[(dealer + 1 + p) % 4] = m
        # Differenzler: the dealer's last card (position 3 gets deck[27:36]); pick the
        # deal's trump by turning a dealer card of the wanted suit if there is one
        turned = deck[35]
        if cfg[CFG_VARIANT] == O.VARIANT_DIFFERENZLER:
            for i in range(27, 36):
                if deck[i] // 9 == mode:
                    turned = deck[i]
        chance[CH_DEALER] = dealer
        chance[CH_TURNED] = turned
        start_deal_nb(st, hands, cfg, dealt, chance)
        if cfg[CFG_VARIANT] == O.VARIANT_SCHIEBER:
            apply_nb(st, hands, cfg, mode)
            while st[O.PHASE] == O.PHASE_WEIS:
                apply_nb(st, hands, cfg, np.random.randint(2))
        else:
            while st[O.PHASE] == O.PHASE_PREDICT:
                apply_nb(st, hands, cfg, np.random.randint(158))
        seen = np.uint64(0)
        while not is_over_nb(st):
            seat = st[O.SEAT]
            legal = np.uint64(0)
            for k in range(legal_actions_nb(st, hands, cfg, out)):
                legal |= np.uint64(1) << np.uint64(out[k])
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
            apply_nb(st, hands, cfg, card)
            taker = st[O.TRICK_LEADER] if st[O.TRICK_N] == 0 else -1
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
    errors = play_random_deals(jass_config("schieber"), DEALS_PER_MODE, mode, 100 + mode)
    assert list(errors) == [0] * 7


@pytest.mark.parametrize("suit", range(4), ids=MODES[:4])
def test_differenzler_random_deals_keep_every_card_and_157_points(suit):
    errors = play_random_deals(jass_config("differenzler"), DEALS_PER_MODE // 4, suit, 200 + suit)
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


@pytest.mark.parametrize("variant", VARIANTS)
def test_legal_sets_winners_and_points_follow_the_rules_text(variant):
    rng = np.random.default_rng(7 + VARIANTS.index(variant))
    schieber = variant == "schieber"
    cfg = jass_config(variant)     # target 10,000: no claims
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
            dealer_cards = [c for c in held[dealer] if suit(c) == mode]
            turned = dealer_cards[0] if dealer_cards else int(deck[35])
            st, hands = start(cfg, hands, dealer, turned)
            if schieber:
                apply(st, hands, cfg, mode)
                while st[O.PHASE] == O.PHASE_WEIS:
                    apply(st, hands, cfg, 0)
            else:
                mode = suit(turned)
                for _ in range(4):
                    apply(st, hands, cfg, 0)
            assert st[O.PHASE] == O.PHASE_PLAY and st[O.SEAT] == (dealer + 1) % 4
            leader = (dealer + 1) % 4
            total = 0
            for trick_no in range(9):
                trick = []
                for i in range(4):
                    seat = (leader + i) % 4
                    assert st[O.SEAT] == seat
                    legal = bits(legal_mask(st, hands, cfg))
                    assert legal == rules_legal(held[seat], trick, mode, schieber)
                    card = int(rng.choice(sorted(legal)))
                    taker = apply(st, hands, cfg, card)
                    held[seat].discard(card)
                    trick.append(card)
                winner = (leader + rules_winner(trick, mode)) % 4
                assert taker == winner
                points = sum(rules_points(c, mode) for c in trick) + (5 if trick_no == 8 else 0)
                total += points
                leader = winner
            assert total == 157 == sum(st[O.POINTS:O.POINTS + 4])


# --- claims: asked only in a deal that can end the game ------------------------------------

@pytest.mark.parametrize("totals, mode, asked", [
    ((0, 0), 0, False),        # Roses x1: at most 157 + 100 (match) + 20 (Stöck) = 277 a deal
    ((2222, 0), 0, False),     # 2222 + 277 = 2499: one short of 2500
    ((2223, 0), 0, True),      # 2223 + 277 = 2500
    ((0, 2223), 0, True),      # either team
    ((0, 1500), 5, True),      # Unenufe x4: 1500 + 4 x 277 = 2608
    ((0, 1390), 5, False),     # 1390 + 1108 = 2498
])
def test_claims_are_asked_only_when_a_team_can_reach_the_target_in_the_deal(totals, mode, asked):
    deck = np.random.default_rng(0).permutation(36)
    hands = np.array([sum(1 << int(c) for c in deck[9 * s:9 * s + 9]) for s in range(4)],
                     dtype=np.uint64)
    cfg = jass_config("schieber", target=2500)
    st, hands = start(cfg, hands, 3, totals=totals)
    apply(st, hands, cfg, mode)
    while st[O.PHASE] == O.PHASE_WEIS:
        apply(st, hands, cfg, 0)               # nobody declares: no Weis to add
    assert st[O.PHASE] == O.PHASE_PLAY and st[O.WEIS_TEAM] == -1
    assert st[X_CLAIMS] == asked


# --- Weis: the best meld, restated from the rules text ------------------------------------------

SEQUENCE_VALUE = {3: 20, 4: 50, 5: 100, 6: 150, 7: 200, 8: 250, 9: 300}
# four of a kind by rank (6 7 8 9 T U O K A); Unenufe: four 6s instead of four Aces
FOUR_VALUE = {"9": 150, "T": 100, "J": 200, "Q": 100, "K": 100, "A": 100}
FOUR_VALUE_UNE = {**FOUR_VALUE, "6": 100, "A": 0}


def rules_melds(hand, mode):
    """Every meld of a hand: (value, is four of a kind, top rank 0..8, suit or -1)."""
    out = []
    for s in range(4):
        ranks = {c % 9 for c in hand if suit(c) == s}
        r = 0
        while r < 9:
            n = 0
            while r + n < 9 and r + n in ranks:
                n += 1
            if n >= 3:
                out.append((SEQUENCE_VALUE[n], False, r + n - 1, s))
            r += n + 1
    values = FOUR_VALUE_UNE if mode == 5 else FOUR_VALUE
    for r, name in enumerate(PLAIN_ORDER):
        if values.get(name, 0) and all(9 * s + r in hand for s in range(4)):
            out.append((values[name], True, r, -1))
    return out


def rules_beats(a, b, mode):
    """Whether meld ``a`` beats meld ``b``: value; four of a kind over a sequence; the higher
    top card (Unenufe: the lower); a sequence in trumps. Equal: neither."""
    if a[0] != b[0]:
        return a[0] > b[0]
    if a[1] != b[1]:
        return a[1]
    if a[2] != b[2]:
        return (a[2] < b[2]) if mode == 5 else (a[2] > b[2])
    return a[3] == mode and b[3] != mode


def rules_weis_team(hands, mode, first):
    """The team whose Weis counts when everybody declares, -1 if nobody holds a meld:
    the best single meld wins; equal melds, the seat nearer the first hand."""
    best, best_seat = None, -1
    for i in range(4):
        seat = (first + i) % 4
        for meld in rules_melds(hands[seat], mode):
            if best is None or rules_beats(meld, best, mode):
                best, best_seat = meld, seat
    return best_seat % 2 if best_seat >= 0 else -1


def meld_rich_deck(rng):
    """A pack in suit order (or rank order, for fours) with a few cards swapped: hands full
    of sequences and fours of a kind, so that equal melds and every tie-break come up."""
    if rng.random() < 0.3:
        deck = [9 * s + r for r in range(9) for s in range(4)]
    else:
        deck = list(range(36))
    for _ in range(int(rng.integers(4, 30))):
        i, j = rng.integers(36, size=2)
        deck[i], deck[j] = deck[j], deck[i]
    cut = int(rng.integers(36))
    return deck[cut:] + deck[:cut]


def test_weis_points_and_winner_follow_the_rules_text():
    rng = np.random.default_rng(17)
    ties = 0
    for _ in range(3000):
        deck = meld_rich_deck(rng)
        held = [set(deck[9 * p:9 * p + 9]) for p in range(4)]
        hands = np.array([sum(1 << c for c in h) for h in held], dtype=np.uint64)
        mode = int(rng.integers(6))
        dealer = int(rng.integers(4))
        cfg = jass_config("schieber", target=2500)
        st, hands = start(cfg, hands, dealer)
        apply(st, hands, cfg, mode)
        while st[O.PHASE] == O.PHASE_WEIS:
            apply(st, hands, cfg, 1)           # everybody declares
        melds = [rules_melds(h, mode) for h in held]
        assert list(st[O.WEIS_DECLARED:O.WEIS_DECLARED + 4]) == [sum(m[0] for m in ms) for ms in melds]
        first = (dealer + 1) % 4
        assert st[O.WEIS_TEAM] == rules_weis_team(held, mode, first)
        # how often a tie-break past value and kind decided: the best melds of two seats
        # of equal value and kind
        seat_best = [max(ms, key=lambda m: m[:2]) for ms in melds if ms]
        kinds = [m[:2] for m in seat_best]
        ties += bool(kinds) and kinds.count(max(kinds)) > 1
    assert ties > 100, "the sample must hold equal melds in different hands"
