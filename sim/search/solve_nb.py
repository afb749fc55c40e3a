"""An exact perfect-information solver for card play: templates bound to each game.

Every function here is a *template*, like those of ``sim/board_nb.py``:
``sim.search.solve.solver_functions`` binds them (``sim.binding.bind`` with this
module as the source) to a game's step module and its solver hooks, and
compiles them under a name of that game's own. The solver asks: from a
position, with perfect information, how much of the rest of the deal can a
*side* (a set of seats, bit ``s`` = seat ``s``) secure when it maximises and
every other seat minimises?

What a game supplies besides its steps (``apply_action_nb``, ``legal_now_nb``,
``deal_over_nb``; the Wizard family's hooks are ``sim/games/wizard/search_nb.py``):

* ``solve_value_nb(st, side)``: the side's value so far (tricks it has won);
* ``solve_left_nb(st)``: the most the side can still add (tricks not yet won);
* ``solve_boundary_nb(st)``: True between tricks, where the table is used;
* ``solve_quick_nb(st, hands, side)``: at a boundary, bounds (low, high) of the
  side's value from there, found without search (quick tricks), and the cards
  whose holders they rest on;
* ``solve_key_nb(st, hands, cfg, side, key)``: the key of a position at a
  boundary: first one word a seat, its cards in relative-rank form (in each
  suit the cards still held renumbered from the top), then exact words (the
  seat to lead, the trump, the side: an entry holds for every solve);
* ``solve_shape_nb(key)``: a word of what a key's positions share however the
  ranks lie (suit lengths, ...); ``solve_matches_nb(entry, key)``: whether a
  key agrees with an entry (its key, then its mask of relative ranks);
  ``solve_mask_nb(st, hands, cards)``: the mask that keeps, in each suit, the
  ranks from the lowest of ``cards`` up; ``solve_relevant_nb(mask, st, hands)``:
  the cards a mask keeps at a position; ``solve_trick_cards_nb(st, card)``: the
  card whose rank won the trick ``card`` completes, if a rank decided it;
  ``solve_merged_nb(st, hands, cfg, cards)``: the legal cards ``solve_moves_nb``
  merges into the next card up whose ranks must join ``cards``, the ranks that
  decided a node that tried every move;
* ``solve_moves_nb(st, hands, cfg, side, hint, out)``: the legal actions, one of
  each run of equivalent cards, best first (move ordering), the move whose code is
  ``hint`` (the table's, or -1) first of all; their number;
* ``solve_move_code_nb(st, hands, action)``: a code of ``action`` that means the same
  move in every position of its table entry (a card in relative-rank form), >= 0.
* optionally ``MTD_DOUBLING``: True when values span hundreds (card points), for
  :func:`solve_mtd_nb` to double its steps.

Optional: ``MTD_BISECT`` (below), ``PLAY_PHASES`` (the phases a solve may start in, for
``sim.search.solve``), and for ``tricksim solve`` (``sim/search/analyse.py``)
``solve_side_nb(st, seat)`` (the side of a seat: its team or camp; the seat alone by
default), ``SOLVE_UNIT`` and ``SOLVE_WHO`` (how the analysis names the value and the side).

The search is a zero-window alpha-beta ("does the side reach ``target``?")
on an explicit stack of states (``S``, ``H``: one preallocated row per ply;
a child is its parent's two rows copied and one action applied, nothing
allocated per node), driven by MTD(f) (:func:`solve_mtd_nb`: tests from a
guess up or down until the value is pinned). The transposition table holds,
at trick boundaries, a lower and an upper bound of the rest of the deal's
value, with the cards whose ranks decided it (an entry then answers for every
position that agrees on those cards, bridge solvers' "winning ranks"). It
keeps its entries from solve to solve (their keys hold all that the value
depends on), and replaces first entries of earlier solves (``stamp``), then
the shallowest.
"""
import numpy as np

from ..borrow_nb import borrowed

# a frame per ply (``fr``): moves, the next to try, the value needed, the side to act,
# and whether the node's result goes to the table
F_N = 0
F_I = 1
F_NEED = 2
F_MAX = 3
F_STORE = 4
F_BEST = 5    # the move that decided the node (its cut), or -1
F_EXACT = 6   # the node's two buckets in the table
F_SHAPE = 7
F_SIZE = 8

