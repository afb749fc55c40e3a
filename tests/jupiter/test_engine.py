"""The engine's rounds against the rules restated here from docs/rules.md: random rounds
from random tables played through the step interface with random legal choices, every
legal set, trick winner, card points and allocation checked against this file's own reading."""
import numpy as np
import pytest

from sim import registry
from sim.games.jupiter import obs as O
from sim.games.jupiter.cards import JUPITER, JUNO, LAMB_1, N_COLOUR_CARDS, is_god, number
from sim.games.jupiter.rules_nb import GOD_HIGH_ACTION
from sim.study import Study

ROUNDS_PER_COUNT = 150


def colour(card):
    return card // 15 if card < N_COLOUR_CARDS else None


def is_lamb(card):
    return card >= LAMB_1


def is_jj(card):
    return card in (JUPITER, JUNO)


def card_of(action):
    return 15 * (action - GOD_HIGH_ACTION) + 14 if action >= GOD_HIGH_ACTION else action


def value_of(action):
    return 15 if action >= GOD_HIGH_ACTION else number(action)


def legal_plays(hand, trick, trump):
    """The rules' legal play actions for ``hand`` after the plays ``trick``."""
    led = next((card_of(a) for a in trick if not is_lamb(card_of(a))), None)
    if led is None:
        cards = set(hand)
    else:
        trumps_led = is_jj(led) or colour(led) == trump
        if trumps_led:
            need = {c for c in hand if is_jj(c) or (trump is not None and colour(c) == trump)}
        else:
            need = {c for c in hand if colour(c) == colour(led)}
        cards = need | {c for c in hand if is_lamb(c)} if need else set(hand)
    return cards | {GOD_HIGH_ACTION + colour(c) for c in cards if is_god(c)}


def trick_winner(trick, seats, trump):
    cards = [card_of(a) for a in trick]
    for i, c in enumerate(cards):
        if is_jj(c):
            return seats[i]                                  # the first of Jupiter and Juno
    trumps = [i for i, c in enumerate(cards) if trump is not None and colour(c) == trump]
    if trumps:
        return seats[max(trumps, key=lambda i: value_of(trick[i]))]
    led = next(c for c in cards if not is_lamb(c))
    follow = [i for i, c in enumerate(cards) if colour(c) == colour(led)]
    return seats[max(follow, key=lambda i: value_of(trick[i]))]


def bits(word):
    word = int(word) & (2**64 - 1)
    return {c for c in range(64) if word >> c & 1}


def allocation_expected(st, n, choose):
    """The allocation restated: (cards taken per seat, the table after it, before the
    highest counter leaves); ``choose(seat, allowed)`` answers each take."""
    n_tricks = int(st[O.N_TRICKS])
    start = int(st[O.START])
    table = {k: bits(st[O.TABLE + k]) for k in range(1, 13)}
    bids = [int(st[O.BIDS + s]) for s in range(n)]
    locks = [int(st[O.LOCKS + s]) for s in range(n)]
    tricks = [int(st[O.TRICKS + s]) for s in range(n)]
    points = [int(st[O.CARD_POINTS + s]) for s in range(n)]
    layouts = [int(st[O.LAYOUTS + s]) for s in range(n)]
    locked = {layouts[s] for s in range(n) if bids[s] > 0 and locks[s] and tricks[s] == bids[s]}
    taken = [set() for _ in range(n)]
    for k in range(1, n_tricks + 1):
        claimants = [s for s in range(n) if tricks[s] == k and bids[s] != 0]

        def rank(s):
            cls = 2 if not locks[s] else (1 if bids[s] == k else 3)
            return cls, -points[s], (s - start) % n
        claimants.sort(key=rank)
        for s in claimants:
            cards = table[k]
            if not cards:
                break
            cls = rank(s)[0]
            if len(claimants) == 1:
                allowed = {c for c in cards if number(c) == max(map(number, cards))}
            elif cls == 1:
                allowed = {c for c in cards if c not in locked or c == layouts[s]}
            else:
                free = cards - locked
                allowed = {c for c in free if number(c) == max(map(number, free))} if free else set()
            if not allowed:
                continue
            card = choose(s, allowed)
            table[k].discard(card)
            taken[s].add(card)
            locked.discard(layouts[s])
    for s in range(n):
        if bids[s] == 0 and tricks[s] == 0:
            taken[s].add(layouts[s])
    return taken, table


