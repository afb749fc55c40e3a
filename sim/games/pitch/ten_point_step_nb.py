"""Ten-point Pitch, one game of a board at a time (numba): the state, the deal played
on (:func:`play_deal_nb`: the bidding and the card play in locals; the trump, the
burns, the refill and the card facts are in ``ten_point_rules_nb``), the step
interface's own functions and the hooks the kit's board loop (``sim/board_nb.py``)
is bound to.

A game of a board is played deal after deal until a team reaches 52 (the
bidding team first) or ``MAX_DEALS`` deals have been played. Each deal
shuffles the 54 cards and takes the hands as 9 consecutive cards each from
the first hand on (the same law as packets of 3), the stock the last 18;
then a second shuffle gives the refill order. Both come from the deal's own
stream (``sim.kit_nb.deal_attempt_stream_nb``), so every rotation of a
duplicate board is dealt the same cards in deal ``d``. Nothing draws from that
stream after the refill's shuffle, so the kernel draws the refill order only
as far as the refill reads it (``ten_point_rules_nb``; a traced deal
draws it all, for its record). Every deal is kept
(the dealer is forced when all pass): the kit's default ``deal_verdict_nb``.
"""
import numpy as np
from numba import njit

from ...bits_nb import ONE, ZERO, popcount
from ...board_nb import ask_player_nb
from ...borrow_nb import borrowed
from ...kit_nb import (CH_DEALER, CH_TOTALS, KIND_RANDOM, deal_attempt_stream_nb,
                       deal_row_keys_nb, game_row_keys_nb, random_choice_nb,
                       rank_and_win_nb, trace_deal_start_nb, trace_decision_nb)
from ...rng_nb import below_words, next_u64_words
from . import obs as O
from .observe_nb import observe_nb  # noqa: F401  (a hook of the board loop)
from .cards import N_CARDS
from .ten_point_rules_nb import (HAND_SIZE, MAX_DEALS, TARGET, VALUES, act_nb, begin_deal_nb,
                                 bid_legal_nb, bids_over_nb, draw_refill_nb, legal_word_nb,
                                 made_nb, note_burn_nb, refill_given_nb, refill_lazy_nb,
                                 score_change_nb, trumps_nb)

# -- the state ---------------------------------------------------------------------------
# ``st``: the deal's slots (obs.py), then what a game of a board carries from deal to deal;
# ``hands``: the words of play (obs.HANDS_SIZE), then the deal as dealt (obs.DEALT_SIZE
# words: the four hands, the stock, the refill order), for the rows and the trace.
G_TOTALS = O.STATE_SIZE          # 4 slots: each seat's team's game score (seat s: team s % 2)
G_SETBACKS = G_TOTALS + 4        # 2 slots: times each team was set
G_WINNER = G_SETBACKS + 2        # the team that won the game, -1 none (yet)
STATE_SIZE = G_WINNER + 1
H_DEALT = O.HANDS_SIZE
HANDS_WORDS = H_DEALT + O.DEALT_SIZE


# -- the deal played on, in locals -------------------------------------------------------------
# The lowest set bit of a 4-bit set (0 for none): the next seat in a set of seats.
FIRST_OF = np.array([0, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0], dtype=np.int64)


@njit(cache=True, inline="always")
def store_trick_nb(st, seat, leader, turn, k, best, best_seat, trick_set, trick_no, played, out,
                   tally):
    """Write the play's locals into the state (before a player reads it, and at the end);
    ``tally``: 16 bits a seat (seat s from bit 16 s), the trumps it played since the
    last store (the low 8) and the points it won (the high 8)."""
    for s in range(4):
        lane = tally >> (16 * s)
        st[O.TP_PLAYED_N + s] += lane & 255
        st[O.TP_POINTS + s] += (lane >> 8) & 255
    st[O.SEAT] = seat
    st[O.TRICK_LEADER] = leader
    st[O.TP_TURN] = turn
    st[O.TRICK_N] = k
    st[O.LEAD] = 4 if k > 0 else -1
    st[O.WINNING_CARD] = best
    st[O.WINNING_SEAT] = best_seat
    st[O.TP_TRICK_SET] = np.int64(trick_set)
    st[O.TRICK_NO] = trick_no
    st[O.PLAYED] = np.int64(played)
    st[O.OUT] = out


@njit(cache=True, inline="always")
def draw_words_nb(s0, s1, s2, s3):
    """``kit_nb.draw_nb`` on the decision stream in four locals: (the draw, the words)."""
    x, s0, s1, s2, s3 = next_u64_words(s0, s1, s2, s3)
    return np.int64(x >> ONE), s0, s1, s2, s3


