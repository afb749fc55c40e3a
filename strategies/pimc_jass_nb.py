"""Jass (Schieber and Differenzler) for the PIMC player (``sim/search/pimc_nb.py``): the hooks,
and the belief of a seat about the hands it cannot see.

The observation is the deal's public state with the player's own hand
(``sim/games/jass/obs.py``): its slots are the state's first ``obs.SIZE``, so the public
state of a world is the observation copied. The state's private slots
(``sim/games/jass/state_nb.py`` ``X_*``) are rebuilt: the rules from the observation's
``RULE_*`` slots and the variant, whether claims are asked from the public totals
(``claims_possible_nb``), and what follows from the hands — each seat's melds and the Stöck
holder — from each world's hands as dealt (:func:`pimc_fit_nb`).

**What a seat knows of the hidden cards.** The hidden cards are the pack less its hand and
every card played; each other seat holds 9 less the cards it has played (``PLAYED_BY``).
A seat holds none of the cards it showed it does not hold (``VOIDS``: read off the rules'
legal cards, ``note_void_nb`` in ``sim/games/jass/step_nb.py``; the tests hold them to
:func:`shows_barred_nb`, which probes ``rules_nb.legal_cards`` itself). The Weis cards shown
after the first trick lie with the seats of the scoring team that declared; Differenzler's
turned card with the dealer. These are all per card, and ``sim/search/sample_nb.py`` draws
the deals uniformly among them. The declared Weis values are not per card (a seat that
announced 50 holds a run of four somewhere, and the best meld decides ``WEIS_TEAM``): a
drawn world is kept only if every declaring seat's hand as dealt has exactly the melds it
announced, the best of them is the scoring team's and its cards are those shown
(:func:`weis_fits_nb`). A rejection keeps the draw uniform among the consistent deals; after
``WEIS_TRIES`` rejections the last draw is kept (a bounded cost; such a world is off only in
melds that rarely come up). Stöck shows nothing more: it is announced on the second of its
two cards, when neither is hidden any more. Differenzler's hidden predictions are
the rollout heuristic's for the world's hand (what the player would assume the others did).

**The score** (``pimc_score_nb``). Schieber: the team's counted points of the deal as the
rules score it (``finish_deal_nb``: cards, Weis, Stöck, match bonus, times the mode's
multiplier), and ``WIN`` more or less when the game is won or lost in this deal (by a
claim, or by reaching the target when the deal is counted): the points serve the game, and a
right claim is worth the game, not its few points. Differenzler: minus the deal's penalty,
``-|points - prediction|``, the deal's own score (the lowest total wins the game).
The side (``pimc_side_nb``): the team in Schieber, the seat alone in Differenzler.

Why here and not in ``sim/games/jass/``: see ``belief_nb``.
"""
import numpy as np
from numba import njit

from sim.bits_nb import bit, popcount
from sim.kit_nb import CFG_PLAYERS
from sim.games.jass import obs as O
from sim.games.jass.cards import N_CARDS
from sim.games.jass.cfg import CFG_MULTIPLIERS, CFG_PREDICTIONS, CFG_SIZE, CFG_TARGET, CFG_VARIANT
from sim.games.jass.rules_nb import (MULTIPLIERS, N_MODES, PREDICTIONS_OPEN, best_weis_seat,
                                   legal_cards, stoeck_holder, weis_of)
from sim.games.jass.state_nb import (N_TRICKS, X_BAN, X_CLAIM_SEAT, X_CLAIMS, X_END, X_LAST_TRICK,
                                   X_MATCH, X_MULTS, X_OPEN, X_PREDICTION, X_SCORE, X_STOECK,
                                   X_WEIS_CARDS, X_WEIS_HELD, X_WEIS_KEY, X_WINNER,
                                   claims_possible_nb, finish_deal_nb)
