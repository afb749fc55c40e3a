"""The Jass heuristic's decisions, each on a hand-made observation.

Every test builds the observation the engine would show (``obs.py``): the
legal cards come from the rules (``rules_nb.legal_cards``), the trick from
the cards played to it. The expected decision is argued in each test from
what the player is meant to do (``strategies/jass_heuristic_nb.py``).
Notation: suit ``S H D C`` + rank ``6 7 8 9 T J Q K A`` (J = Under, Q = Ober).
"""
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from sim.games.jass import obs as O
from sim.games.jass.cards import mask_of, parse_card
from sim.games.jass.rules_nb import legal_cards, trick_key
from strategies import jass_hand_nb as hand_nb
from strategies import jass_heuristic_nb as H
from sim.study import Study
from strategies.abi import N_PARAMS

S, HEARTS, D, C = 0, 1, 2, 3       # the suits S H D C as trump modes


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def hand_of(text: str) -> int:
    return mask_of(cards(text))


def params(**changes) -> np.ndarray:
    row = np.zeros(N_PARAMS, np.float64)
    row[: len(H.DEFAULTS)] = H.DEFAULTS
    for name, value in changes.items():
        row[H.NAMES.index(name)] = value
    return row


def decide(obs, **changes) -> int:
    return int(H.heuristic_decide(obs, params(**changes)))


def base(phase, hand, variant=O.VARIANT_SCHIEBER, seat=0):
    obs = np.zeros(O.SIZE, np.int64)
    obs[O.PHASE] = phase
    obs[O.VARIANT] = variant
    obs[O.SEAT] = seat
    obs[O.HAND] = hand
    obs[O.MODE] = -1
    obs[O.CHOOSER] = -1
    obs[O.TRUMP_CARD] = -1
    obs[O.STOECK_SEAT] = -1
    obs[O.WEIS_TEAM] = -1
    obs[O.LEAD_SUIT] = -1
    obs[O.WINNING_SEAT] = -1
    obs[O.WINNING_CARD] = -1
    obs[O.TRICK_CARDS:O.TRICK_CARDS + 4] = -1
    obs[O.PREDICTIONS:O.PREDICTIONS + 4] = -1
    return obs


def play_obs(hand: str, mode: int, trick: str = "", *, seat=0, played: str = "", chooser=0,
             variant=O.VARIANT_SCHIEBER, trick_no=None, points=0, prediction=-1):
    """The observation of ``seat`` about to play to ``trick`` (cards in play order)."""
    own = hand_of(hand)
    in_trick = cards(trick)
    obs = base(O.PHASE_PLAY, own, variant, seat)
    obs[O.MODE] = mode
    obs[O.CHOOSER] = chooser if variant == O.VARIANT_SCHIEBER else -1
    gone = cards(played)
    obs[O.PLAYED] = mask_of(gone)
    obs[O.TRICK_NO] = len(gone) // 4 if trick_no is None else trick_no
    obs[O.TRICK_N] = len(in_trick)
    obs[O.TRICK_LEADER] = (seat - len(in_trick)) % 4
    lead, best, best_seat = -1, -1, -1
    for i, card in enumerate(in_trick):
        obs[O.TRICK_CARDS + i] = card
        if i == 0:
            lead = card // 9
        if i == 0 or trick_key(card, lead, mode) > trick_key(best, lead, mode):
            best, best_seat = card, (seat - len(in_trick) + i) % 4
    obs[O.LEAD_SUIT] = lead
    obs[O.WINNING_CARD] = best
    obs[O.WINNING_SEAT] = best_seat
    ban = 1 if variant == O.VARIANT_SCHIEBER else 0
    obs[O.LEGAL] = np.int64(legal_cards(np.uint64(own), lead, mode, best, ban))
    obs[O.POINTS + seat] = points
    obs[O.PREDICTIONS + seat] = prediction
    return obs


