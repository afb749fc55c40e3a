"""Beim Jupiter on the kit's board loop (``sim/board_nb.py``): the game's state,
the step interface's own functions and the hooks the board loop is bound to.

A round's state and steps are ``round_nb.py``'s. A game of a board keeps,
beside them, what carries from round to round: in ``st`` the victory points
(``TOTALS``), the seats that used their zero-trick card (``ZERO_USED``), the
cards laid out in earlier rounds (``GONE``: out of the pack) and the cards
out of the game (``OUT_COUNT``); in ``hands``, after the seats' cards, the
round's ``dealt`` words (``DEALT``: the hands and the unseen card as dealt,
the table it starts from and the unused zero-trick cards, ``round_nb``'s
layout), which the next round starts from.

Each round's pack is the game's pack less every card laid out in an earlier
round (won, beside a counter, or out of the game), shuffled and dealt
``14 - round`` cards a hand, the last card (3 and 4 players) left over
unseen. Every round draws from its own stream (the board's, the round's
number and the attempt's: ``sim.kit_nb.deal_attempt_stream_nb``): a hand
without a numbered colour card deals the round again with the same dealer
(``deal_verdict_nb``), counted in ``redeals``, from the next attempt's
stream, so a redeal in one rotation of a duplicate board changes no other
round. Round 1 is the same in every rotation; a later round's pack lacks the
cards laid out before it, which the rotations' players chose, so its hands
are the same only where those choices were (the whole pack is shuffled and
the cards out skipped: see ``deal_nb.deal_out_nb``).

A round is played by :func:`play_round_nb`: decision after decision, the
random player uniform over the two-word legal set, every other player asked
through ``ask_player_nb``, the trick in progress in local variables. It is
the one implementation of a card put into a trick: the step interface's
``apply_nb`` calls it for a single action.

The step interface on a round (replay, tests, search players): the bound
``to_act_nb`` … ``is_over_nb`` and ``new_state_nb``, ``start_deal_nb``
(``dealt`` as above, ``chance`` the dealer, the round ``CH_DEAL`` = round - 1
and the scores so far), ``result_nb`` below.
"""
import numpy as np
from numba import njit

from ...bits_nb import popcount
from ...board_nb import ask_player_nb
from ...borrow_nb import borrowed
from ...kit_nb import (CH_DEAL, CH_DEALER, CH_TOTALS, DEAL_ABANDON, DEAL_AGAIN, DEAL_KEEP,
                       KIND_RANDOM, deal_attempt_stream_nb, deal_row_keys_nb,
                       observe2_nb, random_choice2_nb, seat_game_rows_nb, trace_deal_start_nb,
                       trace_decision_nb)
from ...rng_nb import next_u64_words
from . import obs as O
from .cfg import CFG_ORPHANS, CFG_PLAYERS, CFG_ROUNDS, CFG_TRUMP_RULE
from .deal_nb import N_IDS, deal_out_nb
from .round_nb import (DEALT_SIZE, DEALT_TABLE, DEALT_ZERO, HAND_WORDS, MAX_COUNTER, MAX_SEATS,
                       begin_nb, bid_legal, bid_nb, claim_of_nb, lay_out_nb, layout_legal,
                       legal_set_nb, note_void_nb, round_points_nb, start_allocation_nb,
                       store_trick_nb, take_legal_nb, take_nb, trick_of_nb, turn_up_nb)
from .rules_nb import (ACTION_LEAD, ACTION_NUMBER, N_ACTION_ROWS, ONE, ZERO, action_card,
                       action_key, legal_plays, number_of, trump_decision)

MAX_REDEALS = 10_000    # never reached in practice: the game then stops before the round

# -- the state ------------------------------------------------------------------------------
# ``st`` (int64): the round's slots (obs.py), then the game's; ``hands`` (uint64): two words a
# seat, then the round's ``dealt`` words.
TOTALS = O.STATE_SIZE           # 5 slots: victory points of the game before this round
ZERO_USED = TOTALS + MAX_SEATS  # 5 slots: 1 the seat used its zero-trick card in the game
GONE = ZERO_USED + MAX_SEATS    # the cards laid out in earlier rounds: out of the pack (one word)
OUT_COUNT = GONE + 1            # of those, the ones out of the game
GAME_STATE_SIZE = OUT_COUNT + 1
DEALT = HAND_WORDS              # hands[DEALT + i]: word i of the round's ``dealt``

