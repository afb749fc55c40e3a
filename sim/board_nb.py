"""The board loop every game shares: written once here, bound to each game.

Every function in this module is a *template*. It names a game's hooks
(``new_game_nb``, ``deal_nb``, ``play_deal_nb``, …) and the family's
built-in heuristic (``heuristic_nb``) without defining them; none of them is
compiled as it stands. :func:`sim.binding.bind` re-creates each template in
a namespace that holds one game's hooks (its ``step_nb`` module) and
compiles it with numba's on-disk cache under a name of that game's own
(``simulate_chunk_nb__wizard``): one compiled kernel per game, loaded from
the cache by every later process (docs/architecture.md, "One board loop").

What a game's ``step_nb`` module supplies (docs/new_game.md lists it with
the signatures; ``sim/games/wizard/step_nb.py`` is the model):

* the state: ``new_state_nb(cfg)`` -> ``(st, hands)``, an ``int64`` and a
  ``uint64`` array that hold a deal's state and whatever a game of a board
  carries from deal to deal (totals, the hands as dealt) in slots of its
  own; ``SEAT`` and ``PHASE``, the slots of ``st`` that hold the seat to act
  and its decision kind; ``OBS_SIZE``; ``seats_nb(cfg)``;
  ``deck_size_nb(cfg)`` (the cards of the deck it shuffles);
* a game of a board: ``room_deals_nb(cfg, aux)`` (the deals one game is
  given room for: its longest, or the usual length of a game with no
  longest), ``new_game_nb``, ``deal_nb`` (deal ``deal_no``, attempt
  ``attempt``, and start its state), ``trace_deal_nb``, ``play_deal_nb``
  (play the deal on to its end: the random player inline, every other
  player through :func:`ask_player_nb`; False after an illegal action),
  ``deal_verdict_nb`` (``sim.kit_nb.DEAL_KEEP``, ``DEAL_AGAIN`` or
  ``DEAL_ABANDON``), ``deal_rows_nb`` (its rows; True when the game is over)
  and ``game_rows_nb``;
* a decision: ``legal_now_nb`` (the legal set of the decision waiting, two
  ``int64`` words in the game's encoding), ``legal_has_nb``,
  ``actions_of_nb``, ``observe_nb``, ``apply_action_nb`` and
  ``deal_over_nb``.

A game may leave out the hooks the kit has a default for (:data:`DEFAULTS`):
``seats_nb`` (the study's players), ``deal_verdict_nb`` (every deal is
kept), ``legal_has_nb`` and ``actions_of_nb`` (the legal set is a set of
actions in one or two words, action ``64 + i`` being bit ``i`` of the
second) and ``play_deal_nb`` (one decision after another until
``deal_over_nb``; the random player picks uniformly from the legal set).
A game with decisions of another encoding, or a faster loop of its own,
writes its own.

Players are asked in one place, :func:`ask_player_nb`: the family's
built-in heuristic is compiled in there, a user's player is called through
a function pointer. The game's compiled functions that call it are bound
with it (``sim/binding.py``), so the game's own code imports no player.
"""
import numpy as np
from numba import prange

from .kit_nb import (CFG_PLAYERS, CFG_SEATING, DEAL_AGAIN, DEAL_KEEP, KIND_HEURISTIC, KIND_RANDOM,
                     NO_TRACE_SIZE, actions2_nb, board_fits_nb, chunk_done_nb, draw_nb,
                     flag_illegal_nb, flag_where_nb, is_legal2_nb, random_choice2_nb, rotations_nb,
                     start_board_nb, start_game_nb, trace_decision_nb, trace_mark_nb,
                     trace_rewind_nb)
from .borrow_nb import borrowed, keep
from .call_nb import call_player_nb
from .rng_nb import below

# The names a template reads from the game's namespace (sim.binding checks them).
HOOKS = ("SEAT", "PHASE", "OBS_SIZE", "deck_size_nb", "seats_nb", "new_state_nb",
         "room_deals_nb", "new_game_nb", "deal_nb", "trace_deal_nb", "deal_verdict_nb",
         "deal_rows_nb", "game_rows_nb", "play_deal_nb", "legal_now_nb", "legal_has_nb",
         "actions_of_nb", "observe_nb", "apply_action_nb", "deal_over_nb")
