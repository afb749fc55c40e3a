"""Jass (Schieber, Differenzler), one deal at a time (numba): the card play, and the
hooks the kit's board loop (``sim/board_nb.py``) is bound to.

A deal's state is ``(st, hands)``: ``st`` is the observation (``obs.py``)
followed by the private slots of ``state_nb`` (``STATE_SIZE`` in all),
``hands`` one word per seat, then each seat's hand as dealt (for the
records). The deal can be played on from any position: replay, tests and
search players drive it with the step interface (the bound ``to_act_nb`` …
``is_over_nb`` and ``new_state_nb``, ``start_deal_nb``, ``result_nb``
below), and a player's observation is the public state plus its own hand.

A game of a board keeps its totals in the state's public slots
(``TEAM_TOTALS``, ``PENALTIES``), which a new deal leaves as they are; how a
game ended stays in ``X_END`` until its rows are written.
"""
import numpy as np
from numba import njit

from ...bits_nb import bit
from ...board_nb import ask_player_nb
from ...borrow_nb import borrowed
from ...kit_nb import (CH_DEAL, CH_DEALER, CH_TOTALS, CH_TURNED, KIND_RANDOM, actions1_nb,
                       close_trick_nb, draw_nb, is_legal_nb, store_trick_nb, trace_deal_start_nb,
                       trace_decision_nb)
from ...rng_nb import below, next_u64
from . import obs as O
from .cards import N_CARDS
from .cfg import CFG_TARGET, CFG_TIE_DEALS, CFG_VARIANT
from .rows_nb import write_deal_rows_nb, write_game_rows_nb
from .rules_nb import (BUUR, FOLLOW, LAST_TRICK_BONUS, LOWER_TRUMPS, POINTS, TRUMPS, legal_cards,
                       random_action_nb, tie_deals_allowed, trick_key)
from .state_nb import (N_TRICKS, NS, PHASE_OVER, STATE_SIZE, VARIANT_SCHIEBER, X_BAN,
                       X_CLAIM_SEAT, X_CLAIMS, X_END, X_LAST_TRICK, X_OPEN, X_PREDICTION,
                       X_SCORE, X_WEIS_CARDS, X_WEIS_HELD, apply_claim_nb, apply_decision_nb,
                       claim_offered_nb, counted_nb, differenzler_end_nb, finish_deal_nb,
                       max_deals_nb, open_deal_nb, reset_game_nb, stoeck_announced_nb)

LEGAL_TRUMP = 0b1111111         # the 6 modes or push
LEGAL_TRUMP_PUSHED = 0b111111   # the 6 modes
LEGAL_YES_NO = 0b11             # Weis: 0 none, 1 declare; claim: 0 play on, 1 claim

DEALT = NS                      # hands[DEALT + s]: seat s's hand as dealt
ALL_CARDS = np.uint64((1 << N_CARDS) - 1)


# -- the observation and asking a player -------------------------------------------------------
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
def decide_nb(st, hands, cfg, seat, legal, slot, kinds, params, fns, dec_rng, obs, status):
    """One decision of ``seat`` (lineup ``slot``): the action, or -1 after an illegal one.

    Every decision takes one draw from the decision stream. The random
    player is answered here without an observation (the hot path); every
    other player through the kit's ``ask_player_nb``.
    """
    draw = draw_nb(dec_rng)
    if kinds[slot] == KIND_RANDOM:
        return random_action_nb(st[O.PHASE], legal, draw)
    return ask_player_nb(st, hands, cfg, seat, slot, legal, np.int64(0), draw, kinds, params, fns,
                         obs, status)


# -- the play ----------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def note_void_nb(st, seat, lead, best, card, mode, ban):
    """Note in ``st`` that ``seat`` played ``card`` (``PLAYED_BY``) and the cards it showed it
    does not hold (``VOIDS``), as rules_nb.legal_cards allows the card (suit led ``lead``,
    the card taking the trick ``best``): another plain suit to a plain suit led, only without
    the suit led; a plain card to a trump led, only without a trump but the Buur; an
    under-trump (the ban), only with nothing but trumps. Following suit, a trump to a plain
    suit that does not under-trump and the lead itself show nothing."""
    st[O.PLAYED_BY + seat] |= np.int64(bit(card))
    if lead < 0 or card // 9 == lead:
        return
    if lead == mode:
        barred = TRUMPS[mode] & ~BUUR[mode]
    elif card // 9 == mode:
        under = (ban != 0) & (((LOWER_TRUMPS[best + 1] >> np.uint64(card)) & np.uint64(1)) != 0)
        barred = (ALL_CARDS & ~TRUMPS[mode]) if under else np.uint64(0)
    else:
        barred = FOLLOW[lead + 1]
    st[O.VOIDS + seat] |= np.int64(barred)


