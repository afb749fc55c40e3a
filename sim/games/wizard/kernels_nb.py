"""The Wizard / Oh Hell engine (numba): deal, bid, play, score, record.

A round's public state lives in an ``int64`` array laid out exactly like the
observation (``obs.py``) plus the private hands (``uint64[MAX_PLAYERS]``). So
the round can be played on from any position (a replayed record, a searched
line of play): :func:`continue_round_nb` takes the state wherever it stands,
and a player's observation is the public state plus its own hand.

Players are dispatched by kind: the built-ins inline (no call overhead), a
user's player through a numba first-class function (``strategies.abi``).
A player that returns an illegal action stops the chunk with an error status
that the Python side turns into a readable error.
"""
import numpy as np
from numba import njit, prange

from ...bits_nb import popcount, bit
from ...kit_nb import (board_fits_nb, chunk_done_nb, close_trick_nb, deal_row_keys_nb, draw_nb,
                       flag_illegal_nb, flag_where_nb, is_legal_nb, random_choice_nb,
                       rotations_nb, seat_game_rows_nb, start_board_nb, start_game_nb,
                       store_trick_nb, trace_deal_nb, trace_decision_nb)
from ...rng_nb import below, shuffle_prefix
from strategies.abi import KIND_RANDOM, KIND_HEURISTIC
from strategies import wizard_nb
from . import obs as O
from .cards import FIRST_WIZARD, FIRST_JESTER, SUIT_MASKS, WIZARD_MASK, JESTER_MASK
from .records import DEALS, GAMES
from .rules_nb import (LEAD_NONE, trick_key, lead_after, legal_bids, legal_cards,
                       restriction_applies, round_score)

MP = O.MAX_PLAYERS

# cfg: the packed study, read by the kernel
CFG_GAME = 0        # 0 Wizard, 1 Oh Hell
CFG_PLAYERS = 1
CFG_DECK = 2
CFG_SCORING = 3
CFG_RESTRICT = 4
CFG_SEATING = 5     # sim.kit_nb.SEATING_*
CFG_SIZE = 6


@njit(cache=True, inline="always")
def ask_player_nb(pub, hands, seat, legal, slot, kinds, params, fns, draw, obs, status):
    """Call a heuristic or user player, check its answer.

    The built-in heuristic is trusted with the public state itself (its
    decision slots filled in); a user's player gets a copy, so that nothing
    it writes can change the game. ``fns`` is None when the lineup has no
    user player: numba then compiles this without the function-pointer call,
    which keeps the whole deal loop free of opaque calls (3× faster).
    """
    kind = kinds[slot]
    if kind == KIND_HEURISTIC or fns is None:
        pub[O.HAND] = np.int64(hands[seat])
        pub[O.LEGAL] = np.int64(legal)
        pub[O.RANDOM] = draw
        action = wizard_nb.heuristic_nb(pub, params[slot])
    else:
        for i in range(O.SIZE):
            obs[i] = pub[i]
        obs[O.HAND] = np.int64(hands[seat])
        obs[O.LEGAL] = np.int64(legal)
        obs[O.RANDOM] = draw
        action = fns[slot](obs, params[slot])
    if not is_legal_nb(action, legal):
        flag_illegal_nb(status, seat, slot, pub[O.PHASE], action, np.int64(legal), 0)
        return -1
    return action


