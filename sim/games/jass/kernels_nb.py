"""The Jass engine (numba): deal, choose trump or predict, Weis, play, claim, score, record.

A deal's state is an ``int64`` array: the first ``obs.SIZE`` slots are laid
out exactly like the observation (the public state), the ``X_*`` slots after
them hold what only the engine knows (the melds and Stöck each hand holds,
hidden predictions, the deal's result). Beside it the hands, one ``uint64``
per seat. So a deal can be played on from any position: replay drives the
step functions one decision at a time (``apply_trump_nb``, ``apply_weis_nb``,
``apply_predict_nb``, ``apply_play_nb``, ``apply_claim_nb``) and
``continue_deal_nb`` plays on to the end.

Players are dispatched by kind: random and heuristic inline, a user's player
through a numba first-class function (``strategies.abi``). A player that
returns an illegal action stops the chunk with an error status that the
Python side turns into a readable error.
"""
import numpy as np
from numba import njit, prange

from ...bits_nb import bit, popcount
from ...rng_nb import next_u64, below
from strategies.abi import KIND_RANDOM, KIND_HEURISTIC
from strategies import jass_nb
from . import obs as O
from .cards import SUIT_MASKS
from .records import (END_CLAIM_RIGHT, END_CLAIM_WRONG, END_EXTRA_DEALS, END_FOUR_DEALS,
                      END_STOECK, END_TIE_CAP, END_TRICKS, END_WEIS)
from .rules_nb import (LAST_TRICK_BONUS, MATCH_BONUS, POINTS, STOECK, STOECK_POINTS, DEAL_POINTS,
                       best_weis_seat, legal_cards, stoeck_holder, trick_key, weis_of)

NS = O.N_SEATS
N_TRICKS = 9
PHASE_OVER = 9          # the deal is over (all tricks played, or a claim ended the game)

# private slots of the state, after the public ones
X_MULTS = O.SIZE                    # 6: the multiplier of each mode (option `multipliers`)
X_OPEN = X_MULTS + 6                # 1: predictions are open
X_BAN = X_OPEN + 1                  # 1: the under-trumping ban applies (Schieber)
X_STOECK = X_BAN + 1                # seat holding trump Ober + King as dealt, -1
X_CLAIMS = X_STOECK + 1             # 1: a team can reach the target in this deal (claims get asked)
X_CLAIM_SEAT = X_CLAIMS + 1         # seat that claimed, -1
X_CLAIM_RIGHT = X_CLAIM_SEAT + 1    # 1: the claim was right
X_LAST_TRICK = X_CLAIM_RIGHT + 1    # seat that took the last trick, -1
X_MATCH = X_LAST_TRICK + 1          # team that took every trick, -1
X_END = X_MATCH + 1                 # how the game ended in this deal (records.END_*), -1: it goes on
X_WINNER = X_END + 1                # Schieber: the winning team when the game ended, -1
X_WEIS_HELD = X_WINNER + 1          # 4: raw points of the melds each seat holds
X_WEIS_KEY = X_WEIS_HELD + NS       # 4: key of each seat's best meld (rules_nb.weis_of), 0 none
X_WEIS_CARDS = X_WEIS_KEY + NS      # 4: cards in each seat's melds
X_PREDICTION = X_WEIS_CARDS + NS    # 4: Differenzler predictions as made, -1 not yet
X_SCORE = X_PREDICTION + NS         # 4: Schieber: counted score of each team (slots 0, 1);
                                    #    Differenzler: each seat's penalty
STATE_SIZE = X_SCORE + NS

VARIANT_SCHIEBER = O.VARIANT_SCHIEBER
VARIANT_DIFFERENZLER = O.VARIANT_DIFFERENZLER

# cfg: the packed study, read by the kernel
CFG_VARIANT = 0
CFG_SEATING = 1     # 0 fixed, 1 rotate, 2 duplicate
CFG_TARGET = 2
CFG_OPEN = 3
CFG_MULTS = 4       # 6 slots
CFG_SIZE = CFG_MULTS + 6

SEATING_FIXED = 0
SEATING_ROTATE = 1
SEATING_DUPLICATE = 2

MAX_EXTRA_DEALS_NB = 20   # records.MAX_EXTRA_DEALS (numba reads it as a constant here)
DIFFERENZLER_DEALS = 4

