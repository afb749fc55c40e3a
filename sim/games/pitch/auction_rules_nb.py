"""Auction Pitch's rules (numba), shared by the steps (``auction_step_nb``), the
heuristic player (``strategies/pitch_auction_nb.py``) and replay: the legal cards,
the order of a trick's cards, Game's count, the points of a played deal and who
wins the game in the counting order. Apart from the step module, which asks the
players, so that a player can read the rules without importing the steps.
"""
import numpy as np
from numba import njit

from ...bits_nb import ONE, ZERO, highest, lowest, popcount
from . import obs as O
from .cards import ACES, JACKS, KINGS, QUEENS, RANK_JACK, RANK_OF, SUIT_MASKS, SUIT_OF, TENS

N = 4
HAND_SIZE = 6
TARGET = 7
SMUDGE = 4
LOWEST_BID = 2
BID_BITS = np.uint64(0b11100)     # the bids 2, 3, 4 as action bits

# The options as the config holds them (cfg.py): the option's choices, in order.
ALL_PASS_DEALER_FORCED = 0   # all_pass=dealer_forced: the dealer must bid
ALL_PASS_REDEAL = 1          # all_pass=redeal: the same dealer deals again
LOW_TO_DEALT = 0             # low_to=dealt: Low to the seat dealt it
LOW_TO_TAKEN = 1             # low_to=taken: Low to the seat that takes it
SETTLE_NO = 0                # settle_setbacks=no
SETTLE_YES = 1               # settle_setbacks=yes: the winner also collects each set-back

# A game not won after this many deals stops (``end`` = END_CAP): set-backs can keep every
# seat below 7 for a long time, and a board needs a worst case to size its rows.
MAX_DEALS = 200
# Deals dealt again in a row (``all_pass=redeal``) before the game stops with ``end`` =
# END_CAP: a lineup that always passes would deal forever.
MAX_REDEALS = 1000
# How a game ended (the ``end`` column).
END_TARGET = 1
END_SMUDGE = 2
END_CAP = 3


@njit(cache=True, inline="always")
def count_nb(taken):
    """Game's count of a set of cards taken in tricks."""
    return (10 * popcount(taken & TENS) + 4 * popcount(taken & ACES) + 3 * popcount(taken & KINGS)
            + 2 * popcount(taken & QUEENS) + popcount(taken & JACKS))


@njit(cache=True, inline="always")
def legal_cards_nb(hand, lead, trump):
    """A lead: any card. Trump led: follow if able. Another suit led: follow or
    trump, as the player likes. Unable to follow: any card."""
    if lead < 0:
        return hand
    follow = hand & SUIT_MASKS[lead]
    if follow == ZERO:
        return hand
    if lead == trump:
        return follow
    return follow | (hand & SUIT_MASKS[trump])


@njit(cache=True, inline="always")
def trick_key_nb(card, lead, trump):
    """Orders a trick's cards: trumps above the suit led above the rest, then by rank."""
    suit = SUIT_OF[card]
    return RANK_OF[card] + 16 * (suit == lead) + 32 * (suit == trump)


@njit(cache=True, inline="always")
def note_void_nb(st, seat, lead, trump, card):
    """Note in ``st`` that ``seat`` played ``card`` (``PLAYED_BY``) and the cards it showed
    it does not hold (``VOIDS``), as :func:`legal_cards_nb` allows the card (``lead`` the
    suit led, -1 for a lead): a card neither of the suit led nor a trump, only without the
    suit led (a trump led: without a trump). Following suit, trumping and leading show
    nothing."""
    st[O.PLAYED_BY + seat] |= np.int64(ONE << np.uint64(card))
    if lead < 0:
        return
    suit = SUIT_OF[card]
    if suit != lead and suit != trump:      # (a trump led: any card not a trump)
        st[O.VOIDS + seat] |= np.int64(SUIT_MASKS[lead])


