"""The game kit's compiled pieces: what every game's kernel does the same way.

Every function here is ``inline="always"``: a kernel that calls them compiles
to the same code as if it had written them out (docs/architecture.md:
calls that pass arrays cost ~50 ns each, more than a random decision, and
inlining keeps the trick state in registers). What lives here:

* **Seating** — which lineup slot plays each seat in a game of a board.
* **Boards** — each board's deal stream and a fresh deck order, so a board's
  cards depend on the study's seed and the board number alone.
* **Decisions** — one draw per decision from the decision stream; the
  uniform random choice and the legality check over one-word (decks up to
  64 cards) and two-word (up to 128 cards: French Tarot, Beim Jupiter with
  five players) sets of actions.
* **The status array** — why a chunk stopped early (an illegal action),
  read by :meth:`sim.game.GameBase.illegal_action_error`.
* **The trick block** — every game's state keeps the trick in progress in
  seven consecutive slots (``T_*`` below, from the game's ``TRICK_BLOCK``)
  plus the deciding seat; kernels keep those in locals while random players
  play and write them back with :func:`store_trick_nb` before anyone reads
  the state.
* **Record rows** — the key columns every ``deals`` and ``games`` row
  shares, and the rank and win share of a finished game.
"""
import numpy as np
from numba import njit

from .bits_nb import ONE, ZERO, popcount, select
from .rng_nb import board_stream_nb, next_u64

# -- the config header and the players' kinds ---------------------------------------------
# Every game's config (an int64 array, ``cfg``) starts with the same slots; its own
# options come after them (the game's ``cfg.py``).
CFG_SEATING = 0         # SEATING_* below
CFG_PLAYERS = 1         # players at the table
CFG_HEADER = 2          # the game's own slots start here

# How a lineup slot decides (strategies.abi documents the players' side).
KIND_RANDOM = 0         # uniform among the legal actions: played inline by the game's kernel
KIND_HEURISTIC = 1      # the family's built-in heuristic: compiled into the kernel
KIND_USER = 2           # a user's player: called through a function pointer

# What a game says of a deal once it is over (its ``deal_verdict_nb``).
DEAL_KEEP = 0           # the deal counts: its rows are written
DEAL_AGAIN = 1          # thrown in: deal again (the next attempt's stream)
DEAL_ABANDON = 2        # thrown in too often: the game stops before this deal

# -- seating ------------------------------------------------------------------------------
SEATING_FIXED = 0       # lineup slot s plays seat s in every game
SEATING_ROTATE = 1      # game g: seat s is played by slot (s + g) % n
SEATING_DUPLICATE = 2   # each board once per rotation r: seat s played by slot (s + r) % n
SEATINGS = {"fixed": SEATING_FIXED, "rotate": SEATING_ROTATE, "duplicate": SEATING_DUPLICATE}


@njit(cache=True, inline="always")
def rotations_nb(n, seating):
    """Games played on one board: ``n`` rotations with duplicate seating, else one."""
    return n if seating == SEATING_DUPLICATE else 1


@njit(cache=True, inline="always")
def seat_lineup_nb(lineup, n, seating, board, rotation):
    """Fill ``lineup[s]``: the lineup slot that plays seat ``s`` in this game."""
    shift = 0
    if seating == SEATING_ROTATE:
        shift = board % n
    elif seating == SEATING_DUPLICATE:
        shift = rotation
    for s in range(n):
        lineup[s] = (s + shift) % n


# -- boards -------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def start_game_of_board_nb(board_rng, deal_rng, deck, deck_size):
    """Restart the board's deal stream and put the deck in order: every game of a
    board (each duplicate rotation) is dealt exactly the same cards."""
    deal_rng[:] = board_rng
    for i in range(deck_size):
        deck[i] = i


@njit(cache=True, inline="always")
def start_board_nb(deal_base, dec_base, board, board_rng, dec_rng):
    """A board's deal and decision streams, from the study's bases and its number alone."""
    board_stream_nb(deal_base, board, board_rng)
    board_stream_nb(dec_base, board, dec_rng)   # its decisions: the same in any chunk plan


@njit(cache=True, inline="always")
def start_game_nb(board_rng, deal_rng, deck, deck_size, lineup, n, seating, board, rotation,
                  rotations):
    """A game of a board (one rotation): its deal stream restarted, the deck in order,
    the seats given their lineup slots. Returns the game's id."""
    start_game_of_board_nb(board_rng, deal_rng, deck, deck_size)
    seat_lineup_nb(lineup, n, seating, board, rotation)
    return board * rotations + rotation


# -- decisions ----------------------------------------------------------------------------
@njit(cache=True, inline="always")
def draw_nb(dec_rng):
    """One decision's draw: a non-negative 63-bit number from the decision stream."""
    return np.int64(next_u64(dec_rng) >> np.uint64(1))


