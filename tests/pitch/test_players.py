"""Auction Pitch's heuristic, each decision on a hand-made observation.

Every test builds the observation the engine would show (``obs.py``): the
legal actions from the rules (``auction_rules_nb``), the trick from the cards
played to it. The expected action is argued from what the player is meant to
do (docs/pitch_players.md), and a param that turns the skill off shows the
action taken without it.
"""
import numpy as np

from sim.games.pitch import obs as O
from sim.games.pitch.auction_rules_nb import legal_bids_nb, legal_cards_nb, trick_key_nb
from sim.games.pitch.cards import NAMES, mask_of, parse_card
from strategies import pitch_auction_nb as H
from strategies.abi import N_PARAMS


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def params(**changes) -> np.ndarray:
    row = np.zeros(N_PARAMS, np.float64)
    row[: len(H.DEFAULTS)] = H.DEFAULTS
    for name, value in changes.items():
        row[H.NAMES.index(name)] = value
    return row


def bidding(hand: str, bids=(), seat=0, dealer=3, all_pass_redeal=False):
    """The observation of ``seat`` to bid after ``bids`` (from the dealer's left)."""
    st = np.zeros(O.STATE_SIZE, np.int64)
    st[O.PHASE] = O.PHASE_BID
    st[O.SEAT] = seat
    st[O.DEALER] = dealer
    st[O.BIDDER] = -1
    st[O.TRUMP] = -1
    st[O.ALL_PASS_RULE] = int(all_pass_redeal)
    for i, bid in enumerate(bids):
        s = (dealer + 1 + i) % 4
        st[O.BIDS + s] = bid
        if bid > st[O.HIGH_BID]:
            st[O.HIGH_BID], st[O.BIDDER] = bid, s
    st[O.BIDS_MADE] = len(bids)
    st[O.HAND] = mask_of(cards(hand))
    st[O.LEGAL] = np.int64(legal_bids_nb(st))
    return st


def playing(hand: str, trump: int, trick="", played="", seat=0, bidder=0):
    """The observation of ``seat`` to play: ``trick`` the cards of this trick in play order."""
    st = np.zeros(O.STATE_SIZE, np.int64)
    st[O.PHASE] = O.PHASE_PLAY
    st[O.SEAT] = seat
    st[O.BIDDER] = bidder
    st[O.HIGH_BID] = 2
    st[O.TRUMP] = trump
    st[O.PLAYED] = mask_of(cards(played))
    in_trick = cards(trick)
    st[O.TRICK_N] = len(in_trick)
    st[O.LEAD] = in_trick[0] // 13 if in_trick else -1
    if in_trick:
        best = max(in_trick, key=lambda c: trick_key_nb(c, st[O.LEAD], trump))
        st[O.WINNING_CARD] = best
    for i in range(4):
        st[O.TRICK_CARDS + i] = in_trick[i] if i < len(in_trick) else -1
    hand_word = np.uint64(mask_of(cards(hand)))
    st[O.HAND] = np.int64(hand_word)
    st[O.LEGAL] = np.int64(legal_cards_nb(hand_word, st[O.LEAD], trump))
    return st


def decide(st, **changes) -> int:
    return int(H.auction_heuristic_nb(st, params(**changes)))


def test_a_strong_suit_bids_the_lowest_winning_bid_and_a_weak_hand_passes():
    strong = "SA SK SJ S2 HT HA"          # High, Low, Jack sure; count 4+3+1+10+4 + trumps
    assert decide(bidding(strong)) == 2
    assert decide(bidding(strong, bids=[2], seat=1)) == 3          # above the 2 already bid
    weak = "S7 H8 D9 C6 C5 D4"
    assert decide(bidding(weak)) == 0
    # a lower margin: the strong hand no longer reaches 3
    assert decide(bidding(strong, bids=[2], seat=1), bid_margin=-1.5) == 0


def test_a_smudge_only_from_bid_smudge():
    hand = "SA SK SJ S2 ST SQ"               # every trump point and a count of 20 + trumps
    st = bidding(hand, bids=[2, 3], seat=2)
    assert decide(st) == 4
    assert decide(st, bid_smudge=5.0) == 0


def test_a_forced_dealer_bids_2():
    st = bidding("S7 H8 D9 C6 C5 D4", bids=[0, 0, 0], seat=3)
    assert np.uint64(st[O.LEGAL]) & np.uint64(1) == 0       # no pass
    assert decide(st) == 2


def test_the_pitch_is_the_best_suits_highest_card():
    st = playing("SA SK S2 H3 D4 C5", trump=-1)
    assert NAMES[decide(st)] == "SA"


def test_the_pitcher_leads_his_master_trump():
    st = playing("SK S4 HA D4 C5", trump=0, played="SA S2 S3 HQ")
    assert NAMES[decide(st)] == "SK"            # SA is gone: SK is the master trump
    st = playing("SK S4 HA D4 C5", trump=0, played="S2 S3 HQ D2")
    assert NAMES[decide(st)] == "HA"            # SA unseen: a side Ace instead


def test_the_last_player_takes_a_trick_worth_it_with_its_cheapest_winner():
    # hearts led (trump spades); the trick holds HT (10 for Game)
    st = playing("HA HK H3 S5 D2", trump=0, trick="H2 HT H9", seat=3, bidder=1)
    assert NAMES[decide(st)] == "HK"            # HK wins more cheaply than HA or a trump
    assert NAMES[decide(st, play_take=30)] == "H3"   # not worth a winner: the cheapest legal card


def test_a_player_who_cannot_win_throws_its_cheapest_card_keeping_count_and_trumps():
    st = playing("HT SJ S5 D2", trump=0, trick="CA", seat=1, bidder=0)
    assert NAMES[decide(st)] == "D2"


def test_the_jack_of_trumps_is_kept_unless_sure_to_win():
    # spades led by the pitcher with S9; seat 1 holds SJ and S3, SQ SK SA unseen
    st = playing("SJ S3 H4", trump=0, trick="S9", seat=1, bidder=0)
    assert NAMES[decide(st)] == "S3"
    # the last to play, the trick worth the Jack: it takes with SJ
    st = playing("SJ S3 H4", trump=0, trick="S9 S2 S4", seat=3, bidder=0)
    assert NAMES[decide(st)] == "SJ"
