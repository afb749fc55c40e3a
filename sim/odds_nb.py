"""Hand odds (numba): deal the unseen cards around what is fixed, play on, per option.

Every function here is a *template*, like those of ``sim/board_nb.py``:
``sim.odds`` binds them (``sim.binding.bind`` with this module as the
source) to a game's step module, its family's built-in heuristic and the game's
odds hook, and compiles them under a name of that game's own.

Deal ``i`` of a question is drawn from its own streams (a deal stream and a
decision stream, ``sim.rng_nb.board_stream_nb`` of the seed's bases and ``i``):
the results of deal ``i`` do not depend on how the deals are cut into chunks.

A deal: the fixed cards stay where they are (``fixed``: the game's ``dealt``
array, its hands as ``start_deal_nb`` takes them, holding the fixed cards);
the turned card, when not fixed, is drawn uniformly from ``turn_pool`` (the
free cards a turned card may be: all of them, or those the facts allow); the
rest of the free cards (``pool``) is shuffled and dealt, ``need[h]`` more to
holder ``h`` (a seat, or a place such as Tarot's dog), the others staying undealt. Every deal consistent with the facts is
as likely as any other. The game's ``start_deal_nb`` starts it from ``chance``
(``sim.kit_nb.CH_*``: dealer, deal index, turned card, totals); the decisions the
facts fix (``prefix``: the dealer's trump after a Wizard, given) are taken first.

Play: the players decide (``ask_player_nb``, the random one inline) until the
asking ``seat`` faces a decision of kind ``phase`` (``odds_asks_nb``: its first
own decision the question is about). There the seat's player is asked too (its
*choice*, from the decision's own draw); then, for every legal option, the position and the
decision stream are restored, the action taken and the deal played on to its
end by the game's ``play_deal_nb``. Every option is so played on the same deal
and the same later draws (common random numbers), and the option the player
chose is exactly the deal as the player would have played it.

The options: ``wanted``, the actions played on (every legal one of them; a grid
of a decision with many actions, such as a prediction of card points). When the
player's own choice is not among them it is played on too, into ``mine``.

What a game supplies besides its steps: ``odds_give_nb(dealt, holder, card)``,
the card put into a holder's hand of ``dealt``, and ``odds_outcome_nb(st, cfg,
seat, out)``, the seat's measure (tricks, or card points), its contract (its
bid) and whether its side won the deal (made its bid, or its camp won) into
``out[0:3]``. It may supply ``odds_finish_deal_nb(dealt, rng)``, what else the
deal draws once the cards are given (a refill order), and ``odds_asks_nb(st,
seat, phase)``, whether the decision at hand is the one asked about (the
Auction Pitch pitch: the seat's first card only as the pitcher), and
``odds_deal_stands_nb(dealt, cfg)``, whether the rules play the deal given or
deal it again (a Beim Jupiter hand without a numbered colour card): a deal that
does not stand is drawn again from the same facts, so the deals played are
uniform among the consistent deals that stand (after ``REDRAWS`` draws the last
one is started and, over at once, counts for nothing). The defaults below draw
nothing, ask at the seat's first decision of kind ``phase`` and let every deal
stand.
"""
import numpy as np

from .board_nb import ask_player_nb
from .kit_nb import CH_TURNED, KIND_RANDOM, draw_nb, random_choice2_nb
from .rng_nb import below, board_stream_nb, shuffle_prefix

# per deal and option (``out[i, action]``): the seat's score, tricks, contract, made, legal
R_SCORE = 0
R_TRICKS = 1
R_CONTRACT = 2
R_MADE = 3
R_LEGAL = 4
R_SIZE = 5
# draws of a deal before the last one is kept although the rules would deal it again: the
# facts modules refuse facts no deal stands for, so this bounds the rare unlucky run only
REDRAWS = 10_000


def odds_finish_deal_nb(dealt, rng):
    """The default: the deal draws nothing once the cards are given."""
    return


def odds_deal_stands_nb(dealt, cfg):
    """The default: every deal is played as dealt."""
    return True


def odds_asks_nb(st, seat, phase):
    """The default: the question is the seat's first decision of kind ``phase``."""
    return st[SEAT] == seat and st[PHASE] == phase


def odds_deal_nb(st, hands, cfg, pool, turn_pool, fixed, need, chance, work, dealt, rng):
    """Deal one deal around the fixed cards (see the module), again while the rules would
    deal it again, and start it."""
    for _draw in range(REDRAWS):
        m = 0
        turned = -1
        if turn_pool.shape[0] > 0:
            turned = turn_pool[below(rng, turn_pool.shape[0])]
            chance[CH_TURNED] = turned
        for j in range(pool.shape[0]):      # the free cards in their given order, every deal
            if pool[j] != turned:
                work[m] = pool[j]
                m += 1
        total = 0
        for h in range(need.shape[0]):
            total += need[h]
        shuffle_prefix(rng, work[:m], total)
        k = 0
        dealt[:] = fixed
        for h in range(need.shape[0]):
            for _ in range(need[h]):
                odds_give_nb(dealt, h, work[k])
                k += 1
        odds_finish_deal_nb(dealt, rng)
        if odds_deal_stands_nb(dealt, cfg):
            break
    start_deal_nb(st, hands, cfg, dealt, chance)


def odds_decide_nb(st, hands, cfg, seat, kinds, params, fns, dec_rng, obs, status):
    """The decision of the seat to act by its player (the random one inline); -1 after an
    illegal one."""
    lo, hi = legal_now_nb(st, hands, cfg)
    draw = draw_nb(dec_rng)
    if kinds[seat] == KIND_RANDOM:
        return random_choice2_nb(np.uint64(lo), np.uint64(hi), draw)
    return ask_player_nb(st, hands, cfg, seat, seat, lo, hi, draw, kinds, params, fns, obs,
                         status)