@njit(cache=True, inline="always")
def ended_nb(result, save, rng, s0, s1, s2, s3):
    """``result``, the decision stream's words put back in ``rng`` first when ``save``."""
    if save:
        rng[0], rng[1], rng[2], rng[3] = s0, s1, s2, s3
    return result


# A call (once a deal in the kernel; once an action in the step interface), with the
# bidding and the card play written out in it, in locals (the step interface passes
# ``forced``: one implementation). Its arrays borrowed, the decision stream in locals,
# the random seats a mask, the play's counts in one word and a seat's going out read
# from its legal set: play_deal_nb of a random deal 326 -> ~296 ns (the deal's stages
# timed alone, thread time, min of 5, interleaved with the parent commit).
@njit(cache=True)
def play_deal_nb(st, hands, cfg, lineup, kinds, params, fns, dec_rng, obs, status, trace,
                 forced=-1):
    """Play the deal on from where it stands: the bidding from the dealer's left, the
    trump and the burns (``ten_point_rules_nb.act_nb``), then the card play, trumps
    into tricks until nobody holds one (a seat without one is out: the others play
    on, the lead passing on to the next seat that holds one).

    With ``forced`` >= 0 (and ``kinds`` None: no players, none of their code
    compiled) takes that action for the seat to act and returns (the step
    interface). With ``forced`` < 0 asks the players to the deal's end, one draw
    from the decision stream a decision, the random player answered right here;
    False after an illegal action (``status``). The bidding and the trick live in
    locals, written back before a player that reads the state decides and at the
    end: the state then reads as if each action had gone through it.
    """
    # the caller owns the arrays: borrowed (sim/borrow_nb.py), the inlined helpers that
    # receive them count no references; ``obs`` and ``params`` counted when a user's
    # player (``fns``) may receive them
    st, hands, lineup = borrowed(st), borrowed(hands), borrowed(lineup)
    dec_rng, status = borrowed(dec_rng), borrowed(status)
    if fns is None:
        obs, params = borrowed(obs), borrowed(params)
    # the decision stream in four locals, put back on the way out: in the array it is
    # reloaded after every write to the state
    r0, r1, r2, r3 = dec_rng[0], dec_rng[1], dec_rng[2], dec_rng[3]
    randoms = 0                      # the seats the random player holds, bit s
    if kinds is not None:
        for s in range(4):
            randoms |= np.int64(kinds[lineup[s]] == KIND_RANDOM) << s
    if st[O.PHASE] == O.PHASE_BID:
        seat = st[O.SEAT]
        high = st[O.HIGH_BID]
        bidder = st[O.BIDDER]
        made = st[O.BIDS_MADE]
        for n in range(made, 4):
            legal = bid_legal_nb(high, n)
            if kinds is None:
                action = forced
            else:
                draw, r0, r1, r2, r3 = draw_words_nb(r0, r1, r2, r3)
                slot = lineup[seat]
                if (randoms >> seat) & 1:
                    action = random_choice_nb(legal, draw)
                else:
                    st[O.SEAT] = seat
                    st[O.HIGH_BID] = high
                    st[O.BIDDER] = bidder
                    st[O.BIDS_MADE] = n
                    action = ask_player_nb(st, hands, cfg, seat, slot, np.int64(legal),
                                           np.int64(0), draw, kinds, params, fns, obs, status)
                    if action < 0:
                        return ended_nb(False, True, dec_rng, r0, r1, r2, r3)
                trace_decision_nb(trace, seat, O.PHASE_BID, action)
            st[O.BIDS + seat] = action
            if n == 3 and high == 0 and action > 0:
                st[O.TP_FORCED] = 1          # the first three passed: the dealer had to bid
            # selects, not a branch: a random bid or pass is a coin flip
            bidder = seat if action > 0 else bidder
            high = action if action > 0 else high
            seat = (seat + 1) % 4
            if forced >= 0:
                break
        made = made + 1 if forced >= 0 else 4
        if made == 4:
            bids_over_nb(st, high, bidder)
        else:
            st[O.SEAT] = seat
            st[O.HIGH_BID] = high
            st[O.BIDDER] = bidder
            st[O.BIDS_MADE] = made
        if forced >= 0:
            return True
    while st[O.PHASE] < O.PHASE_PLAY:   # the trump, then the burns (if any)
        if kinds is None:
            action = forced
        else:
            seat = st[O.SEAT]
            draw, r0, r1, r2, r3 = draw_words_nb(r0, r1, r2, r3)
            legal = legal_word_nb(st, hands)
            slot = lineup[seat]
            if (randoms >> seat) & 1:
                action = random_choice_nb(legal, draw)
            else:
                action = ask_player_nb(st, hands, cfg, seat, slot, np.int64(legal), np.int64(0),
                                       draw, kinds, params, fns, obs, status)
                if action < 0:
                    return ended_nb(False, True, dec_rng, r0, r1, r2, r3)
            trace_decision_nb(trace, seat, st[O.PHASE], action)
        # compile-time tests: a kernel of built-in players only keeps no burns by seat (none
        # reads them); the step interface and a user's player (a search player) do
        if kinds is None or fns is not None:
            if st[O.PHASE] == O.PHASE_BURN:
                note_burn_nb(st, st[O.SEAT], action)
        act_nb(st, hands, action)
        if forced >= 0:
            return True
    if st[O.PHASE] == O.PHASE_OVER:      # nobody holds a trump after the refill
        return ended_nb(True, kinds is not None, dec_rng, r0, r1, r2, r3)
    trumps = np.uint64(st[O.TP_TRUMPS])
    point1 = np.uint64(st[O.TP_POINT1])
    three = np.uint64(st[O.TP_THREE])
    two = st[O.TP_TWO]
    # ``& 3``: numba wraps a negative index around; seats known in 0 … 3 spare the test
    values = 64 * (st[O.TRUMP] & 3)  # the trump's row of VALUES
    seat = st[O.SEAT] & 3
    leader = st[O.TRICK_LEADER] & 3
    turn = st[O.TP_TURN]             # the deciding seat's place after the leader
    k = st[O.TRICK_N]
    best = st[O.WINNING_CARD]
    best_seat = st[O.WINNING_SEAT]
    best_value = VALUES[values + best] if k > 0 else -1
    trick_set = np.uint64(st[O.TP_TRICK_SET])
    trick_no = st[O.TRICK_NO]
    played = np.uint64(st[O.PLAYED])
    out = st[O.OUT]                  # seats without a trump, bit s
    out_at = ((out | (out << 4)) >> leader) & 15     # the same by place after the leader
    tally = 0                        # store_trick_nb: counts in a word, not in the state
    for _ in range(N_CARDS):         # (a bound: a deal plays at most its 16 trumps)
        legal = hands[seat] & trumps
        if kinds is None:
            card = forced
        else:
            draw, r0, r1, r2, r3 = draw_words_nb(r0, r1, r2, r3)
            slot = lineup[seat]     # (loaded for the player only)
            if (randoms >> seat) & 1:
                card = random_choice_nb(legal, draw)
            else:
                store_trick_nb(st, seat, leader, turn, k, best, best_seat, trick_set, trick_no,
                               played, out, tally)
                tally = 0
                card = ask_player_nb(st, hands, cfg, seat, slot, np.int64(legal), np.int64(0),
                                     draw, kinds, params, fns, obs, status)
                if card < 0:
                    return ended_nb(False, True, dec_rng, r0, r1, r2, r3)
            trace_decision_nb(trace, seat, O.PHASE_PLAY, card)
        b = ONE << np.uint64(card)
        if kinds is None or fns is not None:    # compile-time, as for the burns
            st[O.PLAYED_BY + seat] |= np.int64(b)
        hands[seat] ^= b
        st[O.TRICK_CARDS + (k & 3)] = card
        k += 1
        trick_set |= b
        # a trump played, and the 2's point: to its player, won or lost
        tally += (1 + (np.int64(card == two) << 8)) << (16 * seat)
        # selects, not a branch: which card wins is a coin flip for random players
        value = VALUES[values + card]
        take = value > best_value
        best = card if take else best
        best_value = value if take else best_value
        best_seat = seat if take else best_seat
        # out after its last trump, known from the legal set before the card is: the next
        # seat then waits on the hand's load, not on the choice (the cards of a deal
        # follow one another through this chain)
        last = np.int64(legal & (legal - ONE) == ZERO)
        out |= last << seat
        out_at |= last << turn
        # the next place after this one that holds a trump has the turn
        later = (~out_at & 15) >> (turn + 1)
        if later != 0:
            turn += 1 + FIRST_OF[later]
            seat = (leader + turn) & 3
        else:                        # every seat has had its turn: the trick is complete
            won = popcount(trick_set & point1) + 3 * np.int64((trick_set >> three) & ONE)
            tally += won << (16 * best_seat + 8)
            st[O.TAKEN + (best_seat & 3)] |= np.int64(trick_set)
            played |= trick_set
            trick_no += 1
            for i in range(4):
                st[O.TRICK_CARDS + i] = -1
            held = ~out & 15
            if held == 0:            # nobody holds a trump: the deal is over
                store_trick_nb(st, -1, leader, turn, k, best, best_seat, trick_set, trick_no,
                               played, out, tally)
                st[O.PHASE] = O.PHASE_OVER
                return ended_nb(True, kinds is not None, dec_rng, r0, r1, r2, r3)
            # the winner leads, or the next seat after him that holds a trump
            leader = (best_seat + FIRST_OF[((held | (held << 4)) >> best_seat) & 15]) & 3
            out_at = ((out | (out << 4)) >> leader) & 15
            seat = leader
            turn = 0
            k = 0
            best = -1
            best_seat = -1
            best_value = -1
            trick_set = ZERO
        if forced >= 0:
            break
    store_trick_nb(st, seat, leader, turn, k, best, best_seat, trick_set, trick_no, played, out,
                   tally)
    return ended_nb(True, kinds is not None, dec_rng, r0, r1, r2, r3)


