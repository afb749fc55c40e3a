"""Ten-point Pitch's heuristic (``heuristic_nb`` of ``pitch_nb`` calls it for this game).

* Bidding: for each suit, the points the hand can expect as bidder — the
  Ace sure, the Jack, Jick and jokers by their guards (higher trumps held),
  the 10 and the 3 by the trumps that can protect them, the 2 sure (it
  scores to its player's team), the trumps the sweep of the stock should
  bring (``ten_sweep``) and length (``ten_length`` a trump beyond three),
  plus the partner's share (``ten_partner``). The estimate less
  ``ten_margin`` is the bid if it beats the last; the last to speak bids
  only the lowest bid that wins (``ten_last_min``); the forced dealer bids 4.
* Trump: the suit of the best estimate.
* Burns: the lowest non-point trump allowed; among point trumps the least
  likely to score (10, LJ, BJ, Jick, J, A, 3, the 2 last).
* Play: on lead, a master trump (none higher unseen) takes its trick, the
  one carrying most points first; else the bidder or his partner holding
  ``ten_pull`` trumps or more pulls with his highest non-point trump; else a
  low non-point trump (the 2 rather: its point is safe). Following: a trick
  the partner surely wins gets fed the most points held; a trick the seat
  can surely win is taken with the winning card carrying most points; a
  trick with ``ten_capture`` points or more is attacked with a non-point
  trump that beats it; otherwise the card
  that risks fewest points, lowest first (the 3 and the jokers saved for a
  sure trick, the 2 played freely: its point is its player's).
"""
import numpy as np
from numba import njit

from sim.bits_nb import ONE, ZERO, highest, popcount
from sim.games.pitch import obs as O
from sim.games.pitch.ten_point_rules_nb import (card_points_nb, jick_nb, point1_of_nb,
                                                trumps_of_nb, value_bits_nb, value_of_nb)
from sim.kit_nb import random_choice_nb

NAMES = ("ten_margin", "ten_partner", "ten_sweep", "ten_length", "ten_pull", "ten_capture",
         "ten_last_min")
DEFAULTS = (-2.0, 1.5, 0.3, 0.35, 4.0, 1.0, 1.0)
RANGES = ((-3.0, 5.0), (0.0, 4.0), (0.0, 1.0), (0.0, 1.5), (0.0, 10.0), (0.0, 4.0), (0.0, 1.0))

P_MARGIN, P_PARTNER, P_SWEEP, P_LENGTH, P_PULL, P_CAPTURE, P_LAST_MIN = range(7)


@njit(cache=True, inline="always")
def _has(word, card):
    return (word >> np.uint64(card)) & ONE != ZERO


@njit(cache=True, inline="always")
def _from_top(i, trump):
    """The i-th trump from the top among A K Q J Jick BJ LJ T (no array: no allocation)."""
    if i < 4:
        return 13 * trump + 12 - i
    if i == 4:
        return jick_nb(trump)
    if i == 5:
        return 53
    if i == 6:
        return 52
    return 13 * trump + 8


@njit(cache=True, inline="always")
def estimate_nb(hand, trump, params):
    """The points a 9-card hand can expect as bidder with ``trump`` named."""
    trumps = trumps_of_nb(trump)
    held = hand & trumps
    n = popcount(held)
    base = 13 * trump
    # how many of the trumps above each point card the hand holds: its guards
    above = 0
    est = 0.0
    # from the top: A K Q J Jick BJ LJ T
    # (unrolled; each card's share added as a select, 0.0 when not held: the same sums,
    # without a branch on the cards held, a coin flip for each)
    for i in range(8):
        c = _from_top(i, trump)
        if i == 0:
            share = 1.2                             # the Ace: sure, and it captures
        elif i == 1 or i == 2:
            share = 0.3 if above >= i - 1 else 0.1  # K Q: capturing power only
        elif i < 7:
            share = min(1.0, 0.35 + 0.2 * above + 0.05 * n)
        else:
            share = min(1.0, 0.3 + 0.1 * above + 0.05 * n)
        h = _has(held, c)
        est += share if h else 0.0
        above += np.int64(h)
    three = 3.0 * min(1.0, 0.25 + 0.12 * above + 0.04 * n)
    est += three if _has(held, base + 1) else 0.0    # the 3
    est += 1.0 if _has(held, base) else 0.0          # the 2: its player's team scores it
    unseen = 16 - n
    est += params[P_SWEEP] * unseen * 18.0 / 45.0 * 0.5
    est += params[P_LENGTH] * max(0, n - 3)
    return est + params[P_PARTNER]


@njit(cache=True, inline="always")
def _bid(obs, params, legal):
    hand = np.uint64(obs[O.HAND])
    best = 0.0
    for t in range(4):
        best = max(best, estimate_nb(hand, t, params))
    if legal & ONE == ZERO:          # forced: the lowest bid allowed
        for b in range(4, 11):
            if _has(legal, b):
                return b
    want = int(best - params[P_MARGIN])
    partner = (obs[O.SEAT] + 2) % 4
    if obs[O.BIDDER] == partner and want <= obs[O.HIGH_BID] + 1:
        return 0                     # the partner holds the bid: no outbidding him cheaply
    want = min(want, 10)
    if want < 4 or not _has(legal, want):
        return 0
    if obs[O.BIDS_MADE] == 3 and params[P_LAST_MIN] >= 0.5:
        return max(obs[O.HIGH_BID] + 1, 4)     # the last to speak: the lowest bid that wins
    return want