# -- the step interface's own functions (the rest is bound from sim/board_nb.py) -------------
@njit(cache=True)
def new_state_nb(cfg):
    return (np.zeros(GAME_STATE_SIZE, dtype=np.int64),
            np.zeros(DEALT + DEALT_SIZE, dtype=np.uint64))


@njit(cache=True)
def start_deal_nb(st, hands, cfg, dealt, chance):
    begin_nb(st, hands, cfg[CFG_PLAYERS], chance[CH_DEALER], chance[CH_DEAL] + 1,
             cfg[CFG_TRUMP_RULE], cfg[CFG_ORPHANS], dealt, chance[CH_TOTALS:CH_TOTALS + MAX_SEATS])


@njit(cache=True)
def result_nb(st, cfg, out):
    """Victory points each seat won this round (all zero for a round dealt again)."""
    n = st[O.N_PLAYERS]
    for s in range(n):
        out[s] = round_points_nb(st, s) if st[O.PHASE] == O.PHASE_OVER else 0
    return n


@njit(cache=True)
def start_allocation_at_nb(st):
    """The allocation of a state set up at the end of play (a replay's allocation record)."""
    start_allocation_nb(st)


# -- the hooks of the board loop (sim/board_nb.py) -----------------------------------------------
SEAT = O.SEAT
PHASE = O.PHASE
OBS_SIZE = O.OBS_SIZE


@njit(cache=True, inline="always")
def deck_size_nb(cfg):
    """Every card id: the round's pack is taken from them (``deal_nb.deal_out_nb``)."""
    return N_IDS


@njit(cache=True, inline="always")
def room_deals_nb(cfg, aux):
    """Every game lasts its rounds (redeals write no rows)."""
    return cfg[CFG_ROUNDS]


@njit(cache=True, inline="always")
def new_game_nb(st, hands, cfg, aux, first_dealer):
    """A fresh table: no scores, every zero-trick card unused, the whole pack."""
    n = cfg[CFG_PLAYERS]
    for s in range(MAX_SEATS):
        st[TOTALS + s] = 0
        st[ZERO_USED + s] = 0
    st[GONE] = 0
    st[OUT_COUNT] = 0
    for i in range(DEALT_SIZE):
        hands[DEALT + i] = ZERO
    hands[DEALT + DEALT_ZERO] = np.uint64((1 << n) - 1)


@njit(cache=True, inline="always")
def deal_nb(st, hands, cfg, aux, board_rng, deal_rng, deck, deal_no, attempt, first_dealer):
    """Deal round ``deal_no + 1`` (attempt ``attempt``, from its own stream) on the table the
    last round left, and start it."""
    n = cfg[CFG_PLAYERS]
    # the deck's order is deal_out_nb's: the stream alone (no deck to put in order)
    deal_attempt_stream_nb(board_rng, deal_no, attempt, deck, 0, deal_rng)
    dealt = hands[DEALT:]
    deal_out_nb(deal_rng, deck, dealt, n, deal_no + 1, np.uint64(st[GONE]))
    # the dealer by subtractions, not ``% n`` (an integer division): deal_no < 8, n >= 3
    dealer = first_dealer + deal_no
    for _ in range(3):
        dealer = dealer - n if dealer >= n else dealer
    begin_nb(st, hands, n, dealer, deal_no + 1, cfg[CFG_TRUMP_RULE],
             cfg[CFG_ORPHANS], dealt, st[TOTALS:TOTALS + MAX_SEATS])


@njit(cache=True, inline="always")
def trace_deal_nb(trace, st, hands, cfg, game_id, deal_no):
    trace_deal_start_nb(trace, game_id, deal_no, st[O.DEALER], -1, st[TOTALS:], cfg[CFG_PLAYERS],
                        hands[DEALT:], DEALT_SIZE)


