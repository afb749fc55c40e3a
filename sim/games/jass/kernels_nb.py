"""The Jass engine (numba): whole games and chunks of boards, written as records.

A chunk plays boards ``first_board …``: for each, the seat lineup, the
board's deal stream, the deals of a game one after another (shuffle and deal,
play the deal, score it, write its rows) until the game is over, then the
game's rows. ``simulate_chunks_nb`` runs several chunks in numba threads.

The engine's other parts, imported here so that this module is the one entry
point (``game.py``, ``replay.py`` and the tests use ``kernels_nb``):

* ``deal_nb`` — a deal's state, a new game and deal, the decisions before
  the first card, claims, the score at the end of a deal;
* ``play_nb`` — asking the players, the card play, playing a deal on to its
  end, and replay's step functions for one decision.
"""
import numpy as np
from numba import njit, prange

from ...bits_nb import bit, popcount
from ...kit_nb import (board_fits_nb, chunk_done_nb, deal_row_keys_nb, flag_where_nb,
                       game_row_keys_nb, rank_and_win_nb, rotations_nb, start_board_nb,
                       start_game_nb, trace_deal_nb)
from ...rng_nb import below, next_u64
from . import obs as O
from .cards import SUIT_MASKS
from .deal_nb import (  # noqa: F401  (the state layout and the deal's steps, for replay and tests)
    N_TRICKS, NS, PHASE_OVER, STATE_SIZE, VARIANT_DIFFERENZLER, VARIANT_SCHIEBER,
    X_BAN, X_CLAIM_RIGHT, X_CLAIM_SEAT, X_CLAIMS, X_END, X_LAST_TRICK, X_MATCH, X_MULTS, X_OPEN,
    X_PREDICTION, X_SCORE, X_STOECK, X_WEIS_CARDS, X_WEIS_HELD, X_WEIS_KEY, X_WINNER,
    apply_claim_nb, apply_predict_nb, apply_trump_nb, apply_weis_nb, finish_deal_nb, new_game_nb,
    start_deal_nb, stoeck_announced_nb, team_weis_nb)
from .play_nb import (  # noqa: F401  (replay's steps)
    apply_nb, apply_play_nb, continue_deal_nb, legal_actions_nb, legal_play_nb, observation_nb)
from .records import END_EXTRA_DEALS, END_FOUR_DEALS, END_TIE_CAP
from .rules_nb import DEAL_POINTS

# cfg: the packed study, read by the kernel
CFG_VARIANT = 0
CFG_SEATING = 1     # sim.kit_nb.SEATING_*
CFG_TARGET = 2
CFG_OPEN = 3
CFG_MULTS = 4       # 6 slots
CFG_TIE_DEALS = CFG_MULTS + 6   # Differenzler: most tie-break deals (option `tie_deals`), -1 no limit
CFG_SIZE = CFG_TIE_DEALS + 1

DIFFERENZLER_DEALS = 4


# --- whole games -------------------------------------------------------------------------------

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
def max_deals_nb(variant, target, tie_deals):
    """Deals a board's game is given room for before it starts: the most it can last —
    Differenzler 4 + ``tie_deals`` extra deals; Schieber: every deal adds at least 157
    points between the two teams, so by then one has the target. A Differenzler tie
    without a limit has no most: room for the 4 deals, and a game that outgrows it is
    played again into bigger arrays (see ``simulate_chunk_nb``)."""
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


@njit(cache=True, inline="always")
def write_deal_rows_nb(deals_out, d_row, st, game_id, board, deal_no, dealer, lineup, dealt,
                       schieber):
    """The four ``records.DEALS`` rows of a scored deal, from ``deals_out[d_row]`` on."""
    mode = st[O.MODE]
    complete = st[O.TRICK_NO] == N_TRICKS
    for s in range(NS):
        team = s % 2 if schieber else s
        row = deals_out[d_row + s]
        deal_row_keys_nb(row, game_id, board, deal_no, s, lineup[s], dealer, NS)
        row.team = team
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


@njit(cache=True, inline="always")
def write_game_rows_nb(games_out, g_row, st, game_id, board, lineup, first_dealer, end,
                       claim_seat, n_deals, schieber):
    """The four ``records.GAMES`` rows of a finished game, from ``games_out[g_row]`` on."""
    for s in range(NS):
        row = games_out[g_row + s]
        game_row_keys_nb(row, game_id, board, s, lineup[s], s % 2 if schieber else s,
                         first_dealer, NS)
        row.end = end
        row.claim_seat = claim_seat
        row.deals = n_deals
        if schieber:
            team = s % 2
            row.total = st[O.TEAM_TOTALS + team]
            row.rank = 1 if st[X_WINNER] == team else 2
            row.win = 1.0 if st[X_WINNER] == team else 0.0
            row.extra_deals = 0
        else:
            rank, win = rank_and_win_nb(st[O.PENALTIES:O.PENALTIES + NS], NS, s, False)
            row.total = st[O.PENALTIES + s]
            row.rank = rank
            row.win = win
            row.extra_deals = n_deals - DIFFERENZLER_DEALS