# a table entry (``ttb``): bounds of the rest's value, tricks left (the depth it saves),
# the solve that wrote it (0: empty), the move that last cut there; its key is a row of
# ``ttk``: the position's key, the mask of the cards that decided its bounds, its shape
T_LB = 0
T_UB = 1
T_LEFT = 2
T_STAMP = 3
T_MOVE = 4            # as ``solve_move_code_nb`` writes it; -1: none
T_SIZE = 5
# a position's entries: a bucket of its exact key, and a larger one of its shape, whose
# entries generalise. 13-card Oh Hell, 4 deals, 2**18 entries, nodes: one bucket of 8 for
# both, 18.7M; of 16, 14.9M; of 32, 11.9M; 4 and 32, 11.3M; 4 and 64, 9.6M. 6 deals, 2**20
# entries: 4 and 64 ran 0.4 solves/s (CPU time), 4 and 32 0.3 (one run each). (Measured
# before merged cards kept their ranks, which costs ~10 % more nodes.)
BUCKET = 4
SHAPE_BUCKET = 64

# MTD(f)'s steps: one at a time unless the game's hooks say otherwise (its value spans
# more than a dozen: see solve_mtd_nb)
MTD_DOUBLING = False

# the counters (``info``): the current solve's stamp, nodes visited
I_STAMP = 0
I_NODES = 1
I_SIZE = 2


def tt_bucket_nb(h, mask, size):
    """First entry of the bucket of hash ``h`` (``size`` entries; ``mask``: the table's
    entries less one)."""
    h *= np.uint64(0x9E3779B97F4A7C15)
    h ^= h >> np.uint64(29)
    h *= np.uint64(0xBF58476D1CE4E5B9)
    h ^= h >> np.uint64(32)
    return np.int64(h & mask) & -size


def tt_exact_nb(key):
    """A hash of every word of ``key``."""
    h = np.uint64(0)
    for i in range(key.shape[0]):
        h = (h ^ key[i]) * np.uint64(0x100000001B3)
        h ^= h >> np.uint64(31)
    return h


def tt_probe_nb(ttk, ttb, key, shape, at, size, need, st, hands):
    """What the bucket at ``at`` (``size`` entries) says of a position that needs ``need``: (1 yes, 2 no
    or 0 unknown, the cards that decided it at this position, a hint of a move or -1)."""
    kw = key.shape[0]
    hint = -1
    for j in range(at, at + size):
        if ttb[j, T_STAMP] == 0 or ttk[j, kw + 1] != shape or not solve_matches_nb(ttk[j], key):
            continue
        if hint < 0:
            hint = ttb[j, T_MOVE]
        if ttb[j, T_LB] >= need:
            return 1, solve_relevant_nb(ttk[j, kw], st, hands), hint
        if ttb[j, T_UB] < need:
            return 2, solve_relevant_nb(ttk[j, kw], st, hands), hint
    return 0, np.uint64(0), hint


def tt_store_nb(ttk, ttb, key, shape, cards, at, size, left, lb, ub, stamp, move):
    """Narrow the bounds of the entry of ``key`` under mask ``cards`` in the bucket at
    ``at`` to [lb, ub], adding it if absent: into an empty entry, else one of an
    earlier solve, else the one with the fewest tricks left."""
    kw = key.shape[0]
    j = -1
    for e in range(at, at + size):
        if (ttb[e, T_STAMP] != 0 and ttk[e, kw] == cards and ttk[e, kw + 1] == shape
                and solve_matches_nb(ttk[e], key)):
            j = e
            break
    if j < 0:
        j = at
        worst = 1 << 30
        for e in range(at, at + size):
            rank = ttb[e, T_LEFT] + (1 << 20 if ttb[e, T_STAMP] == stamp else 0)
            if ttb[e, T_STAMP] == 0:
                rank = -1
            if rank < worst:
                worst = rank
                j = e
        for i in range(kw):
            ttk[j, i] = key[i]
        ttk[j, kw] = cards
        ttk[j, kw + 1] = shape
        ttb[j, T_LB] = 0
        ttb[j, T_UB] = left
        ttb[j, T_MOVE] = -1
    if move >= 0:
        ttb[j, T_MOVE] = move
    ttb[j, T_LB] = max(ttb[j, T_LB], lb)
    ttb[j, T_UB] = min(ttb[j, T_UB], ub)
    ttb[j, T_LEFT] = left
    ttb[j, T_STAMP] = stamp