@njit(cache=True, inline="always")
def random_choice_nb(legal, draw):
    """Uniform among the actions of a one-word set, from the high 32 bits of a draw."""
    k = (((draw >> 31) & 0xFFFFFFFF) * popcount(legal)) >> 32
    return select(legal, k)


@njit(cache=True, inline="always")
def random_choice2_nb(legal_lo, legal_hi, draw):
    """Uniform among the actions of a two-word set (action ``64 + i`` is bit i of
    ``legal_hi``); the same draw-to-index rule as :func:`random_choice_nb`."""
    n_lo = popcount(legal_lo)
    k = (((draw >> 31) & 0xFFFFFFFF) * (n_lo + popcount(legal_hi))) >> 32
    if k < n_lo:
        return select(legal_lo, k)
    return 64 + select(legal_hi, k - n_lo)


@njit(cache=True, inline="always")
def actions1_nb(legal, out):
    """The actions of a one-word set in ascending order into ``out``; returns their number."""
    count = popcount(legal)
    for k in range(count):
        out[k] = select(legal, k)
    return count


@njit(cache=True, inline="always")
def actions2_nb(legal_lo, legal_hi, out):
    """The actions of a two-word set in ascending order into ``out``; returns
    their number (the step interface's ``legal_actions_nb``)."""
    count = 0
    for a in range(128):
        word = legal_lo if a < 64 else legal_hi
        if (word >> np.uint64(a & 63)) & ONE != ZERO:
            out[count] = a
            count += 1
    return count


@njit(cache=True, inline="always")
def observe2_nb(obs, st, obs_size, hand_slot, hand_lo, hand_hi, legal_slot, legal_lo, legal_hi,
                random_slot, draw, trusted):
    """A two-word game's observation: the state's public slots, then the deciding
    seat's hand, its legal set and its draw in their slots. The built-in heuristic
    (``trusted``) is handed the state itself with those slots written (it reads only
    the observation's slots and writes none; none of the state's own code reads them:
    a copy of the observation at each decision was a fifth of French Tarot's
    heuristic); any other player gets a copy in ``obs``, so that nothing it writes can
    change the game. Returns the array handed to the player."""
    out = st if trusted else obs
    if not trusted:
        for i in range(obs_size):
            obs[i] = st[i]
    out[hand_slot] = np.int64(hand_lo)
    out[hand_slot + 1] = np.int64(hand_hi)
    out[legal_slot] = np.int64(legal_lo)
    out[legal_slot + 1] = np.int64(legal_hi)
    out[random_slot] = draw
    return out


@njit(cache=True, inline="always")
def random_below_nb(count, draw):
    """Uniform among ``0 … count-1`` (a numeric decision such as a prediction)."""
    return (((draw >> 31) & 0xFFFFFFFF) * count) >> 32


@njit(cache=True, inline="always")
def is_legal_nb(action, legal):
    """True when ``action`` is in the one-word set ``legal`` (any int64 is safe)."""
    return (action >= 0) & (action < 64) and (np.uint64(legal) >> np.uint64(action)) & ONE != ZERO


@njit(cache=True, inline="always")
def is_legal2_nb(action, legal_lo, legal_hi):
    """True when ``action`` is in the two-word set (``legal_lo``, ``legal_hi``)."""
    if action < 0 or action >= 128:
        return False
    word = np.uint64(legal_lo) if action < 64 else np.uint64(legal_hi)
    return (word >> np.uint64(action & 63)) & ONE != ZERO


# -- the status array: why a chunk stopped early ------------------------------------------
ST_CODE = 0         # 0 fine, ERR_ILLEGAL
ST_SEAT = 1         # seat that decided
ST_SLOT = 2         # its lineup slot
ST_GAME = 3         # game id
ST_DEAL = 4         # deal of the game, from 0
ST_PHASE = 5        # the game's decision kind (its PHASE_* constant)
ST_ACTION = 6       # the action the player returned
ST_LEGAL = 7        # the legal set: a bitmask, or a game's own encoding (e.g. the largest legal number)
ST_LEGAL_HI = 8     # second word of a two-word legal set
ST_SIZE = 9

ERR_ILLEGAL = 1


@njit(cache=True, inline="always")
def flag_illegal_nb(status, seat, slot, phase, action, legal_lo, legal_hi):
    """Record an illegal action in ``status`` (the kernel then stops the chunk)."""
    status[ST_CODE] = ERR_ILLEGAL
    status[ST_SEAT] = seat
    status[ST_SLOT] = slot
    status[ST_PHASE] = phase
    status[ST_ACTION] = action
    status[ST_LEGAL] = legal_lo
    status[ST_LEGAL_HI] = legal_hi


