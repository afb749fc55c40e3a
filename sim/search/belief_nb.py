"""What a Wizard or Oh Hell seat may know of the hidden cards, and worlds drawn from it (numba).

A seat ``me`` knows its own hand, the turned trump card, the hand size, the cards played
so far in this deal and who played each: what the observation (``sim/games/wizard/obs.py``)
holds, plus the deal's public history. The observation has the cards of earlier tricks
only as a set (``PLAYED``), not who played them, so the history is kept alongside in
``seen`` (``new_seen_nb``), fed every public play with :func:`note_play_nb` *before* it is
applied. It reads the public slots ``PHASE``, ``SEAT`` and ``LEAD_SUIT`` and the card
played: what every seat at the table sees, never a hand.

What the history shows is a void: a suited card played when the suit led is another suit
(``LEAD_SUIT`` 0 … 3) would have been illegal with a card of that suit in hand, so the
player has none left for the rest of the deal. Wizards and Jesters may always be played:
they show nothing; nor does anything after a Wizard led (anything goes). Neither rule is
copied here: a void is read off the rules' own ``legal_cards``. Bids and the trump
choice constrain no hand.

The hidden cards are the pack less ``me``'s hand, the cards played (``PLAYED`` and the
trick in progress) and the turned card. Their holders are the other seats, in turn from
``me``, then the *stock* (the cards not dealt, when the deal leaves some): a seat holds the
hand size less the cards it has played; the stock holds any card; a seat holds no card of a
suit it showed void in. ``sim/search/sample_nb.py`` draws the deals uniformly.

Why here and not in ``sim/games/wizard/``: the numba cache keys a family's folder by the
kit and the family's compiled sources (``sim/cache.py``), and ``sample_nb`` is neither;
a module under ``sim/search`` may import both.
"""
import numpy as np
from numba import njit

from ..bits_nb import bit
from ..games.wizard import obs as O
from ..games.wizard.cards import FIRST_WIZARD
from ..games.wizard.rules_nb import lead_after, legal_cards
from ..games.wizard.step_nb import DEALT
from .sample_nb import MAX_HOLDERS, plan_nb, sample_nb

MP = O.MAX_PLAYERS
# ``seen`` (int64): per seat, the suits it showed void in (bit s), then the cards it played
SEEN_VOIDS = 0
SEEN_PLAYED = MP
SEEN_SIZE = 2 * MP
STOCK = -1          # the holder that is no seat: the cards not dealt


@njit(cache=True)
def new_seen_nb():
    """An empty history, for the start of a deal."""
    return np.zeros(SEEN_SIZE, dtype=np.int64)


@njit(cache=True, inline="always")
def shows_void_nb(card, lead):
    """True when playing ``card`` to a trick whose suit to follow is ``lead`` shows that the
    player holds none of that suit: the card would not be legal beside one of them."""
    if lead < 0 or lead > 3:        # nothing to follow yet, or a Wizard led: anything goes
        return False
    probe = lead * 13               # any card of the suit led
    return (legal_cards(bit(card) | bit(probe), lead) & bit(card)) == np.uint64(0)


@njit(cache=True)
def note_play_nb(seen, pub, card):
    """Record the play of ``card`` by the seat to act, before it is applied to ``pub``
    (nothing for a bid or a trump choice)."""
    if pub[O.PHASE] != O.PHASE_PLAY:
        return
    seat = pub[O.SEAT]
    seen[SEEN_PLAYED + seat] |= np.int64(bit(card))
    lead = pub[O.LEAD_SUIT]
    if shows_void_nb(card, lead):
        seen[SEEN_VOIDS + seat] |= 1 << lead


@njit(cache=True, inline="always")
def _trick_voids(pub, voids):
    """The voids the trick in progress shows (the observation holds it whole), into ``voids``."""
    n = pub[O.N_PLAYERS]
    lead = -1
    for i in range(pub[O.TRICK_N]):
        card = pub[O.TRICK_CARDS + i]
        if shows_void_nb(card, lead):
            voids[(pub[O.TRICK_LEADER] + i) % n] |= 1 << lead
        lead = lead_after(lead, card)


