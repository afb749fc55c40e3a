"""Auction Pitch's board loop (numba): games to 7, written as records.

A game is played deal after deal until a seat wins (``winner_nb``: a smudge,
or 7 in the counting order) or ``MAX_DEALS`` deals have been played. Each
deal draws its cards from its own stream (the board's, the deal's number and
the attempt's: ``sim.kit_nb.deal_attempt_stream_nb``), so the rotations of a
duplicate board are dealt the same cards in every deal they both play, however
their games differ in length or in deals dealt again (``all_pass=redeal``).
Every rule is in ``auction_step_nb``; this module deals, asks for the bids,
hands the card play to :func:`play_cards_nb` and writes the rows.
"""
import numpy as np
from numba import njit

from ...bits_nb import bit, popcount
from ...kit_nb import (CH_DEALER, CH_SIZE, CH_TOTALS, board_fits_nb, chunk_done_nb,
                       deal_attempt_stream_nb, deal_row_keys_nb, draw_nb, flag_where_nb,
                       game_row_keys_nb, random_choice_nb, rank_and_win_nb, rotations_nb,
                       start_board_nb, start_game_nb, trace_deal_nb, trace_decision_nb)
from ...rng_nb import below, shuffle_prefix
from strategies.abi import KIND_RANDOM
from . import obs as O
from .auction_rules_nb import count_nb
from .auction_step_nb import (HAND_SIZE, N, apply_bid_nb, ask_player_nb,
                              legal_bids_nb, play_cards_nb, score_change_nb, begin_deal_nb,
                              winner_nb)
from .cards import SUIT_MASKS
from .cfg import CFG_SEATING, CFG_SETTLE

# Deals per game, measured on 2,000 games: a lineup with a heuristic player plays 5.4 to
# 7.8 on average (EXPECTED_DEALS, the short side, plans runs; ALLOCATE_DEALS sizes the
# rows); four random players ~44, heavy-tailed (their bids are often set, their scores
# sink, 15 % of games reach MAX_DEALS; 250 games averaged 35): planned and sized apart.
EXPECTED_DEALS = 5
ALLOCATE_DEALS = 10
RANDOM_EXPECTED_DEALS = 30
RANDOM_ALLOCATE_DEALS = 48
# A game not won after this many deals stops (``end`` = 3): set-backs can keep every seat
# below 7 for a long time, and a board needs a worst case to size its rows.
MAX_DEALS = 200
# Deals dealt again in a row (``all_pass=redeal``) before the game stops with ``end`` = 3:
# a lineup that always passes would deal forever.
MAX_REDEALS = 1000

END_TARGET = 1
END_SMUDGE = 2
END_CAP = 3


@njit(cache=True, inline="always")
def deal_out_nb(rng, deck, dealt, dealer):
    """Shuffle; six cards to each seat from the first hand on (the same law as threes)."""
    shuffle_prefix(rng, deck, N * HAND_SIZE)
    for i in range(N):
        seat = (dealer + 1 + i) % N
        word = np.uint64(0)
        for j in range(i * HAND_SIZE, (i + 1) * HAND_SIZE):
            word |= bit(deck[j])
        dealt[seat] = word


@njit(cache=True, inline="always")
def write_deal_rows_nb(deals_out, d_row, st, dealt, game_id, board, deal_no, lineup, totals,
                       redeals):
    trump = st[O.TRUMP]
    bidder = st[O.BIDDER]
    forced = 1
    for s in range(N):
        if s != st[O.DEALER] and st[O.BIDS + s] > 0:
            forced = 0
    forced = forced if st[O.ALL_PASS_RULE] == 0 else 0
    for s in range(N):
        row = deals_out[d_row + s]
        deal_row_keys_nb(row, game_id, board, deal_no, s, lineup[s], st[O.DEALER], N)
        row.team = s
        row.hand = dealt[s]
        row.bid = st[O.BIDS + s]
        row.bidder = bidder
        row.contract = st[O.HIGH_BID]
        row.forced = forced
        row.trump = trump
        trumps = popcount(dealt[s] & SUIT_MASKS[trump])
        row.trumps_dealt = trumps
        row.trumps_played = trumps          # every card is played
        row.high = st[O.HIGH_SEAT] == s
        row.low = st[O.LOW_SEAT] == s
        row.jack = -1 if st[O.JACK_SEAT] < 0 else st[O.JACK_SEAT] == s
        row.game_point = -1 if st[O.GAME_SEAT] < 0 else st[O.GAME_SEAT] == s
        row.count = count_nb(np.uint64(st[O.TAKEN + s]))
        row.points = st[O.POINTS + s]
        row.burned = 0
        row.burned_points = 0
        row.made = st[O.MADE]
        row.score = score_change_nb(st, s)
        row.total = totals[s]
        row.redeals = redeals


@njit(cache=True, inline="always")
def write_game_rows_nb(games_out, g_row, game_id, board, lineup, first_dealer, scores, setbacks,
                       winner, deals, redeals, end, settle, settlement):
    """The settlement: the winner receives 1 from each seat at 1 or more and 2 from each
    seat at 0 or below (``settle_setbacks``: and 1 for each of its set-backs)."""
    for s in range(N):
        settlement[s] = 0
    if winner >= 0:
        for s in range(N):
            if s != winner:
                pay = (1 if scores[s] >= 1 else 2) + (setbacks[s] if settle else 0)
                settlement[s] -= pay
                settlement[winner] += pay
    for s in range(N):
        row = games_out[g_row + s]
        game_row_keys_nb(row, game_id, board, s, lineup[s], s, first_dealer, N)
        if winner >= 0:
            rank, win = rank_and_win_nb(settlement, N, s, True)
        else:       # stopped at the deal limit: ranked (and the win shared) by score, no settlement
            rank, win = rank_and_win_nb(scores, N, s, True)
        row.total = settlement[s]
        row.rank = rank
        row.win = win
        row.score = scores[s]
        row.setbacks = setbacks[s]
        row.deals = deals
        row.redeals = redeals
        row.end = end