# once a deal: a call, not inlined (compile time, docs/architecture.md)
@njit(cache=True)
def play_cards_nb(st, hands, cfg, lineup, kinds, params, fns, dec_rng, obs, status, forced,
                  trace):
    """The play: cards into tricks, tricks to their winners, claims after tricks.

    With ``forced`` >= 0 (and ``kinds`` None: no players at all, so none of
    their code is compiled), plays just that card for the seat to act (a
    decision taken elsewhere) and returns the taker if it closed a trick, else
    -1; if a claim is then offered the state stops in ``PHASE_CLAIM``.
    With ``forced`` < 0, asks the players and plays on until the deal is
    over or a claim ended the game; returns -1, or -2 after an illegal
    action (see ``status``).

    The trick in progress lives in local variables and is written back
    before a player that reads the state decides, and at the end.
    """
    # Borrowed like the board loop's (sim/borrow_nb.py): the caller owns them, and numba's
    # reference counts of them at each inlined call drop out (a call each, even on the
    # board loop's borrowed arrays). What a user's player may receive (obs, params) stays
    # counted when one plays (fns). With play_deal_nb's and the heuristic's borrowed too,
    # and the heuristic's masters from a table, heuristic Schieber's kernel CPU a deal went
    # 2,430 -> 1,480 ns (interleaved medians; the table alone: 2,410 -> 2,290).
    st, hands, cfg, lineup = borrowed(st), borrowed(hands), borrowed(cfg), borrowed(lineup)
    dec_rng, status = borrowed(dec_rng), borrowed(status)
    if fns is None:
        params, obs = borrowed(params), borrowed(obs)
    # New names: ``kinds`` itself stays as passed, for numba to prune its tests of None.
    players, log = kinds, trace
    if kinds is not None:   # the board loop's call (the step interface passes no players)
        players, log = borrowed(kinds), borrowed(trace)
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
        if kinds is None:   # a card decided elsewhere: the players' code is compiled away
            card = forced
        else:
            legal = legal_cards(hands[seat], lead, mode, best, ban)
            slot = lineup[seat]
            if players[slot] == KIND_RANDOM:
                draw = draw_nb(dec_rng)
                card = random_action_nb(O.PHASE_PLAY, np.int64(legal), draw)
            else:
                store_trick_nb(st, O.SEAT, O.TRICK_BLOCK, seat, k, lead, best, best_seat, trick_no,
                               played)
                card = decide_nb(st, hands, cfg, seat, np.int64(legal), slot, players, params, fns,
                                 dec_rng, obs, status)
                if card < 0:
                    return -2
            trace_decision_nb(log, seat, O.PHASE_PLAY, card)
        # compile-time tests: a kernel of built-in players only keeps no voids (none reads them)
        if kinds is None:       # the step interface: every observation keeps them
            note_void_nb(st, seat, lead, best, card, mode, ban)
        elif fns is not None:   # a user's player (a search player) may read them
            note_void_nb(st, seat, lead, best, card, mode, ban)
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
                store_trick_nb(st, O.SEAT, O.TRICK_BLOCK, seat, k, lead, best, best_seat, trick_no,
                               played)
                if claim_offered_nb(st):
                    st[O.PHASE] = O.PHASE_CLAIM
                    if kinds is None:   # the claim is a decision of its own (apply_action_nb)
                        return result
                    claim = decide_nb(st, hands, cfg, seat, LEGAL_YES_NO, lineup[seat], players,
                                      params, fns, dec_rng, obs, status)
                    if claim < 0:
                        return -2
                    trace_decision_nb(log, seat, O.PHASE_CLAIM, claim)
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
def apply_play_nb(st, hands, card):
    """Play ``card`` for the seat to act; closes the trick when it is full. Returns the
    taking seat when this card completed a trick, else -1. (Without players
    ``play_cards_nb`` reads none of their arguments: ``st`` and ``hands`` stand in.)"""
    return play_cards_nb(st, hands, st, st, None, st, None, hands, st, st, card, None)


