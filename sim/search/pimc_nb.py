"""The PIMC player (perfect-information Monte Carlo): templates bound to each game.

Every function here is a *template*, like those of ``sim/search/solve_nb.py``:
``sim/search/pimc.py`` binds them to a game's step module, its PIMC hooks and a
rollout policy (for ``strategies/pimc.py``, which makes the player) and
compiles ``pimc_decide_nb`` with the strategy ABI's signature, so the engine
seats it like any user's player (called at its address, ``sim/call_nb.py``). It
reads its observation and nothing else.

A decision: draw ``worlds`` deals of the cards the player cannot see, uniformly
among those consistent with its observation (the game's belief and
``sim/search/sample_nb.py``); in each world take every legal action in turn and
play the deal on to its end, every seat by the *rollout* policy (the family's
heuristic, or the random player), until the seat to act holds ``exact_cards``
cards or fewer; from there an exact search with every card in view
(:func:`pimc_exact_nb`) values the rest. The action with the best total of the
player's deal score wins (the first in the legal order on a tie). Bids, trump
choices and every other decision are valued the same way: the deal is played on
under each option.

Common random numbers: in a world, the rollouts of every action start from the
same random state, so two actions are compared on the same luck, not on
different draws (fewer worlds for the same separation).

The exact search is a plain alpha-beta over the deal's own score for the player
(``pimc_score_nb``), the player's side (``pimc_side_nb``: itself, or its team)
maximising and every other seat minimising it: in Wizard the one-against-the-rest
view of a game where each seat scores for itself
(Wizard's bids make the score non-monotone in tricks, so the tricks solver's
bounds do not apply). It searches every legal card: it runs only on the last
few cards of a deal (``exact_cards``: at most 8, the depth of its stack).

What a game supplies besides its steps (``legal_now_nb``, ``actions_of_nb``,
``apply_action_nb``, ``deal_over_nb``, ``observe_nb``, ``new_state_nb``) and its
heuristic (``heuristic_nb`` with ``ROLLOUT_PARAMS``):

* ``pimc_cfg_nb(obs)``: the rule settings the observation carries, as ``cfg``;
* ``pimc_legal_nb(obs)``: the legal set (two words) of the observation;
* ``pimc_state_nb(obs, cfg, st)``: the public state of the observation into ``st``;
* ``pimc_plan_nb(obs, cfg)``: the sampler's plan of the hidden cards, ``(plan,
  counts, cards, holder_seat)`` (``counts[0]``: how many worlds);
* ``pimc_world_nb(plan, counts, cards, holder_seat, obs, st, hands, rng, holder)``:
  one world into ``hands`` (the player's own hand from ``obs``), and into ``st`` what
  of the state follows from it (a hidden partner, a hidden dog); False if none;
* ``pimc_fit_nb(st, hands, obs, cfg)``: what the state holds of a world's hands (its
  private slots: Jass's melds), written into ``st`` after each world is drawn;
  optional (the default below does nothing);
* ``pimc_score_nb(st, cfg, seat)``: the seat's score of the deal, at its end (its
  team's, where seats play in teams);
* ``pimc_side_nb(st, hands, seat)``: the seats that play for that score in a world
  (a bit a seat: the seat alone, or its team; a hidden partner is the world's), read
  where the exact search starts (the teams may form during the deal: a bid);
* ``pimc_cards_left_nb(st, hands)``: the cards the seat to act holds in the card
  play (a large number before it).
"""
import numpy as np
from numba import njit

from ..rng_nb import next_u64, splitmix_nb
from ..kit_nb import random_choice2_nb

# the params row (strategies/abi.py): what the player's ``[name=value]`` sets
P_WORLDS = 0        # deals sampled per decision
P_EXACT = 1         # the exact search takes over at this many cards in the hand to act
P_ROLLOUT = 2       # the rollout policy: 0 the random player, 1 the family's heuristic
NAMES = ("worlds", "exact_cards", "rollout")
DEFAULTS = (24.0, 2.0, 1.0)
RANGES = ((1.0, 4096.0), (0.0, 8.0), (0.0, 1.0))
DOCS = ("deals of the unseen cards sampled per decision (the sample budget)",
        "cards in the hand to act from which an exact search values the rest",
        "the rollout policy before that: 0 random, 1 the family's heuristic")
