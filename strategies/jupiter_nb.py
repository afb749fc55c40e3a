"""Beim Jupiter players as compiled functions on the observation (``sim/games/jupiter/obs.py``).

``random_decide``: uniform among the legal actions of any decision (the
engine's inline random player makes the same choice). ``heuristic_nb``: a
player for every decision with tunable params (``NAMES``):

* the layout: the numbered colour card with the best ``layout_value`` ×
  its number + ``layout_pull`` × the cards of its colour in the hand (a high
  card is worth more won; positive ``layout_pull`` lays out from a long
  colour, pulling the trump towards it, negative from a short one);
* the bid: the tricks the hand should take (Jupiter and Juno one each, a trump
  ``trump_win`` × its height, a top card of another colour ``high_win``, a God
  card as a top card) + ``bid_shift``; the counter near that estimate whose
  best card, less ``counter_cost`` per trick away from it, is worth most;
  locked when its own card's number reaches ``lock_min``; the zero-trick card
  when the estimate is below ``zero_below``;
* card play to hit the bid exactly: while it needs tricks it wins as cheaply as
  it can (leads its strongest card), else throws its cheapest; once it has
  enough it plays its highest card that does not take the trick (a lamb only
  when nothing else ducks). A God card's value is chosen with it: as 15 when
  that wins a wanted trick (``god_high`` 1), as 0 to duck;
* the allocation: the highest card it may take, its own card counting
  ``take_own`` more.
"""
import numpy as np
from numba import njit

from sim.bits_nb import lowest, popcount
from sim.games.jupiter import obs as O
from sim.games.jupiter.rules_nb import (COLOUR_MASK, GOD_RANK, JUPITER_JUNO, LAMB_1, NUMBER_MASK,
                                        ONE, ZERO, action_card, action_value, card_key, lead_of,
                                        number_of)
from sim.kit_nb import random_choice2_nb

NAMES = ("layout_value", "layout_pull", "trump_win", "high_win", "bid_shift", "counter_cost",
         "lock_min", "zero_below", "god_high", "take_own")
DEFAULTS = (2.0, -2.0, 0.8, 0.4, -0.5, 8.0, 3.0, 1.2, 1.0, 0.5)
RANGES = ((-5.0, 5.0), (-5.0, 5.0), (0.0, 2.0), (0.0, 2.0), (-5.0, 5.0), (0.0, 20.0),
          (1.0, 15.0), (-1.0, 5.0), (0.0, 1.0), (-14.0, 14.0))
TOP_NUMBER = np.array([8, 11, 14], dtype=np.int64)     # by players 3, 4, 5


@njit(cache=True)
def random_decide(obs, params):
    """Uniform among the legal actions (the same choice as the engine's inline random player)."""
    return random_choice2_nb(np.uint64(obs[O.LEGAL]), np.uint64(obs[O.LEGAL + 1]), obs[O.RANDOM])


@njit(cache=True, inline="always")
def _estimate(hand, trump, top, trump_win, high_win):
    """Tricks the hand (one word: L3 never takes one) should take."""
    est = popcount(hand & JUPITER_JUNO) * 1.0
    for c in range(4):
        cards = hand & COLOUR_MASK[c]
        god = (cards >> np.uint64(15 * c + GOD_RANK)) & ONE
        if c == trump:
            for k in range(1, top + 1):
                if cards & NUMBER_MASK[k] != ZERO:
                    est += trump_win * k / top
            est += trump_win * np.float64(god)
        else:
            for k in range(top - 1, top + 1):
                if cards & NUMBER_MASK[k] != ZERO:
                    est += high_win
            est += high_win * np.float64(god)
    return est


@njit(cache=True, inline="always")
def _top_number(table):
    """The highest number among a counter's cards (one word), 0.0 for none."""
    value = 0.0
    for v in range(14, 0, -1):
        if table & NUMBER_MASK[v] != ZERO:
            value = v
            break
    return value


@njit(cache=True, inline="always")
def _play(lo, hi, want, trump, lead, winning_key, god_low_only):
    leading = lead < 0
    best_a = -1
    best = -1e18
    # the legal actions in ascending order (the first of equal scores is kept): the set
    # bits alone, not all 69 actions
    for w in range(2):
        word = lo if w == 0 else hi
        while word != ZERO:
            a = 64 * w + lowest(word)
            word &= word - ONE
            if a >= 65 and god_low_only:
                continue                         # never a God at 15
            card = action_card(a)
            value = action_value(a)
            after = lead if lead >= 0 else lead_of(card)
            key = card_key(card, value, after, trump)
            wins = key > winning_key
            if want:
                if leading:
                    score = key
                elif wins:
                    score = 1000.0 - key         # the cheapest card that wins
                else:
                    score = -key - value / 100.0 # the cheapest throw
            else:
                if leading:
                    score = -key if card < LAMB_1 else -200.0
                elif wins:
                    score = -1000.0 - key
                else:
                    score = key if card < LAMB_1 else -500.0   # duck with the highest, lambs last
            if score > best:
                best = score
                best_a = a
    return best_a


@njit(cache=True, inline="always")
def _card(legal, layout, hand, own, layout_value, layout_pull, take_own):
    """The layout (``layout`` True) or the card taken at the allocation."""
    best_a = -1
    best = -1e18
    word = legal                             # cards below 64, ascending
    while word != ZERO:
        a = lowest(word)
        word &= word - ONE
        if layout:
            score = layout_value * number_of(a) + layout_pull * popcount(hand & COLOUR_MASK[a // 15])
        else:                                # take
            score = number_of(a) + (take_own if a == own else 0.0)
        if score > best:
            best = score
            best_a = a
    return best_a


@njit(cache=True, inline="always")
def heuristic_nb(obs, params):
    """The heuristic player. The engine inlines it where the game asks a player (one
    call site) and hands it the state itself; it reads the observation and its params
    here, and its helpers work on scalars (a call per decision, even of scalars, was
    4 % slower: measured on heuristic 4- and 5-player games)."""
    phase = obs[O.PHASE]
    seat = obs[O.SEAT]
    lo = np.uint64(obs[O.LEGAL])
    trump = obs[O.TRUMP]
    if phase == O.PHASE_PLAY:
        return _play(lo, np.uint64(obs[O.LEGAL + 1]), obs[O.BIDS + seat] - obs[O.TRICKS + seat] > 0,
                     trump, obs[O.LEAD], obs[O.WINNING_KEY], params[8] < 0.5)
    hand = np.uint64(obs[O.HAND])
    if phase == O.PHASE_BID:
        est = _estimate(hand, trump, TOP_NUMBER[obs[O.N_PLAYERS] - 3], params[2],
                        params[3]) + params[4]
        if (lo & ONE) != ZERO and est < params[7]:
            return 0
        counter_cost = params[5]
        best_k = 1
        best = -1e18
        for k in range(1, obs[O.N_TRICKS] + 1):
            score = _top_number(np.uint64(obs[O.TABLE + k])) - counter_cost * abs(k - est)
            if score > best:
                best = score
                best_k = k
        if number_of(obs[O.LAYOUTS + seat]) >= params[6]:
            return O.LOCKED_BID + best_k
        return best_k
    return _card(lo, phase == O.PHASE_LAYOUT, hand, obs[O.LAYOUTS + seat], params[0], params[1],
                 params[9])


@njit(cache=True)
def heuristic_decide(obs, params):
    return heuristic_nb(obs, params)
