"""Playing a Jass deal (numba): asking the players, the card play, playing on to the end.

Players are dispatched by kind: random and heuristic inline, a user's player
through a numba first-class function (``strategies.abi``). A player that
returns an illegal action stops the chunk with an error status that the
Python side turns into a readable error.

Replay's entry points are here too: ``apply_play_nb`` (one card),
``apply_nb`` (one decision that is not a card), ``legal_actions_nb``,
``observation_nb``; ``continue_deal_nb`` plays a deal on from wherever its
state stands. The state and the other steps are in ``deal_nb``.
"""
import numpy as np
from numba import njit

from ...bits_nb import bit
from ...kit_nb import (close_trick_nb, draw_nb, flag_illegal_nb, is_legal_nb, store_trick_nb,
                       trace_decision_nb)
from strategies.abi import KIND_RANDOM, KIND_HEURISTIC
from strategies import jass_nb
from . import obs as O
from .deal_nb import (N_TRICKS, NS, PHASE_OVER, VARIANT_SCHIEBER, X_BAN, X_CLAIMS, X_LAST_TRICK,
                      X_OPEN, X_PREDICTION, X_WEIS_CARDS, X_WEIS_HELD, apply_claim_nb,
                      apply_decision_nb, claim_offered_nb, counted_nb, stoeck_announced_nb)
from .rules_nb import LAST_TRICK_BONUS, POINTS, legal_cards, trick_key

LEGAL_TRUMP = 0b1111111         # the 6 modes or push
LEGAL_TRUMP_PUSHED = 0b111111   # the 6 modes
LEGAL_YES_NO = 0b11             # Weis: 0 none, 1 declare; claim: 0 play on, 1 claim


# --- asking players ------------------------------------------------------------------------

@njit(cache=True, inline="always")
def prepare_obs_nb(st, hands, seat, legal, draw):
    """Fill the slots that depend on who decides or are derived on demand."""
    st[O.SEAT] = seat
    st[O.HAND] = np.int64(hands[seat])
    st[O.LEGAL] = legal
    st[O.RANDOM] = draw
    st[O.OWN_WEIS] = st[X_WEIS_HELD + seat]
    out = st[O.PLAYED]
    for i in range(st[O.TRICK_N]):
        out |= np.int64(bit(st[O.TRICK_CARDS + i]))
    stoeck = stoeck_announced_nb(st, out)
    st[O.STOECK_SEAT] = stoeck
    shown = 0
    if st[O.TRICK_NO] >= 1 and st[O.WEIS_TEAM] >= 0:
        team = st[O.WEIS_TEAM]
        for s in (team, team + 2):
            if st[O.WEIS_DECLARED + s] > 0:
                shown |= st[X_WEIS_CARDS + s]
    st[O.WEIS_CARDS] = shown
    if st[O.VARIANT] == VARIANT_SCHIEBER:
        st[O.TEAM_COUNTED + 0] = counted_nb(st, 0, stoeck)
        st[O.TEAM_COUNTED + 1] = counted_nb(st, 1, stoeck)
    elif not st[X_OPEN]:
        for s in range(NS):
            st[O.PREDICTIONS + s] = st[X_PREDICTION + s] if s == seat else -1


@njit(cache=True, inline="always")
def decide_nb(st, hands, seat, legal, slot, kinds, params, fns, dec_rng, obs, status):
    """One decision of ``seat`` (lineup ``slot``): the action, or -1 after an illegal one.

    Every decision takes one draw from the decision stream. The random
    player is answered here without an observation (the hot path). The
    built-in heuristic is trusted with the state itself; a user's player
    gets a copy of the public part, so nothing it writes changes the game.
    ``fns`` is None when the lineup has no user player: numba then compiles
    this without the function-pointer call.
    """
    draw = draw_nb(dec_rng)
    kind = kinds[slot]
    phase = st[O.PHASE]
    if kind == KIND_RANDOM:
        return jass_nb.random_action_nb(phase, legal, draw)
    prepare_obs_nb(st, hands, seat, legal, draw)
    if kind == KIND_HEURISTIC or fns is None:
        action = jass_nb.heuristic_nb(st, params[slot])
    else:
        for i in range(O.SIZE):
            obs[i] = st[i]
        action = fns[slot](obs, params[slot])
    if phase == O.PHASE_PREDICT:
        ok = action >= 0 and action <= legal
    else:
        ok = is_legal_nb(action, legal)
    if not ok:
        flag_illegal_nb(status, seat, slot, phase, action, legal, 0)
        return -1
    return action