from sim.games.jass.step_nb import DEALT
from sim.search.sample_nb import MAX_HOLDERS, plan_nb, sample_nb
from . import jass_nb
from .abi import N_PARAMS
from .jass_hand_nb import prediction
from .jass_heuristic_nb import P_INTERCEPT

NS = O.N_SEATS
RANDOM_SLOT = O.RANDOM
ROLLOUT_OBS_SIZE = O.SIZE
# the rollout policy's params: the heuristic's defaults
ROLLOUT_PARAMS = np.zeros(N_PARAMS, dtype=np.float64)
ROLLOUT_PARAMS[:len(jass_nb.DEFAULTS)] = jass_nb.DEFAULTS
ALL = np.uint64((1 << N_CARDS) - 1)
# a Schieber game won in the deal outweighs any deal's points (at most (157 + 100 + Weis +
# Stöck) x the largest multiplier, a few thousand)
WIN = 1 << 20
# draws of a world before one that misfits the declared Weis is kept anyway
WEIS_TRIES = 64


# --- the belief ----------------------------------------------------------------------------

@njit(cache=True, inline="always")
def shows_barred_nb(card, lead, mode, best, ban):
    """The cards that playing ``card`` (to a trick with suit led ``lead``, ``best`` taking it,
    in ``mode``, ``ban`` the under-trumping ban) shows its player did not hold, read off the
    rules' legal cards: a card ``c`` is ruled out when ``card`` is not legal beside it. (Each
    condition of ``legal_cards`` is one on every card of the hand — hold none of the suit led,
    no trump but the Buur, nothing but trumps — so the pairs tell the whole of it.)"""
    out = np.uint64(0)
    one = bit(card)
    for c in range(N_CARDS):
        if c != card and (legal_cards(one | bit(c), lead, mode, best, ban) & one) == 0:
            out |= bit(c)
    return out


@njit(cache=True)
def belief_nb(obs, cards, allowed, need, holder_seat):
    """What the seat to act (``obs[SEAT]``) knows of the hidden cards: the hidden cards into
    ``cards``, the holders each may be with into ``allowed`` (a bit a holder), each holder's
    count into ``need`` and its seat into ``holder_seat``. Returns (hidden cards, holders)."""
    me = obs[O.SEAT]
    out = np.uint64(obs[O.HAND]) | np.uint64(obs[O.PLAYED])
    for i in range(obs[O.TRICK_N]):
        out |= bit(obs[O.TRICK_CARDS + i])
    weis_cards = np.uint64(0)
    weis_holders = 0
    team = obs[O.WEIS_TEAM]
    if obs[O.TRICK_NO] >= 1 and team >= 0:
        weis_cards = np.uint64(obs[O.WEIS_CARDS])
    turned = obs[O.TRUMP_CARD]
    turned_holder = 0
    for k in range(NS - 1):
        s = (me + 1 + k) % NS
        holder_seat[k] = s
        need[k] = N_TRICKS - popcount(np.uint64(obs[O.PLAYED_BY + s]))
        if s % 2 == team and obs[O.WEIS_DECLARED + s] > 0:
            weis_holders |= 1 << k
        if s == obs[O.DEALER]:
            turned_holder = 1 << k
    h = 0
    for card in range(N_CARDS):
        if (out >> np.uint64(card)) & np.uint64(1):
            continue
        mask = 0
        for k in range(NS - 1):
            if not (obs[O.VOIDS + holder_seat[k]] >> card) & 1:
                mask |= 1 << k
        if (weis_cards >> np.uint64(card)) & np.uint64(1):
            mask &= weis_holders
        if card == turned:
            mask &= turned_holder
        cards[h] = card
        allowed[h] = mask
        h += 1
    return h, NS - 1


