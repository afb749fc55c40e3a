"""Invariants that must hold on every random game of every registered game.

Two views:

* **Records** — run studies through ``run_chunk`` (at least 10,000 deals per
  game and player count) and check the record tables against the rules as
  written (``sim/games/wizard/info.py``): tricks add up, bids in range, the
  dealer restriction, the scoring table, running totals, game results,
  where the trump comes from, what the deal can hold, how seats rotate.
  Expected values are recomputed here from the rules, never read back from
  the engine.
* **Engine steps** — play random deals from Python through the engine's step
  functions with random legal choices, and check every card is played once,
  legal sets are never empty and agree with the rules, and the played-cards
  mask grows by exactly one trick at a time.

Checks that read a family's own record columns are looked up by family in
``RECORD_CHECKS``; a game whose family has none yet is skipped with a reason.
"""
import math

import numpy as np
import pytest

from conftest import engine_players, option_cases
from tarot.test_invariants import check_tarot_duplicate, check_tarot_records
from jupiter.test_invariants import check_jupiter_duplicate, check_jupiter_records
from pitch.test_invariants import check_pitch_duplicate, check_pitch_records
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sim import registry
from sim.games.wizard import step_nb as K
from sim.games.wizard import obs as O
from sim.games.wizard.cfg import config as wizard_config
from sim.study import Study

GAMES = registry.all_games()
GAME_PLAYER_COUNTS = [(g.name, n) for g in GAMES for n in range(g.min_players, g.max_players + 1)]
DEALS_PER_COUNT = 10_000

WIZARD_FAMILY_DECKS = {"wizard": 60, "oh_hell": 52}
SUITED_CARDS = 52      # ids 0..51: suit * 13 + rank
FIRST_WIZARD = 52      # Wizards 52..55, Jesters 56..59 (cards.py)
FIRST_JESTER = 56


def lineups(family: str) -> dict[str, list[str]]:
    """One lineup per built-in player (everyone plays it) and one with all of them mixed."""
    names = engine_players(family)
    out = {name: [name] for name in names}
    out["mixed"] = names
    return out


def mixed_lineup(names: list[str], n: int) -> list[str]:
    return [names[s % len(names)] for s in range(n)]


# --- the Wizard family's rules, restated from rules.py -----------------------------

