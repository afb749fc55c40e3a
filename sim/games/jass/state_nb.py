"""A Jass deal's state and the steps that change it outside the card play (numba).

A deal's state is an ``int64`` array: the first ``obs.SIZE`` slots are laid
out exactly like the observation (the public state), the ``X_*`` slots after
them hold what only the engine knows (the melds and Stöck each hand holds,
hidden predictions, the deal's result). Beside it the hands, one ``uint64``
per seat, then each seat's hand as dealt. So a deal can be played on from any
position: replay and the tests drive it through the step interface.

This module: a new game and a new deal (``reset_game_nb``, ``open_deal_nb``),
the decisions before the first card (``apply_trump_nb``, ``apply_weis_nb``,
``apply_predict_nb``), "Thanks, enough" (``claim_offered_nb``,
``apply_claim_nb``, after any trick, the last one too), all four by phase
(``apply_decision_nb``), the score at the end of a deal (``finish_deal_nb``)
and how long a game lasts (``max_deals_nb``, ``differenzler_end_nb``).
The card play, asking the players and the board loop's hooks are in
``step_nb``; the record rows in ``rows_nb``.
"""
import numpy as np
from numba import njit

from . import obs as O
from .cfg import CFG_MULTIPLIERS, CFG_PREDICTIONS, CFG_TARGET, CFG_VARIANT
from .records import (END_CLAIM_RIGHT, END_CLAIM_WRONG, END_EXTRA_DEALS, END_FOUR_DEALS,
                      END_STOECK, END_TIE_CAP, END_TRICKS, END_WEIS)
from .rules_nb import (DEAL_POINTS, MATCH_BONUS, MULTIPLIERS, N_MODES, PREDICTIONS_OPEN, STOECK,
                       STOECK_POINTS, best_weis_seat, stoeck_holder, weis_of)

NS = O.N_SEATS
N_TRICKS = 9
DIFFERENZLER_DEALS = 4
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


# --- the state: new game, new deal ------------------------------------------------------

@njit(cache=True, inline="always")
def reset_game_nb(st, cfg):
    """Reset the state for a new game: totals 0, the game's options (``cfg``) set."""
    for i in range(STATE_SIZE):
        st[i] = 0
    variant = cfg[CFG_VARIANT]
    st[O.VARIANT] = variant
    st[O.TARGET] = cfg[CFG_TARGET] if variant == VARIANT_SCHIEBER else 0
    st[X_OPEN] = 1 if cfg[CFG_PREDICTIONS] == PREDICTIONS_OPEN else 0
    st[X_BAN] = 1 if variant == VARIANT_SCHIEBER else 0
    st[O.RULE_MULTIPLIERS] = cfg[CFG_MULTIPLIERS]
    st[O.RULE_PREDICTIONS] = cfg[CFG_PREDICTIONS]
    row = cfg[CFG_MULTIPLIERS] * N_MODES
    for m in range(N_MODES):
        st[X_MULTS + m] = MULTIPLIERS[row + m]