@njit(cache=True, nogil=True)
def simulate_chunk_nb(cfg, aux, kinds, params, fns, deal_base, dec_base, first_board, n_boards,
                      deals_out, games_out, status, done, trace):
    """Play boards ``first_board …`` (whole games) and write their records.

    A board is one run of its deal stream (``board_stream_nb``): the first
    dealer and every deal's cards. With duplicate seating it is played once
    per rotation of the lineup, each from the same stream. Stops before a
    board whose worst case would not fit the output arrays; a board without
    a worst case (a Differenzler tie without a limit) that runs out of room
    is dropped, and the game base plays it again into bigger arrays (its
    streams are its own: nothing to wind back).
    ``done`` gets (boards played, deal rows, game rows); returns the boards
    played (fewer than asked when the arrays are full or on an error).
    """
    variant = cfg[CFG_VARIANT]
    seating = cfg[CFG_SEATING]
    target = cfg[CFG_TARGET]
    tie_deals = cfg[CFG_TIE_DEALS]
    schieber = variant == VARIANT_SCHIEBER
    rotations = rotations_nb(NS, seating)
    board_rows = rotations * max_deals_nb(variant, target, tie_deals) * NS

    deck = np.arange(36).astype(np.int64)
    board_rng = np.empty(4, dtype=np.uint64)
    dec_rng = np.empty(4, dtype=np.uint64)
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
        if not board_fits_nb(deals_out, d_row, board_rows, games_out, g_row, rotations * NS):
            break
        board = first_board + b
        start_board_nb(deal_base, dec_base, board, board_rng, dec_rng)
        board_d_row = d_row
        board_g_row = g_row
        for rot in range(rotations):
            game_id = start_game_nb(board_rng, deal_rng, deck, 36, lineup, NS, seating, board, rot,
                                    rotations)
            first_dealer = below(deal_rng, NS)
            new_game_nb(st, variant, target, cfg[CFG_OPEN], cfg[CFG_MULTS], cfg[CFG_MULTS + 1],
                        cfg[CFG_MULTS + 2], cfg[CFG_MULTS + 3], cfg[CFG_MULTS + 4], cfg[CFG_MULTS + 5])
            deal_no = 0
            end = -1
            while end < 0:
                if d_row + NS > deals_out.shape[0]:   # out of room: the board is played again
                    return chunk_done_nb(done, boards_done, board_d_row, board_g_row)
                dealer = (first_dealer + deal_no) % NS
                turned = deal_cards_nb(deal_rng, deck, hands, dealer)
                for s in range(NS):
                    dealt[s] = hands[s]
                start_deal_nb(st, dealer, deal_no, turned)
                if schieber:
                    trace_deal_nb(trace, game_id, deal_no, dealer, -1, st[O.TEAM_TOTALS:], 2, dealt, NS)
                else:
                    trace_deal_nb(trace, game_id, deal_no, dealer, turned, st[O.PENALTIES:], NS,
                                  dealt, NS)
                if not continue_deal_nb(st, hands, lineup, kinds, params, fns, dec_rng, obs, status,
                                        trace):
                    flag_where_nb(status, game_id, deal_no)
                    return chunk_done_nb(done, boards_done, d_row, g_row)
                finish_deal_nb(st)
                write_deal_rows_nb(deals_out, d_row, st, game_id, board, deal_no, dealer, lineup,
                                   dealt, schieber)
                d_row += NS
                deal_no += 1
                end = st[X_END] if schieber else differenzler_end_nb(st, deal_no, tie_deals)
            claim_seat = st[X_CLAIM_SEAT] if schieber else -1
            write_game_rows_nb(games_out, g_row, st, game_id, board, lineup, first_dealer, end,
                               claim_seat, deal_no, schieber)
            g_row += NS
        boards_done += 1
    return chunk_done_nb(done, boards_done, d_row, g_row)


@njit(cache=True, nogil=True, parallel=True)
def simulate_chunks_nb(cfg, aux, kinds, params, deal_bases, dec_states, first_boards, n_boards,
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
        simulate_chunk_nb(cfg, aux, kinds, params, None, deal_bases[i], dec_states[i],
                          first_boards[i], n_boards[i],
                          deals_out[deal_offsets[i]:deal_offsets[i + 1]],
                          games_out[game_offsets[i]:game_offsets[i + 1]], statuses[i], dones[i], None)