# status: why a chunk stopped early (index, value)
ST_CODE = 0         # 0 fine, 1 illegal action
ST_SEAT = 1
ST_SLOT = 2
ST_GAME = 3
ST_DEAL = 4
ST_PHASE = 5
ST_ACTION = 6
ST_LEGAL = 7
ST_SIZE = 8

ERR_ILLEGAL = 1

LEGAL_TRUMP = 0b1111111         # the 6 modes or push
LEGAL_TRUMP_PUSHED = 0b111111   # the 6 modes
LEGAL_YES_NO = 0b11             # Weis: 0 none, 1 declare; claim: 0 play on, 1 claim


# --- the state: new game, new deal ------------------------------------------------------

@njit(cache=True, inline="always")
def new_game_nb(st, variant, target, open_predictions, m0, m1, m2, m3, m4, m5):
    """Reset the state for a new game: totals 0, the game's options set."""
    for i in range(STATE_SIZE):
        st[i] = 0
    st[O.VARIANT] = variant
    st[O.TARGET] = target if variant == VARIANT_SCHIEBER else 0
    st[X_OPEN] = open_predictions
    st[X_BAN] = 1 if variant == VARIANT_SCHIEBER else 0
    st[X_MULTS + 0] = m0
    st[X_MULTS + 1] = m1
    st[X_MULTS + 2] = m2
    st[X_MULTS + 3] = m3
    st[X_MULTS + 4] = m4
    st[X_MULTS + 5] = m5


@njit(cache=True, inline="always")
def start_deal_nb(st, dealer, deal_no, trump_card):
    """Reset the deal's slots (the game's options and totals stay) and open the first decision.

    Schieber: the first hand chooses the mode. Differenzler: the turned card
    (``trump_card``, the dealer's last card) sets trump; predictions follow.
    """
    variant = st[O.VARIANT]
    target = st[O.TARGET]
    t0 = st[O.TEAM_TOTALS]
    t1 = st[O.TEAM_TOTALS + 1]
    p0 = st[O.PENALTIES]
    p1 = st[O.PENALTIES + 1]
    p2 = st[O.PENALTIES + 2]
    p3 = st[O.PENALTIES + 3]
    st[:O.SIZE] = 0
    st[X_STOECK:] = 0
    st[O.VARIANT] = variant
    st[O.TARGET] = target
    st[O.TEAM_TOTALS] = t0
    st[O.TEAM_TOTALS + 1] = t1
    st[O.PENALTIES] = p0
    st[O.PENALTIES + 1] = p1
    st[O.PENALTIES + 2] = p2
    st[O.PENALTIES + 3] = p3
    first = (dealer + 1) % NS
    st[O.DEALER] = dealer
    st[O.FIRST_HAND] = first
    st[O.DEAL_NO] = deal_no
    st[O.SEAT] = first
    st[O.TRICK_LEADER] = first
    st[O.LEAD_SUIT] = -1
    st[O.WINNING_SEAT] = -1
    st[O.WINNING_CARD] = -1
    st[O.CHOOSER] = -1
    st[O.STOECK_SEAT] = -1
    st[O.WEIS_TEAM] = -1
    for s in range(NS):
        st[O.TRICK_CARDS + s] = -1
        st[O.PREDICTIONS + s] = -1
        st[O.WEIS_DECLARED + s] = -1
        st[X_PREDICTION + s] = -1
    st[X_STOECK] = -1
    st[X_CLAIM_SEAT] = -1
    st[X_LAST_TRICK] = -1
    st[X_MATCH] = -1
    st[X_END] = -1
    st[X_WINNER] = -1
    if st[O.VARIANT] == VARIANT_SCHIEBER:
        st[O.PHASE] = O.PHASE_TRUMP
        st[O.MODE] = -1
        st[O.TRUMP_CARD] = -1
    else:
        st[O.PHASE] = O.PHASE_PREDICT
        st[O.MODE] = trump_card // 9
        st[O.TRUMP_CARD] = trump_card
        st[O.MULTIPLIER] = 1
        for s in range(NS):
            st[O.WEIS_DECLARED + s] = 0


@njit(cache=True, inline="always")
def team_weis_nb(st, team):
    """Raw Weis points the team scores: its declared melds if it holds the best, else 0."""
    if st[O.WEIS_TEAM] != team:
        return 0
    return max(st[O.WEIS_DECLARED + team], 0) + max(st[O.WEIS_DECLARED + team + 2], 0)


