"""Auction Pitch for the PIMC player (``sim/search/pimc_nb.py``): the hooks, and the belief
of a seat about the cards it cannot see.

The observation is the deal's public state with the player's own hand
(``sim/games/pitch/obs.py``): its slots are the state's first ``OBS_SIZE``, so the public
state of a world is the observation copied; of the private slots, the hands as dealt
(``DEALT``: High and, under ``low_to=dealt``, Low go to the seat dealt them) follow from
each world (:func:`pimc_world_nb`), the rest start as a deal starts.

**What a seat knows of the hidden cards.** Only 24 of the 52 cards are dealt: the hidden
cards are the pack less its hand and every card played, each other seat holding 6 less
the cards it has played (``PLAYED_BY``) and the *stock* (the 28 cards not dealt, a holder
of its own) the rest: a card not seen may be out of play. A seat holds none of the cards
it showed it does not hold (``VOIDS``: read off the rules' legal cards, ``note_void_nb``
in ``sim/games/pitch/auction_rules_nb.py``; the tests hold them to :func:`shows_barred_nb`,
which probes ``legal_cards_nb`` itself): one may trump instead of following a plain suit,
so only a card of a third suit shows a void (of the suit led), and a non-trump to a trump
lead a void in trumps. The stock may hold any card. These are all per card, and
``sim/search/sample_nb.py`` draws the deals uniformly among them. Bids show nothing the
rules force (a pass or a bid is legal with any hand).

**The score** (``pimc_score_nb``): the seat's own change of game score in the deal, as
the rules score it (``score_change_nb``: its points of High, Low, Jack and Game, or minus
its bid when it pitched and was set back); when the deal ends the game (``winner_nb``: a
smudge, or 7 in the counting order), the points it still lacked of 7 are added if it won,
subtracted if another seat did: a game won is worth the points it would have needed, not
more. (A large bonus instead, as Jass's, made it gamble: in 40 duplicate boards against the
heuristic it smudged 143 times and made 6 %, and lost 1.6 a game of settlement (-2.0 to
-1.1); with the points lacked it gains 0.7 (+0.4 to +1.1).) Every seat scores for itself:
the side (``pimc_side_nb``) is the seat alone.

Why here and not in ``sim/games/pitch/``: see ``belief_nb``.
"""
import numpy as np
from numba import njit

from sim.bits_nb import bit, popcount
from sim.kit_nb import CFG_PLAYERS
from sim.games.pitch import obs as O
from sim.games.pitch.auction_rules_nb import (HAND_SIZE, N, TARGET, legal_cards_nb, score_change_nb,
                                           winner_nb)
from sim.games.pitch.cards import N_SUIT_CARDS
from sim.games.pitch.cfg import CFG_ALL_PASS, CFG_LOW_TO, CFG_SIZE
from sim.search.sample_nb import MAX_HOLDERS, plan_nb, sample_nb
from . import pitch_nb
from .abi import N_PARAMS

RANDOM_SLOT = O.RANDOM
ROLLOUT_OBS_SIZE = O.OBS_SIZE
# the rollout policy's params: the heuristic's defaults
ROLLOUT_PARAMS = np.zeros(N_PARAMS, dtype=np.float64)
ROLLOUT_PARAMS[:len(pitch_nb.DEFAULTS)] = pitch_nb.DEFAULTS
STOCK = N - 1           # the holder of the cards not dealt, after the three other seats
UNDEALT = N_SUIT_CARDS - N * HAND_SIZE


# --- the belief ----------------------------------------------------------------------------

@njit(cache=True, inline="always")
def shows_barred_nb(card, lead, trump):
    """The cards that playing ``card`` (to a trick with suit led ``lead``, -1 a lead) shows
    its player did not hold, read off the rules' legal cards: a card ``c`` is ruled out when
    ``card`` is not legal beside it (each condition of ``legal_cards_nb`` is one on every
    card of the hand, so the pairs tell the whole of it)."""
    out = np.uint64(0)
    one = bit(card)
    for c in range(N_SUIT_CARDS):
        if c != card and (legal_cards_nb(one | bit(c), lead, trump) & one) == 0:
            out |= bit(c)
    return out


