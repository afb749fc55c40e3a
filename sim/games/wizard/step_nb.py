"""Wizard and Oh Hell, one deal at a time (numba): the deal's steps, and the hooks
the kit's board loop (``sim/board_nb.py``) is bound to.

A round's state is ``(pub, hands)``: ``pub`` (``int64``) laid out exactly like
the observation (``obs.py``), ``hands`` one word per seat. The round can be
played on from any position: replay, tests and search players drive it with
the step interface (the bound ``to_act_nb`` … ``is_over_nb`` and
``new_state_nb``, ``start_deal_nb``, ``result_nb`` below), and a player's
observation is the public state plus its own hand.

A game of a board keeps ``(pub, hands, dealt, totals)`` (``workspace_nb``);
``aux`` holds the hand sizes of its deals (``rules.schedule``).
"""
import numpy as np
from numba import njit

from ...bits_nb import bit, popcount
from ...kit_nb import (CH_DEAL, CH_DEALER, CH_DEALS, CH_TOTALS, CH_TURNED, KIND_RANDOM,
                       close_trick_nb, deal_row_keys_nb, draw_nb, random_choice_nb,
                       seat_game_rows_nb, store_trick_nb, trace_deal_start_nb, trace_decision_nb)
from ...board_nb import ask_player_nb
from ...rng_nb import shuffle_prefix
from . import obs as O
from .cards import FIRST_JESTER, FIRST_WIZARD, JESTER_MASK, SUIT_MASKS, WIZARD_MASK
from .cfg import CFG_DECK, CFG_GAME, CFG_PLAYERS, CFG_RESTRICT, CFG_SCORING
from .rules_nb import (LEAD_NONE, lead_after, legal_bids, legal_cards, restriction_applies,
                       round_score, trick_key)

MP = O.MAX_PLAYERS

# -- the deal's steps ----------------------------------------------------------------------------
@njit(cache=True, inline="always")
def start_round_nb(pub, cfg, dealer, round_index, n_rounds, hand_size, trump_card, totals):
    """Reset ``pub`` for a new round; returns nothing. The trump is set from
    the turned card here, except after a Wizard (the dealer chooses: phase
    TRUMP) and for no card (no trump)."""
    n = cfg[CFG_PLAYERS]
    for i in range(O.SIZE):
        pub[i] = 0
    pub[O.GAME] = cfg[CFG_GAME]
    pub[O.N_PLAYERS] = n
    pub[O.SCORING] = cfg[CFG_SCORING]
    pub[O.RESTRICT] = cfg[CFG_RESTRICT]
    pub[O.DEALER] = dealer
    pub[O.HAND_SIZE] = hand_size
    pub[O.ROUND] = round_index
    pub[O.N_ROUNDS] = n_rounds
    pub[O.TRUMP_CARD] = trump_card
    pub[O.TRUMP] = -1
    pub[O.PHASE] = O.PHASE_BID
    if trump_card >= 0 and trump_card < FIRST_WIZARD:
        pub[O.TRUMP] = trump_card // 13
    elif trump_card >= FIRST_WIZARD and trump_card < FIRST_JESTER:
        pub[O.PHASE] = O.PHASE_TRUMP
    pub[O.TRICK_LEADER] = (dealer + 1) % n
    pub[O.LEAD_SUIT] = LEAD_NONE
    pub[O.WINNING_SEAT] = -1
    pub[O.WINNING_CARD] = -1
    for s in range(MP):
        pub[O.TRICK_CARDS + s] = -1
        pub[O.BIDS + s] = -1
        pub[O.TRICKS_WON + s] = 0 if s < n else -1
        pub[O.SCORES + s] = totals[s] if s < n else 0
    pub[O.SEAT] = dealer if pub[O.PHASE] == O.PHASE_TRUMP else (dealer + 1) % n


@njit(cache=True, inline="always")
def apply_trump_nb(pub, suit):
    pub[O.TRUMP] = suit
    pub[O.PHASE] = O.PHASE_BID
    pub[O.SEAT] = (pub[O.DEALER] + 1) % pub[O.N_PLAYERS]


@njit(cache=True, inline="always")
def legal_bids_nb(pub, restrict_mode):
    """Bitmask of the bids the seat to act (pub[SEAT]) may make."""
    n = pub[O.N_PLAYERS]
    seat = pub[O.SEAT]
    others = 0
    for s in range(n):
        if pub[O.BIDS + s] >= 0:
            others += pub[O.BIDS + s]
    # only the dealer (last to bid) can be restricted; skip the check for the rest
    restricted = seat == pub[O.DEALER] and restriction_applies(
        restrict_mode, seat, pub[O.DEALER], pub[O.SCORES:O.SCORES + MP], n)
    return legal_bids(pub[O.HAND_SIZE], others, restricted)