@njit(cache=True)
def weis_fits_nb(obs, hands):
    """True when the hands as dealt (``hands[DEALT + s]``) hold the melds the observation
    shows: each seat that announced Weis exactly its points, the best declared meld the
    scoring team's (once decided), and after the first trick that team's meld cards."""
    mode = obs[O.MODE]
    if obs[O.VARIANT] != O.VARIANT_SCHIEBER or mode < 0:
        return True
    keys = np.zeros(NS, dtype=np.int64)
    melds = np.zeros(NS, dtype=np.uint64)
    decided = True
    for s in range(NS):
        declared = obs[O.WEIS_DECLARED + s]
        decided = decided and declared >= 0
        if declared > 0:
            points, key, cards = weis_of(hands[DEALT + s], mode)
            if points != declared:
                return False
            keys[s] = key
            melds[s] = cards
    if not decided:
        return True
    best = best_weis_seat(keys[0], keys[1], keys[2], keys[3], obs[O.FIRST_HAND])
    team = best % 2 if best >= 0 else -1
    if team != obs[O.WEIS_TEAM]:
        return False
    if obs[O.TRICK_NO] >= 1 and team >= 0:
        return (melds[team] | melds[team + 2]) == np.uint64(obs[O.WEIS_CARDS])
    return True


@njit(cache=True, nogil=True)
def world_plan_nb(obs):
    """(plan, counts, cards, holder_seat): the sampler's plan of what the seat to act knows
    (:func:`belief_nb`); ``counts[0]`` is the number of deals, 0 if none fits."""
    cards = np.zeros(N_CARDS, dtype=np.int64)
    allowed = np.zeros(N_CARDS, dtype=np.int64)
    need = np.zeros(MAX_HOLDERS, dtype=np.int64)
    holder_seat = np.zeros(MAX_HOLDERS, dtype=np.int64)
    h, k = belief_nb(obs, cards, allowed, need, holder_seat)
    plan, counts = plan_nb(allowed[:h], need[:k])
    return plan, counts, cards[:h].copy(), holder_seat[:k].copy()


@njit(cache=True, nogil=True)
def sample_world_nb(plan, counts, cards, holder_seat, obs, hands, rng, holder):
    """One world into ``hands`` (the state's layout: the hands now, then as dealt), uniform
    among the deals that fit the observation (see the module); False when none does."""
    me = obs[O.SEAT]
    for _ in range(WEIS_TRIES):
        if not sample_nb(plan, counts, rng, holder):
            return False
        for s in range(NS):
            hands[s] = np.uint64(0)
        for i in range(cards.shape[0]):
            hands[holder_seat[holder[i]]] |= bit(cards[i])
        hands[me] = np.uint64(obs[O.HAND])
        for s in range(NS):
            hands[DEALT + s] = hands[s] | np.uint64(obs[O.PLAYED_BY + s])
        if weis_fits_nb(obs, hands):
            return True
    return True


# --- the hooks -----------------------------------------------------------------------------

@njit(cache=True)
def pimc_cfg_nb(obs):
    cfg = np.zeros(CFG_SIZE, dtype=np.int64)
    cfg[CFG_PLAYERS] = NS
    cfg[CFG_VARIANT] = obs[O.VARIANT]
    cfg[CFG_TARGET] = obs[O.TARGET]
    cfg[CFG_PREDICTIONS] = obs[O.RULE_PREDICTIONS]
    cfg[CFG_MULTIPLIERS] = obs[O.RULE_MULTIPLIERS]
    return cfg


@njit(cache=True, inline="always")
def pimc_legal_nb(obs):
    return obs[O.LEGAL], np.int64(0)