# -- the step interface's own functions (the rest is bound from sim/board_nb.py) -------------
@njit(cache=True)
def new_state_nb(cfg):
    return np.zeros(STATE_SIZE, dtype=np.int64), np.zeros(HANDS_WORDS, dtype=np.uint64)


@njit(cache=True)
def start_deal_nb(st, hands, cfg, dealt, chance):
    """A new deal: ``dealt`` (hands 0 … 3, the stock, the refill order), ``chance``
    (the dealer, each seat's team score before the deal)."""
    begin_deal_nb(st, hands, dealt, chance[CH_DEALER], chance[CH_TOTALS:])
    refill_given_nb(st, dealt)


@njit(cache=True)
def result_nb(st, cfg, out):
    """Each seat's change of game score (its team's); returns 4."""
    for s in range(4):
        out[s] = score_change_nb(st, s)
    return 4


# -- the hooks of the board loop (sim/board_nb.py) -----------------------------------------------
SEAT = O.SEAT
PHASE = O.PHASE
OBS_SIZE = O.OBS_SIZE


@njit(cache=True, inline="always")
def seats_nb(cfg):
    return 4


@njit(cache=True, inline="always")
def deck_size_nb(cfg):
    return N_CARDS


@njit(cache=True, inline="always")
def room_deals_nb(cfg, aux):
    """A game lasts ``MAX_DEALS`` deals at most."""
    return MAX_DEALS


