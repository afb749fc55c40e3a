"""French Tarot for the PIMC player (``sim/search/pimc_nb.py``): the belief and the hooks.

What a seat ``me`` knows (its observation, ``sim/games/tarot/obs.py``): its hand, the bids,
the called card, the cards played, who won each trick's points (``PILES``), the voids each
seat showed (``VOIDS``, ``TRUMP_CAP``), the dog once shown (``DOG_SHOWN``: after a Take or
a Guard), the trumps the taker had to discard (``SHOWN``) and, for the taker, his discard.

The hidden cards are the pack less ``me``'s hand, the cards played (completed tricks and the
trick in progress) and what ``me`` saw of the dog and discard. Their holders
(``sim/search/sample_nb.py`` deals them uniformly over every consistent deal):

* every other seat, holding the tricks still to play (less one when it has played to the
  trick in progress); it holds no card of a suit it showed void in, no trump once it
  showed none, no trump above its ``TRUMP_CAP`` (a lower trump where it had to overtrump:
  the rules' ``legal_play``, as :func:`shows_nb` reads it off);
* the *dog* (any card), while it is unseen: before the bids end, and under a Guard Without
  or Against (then the taker does not see it either);
* the *discard*, to all but the taker once the dog was shown: suit cards but Kings only (the
  rules' ``discardable``; a trump discarded is shown, so it is not hidden). The dog's cards
  are the taker's or the discard's: no other seat holds one. A trump shown means the taker
  had no suit card but Kings left: he holds none.

A handful's level is public but the belief does not use it (``docs/tarot_players.md``).

A world's state (:func:`pimc_world_nb`): the dog or discard drawn; in 5 players the partner
is the holder of the called card in that world (until it is played: ``CALLED_SEAT``); the
taker's side's points, oudlers and tricks are summed from each seat's pile, the discard
and the Excuse's exchange, as the rules count them (``play_nb._close_trick``).

Sides (:func:`pimc_side_nb`): the taker and his partner against the defenders. Every
defender's settlement is the same number (minus the deal's score, ``rules_nb.settle``)
and the taker's and partner's are positive multiples of it: each camp maximises one
quantity, so the exact search is a two-camp minimax.

Why here and not in ``sim/games/tarot/``: see ``belief_nb``.
"""
import numpy as np
from numba import njit

from sim.bits_nb import popcount
from sim.kit_nb import CFG_PLAYERS
from sim.games.tarot import obs as O
from sim.games.tarot.cards import HALF_POINTS
from sim.games.tarot.cfg import CFG_DEALS, CFG_EXCHANGE, CFG_PETIT_SEC, CFG_SIZE
from sim.games.tarot.play_nb import score_nb
from sim.games.tarot.rules_nb import (DOG_CARDS, EXCHANGE_FFT, EXCUSE, GUARD_WITHOUT, KINGS_LO,
                                    LEAD_TRUMP, ONE, SUITS_LO, TRUMP_1, TRUMP_21, ZERO, legal_play)
from sim.games.tarot.step_nb import HAND_WORDS
from sim.search.sample_nb import MAX_HOLDERS, plan_nb, sample_nb
from . import tarot_nb
from .abi import N_PARAMS