@njit(cache=True, inline="always")
def legal_set_nb(st, hands):
    """The legal actions of the decision the state waits for (see obs.py for the encodings:
    a bitmask, or the largest prediction)."""
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


# -- the state -----------------------------------------------------------------------------------
@njit(cache=True)
def new_state_nb(cfg):
    return np.zeros(STATE_SIZE, dtype=np.int64), np.zeros(2 * NS, dtype=np.uint64)


@njit(cache=True)
def start_deal_nb(st, hands, cfg, dealt, chance):
    """Deal ``dealt`` (one word per seat); ``chance``: dealer, deal index, the turned
    card (Differenzler), totals (Schieber: per team; Differenzler: penalties per seat)."""
    reset_game_nb(st, cfg)
    if cfg[CFG_VARIANT] == VARIANT_SCHIEBER:
        st[O.TEAM_TOTALS] = chance[CH_TOTALS]
        st[O.TEAM_TOTALS + 1] = chance[CH_TOTALS + 1]
    else:
        for s in range(NS):
            st[O.PENALTIES + s] = chance[CH_TOTALS + s]
    for s in range(NS):
        hands[s] = dealt[s]
        hands[DEALT + s] = dealt[s]
    open_deal_nb(st, chance[CH_DEALER], chance[CH_DEAL], chance[CH_TURNED])


@njit(cache=True)
def result_nb(st, cfg, out):
    """Each seat's score of the deal: Schieber its team's counted points, Differenzler
    its penalty (scored on a copy: the state itself is not advanced)."""
    work = st.copy()
    finish_deal_nb(work)
    schieber = st[O.VARIANT] == VARIANT_SCHIEBER
    for s in range(NS):
        out[s] = work[X_SCORE + (s % 2 if schieber else s)]
    return NS


# -- the hooks of the board loop (sim/board_nb.py) -----------------------------------------------
SEAT = O.SEAT
PHASE = O.PHASE
OBS_SIZE = O.SIZE


@njit(cache=True, inline="always")
def seats_nb(cfg):
    return NS


@njit(cache=True, inline="always")
def deck_size_nb(cfg):
    return N_CARDS


@njit(cache=True, inline="always")
def room_deals_nb(cfg, aux):
    """The most deals a game lasts (``state_nb.max_deals_nb``)."""
    return max_deals_nb(cfg[CFG_VARIANT], cfg[CFG_TARGET], tie_deals_allowed(cfg[CFG_TIE_DEALS]))


@njit(cache=True, inline="always")
def new_game_nb(st, hands, cfg, aux, first_dealer):
    reset_game_nb(st, cfg)


@njit(cache=True, inline="always")
def deal_nb(st, hands, cfg, aux, board_rng, deal_rng, deck, deal_no, attempt, first_dealer):
    """Deal ``deal_no``: the dealer moves one seat a deal; the whole pack, 9 cards each."""
    dealer = (first_dealer + deal_no) % NS
    turned = deal_cards_nb(deal_rng, deck, hands, dealer)
    for s in range(NS):
        hands[DEALT + s] = hands[s]
    open_deal_nb(st, dealer, deal_no, turned)


@njit(cache=True, inline="always")
def trace_deal_nb(trace, st, hands, cfg, game_id, deal_no):
    if st[O.VARIANT] == VARIANT_SCHIEBER:
        trace_deal_start_nb(trace, game_id, deal_no, st[O.DEALER], -1, st[O.TEAM_TOTALS:], 2,
                            hands[DEALT:], NS)
    else:
        trace_deal_start_nb(trace, game_id, deal_no, st[O.DEALER], st[O.TRUMP_CARD],
                            st[O.PENALTIES:], NS, hands[DEALT:], NS)