@njit(cache=True, inline="always")
def apply_bid_nb(pub, bid):
    n = pub[O.N_PLAYERS]
    seat = pub[O.SEAT]
    pub[O.BIDS + seat] = bid
    pub[O.SEAT] = (seat + 1) % n
    if seat == pub[O.DEALER]:
        pub[O.PHASE] = O.PHASE_PLAY
        pub[O.SEAT] = pub[O.TRICK_LEADER]


@njit(cache=True, inline="always")
def legal_play_nb(pub, hands):
    return legal_cards(hands[pub[O.SEAT]], pub[O.LEAD_SUIT])


@njit(cache=True, inline="always")
def note_void_nb(pub, seat, lead, card):
    """Note in ``pub`` the void ``seat`` shows by playing ``card`` to a trick whose suit to
    follow is ``lead``: a suited card of another suit is legal only without one of the suit
    led (rules_nb.legal_cards); Wizards and Jesters, and anything after a Wizard led, show
    nothing."""
    if lead >= 0 and lead < 4 and card < FIRST_WIZARD and card // 13 != lead:
        pub[O.VOIDS + seat] |= 1 << lead


@njit(cache=True, inline="always")
def play_cards_nb(pub, hands, cfg, lineup, kinds, params, fns, dec_rng, obs, status, forced,
                  trace):
    """The play phase: cards into tricks, tricks to their winners.

    With ``forced`` >= 0 (and ``kinds`` None: no players at all, so none of
    their code is compiled), plays just that card for the seat to act (a
    decision taken elsewhere) and returns the winner if it closed a trick,
    else -1. With ``forced`` < 0, asks the players and plays on to the end of
    the round; returns -1, or -2 after an illegal action (see ``status``).

    The trick in progress is kept in local variables and written back to
    ``pub`` before a player that reads the state decides, and at the end:
    the random player's loop then stays in registers (~45 % faster on random
    Oh Hell). It is the one implementation of a card put into a trick.
    """
    n = pub[O.N_PLAYERS]
    hand_size = pub[O.HAND_SIZE]
    trump = pub[O.TRUMP]
    seat = pub[O.SEAT]
    k = pub[O.TRICK_N]
    lead = pub[O.LEAD_SUIT]
    best = pub[O.WINNING_CARD]
    best_seat = pub[O.WINNING_SEAT]
    trick_no = pub[O.TRICK_NO]
    played = pub[O.PLAYED]
    trick_cards = 0  # the cards of the trick in progress, as a set
    for i in range(k):
        trick_cards |= np.int64(bit(pub[O.TRICK_CARDS + i]))
    result = -1
    while trick_no < hand_size:
        if kinds is None:   # a card decided elsewhere: no player's code is compiled here
            card = forced
        else:
            legal = legal_cards(hands[seat], lead)
            draw = draw_nb(dec_rng)
            slot = lineup[seat]
            if kinds[slot] == KIND_RANDOM:
                card = random_choice_nb(legal, draw)
            else:
                store_trick_nb(pub, O.SEAT, O.TRICK_BLOCK, seat, k, lead, best, best_seat,
                               trick_no, played)
                card = ask_player_nb(pub, hands, cfg, seat, slot, np.int64(legal), np.int64(0),
                                     draw, kinds, params, fns, obs, status)
                if card < 0:
                    return -2
            trace_decision_nb(trace, seat, O.PHASE_PLAY, card)
        if kinds is None:       # the step interface: every observation keeps the voids
            note_void_nb(pub, seat, lead, card)
        elif fns is not None:   # a user's player (a search player) may read them
            note_void_nb(pub, seat, lead, card)
        hands[seat] &= ~bit(card)
        pub[O.TRICK_CARDS + k] = card
        trick_cards |= np.int64(bit(card))
        lead = lead_after(lead, card)
        # written as selects, not a branch: which card wins is a coin flip
        take = (k == 0) | (trick_key(card, lead, trump) > trick_key(best, lead, trump))
        best = card if take else best
        best_seat = seat if take else best_seat
        k += 1
        seat = seat + 1 if seat + 1 < n else 0
        if k == n:  # the trick is complete: its winner takes it and leads
            pub[O.TRICKS_WON + best_seat] += 1
            played |= trick_cards
            trick_cards = 0
            close_trick_nb(pub, O.TRICK_BLOCK, O.TRICK_CARDS, n, best_seat)
            result = best_seat
            seat = best_seat
            trick_no += 1
            k = 0
            lead = LEAD_NONE
            best = -1
            best_seat = -1
        if forced >= 0:
            break
    store_trick_nb(pub, O.SEAT, O.TRICK_BLOCK, seat, k, lead, best, best_seat, trick_no, played)
    return result if forced >= 0 else -1