@njit(cache=True, inline="always")
def flag_where_nb(status, game_id, deal_no):
    """Say where the chunk stopped: the game and the deal."""
    status[ST_GAME] = game_id
    status[ST_DEAL] = deal_no


# -- the trick block ----------------------------------------------------------------------
T_PLAYED = 0        # cards of the completed tricks of this deal (first word)
T_NO = 1            # index of the current trick, from 0
T_LEADER = 2        # seat that led the current trick
T_N = 3             # cards in the current trick so far
T_LEAD = 4          # what the lead asks to follow (the game's encoding), -1 none yet
T_WIN_SEAT = 5      # seat currently taking the trick, -1 when empty
T_WIN_CARD = 6      # card currently taking the trick, -1 when empty
TRICK_BLOCK_SIZE = 7


@njit(cache=True, inline="always")
def store_trick_nb(st, seat_slot, block, seat, k, lead, best, best_seat, trick_no, played):
    """Write the trick in progress (kept in a kernel's locals) into the state:
    the deciding seat at ``seat_slot``, the rest at the trick block ``block``."""
    st[seat_slot] = seat
    st[block + T_N] = k
    st[block + T_LEAD] = lead
    st[block + T_WIN_CARD] = best
    st[block + T_WIN_SEAT] = best_seat
    st[block + T_NO] = trick_no
    st[block + T_PLAYED] = played


@njit(cache=True, inline="always")
def close_trick_nb(st, block, cards_slot, n, winner):
    """A complete trick: clear its card slots, the winner leads the next."""
    for i in range(n):
        st[cards_slot + i] = -1
    st[block + T_LEADER] = winner


# -- record rows --------------------------------------------------------------------------
@njit(cache=True, inline="always")
def deal_row_keys_nb(row, game_id, board, deal_no, seat, player, dealer, n):
    """The key columns of a ``deals`` row: game, board, deal, seat, player,
    dealer and position (0 = first hand after the dealer … n-1 = dealer)."""
    row.game = game_id
    row.board = board
    row.deal = deal_no
    row.seat = seat
    row.player = player
    row.dealer = dealer
    row.position = (seat - dealer - 1) % n


@njit(cache=True, inline="always")
def game_row_keys_nb(row, game_id, board, seat, player, team, first_dealer, n):
    """The key columns of a ``games`` row: game, board, seat, player, team,
    first dealer and start position (0 = first hand of the first deal)."""
    row.game = game_id
    row.board = board
    row.seat = seat
    row.player = player
    row.team = team
    row.first_dealer = first_dealer
    row.start_position = (seat - first_dealer - 1) % n


@njit(cache=True, inline="always")
def seat_game_rows_nb(games_out, g_row, game_id, board, lineup, first_dealer, n, totals):
    """The ``games`` rows of a game whose seats play for themselves and where the
    higher total wins: keys (team = seat), total, rank and win share, from row
    ``g_row`` on. Returns the next free row; a game's own columns come after."""
    for s in range(n):
        row = games_out[g_row + s]
        game_row_keys_nb(row, game_id, board, s, lineup[s], s, first_dealer, n)
        rank, win = rank_and_win_nb(totals, n, s, True)
        row.total = totals[s]
        row.rank = rank
        row.win = win
    return g_row + n


@njit(cache=True, inline="always")
def rank_and_win_nb(totals, n, seat, higher_wins):
    """(rank, win) of ``seat`` by its total: rank 1 = best, tied totals share
    the better rank; win = 1 / number of seats sharing the best total, else 0.
    ``higher_wins`` False: the lowest total is best (penalties)."""
    mine = totals[seat]
    best = mine
    better = 0
    for t in range(n):
        other = totals[t]
        if higher_wins:
            better += other > mine
            best = max(best, other)
        else:
            better += other < mine
            best = min(best, other)
    if mine != best:
        return better + 1, 0.0
    sharing = 0
    for t in range(n):
        sharing += totals[t] == best
    return better + 1, 1.0 / sharing


# -- the step interface: a deal's state, one decision at a time -----------------------------
# Every game's ``step_nb`` module has the same compiled functions on its deal
# state ``(st, hands)`` (``st`` int64: the observation's slots plus private
# slots; ``hands`` uint64: each seat's cards, one or two words a seat):
#
#   new_state_nb(cfg)                      -> (st, hands), zeroed
#   start_deal_nb(st, hands, cfg, dealt, chance)   dealt hands + what chance fixed
#   to_act_nb(st)                          -> the seat to decide
#   decision_nb(st)                        -> its kind (the game's PHASE_* code)
#   legal_actions_nb(st, hands, cfg, out)  -> number of legal actions written to ``out``
#   is_legal_action_nb(st, hands, cfg, action) -> bool
#   apply_nb(st, hands, cfg, action)       the seat to act takes ``action``
#   is_over_nb(st)                         -> True when the deal is over
#   result_nb(st, cfg, out)                -> number of seats; ``out[s]``: the deal's score of seat s
#
# Copying a state is ``st.copy(), hands.copy()``: search players copy and play on.
# ``chance`` (int64) holds what chance and earlier deals fixed, at these slots:
CH_DEALER = 0       # the dealer of this deal
CH_DEAL = 1         # index of the deal in the game, from 0
CH_TURNED = 2       # the card turned up after the deal, -1 none (games without one: -1)
CH_DEALS = 3        # deals in the game (fixed-length games), else 0
CH_TOTALS = 4       # per seat (or team): the game's totals before this deal
CH_SIZE = CH_TOTALS + 8