def expected_schedule(game: str, n: int, rounds) -> np.ndarray:
    """Hand sizes of one game, from the rules text (not from the engine's ``schedule``)."""
    if game == "wizard":
        return np.arange(1, 60 // n + 1)
    top = 52 // n
    up = list(range(1, top + 1))
    if isinstance(rounds, int):
        return np.array([rounds])
    return np.array({"up": up, "down": up[::-1], "up_down": up + up[::-1][1:],
                     "down_up": up[::-1] + up[1:]}[rounds])


def expected_round_score(bid, tricks, scoring: str):
    miss = np.abs(tricks.astype(np.int64) - bid)
    exact = miss == 0
    if scoring == "wizard":
        return np.where(exact, 20 + 10 * tricks, -10 * miss)
    if scoring == "classic":
        return np.where(exact, tricks + 10, tricks)
    assert scoring == "penalty"
    return np.where(exact, tricks + 10, -miss)


def restricted_dealer(mode: str, dealer, totals_before, n: int):
    """Per (game, round): whether the dealer's bid may not make the bids add up to the hand."""
    if mode == "never":
        return np.zeros(dealer.shape, dtype=bool)
    if mode == "always":
        return np.ones(dealer.shape, dtype=bool)
    assert mode == "leader"
    dealer_total = np.take_along_axis(totals_before, dealer[..., None], axis=-1)
    others_below = (totals_before < dealer_total).sum(axis=-1)
    return others_below == n - 1      # strictly ahead of everyone else


def check_wizard_family_records(study: Study, records: dict) -> None:
    n = study.players
    opts = study.option_dict
    deck = WIZARD_FAMILY_DECKS[study.game]
    sched = expected_schedule(study.game, n, opts.get("rounds"))
    rounds = len(sched)
    rotations = n if study.seating == "duplicate" else 1
    n_games = study.boards * rotations
    deals, games = records["deals"], records["games"]
    assert len(deals) == n_games * rounds * n
    assert len(games) == n_games * n
    d = deals.reshape(n_games, rounds, n)          # [game, round, seat]
    g = games.reshape(n_games, n)                  # [game, seat]
    game_ids = np.arange(n_games)
    seats = np.arange(n)

    # layout: one row per (game, round, seat), in that order
    assert (d["game"] == game_ids[:, None, None]).all()
    assert (d["deal"] == np.arange(rounds)[None, :, None]).all()
    assert (d["seat"] == seats).all()
    assert (d["hand_size"] == sched[None, :, None]).all()
    assert (d["board"] == (game_ids // rotations)[:, None, None]).all()
    assert (g["game"] == game_ids[:, None]).all() and (g["seat"] == seats).all()
    assert (g["board"] == d["board"][:, 0, :]).all()
    h = d["hand_size"].astype(np.int64)

    # seating: which lineup slot plays which seat
    player = d["player"].astype(np.int64)
    assert (player == player[:, :1, :]).all(), "a seat changed players within a game"
    assert (g["player"] == player[:, 0, :]).all()
    shift = {"fixed": 0 * game_ids, "rotate": game_ids, "duplicate": game_ids % n}[study.seating]
    assert (player[:, 0, :] == (seats[None, :] + shift[:, None]) % n).all()

    # the deal passes left every round; bidding starts left of the dealer
    dealer = d["dealer"].astype(np.int64)
    assert (dealer == dealer[:, :, :1]).all()
    first_dealer = g["first_dealer"].astype(np.int64)
    assert (first_dealer == first_dealer[:, :1]).all()
    assert ((0 <= first_dealer) & (first_dealer < n)).all()
    assert (dealer == (first_dealer[:, :1, None] + np.arange(rounds)[None, :, None]) % n).all()
    assert (d["position"] == (seats - dealer - 1) % n).all()
    assert (g["start_position"] == (seats - first_dealer - 1) % n).all()

    # bids and tricks
    bid, tricks = d["bid"].astype(np.int64), d["tricks"].astype(np.int64)
    assert ((0 <= bid) & (bid <= h)).all(), "bid out of 0..hand size"
    assert ((0 <= tricks) & (tricks <= h)).all()
    assert (tricks.sum(axis=2) == h[:, :, 0]).all(), "tricks do not add up to the hand size"

    # dealer restriction: the dealer never makes the bids add up when it applies
    total = d["total"].astype(np.int64)
    totals_before = np.concatenate([np.zeros((n_games, 1, n), np.int64), total[:, :-1, :]], axis=1)
    restricted = restricted_dealer(opts["dealer_restriction"], dealer[:, :, 0], totals_before, n)
    bids_add_up = bid.sum(axis=2) == h[:, :, 0]
    assert not (bids_add_up & restricted).any(), "a restricted dealer made the bids add up"
    if (~restricted).sum() >= 500:
        # and the restriction does not bind where it should not: the bids add up sometimes
        assert (bids_add_up & ~restricted).any(), "bids never add up where the dealer is free"

    # scores and totals
    scoring = opts.get("scoring", "wizard")
    assert (d["score"] == expected_round_score(bid, tricks, scoring)).all(), "round score off the table"
    assert (total == np.cumsum(d["score"].astype(np.int64), axis=1)).all(), "total is not the running sum"

    # trump: where it comes from
    kind, trump = d["trump_kind"].astype(np.int64), d["trump"].astype(np.int64)
    assert (kind == kind[:, :, :1]).all() and (trump == trump[:, :, :1]).all()
    kind, trump = kind[:, :, 0], trump[:, :, 0]
    no_card_left = (sched * n == deck)[None, :]
    assert ((kind == 2) == no_card_left).all(), "'no card left' must mean exactly: the deal used the pack"
    if study.game == "oh_hell":
        assert np.isin(kind, (0, 2)).all(), "Oh Hell has no Wizards or Jesters to turn"
    assert (((kind == 0) | (kind == 3)) == (trump >= 0)).all(), "a suit is trump exactly when turned or chosen"
    assert (trump <= 3).all()

    # what the deal can hold
    held_trumps = d["trumps_held"].astype(np.int64)
    wizards, jesters = d["wizards_held"].astype(np.int64), d["jesters_held"].astype(np.int64)
    assert ((held_trumps >= 0) & (wizards >= 0) & (jesters >= 0)).all()
    assert (held_trumps + wizards + jesters <= h).all(), "more trumps/Wizards/Jesters than cards"
    assert (held_trumps[trump < 0] == 0).all()
    # the turned-up card is on the table, in nobody's hand
    assert (held_trumps.sum(axis=2) <= 13 - (kind == 0)).all()
    assert (wizards.sum(axis=2) <= 4 - (kind == 3)).all()
    assert (jesters.sum(axis=2) <= 4 - (kind == 1)).all()
    if study.game == "oh_hell":
        assert (wizards == 0).all() and (jesters == 0).all()
    else:
        last = np.broadcast_to(no_card_left, kind.shape)
        assert (wizards.sum(axis=2)[last] == 4).all() and (jesters.sum(axis=2)[last] == 4).all()

    # game rows: totals, ranks and shared wins
    final = g["total"].astype(np.int64)
    assert (final == total[:, -1, :]).all()
    assert (final == d["score"].astype(np.int64).sum(axis=1)).all()
    best = final.max(axis=1, keepdims=True)
    sharing = (final == best).sum(axis=1, keepdims=True)
    assert np.allclose(g["win"].sum(axis=1), 1.0), "win shares do not sum to 1"
    assert np.allclose(g["win"], np.where(final == best, 1.0 / sharing, 0.0))
    better = (final[:, None, :] > final[:, :, None]).sum(axis=2)
    assert (g["rank"] == better + 1).all()


def check_wizard_family_duplicate(study: Study, records: dict) -> None:
    """Every rotation of a duplicate board is dealt the same cards: same first dealer,
    same turned card, same hands seat by seat (seen through what the records count)."""
    assert study.seating == "duplicate"
    n = study.players
    d = records["deals"].reshape(study.boards, n, -1, n)       # [board, rotation, round, seat]
    g = records["games"].reshape(study.boards, n, n)
    kind = d["trump_kind"]
    turned = kind != 3        # after a turned Wizard the trump is chosen: it depends on who deals

    def same_in_every_rotation(a, where=None):
        equal = a == a[:, :1]
        return (equal | ~where).all() if where is not None else equal.all()

    assert same_in_every_rotation(g["first_dealer"])
    assert same_in_every_rotation(d["dealer"])
    assert same_in_every_rotation(kind == 3)
    assert same_in_every_rotation(d["trump_kind"], turned), "rotations turned different cards"
    assert same_in_every_rotation(d["trump"], turned), "rotations turned different trumps"
    assert same_in_every_rotation(d["wizards_held"]), "rotations dealt different hands"
    assert same_in_every_rotation(d["jesters_held"]), "rotations dealt different hands"
    assert same_in_every_rotation(d["trumps_held"], turned), "rotations dealt different hands"


def check_jass_family_records(study: Study, records: dict) -> None:
    """The Jass record invariants (written with the Jass tests: 157 points a deal, …)."""
    from jass.test_records import check_common, check_differenzler, check_schieber
    check_common(study, records)
    (check_schieber if study.variant == "schieber" else check_differenzler)(study, records)


RECORD_CHECKS = {"wizard": check_wizard_family_records, "jass": check_jass_family_records,
                 "tarot": check_tarot_records, "jupiter": check_jupiter_records,
                 "pitch": check_pitch_records}


def check_jass_family_duplicate(study: Study, records: dict) -> None:
    """Every rotation of a board is dealt the same hand in each deal and seat
    (games of one board may last a different number of deals)."""
    d = records["deals"]
    keys = np.stack([d["board"], d["deal"].astype(np.int64), d["seat"].astype(np.int64)], axis=1)
    _, first = np.unique(keys, axis=0, return_index=True)
    _, inverse = np.unique(keys, axis=0, return_inverse=True)
    assert (d["hand"] == d["hand"][first][inverse.ravel()]).all(), "rotations dealt different hands"
    assert len(np.unique(d["game"])) == study.boards * 4


DUPLICATE_CHECKS = {"wizard": check_wizard_family_duplicate, "jass": check_jass_family_duplicate,
                    "tarot": check_tarot_duplicate, "jupiter": check_jupiter_duplicate,
                    "pitch": check_pitch_duplicate}


def record_check(game: str, checks: dict = RECORD_CHECKS):
    family = registry.info(game).family
    if family not in checks:
        pytest.skip(f"no record invariants written for the {family} family yet")
    return checks[family]


# --- record invariants on 10,000 deals per game and player count -------------------

@pytest.mark.parametrize("game, n", GAME_PLAYER_COUNTS)
def test_record_invariants_on_random_deals(game, n, play_all_chunks):
    check = record_check(game)
    family = registry.info(game).family
    # every built-in player on its own, then all of them together at one table
    for i, (name, names) in enumerate(lineups(family).items()):
        seating = ("fixed", "rotate", "duplicate")[i % 3]
        study = Study.create(game, players=n, lineup=mixed_lineup(names, n),
                             deals=DEALS_PER_COUNT, seed=1000 + 10 * n + i, seating=seating)
        records = play_all_chunks(study)
        assert len(records["deals"]) >= DEALS_PER_COUNT * n
        check(study, records)


@pytest.mark.parametrize("game, n", GAME_PLAYER_COUNTS)
def test_duplicate_rotations_are_dealt_the_same_cards(game, n, play_all_chunks):
    check = record_check(game, DUPLICATE_CHECKS)
    names = engine_players(registry.info(game).family)
    study = Study.create(game, players=n, lineup=mixed_lineup(names, n), boards=20, seed=5,
                         seating="duplicate")
    check(study, play_all_chunks(study))


OPTION_CASES = [pytest.param(g.name, variant, opts, id=f"{g.name}-{label}")
                for g in GAMES for variant, label, opts in option_cases(g) if opts]


@pytest.mark.parametrize("game, variant, options", OPTION_CASES)
def test_record_invariants_under_each_option(game, variant, options, play_all_chunks):
    meta = registry.info(game)
    check = record_check(game)
    names = engine_players(meta.family)
    for n in range(meta.min_players, meta.max_players + 1):
        study = Study.create(game, players=n, lineup=mixed_lineup(names, n), options=options,
                             deals=2_000, seed=7 + n, seating="rotate", variant=variant)
        check(study, play_all_chunks(study))


@pytest.mark.parametrize("n", range(3, 8))
def test_oh_hell_whole_pack_turns_no_trump(n, play_all_chunks):
    """With 52 // n cards each the pack is used up only when n divides 52 (4 players);
    otherwise a card is left to turn (3 players: 51 dealt, 1 turned)."""
    study = Study.create("oh_hell", players=n, options={"rounds": 52 // n}, deals=2_000, seed=n)
    records = play_all_chunks(study)
    check_wizard_family_records(study, records)
    kinds = set(np.unique(records["deals"]["trump_kind"]).tolist())
    assert kinds == ({2} if 52 % n == 0 else {0})


def binomial_ok(count: int, trials: int, p: float, sigmas: float = 5.0) -> bool:
    return abs(count - trials * p) <= sigmas * math.sqrt(trials * p * (1 - p))


@pytest.mark.parametrize("game, n", [c for c in GAME_PLAYER_COUNTS if c[0] in WIZARD_FAMILY_DECKS])
def test_turned_card_and_trump_holding_distribution(game, n, play_all_chunks):
    """The turned card is uniform over the pack, and a hand holds each of the other
    12 trumps with probability hand size / (deck - 1)."""
    deck = WIZARD_FAMILY_DECKS[game]
    study = Study.create(game, players=n, deals=DEALS_PER_COUNT, seed=99)
    d = play_all_chunks(study)["deals"]
    rounds = d[(d["seat"] == 0) & (d["hand_size"] * n < deck)]   # one row per round with a card turned
    trials = len(rounds)
    kind = rounds["trump_kind"]
    specials = 4 if game == "wizard" else 0
    assert binomial_ok(int((kind == 1).sum()), trials, specials / deck), "Jesters turned too often or too rarely"
    assert binomial_ok(int((kind == 3).sum()), trials, specials / deck), "Wizards turned too often or too rarely"
    for suit in range(4):
        assert binomial_ok(int(((kind == 0) & (rounds["trump"] == suit)).sum()), trials, 13 / deck)

    suit_turned = d[d["trump_kind"] == 0]
    expected = (12 * suit_turned["hand_size"].astype(np.float64) / (deck - 1)).sum()
    held = suit_turned["trumps_held"].astype(np.float64).sum()
    # hypergeometric counts: variance below the mean, and the seats of a round are
    # negatively correlated, so the sum's variance is below the sum of the means
    assert abs(held - expected) <= 5 * math.sqrt(expected)


# --- engine steps from Python: every card played once ------------------------------

def rules_legal_cards(hand: set[int], trick: list[int]) -> set[int]:
    """Legal cards by the rules text: follow the suit led if able; Wizards and Jesters
    always; a Wizard led frees the trick; after Jesters the first other card leads."""
    led = next((c for c in trick if c < FIRST_JESTER), None)
    if led is None or led >= FIRST_WIZARD:
        return set(hand)
    follow = {c for c in hand if c < SUITED_CARDS and c // 13 == led // 13}
    if not follow:
        return set(hand)
    return follow | {c for c in hand if c >= FIRST_WIZARD}


def rules_trick_winner(trick: list[int], trump: int) -> int:
    """Index in ``trick`` of the winning card: the first Wizard; else the highest trump;
    else the highest card of the suit led; all Jesters: the first Jester."""
    for i, c in enumerate(trick):
        if FIRST_WIZARD <= c < FIRST_JESTER:
            return i
    suited = [(i, c) for i, c in enumerate(trick) if c < SUITED_CARDS]
    if not suited:
        return 0
    trumps = [(c % 13, i) for i, c in suited if c // 13 == trump]
    if trumps:
        return max(trumps)[1]
    led_suit = suited[0][1] // 13
    return max((c % 13, i) for i, c in suited if c // 13 == led_suit)[1]


def cards_in(mask: int) -> set[int]:
    return {c for c in range(64) if (int(mask) >> c) & 1}


RESTRICT_MODES = ("leader", "always", "never")   # dealer_restriction choices, in kernel order


def play_random_deal(game: str, n: int, hand_size: int, rng: np.random.Generator,
                     restriction: str = "never", totals=None) -> None:
    """Deal and play one round through the engine's step functions, choosing uniformly
    among the legal actions, and check the invariants at every step."""
    deck = WIZARD_FAMILY_DECKS[game]
    totals = np.zeros(O.MAX_PLAYERS, np.int64) if totals is None else totals
    order = rng.permutation(deck)
    dealt = [set(order[s * hand_size:(s + 1) * hand_size].tolist()) for s in range(n)]
    hands = np.zeros(O.MAX_PLAYERS, np.uint64)
    for s in range(n):
        hands[s] = np.uint64(sum(1 << c for c in dealt[s]))
    used = n * hand_size
    turned = int(order[used]) if used < deck else -1
    dealer = int(rng.integers(n))
    pub = np.zeros(O.SIZE, np.int64)
    cfg = wizard_config(game, n, {"dealer_restriction": restriction})
    K.start_round_nb(pub, cfg, dealer, 0, 1, hand_size, turned, totals)
    assert pub[O.RESTRICT] == RESTRICT_MODES.index(restriction), "the rules every seat knows"
    assert not pub[O.VOIDS:O.VOIDS + O.MAX_PLAYERS].any()

    if FIRST_WIZARD <= turned < FIRST_JESTER:
        assert pub[O.PHASE] == O.PHASE_TRUMP and pub[O.SEAT] == dealer
        K.apply_trump_nb(pub, int(rng.integers(4)))
    expected_trump = turned // 13 if 0 <= turned < SUITED_CARDS else -1
    if not FIRST_WIZARD <= turned < FIRST_JESTER:
        assert pub[O.TRUMP] == expected_trump
    trump = int(pub[O.TRUMP])

    # bidding: once each, from the dealer's left, the dealer last
    restrict_mode = RESTRICT_MODES.index(restriction)
    bids = []
    for i in range(n):
        seat = (dealer + 1 + i) % n
        assert pub[O.PHASE] == O.PHASE_BID and pub[O.SEAT] == seat
        legal = cards_in(K.legal_bids_nb(pub, restrict_mode))
        allowed = set(range(hand_size + 1))
        leads = all(totals[dealer] > totals[s] for s in range(n) if s != dealer)
        if seat == dealer and (restriction == "always" or (restriction == "leader" and leads)):
            allowed.discard(hand_size - sum(bids))
        assert legal == allowed and legal
        bid = int(rng.choice(sorted(legal)))
        bids.append(bid)
        K.apply_bid_nb(pub, bid)
    assert pub[O.PHASE] == O.PHASE_PLAY and pub[O.SEAT] == (dealer + 1) % n

    # play: every card dealt is played exactly once
    played_cards: list[int] = []
    won = [0] * n
    voids = [0] * n
    leader = (dealer + 1) % n
    for trick_no in range(hand_size):
        played_before = int(pub[O.PLAYED])
        trick = []
        for i in range(n):
            seat = (leader + i) % n
            assert pub[O.SEAT] == seat and pub[O.TRICK_NO] == trick_no
            legal = cards_in(K.legal_play_nb(pub, hands))
            assert legal, "empty legal set"
            hand_now = cards_in(hands[seat])
            assert legal == rules_legal_cards(hand_now, trick)
            card = int(rng.choice(sorted(legal)))
            led = next((c for c in trick if c < FIRST_JESTER), None)   # Jesters set no suit
            if led is not None and led < SUITED_CARDS and card < SUITED_CARDS and card // 13 != led // 13:
                voids[seat] |= 1 << (led // 13)       # another suit: none of the suit led left
            winner = K.apply_play_nb(pub, hands, card)
            assert int(pub[O.VOIDS + seat]) == voids[seat], "the voids every seat has shown"
            assert cards_in(hands[seat]) == hand_now - {card}
            trick.append(card)
            assert (winner >= 0) == (i == n - 1)
        expected_winner = (leader + rules_trick_winner(trick, trump)) % n
        assert winner == expected_winner
        won[winner] += 1
        trick_mask = sum(1 << c for c in trick)
        assert played_before & trick_mask == 0
        assert int(pub[O.PLAYED]) == played_before | trick_mask, "played mask must grow by the trick"
        played_cards += trick
        leader = winner

    all_dealt = set().union(*dealt)
    assert sorted(played_cards) == sorted(all_dealt), "each card dealt is played exactly once"
    assert all(int(hands[s]) == 0 for s in range(n))
    assert [int(pub[O.TRICKS_WON + s]) for s in range(n)] == won
    assert sum(won) == hand_size


@pytest.mark.parametrize("game, n", [c for c in GAME_PLAYER_COUNTS if c[0] in WIZARD_FAMILY_DECKS])
def test_every_card_is_played_once(game, n):
    rng = np.random.default_rng([2024, n, len(game)])
    deck = WIZARD_FAMILY_DECKS[game]
    for _ in range(300):
        hand_size = int(rng.integers(1, deck // n + 1))
        restriction = RESTRICT_MODES[int(rng.integers(3))]
        totals = np.zeros(O.MAX_PLAYERS, np.int64)
        totals[:n] = rng.integers(-50, 50, n) * 10
        play_random_deal(game, n, hand_size, rng, restriction, totals)


@st.composite
def deal_cases(draw):
    game = draw(st.sampled_from(sorted(WIZARD_FAMILY_DECKS)))
    meta = registry.info(game)
    n = draw(st.integers(meta.min_players, meta.max_players))
    hand_size = draw(st.integers(1, WIZARD_FAMILY_DECKS[game] // n))
    restriction = draw(st.sampled_from(RESTRICT_MODES))
    seed = draw(st.integers(0, 2**32 - 1))
    return game, n, hand_size, restriction, seed


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal_cases())
def test_every_card_is_played_once_property(case):
    game, n, hand_size, restriction, seed = case
    rng = np.random.default_rng(seed)
    totals = np.zeros(O.MAX_PLAYERS, np.int64)
    totals[:n] = rng.integers(-3, 3, n) * 10    # small range: ties and leaders both occur
    play_random_deal(game, n, hand_size, rng, restriction, totals)


GAMES_BY_NAME = {g.name: g.default_players for g in GAMES}


@pytest.mark.parametrize("game", [g.name for g in GAMES])
def test_boards_do_not_depend_on_the_chunk_plan(game, play_all_chunks):
    """A board's cards and decisions come from the seed and the board number alone:
    any chunk plan plays exactly the same games, random players included."""
    def records(chunk_boards):
        study = Study.create(game, lineup=(["heuristic", "random"] * 4)[:GAMES_BY_NAME[game]],
                             boards=12, seed=21, chunk_boards=chunk_boards, seating="duplicate")
        return play_all_chunks(study)
    one, other = records(12), records(5)
    for table in one:
        assert np.array_equal(one[table], other[table]), f"{table} changed with the chunk plan"
