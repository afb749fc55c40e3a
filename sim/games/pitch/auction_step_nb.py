"""Auction Pitch (Setback): one deal's rules on the state ``(st, hands)`` (``obs.py``).

Everything the kernel and the step interface share is here, written once:
the bidding, the legal cards, the card-play loop (:func:`play_cards_nb`,
which keeps the trick in locals), the points of a finished deal and who
wins the game in the counting order. docs/rules.md states the rules.

``chance`` for :func:`start_deal_nb` (``sim.kit_nb.CH_*``): the dealer at
``CH_DEALER``, each seat's game score before the deal at ``CH_TOTALS …
+3`` and the times each seat was set back so far at ``CH_TOTALS + 4 … +7``.
"""
import numpy as np
from numba import njit

from ...bits_nb import ONE, ZERO, bit, highest, lowest
from ...kit_nb import (CH_DEALER, CH_TOTALS, close_trick_nb, draw_nb, flag_illegal_nb, is_legal_nb,
                       random_choice_nb, store_trick_nb, trace_decision_nb)
from strategies.abi import KIND_HEURISTIC, KIND_RANDOM
from strategies.pitch_auction_nb import auction_heuristic_nb
from . import obs as O
from .auction_rules_nb import count_nb, legal_cards_nb, trick_key_nb
from .cards import RANK_JACK, SUIT_MASKS, SUIT_OF
from .cfg import CFG_ALL_PASS, CFG_LOW_TO

N = 4
HAND_SIZE = 6
TARGET = 7
SMUDGE = 4
LOWEST_BID = 2
BID_BITS = np.uint64(0b11100)     # the bids 2, 3, 4 as action bits


# -- the deal's start and the bidding ---------------------------------------------------
@njit(cache=True)
def start_deal_nb(st, hands, cfg, dealt, chance):
    """Deal ``dealt[0 … 3]`` (one word a seat) with the dealer and scores of ``chance``."""
    begin_deal_nb(st, hands, cfg, dealt, chance)


@njit(cache=True, inline="always")   # once a deal in the kernel: a call passing arrays costs ~50 ns
def begin_deal_nb(st, hands, cfg, dealt, chance):
    for i in range(O.TEN_POINT_PRIVATE):     # the observation and Auction's own slots
        st[i] = 0
    dealer = chance[CH_DEALER]
    st[O.PHASE] = O.PHASE_BID
    st[O.SEAT] = (dealer + 1) % N
    st[O.DEALER] = dealer
    st[O.N_PLAYERS] = N
    st[O.VARIANT] = O.VARIANT_AUCTION
    st[O.BIDDER] = -1
    st[O.TRUMP] = -1
    st[O.TRICK_LEADER] = -1
    st[O.LEAD] = -1
    st[O.WINNING_SEAT] = -1
    st[O.WINNING_CARD] = -1
    for s in range(N):
        hands[s] = dealt[s]
        st[O.DEALT + s] = np.int64(dealt[s])
        st[O.TRICK_CARDS + s] = -1
        st[O.BIDS + s] = -1
        st[O.SCORES + s] = chance[CH_TOTALS + s]
        st[O.SETBACKS + s] = chance[CH_TOTALS + 4 + s]
    for s in range(N, O.HANDS_SIZE):
        hands[s] = ZERO
    st[O.ALL_PASS_RULE] = cfg[CFG_ALL_PASS]
    st[O.LOW_TO_RULE] = cfg[CFG_LOW_TO]
    st[O.HIGH_SEAT] = -1
    st[O.LOW_SEAT] = -1
    st[O.JACK_SEAT] = -1
    st[O.GAME_SEAT] = -1


@njit(cache=True, inline="always")
def legal_bids_nb(st):
    """Pass (0) or a bid 2 … 4 above the highest so far; a dealer after three
    passes may not pass under ``all_pass=dealer_forced``."""
    lowest_bid = max(st[O.HIGH_BID] + 1, LOWEST_BID)
    bids = (BID_BITS >> np.uint64(lowest_bid)) << np.uint64(lowest_bid)   # lowest_bid … 4
    if st[O.HIGH_BID] == 0 and st[O.BIDS_MADE] == N - 1 and st[O.ALL_PASS_RULE] == 0:
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


# -- card play ---------------------------------------------------------------------------
@njit(cache=True, inline="always")
def legal_now_nb(st, hands):
    phase = st[O.PHASE]
    if phase == O.PHASE_BID:
        return legal_bids_nb(st)
    if phase == O.PHASE_PLAY:
        return legal_cards_nb(hands[st[O.SEAT]], st[O.LEAD], st[O.TRUMP])
    return ZERO