@njit(cache=True, inline="always")
def stoeck_announced_nb(st, played):
    """Seat that has announced Stöck (played trump Ober and King), -1; ``played`` = cards out."""
    holder = st[X_STOECK]
    pair = STOECK[st[O.MODE]] if st[O.MODE] >= 0 else np.uint64(0)
    if holder >= 0 and (np.uint64(played) & pair) == pair:
        return holder
    return -1


@njit(cache=True, inline="always")
def counted_nb(st, team, stoeck_seat):
    """The team's game total if its points were counted now (what a claim is judged on):
    total before the deal + multiplier × (announced Stöck + Weis once shown + card points)."""
    raw = st[O.POINTS + team] + st[O.POINTS + team + 2]
    if st[O.TRICK_NO] >= 1:
        raw += team_weis_nb(st, team)
    if stoeck_seat >= 0 and stoeck_seat % 2 == team:
        raw += STOECK_POINTS
    return st[O.TEAM_TOTALS + team] + st[O.MULTIPLIER] * raw


# --- decisions before the play ---------------------------------------------------------

@njit(cache=True, inline="always")
def begin_play_nb(st):
    """Open the play: the first hand leads. Schieber: decide the Weis winner, and whether
    any team could reach the target in this deal (only then are claims asked)."""
    first = st[O.FIRST_HAND]
    st[O.PHASE] = O.PHASE_PLAY
    st[O.SEAT] = first
    if st[O.VARIANT] != VARIANT_SCHIEBER:
        return
    # only declared melds compete
    k0 = st[X_WEIS_KEY + 0] * (st[O.WEIS_DECLARED + 0] > 0)
    k1 = st[X_WEIS_KEY + 1] * (st[O.WEIS_DECLARED + 1] > 0)
    k2 = st[X_WEIS_KEY + 2] * (st[O.WEIS_DECLARED + 2] > 0)
    k3 = st[X_WEIS_KEY + 3] * (st[O.WEIS_DECLARED + 3] > 0)
    best = best_weis_seat(k0, k1, k2, k3, first)
    st[O.WEIS_TEAM] = best % 2 if best >= 0 else -1
    most = 0
    for t in range(2):
        # the most a team could count in this deal: every card point, match, its Weis, Stöck
        top = st[O.TEAM_TOTALS + t] + st[O.MULTIPLIER] * (
            DEAL_POINTS + MATCH_BONUS + team_weis_nb(st, t) + STOECK_POINTS)
        most = max(most, top - st[O.TARGET])
    st[X_CLAIMS] = 1 if most >= 0 else 0


@njit(cache=True, inline="always")
def advance_weis_nb(st, position):
    """Ask the next seat (from play position ``position``) that holds a meld; seats
    without one declare nothing. When all have spoken, the play begins."""
    first = st[O.FIRST_HAND]
    for i in range(position, NS):
        seat = (first + i) % NS
        if st[X_WEIS_KEY + seat] > 0:
            st[O.PHASE] = O.PHASE_WEIS
            st[O.SEAT] = seat
            return
        st[O.WEIS_DECLARED + seat] = 0
    begin_play_nb(st)


@njit(cache=True, inline="always")
def apply_trump_nb(st, hands, action):
    """The first hand's (or after a push its partner's) choice: a mode 0..5 or push (6)."""
    if action == O.ACTION_PUSH:
        st[O.PUSHED] = 1
        st[O.PHASE] = O.PHASE_TRUMP_PUSHED
        st[O.SEAT] = (st[O.FIRST_HAND] + 2) % NS
        return
    st[O.MODE] = action
    st[O.CHOOSER] = st[O.SEAT]
    st[O.MULTIPLIER] = st[X_MULTS + action]
    for s in range(NS):
        points, key, cards = weis_of(hands[s], action)
        st[X_WEIS_HELD + s] = points
        st[X_WEIS_KEY + s] = key
        st[X_WEIS_CARDS + s] = np.int64(cards)
    st[X_STOECK] = stoeck_holder(hands[0], hands[1], hands[2], hands[3], action)
    advance_weis_nb(st, 0)


@njit(cache=True, inline="always")
def apply_weis_nb(st, declare):
    """The seat to act declares all its melds (1) or none (0)."""
    seat = st[O.SEAT]
    st[O.WEIS_DECLARED + seat] = st[X_WEIS_HELD + seat] if declare else 0
    advance_weis_nb(st, (seat - st[O.FIRST_HAND]) % NS + 1)