BIG = 1 << 40
MAX_ACTIONS = 256   # the most legal actions of a decision (Differenzler predicts 0 ... 157)
MAX_PLY = 72        # rows of the exact search's stack: (8 cards + 1) x 7 seats, and the root
# the exact search's frame a ply (``fr``): moves, the next to try, the window, the best, who acts
F_N = 0
F_I = 1
F_ALPHA = 2
F_BETA = 3
F_BEST = 4
F_MAX = 5
F_SIZE = 6


def pimc_apply_nb(st, hands, cfg, action):
    """``action`` taken: the game's step, a call (see ``PIMC``)."""
    apply_action_nb(st, hands, cfg, action)


def pimc_exact_nb(st0, hands0, cfg, me, side, S, H, M, fr):
    """The deal score ``me`` secures from (``st0``, ``hands0``) on, every card in view,
    the seats of ``side`` (a bit a seat: ``me`` and its partners) maximising and every
    other seat minimising it: alpha-beta on an explicit
    stack (ply ``d`` in row ``d`` of ``S``, ``H``, ``M``, ``fr``; nothing allocated a
    node). Not recursive: numba's cache does not link a cached caller to a
    recursive function (the call went to address 0)."""
    S[0, :] = st0
    H[0, :] = hands0
    fr[0, F_ALPHA] = -BIG
    fr[0, F_BETA] = BIG
    d = 0
    v = 0
    down = True
    while True:
        if down:
            if deal_over_nb(S[d]):
                v = pimc_score_nb(S[d], cfg, me)
                down = False
            else:
                lo, hi = legal_now_nb(S[d], H[d], cfg)
                fr[d, F_N] = actions_of_nb(S[d, PHASE], lo, hi, M[d])
                fr[d, F_I] = 0
                fr[d, F_MAX] = (side >> S[d, SEAT]) & 1
                fr[d, F_BEST] = -BIG if fr[d, F_MAX] == 1 else BIG
        if not down:
            # ``v`` is node d's value: into its parent's
            if d == 0:
                return v
            d -= 1
            if fr[d, F_MAX] == 1:
                fr[d, F_BEST] = max(fr[d, F_BEST], v)
                fr[d, F_ALPHA] = max(fr[d, F_ALPHA], v)
            else:
                fr[d, F_BEST] = min(fr[d, F_BEST], v)
                fr[d, F_BETA] = min(fr[d, F_BETA], v)
            if fr[d, F_ALPHA] >= fr[d, F_BETA] or fr[d, F_I] == fr[d, F_N]:
                v = fr[d, F_BEST]       # a cut, or every move tried: node d is decided
                continue
            down = True
        # the next move of node d: its child is row d + 1, with d's window
        i = fr[d, F_I]
        fr[d, F_I] = i + 1
        S[d + 1, :] = S[d, :]
        H[d + 1, :] = H[d, :]
        pimc_apply_nb(S[d + 1], H[d + 1], cfg, M[d, i])
        fr[d + 1, F_ALPHA] = fr[d, F_ALPHA]
        fr[d + 1, F_BETA] = fr[d, F_BETA]
        d += 1


def pimc_value_nb(st, hands, cfg, me, heuristic_params, exact_cards, rollout, rng, obs, S, H, M,
                  fr):
    """``me``'s deal score after playing on from (``st``, ``hands``): the rollout policy
    until the seat to act holds ``exact_cards`` cards, the exact search from there
    (``S``, ``H``, ``M``, ``fr``: its stack)."""
    while not deal_over_nb(st):
        if pimc_cards_left_nb(st, hands) <= exact_cards:
            return pimc_exact_nb(st, hands, cfg, me, pimc_side_nb(st, hands, me), S, H, M, fr)
        lo, hi = legal_now_nb(st, hands, cfg)
        draw = np.int64(next_u64(rng) >> np.uint64(1))
        if rollout == 0:
            action = random_choice2_nb(np.uint64(lo), np.uint64(hi), draw)
        else:
            action = heuristic_nb(observe_nb(obs, st, hands, cfg, st[SEAT], lo, hi, draw, True),
                                  heuristic_params)
        pimc_apply_nb(st, hands, cfg, action)
    return pimc_score_nb(st, cfg, me)


