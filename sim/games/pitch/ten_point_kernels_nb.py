"""Ten-point Pitch's board loop (numba): games to 52, written as records.

Each deal shuffles the 54 cards and takes the hands as 9 consecutive cards
each from the first hand on (the same law as packets of 3), the stock the
last 18; then a second shuffle gives the refill order. Both come from the
deal's own stream (``sim.kit_nb.deal_attempt_stream_nb``: the board's stream
and the deal's number), so every rotation of a duplicate board is dealt the
same cards in deal ``d`` however long its earlier games lasted. The first
dealer is random (the board's stream), the deal passes left. A game ends
when a team reaches 52 after a deal (the bidding team first), or at
``MAX_DEALS`` deals (``end`` 3, ranked by score).

Records grow deal by deal: when a board outgrows the arrays, it is dropped
and the chunk stops before it (the base plays it again in fresh arrays;
one board's worst case always fits, so a chunk always plays one board).
"""
import numpy as np
from numba import njit

from ...bits_nb import ONE, ZERO, popcount
from ...kit_nb import (CH_DEALER, CH_SIZE, CH_TOTALS, chunk_done_nb, deal_attempt_stream_nb,
                       deal_row_keys_nb, draw_nb, flag_illegal_nb, flag_where_nb, game_row_keys_nb,
                       is_legal_nb, random_choice_nb, rank_and_win_nb, rotations_nb, start_board_nb,
                       start_game_nb, trace_deal_nb, trace_decision_nb)
from ...rng_nb import below, shuffle_prefix
from strategies.abi import KIND_HEURISTIC, KIND_RANDOM
from strategies.pitch_auction_nb import NAMES as _AUCTION_NAMES
from strategies.pitch_ten_point_nb import ten_point_heuristic_nb
from . import obs as O
from .cfg import CFG_SEATING
from .ten_point_step_nb import apply_action_nb, legal_now_nb, made_nb, result_nb, start_deal_nb

TARGET = 52
MAX_DEALS = 400          # a game still short of 52 here ends (end = 3), ranked by score
EXPECTED_DEALS = 10      # deals per game, on the short side (heuristic lineups: 11 to 13 on average)
ALLOCATE_DEALS = 18      # on the long side: record arrays are sized for this many
# Four random players: their bids are nearly always set, both scores sink and ~93 % of
# games reach MAX_DEALS (374 deals a game on average): planned and sized apart.
RANDOM_EXPECTED_DEALS = 340
RANDOM_ALLOCATE_DEALS = 400
# Ten-point Pitch's params start here in a heuristic's row (strategies.pitch_nb.TEN_POINT_FIRST;
# read from the Auction module, not pitch_nb, which imports this game's engine's players)
TEN_POINT_FIRST = len(_AUCTION_NAMES)


@njit(cache=True, inline="always")
def deal_out_nb(rng, deck, refill, dealt):
    """Shuffle the pack: hands 0 … 3 nine consecutive cards each, the stock the rest;
    a second shuffle gives the refill order (``dealt`` as ``start_deal_nb`` reads it)."""
    shuffle_prefix(rng, deck, 54)
    for i in range(O.DEALT_REFILL):
        dealt[i] = ZERO
    for i in range(54):
        owner = i // 9 if i < 36 else O.DEALT_STOCK
        dealt[owner] |= ONE << np.uint64(deck[i])
    for i in range(54):
        refill[i] = i
    shuffle_prefix(rng, refill, 54)
    for i in range(54):
        dealt[O.DEALT_REFILL + i] = np.uint64(refill[i])


@njit(cache=True, inline="always")
def decide_nb(st, hands, seat, kinds, params, fns, slot, draw, obs):
    """The decision of the seat to act; returns (action, legal set). Random players
    answer inline, without an observation."""
    legal = legal_now_nb(st, hands)
    if kinds[slot] == KIND_RANDOM:
        return random_choice_nb(legal, draw), legal
    for i in range(O.OBS_SIZE):
        obs[i] = st[i]
    obs[O.HAND] = np.int64(hands[seat])
    obs[O.LEGAL] = np.int64(legal)
    obs[O.RANDOM] = draw
    if kinds[slot] == KIND_HEURISTIC or fns is None:
        return ten_point_heuristic_nb(obs, params[slot][TEN_POINT_FIRST:]), legal
    return fns[slot](obs, params[slot]), legal


@njit(cache=True, inline="always")
def team_rank_win_nb(winner, team, scores):
    """(rank, win) of a team: the winner's 1 and 1.0; at the deal limit by score (the
    kit's rank and win share over the two teams' scores)."""
    if winner >= 0:
        return (1, 1.0) if winner == team else (2, 0.0)
    return rank_and_win_nb(scores, 2, team, True)