MS = O.MAX_SEATS
PLACE = -1          # the holder that is no seat: the dog, or the discard
PLACE_WORD = 2 * MS     # ``hands``' room after the seats (play_nb.HAND_WORDS): the place drawn
RANDOM_SLOT = O.RANDOM
ROLLOUT_OBS_SIZE = O.OBS_SIZE
# the rollout policy's params: the heuristic's defaults
ROLLOUT_PARAMS = np.zeros(N_PARAMS, dtype=np.float64)
ROLLOUT_PARAMS[:len(tarot_nb.DEFAULTS)] = tarot_nb.DEFAULTS
PLAIN_LO = SUITS_LO & ~KINGS_LO     # what a discard may hide: suit cards but Kings
assert HAND_WORDS >= PLACE_WORD + 2


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
def shows_nb(card, lead, best_trump):
    """(void bits, trump cap) shown by playing ``card`` to a trick asking ``lead`` with
    ``best_trump`` its highest trump, read off the rules' ``legal_play``: the card would be
    illegal beside a card of the suit led (void: bit ``lead``), beside any trump (bit 4), or
    beside a trump above ``best_trump`` (cap: no trump above it). Cap 76: nothing shown."""
    void = 0
    cap = TRUMP_21
    if lead < 0:
        return void, cap
    c_lo, c_hi = _set_of(card)
    if lead < LEAD_TRUMP:
        probe = lead * 14 if card != lead * 14 else lead * 14 + 1
        p_lo, p_hi = _set_of(probe)
        lo, hi = legal_play(c_lo | p_lo, c_hi | p_hi, lead, best_trump)
        if not _has(lo, hi, card):
            void |= 1 << lead
    if lead == LEAD_TRUMP or void != 0:      # no card of the suit asked: trumps are next
        low = TRUMP_1 if card != TRUMP_1 else TRUMP_1 + 1
        p_lo, p_hi = _set_of(low)
        lo, hi = legal_play(c_lo | p_lo, c_hi | p_hi, lead, best_trump)
        if not _has(lo, hi, card):
            void |= 1 << LEAD_TRUMP
        elif best_trump >= 0 and best_trump < TRUMP_21 and card != TRUMP_21:
            p_lo, p_hi = _set_of(TRUMP_21)
            lo, hi = legal_play(c_lo | p_lo, c_hi | p_hi, lead, best_trump)
            if not _has(lo, hi, card):
                cap = best_trump
    return void, cap


