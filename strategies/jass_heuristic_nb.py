"""The Jass heuristic player (Schieber and Differenzler; numba, strategy ABI).

One decision function answers every Jass decision (``sim/games/jass/obs.py``):

* **Trump choice** (Schieber) – every mode (4 trump suits, Obenabe,
  Unenufe) is scored with the points predictor (``jass_hand_nb.py``); Obenabe and Unenufe
  add ``notrump_bias`` and ``notrump_tops`` per sure top. The best mode is
  chosen, or the choice is pushed to the partner when even the best scores
  below ``push_below``. After a push the partner must choose: the best
  mode, no threshold.
* **Weis** – declare all melds when they are worth at least ``weis_min``
  raw points (0: always; declaring never costs points, it only shows cards).
* **Points prediction** (Differenzler) – a linear formula of the hand:
  ``intercept`` + one coefficient per feature of ``jass_hand_nb.hand_features``
  (trumps, Buur, Nell, sure tops, Tens, void suits), rounded into 0 … 157.
  ``analysis/jass_fit.py`` fits the coefficients by simulation.
* **Card play** – counts the cards still *out* (in nobody's sight: not in
  its hand, not played) to know its *masters* (cards no card out of their
  suit beats):

  - leading: the side that chose trump pulls trumps — with its master trump,
    else with its lowest when holding ``pull_trumps`` or more; else it
    leads a master of a side suit, else its cheapest side card;
  - the partner (Schieber) taking the trick for sure: smear the card with
    the most points that is neither a trump nor a master (a Ten, a lone
    King); not for sure, with an opponent still to play: make it sure with
    a master of the suit if it has one;
  - an opponent taking it: take it with the cheapest master that wins —
    when last to play, with the cheapest winner — or, without one, with
    the strongest winner when the trick holds ``ruff_min`` points; but
    trump a trick of another suit only when it holds ``ruff_min`` points
    (the Buur and Nell only twice that: they are saved for later);
  - otherwise throw the cheapest card, keeping masters back — which is
    also how it plays for the last trick (5 points more): its masters and
    its master trump are what is left in its hand at the end.

  In Differenzler the player takes points while short of its prediction
  (when last to play: only if that brings it nearer) and ducks once it has
  reached it (``steer`` = 1; 0 takes every point it can).
* **"Thanks, enough"** (Schieber) – claim when the team's counted points
  plus ``claim_margin`` reach the target. The default margin 0 claims
  exactly when the claim is right, which always wins at once.

Randomness: none is needed. Every choice is a function of the observation,
so the player is deterministic for a seed and never reads ``obs[RANDOM]``.

The decisions are functions of scalars; :func:`heuristic_nb` (inlined into
the engine's deal loop) reads the observation and calls them, because a
call that passes arrays costs more than a whole decision.
"""
import numpy as np
from numba import njit

from sim.bits_nb import popcount, lowest
from sim.borrow_nb import borrowed
from sim.games.jass import obs as O
from sim.games.jass.cards import DECK_MASK, RANK_9, RANK_UNDER
from sim.games.jass.info import TARGET_RANGE
from sim.games.jass.rules_nb import POINTS
from .abi import KIND_USER
from .jass_hand_nb import choose_mode, prediction
from .jass_pick_nb import (BEATERS, TRUMPS, cheapest, masters, richest, strongest,
                           weakest)
from .registry import Player

P_PUSH_BELOW = 0     # push (Schieber) when the best mode's score is below this
P_NOTRUMP_BIAS = 1   # added to the score of Obenabe and Unenufe
P_NOTRUMP_TOPS = 2   # added to the score of Obenabe and Unenufe per sure top
P_WEIS_MIN = 3       # declare the melds when worth at least this (raw points)
P_CLAIM_MARGIN = 4   # claim when counted points + this reach the target (0: exactly right)
P_RUFF_MIN = 5       # card points in a trick worth trumping in (the Buur and Nell: twice this)
P_PULL_TRUMPS = 6    # the trump-choosing side leads a low trump when holding at least this many
P_STEER = 7          # Differenzler: 1 plays to the prediction, 0 takes every point it can
P_INTERCEPT = 8      # the predictor: intercept, then one coefficient per hand feature
P_TRUMPS = 9
P_BUUR = 10
P_NELL = 11
P_TOPS = 12
P_TENS = 13
P_VOIDS = 14
N_FEATURES = 6       # P_TRUMPS … P_VOIDS, in the order hand_features returns them

NAMES = ("push_below", "notrump_bias", "notrump_tops", "weis_min", "claim_margin", "ruff_min",
         "pull_trumps", "steer", "intercept", "trumps", "buur", "nell", "tops", "tens", "voids")

