"""A Jass player (Schieber and Differenzler) written from docs/strategies.md.

Its param ``strong`` is the rank (6 7 8 9 T U O K A = 0..8) from which a card
counts as strong. It names trump in the suit where its cards and strong cards
add up most (pushing when that is below 4), declares every meld, predicts the
points of its strong cards and trumps, claims only when right, and in play
takes the trick with its strongest card when it can and its partner is not
already taking it, else throws its weakest."""
import numba
import numpy as np

from sim.games.jass import obs as J
from sim.games.jass.rules_nb import ORDER, POINTS
from strategies.abi import KIND_USER, SIGNATURE
from strategies.registry import Player


@numba.njit(cache=True)
def key(card, lead, mode):
    """How strongly a card holds a trick: trumps above the suit led above the rest."""
    suit = card // 9
    return ORDER[mode * J.N_CARDS + card] + 16 * (suit == lead) + 32 * (suit == mode)


@numba.njit(SIGNATURE, cache=True)
def decide(obs, params):
    phase, hand, legal = obs[J.PHASE], np.uint64(obs[J.HAND]), np.uint64(obs[J.LEGAL])
    seat, mode = obs[J.SEAT], obs[J.MODE]
    if phase == J.PHASE_TRUMP or phase == J.PHASE_TRUMP_PUSHED:
        score = np.zeros(4, dtype=np.int64)
        for card in range(J.N_CARDS):
            if (hand >> np.uint64(card)) & np.uint64(1):
                score[card // 9] += 1 + (card % 9 >= params[0])
        if phase == J.PHASE_TRUMP and score.max() < 4:
            return J.ACTION_PUSH
        return np.argmax(score)
    if phase == J.PHASE_WEIS:
        return 1
    if phase == J.PHASE_PREDICT:          # LEGAL is the largest prediction, not a bitmask
        points = 0
        for card in range(J.N_CARDS):
            if (hand >> np.uint64(card)) & np.uint64(1) and (card % 9 >= params[0] or card // 9 == mode):
                points += POINTS[mode * J.N_CARDS + card]
        return min(points, obs[J.LEGAL])
    if phase == J.PHASE_CLAIM:
        return 1 if obs[J.TEAM_COUNTED + seat % 2] >= obs[J.TARGET] else 0
    lead, winner = obs[J.LEAD_SUIT], obs[J.WINNING_SEAT]
    partner_takes = obs[J.VARIANT] == J.VARIANT_SCHIEBER and winner >= 0 and winner % 2 == seat % 2
    high, low = -1, -1
    for card in range(J.N_CARDS):
        if (legal >> np.uint64(card)) & np.uint64(1):
            if high < 0 or key(card, lead, mode) > key(high, lead, mode):
                high = card
            if low < 0 or key(card, lead, mode) < key(low, lead, mode):
                low = card
    if winner < 0 or (not partner_takes and key(high, lead, mode) > key(obs[J.WINNING_CARD], lead, mode)):
        return high
    return low


PLAYER = Player(name="my_jass", family="jass", kind=KIND_USER, decide=decide,
                param_names=("strong",), param_values=(6.0,), param_ranges=((0.0, 9.0),),
                whole_params=("strong",),
                doc="trump where its strong cards are; predicts them; takes a trick when it can")