@njit(cache=True)
def belief_nb(pub, me, my_hand, seen, deck, cards, allowed, need, holder_seat):
    """What seat ``me`` knows of the hidden cards: the hidden cards into ``cards``, the set of
    holders each may be with into ``allowed``, each holder's count into ``need`` and its seat
    into ``holder_seat`` (``STOCK`` for the undealt cards). ``pub``: the state's public part or
    ``me``'s observation; ``deck``: the pack's size (``cfg[CFG_DECK]``). Returns (hidden cards,
    holders)."""
    n = pub[O.N_PLAYERS]
    size = pub[O.HAND_SIZE]
    shown = np.uint64(my_hand) | np.uint64(pub[O.PLAYED])
    for i in range(pub[O.TRICK_N]):
        shown |= bit(pub[O.TRICK_CARDS + i])
    if pub[O.TRUMP_CARD] >= 0:
        shown |= bit(pub[O.TRUMP_CARD])
    voids = np.zeros(MP, dtype=np.int64)
    for s in range(n):
        voids[s] = seen[SEEN_VOIDS + s]
    _trick_voids(pub, voids)
    k = 0
    for i in range(1, n):
        s = (me + i) % n
        holder_seat[k] = s
        played_now = (s - pub[O.TRICK_LEADER]) % n < pub[O.TRICK_N]
        need[k] = size - pub[O.TRICK_NO] - (1 if played_now else 0)
        k += 1
    stock = deck - n * size - (1 if pub[O.TRUMP_CARD] >= 0 else 0)
    stock_bit = 0
    if stock > 0:
        holder_seat[k] = STOCK
        need[k] = stock
        stock_bit = 1 << k
        k += 1
    h = 0
    for card in range(deck):
        if (shown >> np.uint64(card)) & np.uint64(1):
            continue
        mask = stock_bit
        suit = card // 13 if card < FIRST_WIZARD else -1
        for t in range(n - 1):
            if suit < 0 or not (voids[holder_seat[t]] >> suit) & 1:
                mask |= 1 << t
        cards[h] = card
        allowed[h] = mask
        h += 1
    return h, k


@njit(cache=True, nogil=True)
def world_plan_nb(pub, me, my_hand, seen, deck):
    """(plan, counts, cards, holder_seat): the sampler's plan of what ``me`` knows
    (:func:`belief_nb`); ``counts[0]`` is the number of worlds, 0 if the history is impossible."""
    cards = np.zeros(deck, dtype=np.int64)
    allowed = np.zeros(deck, dtype=np.int64)
    need = np.zeros(MAX_HOLDERS, dtype=np.int64)
    holder_seat = np.zeros(MAX_HOLDERS, dtype=np.int64)
    h, k = belief_nb(pub, me, my_hand, seen, deck, cards, allowed, need, holder_seat)
    plan, counts = plan_nb(allowed[:h], need[:k])
    return plan, counts, cards[:h].copy(), holder_seat[:k].copy()


@njit(cache=True, nogil=True)
def sample_world_nb(plan, counts, cards, holder_seat, me, hands, seen, rng, out, holder):
    """One world, uniform among those ``me`` cannot tell apart, into ``out`` (the layout of the
    state's ``hands``): ``me``'s hand as in ``hands`` (the only row read), every other seat's
    sampled hand; as dealt, each seat's hand with the cards it played (``seen``).
    ``holder``: scratch of one slot per hidden card. False when there is no such world."""
    if not sample_nb(plan, counts, rng, holder):
        return False
    for s in range(MP):
        out[s] = np.uint64(0)
        out[DEALT + s] = np.uint64(0)
    for i in range(cards.shape[0]):
        s = holder_seat[holder[i]]
        if s != STOCK:
            out[s] |= bit(cards[i])
    out[me] = hands[me]
    for t in range(holder_seat.shape[0]):
        s = holder_seat[t]
        if s != STOCK:
            out[DEALT + s] = out[s] | np.uint64(seen[SEEN_PLAYED + s])
    out[DEALT + me] = out[me] | np.uint64(seen[SEEN_PLAYED + me])
    return True
