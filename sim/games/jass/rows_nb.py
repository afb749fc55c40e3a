"""A Jass deal's and game's record rows (``records.DEALS``, ``records.GAMES``), written
from the state once the deal is scored (numba; the board loop's ``deal_rows_nb`` and
``game_rows_nb`` in ``step_nb`` call them)."""
from numba import njit

from ...bits_nb import popcount
from ...kit_nb import deal_row_keys_nb, game_row_keys_nb, rank_and_win_nb
from . import obs as O
from .cards import SUIT_MASKS
from .state_nb import (DIFFERENZLER_DEALS, N_TRICKS, NS, X_LAST_TRICK, X_MATCH, X_PREDICTION,
                       X_SCORE, X_STOECK, X_WEIS_HELD, X_WINNER)


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