# ... and from the family's players.
PLAYER_HOOKS = ("heuristic_nb",)
# What the step interface alone reads.
STEP_HOOKS = ("SEAT", "PHASE", "legal_now_nb", "legal_has_nb", "actions_of_nb", "observe_nb",
              "apply_action_nb", "deal_over_nb")


# -- asking a player ---------------------------------------------------------------------------
def ask_player_nb(st, hands, cfg, seat, slot, lo, hi, draw, kinds, params, fns, obs, status):
    """The decision of ``seat`` (lineup ``slot``) when another player than the random
    one sits there: the built-in heuristic (compiled in here, once per game) or a
    user's player (called at its address ``fns[slot]``, ``sim/call_nb.py``).
    ``fns`` is None when no user's player sits at the table: numba then compiles
    this without the call, and without the test of the slot's kind (measured: with
    them, heuristic Oh Hell ran at 0.55 of its speed, even with no call made).

    ``lo``, ``hi``: the legal set in the game's encoding; ``draw``: the decision's
    draw from the decision stream. The game's ``observe_nb`` fills the observation
    (the heuristic may be handed the state itself, see there). Returns the action,
    checked, or -1 after an illegal one (``status`` says which).
    """
    if kinds[slot] == KIND_HEURISTIC or fns is None:
        action = heuristic_nb(observe_nb(obs, st, hands, cfg, seat, lo, hi, draw, True),
                              params[slot])
    else:
        action = call_player_nb(fns[slot], observe_nb(obs, st, hands, cfg, seat, lo, hi, draw,
                                                      False), params[slot])
    if not legal_has_nb(st[PHASE], action, lo, hi):
        flag_illegal_nb(status, seat, slot, st[PHASE], action, lo, hi)
        return -1
    return action


# -- the hooks a game may leave to the kit ---------------------------------------------------
def default_seats_nb(cfg):
    """The seats at the table: the study's players."""
    return cfg[CFG_PLAYERS]


def default_deal_verdict_nb(st, hands, cfg, attempt):
    """Every deal is played and kept."""
    return DEAL_KEEP


def default_legal_has_nb(phase, action, lo, hi):
    """``action`` is in the legal set (two words; any int64 is safe)."""
    return is_legal2_nb(action, lo, hi)


def default_actions_of_nb(phase, lo, hi, out):
    """The legal set's actions in ascending order into ``out``; their number."""
    return actions2_nb(np.uint64(lo), np.uint64(hi), out)


def default_play_deal_nb(st, hands, cfg, lineup, kinds, params, fns, dec_rng, obs, status, trace):
    """The deal played on to its end, one decision after another: the random player
    inline (uniform over the legal set), any other through :func:`ask_player_nb`.
    False after an illegal action."""
    while not deal_over_nb(st):
        seat = st[SEAT]
        lo, hi = legal_now_nb(st, hands, cfg)
        draw = draw_nb(dec_rng)
        slot = lineup[seat]
        if kinds[slot] == KIND_RANDOM:
            action = random_choice2_nb(np.uint64(lo), np.uint64(hi), draw)
        else:
            action = ask_player_nb(st, hands, cfg, seat, slot, lo, hi, draw, kinds, params, fns,
                                   obs, status)
            if action < 0:
                return False
        trace_decision_nb(trace, seat, st[PHASE], action)
        apply_action_nb(st, hands, cfg, action)
    return True