@njit(cache=True, inline="always")
def _trump(obs, params):
    hand = np.uint64(obs[O.HAND])
    best = -1.0
    suit = 0
    for t in range(4):
        e = estimate_nb(hand, t, params)
        if e > best:
            best = e
            suit = t
    return suit


@njit(cache=True, inline="always")
def _burn_key(card, trump):
    """Lower burns first: non-point low cards, then point cards least likely to score."""
    v = value_of_nb(card, trump)
    p = card_points_nb(card, trump)
    if p == 0:
        return v
    if card == 13 * trump:
        return 100                   # the 2: a sure point
    if card == 13 * trump + 1:
        return 90                    # the 3
    if v == 15:
        return 80                    # the Ace
    return 20 + v


@njit(cache=True, inline="always")
def _burn(obs, legal):
    trump = obs[O.TRUMP]
    best = -1
    key = 1 << 30
    x = legal
    while x != ZERO:
        low = x & (~x + ONE)
        c = popcount(low - ONE)
        x ^= low
        k = _burn_key(c, trump)
        if k < key:
            key = k
            best = c
    return best


@njit(cache=True, inline="always")
def _play(obs, params, legal):
    seat = obs[O.SEAT]
    trump = obs[O.TRUMP]
    trumps = trumps_of_nb(trump)
    hand = np.uint64(obs[O.HAND]) & trumps
    n_trick = obs[O.TRICK_N]
    trick = ZERO
    for i in range(n_trick):
        trick |= ONE << np.uint64(obs[O.TRICK_CARDS + i])
    gone = np.uint64(obs[O.PLAYED]) | np.uint64(obs[O.BURNED]) | trick
    unseen = trumps & ~gone & ~hand
    top_unseen = highest(value_bits_nb(unseen, trump))   # -1: none
    leader = obs[O.TRICK_LEADER] if n_trick > 0 else seat
    me = (seat - leader) % 4
    opponents_after = 0
    out = obs[O.OUT]
    for k in range(me + 1, 4):
        s = (leader + k) % 4
        if (out >> s) & 1 == 0 and s % 2 != seat % 2:
            opponents_after += 1
    bidding_side = obs[O.BIDDER] % 2 == seat % 2
    # the candidate cards, scored
    best = -1
    best_key = -1e18
    if n_trick == 0:
        n_held = popcount(hand)
        pull = bidding_side and n_held >= params[P_PULL]
        x = hand
        while x != ZERO:
            low = x & (~x + ONE)
            c = popcount(low - ONE)
            x ^= low
            v = value_of_nb(c, trump)
            p = card_points_nb(c, trump)
            master = v > top_unseen or unseen == ZERO
            if master:
                key = 1000.0 + p * 10 + v            # a sure trick: take it
            elif pull:
                key = 500.0 + v - 20 * p              # pull with the highest non-point
            else:
                key = -v - 30.0 * p                   # low, no points at risk
                if c == 13 * trump:
                    key = 50.0                        # the 2 scores wherever it goes
            if key > best_key:
                best_key = key
                best = c
        return best
    win_card = obs[O.WINNING_CARD]
    win_value = value_of_nb(win_card, trump)
    partner_wins = obs[O.WINNING_SEAT] % 2 == seat % 2
    partner_sure = partner_wins and (opponents_after == 0 or win_value > top_unseen)
    # the points on the trick for its winner (not the 2's): one a card, the 3 three
    trick_points = popcount(trick & point1_of_nb(trump)) + 3 * np.int64(_has(trick, 13 * trump + 1))
    x = hand
    while x != ZERO:
        low = x & (~x + ONE)
        c = popcount(low - ONE)
        x ^= low
        v = value_of_nb(c, trump)
        p = card_points_nb(c, trump)
        two = c == 13 * trump
        beats = v > win_value
        sure = beats and (opponents_after == 0 or v > top_unseen)
        if partner_sure:
            key = 100.0 * p - v + (150.0 if two else 0.0)   # feed the partner
        elif sure:
            key = 1000.0 + 10.0 * p - v + 10.0 * trick_points
        elif beats and trick_points >= params[P_CAPTURE] and p == 0 and not partner_wins:
            key = 500.0 + v                            # attack with a plain trump
        else:
            risk = 0 if two else p
            key = -100.0 * risk - v
        if key > best_key:
            best_key = key
            best = c
    return best


@njit(cache=True)
def ten_point_heuristic_nb(obs, params):
    """One decision of Ten-point Pitch (``obs``: ``sim/games/pitch/obs.py``)."""
    legal = np.uint64(obs[O.LEGAL])
    phase = obs[O.PHASE]
    if phase == O.PHASE_PLAY:
        action = _play(obs, params, legal)
    elif phase == O.PHASE_BID:
        action = _bid(obs, params, legal)
    elif phase == O.PHASE_TRUMP:
        action = _trump(obs, params)
    elif phase == O.PHASE_BURN:
        action = _burn(obs, legal)
    else:
        action = -1
    if action < 0 or not _has(legal, action):
        return random_choice_nb(legal, obs[O.RANDOM])   # never reached: a safety net
    return action