@njit(cache=True)
def belief_nb(obs, cards, allowed, need, holder_seat):
    """What the observing seat knows of the hidden cards: the hidden cards into ``cards``, the
    holders each may be with into ``allowed``, each holder's count into ``need`` and its seat
    into ``holder_seat`` (``PLACE`` for the dog or discard). Returns (hidden cards, holders)."""
    n = obs[O.N_PLAYERS]
    me = obs[O.SEAT]
    taker = obs[O.TAKER]
    seen_lo = np.uint64(obs[O.HAND]) | np.uint64(obs[O.PLAYED])
    seen_hi = np.uint64(obs[O.HAND + 1]) | np.uint64(obs[O.PLAYED_HI])
    for i in range(obs[O.TRICK_N]):
        c_lo, c_hi = _set_of(obs[O.TRICK_CARDS + i])
        seen_lo |= c_lo
        seen_hi |= c_hi
    dog_lo = np.uint64(obs[O.DOG_SHOWN])
    dog_hi = np.uint64(obs[O.DOG_SHOWN + 1])
    dog_seen = dog_lo != ZERO or dog_hi != ZERO
    shown_lo = np.uint64(obs[O.SHOWN])
    shown_hi = np.uint64(obs[O.SHOWN + 1])
    k = 0
    for i in range(1, n):
        s = (me + i) % n
        holder_seat[k] = s
        played_now = (s - obs[O.TRICK_LEADER]) % n < obs[O.TRICK_N]
        need[k] = obs[O.N_TRICKS] - obs[O.TRICK_NO] - (1 if played_now else 0)
        k += 1
    place = -1          # the place's holder index (-1 none); its cards: any, or plain only
    plain_only = False
    if dog_seen and me == taker:                 # he made the discard: nothing else hidden
        seen_lo |= np.uint64(obs[O.DISCARD])
        seen_hi |= np.uint64(obs[O.DISCARD + 1])
    elif dog_seen:
        seen_lo |= shown_lo
        seen_hi |= shown_hi
        left = DOG_CARDS[n - 3] - obs[O.DISCARD_LEFT] - popcount(shown_lo) - popcount(shown_hi)
        if left > 0:
            place = k
            plain_only = True
            holder_seat[k] = PLACE
            need[k] = left
            k += 1
    else:
        place = k
        holder_seat[k] = PLACE
        need[k] = DOG_CARDS[n - 3]
        k += 1
    no_plain = (shown_lo | shown_hi) != ZERO     # the taker discarded a trump: no plain card left
    h = 0
    for card in range(78):
        if _has(seen_lo, seen_hi, card):
            continue
        plain = card < 56 and (PLAIN_LO >> np.uint64(card)) & ONE != ZERO
        in_dog = dog_seen and _has(dog_lo, dog_hi, card)
        mask = 0
        for t in range(n - 1):
            s = holder_seat[t]
            ok = True
            if card < 56:
                ok = (obs[O.VOIDS + s] >> (card // 14)) & 1 == 0
                if s == taker and no_plain and plain:
                    ok = False
            elif card < EXCUSE:
                ok = (obs[O.VOIDS + s] >> LEAD_TRUMP) & 1 == 0 and card <= obs[O.TRUMP_CAP + s]
            if in_dog and s != taker:
                ok = False
            if ok:
                mask |= 1 << t
        if place >= 0 and (plain or not plain_only):
            mask |= 1 << place
        cards[h] = card
        allowed[h] = mask
        h += 1
    return h, k


@njit(cache=True, nogil=True)
def world_plan_nb(obs):
    """(plan, counts, cards, holder_seat): the sampler's plan of what the observing seat knows
    (:func:`belief_nb`); ``counts[0]`` is the number of worlds, 0 if none fits."""
    cards = np.zeros(78, dtype=np.int64)
    allowed = np.zeros(78, dtype=np.int64)
    need = np.zeros(MAX_HOLDERS, dtype=np.int64)
    holder_seat = np.zeros(MAX_HOLDERS, dtype=np.int64)
    h, k = belief_nb(obs, cards, allowed, need, holder_seat)
    plan, counts = plan_nb(allowed[:h], need[:k])
    return plan, counts, cards[:h].copy(), holder_seat[:k].copy()


@njit(cache=True, inline="always")
def _points(lo, hi):
    """(half-points, oudlers) of a two-word set."""
    total = 0
    oudlers = 0
    for card in range(78):
        if _has(lo, hi, card):
            total += HALF_POINTS[card]
            oudlers += card == TRUMP_1 or card == TRUMP_21 or card == EXCUSE
    return total, oudlers


@njit(cache=True)
def settle_world_nb(st, hands):
    """Into ``st`` (the observation's public state, ``pimc_state_nb``) what follows from a world
    (``hands``, the place drawn in ``hands[PLACE_WORD:]``): the dog or discard, the partner and
    the taker's side's tallies."""
    n = st[O.N_PLAYERS]
    taker = st[O.TAKER]
    me = st[O.SEAT]
    dog_seen = st[O.DOG_SHOWN] != 0 or st[O.DOG_SHOWN + 1] != 0
    if dog_seen:
        st[O.DOG] = st[O.DOG_SHOWN]
        st[O.DOG + 1] = st[O.DOG_SHOWN + 1]
        if me != taker:
            st[O.DISCARD] = st[O.SHOWN] | np.int64(hands[PLACE_WORD])
            st[O.DISCARD + 1] = st[O.SHOWN + 1] | np.int64(hands[PLACE_WORD + 1])
    else:
        st[O.DOG] = np.int64(hands[PLACE_WORD])
        st[O.DOG + 1] = np.int64(hands[PLACE_WORD + 1])
    st[O.PARTNER] = -1
    called = st[O.CALLED]
    if called >= 0:         # the call is made: the partner holds (or played) the called card
        if st[O.CALLED_SEAT] >= 0:
            st[O.PARTNER] = st[O.CALLED_SEAT] if st[O.CALLED_SEAT] != taker else -1
        else:
            for s in range(n):
                if s != taker and _has(hands[2 * s], hands[2 * s + 1], called):
                    st[O.PARTNER] = s
    if taker < 0 or st[O.PHASE] <= O.PHASE_CALL:
        return          # the dog is not taken yet: nothing counted for a side
    partner = st[O.PARTNER]
    hp = 0
    oud = 0
    tricks = 0
    for s in range(n):
        if s == taker or s == partner:
            hp += st[O.PILES + s]
            oud += st[O.PILE_OUDLERS + s]
            tricks += st[O.TRICKS + s]
    if 0 <= st[O.EXCUSE_TRICK] < st[O.TRICK_NO]:     # kept by its owner's side (not the last)
        owner = st[O.EXCUSE_SEAT]
        won = st[O.EXCUSE_WINNER]
        owner_side = owner == taker or owner == partner
        won_side = won == taker or won == partner
        swap = 1 if (st[O.EXCHANGE] == EXCHANGE_FFT and owner_side != won_side) else 0
        if owner_side:
            hp += 9 - swap
            oud += 1
        elif won_side:
            hp += swap
    if st[O.CONTRACT] == GUARD_WITHOUT:
        d_hp, d_oud = _points(np.uint64(st[O.DOG]), np.uint64(st[O.DOG + 1]))
        hp += d_hp
        oud += d_oud
    elif st[O.CONTRACT] < GUARD_WITHOUT:
        d_hp, d_oud = _points(np.uint64(st[O.DISCARD]), np.uint64(st[O.DISCARD + 1]))
        hp += d_hp
    st[O.TAKER_HP] = hp
    st[O.TAKER_OUDLERS] = oud
    st[O.TAKER_TRICKS] = tricks
    won = st[O.PETIT_WINNER]
    st[O.PETIT_SIDE] = 1 if won >= 0 and (won == taker or won == partner) else 0


# -- the hooks ------------------------------------------------------------------------------------
@njit(cache=True)
def pimc_cfg_nb(obs):
    cfg = np.zeros(CFG_SIZE, dtype=np.int64)
    cfg[CFG_PLAYERS] = obs[O.N_PLAYERS]
    cfg[CFG_PETIT_SEC] = obs[O.PETIT_SEC_RULE]
    cfg[CFG_EXCHANGE] = obs[O.EXCHANGE]
    cfg[CFG_DEALS] = 1
    return cfg


@njit(cache=True, inline="always")
def pimc_legal_nb(obs):
    return obs[O.LEGAL], obs[O.LEGAL + 1]


@njit(cache=True)
def pimc_state_nb(obs, cfg, st):
    """The public state: the observation's slots (the private ones are the world's)."""
    for i in range(st.shape[0]):
        st[i] = 0
    for i in range(O.OBS_SIZE):
        st[i] = obs[i]
    st[O.PARTNER] = -1


@njit(cache=True)
def pimc_plan_nb(obs, cfg):
    return world_plan_nb(obs)


@njit(cache=True)
def pimc_world_nb(plan, counts, cards, holder_seat, obs, st, hands, rng, holder):
    if not sample_nb(plan, counts, rng, holder):
        return False
    for i in range(HAND_WORDS):
        hands[i] = ZERO
    me = obs[O.SEAT]
    hands[2 * me] = np.uint64(obs[O.HAND])
    hands[2 * me + 1] = np.uint64(obs[O.HAND + 1])
    for i in range(cards.shape[0]):
        s = holder_seat[holder[i]]
        card = cards[i]
        word = PLACE_WORD if s == PLACE else 2 * s
        hands[word + (card >> 6)] |= ONE << np.uint64(card & 63)
    settle_world_nb(st, hands)
    return True


@njit(cache=True, inline="always")
def pimc_score_nb(st, cfg, seat):
    """The seat's settlement of the deal (``rules_nb.settle``); 0 for a deal all passed."""
    if st[O.ANNULLED] != 0:
        return 0
    made, margin, score = score_nb(st)
    n = st[O.N_PLAYERS]
    taker = st[O.TAKER]
    partner = st[O.PARTNER]
    if seat == taker:
        if partner >= 0 and partner != taker:
            return (n - 3) * score
        return (n - 1) * score
    if seat == partner:
        return score
    return -score


@njit(cache=True, inline="always")
def pimc_side_nb(st, hands, seat):
    """The seat's camp: the taker and his partner (the world's), or the defenders."""
    n = st[O.N_PLAYERS]
    taker = st[O.TAKER]
    if taker < 0:
        return np.int64(1) << seat
    camp = np.int64(1) << taker
    if st[O.PARTNER] >= 0:
        camp |= np.int64(1) << st[O.PARTNER]
    if (camp >> seat) & 1:
        return camp
    return ((np.int64(1) << n) - 1) & ~camp


@njit(cache=True, inline="always")
def pimc_cards_left_nb(st, hands):
    if st[O.PHASE] != O.PHASE_PLAY:
        return 1 << 20
    seat = st[O.SEAT]
    return popcount(hands[2 * seat]) + popcount(hands[2 * seat + 1])