# -- boards of whole games -------------------------------------------------------------------
def simulate_chunk_nb(cfg, aux, kinds, params, fns, deal_base, dec_base, first_board, n_boards,
                      deals_out, games_out, status, done, trace):
    """Play boards ``first_board …`` (whole games) and write their records
    (the kernel contract of ``sim/engine.py``).

    A board is one run of its own deal stream (``start_board_nb``): with
    duplicate seating it is played once per rotation of the lineup, each game
    restarting the stream. A game is played deal after deal until the game's
    ``deal_rows_nb`` says it is over; a deal the game's ``deal_verdict_nb``
    throws in is dealt again (attempt 1, 2, …: the game draws each attempt
    from its own stream) and leaves no trace. Stops before a board whose room
    (``room_deals_nb``) does not fit the arrays; a board that outgrows its
    room (a game with no longest length) is dropped, and the engine plays it
    again into larger arrays: its streams are its own. ``done`` gets
    (boards played, deal rows, game rows); returns the boards played.
    """
    # Every array is borrowed (sim/borrow_nb.py: no atomic reference counts in the loop),
    # the arguments from the caller, the work arrays from their owners, kept to the end.
    # Not what a user's player may receive (``obs``, ``params``) when one plays (``fns``).
    cfg, aux, kinds = borrowed(cfg), borrowed(aux), borrowed(kinds)
    deal_base, dec_base = borrowed(deal_base), borrowed(dec_base)
    deals_out, games_out = borrowed(deals_out), borrowed(games_out)
    status, done, trace = borrowed(status), borrowed(done), borrowed(trace)
    n = seats_nb(cfg)
    seating = cfg[CFG_SEATING]
    rotations = rotations_nb(n, seating)
    board_deal_rows = rotations * room_deals_nb(cfg, aux) * n
    own_st, own_hands = new_state_nb(cfg)
    # exactly the observation: a player reading past its end fails a bounds check
    # (tricksim check-player) instead of reading the deal's private slots
    own_obs = np.zeros(OBS_SIZE, dtype=np.int64)
    own_deck = np.zeros(deck_size_nb(cfg), dtype=np.int64)
    own_rngs = np.empty((3, 4), dtype=np.uint64)
    own_lineup = np.zeros(n, dtype=np.int64)
    st, hands, deck, lineup = borrowed(own_st), borrowed(own_hands), borrowed(own_deck), borrowed(own_lineup)
    board_rng, dec_rng, deal_rng = borrowed(own_rngs[0]), borrowed(own_rngs[1]), borrowed(own_rngs[2])
    obs = own_obs
    if fns is None:
        params, obs = borrowed(params), borrowed(own_obs)
    d_row = 0
    g_row = 0
    boards_done = 0
    for b in range(n_boards):
        if not board_fits_nb(deals_out, d_row, board_deal_rows, games_out, g_row, rotations * n):
            break
        board = first_board + b
        start_board_nb(deal_base, dec_base, board, board_rng, dec_rng)
        board_d_row = d_row
        board_g_row = g_row
        for rot in range(rotations):
            game_id = start_game_nb(board_rng, deal_rng, deck, deck.shape[0], lineup, n, seating,
                                    board, rot, rotations)
            first_dealer = below(deal_rng, n)
            new_game_nb(st, hands, cfg, aux, first_dealer)
            deal_no = 0
            redeals = 0
            over = False
            while not over:
                if d_row + n > deals_out.shape[0]:     # out of room: the board is played again
                    return chunk_done_nb(done, boards_done, board_d_row, board_g_row)
                attempt = 0
                while True:
                    deal_nb(st, hands, cfg, aux, board_rng, deal_rng, deck, deal_no, attempt,
                            first_dealer)
                    mark = trace_mark_nb(trace)
                    trace_deal_nb(trace, st, hands, cfg, game_id, deal_no)
                    if not play_deal_nb(st, hands, cfg, lineup, kinds, params, fns, dec_rng, obs,
                                        status, trace):
                        flag_where_nb(status, game_id, deal_no)
                        return chunk_done_nb(done, boards_done, d_row, g_row)
                    verdict = deal_verdict_nb(st, hands, cfg, attempt)
                    if verdict != DEAL_AGAIN:
                        break
                    trace_rewind_nb(trace, mark)       # a deal dealt again leaves no trace
                    attempt += 1
                redeals += attempt
                if verdict != DEAL_KEEP:               # nobody will ever play it: the game stops
                    break
                over = deal_rows_nb(st, hands, cfg, aux, deals_out, d_row, game_id, board,
                                    deal_no, lineup, attempt)
                d_row += n
                deal_no += 1
            g_row = game_rows_nb(st, hands, cfg, aux, games_out, g_row, game_id, board, lineup,
                                 first_dealer, deal_no, redeals)
        boards_done += 1
    keep((own_st, own_hands, own_obs, own_deck, own_rngs, own_lineup))
    return chunk_done_nb(done, boards_done, d_row, g_row)