# --- the play ----------------------------------------------------------------------------------

@njit(cache=True, inline="always")
def play_cards_nb(st, hands, lineup, kinds, params, fns, dec_rng, obs, status, forced, trace):
    """The play: cards into tricks, tricks to their winners, claims after tricks.

    With ``forced`` >= 0 (and ``kinds`` None: no players at all, so none of
    their code is compiled), plays just that card for the seat to act (a
    replayed decision) and returns the taker if it closed a trick, else -1;
    if a claim is then offered the state stops in ``PHASE_CLAIM``.
    With ``forced`` < 0, asks the players and plays on until the deal is
    over or a claim ended the game; returns -1, or -2 after an illegal
    action (see ``status``).

    The trick in progress lives in local variables and is written back
    before a player that reads the state decides, and at the end.
    """
    mode = st[O.MODE]
    mode_off = mode * 36
    ban = st[X_BAN]
    seat = st[O.SEAT]
    k = st[O.TRICK_N]
    lead = st[O.LEAD_SUIT]
    best = st[O.WINNING_CARD]
    best_seat = st[O.WINNING_SEAT]
    trick_no = st[O.TRICK_NO]
    played = st[O.PLAYED]
    trick_cards = 0
    trick_points = 0
    for i in range(k):
        c = st[O.TRICK_CARDS + i]
        trick_cards |= np.int64(bit(c))
        trick_points += POINTS[mode_off + c]
    best_key = trick_key(best, lead, mode) if k > 0 else -1
    result = -1
    while trick_no < N_TRICKS:
        if kinds is None:   # a replayed card: the players' code is compiled away
            card = forced
        else:
            legal = legal_cards(hands[seat], lead, mode, best, ban)
            slot = lineup[seat]
            if kinds[slot] == KIND_RANDOM:
                draw = draw_nb(dec_rng)
                card = jass_nb.random_action_nb(O.PHASE_PLAY, np.int64(legal), draw)
            else:
                store_trick_nb(st, O.SEAT, O.TRICK_BLOCK, seat, k, lead, best, best_seat, trick_no, played)
                card = decide_nb(st, hands, seat, np.int64(legal), slot, kinds, params, fns,
                                 dec_rng, obs, status)
                if card < 0:
                    return -2
            trace_decision_nb(trace, seat, O.PHASE_PLAY, card)
        hands[seat] &= ~bit(card)
        st[O.TRICK_CARDS + k] = card
        trick_cards |= np.int64(bit(card))
        trick_points += POINTS[mode_off + card]
        lead = card // 9 if k == 0 else lead   # a select, not a branch
        # selects, not a branch: which card takes the trick is a coin flip
        key = trick_key(card, lead, mode)
        take = key > best_key
        best = card if take else best
        best_seat = seat if take else best_seat
        best_key = key if take else best_key
        k += 1
        seat = (seat + 1) & 3
        if k == NS:  # the trick is complete: its taker leads the next
            trick_no += 1
            last = trick_no == N_TRICKS
            st[O.POINTS + best_seat] += trick_points + LAST_TRICK_BONUS * last
            st[O.TRICKS + best_seat] += 1
            played |= trick_cards
            close_trick_nb(st, O.TRICK_BLOCK, O.TRICK_CARDS, NS, best_seat)
            result = best_seat
            seat = best_seat
            trick_cards = 0
            trick_points = 0
            k = 0
            lead = -1
            best = -1
            best_seat = -1
            best_key = -1
            if last:
                st[X_LAST_TRICK] = seat
            if st[X_CLAIMS] != 0:   # a claim may follow the last trick too
                store_trick_nb(st, O.SEAT, O.TRICK_BLOCK, seat, k, lead, best, best_seat, trick_no, played)
                if claim_offered_nb(st):
                    st[O.PHASE] = O.PHASE_CLAIM
                    if kinds is None:   # replay applies the claim as a decision of its own
                        return result
                    claim = decide_nb(st, hands, seat, LEGAL_YES_NO, lineup[seat], kinds, params,
                                      fns, dec_rng, obs, status)
                    if claim < 0:
                        return -2
                    trace_decision_nb(trace, seat, O.PHASE_CLAIM, claim)
                    apply_claim_nb(st, seat, claim)
                    if claim:
                        return -1
        if forced >= 0:
            break
    store_trick_nb(st, O.SEAT, O.TRICK_BLOCK, seat, k, lead, best, best_seat, trick_no, played)
    if trick_no == N_TRICKS:
        st[O.PHASE] = PHASE_OVER
    return result if forced >= 0 else -1