def solve_test_nb(st0, hands0, cfg, side, target, S, H, M, fr, K, W, ttk, ttb, info):
    """True when ``side`` takes at least ``target`` more from (``st0``, ``hands0``).

    A depth-first AND/OR search without recursion: ply ``d`` lives in row ``d``
    of the stacks. A node is decided at once when what it needs is nothing or
    more than is left, or by quick tricks, or by the table's bounds; otherwise its
    moves are tried in order until one decides it (a yes where the side acts, a no
    elsewhere). ``W[d]``: the cards whose ranks decided node ``d`` (the winners of
    tricks taken over a card of their suit, in the tree that proved it): a table
    entry holds for every position that agrees with it on who holds the cards from
    those ranks up, the lower cards counted by suit and hand alone (bridge solvers'
    "winning ranks").
    """
    # the work arrays borrowed (sim/borrow_nb.py): a row taken from them counts no
    # references; their owner, the caller, keeps them alive
    S, H, M, fr, K = borrowed(S), borrowed(H), borrowed(M), borrowed(fr), borrowed(K)
    W, ttk, ttb = borrowed(W), borrowed(ttk), borrowed(ttb)
    info, cfg = borrowed(info), borrowed(cfg)
    mask = np.uint64(ttk.shape[0] - 1)
    stamp = info[I_STAMP]
    base = solve_value_nb(st0, side)
    S[0, :] = st0
    H[0, :] = hands0
    d = 0
    while True:
        # -- enter node d
        info[I_NODES] += 1
        st = S[d]
        need = target - (solve_value_nb(st, side) - base)
        fr[d, F_STORE] = 0
        fr[d, F_BEST] = -1
        W[d] = 0
        hint = -1
        decided = True
        if need <= 0:
            res = True
        elif need > solve_left_nb(st):
            res = False
        else:
            decided = False
            if solve_boundary_nb(st):
                low, high, cards = solve_quick_nb(st, H[d], side)
                if need <= low or need > high:
                    res, decided = need <= low, True
                    W[d] = cards
            if not decided and solve_boundary_nb(st):
                solve_key_nb(st, H[d], cfg, side, K[d])
                shape = solve_shape_nb(K[d])
                # two buckets: the position's own (exact keys: a transposition finds it
                # however full the table), and its shape's (entries that generalise)
                fr[d, F_EXACT] = tt_bucket_nb(tt_exact_nb(K[d]), mask, BUCKET)
                fr[d, F_SHAPE] = tt_bucket_nb(shape, mask, SHAPE_BUCKET)
                verdict, cards, hint = tt_probe_nb(ttk, ttb, K[d], shape, fr[d, F_EXACT], BUCKET,
                                                   need, st, H[d])
                if verdict == 0:
                    verdict, cards, hint2 = tt_probe_nb(ttk, ttb, K[d], shape, fr[d, F_SHAPE],
                                                        SHAPE_BUCKET, need, st, H[d])
                    hint = hint if hint >= 0 else hint2
                if verdict != 0:
                    res, decided = verdict == 1, True
                    W[d] = cards
                else:
                    fr[d, F_STORE] = 1
            if not decided:
                fr[d, F_NEED] = need
                fr[d, F_MAX] = (side >> st[SEAT]) & 1
                fr[d, F_N] = solve_moves_nb(st, H[d], cfg, side, hint, M[d])
                fr[d, F_I] = 0
        if decided:
            # -- node d is decided (res): record it and go up until a node has a move to try
            while True:
                if fr[d, F_STORE] == 1:
                    left = solve_left_nb(S[d])
                    need = fr[d, F_NEED]
                    best = fr[d, F_BEST]
                    code = solve_move_code_nb(S[d], H[d], best) if best >= 0 else -1
                    cards = solve_mask_nb(S[d], H[d], W[d])
                    shape = solve_shape_nb(K[d])
                    lb, ub = (need, left) if res else (0, need - 1)
                    tt_store_nb(ttk, ttb, K[d], shape, cards, fr[d, F_EXACT], BUCKET, left, lb,
                                ub, stamp, code)
                    tt_store_nb(ttk, ttb, K[d], shape, cards, fr[d, F_SHAPE], SHAPE_BUCKET, left,
                                lb, ub, stamp, code)
                if d == 0:
                    return res
                d -= 1
                move = M[d, fr[d, F_I] - 1]
                cards = W[d + 1] | solve_trick_cards_nb(S[d], move)
                if (fr[d, F_MAX] == 1) == res:
                    # a cut (the side found a yes, or the others a no): that move proves it
                    fr[d, F_BEST] = move
                    W[d] = cards
                    continue
                W[d] |= cards
                if fr[d, F_I] < fr[d, F_N]:
                    break
                # every move tried: res stands (all no where the side acts, all yes elsewhere),
                # for the positions that merge the same cards as this one
                W[d] |= solve_merged_nb(S[d], H[d], cfg, W[d])
        # -- the next move of node d: its child is row d + 1
        i = fr[d, F_I]
        fr[d, F_I] = i + 1
        S[d + 1, :] = S[d, :]
        H[d + 1, :] = H[d, :]
        apply_action_nb(S[d + 1], H[d + 1], cfg, M[d, i])
        d += 1