@njit(cache=True, nogil=True)
def auction_chunk_nb(cfg, aux, kinds, params, fns, deal_base, dec_base, first_board, n_boards,
                     deals_out, games_out, status, done, trace):
    seating = cfg[CFG_SEATING]
    settle = cfg[CFG_SETTLE]
    rotations = rotations_nb(N, seating)
    deck = np.arange(52).astype(np.int64)
    board_rng = np.empty(4, dtype=np.uint64)
    dec_rng = np.empty(4, dtype=np.uint64)
    deal_rng = np.empty(4, dtype=np.uint64)
    st = np.zeros(O.STATE_SIZE, dtype=np.int64)
    # exactly the observation: a player reading past its end fails a bounds check
    # (tricksim check-player) instead of reading the deal's private slots
    obs = np.zeros(O.OBS_SIZE, dtype=np.int64)
    hands = np.zeros(O.HANDS_SIZE, dtype=np.uint64)
    dealt = np.zeros(O.DEALT_SIZE, dtype=np.uint64)
    chance = np.zeros(CH_SIZE, dtype=np.int64)
    scores = np.zeros(N, dtype=np.int64)
    setbacks = np.zeros(N, dtype=np.int64)
    settlement = np.zeros(N, dtype=np.int64)
    lineup = np.zeros(N, dtype=np.int64)
    d_row = 0
    g_row = 0
    boards_done = 0
    for b in range(n_boards):
        if not board_fits_nb(deals_out, d_row, rotations * MAX_DEALS * N, games_out, g_row,
                             rotations * N):
            break
        board = first_board + b
        start_board_nb(deal_base, dec_base, board, board_rng, dec_rng)
        for rot in range(rotations):
            game_id = start_game_nb(board_rng, deal_rng, deck, 52, lineup, N, seating, board, rot,
                                    rotations)
            first_dealer = below(deal_rng, N)
            scores[:] = 0
            setbacks[:] = 0
            game_redeals = 0
            winner = -1
            end = END_CAP
            deal_no = 0
            while deal_no < MAX_DEALS and end == END_CAP:
                dealer = (first_dealer + deal_no) % N
                redeals = 0
                while True:
                    deal_attempt_stream_nb(board_rng, deal_no, redeals, deck, 52, deal_rng)
                    deal_out_nb(deal_rng, deck, dealt, dealer)
                    chance[CH_DEALER] = dealer
                    for s in range(N):
                        chance[CH_TOTALS + s] = scores[s]
                        chance[CH_TOTALS + 4 + s] = setbacks[s]
                    begin_deal_nb(st, hands, cfg, dealt, chance)
                    if trace is not None:
                        trace_at = trace[0]      # a deal dealt again leaves no trace
                    trace_deal_nb(trace, game_id, deal_no, dealer, -1, chance[CH_TOTALS:], 8,
                                  dealt, N)
                    while st[O.PHASE] == O.PHASE_BID:
                        seat = st[O.SEAT]
                        slot = lineup[seat]
                        legal = legal_bids_nb(st)
                        draw = draw_nb(dec_rng)
                        if kinds[slot] == KIND_RANDOM:
                            bid = random_choice_nb(legal, draw)
                        else:
                            bid = ask_player_nb(st, hands, seat, legal, slot, kinds, params, fns,
                                                draw, obs, status)
                            if bid < 0:
                                flag_where_nb(status, game_id, deal_no)
                                return chunk_done_nb(done, boards_done, d_row, g_row)
                        trace_decision_nb(trace, seat, O.PHASE_BID, bid)
                        apply_bid_nb(st, bid)
                    if st[O.REDEAL] == 0 or redeals >= MAX_REDEALS:
                        break
                    if trace is not None:
                        trace[0] = trace_at
                    redeals += 1
                game_redeals += redeals
                if st[O.REDEAL] == 1:            # a lineup that never bids: give up the game
                    break
                if not play_cards_nb(st, hands, lineup, kinds, params, fns, dec_rng, obs, status,
                                     -1, trace):
                    flag_where_nb(status, game_id, deal_no)
                    return chunk_done_nb(done, boards_done, d_row, g_row)
                winner, smudge = winner_nb(st)
                for s in range(N):
                    scores[s] += score_change_nb(st, s)
                setbacks[st[O.BIDDER]] += 1 - st[O.MADE]
                write_deal_rows_nb(deals_out, d_row, st, dealt, game_id, board, deal_no, lineup,
                                   scores, redeals)
                d_row += N
                deal_no += 1
                if winner >= 0:
                    end = END_SMUDGE if smudge else END_TARGET
            write_game_rows_nb(games_out, g_row, game_id, board, lineup, first_dealer, scores,
                               setbacks, winner, deal_no, game_redeals, end, settle, settlement)
            g_row += N
        boards_done += 1
    return chunk_done_nb(done, boards_done, d_row, g_row)