# The predictor (intercept, trumps, buur, nell, tops, tens, voids), fitted with the
# other defaults below by `python -m analysis.jass_fit --deals 200000 --seed 2024
# --rounds 5` (the module's defaults). Refit after changing how the player plays.
PREDICTOR = (-8.36, 14.43, 17.42, 12.34, 6.96, -3.15, 3.76)
# push_below, notrump_bias, notrump_tops, ruff_min and pull_trumps: tuned one at a
# time in duplicate Schieber with the default options (docs/jass_players.md);
# weis_min 0 and claim_margin 0 are the choices that are never wrong; steer 1
# plays to the prediction.
DEFAULTS = (75.0, 35.0, 12.0, 0.0, 0.0, 6.0, 2.0, 1.0) + PREDICTOR

# The values a study may give (docs/jass_players.md). Coefficients and trick points
# are points of one deal, so a magnitude beyond its 157 is meaningless (and a
# prediction must stay a whole number); a mode's score adds several of them, so
# push_below runs to ±1000 (-1000: never push, 1000: always); melds, and the claim
# margin, move within the largest target; a hand has at most 9 trumps, so
# pull_trumps 10 never pulls with a low one.
DEAL_POINTS = float(O.MAX_PREDICTION)
MAX_SCORE = 1000.0
MAX_TARGET = float(TARGET_RANGE[1])
RANGES = ((-MAX_SCORE, MAX_SCORE), (-DEAL_POINTS, DEAL_POINTS), (-DEAL_POINTS, DEAL_POINTS),
          (0.0, MAX_TARGET), (-MAX_TARGET, MAX_TARGET), (0.0, DEAL_POINTS), (0.0, 10.0), (0.0, 1.0)) \
    + ((-DEAL_POINTS, DEAL_POINTS),) * (1 + N_FEATURES)

N_CARDS = 36
_DECK = np.uint64(DECK_MASK)
_ZERO = np.uint64(0)
_ONE = np.uint64(1)


# --- card play ---------------------------------------------------------------------

@njit(cache=True, inline="always")
def discard(legal, mode, out):
    """The cheapest card to give away, keeping masters back while there is anything else."""
    keep = masters(legal, mode, out)
    if legal & ~keep:
        return cheapest(legal & ~keep, mode)
    return cheapest(legal, mode)


@njit(cache=True, inline="always")
def _may_spend(card, mode, lead_suit, trick_points, ruff_min):
    """Whether taking a trick with ``card`` is worth it: a card of the suit led
    always is; a trump on a trick of another suit only when the trick holds
    ``ruff_min`` points (the Buur and Nell: twice that)."""
    if card // 9 != mode or lead_suit == mode:
        return True
    rank = card % 9
    needed = 2 * ruff_min if rank == RANK_UNDER or rank == RANK_9 else ruff_min
    return trick_points >= needed


@njit(cache=True)
def lead_card(hand, mode, out, our_trump, want, pull_trumps):
    """The card to lead. ``out``: cards the others may hold; ``our_trump``:
    the player's side chose the trump (Differenzler: always); ``want``: the
    player wants points (Differenzler: short of its prediction)."""
    trumps = TRUMPS[mode]
    side = hand & ~trumps
    if not want:
        return weakest(side, mode) if side else weakest(hand, mode)
    mine = hand & trumps
    if our_trump and mine and out & trumps:
        top = strongest(mine, mode)
        if BEATERS[mode * N_CARDS + top] & out == _ZERO:
            return top                      # pull trumps with the master trump
        if popcount(mine) >= pull_trumps:
            return weakest(mine, mode)      # or with a low one, for the partner to take
    if side:
        sure = masters(side, mode, out)
        if sure:
            return strongest(sure, mode)
        return cheapest(side, mode)
    return weakest(hand, mode)