@njit(cache=True, inline="always")
def apply_predict_nb(st, value):
    """The seat to act predicts its card points; the dealer predicts last."""
    seat = st[O.SEAT]
    st[X_PREDICTION + seat] = value
    if st[X_OPEN]:
        st[O.PREDICTIONS + seat] = value
    if seat == st[O.DEALER]:
        begin_play_nb(st)
    else:
        st[O.SEAT] = (seat + 1) % NS


@njit(cache=True, inline="always")
def apply_claim_nb(st, seat, claim):
    """``seat``'s team, which has just taken a trick, claims the game (1) or plays on (0).

    Right claim (its counted points reach the target): it wins at once;
    wrong: it loses at once. Either way the deal and the game stop here.
    """
    st[O.PHASE] = O.PHASE_PLAY
    st[O.SEAT] = st[O.TRICK_LEADER]
    if claim:
        team = seat % 2
        stoeck = stoeck_announced_nb(st, st[O.PLAYED])
        st[X_CLAIM_SEAT] = seat
        st[X_CLAIM_RIGHT] = 1 if counted_nb(st, team, stoeck) >= st[O.TARGET] else 0
        st[O.PHASE] = PHASE_OVER


@njit(cache=True, inline="always")
def claim_offered_nb(st):
    """Whether the engine asks the team that has just taken a trick whether it claims:
    a trick but the last is complete, and some team's counted points reach the target
    (before that a claim could only be wrong)."""
    if st[X_CLAIMS] == 0 or st[O.TRICK_N] != 0 or st[O.TRICK_NO] < 1 or st[O.TRICK_NO] >= N_TRICKS:
        return False
    stoeck = stoeck_announced_nb(st, st[O.PLAYED])
    return (counted_nb(st, 0, stoeck) >= st[O.TARGET]) | (counted_nb(st, 1, stoeck) >= st[O.TARGET])


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
    draw = np.int64(next_u64(dec_rng) >> np.uint64(1))
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
        ok = action >= 0 and action <= 63 and (np.uint64(legal) >> np.uint64(action)) & np.uint64(1) != 0
    if not ok:
        status[ST_CODE] = ERR_ILLEGAL
        status[ST_SEAT] = seat
        status[ST_SLOT] = slot
        status[ST_PHASE] = phase
        status[ST_ACTION] = action
        status[ST_LEGAL] = legal
        return -1
    return action


# --- the play ----------------------------------------------------------------------------------

@njit(cache=True, inline="always")
def store_trick_nb(st, seat, k, lead, best, best_seat, trick_no, played):
    """Write the trick in progress (kept in locals by ``play_cards_nb``) to the state."""
    st[O.SEAT] = seat
    st[O.TRICK_N] = k
    st[O.LEAD_SUIT] = lead
    st[O.WINNING_CARD] = best
    st[O.WINNING_SEAT] = best_seat
    st[O.TRICK_NO] = trick_no
    st[O.PLAYED] = played


