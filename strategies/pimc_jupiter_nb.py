"""Beim Jupiter for the PIMC player (``sim/search/pimc_nb.py``): the belief and the hooks.

What a seat ``me`` knows (its observation, ``sim/games/jupiter/obs.py``): its hand, the
round's pack (``PACK``: the game's pack less every card laid out in an earlier round), the
layouts once turned up, the bids and locks, the cards played, the table, the cards taken, the
cards each seat showed it does not hold (``VOIDS``) and the rules (``TRUMP_RULE``,
``ORPHANS``).

The hidden cards are the pack less ``me``'s hand, the cards played (completed tricks and the
trick in progress) and the layouts turned up. Their holders (``sim/search/sample_nb.py``
deals them uniformly over every consistent deal):

* every other seat's hand, holding the tricks still to play (less one when it has played to
  the trick in progress; one more while it has not laid out), and none of the cards it showed
  it does not hold: a card that neither follows the colour led (with trumps led: is a trump)
  nor is a lamb is legal only without any of those (the rules' ``legal_cards``, as
  :func:`shows_barred_nb` reads it off; the tests hold ``VOIDS`` to it);
* in the layout phase, the card each seat that has laid out lies face down: a numbered colour
  card (``LAID_HOLDER`` + its seat);
* with 3 and 4 players, the card left over unseen (any card: ``UNSEEN_HOLDER``).

A hand without a numbered colour card is dealt again (the rules' redeal), so every hand as
dealt holds one: a seat that has laid out showed it; one that has not holds one still. That
is not a per-card fact: in the layout phase a drawn world is kept only if every seat still to
lay out holds a numbered colour card, which keeps the draw uniform among the consistent deals;
after ``REDEAL_TRIES`` rejections the last draw is kept (a bounded cost: such a hand is rare,
and a world off in it only differs in one seat's layout).

**The score** (``pimc_score_nb``): the victory points the seat wins this round, the numbers on
the cards it takes at the allocation and a zero-trick card won back (``round_nb
.round_points_nb``), the deal's own score. Each seat scores for itself, so the side
(``pimc_side_nb``) is the seat alone: the exact search is one seat against the rest, as in
Wizard. Later rounds depend on this one (the cards left beside the counters decide later trumps
and are won later, the orphaned counter, the zero-trick card spent), but the value is this
round's points only: the rest of the game is not searched, and the cards a round leaves on the
table are open to every seat alike.

The allocation is valued by the exact search (``pimc_cards_left_nb`` is 0 there: every card in
view, nothing hidden matters), the layouts and bids by playing the round on.

Why here and not in ``sim/games/jupiter/``: see ``belief_nb``.
"""
import numpy as np
from numba import njit

from sim.bits_nb import popcount
from sim.kit_nb import CFG_PLAYERS
from sim.games.jupiter import obs as O
from sim.games.jupiter.cfg import CFG_ORPHANS, CFG_ROUNDS, CFG_SIZE, CFG_TRUMP_RULE
from sim.games.jupiter.info import ROUNDS
from sim.games.jupiter.round_nb import HAND_WORDS, MAX_SEATS, round_points_nb
from sim.games.jupiter.rules_nb import NUMBERED, ONE, ZERO, action_card, legal_cards
from sim.search.sample_nb import MAX_HOLDERS, plan_nb, sample_nb
from . import jupiter_nb
from .abi import N_PARAMS

N_IDS = 65
UNSEEN_HOLDER = -1      # the holder that is no seat: the card left over unseen
LAID_HOLDER = 16        # LAID_HOLDER + s: the card seat s laid out face down
RANDOM_SLOT = O.RANDOM
ROLLOUT_OBS_SIZE = O.OBS_SIZE
# the rollout policy's params: the heuristic's defaults
ROLLOUT_PARAMS = np.zeros(N_PARAMS, dtype=np.float64)
ROLLOUT_PARAMS[:len(jupiter_nb.DEFAULTS)] = jupiter_nb.DEFAULTS
# draws of a world before one with a hand still to lay out and no numbered card is kept anyway
REDEAL_TRIES = 64


@njit(cache=True, inline="always")
def _has(lo, hi, card):
    word = lo if card < 64 else hi
    return (np.uint64(word) >> np.uint64(card & 63)) & ONE != ZERO


@njit(cache=True, inline="always")
def _set_of(card):
    """The two-word set of one card."""
    if card < 64:
        return ONE << np.uint64(card), ZERO
    return ZERO, ONE << np.uint64(card - 64)