@njit(cache=True, inline="always")   # the kernel's hot path: no call, no array passing
def play_round_nb(st, hands, cfg, lineup, kinds, params, fns, dec_rng, obs, status, forced,
                  trace):
    """The round from wherever ``st`` stands: the one implementation of a card put
    into a trick; the layouts, bids and takes are ``round_nb``'s steps.

    ``forced`` >= 0 (``kinds`` None: no player's code is compiled): the seat to
    act takes that action (a step: a replayed or a player's decision), and the
    state is left as the steps leave it. ``forced`` < 0: each decision takes one
    draw from ``dec_rng``, the random player answers right here, any other is
    asked through ``ask_player_nb`` (one call site: the heuristic is compiled in
    once), on to the round's end; False after an illegal action (``status``).

    The trick in progress stays in local variables, written to ``st`` before a
    player other than the random one decides and on leaving; only a trick's
    card slots and its end go through the state, written here rather than by a
    function the state is passed to (numba then kept an atomic increment and
    decrement of the array at every trick). With every card stepped through the
    state (the kit's default loop), random 4-player games played 10.6M cards a
    second; this loop plays 23.5M, heuristic ones 3.8M -> 9.4M (scripts/bench.py,
    one core, interleaved medians; docs/architecture.md).
    """
    n = st[O.N_PLAYERS]
    phase = st[O.PHASE]
    trump = st[O.TRUMP]
    seat, k, lead, win_key, win_seat, win_card, trick_no = trick_of_nb(st)
    played_lo = np.uint64(st[O.PLAYED])
    played_hi = np.uint64(st[O.PLAYED_HI])
    points = 0                  # the numbers on the trick's cards (a God 0, also as 15)
    for i in range(k):
        points += number_of(action_card(st[O.TRICK_CARDS + i]))
    # the decision stream in four locals, put back on the way out: in the array it is
    # reloaded and stored at every decision, after each write to the state (a random
    # 3-player round's play ~1,670 -> ~1,630 cycles: small, within the noise)
    r0, r1, r2, r3 = dec_rng[0], dec_rng[1], dec_rng[2], dec_rng[3]
    ok = True
    random_seats = 0            # bit s: the random player sits at seat s
    if kinds is not None:
        for s in range(n):
            random_seats |= np.int64(kinds[lineup[s]] == KIND_RANDOM) << s
    while phase != O.PHASE_OVER:
        if kinds is None:           # a decision taken elsewhere
            action = forced
        else:
            if phase == O.PHASE_PLAY:
                # unsigned indices: a seat, a trick's count are never negative, and
                # numba then leaves out the test for an index from the end (with the
                # random seats as a mask: the cards of a random 3-player round
                # 801/836 -> 712/736 cycles, cycle counter, two interleaved runs)
                h = np.uint64(2 * seat)
                lo, hi = legal_plays(hands[h], hands[h + ONE], lead, trump)
            elif phase == O.PHASE_LAYOUT:
                lo, hi = layout_legal(hands[2 * seat]), ZERO
            elif phase == O.PHASE_BID:
                lo, hi = bid_legal(st[O.N_TRICKS], st[O.ZERO_UNUSED] >> seat), ZERO
            else:
                lo, hi = take_legal_nb(st, seat), ZERO
            x, r0, r1, r2, r3 = next_u64_words(r0, r1, r2, r3)
            draw = np.int64(x >> ONE)        # kit_nb.draw_nb's draw
            if (random_seats >> seat) & 1:
                action = random_choice2_nb(lo, hi, draw)
            else:
                slot = lineup[seat]
                if phase == O.PHASE_PLAY:
                    store_trick_nb(st, seat, k, lead, win_key, win_seat, win_card, trick_no,
                                   played_lo, played_hi)
                action = ask_player_nb(st, hands, cfg, seat, slot, np.int64(lo), np.int64(hi),
                                       draw, kinds, params, fns, obs, status)
                if action < 0:
                    ok = False
                    break
            trace_decision_nb(trace, seat, phase, action)
        if phase == O.PHASE_PLAY:
            # compile-time tests: a kernel of built-in players only keeps no voids (none
            # reads them)
            if kinds is None:       # the step interface: every observation keeps them
                note_void_nb(st, seat, action, lead, trump)
            elif fns is not None:   # a user's player (a search player) may read them
                note_void_nb(st, seat, action, lead, trump)
            card = action_card(action)
            bit = ONE << np.uint64(card & 63)
            hands[np.uint64(2 * seat + (card >> 6))] &= ~bit
            played_lo |= ZERO if card >= 64 else bit
            played_hi |= bit if card >= 64 else ZERO
            # the card's number, lead and key by tables (rules_nb.ACTION_*): the cards
            # of a random 3-player round 1,091/994 -> 872/836 cycles (cycle counter,
            # two interleaved runs)
            a = action & (N_ACTION_ROWS - 1)
            points += ACTION_NUMBER[a]
            st[np.uint64(O.TRICK_CARDS + k)] = action
            lead = np.int64(ACTION_LEAD[a]) if lead < 0 else lead   # lambs alone lead nothing
            key = action_key(action, lead, trump)
            # selects, not a branch: which card takes the trick is a coin flip;
            # equal keys: the first played stays ahead
            take = key > win_key
            win_key = key if take else win_key
            win_seat = seat if take else win_seat
            win_card = card if take else win_card
            k += 1
            seat = seat + 1 if seat + 1 < n else 0
            if k == n:                   # the trick and its card points to its winner
                st[np.uint64(O.TRICKS + win_seat)] += 1
                st[np.uint64(O.CARD_POINTS + win_seat)] += points
                # every seat's slot, not the n in play (those past n stay -1 from the
                # round's start): over n, LLVM made the loop a call of memset, with
                # vector registers saved around it, at every trick (a random 3-player
                # round 2,046 -> 1,812 cycles: cycle counter around the board loop's
                # hooks, medians of three interleaved runs)
                for i in range(MAX_SEATS):
                    st[O.TRICK_CARDS + i] = -1
                st[O.TRICK_LEADER] = win_seat
                seat = win_seat          # the winner leads the next
                k = 0
                lead = -1
                win_key = -2
                win_seat = -1
                win_card = -1
                trick_no += 1
                points = 0
                if trick_no == st[O.N_TRICKS]:      # the round's last trick
                    store_trick_nb(st, seat, k, lead, win_key, win_seat, win_card, trick_no,
                                   played_lo, played_hi)
                    start_allocation_nb(st)
                    phase = st[O.PHASE]
                    seat = st[O.SEAT]
        else:
            if phase == O.PHASE_LAYOUT:
                if lay_out_nb(st, hands, seat, action):
                    turn_up_nb(st)
            elif phase == O.PHASE_BID:
                bid_nb(st, seat, action)
            else:
                take_nb(st, seat, action)
            phase = st[O.PHASE]
            seat = st[O.SEAT]
            if phase == O.PHASE_PLAY:                # the bids made: the first trick
                trump = st[O.TRUMP]
                seat, k, lead, win_key, win_seat, win_card, trick_no = trick_of_nb(st)
        if kinds is None:
            break
    if phase == O.PHASE_PLAY:
        store_trick_nb(st, seat, k, lead, win_key, win_seat, win_card, trick_no, played_lo,
                       played_hi)
    if kinds is not None:
        dec_rng[0], dec_rng[1], dec_rng[2], dec_rng[3] = r0, r1, r2, r3
    return ok