@njit(cache=True, inline="always")
def apply_play_nb(pub, hands, card):
    """Play ``card`` for the seat to act; returns the winning seat when it
    completed a trick, else -1. (Without players ``play_cards_nb`` reads none of
    their arguments: ``pub`` and ``hands`` stand in for them.)"""
    return play_cards_nb(pub, hands, pub, pub, None, pub, None, hands, pub, pub, card, None)


# -- the state -----------------------------------------------------------------------------------
# ``pub`` (int64): the observation's slots, then the game's totals; ``hands`` (uint64): each
# seat's cards, then each seat's hand as dealt (for the records).
TOTALS = O.SIZE
STATE_SIZE = TOTALS + MP
DEALT = MP


# -- the step interface's own functions (the rest is bound from sim/board_nb.py) -------------
@njit(cache=True)
def new_state_nb(cfg):
    return np.zeros(STATE_SIZE, dtype=np.int64), np.zeros(2 * MP, dtype=np.uint64)


@njit(cache=True)
def start_deal_nb(pub, hands, cfg, dealt, chance):
    """Deal ``dealt`` (one word per seat); ``chance``: dealer, deal index, turned card,
    deals in the game, totals per seat (kit ``CH_*``)."""
    n = cfg[CFG_PLAYERS]
    hand_size = popcount(dealt[0])
    for s in range(MP):
        hands[s] = dealt[s] if s < n else np.uint64(0)
    start_round_nb(pub, cfg, chance[CH_DEALER], chance[CH_DEAL], chance[CH_DEALS], hand_size,
                   chance[CH_TURNED], chance[CH_TOTALS:])


@njit(cache=True)
def result_nb(pub, cfg, out):
    """Each seat's score of the deal (the game's scoring table)."""
    n = pub[O.N_PLAYERS]
    for s in range(n):
        out[s] = round_score(pub[O.BIDS + s], pub[O.TRICKS_WON + s], cfg[CFG_SCORING])
    return n


# -- the hooks of the board loop (sim/board_nb.py) -----------------------------------------------
SEAT = O.SEAT
PHASE = O.PHASE
OBS_SIZE = O.SIZE


@njit(cache=True, inline="always")
def deck_size_nb(cfg):
    return cfg[CFG_DECK]


@njit(cache=True, inline="always")
def room_deals_nb(cfg, aux):
    """Every game lasts its schedule: the hand sizes in ``aux``."""
    return aux.shape[0]


@njit(cache=True, inline="always")
def new_game_nb(pub, hands, cfg, aux, first_dealer):
    for s in range(MP):
        pub[TOTALS + s] = 0


@njit(cache=True, inline="always")
def deal_nb(pub, hands, cfg, aux, board_rng, deal_rng, deck, deal_no, attempt, first_dealer):
    """Deal round ``deal_no``: ``aux[deal_no]`` cards each from the first hand on,
    then the next card turned up (none when the round uses the whole pack)."""
    n = cfg[CFG_PLAYERS]
    deck_size = deck.shape[0]
    h = aux[deal_no]
    used = h * n
    shuffle_prefix(deal_rng, deck, used + 1 if used < deck_size else used)
    for s in range(n):
        m = np.uint64(0)
        for i in range(s * h, s * h + h):
            m |= bit(deck[i])
        hands[s] = m
        hands[DEALT + s] = m
    trump_card = deck[used] if used < deck_size else -1
    start_round_nb(pub, cfg, (first_dealer + deal_no) % n, deal_no, aux.shape[0], h, trump_card,
                   pub[TOTALS:])


@njit(cache=True, inline="always")
def trace_deal_nb(trace, pub, hands, cfg, game_id, deal_no):
    n = cfg[CFG_PLAYERS]
    trace_deal_start_nb(trace, game_id, deal_no, pub[O.DEALER], pub[O.TRUMP_CARD], pub[TOTALS:], n,
                        hands[DEALT:], n)