# MTD(f)'s next test after the first: one up or down (a game valued in tricks), or halfway
# between the bounds so far (a game's hooks set it True where values run to a hundred or more)
MTD_BISECT = False


def solve_mtd_nb(st0, hands0, cfg, side, guess, S, H, M, fr, K, W, ttk, ttb, info):
    """The value ``side`` secures from (``st0``, ``hands0``) on: MTD(f), zero-window
    tests from ``guess`` up while they say yes, down while they say no; with the
    game's ``MTD_DOUBLING`` the steps double until a yes and a no bracket the value,
    which is then halved down (card points span hundreds, tricks a dozen); with
    ``MTD_BISECT`` every test after the first is halfway between the bounds so far."""
    lo = 0
    hi = solve_left_nb(st0)
    t = guess
    step = 1
    yes_seen = False
    no_seen = False
    while lo < hi:
        t = min(max(t, lo + 1), hi)
        if solve_test_nb(st0, hands0, cfg, side, t, S, H, M, fr, K, W, ttk, ttb, info):
            lo = t
            up = True
            yes_seen = True
        else:
            hi = t - 1
            up = False
            no_seen = True
        if MTD_BISECT or (MTD_DOUBLING and yes_seen and no_seen):
            t = (lo + hi + 1) // 2
        else:
            t = t + step if up else t - step
            if MTD_DOUBLING:
                step *= 2
    return lo


def solve_many_nb(sts, handss, cfg, sides, guesses, S, H, M, fr, K, W, ttk, ttb, info, out):
    """Solve position ``i`` of (``sts``, ``handss``) for ``sides[i]`` into ``out[i]`` (its
    nodes into ``out[i, 1]``); every solve is a stamp of its own."""
    for i in range(sts.shape[0]):
        info[I_STAMP] += 1
        nodes = info[I_NODES]
        out[i, 0] = solve_mtd_nb(sts[i], handss[i], cfg, sides[i], guesses[i], S, H, M, fr, K,
                                 W, ttk, ttb, info)
        out[i, 1] = info[I_NODES] - nodes


def minimax_nb(st, hands, cfg, side):
    """The plain reference: every legal action (the legal set of ``legal_now_nb``,
    action ``64 + i`` being bit ``i`` of its second word), no pruning, no table, no
    merging. The side's value from here on."""
    if deal_over_nb(st):
        return 0
    lo, hi = legal_now_nb(st, hands, cfg)
    maxing = (side >> st[SEAT]) & 1
    best = -1 if maxing else 1 << 30
    base = solve_value_nb(st, side)
    for action in range(128):
        word = lo if action < 64 else hi
        if (word >> (action & 63)) & 1 == 0:
            continue
        s2 = st.copy()
        h2 = hands.copy()
        apply_action_nb(s2, h2, cfg, action)
        v = solve_value_nb(s2, side) - base + minimax_nb(s2, h2, cfg, side)
        best = max(best, v) if maxing else min(best, v)
    return best


# The templates and how each is compiled (``sim.binding.bind``), in the order of binding.
SOLVE = (("tt_bucket_nb", {"inline": "always"}), ("tt_exact_nb", {"inline": "always"}),
         ("tt_probe_nb", {}), ("tt_store_nb", {}), ("solve_test_nb", {"nogil": True}),
         ("solve_mtd_nb", {}), ("solve_many_nb", {"nogil": True}), ("minimax_nb", {}))
# The names the templates read from the game.
SOLVE_HOOKS = ("SEAT", "apply_action_nb", "legal_now_nb", "deal_over_nb", "solve_value_nb",
               "solve_left_nb", "solve_boundary_nb", "solve_quick_nb", "solve_key_nb",
               "solve_moves_nb", "solve_move_code_nb", "solve_shape_nb", "solve_matches_nb",
               "solve_mask_nb", "solve_relevant_nb", "solve_trick_cards_nb", "solve_merged_nb")