# once a deal: a call, not inlined (compile time, docs/architecture.md)
@njit(cache=True)
def play_deal_nb(st, hands, cfg, lineup, kinds, params, fns, dec_rng, obs, status, trace):
    """Play the round on from wherever ``st`` stands to its end (:func:`play_round_nb`).
    False after an illegal action."""
    # the caller owns the arrays: borrowed (sim/borrow_nb.py), the inlined loop and its
    # helpers count no references (5 increments and 13 decrements in this function's
    # code before); ``obs`` and ``params`` counted when a user's player (``fns``) may
    # receive them. Random 3/4/5-player games +1-4 % (CPU time, two interleaved rounds).
    st, hands, cfg, lineup = borrowed(st), borrowed(hands), borrowed(cfg), borrowed(lineup)
    kinds, dec_rng = borrowed(kinds), borrowed(dec_rng)
    status, trace = borrowed(status), borrowed(trace)
    if fns is None:
        params, obs = borrowed(params), borrowed(obs)
    return play_round_nb(st, hands, cfg, lineup, kinds, params, fns, dec_rng, obs, status, -1,
                         trace)


@njit(cache=True, inline="always")
def legal_now_nb(st, hands, cfg):
    """The legal set of the decision waiting: two words of action bits."""
    lo, hi = legal_set_nb(st, hands)
    return np.int64(lo), np.int64(hi)


@njit(cache=True, inline="always")
def observe_nb(obs, st, hands, cfg, seat, lo, hi, draw, trusted):
    """The deciding seat's observation (``kit_nb.observe2_nb``: the state itself for the
    built-in heuristic, else a copy): the public slots with its hand, legal set and draw."""
    return observe2_nb(obs, st, O.OBS_SIZE, O.HAND, hands[2 * seat], hands[2 * seat + 1], O.LEGAL, lo, hi,
                       O.RANDOM, draw, trusted)