@njit(cache=True, inline="always")
def play_deal_nb(pub, hands, cfg, lineup, kinds, params, fns, dec_rng, obs, status, trace):
    """Play the round on from wherever ``pub`` stands to its last trick.

    Every decision takes one draw from the decision stream. The random
    player is answered right here, without an observation: it is the hot
    path of large random studies, and keeping it free of calls lets the
    compiler keep the whole loop tight. Returns False when a player gave an
    illegal action (see ``status``).
    """
    while pub[O.PHASE] != O.PHASE_PLAY:
        seat = pub[O.SEAT]
        if pub[O.PHASE] == O.PHASE_BID:
            legal = legal_bids_nb(pub, cfg[CFG_RESTRICT])
        else:
            legal = np.uint64(15)  # the dealer's trump choice: any of the four suits
        draw = draw_nb(dec_rng)
        slot = lineup[seat]
        if kinds[slot] == KIND_RANDOM:
            action = random_choice_nb(legal, draw)
        else:
            action = ask_player_nb(pub, hands, cfg, seat, slot, np.int64(legal), np.int64(0), draw,
                                   kinds, params, fns, obs, status)
            if action < 0:
                return False
        trace_decision_nb(trace, seat, pub[O.PHASE], action)
        if pub[O.PHASE] == O.PHASE_BID:
            apply_bid_nb(pub, action)
        else:
            apply_trump_nb(pub, action)
    return play_cards_nb(pub, hands, cfg, lineup, kinds, params, fns, dec_rng, obs, status, -1,
                         trace) != -2


@njit(cache=True, inline="always")
def legal_now_nb(pub, hands, cfg):
    """The legal set of the decision waiting: one word of bids, suits or cards."""
    phase = pub[O.PHASE]
    if phase == O.PHASE_BID:
        legal = legal_bids_nb(pub, cfg[CFG_RESTRICT])
    elif phase == O.PHASE_TRUMP:
        legal = np.uint64(15)
    else:
        legal = legal_play_nb(pub, hands)
    return np.int64(legal), np.int64(0)


@njit(cache=True, inline="always")
def observe_nb(obs, pub, hands, cfg, seat, lo, hi, draw, trusted):
    """The deciding seat's observation: the public state with its hand, legal set
    and draw. The built-in heuristic (``trusted``) is handed the state itself
    with those slots written (it reads only the observation's slots); any other
    player gets a copy, so that nothing it writes can change the game."""
    pub[O.HAND] = np.int64(hands[seat])
    pub[O.LEGAL] = lo
    pub[O.RANDOM] = draw
    if trusted:
        return pub
    for i in range(O.SIZE):
        obs[i] = pub[i]
    return obs


@njit(cache=True, inline="always")
def apply_action_nb(pub, hands, cfg, action):
    phase = pub[O.PHASE]
    if phase == O.PHASE_BID:
        apply_bid_nb(pub, action)
    elif phase == O.PHASE_TRUMP:
        apply_trump_nb(pub, action)
    else:
        apply_play_nb(pub, hands, action)


@njit(cache=True, inline="always")
def deal_over_nb(pub):
    return pub[O.PHASE] == O.PHASE_PLAY and pub[O.TRICK_NO] >= pub[O.HAND_SIZE]


@njit(cache=True, inline="always")
def deal_rows_nb(pub, hands, cfg, aux, deals_out, d_row, game_id, board, deal_no, lineup, attempt):
    """Score the round, write its rows (``records.DEALS``); True after the last round."""
    n = cfg[CFG_PLAYERS]
    trump = pub[O.TRUMP]
    trump_card = pub[O.TRUMP_CARD]
    if trump_card < 0:
        trump_kind = 2
    elif trump_card >= FIRST_JESTER:
        trump_kind = 1
    elif trump_card >= FIRST_WIZARD:
        trump_kind = 3      # a Wizard turned: the dealer chose
    else:
        trump_kind = 0
    for s in range(n):
        bid = pub[O.BIDS + s]
        won = pub[O.TRICKS_WON + s]
        pts = round_score(bid, won, cfg[CFG_SCORING])
        pub[TOTALS + s] += pts
        dealt = hands[DEALT + s]
        row = deals_out[d_row + s]
        deal_row_keys_nb(row, game_id, board, deal_no, s, lineup[s], pub[O.DEALER], n)
        row.hand_size = pub[O.HAND_SIZE]
        row.bid = bid
        row.tricks = won
        row.score = pts
        row.total = pub[TOTALS + s]
        row.trump = trump
        row.trump_kind = trump_kind
        row.trumps_held = popcount(dealt & SUIT_MASKS[trump]) if trump >= 0 else 0
        row.wizards_held = popcount(dealt & WIZARD_MASK)
        row.jesters_held = popcount(dealt & JESTER_MASK)
    return deal_no + 1 == aux.shape[0]


@njit(cache=True, inline="always")
def game_rows_nb(pub, hands, cfg, aux, games_out, g_row, game_id, board, lineup, first_dealer,
                 deals, redeals):
    return seat_game_rows_nb(games_out, g_row, game_id, board, lineup, first_dealer,
                             cfg[CFG_PLAYERS], pub[TOTALS:])