def pimc_values_nb(obs, params, moves, n, totals):
    """Each legal action's total score over the worlds into ``totals``; the worlds drawn
    (0 when no deal fits the observation)."""
    worlds = max(1, np.int64(params[P_WORLDS]))
    exact_cards = np.int64(params[P_EXACT])
    rollout = np.int64(params[P_ROLLOUT])
    cfg = pimc_cfg_nb(obs)
    me = obs[SEAT]
    # the decision's own stream, from its draw: deterministic for a seed, like every player
    rng = np.empty(4, dtype=np.uint64)
    x = np.uint64(obs[RANDOM_SLOT])
    for i in range(4):
        x = splitmix_nb(x)
        rng[i] = x
    st0, hands0 = new_state_nb(cfg)
    pimc_state_nb(obs, cfg, st0)
    plan, counts, cards, holder_seat = pimc_plan_nb(obs, cfg)
    if not counts[0] > 0:
        return 0
    holder = np.zeros(cards.shape[0], dtype=np.int64)
    S = np.zeros((MAX_PLY, st0.shape[0]), dtype=np.int64)
    H = np.zeros((MAX_PLY, hands0.shape[0]), dtype=np.uint64)
    M = np.zeros((MAX_PLY, 128), dtype=np.int64)
    fr = np.zeros((MAX_PLY, F_SIZE), dtype=np.int64)
    work = np.empty(ROLLOUT_OBS_SIZE, dtype=np.int64)
    luck = np.empty(4, dtype=np.uint64)
    for i in range(n):
        totals[i] = 0.0
    for w in range(worlds):
        pimc_world_nb(plan, counts, cards, holder_seat, obs, st0, hands0, rng, holder)
        pimc_fit_nb(st0, hands0, obs, cfg)
        for j in range(4):
            luck[j] = next_u64(rng)
        for i in range(n):
            st = st0.copy()
            hands = hands0.copy()
            stream = luck.copy()        # every action's rollouts on the same luck
            pimc_apply_nb(st, hands, cfg, moves[i])
            totals[i] += pimc_value_nb(st, hands, cfg, me, ROLLOUT_PARAMS, exact_cards, rollout,
                                       stream, work, S, H, M, fr)
    return worlds


def pimc_decide_nb(obs, params):
    """The PIMC player's decision (the strategy ABI: ``obs``, ``params`` -> action)."""
    lo, hi = pimc_legal_nb(obs)
    moves = np.empty(MAX_ACTIONS, dtype=np.int64)
    n = actions_of_nb(obs[PHASE], lo, hi, moves)
    if n == 1:
        return moves[0]
    totals = np.zeros(n, dtype=np.float64)
    pimc_values_nb(obs, params, moves, n, totals)
    best = 0
    for i in range(1, n):
        if totals[i] > totals[best]:
            best = i
    return moves[best]


@njit(cache=True, inline="always")
def pimc_fit_nb(st, hands, obs, cfg):
    """The default hook: a state that holds nothing of the hands needs nothing written."""
    return


# The templates and how each is compiled (``sim.binding.bind``), in the order of binding.
# A step is a call: inlined, Beim Jupiter's step cost ~8 s of compiling at each of the three
# sites (the exact search, the rollout, each action's first step), and the conformance
# harness compiles the player once more; the exact search runs on the last two cards by
# default, where a call a node is lost in the noise.
PIMC = (("pimc_apply_nb", {}), ("pimc_exact_nb", {}), ("pimc_value_nb", {}), ("pimc_values_nb", {"nogil": True}),
        ("pimc_decide_nb", {"nogil": True}))
# The names the templates read from the game.
PIMC_HOOKS = ("SEAT", "PHASE", "RANDOM_SLOT", "ROLLOUT_OBS_SIZE", "ROLLOUT_PARAMS", "new_state_nb",
              "legal_now_nb", "actions_of_nb", "apply_action_nb", "deal_over_nb", "observe_nb",
              "heuristic_nb", "pimc_cfg_nb", "pimc_legal_nb", "pimc_state_nb", "pimc_plan_nb",
              "pimc_world_nb", "pimc_score_nb", "pimc_side_nb", "pimc_cards_left_nb")