@njit(cache=True, nogil=True)
def ten_point_chunk_nb(cfg, aux, kinds, params, fns, deal_base, dec_base, first_board, n_boards,
                       deals_out, games_out, status, done, trace):
    seating = cfg[CFG_SEATING]
    rotations = rotations_nb(4, seating)
    deck = np.arange(54).astype(np.int64)
    refill = np.arange(54).astype(np.int64)
    board_rng = np.empty(4, dtype=np.uint64)
    dec_rng = np.empty(4, dtype=np.uint64)
    deal_rng = np.empty(4, dtype=np.uint64)
    st = np.zeros(O.STATE_SIZE, dtype=np.int64)
    obs = np.zeros(O.OBS_SIZE, dtype=np.int64)
    hands = np.zeros(O.HANDS_SIZE, dtype=np.uint64)
    dealt = np.zeros(O.DEALT_SIZE, dtype=np.uint64)
    chance = np.zeros(CH_SIZE, dtype=np.int64)
    before = np.zeros(4, dtype=np.int64)
    change = np.zeros(4, dtype=np.int64)
    team = np.zeros(2, dtype=np.int64)
    setbacks = np.zeros(2, dtype=np.int64)
    lineup = np.zeros(4, dtype=np.int64)
    d_row = 0
    g_row = 0
    boards_done = 0
    for b in range(n_boards):
        board = first_board + b
        board_d_row = d_row      # where this board's rows start: dropped if it outgrows the arrays
        board_g_row = g_row
        if g_row + rotations * 4 > games_out.shape[0]:
            break
        start_board_nb(deal_base, dec_base, board, board_rng, dec_rng)
        for rot in range(rotations):
            game_id = start_game_nb(board_rng, deal_rng, deck, 54, lineup, 4, seating, board, rot,
                                    rotations)
            first_dealer = below(deal_rng, 4)
            team[:] = 0
            setbacks[:] = 0
            winner = -1
            n_deals = 0
            for d in range(MAX_DEALS):
                if d_row + 4 > deals_out.shape[0]:
                    return chunk_done_nb(done, boards_done, board_d_row, board_g_row)
                dealer = (first_dealer + d) % 4
                deal_attempt_stream_nb(board_rng, d, 0, deck, 54, deal_rng)
                deal_out_nb(deal_rng, deck, refill, dealt)
                chance[CH_DEALER] = dealer
                for s in range(4):
                    before[s] = team[s % 2]
                    chance[CH_TOTALS + s] = before[s]
                start_deal_nb(st, hands, cfg, dealt, chance)
                trace_deal_nb(trace, game_id, d, dealer, -1, before, 4, dealt, O.DEALT_SIZE)
                while st[O.PHASE] != O.PHASE_OVER:
                    seat = st[O.SEAT]
                    slot = lineup[seat]
                    draw = draw_nb(dec_rng)     # one draw a decision, whoever decides
                    action, legal = decide_nb(st, hands, seat, kinds, params, fns, slot, draw, obs)
                    if kinds[slot] != KIND_RANDOM and not is_legal_nb(action, legal):
                        flag_illegal_nb(status, seat, slot, st[O.PHASE], action, np.int64(legal), 0)
                        flag_where_nb(status, game_id, d)
                        return chunk_done_nb(done, boards_done, d_row, g_row)
                    trace_decision_nb(trace, seat, st[O.PHASE], action)
                    apply_action_nb(st, hands, action)
                result_nb(st, cfg, change)
                bidder = st[O.BIDDER]
                side = bidder % 2
                made = made_nb(st)
                team[0] += change[0]
                team[1] += change[1]
                if made == 0:
                    setbacks[side] += 1
                trumps = np.uint64(st[O.TP_TRUMPS])
                for s in range(4):
                    row = deals_out[d_row]
                    deal_row_keys_nb(row, game_id, board, d, s, lineup[s], dealer, 4)
                    row.team = s % 2
                    row.hand = dealt[s]
                    row.bid = max(st[O.BIDS + s], 0)
                    row.bidder = bidder
                    row.contract = st[O.HIGH_BID]
                    row.forced = st[O.TP_FORCED]
                    row.trump = st[O.TRUMP]
                    row.trumps_dealt = popcount(dealt[s] & trumps)
                    row.trumps_played = st[O.TP_PLAYED_N + s]
                    row.high = 0
                    row.low = 0
                    row.jack = 0
                    row.game_point = 0
                    row.count = 0
                    row.points = st[O.TP_POINTS + s]
                    row.burned = st[O.TP_BURNED_N + s]
                    row.burned_points = st[O.TP_BURNED_PTS + s]
                    row.made = made
                    row.score = change[s]
                    row.total = team[s % 2]
                    row.redeals = 0
                    d_row += 1
                n_deals = d + 1
                if team[side] >= TARGET:
                    winner = side                # both at 52: the bidding team wins
                elif team[1 - side] >= TARGET:
                    winner = 1 - side
                if winner >= 0:
                    break
            for s in range(4):
                row = games_out[g_row]
                t = s % 2
                game_row_keys_nb(row, game_id, board, s, lineup[s], t, first_dealer, 4)
                rank, win = team_rank_win_nb(winner, t, team)
                row.total = team[t]
                row.rank = rank
                row.win = win
                row.score = team[t]
                row.setbacks = setbacks[t]
                row.deals = n_deals
                row.redeals = 0
                row.end = 1 if winner >= 0 else 3
                g_row += 1
        boards_done += 1
    return chunk_done_nb(done, boards_done, d_row, g_row)