def name(card: int) -> str:
    return "SHDC"[card // 9] + "6789TJQKA"[card % 9]


# --- trump choice ---------------------------------------------------------------------

def trump_obs(hand: str, pushed=False):
    obs = base(O.PHASE_TRUMP_PUSHED if pushed else O.PHASE_TRUMP, hand_of(hand))
    obs[O.LEGAL] = 0b111111 if pushed else 0b1111111
    obs[O.PUSHED] = int(pushed)
    return obs


def test_buur_and_nell_make_their_suit_trump():
    # Under, 9 and Ace of Shields: the top three trumps if Shields is trump, and
    # little anywhere else (the side cards are low and spread over the suits)
    assert decide(trump_obs("HJ H9 HA H7 S6 S8 D7 C6 C8")) == HEARTS
    # the same shape in Acorns
    assert decide(trump_obs("CJ C9 CA C7 S6 S8 D7 H6 H8")) == C


def test_aces_and_kings_everywhere_choose_obenabe():
    # four Aces with their Kings: eight sure tricks without trump, while any
    # trump suit would hold only two of these cards as trumps
    assert decide(trump_obs("SA SK HA HK DA DK CA CK C6")) == O.MODE_OBE


def test_sixes_and_sevens_choose_unenufe():
    assert decide(trump_obs("S6 S7 H6 H7 D6 D7 C6 C7 C8")) == O.MODE_UNE


def test_a_weak_hand_pushes_and_the_partner_must_choose():
    weak = "S8 S9 SQ H8 H9 HQ D8 DQ C9"      # middle cards, no sure trick in any mode
    assert decide(trump_obs(weak)) == O.ACTION_PUSH
    forced = decide(trump_obs(weak, pushed=True))
    assert 0 <= forced <= 5
    # the threshold decides: pushing needs the best score below push_below
    assert decide(trump_obs(weak), push_below=-1000) != O.ACTION_PUSH


def test_the_scores_behind_the_choice_rank_the_modes():
    hand = hand_of("HJ H9 HA H7 S6 S8 D7 C6 C8")
    coefficients = [H.DEFAULTS[i] for i in range(H.P_INTERCEPT, H.P_INTERCEPT + 1 + H.N_FEATURES)]
    shields = hand_nb.predict_points(np.uint64(hand), HEARTS, *coefficients)
    roses = hand_nb.predict_points(np.uint64(hand), S, *coefficients)
    assert shields > roses


# --- Weis and claims -------------------------------------------------------------------

def weis_obs(own_weis: int):
    obs = base(O.PHASE_WEIS, hand_of("S6 S7 S8 H6 H9 DT DJ CQ CK"))
    obs[O.LEGAL] = 0b11
    obs[O.OWN_WEIS] = own_weis
    return obs


def test_weis_is_declared_unless_below_the_minimum():
    assert decide(weis_obs(20)) == 1
    assert decide(weis_obs(20), weis_min=50) == 0
    assert decide(weis_obs(50), weis_min=50) == 1


def claim_obs(counted_own: int, counted_other: int, seat=1, target=1000):
    obs = base(O.PHASE_CLAIM, hand_of("S6 S7"), seat=seat)
    obs[O.LEGAL] = 0b11
    obs[O.TARGET] = target
    team = seat % 2
    obs[O.TEAM_COUNTED + team] = counted_own
    obs[O.TEAM_COUNTED + 1 - team] = counted_other
    return obs


def test_claims_exactly_when_its_own_team_reached_the_target():
    assert decide(claim_obs(1000, 0)) == 1          # reached: a right claim
    assert decide(claim_obs(999, 0)) == 0           # one short: a claim would lose
    assert decide(claim_obs(500, 1200)) == 0        # the other team's points do not count
    assert decide(claim_obs(1000, 0, seat=2)) == 1  # team 0 this time
    assert decide(claim_obs(960, 0), claim_margin=40) == 1   # an earlier, estimated claim


# --- card play ----------------------------------------------------------------------------

def test_smears_a_ten_on_the_partners_trick():
    # Roses trump. Seat 3 plays last; the partner (seat 1) took the lead with the Ace
    # of Shields. The trick is the partner's whatever seat 3 plays, so the Ten
    # (10 points) goes on it rather than the 6.
    obs_last = play_obs("HT H6 S7 C8", S, "H7 HA H8", seat=3)
    assert decide(obs_last) == parse_card("HT")
    # the partner led the Ace and an opponent still plays after us: a trump of his
    # would take the Ace, and trumps are still out, so the Ten is kept back
    obs = play_obs("HT H6 S7 C8", S, "HA H7", seat=3)
    assert decide(obs) == parse_card("H6")


def test_does_not_give_points_to_an_opponents_trick():
    # the opponent on the right leads the Ace of Shields; holding Ten and 6 of Shields
    # and nothing to take it, the player keeps the Ten
    assert decide(play_obs("HT H6 S7 C8", S, "HA", seat=1)) == parse_card("H6")


def test_keeps_the_buur_off_a_worthless_trick():
    # Roses trump; a 6 of Shields led, the player has no Shields. Trumping in with the
    # Buur would take 0 points: it throws its cheapest card, the 6 of Acorns
    obs = play_obs("SJ C6 CA D7", S, "H6 H7 H8", seat=3, chooser=1)
    assert decide(obs, ruff_min=10) == parse_card("C6")
    # a trick holding 24 points is worth the Buur (at least twice ruff_min)
    rich = play_obs("SJ C6 CA D7", S, "HA HT HQ", seat=3, chooser=1)
    assert decide(rich, ruff_min=10) == parse_card("SJ")
    assert decide(rich, ruff_min=13) == parse_card("C6")


def test_does_not_trump_a_worthless_trick():
    # trick 8 of 9 holds no points: the 6 of trumps is not spent on it
    obs = play_obs("S6 D6", S, "H6 H7 H8", seat=3, trick_no=7)
    assert decide(obs) == parse_card("D6")


def test_takes_the_trick_with_the_cheapest_winner_when_last():
    # Acorns trump, the opponents' King of Roses holds the trick: the Ace takes it
    # (4 points in the trick, 11 on the Ace), the Ten would not
    obs = play_obs("SA ST C7", C, "S6 S7 SK", seat=3, chooser=0)
    assert decide(obs) == parse_card("SA")


def test_overtakes_the_partner_to_make_the_trick_sure():
    # the partner (seat 0) led the King of Roses; the Ace is still out, so an opponent
    # after us could take it. Holding the Ace, the player makes the trick sure
    obs = play_obs("SA S6 C7", HEARTS, "SK S7", seat=2, chooser=1)
    assert decide(obs) == parse_card("SA")


def test_keeps_a_master_back_when_throwing_a_card():
    # Obenabe; the Ace of Roses is gone, so the King of Roses is a master (a trick
    # later). An opponent leads the Ace of Bells, which nothing beats; the player
    # cannot follow and gives the Ten of Shields, although the King (4 points)
    # would be cheaper to lose
    obs = play_obs("SK HT", O.MODE_OBE, "DA", seat=1, chooser=1,
                   played="SA S6 S7 S8 H6 H7 H8 C6 C7 C8 C9 CT CJ CQ CK CA D6 D8 D9 DJ DQ DK DT S9 H9 "
                          "HJ HQ HK")
    assert decide(obs) == parse_card("HT")


def test_pulls_trumps_with_the_master_trump_when_its_team_chose():
    obs = play_obs("SJ S6 CA C7 D8", S, seat=0, chooser=2)
    assert decide(obs) == parse_card("SJ")
    # the opponents chose trump: it leads its master Ace instead
    obs = play_obs("SJ S6 CA C7 D8", S, seat=0, chooser=1)
    assert decide(obs) == parse_card("CA")


def test_pulls_trumps_with_a_low_trump_when_holding_enough():
    # the Buur is out, so no trump of the player's is a master: with two trumps it
    # leads the lower (pull_trumps = 2), for the partner to take with a higher one
    obs = play_obs("S9 S6 HK C7 D8", S, seat=0, chooser=0)
    assert decide(obs, pull_trumps=2) == parse_card("S6")
    # asking for three trumps: it leads its cheapest side card instead
    assert decide(obs, pull_trumps=3) == parse_card("C7")


def test_does_not_pull_trumps_when_none_are_out():
    played = "S7 S8 S9 SA SK SQ ST D6"    # two tricks: every other trump is gone
    obs = play_obs("SJ S6 CA C7 D8", S, seat=0, chooser=0, played=played)
    assert decide(obs) == parse_card("CA")


def test_leads_the_cheapest_side_card_without_a_master():
    # no Ace, no trump: the cheapest card is the 6 of Acorns (0 points, lowest)
    obs = play_obs("HK HQ C6 C9 DT", S, seat=0, chooser=1)
    assert decide(obs) == parse_card("C6")


def test_differenzler_ducks_once_the_prediction_is_reached():
    # Differenzler, Bells trump. The player has 40 points and predicted 40: the Ace of
    # Roses would take the Ten led; it follows with the 6 instead
    reached = play_obs("SA S6 C7", D, "ST", seat=1, variant=O.VARIANT_DIFFERENZLER,
                       points=40, prediction=40)
    assert decide(reached) == parse_card("S6")
    short = play_obs("SA S6 C7", D, "ST", seat=1, variant=O.VARIANT_DIFFERENZLER,
                     points=0, prediction=40)
    assert decide(short) == parse_card("SA")
    # steer=0 takes the points whatever it predicted
    assert decide(reached, steer=0) == parse_card("SA")


def test_differenzler_prediction_is_in_range_and_grows_with_trumps():
    def predict(hand: str, trump: int) -> int:
        obs = base(O.PHASE_PREDICT, hand_of(hand), O.VARIANT_DIFFERENZLER)
        obs[O.MODE] = trump
        obs[O.LEGAL] = O.MAX_PREDICTION
        return decide(obs)

    strong = predict("DJ D9 DA DK DT SA HA CA CT", D)
    weak = predict("S6 S7 S8 H6 H7 H8 C6 C7 C8", D)
    assert 0 <= weak < strong <= O.MAX_PREDICTION


# --- always legal ---------------------------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(st.permutations(range(36)), st.integers(0, 5), st.integers(0, 3), st.integers(0, 8),
       st.integers(0, 3), st.sampled_from([O.VARIANT_SCHIEBER, O.VARIANT_DIFFERENZLER]),
       st.integers(0, 157), st.integers(0, 3))