# -- the board loop's bookkeeping -----------------------------------------------------------
@njit(cache=True, inline="always")
def board_fits_nb(deals_out, d_row, deal_rows, games_out, g_row, game_rows):
    """True when a board's worst case (``deal_rows``, ``game_rows``) still fits the arrays."""
    return d_row + deal_rows <= deals_out.shape[0] and g_row + game_rows <= games_out.shape[0]


@njit(cache=True, inline="always")
def chunk_done_nb(done, boards_done, d_row, g_row):
    """Say how far the chunk got (the kernel contract's ``done``); returns the boards played."""
    done[0] = boards_done
    done[1] = d_row
    done[2] = g_row
    return boards_done


# -- tracing a board (``tricksim deal``) ----------------------------------------------------
# A kernel given a non-empty ``trace`` array logs each deal's start and every
# decision, so one board can be turned into replayable records; every other run
# passes an empty array (NO_TRACE). One array type for both, so that a game's
# kernel compiles once, not twice: None instead of the empty array would compile
# the tracing away, for a second full compile of every game; the price is a
# branch on the length per decision that always goes the same way in a run.
# Layout: trace[0] the next free slot (from TRACE_START), trace[1] 1 when the
# trace ran out of room; then entries
#   TRACE_DEAL, game, deal, dealer, turned card, k, k totals, m, m hand words
#   TRACE_DECISION, seat, decision kind, action
TRACE_START = 2
NO_TRACE_SIZE = 0       # the length of the trace of a run that is not traced
TRACE_DEAL = 1
TRACE_DECISION = 2


@njit(cache=True, inline="always")
def trace_deal_start_nb(trace, game_id, deal_no, dealer, turned, totals, n_totals, hands, n_hands):
    """Log the start of a deal: who dealt, the turned card, the totals before it, the hands."""
    if trace.shape[0] > 0:
        at = trace[0]
        if at + 7 + n_totals + n_hands > trace.shape[0]:
            trace[1] = 1
            return
        trace[at] = TRACE_DEAL
        trace[at + 1] = game_id
        trace[at + 2] = deal_no
        trace[at + 3] = dealer
        trace[at + 4] = turned
        trace[at + 5] = n_totals
        for i in range(n_totals):
            trace[at + 6 + i] = totals[i]
        trace[at + 6 + n_totals] = n_hands
        for i in range(n_hands):
            trace[at + 7 + n_totals + i] = np.int64(hands[i])
        trace[0] = at + 7 + n_totals + n_hands



@njit(cache=True, inline="always")
def trace_mark_nb(trace):
    """Where the trace stands (0 when not tracing): a deal dealt again rewinds to it."""
    if trace.shape[0] > 0:
        return trace[0]
    return 0


@njit(cache=True, inline="always")
def trace_rewind_nb(trace, mark):
    """Forget what was traced since ``mark``."""
    if trace.shape[0] > 0:
        trace[0] = mark


@njit(cache=True, inline="always")
def trace_decision_nb(trace, seat, kind, action):
    """Log one decision (its seat, its kind, the action taken)."""
    if trace.shape[0] > 0:
        at = trace[0]
        if at + 4 > trace.shape[0]:
            trace[1] = 1
            return
        trace[at] = TRACE_DECISION
        trace[at + 1] = seat
        trace[at + 2] = kind
        trace[at + 3] = action
        trace[0] = at + 4


# -- deals dealt again ---------------------------------------------------------------------
@njit(cache=True, inline="always")
def deal_attempt_stream_nb(board_rng, deal_no, attempt, deck, deck_size, out):
    """The stream of attempt ``attempt`` at deal ``deal_no`` of a board, into ``out``,
    and the deck put in order. Games with a redeal (everyone passed, a hand the
    rules throw in) draw each attempt from its own stream, derived from the board's
    stream and the two numbers alone: the rotations of a duplicate board share
    every deal that none of them dealt again, however often another redealt."""
    board_stream_nb(board_rng, (deal_no << 20) | attempt, out)
    for i in range(deck_size):
        deck[i] = i
