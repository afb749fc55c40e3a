"""Examples of user-written players: ``greedy`` (Wizard and Oh Hell) and
``cheap`` (Jass: Schieber and Differenzler).

Each shows everything a player needs and nothing more; copy one to start
your own (``docs/strategies.md`` explains each step).

``greedy``:

* **Bid**: a share of the hand (param ``fraction``, default one half),
  rounded to the nearest legal bid.
* **Trump** after a turned-up Wizard: the suit it holds most cards of.
* **Play**: always its highest legal card — a Wizard, else its highest
  trump, else its highest card by rank; a Jester only when nothing else is
  legal. It never saves a strong card for later.

It is an example, not a good player: half the hand is far more than a hand
usually wins, so it mostly takes fewer tricks than it bid.

Name it by its import path wherever a player name goes, with params in
brackets if you like::

    tricksim simulate wizard -p strategies.examples:GREEDY -p heuristic -p random -p heuristic
    Study.create("wizard", lineup=["strategies.examples:GREEDY[fraction=0.3]", "heuristic"] * 2)

``cheap`` (see the end of this module):

* **Trump** (Schieber): the suit it holds most cards of; it never pushes.
* **Weis**: always declares. **Claim**: exactly when the team's counted
  points reach the target (a right claim).
* **Prediction** (Differenzler): param ``prediction`` (default 39), rounded
  into 0 … 157.
* **Play**: its legal card worth the fewest points in the mode.

Neither is a built-in: the engine reaches them through a function pointer
(``kind=KIND_USER``), exactly as it reaches a player written in any other
package, so adding or changing one never recompiles the engine.
"""
import numba
import numpy as np

from sim.games.jass import obs as J
from sim.games.jass.rules_nb import POINTS
from sim.games.wizard import obs as O
from sim.games.wizard.cards import FIRST_JESTER, FIRST_WIZARD
from strategies.abi import KIND_USER, SIGNATURE
from strategies.registry import Player

# The player's params row: slot i holds the value of PARAM_NAMES[i].
PARAM_NAMES = ("fraction",)
PARAM_DEFAULTS = (0.5,)
P_FRACTION = 0


@numba.njit(cache=True)
def card_strength(card, trump):
    """How strong a card is for this player: Wizard > trumps > others by rank > Jester."""
    if card >= FIRST_JESTER:
        return -1
    if card >= FIRST_WIZARD:
        return 100
    rank = card % 13
    if card // 13 == trump:
        return 50 + rank
    return rank


@numba.njit(cache=True)
def highest_card(cards, trump):
    """The strongest card of a non-empty card bitmask (ties: the lower card id)."""
    best = -1
    best_strength = -2
    for card in range(64):
        if (cards >> np.uint64(card)) & np.uint64(1):
            strength = card_strength(card, trump)
            if strength > best_strength:
                best = card
                best_strength = strength
    return best


@numba.njit(cache=True)
def nearest_bid(target, legal_bids):
    """The legal bid (bit b of ``legal_bids`` = bid b) nearest to ``target``; ties go low."""
    best = -1
    best_distance = 1e9
    for bid in range(64):
        if (legal_bids >> np.uint64(bid)) & np.uint64(1):
            distance = abs(bid - target)
            if distance < best_distance:
                best = bid
                best_distance = distance
    return best


@numba.njit(cache=True)
def longest_suit(hand):
    """The suit (0..3 = S H D C) with the most cards in ``hand``; ties: the lower suit."""
    best = 0
    best_count = -1
    for suit in range(4):
        count = 0
        for rank in range(13):
            if (hand >> np.uint64(suit * 13 + rank)) & np.uint64(1):
                count += 1
        if count > best_count:
            best = suit
            best_count = count
    return best


@numba.njit(SIGNATURE, cache=True)
def greedy_decide(obs, params):
    """Answer every decision of a Wizard / Oh Hell round (see the module docstring)."""
    legal = np.uint64(obs[O.LEGAL])
    phase = obs[O.PHASE]
    if phase == O.PHASE_BID:
        return nearest_bid(params[P_FRACTION] * obs[O.HAND_SIZE], legal)
    if phase == O.PHASE_TRUMP:
        return longest_suit(np.uint64(obs[O.HAND]))
    return highest_card(legal, obs[O.TRUMP])


GREEDY = Player(
    name="greedy",
    family="wizard",
    kind=KIND_USER,
    decide=greedy_decide,
    param_names=PARAM_NAMES,
    param_values=PARAM_DEFAULTS,
    doc="bids a share of its hand (fraction); always plays its highest legal card",
)


# --- cheap: a Jass player ------------------------------------------------------------

CHEAP_PARAM_NAMES = ("prediction",)
CHEAP_PARAM_DEFAULTS = (39.0,)
P_PREDICTION = 0


@numba.njit(cache=True)
def cheapest_card(cards, mode):
    """The card of a non-empty bitmask worth the fewest points in ``mode`` (ties: lower id)."""
    best = -1
    best_points = 1000
    for card in range(J.N_CARDS):
        if (cards >> np.uint64(card)) & np.uint64(1):
            points = POINTS[mode * J.N_CARDS + card]
            if points < best_points:
                best = card
                best_points = points
    return best


@numba.njit(cache=True)
def fullest_suit(hand):
    """The suit (0..3 = S H D C) with the most cards in ``hand``; ties: the lower suit."""
    best = 0
    best_count = -1
    for suit in range(4):
        count = 0
        for rank in range(9):
            if (hand >> np.uint64(suit * 9 + rank)) & np.uint64(1):
                count += 1
        if count > best_count:
            best = suit
            best_count = count
    return best


@numba.njit(SIGNATURE, cache=True)
def cheap_decide(obs, params):
    """Answer every decision of a Jass deal (see the module docstring)."""
    phase = obs[J.PHASE]
    if phase == J.PHASE_TRUMP or phase == J.PHASE_TRUMP_PUSHED:
        return fullest_suit(np.uint64(obs[J.HAND]))          # a suit is always legal
    if phase == J.PHASE_WEIS:
        return 1
    if phase == J.PHASE_PREDICT:                             # LEGAL: the largest prediction
        return min(max(int(round(params[P_PREDICTION])), 0), obs[J.LEGAL])
    if phase == J.PHASE_CLAIM:
        team = obs[J.SEAT] % 2
        return 1 if obs[J.TEAM_COUNTED + team] >= obs[J.TARGET] else 0
    return cheapest_card(np.uint64(obs[J.LEGAL]), obs[J.MODE])


CHEAP = Player(
    name="cheap",
    family="jass",
    kind=KIND_USER,
    decide=cheap_decide,
    param_names=CHEAP_PARAM_NAMES,
    param_values=CHEAP_PARAM_DEFAULTS,
    doc="never pushes, always declares Weis, predicts a constant; plays its cheapest legal card",
)