@njit(cache=True)
def follow_card(legal, mode, n_in, winning_seat, winning_card, lead_suit, out, trick_points,
                partner, need, ruff_min):
    """The card to play to a trick already led (see the module docstring)."""
    trumps = TRUMPS[mode]
    wi = mode * N_CARDS + winning_card
    winners = legal & BEATERS[wi]
    last = n_in == 3
    if winning_seat == partner:
        # sure when last, or when nothing still out beats the partner's card
        if last or BEATERS[wi] & out == _ZERO:
            plain = legal & ~trumps
            smear = plain & ~masters(plain, mode, out)
            if smear:
                return richest(smear, mode)
            if plain:
                return richest(plain, mode)
        elif n_in == 2:
            # an opponent plays after us: make the trick sure with a master of the suit
            over = masters(winners, mode, out) & ~trumps
            if over:
                return cheapest(over, mode)
        return discard(legal, mode, out)
    if need <= 0:
        # Differenzler, prediction reached: lose the trick, shedding the strongest loser
        losers = legal & ~winners
        if losers:
            return strongest(losers, mode)
        return weakest(legal, mode)
    if winners:
        ruffs = lead_suit != mode and (winners & trumps) != _ZERO
        if last:
            w = cheapest(winners, mode)
            gain = trick_points + POINTS[mode * N_CARDS + w]
            worth = abs(need - gain) < need
            if worth and _may_spend(w, mode, lead_suit, trick_points, ruff_min):
                return w
        else:
            sure = masters(winners, mode, out)
            if sure:
                w = cheapest(sure, mode)
                if _may_spend(w, mode, lead_suit, trick_points, ruff_min):
                    return w
            elif trick_points >= ruff_min and not ruffs:
                # no sure winner: fight for a valuable trick with the strongest
                return strongest(winners, mode)
    return discard(legal, mode, out)


@njit(cache=True, inline="always")
def heuristic_nb(obs, params):
    """The heuristic player. The engine inlines it into the deal loop: the
    observation is read here and the work is done by functions of scalars,
    because passing arrays to a call costs more than the decision itself."""
    obs, params = borrowed(obs), borrowed(params)   # the caller's (sim/borrow_nb.py)
    phase = obs[O.PHASE]
    hand = np.uint64(obs[O.HAND])
    if phase == O.PHASE_PLAY:
        legal = np.uint64(obs[O.LEGAL])
        if legal & (legal - _ONE) == _ZERO:
            return lowest(legal)    # one legal card (always so in the last trick): nothing to decide
        seat = obs[O.SEAT]
        mode = obs[O.MODE]
        n_in = obs[O.TRICK_N]
        trick_mask = _ZERO
        trick_points = 0
        for i in range(n_in):
            card = obs[O.TRICK_CARDS + i]
            trick_mask |= _ONE << np.uint64(card)
            trick_points += POINTS[mode * N_CARDS + card]
        out = _DECK & ~(hand | np.uint64(obs[O.PLAYED]) | trick_mask)
        if obs[O.VARIANT] == O.VARIANT_DIFFERENZLER:
            partner = -1
            our_trump = True
            need = obs[O.PREDICTIONS + seat] - obs[O.POINTS + seat] if params[P_STEER] > 0 else 1000
        else:
            partner = seat ^ 2
            our_trump = obs[O.CHOOSER] % 2 == seat % 2
            need = 1000
        if n_in == 0:
            return lead_card(hand, mode, out, our_trump, need > 0, params[P_PULL_TRUMPS])
        return follow_card(legal, mode, n_in, obs[O.WINNING_SEAT], obs[O.WINNING_CARD],
                           obs[O.LEAD_SUIT], out, trick_points, partner, need, params[P_RUFF_MIN])
    if phase == O.PHASE_CLAIM:
        team = obs[O.SEAT] % 2
        return 1 if obs[O.TEAM_COUNTED + team] + params[P_CLAIM_MARGIN] >= obs[O.TARGET] else 0
    if phase == O.PHASE_WEIS:
        weis = obs[O.OWN_WEIS]
        return 1 if weis > 0 and weis >= params[P_WEIS_MIN] else 0
    c0 = params[P_INTERCEPT]
    c1 = params[P_TRUMPS]
    c2 = params[P_BUUR]
    c3 = params[P_NELL]
    c4 = params[P_TOPS]
    c5 = params[P_TENS]
    c6 = params[P_VOIDS]
    if phase == O.PHASE_PREDICT:
        return prediction(hand, obs[O.MODE], c0, c1, c2, c3, c4, c5, c6)
    return choose_mode(hand, phase == O.PHASE_TRUMP, params[P_PUSH_BELOW], params[P_NOTRUMP_BIAS],
                       params[P_NOTRUMP_TOPS], c0, c1, c2, c3, c4, c5, c6)


@njit(cache=True)
def heuristic_decide(obs, params):
    """``heuristic_nb`` with the ABI signature, for the function-pointer path."""
    return heuristic_nb(obs, params)


# The same player reached through a function pointer, usable before the engine
# dispatches it inline: ``-p strategies.jass_heuristic_nb:HEURISTIC_AS_USER``.
HEURISTIC_AS_USER = Player(
    name="jass_heuristic", family="jass", kind=KIND_USER, decide=heuristic_decide,
    param_names=NAMES, param_values=DEFAULTS, param_ranges=RANGES,
    doc="scores every mode with its points predictor; pulls trumps, smears points, saves the Buur",
)