@njit(cache=True)
def pimc_state_nb(obs, cfg, st):
    """The public state, and the private slots every seat could rebuild (the rules, whether
    claims are asked, the game still going); those of the hands are each world's."""
    for i in range(st.shape[0]):
        st[i] = 0
    for i in range(O.SIZE):
        st[i] = obs[i]
    schieber = obs[O.VARIANT] == O.VARIANT_SCHIEBER
    for m in range(N_MODES):
        st[X_MULTS + m] = MULTIPLIERS[obs[O.RULE_MULTIPLIERS] * N_MODES + m]
    st[X_OPEN] = 1 if obs[O.RULE_PREDICTIONS] == PREDICTIONS_OPEN else 0
    st[X_BAN] = 1 if schieber else 0
    st[X_STOECK] = -1
    playing = obs[O.PHASE] == O.PHASE_PLAY or obs[O.PHASE] == O.PHASE_CLAIM
    st[X_CLAIMS] = 1 if schieber and playing and claims_possible_nb(st) else 0
    st[X_CLAIM_SEAT] = -1
    # a claim after the last trick: its taker (who leads next) took the last trick
    st[X_LAST_TRICK] = obs[O.TRICK_LEADER] if obs[O.TRICK_NO] == N_TRICKS else -1
    st[X_MATCH] = -1
    st[X_END] = -1
    st[X_WINNER] = -1
    for s in range(NS):
        st[X_PREDICTION + s] = obs[O.PREDICTIONS + s]


@njit(cache=True)
def pimc_plan_nb(obs, cfg):
    return world_plan_nb(obs)


@njit(cache=True)
def pimc_world_nb(plan, counts, cards, holder_seat, obs, st, hands, rng, holder):
    """One world into ``hands``; what the state holds of them is ``pimc_fit_nb``'s."""
    return sample_world_nb(plan, counts, cards, holder_seat, obs, hands, rng, holder)


@njit(cache=True)
def pimc_fit_nb(st, hands, obs, cfg):
    """The private slots that follow from the world's hands as dealt: each seat's melds and
    the Stöck holder (Schieber, once the mode is known); Differenzler's hidden predictions
    of the seats that have predicted, as the heuristic would predict on the world's hand."""
    mode = obs[O.MODE]
    if mode < 0:
        return
    if obs[O.VARIANT] == O.VARIANT_SCHIEBER:
        for s in range(NS):
            points, key, cards = weis_of(hands[DEALT + s], mode)
            st[X_WEIS_HELD + s] = points
            st[X_WEIS_KEY + s] = key
            st[X_WEIS_CARDS + s] = np.int64(cards)
        st[X_STOECK] = stoeck_holder(hands[DEALT:], mode)
        return
    me = obs[O.SEAT]
    first = obs[O.FIRST_HAND]
    predicting = obs[O.PHASE] == O.PHASE_PREDICT
    p = ROLLOUT_PARAMS
    for s in range(NS):
        if s == me or obs[O.PREDICTIONS + s] >= 0:
            continue
        if predicting and (s - first) % NS >= (me - first) % NS:
            continue        # not predicted yet: the rollout does it
        st[X_PREDICTION + s] = prediction(hands[DEALT + s], mode, p[P_INTERCEPT],
                                          p[P_INTERCEPT + 1], p[P_INTERCEPT + 2],
                                          p[P_INTERCEPT + 3], p[P_INTERCEPT + 4],
                                          p[P_INTERCEPT + 5], p[P_INTERCEPT + 6])


@njit(cache=True)
def pimc_score_nb(st, cfg, seat):
    if st[O.VARIANT] != O.VARIANT_SCHIEBER:
        return -abs(st[O.POINTS + seat] - st[X_PREDICTION + seat])
    work = st.copy()        # scored as the rules score it, the state left as it is
    finish_deal_nb(work)
    team = seat % 2
    value = work[X_SCORE + team]
    if work[X_END] >= 0:
        value += WIN if work[X_WINNER] == team else -WIN
    return value


@njit(cache=True, inline="always")
def pimc_side_nb(st, hands, seat):
    """Schieber: the seat's team; Differenzler: the seat alone."""
    if st[O.VARIANT] == O.VARIANT_SCHIEBER:
        return (np.int64(1) << seat) | (np.int64(1) << ((seat + 2) % NS))
    return np.int64(1) << seat


@njit(cache=True, inline="always")
def pimc_cards_left_nb(st, hands):
    if st[O.PHASE] != O.PHASE_PLAY:
        return 1 << 20
    return popcount(hands[st[O.SEAT]])