@njit(cache=True)
def shows_barred_nb(action, lead, trump):
    """The cards (two words) that playing ``action`` to a trick asking ``lead`` (before the
    card; -1 nothing yet) under ``trump`` shows its player did not hold, read off the rules'
    ``legal_cards``: a card ``c`` is ruled out when the card played is not legal beside it.
    (Each condition of ``legal_cards`` is one on every card of the hand — hold none of the
    colour led, or of the trumps — so the pairs tell the whole of it.)"""
    card = action_card(action)
    c_lo, c_hi = _set_of(card)
    out_lo = ZERO
    out_hi = ZERO
    for c in range(N_IDS):
        if c == card:
            continue
        p_lo, p_hi = _set_of(c)
        lo, hi = legal_cards(c_lo | p_lo, c_hi | p_hi, lead, trump)
        if not _has(lo, hi, card):
            out_lo |= p_lo
            out_hi |= p_hi
    return out_lo, out_hi


@njit(cache=True, inline="always")
def _laid(obs, s):
    """True when seat ``s`` has laid out this round (layouts go in turn from ``START``)."""
    n = obs[O.N_PLAYERS]
    return obs[O.PHASE] != O.PHASE_LAYOUT or (s - obs[O.START]) % n < obs[O.LAID_N]


@njit(cache=True)
def belief_nb(obs, cards, allowed, need, holder_seat):
    """What the observing seat knows of the hidden cards: the hidden cards into ``cards``,
    the holders each may be with into ``allowed`` (a bit a holder), each holder's count into
    ``need`` and what it is into ``holder_seat`` (a seat's hand, ``LAID_HOLDER`` + a seat,
    or ``UNSEEN_HOLDER``). Returns (hidden cards, holders)."""
    n = obs[O.N_PLAYERS]
    me = obs[O.SEAT]
    seen_lo = np.uint64(obs[O.HAND]) | np.uint64(obs[O.PLAYED])
    seen_hi = np.uint64(obs[O.HAND + 1]) | np.uint64(obs[O.PLAYED_HI])
    for i in range(obs[O.TRICK_N]):
        c_lo, c_hi = _set_of(action_card(obs[O.TRICK_CARDS + i]))
        seen_lo |= c_lo
        seen_hi |= c_hi
    for s in range(n):
        if obs[O.LAYOUTS + s] >= 0:
            seen_lo |= ONE << np.uint64(obs[O.LAYOUTS + s])
    hidden_lo = np.uint64(obs[O.PACK]) & ~seen_lo
    hidden_hi = np.uint64(obs[O.PACK + 1]) & ~seen_hi
    layout = obs[O.PHASE] == O.PHASE_LAYOUT
    k = 0
    for i in range(1, n):
        s = (me + i) % n
        holder_seat[k] = s
        played_now = (s - obs[O.TRICK_LEADER]) % n < obs[O.TRICK_N]
        need[k] = obs[O.N_TRICKS] - obs[O.TRICK_NO] - (1 if played_now else 0) \
            + (0 if _laid(obs, s) else 1)
        k += 1
    seats = k
    if layout:
        for i in range(1, n):
            s = (me + i) % n
            if _laid(obs, s):
                holder_seat[k] = LAID_HOLDER + s
                need[k] = 1
                k += 1
    if n < MAX_SEATS:
        holder_seat[k] = UNSEEN_HOLDER
        need[k] = 1
        k += 1
    h = 0
    for card in range(N_IDS):
        if not _has(hidden_lo, hidden_hi, card):
            continue
        mask = 0
        for t in range(seats):
            voids = np.uint64(obs[O.VOIDS + holder_seat[t]])
            if card >= 64 or (voids >> np.uint64(card)) & ONE == ZERO:
                mask |= 1 << t
        numbered = card < 64 and (NUMBERED >> np.uint64(card)) & ONE != ZERO
        for t in range(seats, k):
            if holder_seat[t] == UNSEEN_HOLDER or numbered:
                mask |= 1 << t
        cards[h] = card
        allowed[h] = mask
        h += 1
    return h, k