def simulate_chunks_nb(cfg, aux, kinds, params, fns, deal_bases, dec_bases, first_boards,
                       n_boards, deal_offsets, game_offsets, deals_out, games_out, statuses,
                       dones):
    """Several chunks at once in numba threads (the in-process parallel path).

    Chunk ``i`` writes into rows ``deal_offsets[i]:deal_offsets[i+1]`` and
    ``game_offsets[i]:game_offsets[i+1]``; every board has its own streams,
    so the records equal those of :func:`simulate_chunk_nb` chunk by chunk.
    """
    for i in prange(first_boards.shape[0]):
        simulate_chunk_nb(cfg, aux, kinds, params, fns, deal_bases[i], dec_bases[i],
                          first_boards[i], n_boards[i],
                          deals_out[deal_offsets[i]:deal_offsets[i + 1]],
                          games_out[game_offsets[i]:game_offsets[i + 1]], statuses[i], dones[i],
                          np.zeros(NO_TRACE_SIZE, dtype=np.int64))


# -- the step interface: one decision at a time, from any position ---------------------------
# With the game's own ``new_state_nb``, ``start_deal_nb`` and ``result_nb`` these make the
# step interface of every game (sim/kit_nb.py lists it): replay, the kit's tests and search
# players drive a deal with them. Copying a state is ``st.copy(), hands.copy()``.
def to_act_nb(st):
    """The seat to decide."""
    return st[SEAT]


def decision_nb(st):
    """The kind of decision waiting (the game's ``PHASE_*`` code)."""
    return st[PHASE]


def legal_actions_nb(st, hands, cfg, out):
    """The legal actions in ascending order into ``out``; returns their number."""
    lo, hi = legal_now_nb(st, hands, cfg)
    return actions_of_nb(st[PHASE], lo, hi, out)


def is_legal_action_nb(st, hands, cfg, action):
    """True when the seat to act may take ``action`` (any int64 is safe)."""
    lo, hi = legal_now_nb(st, hands, cfg)
    return legal_has_nb(st[PHASE], action, lo, hi)


def apply_nb(st, hands, cfg, action):
    """The seat to act takes ``action`` (legal: check it first)."""
    apply_action_nb(st, hands, cfg, action)


def is_over_nb(st):
    """True when the deal is over."""
    return deal_over_nb(st)


def observation_nb(st, hands, cfg, draw, obs):
    """The observation the seat to act gets before its decision (``draw`` in its
    ``RANDOM`` slot), into ``obs``: the conformance harness and search players
    see exactly what the engine hands a player."""
    lo, hi = legal_now_nb(st, hands, cfg)
    observe_nb(obs, st, hands, cfg, st[SEAT], lo, hi, draw, False)


# The kit's default hooks: (hook, its template, numba options); bound when the game's
# step module lacks the hook. ``play_deal_nb`` asks players: bound after ``ask_player_nb``.
DEFAULTS = (("seats_nb", "default_seats_nb", {"inline": "always"}),
            ("deal_verdict_nb", "default_deal_verdict_nb", {"inline": "always"}),
            ("legal_has_nb", "default_legal_has_nb", {"inline": "always"}),
            ("actions_of_nb", "default_actions_of_nb", {"inline": "always"}),
            # once a deal: a call, not inlined (compile time, docs/architecture.md)
            ("play_deal_nb", "default_play_deal_nb", {}))

# The templates and how each is compiled: (name, numba options). The order is the
# order of binding: a template is bound after every template it calls.
KERNELS = (("ask_player_nb", {"inline": "always"}),
           ("simulate_chunk_nb", {"nogil": True}),
           ("simulate_chunks_nb", {"nogil": True, "parallel": True}))
STEPS = (("to_act_nb", {}), ("decision_nb", {}), ("legal_actions_nb", {}),
         ("is_legal_action_nb", {}), ("apply_nb", {}), ("is_over_nb", {}),
         ("observation_nb", {}))