@njit(cache=True, inline="always")
def play_cards_nb(st, hands, lineup, kinds, params, fns, dec_rng, obs, status, forced):
    """The play: cards into tricks, tricks to their winners, claims after tricks.

    With ``forced`` >= 0, plays just that card for the seat to act (a
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
        if forced >= 0:
            card = forced
        else:
            legal = legal_cards(hands[seat], lead, mode, best, ban)
            slot = lineup[seat]
            if kinds[slot] == KIND_RANDOM:
                draw = np.int64(next_u64(dec_rng) >> np.uint64(1))
                card = jass_nb.random_action_nb(O.PHASE_PLAY, np.int64(legal), draw)
            else:
                store_trick_nb(st, seat, k, lead, best, best_seat, trick_no, played)
                card = decide_nb(st, hands, seat, np.int64(legal), slot, kinds, params, fns,
                                 dec_rng, obs, status)
                if card < 0:
                    return -2
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
            for i in range(NS):
                st[O.TRICK_CARDS + i] = -1
            st[O.TRICK_LEADER] = best_seat
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
            elif st[X_CLAIMS] != 0:
                store_trick_nb(st, seat, k, lead, best, best_seat, trick_no, played)
                if claim_offered_nb(st):
                    st[O.PHASE] = O.PHASE_CLAIM
                    if forced >= 0:
                        return result
                    claim = decide_nb(st, hands, seat, LEGAL_YES_NO, lineup[seat], kinds, params,
                                      fns, dec_rng, obs, status)
                    if claim < 0:
                        return -2
                    apply_claim_nb(st, seat, claim)
                    if claim:
                        return -1
        if forced >= 0:
            break
    store_trick_nb(st, seat, k, lead, best, best_seat, trick_no, played)
    if trick_no == N_TRICKS:
        st[O.PHASE] = PHASE_OVER
    return result if forced >= 0 else -1


@njit(cache=True)
def apply_play_nb(st, hands, card):
    """Play ``card`` for the seat to act; closes the trick when it is full.

    Returns the taking seat when this card completed a trick, else -1.
    """
    none_i = np.zeros(1, dtype=np.int64)
    return play_cards_nb(st, hands, none_i, none_i, np.zeros((1, 1)), None,
                         np.zeros(4, dtype=np.uint64), none_i, none_i, card)


@njit(cache=True)
def legal_play_nb(st, hands):
    """Bitmask of the cards the seat to act may play."""
    return legal_cards(hands[st[O.SEAT]], st[O.LEAD_SUIT], st[O.MODE], st[O.WINNING_CARD], st[X_BAN])


@njit(cache=True)
def apply_nb(st, hands, phase, seat, action):
    """Apply one non-play decision in its phase (replay's entry point; the
    engine calls the step functions directly)."""
    if phase == O.PHASE_TRUMP or phase == O.PHASE_TRUMP_PUSHED:
        apply_trump_nb(st, hands, action)
    elif phase == O.PHASE_WEIS:
        apply_weis_nb(st, action)
    elif phase == O.PHASE_PREDICT:
        apply_predict_nb(st, action)
    elif phase == O.PHASE_CLAIM:
        apply_claim_nb(st, seat, action)


@njit(cache=True)
def observation_nb(st, hands, seat, legal):
    """The observation ``seat`` gets before a decision (replay and tests; draw 0)."""
    work = st.copy()
    prepare_obs_nb(work, hands, seat, legal, 0)
    return work[:O.SIZE].copy()


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


@njit(cache=True)
def legal_actions_nb(st, hands):
    return legal_now_nb(st, hands)


@njit(cache=True, inline="always")
def continue_deal_nb(st, hands, lineup, kinds, params, fns, dec_rng, obs, status):
    """Play the deal on from wherever the state stands until it is over.

    Returns False when a player gave an illegal action (see ``status``).
    """
    while st[O.PHASE] != PHASE_OVER:
        phase = st[O.PHASE]
        if phase == O.PHASE_PLAY:
            if play_cards_nb(st, hands, lineup, kinds, params, fns, dec_rng, obs, status, -1) == -2:
                return False
            continue
        seat = st[O.SEAT]
        action = decide_nb(st, hands, seat, legal_now_nb(st, hands), lineup[seat], kinds, params,
                           fns, dec_rng, obs, status)
        if action < 0:
            return False
        if phase == O.PHASE_TRUMP or phase == O.PHASE_TRUMP_PUSHED:
            apply_trump_nb(st, hands, action)
        elif phase == O.PHASE_WEIS:
            apply_weis_nb(st, action)
        elif phase == O.PHASE_PREDICT:
            apply_predict_nb(st, action)
        else:
            apply_claim_nb(st, seat, action)
    return True


# --- the end of a deal --------------------------------------------------------------------

@njit(cache=True, inline="always")
def finish_deal_nb(st):
    """Score the deal that is over and add it to the totals; say whether the game ended.

    Schieber (``X_SCORE`` per team, ``X_END``, ``X_WINNER``): after a claim,
    each team counts what it has (Stöck if announced, Weis, card points) and
    the claim decides. After the last trick: match bonus, then the counting
    order Stöck → Weis → tricks, the last trick's team counting its tricks
    first; the first team to reach the target wins.
    Differenzler (``X_SCORE`` per seat): the penalty |points − prediction|.
    """
    if st[O.VARIANT] != VARIANT_SCHIEBER:
        for s in range(NS):
            pen = abs(st[O.POINTS + s] - st[X_PREDICTION + s])
            st[X_SCORE + s] = pen
            st[O.PENALTIES + s] += pen
        return
    mult = st[O.MULTIPLIER]
    target = st[O.TARGET]
    complete = st[O.TRICK_NO] == N_TRICKS
    stoeck = stoeck_announced_nb(st, st[O.PLAYED])
    stoeck_team = stoeck % 2 if stoeck >= 0 else -1
    weis_team = st[O.WEIS_TEAM] if st[O.TRICK_NO] >= 1 else -1
    match = -1
    if complete:
        for t in range(2):
            if st[O.TRICKS + t] + st[O.TRICKS + t + 2] == N_TRICKS:
                match = t
    st[X_MATCH] = match
    before0 = st[O.TEAM_TOTALS + 0]
    before1 = st[O.TEAM_TOTALS + 1]
    for t in range(2):
        raw = st[O.POINTS + t] + st[O.POINTS + t + 2]
        raw += STOECK_POINTS * (stoeck_team == t) + MATCH_BONUS * (match == t)
        if weis_team == t:
            raw += team_weis_nb(st, t)
        st[X_SCORE + t] = mult * raw
        st[O.TEAM_TOTALS + t] += mult * raw
    if st[X_CLAIM_SEAT] >= 0:
        team = st[X_CLAIM_SEAT] % 2
        st[X_END] = END_CLAIM_RIGHT if st[X_CLAIM_RIGHT] else END_CLAIM_WRONG
        st[X_WINNER] = team if st[X_CLAIM_RIGHT] else 1 - team
        return
    # counting order: Stöck, Weis, then the tricks (the last trick's team first)
    count0 = before0
    count1 = before1
    if stoeck_team >= 0:
        count0 += mult * STOECK_POINTS * (stoeck_team == 0)
        count1 += mult * STOECK_POINTS * (stoeck_team == 1)
        if max(count0, count1) >= target:
            st[X_END] = END_STOECK
            st[X_WINNER] = stoeck_team
            return
    if weis_team >= 0:
        w = mult * team_weis_nb(st, weis_team)
        count0 += w * (weis_team == 0)
        count1 += w * (weis_team == 1)
        if max(count0, count1) >= target:
            st[X_END] = END_WEIS
            st[X_WINNER] = weis_team
            return
    first = st[X_LAST_TRICK] % 2
    for i in range(2):
        t = (first + i) % 2
        if st[O.TEAM_TOTALS + t] >= target:
            st[X_END] = END_TRICKS
            st[X_WINNER] = t
            return


# --- whole games -------------------------------------------------------------------------------

@njit(cache=True, inline="always")
def seat_lineup_nb(lineup, seating, game_index, rotation):
    """Which lineup slot plays each seat in this game: seat s ← slot (s + shift) % 4.

    Any shift keeps slots 0+2 and 1+3 partners; an odd shift swaps their teams.
    """
    shift = 0
    if seating == SEATING_ROTATE:
        shift = game_index % NS
    elif seating == SEATING_DUPLICATE:
        shift = rotation
    for s in range(NS):
        lineup[s] = (s + shift) % NS


@njit(cache=True, inline="always")
def splitmix_nb(x):
    x = x + np.uint64(0x9E3779B97F4A7C15)
    z = x
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(cache=True, inline="always")
def board_stream_nb(base, board, out):
    """The deal stream of one board: derived from the chunk's deal state and the board
    number alone, so a board's cards never depend on how long earlier games lasted."""
    salt = splitmix_nb(np.uint64(board))
    for j in range(4):
        out[j] = splitmix_nb(base[j] ^ salt ^ np.uint64(j << 56))
    if out[0] == 0 and out[1] == 0 and out[2] == 0 and out[3] == 0:
        out[0] = 1