def test_play_is_always_legal(deck, mode, seat, trick_no, n_in, variant, prediction, chooser):
    """Any position reachable in a deal: 9 - trick_no cards in hand, earlier tricks
    played, n_in cards in the current trick; the card must be in LEGAL."""
    if variant == O.VARIANT_DIFFERENZLER:
        mode = mode % 4
    in_hand = 9 - trick_no
    hand = deck[:in_hand]
    played = deck[in_hand:in_hand + 4 * trick_no]
    trick = deck[in_hand + 4 * trick_no:in_hand + 4 * trick_no + n_in]
    obs = play_obs(" ".join(name(c) for c in hand), mode, " ".join(name(c) for c in trick),
                   seat=seat, played=" ".join(name(c) for c in played), chooser=chooser,
                   variant=variant, trick_no=trick_no, prediction=prediction,
                   points=prediction // 2 + 10 * (seat % 3))
    card = decide(obs)
    assert (int(obs[O.LEGAL]) >> card) & 1, f"{name(card)} is not legal"


# --- whole games through the engine -------------------------------------------------------

def heuristic(**changes) -> str:
    """The heuristic's spec with some params changed (built-in, or by pointer until
    the engine's built-in is this player)."""
    from analysis.jass_fit import player_name
    inside = ",".join(f"{k}={v}" for k, v in changes.items())
    return f"{player_name()}[{inside}]" if inside else player_name()


def schieber(lineup, play_all_chunks, boards=30, seed=1, seating="fixed", **options):
    study = Study.create("jass", variant="schieber", lineup=lineup, boards=boards, seed=seed,
                         seating=seating, options=options)
    return play_all_chunks(study)


def test_heuristic_team_beats_random_team_on_duplicate_deals(play_all_chunks):
    boards = 40
    h = heuristic()
    records = schieber([h, "random", h, "random"], play_all_chunks, boards=boards, seed=2024,
                       seating="duplicate")
    deals = records["deals"]
    # counted points of the heuristic pair (lineup slots 0 and 2) against the random
    # pair's: one row per seat, so a deal's four rows sum to 2 (h - r) and their
    # mean is half the difference; averaged per board (its four rotations)
    score = deals["team_score"].astype(np.float64)
    heuristic_row = deals["player"] % 2 == 0
    board = deals["board"] - deals["board"].min()
    per_deal = (np.bincount(board, np.where(heuristic_row, score, -score), boards)
                / np.bincount(board, minlength=boards))
    mean = per_deal.mean()
    half_width = 2.023 * per_deal.std(ddof=1) / np.sqrt(boards)   # t(0.975; 39) = 2.023
    assert mean - half_width > 0, f"heuristic - random per deal: {mean:.1f} ± {half_width:.1f}"
    games = records["games"]
    assert games["win"][games["player"] % 2 == 0].mean() > 0.9


def test_push_threshold_steers_pushing(play_all_chunks):
    never = schieber([heuristic(push_below=-1000)], play_all_chunks)["deals"]
    always = schieber([heuristic(push_below=1000)], play_all_chunks)["deals"]
    assert (never["pushed"] == 0).all()
    assert (always["pushed"] == 1).all()


def test_weis_min_steers_declaring(play_all_chunks):
    declares = schieber([heuristic()], play_all_chunks)["deals"]
    held = declares["weis_held"] > 0
    assert held.any(), "the sample must hold melds for this test to mean anything"
    assert (declares["weis_declared"] == declares["weis_held"]).all()   # weis_min 0: always
    silent = schieber([heuristic(weis_min=10_000)], play_all_chunks)["deals"]
    assert (silent["weis_declared"] == 0).all()


def test_default_claims_are_always_right(play_all_chunks):
    from sim.games.jass.records import END_CLAIM_RIGHT, END_CLAIM_WRONG
    games = schieber([heuristic()], play_all_chunks, boards=60, target=1000)["games"]
    assert (games["end"] == END_CLAIM_RIGHT).any()
    assert not (games["end"] == END_CLAIM_WRONG).any()
    # claiming 300 points early is a gamble that sometimes loses
    eager = schieber([heuristic(claim_margin=300)], play_all_chunks, boards=60, target=1000)["games"]
    assert (eager["end"] == END_CLAIM_WRONG).any()