@njit(cache=True, inline="always")
def apply_action_nb(st, hands, cfg, action):
    """The seat to act takes ``action`` (assumed legal), through the play loop (no
    player's code is compiled for it: ``kinds`` None)."""
    # no player, no draw: ``hands`` stands in for the decision stream (read, never written)
    play_round_nb(st, hands, cfg, None, None, None, None, hands, None, None, action, None)


@njit(cache=True, inline="always")
def deal_over_nb(st):
    return st[O.PHASE] == O.PHASE_OVER


@njit(cache=True, inline="always")
def deal_verdict_nb(st, hands, cfg, attempt):
    """A hand without a numbered colour card: the round is dealt again (up to
    ``MAX_REDEALS`` times; then the game stops before it)."""
    if st[O.REDEAL] == 0:
        return DEAL_KEEP
    return DEAL_AGAIN if attempt < MAX_REDEALS else DEAL_ABANDON


@njit(cache=True, inline="always")
def deal_rows_nb(st, hands, cfg, aux, deals_out, d_row, game_id, board, deal_no, lineup, attempt):
    """The round's victory points into the totals, its rows (``records.DEALS``), and the
    table the next round starts from; True after the last round."""
    n = cfg[CFG_PLAYERS]
    # the round's own columns, once for its rows
    layouts = ZERO
    for s in range(n):
        layouts |= ONE << np.uint64(st[O.LAYOUTS + s])
    alone, _ = trump_decision(layouts, cfg[CFG_TRUMP_RULE])
    table_decides = 1 if alone != st[O.TRUMP] else 0
    table_cards = 0
    for k in range(1, MAX_COUNTER + 1):
        table_cards += popcount(hands[DEALT + DEALT_TABLE + k])
    st[OUT_COUNT] += popcount(np.uint64(st[O.ORPHANED])) + popcount(np.uint64(st[O.ZERO_LOST]))
    table_after = 0
    for k in range(1, MAX_COUNTER + 1):
        table_after += popcount(np.uint64(st[O.TABLE + k]))
    for s in range(n):
        points = round_points_nb(st, s)
        st[TOTALS + s] += points
        bid = st[O.BIDS + s]
        st[ZERO_USED + s] |= bid == 0
        row = deals_out[d_row + s]
        deal_row_keys_nb(row, game_id, board, deal_no, s, lineup[s], st[O.DEALER], n)
        row.hand_lo = hands[DEALT + 2 * s]
        row.hand_hi = hands[DEALT + 2 * s + 1]
        row.layout = st[O.LAYOUTS + s]
        row.trump = st[O.TRUMP]
        row.trump_step = st[O.TRUMP_STEP]
        row.table_decides = table_decides
        row.table_cards = table_cards
        row.bid = bid
        row.locked = st[O.LOCKS + s]
        row.tricks = st[O.TRICKS + s]
        row.exact = st[O.TRICKS + s] == bid
        row.card_points = st[O.CARD_POINTS + s]
        row.claim = claim_of_nb(st, s, n)
        taken = np.uint64(st[O.TAKEN + s])
        row.cards_won = popcount(taken)
        row.own_card = (taken >> np.uint64(st[O.LAYOUTS + s])) & ONE != ZERO
        row.points = points
        row.total = st[TOTALS + s]
        row.table_after = table_after
        row.out_after = st[OUT_COUNT]
        row.redeals = attempt
    # the table the next round starts from
    st[GONE] |= np.int64(layouts)
    for k in range(1, MAX_COUNTER + 1):
        hands[DEALT + DEALT_TABLE + k] = np.uint64(st[O.TABLE + k])
    hands[DEALT + DEALT_ZERO] = np.uint64(st[O.ZERO_UNUSED])
    return deal_no + 1 == cfg[CFG_ROUNDS]


@njit(cache=True, inline="always")
def game_rows_nb(st, hands, cfg, aux, games_out, g_row, game_id, board, lineup, first_dealer,
                 deals, redeals):
    n = cfg[CFG_PLAYERS]
    end = seat_game_rows_nb(games_out, g_row, game_id, board, lineup, first_dealer, n,
                            st[TOTALS:])
    for s in range(n):
        games_out[g_row + s].zero_used = st[ZERO_USED + s]
        games_out[g_row + s].redeals = redeals
    return end