@pytest.mark.parametrize("n", [3, 4, 5])
@pytest.mark.parametrize("options", [{}, {"trump_rule": "sum_first", "orphans": "move_down"}])
def test_random_rounds_follow_the_rules_restated(n, options):
    impl = registry.game("jupiter")
    study = Study.create("jupiter", players=n, boards=1, options=options)
    cfg = impl.config(study)
    S = impl.steps
    rng = np.random.default_rng([n, len(options)])
    out = np.zeros(128, dtype=np.int64)
    played = 0
    for _ in range(ROUNDS_PER_COUNT):
        dealt, chance = impl.random_deal(study, rng)
        st, hands = S.new_state_nb(cfg)
        S.start_deal_nb(st, hands, cfg, dealt, chance)
        if S.is_over_nb(st):
            continue
        trick, seats = [], []
        card_points = [0] * n            # the numbers on the cards won: God cards 0, also as 15
        while st[O.PHASE] != O.PHASE_TAKE and not S.is_over_nb(st):
            legal = set(out[:S.legal_actions_nb(st, hands, cfg, out)].tolist())
            seat = int(st[O.SEAT])
            if st[O.PHASE] == O.PHASE_PLAY:
                hand = bits(hands[2 * seat]) | ({64} if int(hands[2 * seat + 1]) & 1 else set())
                trump = None if st[O.TRUMP] < 0 else int(st[O.TRUMP])
                assert legal == legal_plays(hand, trick, trump)
                action = int(rng.choice(sorted(legal)))
                trick.append(action)
                seats.append(seat)
                tricks_before = [int(st[O.TRICKS + s]) for s in range(n)]
                S.apply_nb(st, hands, cfg, action)
                if len(trick) == n:
                    winner = trick_winner(trick, seats, trump)
                    assert int(st[O.TRICKS + winner]) == tricks_before[winner] + 1
                    card_points[winner] += sum(number(card_of(a)) for a in trick)
                    trick, seats = [], []
            else:
                S.apply_nb(st, hands, cfg, int(rng.choice(sorted(legal))))
        if S.is_over_nb(st) and st[O.PHASE] != O.PHASE_OVER:
            continue
        assert [int(st[O.CARD_POINTS + s]) for s in range(n)] == card_points
        # the allocation: the engine's allowed cards against the restatement, the same choices
        before = st.copy()
        choices = []

        def choose(seat, allowed):
            assert int(st[O.PHASE]) == O.PHASE_TAKE and int(st[O.SEAT]) == seat
            engine = set(out[:S.legal_actions_nb(st, hands, cfg, out)].tolist())
            assert engine == allowed
            card = int(rng.choice(sorted(allowed)))
            choices.append(card)
            S.apply_nb(st, hands, cfg, card)
            return card
        if st[O.PHASE] == O.PHASE_TAKE:
            taken, table = allocation_expected(before, n, choose)
        else:
            taken, table = allocation_expected(before, n, lambda s, a: pytest.fail("no take expected"))
        assert S.is_over_nb(st)
        assert [bits(st[O.TAKEN + s]) for s in range(n)] == taken
        top = int(before[O.N_TRICKS])
        if options.get("orphans") == "move_down" and top > 1:
            table[top - 1] |= table[top]
        table[top] = set()
        assert {k: bits(st[O.TABLE + k]) for k in range(1, 13)} == table
        played += 1
    assert played > ROUNDS_PER_COUNT // 2
