"""What a Wizard or Oh Hell seat may know of the hidden cards, and worlds drawn from it (numba).

A seat ``me`` knows its own hand, the turned trump card, the hand size, the cards played
so far in this deal and the suits each seat has shown void in: all in its observation
(``sim/games/wizard/obs.py``; ``VOIDS`` is kept by the engine whenever a user's player,
such as a search player, sits at the table, and by the step interface).

A void is shown by a suited card played when the suit led is another suit (``LEAD_SUIT``
0 … 3): it would have been illegal with a card of that suit in hand, so the player has
none left for the rest of the deal. Wizards and Jesters may always be played: they show
nothing; nor does anything after a Wizard led (anything goes). :func:`shows_void_nb`
reads the same off the rules' own ``legal_cards``: the tests hold the engine's ``VOIDS``
to it. Bids and the trump choice constrain no hand.

The hidden cards are the pack less ``me``'s hand, the cards played (``PLAYED`` and the
trick in progress) and the turned card. Their holders are the other seats, in turn from
``me``, then the *stock* (the cards not dealt, when the deal leaves some): a seat holds the
hand size less the cards it has played; the stock holds any card; a seat holds no card of a
suit it showed void in. ``sim/search/sample_nb.py`` draws the deals uniformly.

Who played which card is not needed to sample; it is needed to rebuild the hands as dealt
(to replay a world from the deal's start): ``seen`` (``new_seen_nb``, fed every public play
with :func:`note_play_nb` before it is applied) keeps each seat's played cards for that.

Why here and not in ``sim/games/wizard/``: the numba cache keys a family's folder by the
kit and the family's compiled sources (``sim/cache.py``), and ``sample_nb`` is neither;
a module under ``sim/search`` may import both.
"""
import numpy as np
from numba import njit

from ..bits_nb import bit
from ..games.wizard import obs as O
from ..games.wizard.cards import FIRST_WIZARD
from ..games.wizard.rules_nb import legal_cards
from ..games.wizard.step_nb import DEALT
from .sample_nb import MAX_HOLDERS, plan_nb, sample_nb

MP = O.MAX_PLAYERS
SEEN_SIZE = MP      # ``seen`` (int64): per seat, the cards it played this deal
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
    seen[pub[O.SEAT]] |= np.int64(bit(card))


@njit(cache=True)
def belief_nb(pub, me, my_hand, deck, cards, allowed, need, holder_seat):
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
    voids = pub[O.VOIDS:O.VOIDS + MP]
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
def world_plan_nb(pub, me, my_hand, deck):
    """(plan, counts, cards, holder_seat): the sampler's plan of what ``me`` knows
    (:func:`belief_nb`); ``counts[0]`` is the number of worlds, 0 if the history is impossible."""
    cards = np.zeros(deck, dtype=np.int64)
    allowed = np.zeros(deck, dtype=np.int64)
    need = np.zeros(MAX_HOLDERS, dtype=np.int64)
    holder_seat = np.zeros(MAX_HOLDERS, dtype=np.int64)
    h, k = belief_nb(pub, me, my_hand, deck, cards, allowed, need, holder_seat)
    plan, counts = plan_nb(allowed[:h], need[:k])
    return plan, counts, cards[:h].copy(), holder_seat[:k].copy()


@njit(cache=True, nogil=True)
def sample_world_nb(plan, counts, cards, holder_seat, me, hands, seen, rng, out, holder):
    """One world, uniform among those ``me`` cannot tell apart, into ``out`` (the layout of the
    state's ``hands``): ``me``'s hand as in ``hands`` (the only row read), every other seat's
    sampled hand; as dealt, each seat's hand with the cards it played (``seen``; zeros
    when the hands as dealt are not wanted).
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
            out[DEALT + s] = out[s] | np.uint64(seen[s])
    out[DEALT + me] = out[me] | np.uint64(seen[me])
    return True