@njit(cache=True, inline="always")
def legal_now_nb(st, hands):
    """Legal actions of the decision the state waits for (see obs.py for the encodings)."""
    phase = st[O.PHASE]
    if phase == O.PHASE_TRUMP:
        return np.int64(LEGAL_TRUMP)
    if phase == O.PHASE_TRUMP_PUSHED:
        return np.int64(LEGAL_TRUMP_PUSHED)
    if phase == O.PHASE_PREDICT:
        return np.int64(O.MAX_PREDICTION)
    if phase == O.PHASE_PLAY:
        return np.int64(legal_cards(hands[st[O.SEAT]], st[O.LEAD_SUIT], st[O.MODE],
                                    st[O.WINNING_CARD], st[X_BAN]))
    return np.int64(LEGAL_YES_NO)


@njit(cache=True, inline="always")
def continue_deal_nb(st, hands, lineup, kinds, params, fns, dec_rng, obs, status, trace):
    """Play the deal on from wherever the state stands until it is over.

    Returns False when a player gave an illegal action (see ``status``).
    """
    while st[O.PHASE] != PHASE_OVER:
        phase = st[O.PHASE]
        if phase == O.PHASE_PLAY:
            if play_cards_nb(st, hands, lineup, kinds, params, fns, dec_rng, obs, status, -1,
                             trace) == -2:
                return False
            continue
        seat = st[O.SEAT]
        action = decide_nb(st, hands, seat, legal_now_nb(st, hands), lineup[seat], kinds, params,
                           fns, dec_rng, obs, status)
        if action < 0:
            return False
        trace_decision_nb(trace, seat, phase, action)
        apply_decision_nb(st, hands, phase, seat, action)
    return True


# --- replay's steps: one decision at a time, called from Python ------------------------------

@njit(cache=True)
def apply_play_nb(st, hands, card):
    """Play ``card`` for the seat to act; closes the trick when it is full.

    Returns the taking seat when this card completed a trick, else -1.
    """
    none_i = np.zeros(1, dtype=np.int64)
    return play_cards_nb(st, hands, none_i, None, np.zeros((1, 1)), None,
                         np.zeros(4, dtype=np.uint64), none_i, none_i, card, None)


@njit(cache=True)
def apply_nb(st, hands, phase, seat, action):
    """Apply one decision that is not a card, in its phase."""
    apply_decision_nb(st, hands, phase, seat, action)


@njit(cache=True)
def legal_play_nb(st, hands):
    """Bitmask of the cards the seat to act may play."""
    return legal_cards(hands[st[O.SEAT]], st[O.LEAD_SUIT], st[O.MODE], st[O.WINNING_CARD], st[X_BAN])


@njit(cache=True)
def legal_actions_nb(st, hands):
    """Legal actions of the decision the state waits for (see obs.py for the encodings)."""
    return legal_now_nb(st, hands)


@njit(cache=True)
def observation_nb(st, hands, seat, legal):
    """The observation ``seat`` gets before a decision (replay and tests; draw 0)."""
    work = st.copy()
    prepare_obs_nb(work, hands, seat, legal, 0)
    return work[:O.SIZE].copy()