# once a deal: a call, not inlined (compile time, docs/architecture.md)
@njit(cache=True)
def play_deal_nb(st, hands, cfg, lineup, kinds, params, fns, dec_rng, obs, status, trace):
    """Play the deal on from wherever the state stands until it is over.

    Returns False when a player gave an illegal action (see ``status``).
    """
    # borrowed, as in play_cards_nb
    st, hands, cfg, lineup = borrowed(st), borrowed(hands), borrowed(cfg), borrowed(lineup)
    kinds, dec_rng, status, trace = borrowed(kinds), borrowed(dec_rng), borrowed(status), borrowed(trace)
    if fns is None:
        params, obs = borrowed(params), borrowed(obs)
    while st[O.PHASE] != PHASE_OVER:
        phase = st[O.PHASE]
        if phase == O.PHASE_PLAY:
            if play_cards_nb(st, hands, cfg, lineup, kinds, params, fns, dec_rng, obs, status, -1,
                             trace) == -2:
                return False
            continue
        seat = st[O.SEAT]
        action = decide_nb(st, hands, cfg, seat, legal_set_nb(st, hands), lineup[seat], kinds,
                           params, fns, dec_rng, obs, status)
        if action < 0:
            return False
        trace_decision_nb(trace, seat, phase, action)
        apply_decision_nb(st, hands, phase, seat, action)
    return True


@njit(cache=True, inline="always")
def legal_now_nb(st, hands, cfg):
    """The legal set of the decision waiting, in one word (see ``legal_set_nb``)."""
    return legal_set_nb(st, hands), np.int64(0)


@njit(cache=True, inline="always")
def legal_has_nb(phase, action, lo, hi):
    if phase == O.PHASE_PREDICT:    # a number 0 … lo, not a bitmask
        return action >= 0 and action <= lo
    return is_legal_nb(action, lo)


@njit(cache=True, inline="always")
def actions_of_nb(phase, lo, hi, out):
    if phase == O.PHASE_PREDICT:
        for k in range(lo + 1):
            out[k] = k
        return lo + 1
    return actions1_nb(np.uint64(lo), out)


@njit(cache=True, inline="always")
def observe_nb(obs, st, hands, cfg, seat, lo, hi, draw, trusted):
    """The deciding seat's observation: the public state with its hand, legal set,
    draw and the derived slots. The built-in heuristic (``trusted``) is handed the
    state itself (it reads only the observation's slots); any other player gets a
    copy, so that nothing it writes can change the game."""
    prepare_obs_nb(st, hands, seat, lo, draw)
    if trusted:
        return st
    for i in range(O.SIZE):
        obs[i] = st[i]
    return obs


@njit(cache=True, inline="always")
def apply_action_nb(st, hands, cfg, action):
    phase = st[O.PHASE]
    if phase == O.PHASE_PLAY:
        apply_play_nb(st, hands, action)
    else:
        apply_decision_nb(st, hands, phase, st[O.SEAT], action)


@njit(cache=True, inline="always")
def deal_over_nb(st):
    return st[O.PHASE] == PHASE_OVER


@njit(cache=True, inline="always")
def deal_rows_nb(st, hands, cfg, aux, deals_out, d_row, game_id, board, deal_no, lineup, attempt):
    """Score the deal, write its rows (``records.DEALS``); True when the game is over
    (how it ended stays in ``X_END`` for the game's rows)."""
    schieber = st[O.VARIANT] == VARIANT_SCHIEBER
    finish_deal_nb(st)
    write_deal_rows_nb(deals_out, d_row, st, game_id, board, deal_no, st[O.DEALER], lineup,
                       hands[DEALT:], schieber)
    if not schieber:
        st[X_END] = differenzler_end_nb(st, deal_no + 1, tie_deals_allowed(cfg[CFG_TIE_DEALS]))
    return st[X_END] >= 0


@njit(cache=True, inline="always")
def game_rows_nb(st, hands, cfg, aux, games_out, g_row, game_id, board, lineup, first_dealer,
                 deals, redeals):
    schieber = st[O.VARIANT] == VARIANT_SCHIEBER
    claim_seat = st[X_CLAIM_SEAT] if schieber else -1
    write_game_rows_nb(games_out, g_row, st, game_id, board, lineup, first_dealer, st[X_END],
                       claim_seat, deals, schieber)
    return g_row + NS