@njit(cache=True, inline="always")
def start_round_nb(pub, n, game, dealer, round_index, n_rounds, hand_size, trump_card, totals):
    """Reset ``pub`` for a new round; returns nothing. The trump is set from
    the turned card here, except after a Wizard (the dealer chooses: phase
    TRUMP) and for no card (no trump)."""
    for i in range(O.SIZE):
        pub[i] = 0
    pub[O.GAME] = game
    pub[O.N_PLAYERS] = n
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
def play_cards_nb(pub, hands, lineup, kinds, params, fns, dec_rng, obs, status, forced, trace):
    """The play phase: cards into tricks, tricks to their winners.

    With ``forced`` >= 0 (and ``kinds`` None: no players at all, so none of
    their code is compiled), plays just that card for the seat to act (a
    replayed decision) and returns the winner if it closed a trick, else -1.
    With ``forced`` < 0, asks the players and plays on to the end of the
    round; returns -1, or -2 after an illegal action (see ``status``).

    The trick in progress is kept in local variables and written back to
    ``pub`` before a player that reads the observation decides, and at the
    end: the random player's loop then stays in registers (~45 % faster).
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
        if kinds is None:   # a replayed card: the players' code is compiled away
            card = forced
        else:
            legal = legal_cards(hands[seat], lead)
            draw = draw_nb(dec_rng)
            slot = lineup[seat]
            if kinds[slot] == KIND_RANDOM:
                card = random_choice_nb(legal, draw)
            else:
                store_trick_nb(pub, O.SEAT, O.TRICK_BLOCK, seat, k, lead, best, best_seat, trick_no, played)
                card = ask_player_nb(pub, hands, seat, legal, slot, kinds, params, fns, draw,
                                     obs, status)
                if card < 0:
                    return -2
            trace_decision_nb(trace, seat, O.PHASE_PLAY, card)
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


@njit(cache=True)
def apply_play_nb(pub, hands, card):
    """Play ``card`` for the seat to act; closes the trick when it is full.

    Returns the winning seat when this card completed a trick, else -1.
    """
    none_i = np.zeros(1, dtype=np.int64)
    return play_cards_nb(pub, hands, none_i, None, np.zeros((1, 1)), None,
                         np.zeros(4, dtype=np.uint64), none_i, none_i, card, None)


@njit(cache=True, inline="always")
def continue_round_nb(pub, hands, lineup, kinds, params, fns, dec_rng, obs, restrict_mode, status,
                      trace):
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
            legal = legal_bids_nb(pub, restrict_mode)
        else:
            legal = np.uint64(15)  # the dealer's trump choice: any of the four suits
        draw = draw_nb(dec_rng)
        slot = lineup[seat]
        if kinds[slot] == KIND_RANDOM:
            action = random_choice_nb(legal, draw)
        else:
            action = ask_player_nb(pub, hands, seat, legal, slot, kinds, params, fns, draw, obs, status)
            if action < 0:
                return False
        trace_decision_nb(trace, seat, pub[O.PHASE], action)
        if pub[O.PHASE] == O.PHASE_BID:
            apply_bid_nb(pub, action)
        else:
            apply_trump_nb(pub, action)
    return play_cards_nb(pub, hands, lineup, kinds, params, fns, dec_rng, obs, status, -1,
                         trace) != -2


@njit(cache=True, nogil=True)
def simulate_chunk_nb(cfg, schedule, kinds, params, fns, deal_base, dec_base,
                      first_board, n_boards, deals_out, games_out, status, done, trace):
    """Play boards ``first_board …`` (whole games) and write their records
    (the kit's kernel contract, ``sim/game.py``; ``schedule``: the hand sizes).

    A board is one run of its own deal stream (``board_stream_nb`` of the
    study's deal base and the board number): the first dealer and every
    deal's cards. With duplicate seating it is played once per rotation of
    the lineup, restarting its deal stream each time. ``done`` gets (boards
    played, deal rows, game rows); fewer boards than asked only when the
    arrays are full or after an illegal action (``status``).
    """
    n = cfg[CFG_PLAYERS]
    game = cfg[CFG_GAME]
    deck_size = cfg[CFG_DECK]
    seating = cfg[CFG_SEATING]
    restrict_mode = cfg[CFG_RESTRICT]
    scoring = cfg[CFG_SCORING]
    n_rounds = schedule.shape[0]
    rotations = rotations_nb(n, seating)

    deck = np.arange(deck_size).astype(np.int64)
    board_rng = np.empty(4, dtype=np.uint64)
    dec_rng = np.empty(4, dtype=np.uint64)
    deal_rng = np.empty(4, dtype=np.uint64)
    pub = np.zeros(O.SIZE, dtype=np.int64)
    obs = np.zeros(O.SIZE, dtype=np.int64)
    hands = np.zeros(MP, dtype=np.uint64)
    dealt = np.zeros(MP, dtype=np.uint64)
    totals = np.zeros(MP, dtype=np.int64)
    lineup = np.zeros(MP, dtype=np.int64)
    d_row = 0
    g_row = 0
    boards_done = 0
    for b in range(n_boards):
        if not board_fits_nb(deals_out, d_row, rotations * n_rounds * n, games_out, g_row, rotations * n):
            break
        board = first_board + b
        start_board_nb(deal_base, dec_base, board, board_rng, dec_rng)
        for rot in range(rotations):
            game_id = start_game_nb(board_rng, deal_rng, deck, deck_size, lineup, n, seating, board, rot,
                                    rotations)
            first_dealer = below(deal_rng, n)
            totals[:] = 0
            for r in range(n_rounds):
                h = schedule[r]
                dealer = (first_dealer + r) % n
                used = h * n
                shuffle_prefix(deal_rng, deck, used + 1 if used < deck_size else used)
                for s in range(n):
                    m = np.uint64(0)
                    for i in range(s * h, s * h + h):
                        m |= bit(deck[i])
                    hands[s] = m
                    dealt[s] = m
                trump_card = deck[used] if used < deck_size else -1
                start_round_nb(pub, n, game, dealer, r, n_rounds, h, trump_card, totals)
                trump_chosen = pub[O.PHASE] == O.PHASE_TRUMP
                trace_deal_nb(trace, game_id, r, dealer, trump_card, totals, n, dealt, n)
                if not continue_round_nb(pub, hands, lineup, kinds, params, fns, dec_rng,
                                         obs, restrict_mode, status, trace):
                    flag_where_nb(status, game_id, r)
                    return chunk_done_nb(done, boards_done, d_row, g_row)
                trump = pub[O.TRUMP]
                if trump_chosen:
                    trump_kind = 3
                elif trump_card < 0:
                    trump_kind = 2
                elif trump_card >= FIRST_JESTER:
                    trump_kind = 1
                else:
                    trump_kind = 0
                for s in range(n):
                    bid = pub[O.BIDS + s]
                    won = pub[O.TRICKS_WON + s]
                    pts = round_score(bid, won, scoring)
                    totals[s] += pts
                    row = deals_out[d_row]
                    deal_row_keys_nb(row, game_id, board, r, s, lineup[s], dealer, n)
                    row.hand_size = h
                    row.bid = bid
                    row.tricks = won
                    row.score = pts
                    row.total = totals[s]
                    row.trump = trump
                    row.trump_kind = trump_kind
                    row.trumps_held = popcount(dealt[s] & SUIT_MASKS[trump]) if trump >= 0 else 0
                    row.wizards_held = popcount(dealt[s] & WIZARD_MASK)
                    row.jesters_held = popcount(dealt[s] & JESTER_MASK)
                    d_row += 1
            g_row = seat_game_rows_nb(games_out, g_row, game_id, board, lineup, first_dealer, n,
                                      totals)
        boards_done += 1
    return chunk_done_nb(done, boards_done, d_row, g_row)


@njit(cache=True, nogil=True, parallel=True)
def simulate_chunks_nb(cfg, schedule, kinds, params, deal_states, dec_states, first_boards,
                       n_boards, deal_offsets, game_offsets, deals_out, games_out, statuses, dones):
    """Several chunks at once in numba threads (the in-process parallel path).

    Chunk ``i`` writes into rows ``deal_offsets[i]:deal_offsets[i+1]`` and
    ``game_offsets[i]:game_offsets[i+1]``; each has its own generator states,
    so the records equal those of ``simulate_chunk_nb`` chunk by chunk.
    Built-in players only (a function-pointer tuple does not cross prange).
    """
    for i in prange(first_boards.shape[0]):
        simulate_chunk_nb(cfg, schedule, kinds, params, None, deal_states[i], dec_states[i],
                          first_boards[i], n_boards[i],
                          deals_out[deal_offsets[i]:deal_offsets[i + 1]],
                          games_out[game_offsets[i]:game_offsets[i + 1]], statuses[i], dones[i],
                          None)