def odds_apply_nb(st, hands, cfg, action):
    """``action`` taken: the game's step, a call (see ``ODDS``)."""
    apply_action_nb(st, hands, cfg, action)


def odds_play_to_ask_nb(st, hands, cfg, seat, phase, kinds, params, fns, dec_rng, obs, status):
    """The players decide until the deal is over or the asking seat faces the decision
    asked about; False after an illegal action (``status``)."""
    while not deal_over_nb(st) and not odds_asks_nb(st, seat, phase):
        action = odds_decide_nb(st, hands, cfg, st[SEAT], kinds, params, fns, dec_rng, obs,
                                status)
        if action < 0:
            return False
        odds_apply_nb(st, hands, cfg, action)
    return True


def odds_chunk_nb(cfg, kinds, params, fns, deal_base, dec_base, first, count, seat, phase,
                  wanted, pool, turn_pool, fixed, need, chance0, prefix, out, mine, chosen,
                  status):
    """Deals ``first … first + count - 1``: ``out[i, j, R_*]`` the asking seat's
    result when it takes action ``wanted[j]`` (``R_LEGAL`` 0 for an action not legal
    in that deal), ``mine[i]`` its result as its player chose, ``chosen[i]`` the
    option its player chose (-1: the seat never faced the decision; -2: an action
    not among ``wanted``). Returns the deals done (fewer after an illegal action:
    ``status``)."""
    n = seats_nb(cfg)
    st, hands = new_state_nb(cfg)
    s0, h0 = new_state_nb(cfg)
    obs = np.zeros(OBS_SIZE, dtype=np.int64)
    rngs = np.empty((3, 4), dtype=np.uint64)
    deal_rng, dec_rng, dec_saved = rngs[0], rngs[1], rngs[2]
    work = np.zeros(pool.shape[0], dtype=np.int64)
    dealt = np.zeros(fixed.shape[0], dtype=np.uint64)
    chance = chance0.copy()
    lineup = np.arange(n)
    scores = np.zeros(16, dtype=np.int64)
    res = np.zeros(4, dtype=np.int64)
    no_trace = np.zeros(0, dtype=np.int64)
    k = wanted.shape[0]
    for d in range(count):
        i = first + d
        board_stream_nb(deal_base, i, deal_rng)
        board_stream_nb(dec_base, i, dec_rng)
        odds_deal_nb(st, hands, cfg, pool, turn_pool, fixed, need, chance, work, dealt, deal_rng)
        for j in range(prefix.shape[0]):    # decisions the facts fix (a trump chosen)
            odds_apply_nb(st, hands, cfg, prefix[j])
        for j in range(k):
            out[d, j, R_LEGAL] = 0
        mine[d, R_LEGAL] = 0
        chosen[d] = -1
        if not odds_play_to_ask_nb(st, hands, cfg, seat, phase, kinds, params, fns, dec_rng,
                                   obs, status):
            return d
        if deal_over_nb(st):
            continue
        lo, hi = legal_now_nb(st, hands, cfg)
        choice = odds_decide_nb(st, hands, cfg, seat, kinds, params, fns, dec_rng, obs, status)
        if choice < 0:
            return d
        chosen[d] = -2
        for j in range(k):
            if wanted[j] == choice:
                chosen[d] = j
        s0[:] = st
        h0[:] = hands
        dec_saved[:] = dec_rng
        for j in range(k + 1):
            if j < k:
                action = wanted[j]
                if not legal_has_nb(phase, action, lo, hi):
                    continue
            elif chosen[d] >= 0:            # the player's choice was played on among them
                break
            else:
                action = choice
            st[:] = s0
            hands[:] = h0
            dec_rng[:] = dec_saved
            odds_apply_nb(st, hands, cfg, action)
            if not play_deal_nb(st, hands, cfg, lineup, kinds, params, fns, dec_rng, obs, status,
                                no_trace):
                return d
            result_nb(st, cfg, scores)
            odds_outcome_nb(st, cfg, seat, res)
            row = out[d, j] if j < k else mine[d]
            row[R_SCORE] = scores[seat]
            row[R_TRICKS] = res[0]
            row[R_CONTRACT] = res[1]
            row[R_MADE] = res[2]
            row[R_LEGAL] = 1
        if chosen[d] >= 0:
            mine[d, :] = out[d, chosen[d]]
    return count


# The templates and how each is compiled (the order of binding: callees first).
# The hooks a game may leave out, its defaults here (bound like the templates).
DEFAULTS = (("odds_finish_deal_nb", {"inline": "always"}),
            ("odds_asks_nb", {"inline": "always"}),
            ("odds_deal_stands_nb", {"inline": "always"}))
# What runs once a decision or once a deal is a call, not inlined: the game's steps and its
# heuristic inlined at each of the chunk's sites made Beim Jupiter's odds kernel take 89 s
# of CPU to compile, against 26 s for the engine's own kernels (one cold process each).
ODDS = (("ask_player_nb", {"inline": "always"}), ("odds_deal_nb", {}),
        ("odds_decide_nb", {}), ("odds_apply_nb", {}), ("odds_play_to_ask_nb", {}),
        ("odds_chunk_nb", {"nogil": True}))
# The names the templates read from the game (and its family's players).
ODDS_HOOKS = ("SEAT", "PHASE", "OBS_SIZE", "seats_nb", "new_state_nb", "start_deal_nb",
              "result_nb", "legal_now_nb", "legal_has_nb", "observe_nb",
              "apply_action_nb", "deal_over_nb", "play_deal_nb", "heuristic_nb",
              "odds_give_nb", "odds_outcome_nb")
