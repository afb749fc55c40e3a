"""The Jass heuristic's view of a dealt hand (numba): its features, the points it is
predicted to take, and the choice of mode (``strategies/jass_heuristic_nb.py`` plays the
cards; ``analysis/jass_fit.py`` fits the predictor's coefficients).

The predictor: ``intercept`` + one coefficient per feature of :func:`hand_features`
(trumps, Buur, Nell, sure tops, Tens, void suits). A Differenzler prediction is
the predicted points rounded into 0 … 157; Schieber's trump choice scores every
mode with it.
"""
import numpy as np
from numba import njit

from sim.bits_nb import popcount
from sim.games.jass import obs as O
from sim.games.jass.cards import RANK_9, RANK_10, RANK_UNDER

MODE_OBE = O.MODE_OBE
MODE_UNE = O.MODE_UNE


def _tops_tables():
    """``TOPS[kind * 512 + word]``: how many of a suit's cards (9-bit word by
    rank) run unbroken from the top of the suit's order — cards no other card
    of the suit beats once the ones above are gone. Kinds: 0 a plain suit
    (Ace down), 1 the trump suit (Under, 9, Ace, King …), 2 Unenufe (6 up)."""
    orders = (
        (8, 7, 6, 5, 4, 3, 2, 1, 0),
        (5, 3, 8, 7, 6, 4, 2, 1, 0),
        (0, 1, 2, 3, 4, 5, 6, 7, 8),
    )
    tops = np.zeros(3 * 512, np.int64)
    for kind, order in enumerate(orders):
        for word in range(512):
            k = 0
            while k < 9 and word >> order[k] & 1:
                k += 1
            tops[kind * 512 + word] = k
    return tops


TOPS = _tops_tables()


@njit(cache=True)
def hand_features(hand, mode):
    """Features of a dealt hand in a mode, in the order of the predictor's coefficients.

    * trumps – cards of the trump suit (0 in Obenabe / Unenufe);
    * buur, nell – the trump Under, the trump 9 held (0 or 1);
    * tops – sure tricks of the suits: in each suit, the cards running
      unbroken from the top of its order (trump: Under, 9, Ace …; Unenufe:
      6, 7 …);
    * tens – Tens outside the trump suit (10 points that are often lost);
    * voids – suits other than trump not held at all (a chance to trump in;
      0 in Obenabe / Unenufe, where nothing trumps).
    """
    trumps = 0
    buur = 0
    nell = 0
    tops = 0
    tens = 0
    voids = 0
    plain_kind = 2 * 512 if mode == MODE_UNE else 0
    for s in range(4):
        word = np.int64((hand >> np.uint64(9 * s)) & np.uint64(511))
        if s == mode:
            trumps = popcount(np.uint64(word))
            buur = (word >> RANK_UNDER) & 1
            nell = (word >> RANK_9) & 1
            tops += TOPS[512 + word]
        else:
            tops += TOPS[plain_kind + word]
            tens += (word >> RANK_10) & 1
            voids += (word == 0) & (mode < 4)
    return float(trumps), float(buur), float(nell), float(tops), float(tens), float(voids)


@njit(cache=True, inline="always")
def _linear(f, c0, c1, c2, c3, c4, c5, c6):
    return c0 + c1 * f[0] + c2 * f[1] + c3 * f[2] + c4 * f[3] + c5 * f[4] + c6 * f[5]


@njit(cache=True)
def predict_points(hand, mode, c0, c1, c2, c3, c4, c5, c6):
    """The predictor: intercept ``c0`` + coefficients × :func:`hand_features`."""
    return _linear(hand_features(hand, mode), c0, c1, c2, c3, c4, c5, c6)


@njit(cache=True)
def prediction(hand, mode, c0, c1, c2, c3, c4, c5, c6):
    """The Differenzler prediction: the predicted points rounded into 0 … 157."""
    p = int(np.round(predict_points(hand, mode, c0, c1, c2, c3, c4, c5, c6)))
    return min(max(p, 0), O.MAX_PREDICTION)


@njit(cache=True)
def choose_mode(hand, may_push, push_below, notrump_bias, notrump_tops, c0, c1, c2, c3, c4, c5, c6):
    """The best-scoring mode, or ``ACTION_PUSH`` when pushing is allowed and
    even the best scores below ``push_below``. Ties go to the lower mode.

    A mode's score is the predicted points of the hand in it; Obenabe and
    Unenufe add ``notrump_bias`` and ``notrump_tops`` per sure top: without
    trumps nobody can trump a master, so tops are worth more than the
    predictor (fitted on trump deals) credits.
    """
    best = 0
    best_score = -1e18
    for mode in range(6):
        f = hand_features(hand, mode)
        score = _linear(f, c0, c1, c2, c3, c4, c5, c6)
        if mode >= MODE_OBE:
            score += notrump_bias + notrump_tops * f[3]
        if score > best_score:
            best = mode
            best_score = score
    if may_push and best_score < push_below:
        return O.ACTION_PUSH
    return best