# ``ABOVE[card]``: the cards of its suit above it
ABOVE = np.array([int(SUIT_MASKS[c // 13]) & ~((2 << c) - 1) for c in range(52)], dtype=np.uint64)


@njit(cache=True, inline="always")
def beaters_nb(best, trump):
    """The cards that beat ``best``, the winning card of a trick (a trump or of the suit
    led), as :func:`trick_key_nb` orders them: the higher ones of its suit, and every trump
    when it is not one."""
    return ABOVE[best] | (SUIT_MASKS[trump] if SUIT_OF[best] != trump else ZERO)


# -- the bidding -----------------------------------------------------------------------
@njit(cache=True, inline="always")
def legal_bids_nb(st):
    """Pass (0) or a bid 2 … 4 above the highest so far; a dealer after three
    passes may not pass under ``all_pass=dealer_forced``."""
    lowest_bid = max(st[O.HIGH_BID] + 1, LOWEST_BID)
    bids = (BID_BITS >> np.uint64(lowest_bid)) << np.uint64(lowest_bid)   # lowest_bid … 4
    if st[O.HIGH_BID] == 0 and st[O.BIDS_MADE] == N - 1 and st[O.ALL_PASS_RULE] == ALL_PASS_DEALER_FORCED:
        return bids
    return bids | ONE


@njit(cache=True, inline="always")
def apply_bid_nb(st, bid):
    seat = st[O.SEAT]
    st[O.BIDS + seat] = bid
    st[O.BIDS_MADE] += 1
    if bid > st[O.HIGH_BID]:
        st[O.HIGH_BID] = bid
        st[O.BIDDER] = seat
    if st[O.BIDS_MADE] < N:
        st[O.SEAT] = (seat + 1) % N
    elif st[O.BIDDER] < 0:          # every player passed under all_pass=redeal
        st[O.REDEAL] = 1
        st[O.PHASE] = O.PHASE_OVER
    else:                           # the pitcher leads; his first card sets trump
        st[O.PHASE] = O.PHASE_PLAY
        st[O.SEAT] = st[O.BIDDER]
        st[O.TRICK_LEADER] = st[O.BIDDER]


@njit(cache=True, inline="always")
def legal_word_nb(st, hands):
    """The legal set of the decision waiting: one word of bids or cards."""
    phase = st[O.PHASE]
    if phase == O.PHASE_BID:
        return legal_bids_nb(st)
    if phase == O.PHASE_PLAY:
        return legal_cards_nb(hands[st[O.SEAT]], st[O.LEAD], st[O.TRUMP])
    return ZERO


# -- the points and the game -------------------------------------------------------------
@njit(cache=True, inline="always")
def holder_nb(st, first_slot, card):
    """The seat whose set (slots ``first_slot … +3``) holds ``card``; -1 none."""
    for s in range(N):
        if (np.uint64(st[first_slot + s]) >> np.uint64(card)) & ONE != ZERO:
            return s
    return -1


@njit(cache=True, inline="always")
def score_deal_nb(st):
    """A played deal's points: High and Low (``low_to``), Jack, Game, the bid made or not."""
    trump = st[O.TRUMP]
    dealt = ZERO
    for s in range(N):
        dealt |= np.uint64(st[O.DEALT + s])
    in_play = dealt & SUIT_MASKS[trump]
    st[O.HIGH_SEAT] = holder_nb(st, O.DEALT, highest(in_play))
    low = lowest(in_play)
    st[O.LOW_SEAT] = holder_nb(st, O.TAKEN if st[O.LOW_TO_RULE] == LOW_TO_TAKEN else O.DEALT, low)
    st[O.JACK_SEAT] = holder_nb(st, O.TAKEN, 13 * trump + RANK_JACK)   # -1: not dealt
    top = -1
    game_seat = -1
    for s in range(N):
        count = count_nb(np.uint64(st[O.TAKEN + s]))
        if count > top:
            top = count
            game_seat = s
        elif count == top:
            game_seat = -1
    st[O.GAME_SEAT] = game_seat
    for s in range(N):
        st[O.POINTS + s] = ((st[O.HIGH_SEAT] == s) + (st[O.LOW_SEAT] == s)
                            + (st[O.JACK_SEAT] == s) + (game_seat == s))
    bidder = st[O.BIDDER]
    st[O.MADE] = st[O.POINTS + bidder] >= st[O.HIGH_BID]
    st[O.PHASE] = O.PHASE_OVER


@njit(cache=True, inline="always")
def score_change_nb(st, seat):
    """The deal's change of a seat's game score: its points, or minus the bid for a set pitcher."""
    if seat == st[O.BIDDER] and st[O.MADE] == 0:
        return -st[O.HIGH_BID]
    return st[O.POINTS + seat]


@njit(cache=True, inline="always")
def winner_nb(st):
    """(winner, smudge) after a played deal: the seat that wins the game in the counting
    order (a smudge made out of the hole at once; else the pitcher's points first, then
    the others' High, Low, Jack, Game), -1 none; smudge 1 when a smudge won it."""
    bidder = st[O.BIDDER]
    made = st[O.MADE] == 1
    if made and st[O.HIGH_BID] == SMUDGE and st[O.SCORES + bidder] >= 0:
        return bidder, 1
    if made and st[O.SCORES + bidder] + st[O.POINTS + bidder] >= TARGET:
        return bidder, 0
    for point in range(4):          # High, Low, Jack, Game: one more point to its seat
        seat = st[O.HIGH_SEAT + point]
        if seat >= 0 and seat != bidder:
            running = st[O.SCORES + seat] + 1
            for earlier in range(point):
                running += st[O.HIGH_SEAT + earlier] == seat
            if running >= TARGET:
                return seat, 0
    return -1, 0