@njit(cache=True, inline="always")
def new_game_nb(st, hands, cfg, aux, first_dealer):
    for i in range(G_TOTALS, G_WINNER):
        st[i] = 0
    st[G_WINNER] = -1


@njit(cache=True, inline="always")
def deal_nb(st, hands, cfg, aux, board_rng, deal_rng, deck, deal_no, attempt, first_dealer):
    """Shuffle the pack: hands 0 … 3 nine consecutive cards each, the stock the rest; a
    second shuffle gives the refill order, drawn as the refill reads it. Kept as dealt
    in ``hands[H_DEALT:]`` (the refill order only when traced, ``trace_deal_nb``).

    The shuffle is ``rng_nb.shuffle_prefix`` of the whole pack written out, its stream
    in four locals (in the array it is reloaded after every write to the deck) and
    each card put into its hand's word as its place is drawn (no second pass): a deal
    147 -> ~99 ns (timed alone, thread time, min of 5, interleaved)."""
    deal_attempt_stream_nb(board_rng, deal_no, attempt, deck, N_CARDS, deal_rng)
    s0, s1, s2, s3 = deal_rng[0], deal_rng[1], deal_rng[2], deal_rng[3]
    i = 0
    for owner in range(O.DEALT_STOCK + 1):    # the four hands, then the stock
        word = ZERO
        for _ in range(HAND_SIZE if owner < O.DEALT_STOCK else N_CARDS - 4 * HAND_SIZE):
            j, s0, s1, s2, s3 = below_words(s0, s1, s2, s3, N_CARDS - i)
            j += i
            card = deck[j]
            deck[j] = deck[i]                 # (place i is not read again)
            word |= ONE << np.uint64(card)
            i += 1
        hands[H_DEALT + owner] = word
    deal_rng[0], deal_rng[1], deal_rng[2], deal_rng[3] = s0, s1, s2, s3
    begin_deal_nb(st, hands, hands[H_DEALT:], (first_dealer + deal_no) % 4, st[G_TOTALS:])
    refill_lazy_nb(st, hands, s0, s1, s2, s3)