@njit(cache=True, inline="always")
def deal_cards_nb(rng, deck, hands, dealer):
    """Shuffle the whole pack and give 9 cards to each seat from the first hand on;
    returns the dealer's last card (Differenzler turns it up)."""
    # Fisher-Yates with two 32-bit draws from each 64-bit output (Lemire's multiply-shift)
    for i in range(0, 34, 2):
        x = next_u64(rng)
        j = i + np.int64(((x >> np.uint64(32)) * np.uint64(36 - i)) >> np.uint64(32))
        tmp = deck[i]
        deck[i] = deck[j]
        deck[j] = tmp
        j = i + 1 + np.int64(((x & np.uint64(0xFFFFFFFF)) * np.uint64(35 - i)) >> np.uint64(32))
        tmp = deck[i + 1]
        deck[i + 1] = deck[j]
        deck[j] = tmp
    j = 34 + below(rng, 2)
    tmp = deck[34]
    deck[34] = deck[j]
    deck[j] = tmp
    for p in range(NS):
        m = np.uint64(0)
        for i in range(9 * p, 9 * p + 9):
            m |= bit(deck[i])
        hands[(dealer + 1 + p) % NS] = m
    return deck[35]


@njit(cache=True, inline="always")
def max_deals_nb(variant, target):
    """Most deals a game can last: Differenzler 4 + the extra deals; Schieber: every
    deal adds at least 157 points between the two teams, so by then one has the target."""
    if variant != VARIANT_SCHIEBER:
        return DIFFERENZLER_DEALS + MAX_EXTRA_DEALS_NB
    return (2 * target) // DEAL_POINTS + 2