@njit(cache=True)
def belief_nb(obs, cards, allowed, need, holder_seat):
    """What the seat to act (``obs[SEAT]``) knows of the hidden cards: the hidden cards into
    ``cards``, the holders each may be with into ``allowed`` (a bit a holder: the other
    seats from its left, then the stock), each holder's count into ``need`` and its seat
    into ``holder_seat`` (-1 the stock). Returns (hidden cards, holders)."""
    me = obs[O.SEAT]
    out = np.uint64(obs[O.HAND]) | np.uint64(obs[O.PLAYED])
    for i in range(obs[O.TRICK_N]):
        out |= bit(obs[O.TRICK_CARDS + i])
    for k in range(N - 1):
        s = (me + 1 + k) % N
        holder_seat[k] = s
        need[k] = HAND_SIZE - popcount(np.uint64(obs[O.PLAYED_BY + s]))
    holder_seat[STOCK] = -1
    need[STOCK] = UNDEALT
    h = 0
    for card in range(N_SUIT_CARDS):
        if (out >> np.uint64(card)) & np.uint64(1):
            continue
        mask = 1 << STOCK
        for k in range(N - 1):
            if not (obs[O.VOIDS + holder_seat[k]] >> card) & 1:
                mask |= 1 << k
        cards[h] = card
        allowed[h] = mask
        h += 1
    return h, N


@njit(cache=True, nogil=True)
def world_plan_nb(obs):
    """(plan, counts, cards, holder_seat): the sampler's plan of what the seat to act knows
    (:func:`belief_nb`); ``counts[0]`` is the number of deals, 0 if none fits."""
    cards = np.zeros(N_SUIT_CARDS, dtype=np.int64)
    allowed = np.zeros(N_SUIT_CARDS, dtype=np.int64)
    need = np.zeros(MAX_HOLDERS, dtype=np.int64)
    holder_seat = np.zeros(MAX_HOLDERS, dtype=np.int64)
    h, k = belief_nb(obs, cards, allowed, need, holder_seat)
    plan, counts = plan_nb(allowed[:h], need[:k])
    return plan, counts, cards[:h].copy(), holder_seat[:k].copy()


@njit(cache=True, nogil=True)
def sample_world_nb(plan, counts, cards, holder_seat, obs, hands, rng, holder):
    """One world into ``hands`` (a word a seat; the stock is not kept), uniform among the
    deals that fit the observation; False when none does."""
    if not sample_nb(plan, counts, rng, holder):
        return False
    for s in range(hands.shape[0]):
        hands[s] = np.uint64(0)
    for i in range(cards.shape[0]):
        s = holder_seat[holder[i]]
        if s >= 0:
            hands[s] |= bit(cards[i])
    hands[obs[O.SEAT]] = np.uint64(obs[O.HAND])
    return True


# --- the hooks -----------------------------------------------------------------------------

@njit(cache=True)
def pimc_cfg_nb(obs):
    cfg = np.zeros(CFG_SIZE, dtype=np.int64)
    cfg[CFG_PLAYERS] = N
    cfg[CFG_ALL_PASS] = obs[O.ALL_PASS_RULE]
    cfg[CFG_LOW_TO] = obs[O.LOW_TO_RULE]
    return cfg


@njit(cache=True, inline="always")
def pimc_legal_nb(obs):
    return obs[O.LEGAL], np.int64(0)


@njit(cache=True)
def pimc_state_nb(obs, cfg, st):
    """The public state; the private slots as a deal starts (the hands as dealt are each
    world's)."""
    for i in range(st.shape[0]):
        st[i] = 0
    for i in range(O.OBS_SIZE):
        st[i] = obs[i]
    st[O.HIGH_SEAT] = -1
    st[O.LOW_SEAT] = -1
    st[O.JACK_SEAT] = -1
    st[O.GAME_SEAT] = -1


@njit(cache=True)
def pimc_plan_nb(obs, cfg):
    return world_plan_nb(obs)


@njit(cache=True)
def pimc_world_nb(plan, counts, cards, holder_seat, obs, st, hands, rng, holder):
    """One world into ``hands``, and the hands as dealt into ``st`` (``DEALT``: the hands
    now and the cards each seat played)."""
    if not sample_world_nb(plan, counts, cards, holder_seat, obs, hands, rng, holder):
        return False
    for s in range(N):
        st[O.DEALT + s] = np.int64(hands[s]) | obs[O.PLAYED_BY + s]
    return True


@njit(cache=True)
def pimc_score_nb(st, cfg, seat):
    if st[O.REDEAL]:
        return 0            # every seat passed: dealt again, nothing scored
    value = score_change_nb(st, seat)
    winner, smudge = winner_nb(st)
    if winner >= 0:         # the game over: the points the seat lacked, won or lost
        short = max(0, TARGET - st[O.SCORES + seat] - value)
        value += short if winner == seat else -short
    return value


@njit(cache=True, inline="always")
def pimc_side_nb(st, hands, seat):
    """Every seat scores for itself: the seat alone."""
    return np.int64(1) << seat


@njit(cache=True, inline="always")
def pimc_cards_left_nb(st, hands):
    if st[O.PHASE] != O.PHASE_PLAY:
        return 1 << 20
    return popcount(hands[st[O.SEAT]])