@njit(cache=True, inline="always")
def ask_player_nb(st, hands, seat, legal, slot, kinds, params, fns, draw, obs, status):
    """A heuristic or user player's action, checked; -1 after an illegal one (``status``).

    The built-in heuristic reads the state itself (its observation slots
    filled in; it never reads past ``OBS_SIZE``); a user's player gets a
    copy of the observation, so nothing it writes can change the game.
    """
    if kinds[slot] == KIND_HEURISTIC or fns is None:
        st[O.HAND] = np.int64(hands[seat])
        st[O.LEGAL] = np.int64(legal)
        st[O.RANDOM] = draw
        action = auction_heuristic_nb(st, params[slot])
    else:
        for i in range(O.OBS_SIZE):
            obs[i] = st[i]
        obs[O.HAND] = np.int64(hands[seat])
        obs[O.LEGAL] = np.int64(legal)
        obs[O.RANDOM] = draw
        action = fns[slot](obs, params[slot])
    if not is_legal_nb(action, legal):
        flag_illegal_nb(status, seat, slot, st[O.PHASE], action, np.int64(legal), 0)
        return -1
    return action


@njit(cache=True, inline="always")
def play_cards_nb(st, hands, lineup, kinds, params, fns, dec_rng, obs, status, forced, trace):
    """The card play: cards into tricks, tricks to their winners, then the points.

    With ``forced`` >= 0 (and ``kinds`` None: no players, none of their code
    compiled) plays that card for the seat to act and returns. With
    ``forced`` < 0 asks the players and plays the deal out; returns False
    after an illegal action (``status``). The trick in progress lives in
    locals and is written back before a player that reads the state decides
    and at the end: the random players' loop stays in registers (Wizard's
    loop measured ~45 % faster so).
    """
    trump = st[O.TRUMP]
    seat = st[O.SEAT]
    k = st[O.TRICK_N]
    lead = st[O.LEAD]
    best = st[O.WINNING_CARD]
    best_seat = st[O.WINNING_SEAT]
    trick_no = st[O.TRICK_NO]
    played = np.uint64(st[O.PLAYED])
    trick_cards = ZERO
    best_key = trick_key_nb(best, lead, trump) if best >= 0 else -1
    for i in range(k):
        trick_cards |= bit(st[O.TRICK_CARDS + i])
    while trick_no < HAND_SIZE:
        if kinds is None:
            card = forced
        else:
            legal = legal_cards_nb(hands[seat], lead, trump)
            draw = draw_nb(dec_rng)
            slot = lineup[seat]
            if kinds[slot] == KIND_RANDOM:
                card = random_choice_nb(legal, draw)
            else:
                store_trick_nb(st, O.SEAT, O.TRICK_BLOCK, seat, k, lead, best, best_seat, trick_no,
                               np.int64(played))
                st[O.TRUMP] = trump
                card = ask_player_nb(st, hands, seat, legal, slot, kinds, params, fns, draw, obs,
                                     status)
                if card < 0:
                    return False
            trace_decision_nb(trace, seat, O.PHASE_PLAY, card)
        if trump < 0:               # the pitch: its suit is trump
            trump = SUIT_OF[card]
        hands[seat] &= ~bit(card)
        st[O.TRICK_CARDS + k] = card
        trick_cards |= bit(card)
        if k == 0:
            lead = SUIT_OF[card]
        # selects, not a branch: which card wins is a coin flip for random players
        card_key = trick_key_nb(card, lead, trump)
        take = (k == 0) | (card_key > best_key)
        best = card if take else best
        best_key = card_key if take else best_key
        best_seat = seat if take else best_seat
        k += 1
        seat = seat + 1 if seat + 1 < N else 0
        if k == N:                  # the winner takes the trick and leads the next
            st[O.TAKEN + best_seat] |= np.int64(trick_cards)
            played |= trick_cards
            trick_cards = ZERO
            close_trick_nb(st, O.TRICK_BLOCK, O.TRICK_CARDS, N, best_seat)
            seat = best_seat
            trick_no += 1
            k = 0
            lead = -1
            best = -1
            best_seat = -1
        if forced >= 0:
            break
    store_trick_nb(st, O.SEAT, O.TRICK_BLOCK, seat, k, lead, best, best_seat, trick_no,
                   np.int64(played))
    st[O.TRUMP] = trump
    if trick_no == HAND_SIZE:
        score_deal_nb(st)
    return True


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
    st[O.LOW_SEAT] = holder_nb(st, O.TAKEN if st[O.LOW_TO_RULE] else O.DEALT, low)
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


@njit(cache=True)
def apply_nb(st, hands, cfg, action):
    if st[O.PHASE] == O.PHASE_BID:
        apply_bid_nb(st, action)
    else:
        none_i = np.zeros(1, dtype=np.int64)
        play_cards_nb(st, hands, none_i, None, np.zeros((1, 1)), None, np.zeros(4, dtype=np.uint64),
                      none_i, none_i, action, None)


@njit(cache=True)
def result_nb(st, cfg, out):
    """Each seat's change of game score in the deal (all 0 for a deal dealt again)."""
    for s in range(N):
        out[s] = 0 if st[O.REDEAL] else score_change_nb(st, s)
    return N