@njit(cache=True, nogil=True)
def simulate_chunk_nb(cfg, kinds, params, fns, deal_base, dec_rng, first_board, n_boards,
                      deals_out, games_out, status, done):
    """Play boards ``first_board …`` (whole games) and write their records.

    A board is one run of its deal stream (``board_stream_nb``): the first
    dealer and every deal's cards. With duplicate seating it is played once
    per rotation of the lineup, each from the same stream. Stops before a
    board whose worst case would not fit the output arrays.
    ``done`` gets (boards played, deal rows, game rows); returns the boards
    played (fewer than asked when the arrays are full or on an error).
    """
    variant = cfg[CFG_VARIANT]
    seating = cfg[CFG_SEATING]
    target = cfg[CFG_TARGET]
    schieber = variant == VARIANT_SCHIEBER
    rotations = NS if seating == SEATING_DUPLICATE else 1
    board_rows = rotations * max_deals_nb(variant, target) * NS

    deck = np.arange(36).astype(np.int64)
    board_rng = np.empty(4, dtype=np.uint64)
    deal_rng = np.empty(4, dtype=np.uint64)
    st = np.zeros(STATE_SIZE, dtype=np.int64)
    obs = np.zeros(O.SIZE, dtype=np.int64)
    hands = np.zeros(NS, dtype=np.uint64)
    dealt = np.zeros(NS, dtype=np.uint64)
    lineup = np.zeros(NS, dtype=np.int64)
    d_row = 0
    g_row = 0
    boards_done = 0
    for b in range(n_boards):
        if d_row + board_rows > deals_out.shape[0] or g_row + rotations * NS > games_out.shape[0]:
            break
        board = first_board + b
        board_stream_nb(deal_base, board, board_rng)
        for rot in range(rotations):
            deal_rng[:] = board_rng
            for i in range(36):  # the board's cards depend on its stream alone
                deck[i] = i
            game_id = board * rotations + rot
            seat_lineup_nb(lineup, seating, board, rot)
            first_dealer = below(deal_rng, NS)
            new_game_nb(st, variant, target, cfg[CFG_OPEN], cfg[CFG_MULTS], cfg[CFG_MULTS + 1],
                        cfg[CFG_MULTS + 2], cfg[CFG_MULTS + 3], cfg[CFG_MULTS + 4], cfg[CFG_MULTS + 5])
            deal_no = 0
            end = -1
            claim_seat = -1
            while True:
                dealer = (first_dealer + deal_no) % NS
                turned = deal_cards_nb(deal_rng, deck, hands, dealer)
                for s in range(NS):
                    dealt[s] = hands[s]
                start_deal_nb(st, dealer, deal_no, turned)
                if not continue_deal_nb(st, hands, lineup, kinds, params, fns, dec_rng, obs, status):
                    status[ST_GAME] = game_id
                    status[ST_DEAL] = deal_no
                    done[0] = boards_done
                    done[1] = d_row
                    done[2] = g_row
                    return boards_done
                finish_deal_nb(st)
                mode = st[O.MODE]
                complete = st[O.TRICK_NO] == N_TRICKS
                for s in range(NS):
                    team = s % 2 if schieber else s
                    row = deals_out[d_row]
                    row.game = game_id
                    row.board = board
                    row.deal = deal_no
                    row.seat = s
                    row.player = lineup[s]
                    row.team = team
                    row.dealer = dealer
                    row.position = (s - dealer - 1) % NS
                    row.hand = dealt[s]
                    row.mode = mode
                    row.chooser = st[O.CHOOSER]
                    row.pushed = st[O.PUSHED]
                    row.multiplier = st[O.MULTIPLIER]
                    row.trump_card = st[O.TRUMP_CARD]
                    row.trumps_held = popcount(dealt[s] & SUIT_MASKS[mode]) if mode < 4 else 0
                    row.tricks = st[O.TRICKS + s]
                    row.points = st[O.POINTS + s]
                    row.last_trick = st[X_LAST_TRICK] == s
                    row.complete = complete
                    if schieber:
                        declared = max(st[O.WEIS_DECLARED + s], 0)
                        row.weis_held = st[X_WEIS_HELD + s]
                        row.weis_declared = declared
                        row.weis_scored = declared if (st[O.WEIS_TEAM] == team
                                                       and st[O.TRICK_NO] >= 1) else 0
                        row.stoeck = st[X_STOECK] == s
                        row.match = st[X_MATCH] == team
                        row.team_score = st[X_SCORE + team]
                        row.total = st[O.TEAM_TOTALS + team]
                        row.prediction = -1
                        row.penalty = 0
                    else:
                        row.weis_held = 0
                        row.weis_declared = 0
                        row.weis_scored = 0
                        row.stoeck = 0
                        row.match = 0
                        row.team_score = st[O.POINTS + s]
                        row.total = st[O.PENALTIES + s]
                        row.prediction = st[X_PREDICTION + s]
                        row.penalty = st[X_SCORE + s]
                    d_row += 1
                deal_no += 1
                if schieber:
                    if st[X_END] >= 0:
                        end = st[X_END]
                        claim_seat = st[X_CLAIM_SEAT]
                        break
                elif deal_no >= DIFFERENZLER_DEALS:
                    low = min(min(st[O.PENALTIES], st[O.PENALTIES + 1]),
                              min(st[O.PENALTIES + 2], st[O.PENALTIES + 3]))
                    n_low = 0
                    for s in range(NS):
                        n_low += st[O.PENALTIES + s] == low
                    if n_low == 1:
                        end = END_FOUR_DEALS if deal_no == DIFFERENZLER_DEALS else END_EXTRA_DEALS
                        break
                    if deal_no - DIFFERENZLER_DEALS >= MAX_EXTRA_DEALS_NB:
                        end = END_TIE_CAP
                        break
            for s in range(NS):
                row = games_out[g_row]
                row.game = game_id
                row.board = board
                row.seat = s
                row.player = lineup[s]
                row.first_dealer = first_dealer
                row.start_position = (s - first_dealer - 1) % NS
                row.end = end
                row.claim_seat = claim_seat
                row.deals = deal_no
                if schieber:
                    team = s % 2
                    row.team = team
                    row.total = st[O.TEAM_TOTALS + team]
                    row.rank = 1 if st[X_WINNER] == team else 2
                    row.win = 1.0 if st[X_WINNER] == team else 0.0
                    row.extra_deals = 0
                else:
                    mine = st[O.PENALTIES + s]
                    better = 0
                    equal = 0
                    low = mine
                    for t in range(NS):
                        better += st[O.PENALTIES + t] < mine
                        equal += st[O.PENALTIES + t] == mine
                        low = min(low, st[O.PENALTIES + t])
                    row.team = s
                    row.total = mine
                    row.rank = better + 1
                    row.win = 1.0 / equal if mine == low else 0.0
                    row.extra_deals = deal_no - DIFFERENZLER_DEALS
                g_row += 1
        boards_done += 1
    done[0] = boards_done
    done[1] = d_row
    done[2] = g_row
    return boards_done


@njit(cache=True, nogil=True, parallel=True)
def simulate_chunks_nb(cfg, kinds, params, deal_bases, dec_states, first_boards, n_boards,
                       deal_offsets, game_offsets, deals_out, games_out, statuses, dones):
    """Several chunks at once in numba threads (the in-process parallel path).

    Chunk ``i`` writes into rows ``deal_offsets[i]:deal_offsets[i+1]`` and
    ``game_offsets[i]:game_offsets[i+1]`` (room for more than it usually
    needs); ``dones[i]`` says how far it got. A chunk that ran out of room
    is finished by ``simulate_chunk_nb`` from its saved decision state, so
    the records equal those of ``simulate_chunk_nb`` chunk by chunk.
    Built-in players only (a function-pointer tuple does not cross prange).
    """
    for i in prange(first_boards.shape[0]):
        simulate_chunk_nb(cfg, kinds, params, None, deal_bases[i], dec_states[i],
                          first_boards[i], n_boards[i],
                          deals_out[deal_offsets[i]:deal_offsets[i + 1]],
                          games_out[game_offsets[i]:game_offsets[i + 1]], statuses[i], dones[i])