@njit(cache=True, nogil=True)
def world_plan_nb(obs):
    """(plan, counts, cards, holder_seat): the sampler's plan of what the observing seat knows
    (:func:`belief_nb`); ``counts[0]`` is the number of worlds, 0 if none fits."""
    cards = np.zeros(N_IDS, dtype=np.int64)
    allowed = np.zeros(N_IDS, dtype=np.int64)
    need = np.zeros(MAX_HOLDERS, dtype=np.int64)
    holder_seat = np.zeros(MAX_HOLDERS, dtype=np.int64)
    h, k = belief_nb(obs, cards, allowed, need, holder_seat)
    plan, counts = plan_nb(allowed[:h], need[:k])
    return plan, counts, cards[:h].copy(), holder_seat[:k].copy()


@njit(cache=True)
def redeal_fits_nb(obs, hands):
    """True when every seat still to lay out holds a numbered colour card (as every hand dealt
    does: see the module)."""
    if obs[O.PHASE] != O.PHASE_LAYOUT:
        return True
    for s in range(obs[O.N_PLAYERS]):
        if not _laid(obs, s) and hands[2 * s] & NUMBERED == ZERO:
            return False
    return True


@njit(cache=True)
def sample_world_nb(plan, counts, cards, holder_seat, obs, st, hands, rng, holder):
    """One world into ``hands`` and the face-down layouts and unseen card into ``st``; False
    when no deal fits the observation."""
    me = obs[O.SEAT]
    for _ in range(REDEAL_TRIES):
        if not sample_nb(plan, counts, rng, holder):
            return False
        for i in range(HAND_WORDS):
            hands[i] = ZERO
        hands[2 * me] = np.uint64(obs[O.HAND])
        hands[2 * me + 1] = np.uint64(obs[O.HAND + 1])
        st[O.UNSEEN] = 0
        st[O.UNSEEN + 1] = 0
        for i in range(cards.shape[0]):
            who = holder_seat[holder[i]]
            card = cards[i]
            if who == UNSEEN_HOLDER:
                st[O.UNSEEN + (card >> 6)] |= np.int64(ONE << np.uint64(card & 63))
            elif who >= LAID_HOLDER:
                st[O.LAID + who - LAID_HOLDER] = card
            else:
                hands[2 * who + (card >> 6)] |= ONE << np.uint64(card & 63)
        if redeal_fits_nb(obs, hands):
            return True
    return True


# -- the hooks ------------------------------------------------------------------------------------
@njit(cache=True)
def pimc_cfg_nb(obs):
    cfg = np.zeros(CFG_SIZE, dtype=np.int64)
    cfg[CFG_PLAYERS] = obs[O.N_PLAYERS]
    cfg[CFG_TRUMP_RULE] = obs[O.TRUMP_RULE]
    cfg[CFG_ORPHANS] = obs[O.ORPHANS]
    cfg[CFG_ROUNDS] = ROUNDS
    return cfg


@njit(cache=True, inline="always")
def pimc_legal_nb(obs):
    return obs[O.LEGAL], obs[O.LEGAL + 1]


@njit(cache=True)
def pimc_state_nb(obs, cfg, st):
    """The public state: the observation's slots; the private ones as the round keeps them
    (the layouts face down and the unseen card are each world's)."""
    for i in range(st.shape[0]):
        st[i] = 0
    for i in range(O.OBS_SIZE):
        st[i] = obs[i]
    for s in range(obs[O.N_PLAYERS]):
        st[O.LAID + s] = obs[O.LAYOUTS + s]     # -1 until turned up
    st[O.REDEAL_SEAT] = -1


@njit(cache=True)
def pimc_plan_nb(obs, cfg):
    return world_plan_nb(obs)


@njit(cache=True)
def pimc_world_nb(plan, counts, cards, holder_seat, obs, st, hands, rng, holder):
    return sample_world_nb(plan, counts, cards, holder_seat, obs, st, hands, rng, holder)


@njit(cache=True, inline="always")
def pimc_score_nb(st, cfg, seat):
    """The victory points the seat won this round (see the module)."""
    return round_points_nb(st, seat)


@njit(cache=True, inline="always")
def pimc_side_nb(st, hands, seat):
    """Every seat scores for itself: the seat alone."""
    return np.int64(1) << seat


@njit(cache=True, inline="always")
def pimc_cards_left_nb(st, hands):
    """The cards of the seat to play; 0 at the allocation (the exact search takes it: every
    card in view), a large number before the play."""
    phase = st[O.PHASE]
    if phase == O.PHASE_TAKE:
        return 0
    if phase != O.PHASE_PLAY:
        return 1 << 20
    seat = st[O.SEAT]
    return popcount(hands[2 * seat]) + popcount(hands[2 * seat + 1])