@njit(cache=True, inline="always")
def open_deal_nb(st, dealer, deal_no, trump_card):
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
    rule_multipliers = st[O.RULE_MULTIPLIERS]
    rule_predictions = st[O.RULE_PREDICTIONS]
    st[:O.SIZE] = 0
    st[O.RULE_MULTIPLIERS] = rule_multipliers
    st[O.RULE_PREDICTIONS] = rule_predictions
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
    total before the deal + multiplier × (announced Stöck + Weis once shown + card points,
    and after the last trick the match bonus of a team that took all nine)."""
    raw = st[O.POINTS + team] + st[O.POINTS + team + 2]
    if st[O.TRICK_NO] == N_TRICKS and st[O.TRICKS + team] + st[O.TRICKS + team + 2] == N_TRICKS:
        raw += MATCH_BONUS
    if st[O.TRICK_NO] >= 1:
        raw += team_weis_nb(st, team)
    if stoeck_seat >= 0 and stoeck_seat % 2 == team:
        raw += STOECK_POINTS
    return st[O.TEAM_TOTALS + team] + st[O.MULTIPLIER] * raw


# --- decisions: before the first card, and claims -----------------------------------------

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
    st[X_CLAIMS] = 1 if claims_possible_nb(st) else 0


@njit(cache=True, inline="always")
def claims_possible_nb(st):
    """Whether a team could reach the target in this deal (Schieber, once the Weis winner
    is known): only then are claims asked. Public: a search player rebuilds it."""
    reachable = False
    for t in range(2):
        # the most a team could count in this deal: every card point, match, its Weis, Stöck
        top = st[O.TEAM_TOTALS + t] + st[O.MULTIPLIER] * (
            DEAL_POINTS + MATCH_BONUS + team_weis_nb(st, t) + STOECK_POINTS)
        reachable = reachable or top >= st[O.TARGET]
    return reachable


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
    st[X_STOECK] = stoeck_holder(hands, action)
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
    Playing on after the last trick leaves the deal over, to be counted.
    """
    st[O.PHASE] = O.PHASE_PLAY if st[O.TRICK_NO] < N_TRICKS else PHASE_OVER
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
    a trick is complete (the last one too), and some team's counted points reach the
    target (before that a claim could only be wrong)."""
    if st[X_CLAIMS] == 0 or st[O.TRICK_N] != 0 or st[O.TRICK_NO] < 1:
        return False
    stoeck = stoeck_announced_nb(st, st[O.PLAYED])
    return (counted_nb(st, 0, stoeck) >= st[O.TARGET]) | (counted_nb(st, 1, stoeck) >= st[O.TARGET])



@njit(cache=True, inline="always")
def apply_decision_nb(st, hands, phase, seat, action):
    """Apply a decision that is not a card (trump, Weis, prediction, claim) in its phase."""
    if phase == O.PHASE_TRUMP or phase == O.PHASE_TRUMP_PUSHED:
        apply_trump_nb(st, hands, action)
    elif phase == O.PHASE_WEIS:
        apply_weis_nb(st, action)
    elif phase == O.PHASE_PREDICT:
        apply_predict_nb(st, action)
    elif phase == O.PHASE_CLAIM:
        apply_claim_nb(st, seat, action)


# --- the end of a deal --------------------------------------------------------------------

@njit(cache=True, inline="always")
def finish_deal_nb(st):
    """Score the deal that is over and add it to the totals; say whether the game ended.

    Schieber (``X_SCORE`` per team, ``X_END``, ``X_WINNER``): after a claim,
    each team counts what it has (Stöck if announced, Weis, card points, and
    the match after the last trick) and the claim decides. After the last
    trick without a claim: match bonus, then the counting
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
    # counting order: Stöck, then Weis, then the tricks, the last trick's team first. Each
    # step adds to one team only, so only that team can reach the target with it.
    if stoeck_team >= 0:
        counted = (before1 if stoeck_team else before0) + mult * STOECK_POINTS
        if counted >= target:
            st[X_END] = END_STOECK
            st[X_WINNER] = stoeck_team
            return
    if weis_team >= 0:
        counted = (before1 if weis_team else before0) + mult * (
            STOECK_POINTS * (stoeck_team == weis_team) + team_weis_nb(st, weis_team))
        if counted >= target:
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


# --- how long a game lasts ----------------------------------------------------------------

@njit(cache=True, inline="always")
def max_deals_nb(variant, target, tie_deals):
    """Deals a board's game is given room for before it starts: the most it can last —
    Differenzler 4 + ``tie_deals`` extra deals; Schieber: every deal adds at least 157
    points between the two teams, so by then one has the target. A Differenzler tie
    without a limit (``tie_deals`` < 0) has no most: room for the 4 deals, and a game
    that outgrows it is played again into bigger arrays (``sim/board_nb.py``)."""
    if variant != VARIANT_SCHIEBER:
        return DIFFERENZLER_DEALS + max(tie_deals, 0)
    return (2 * target) // DEAL_POINTS + 2


@njit(cache=True, inline="always")
def differenzler_end_nb(st, deal_no, tie_deals):
    """How a Differenzler game ends after ``deal_no`` deals (records.END_*), -1: it goes on.

    After 4 deals the single lowest penalty total wins; a tie for the lowest
    plays one more deal, as often as needed, or at most ``tie_deals`` times
    (``tie_deals`` < 0: no limit); still tied then, the tied players share.
    """
    if deal_no < DIFFERENZLER_DEALS:
        return -1
    low = min(min(st[O.PENALTIES], st[O.PENALTIES + 1]),
              min(st[O.PENALTIES + 2], st[O.PENALTIES + 3]))
    n_low = 0
    for s in range(NS):
        n_low += st[O.PENALTIES + s] == low
    if n_low == 1:
        return END_FOUR_DEALS if deal_no == DIFFERENZLER_DEALS else END_EXTRA_DEALS
    if tie_deals >= 0 and deal_no - DIFFERENZLER_DEALS >= tie_deals:
        return END_TIE_CAP
    return -1