@njit(cache=True, inline="always")
def trace_deal_nb(trace, st, hands, cfg, game_id, deal_no):
    if trace.shape[0] > 0:           # the record needs the whole refill order: draw it all
        draw_refill_nb(st, hands)
        for i in range(N_CARDS):
            hands[H_DEALT + O.DEALT_REFILL + i] = np.uint64(st[O.REFILL_ORDER + i])
    trace_deal_start_nb(trace, game_id, deal_no, st[O.DEALER], -1, st[G_TOTALS:], 4,
                        hands[H_DEALT:], O.DEALT_SIZE)


@njit(cache=True, inline="always")
def legal_now_nb(st, hands, cfg):
    return np.int64(legal_word_nb(st, hands)), np.int64(0)


@njit(cache=True, inline="always")
def apply_action_nb(st, hands, cfg, action):
    # without players play_deal_nb reads none of their arguments: st stands in for them
    play_deal_nb(st, hands, cfg, st, None, st, None, hands, st, st, None, action)


@njit(cache=True, inline="always")
def deal_over_nb(st):
    return st[O.PHASE] == O.PHASE_OVER


@njit(cache=True, inline="always")
def deal_rows_nb(st, hands, cfg, aux, deals_out, d_row, game_id, board, deal_no, lineup, attempt):
    """The deal's scores into the teams', its rows (``records.DEALS``); True when the game
    is over (a team reached 52: the bidding team first; or ``MAX_DEALS`` deals)."""
    bidder = st[O.BIDDER]
    side = bidder % 2
    made = made_nb(st)
    if made == 0:
        st[G_SETBACKS + side] += 1
    change0 = score_change_nb(st, 0)          # a seat's change is its team's
    change1 = score_change_nb(st, 1)
    for s in range(4):
        st[G_TOTALS + s] += change0 if s % 2 == 0 else change1
    trumps = trumps_nb(st)
    for s in range(4):
        dealt = hands[H_DEALT + s]
        row = deals_out[d_row + s]
        deal_row_keys_nb(row, game_id, board, deal_no, s, lineup[s], st[O.DEALER], 4)
        row.team = s % 2
        row.hand = dealt
        row.bid = max(st[O.BIDS + s], 0)
        row.bidder = bidder
        row.contract = st[O.HIGH_BID]
        row.forced = st[O.TP_FORCED]
        row.trump = st[O.TRUMP]
        row.trumps_dealt = popcount(dealt & trumps)
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
        row.score = change0 if s % 2 == 0 else change1
        row.total = st[G_TOTALS + s]
        row.redeals = 0
    if st[G_TOTALS + side] >= TARGET:
        st[G_WINNER] = side                  # both at 52: the bidding team wins
    elif st[G_TOTALS + 1 - side] >= TARGET:
        st[G_WINNER] = 1 - side
    return st[G_WINNER] >= 0 or deal_no + 1 >= MAX_DEALS


@njit(cache=True, inline="always")
def team_rank_win_nb(winner, team, scores):
    """(rank, win) of a team: the winner's 1 and 1.0; at the deal limit by score (the
    kit's rank and win share over the two teams' scores)."""
    if winner >= 0:
        return (1, 1.0) if winner == team else (2, 0.0)
    return rank_and_win_nb(scores, 2, team, True)


@njit(cache=True, inline="always")
def game_rows_nb(st, hands, cfg, aux, games_out, g_row, game_id, board, lineup, first_dealer,
                 deals, redeals):
    winner = st[G_WINNER]
    scores = st[G_TOTALS:G_TOTALS + 2]      # team t's score: seat t's slot
    for s in range(4):
        t = s % 2
        row = games_out[g_row + s]
        game_row_keys_nb(row, game_id, board, s, lineup[s], t, first_dealer, 4)
        rank, win = team_rank_win_nb(winner, t, scores)
        row.total = scores[t]
        row.rank = rank
        row.win = win
        row.score = scores[t]
        row.setbacks = st[G_SETBACKS + t]
        row.deals = deals
        row.redeals = redeals
        row.end = 1 if winner >= 0 else 3
    return g_row + 4
