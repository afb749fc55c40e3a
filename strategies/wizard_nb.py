"""Built-in Wizard / Oh Hell players (numba, strategy ABI).

``heuristic_decide`` bundles three decisions:

* **Bid** – estimate the tricks the hand will take: each Wizard, each trump
  (valued from its rank, low to high), off-suit Aces and Kings, plus a bonus
  for trumps beyond an even share; scale, add a bias, round to the nearest
  legal bid.
* **Trump choice** after a turned Wizard – the suit with the most cards,
  ties to the higher ranks.
* **Card play** – plays to its bid. Short of it: lead a sure winner (a
  Wizard, a strong trump) or wait with a low card; follow with the cheapest
  card that wins when last to play, else with a winner strong enough to hold.
  At or over its bid: duck with the highest card that loses (a Jester when
  every other card would win) and lead low.

Its tunable numbers are the ``P_*`` slots of the params row; ``DEFAULTS``
holds the values used when a study names no others.
"""
import numpy as np
from numba import njit

from sim.bits_nb import highest, lowest, popcount
from sim.games.wizard import obs as O
from sim.games.wizard.cards import (FIRST_JESTER, FIRST_WIZARD, JESTER_MASK, SUIT_MASKS, WIZARD_DECK,
                                    WIZARD_MASK)

P_WIZARD = 0        # tricks expected from a Wizard
P_TRUMP_HIGH = 1    # … from the trump Ace
P_TRUMP_LOW = 2     # … from the trump 2 (ranks in between are interpolated)
P_TRUMP_LENGTH = 3  # … per trump beyond an even share of the trump suit
P_ACE = 4           # … from an off-suit Ace
P_KING = 5          # … from an off-suit King
P_SCALE = 6         # multiplies the estimate
P_BIAS = 7          # added to the scaled estimate before rounding
P_HOLD = 8          # card strength that counts as "holds the trick" when others play after us

NAMES = ("wizard", "trump_high", "trump_low", "trump_length", "ace", "king", "scale", "bias", "hold")
_SUIT_MASKS = SUIT_MASKS
# _RANK_MASKS[r]: the four cards of rank r; _RANK_BIT_MASKS[k]: cards whose rank has bit k set
_RANK_MASKS = np.array([sum(1 << (13 * s + r) for s in range(4)) for r in range(13)], dtype=np.uint64)
_RANK_BIT_MASKS = np.array([sum(1 << (13 * s + r) for s in range(4) for r in range(13) if r >> k & 1)
                            for k in range(4)], dtype=np.uint64)
_WIZARDS = WIZARD_MASK
_JESTERS = JESTER_MASK

DEFAULTS = (0.95, 0.85, 0.3, 0.3, 0.7, 0.3, 1.0, 0.0, 50.0)

# The values a study may give (docs/strategies.md). A card takes at most one trick, so
# its worth is 0 … 1; the bias moves a bid by at most the largest hand (3 players of
# Wizard: 20 cards), beyond which no legal bid is near; card strengths run from -1 (a
# Jester) to 100 (a Wizard), so a hold of -1 holds with anything and 101 with nothing.
MAX_HAND = WIZARD_DECK // 3
RANGES = ((0.0, 1.0),) * 6 + ((0.0, 3.0), (-float(MAX_HAND), float(MAX_HAND)), (-1.0, 101.0))


@njit(cache=True, inline="always")
def strength(card, trump):
    """How hard a card is to beat: Wizard 100, trumps 40+rank, others rank, Jester -1."""
    if card >= FIRST_JESTER:
        return -1
    if card >= FIRST_WIZARD:
        return 100
    if card // 13 == trump:
        return 40 + card % 13
    return card % 13


@njit(cache=True, inline="always")
def estimate_tricks(hand, trump, hand_size, params):
    """Expected tricks of a hand, from popcounts (no branch per card: cheap
    in the deal loop, where branches on random cards are mispredicted)."""
    wizards = popcount(hand & _WIZARDS)
    est = params[P_WIZARD] * wizards
    side = hand & ~(_WIZARDS | _JESTERS)
    if trump >= 0:
        trumps = hand & _SUIT_MASKS[trump]
        n_trumps = popcount(trumps)
        # sum of the trumps' ranks (0..12), bit by bit of the rank
        rank_sum = 0
        for k in range(4):
            rank_sum += popcount(trumps & _RANK_BIT_MASKS[k]) << k
        est += params[P_TRUMP_LOW] * n_trumps
        est += (params[P_TRUMP_HIGH] - params[P_TRUMP_LOW]) * rank_sum / 12.0
        extra = n_trumps - hand_size / 4.0
        if extra > 0:
            est += params[P_TRUMP_LENGTH] * extra
        side &= ~trumps
    est += params[P_ACE] * popcount(side & _RANK_MASKS[12])
    est += params[P_KING] * popcount(side & _RANK_MASKS[11])
    return est * params[P_SCALE] + params[P_BIAS]


@njit(cache=True)
def nearest_legal(target, legal):
    """The legal bid (bit of ``legal``) nearest to ``target``; ties go low."""
    best = -1
    best_d = 1e9
    while legal:
        b = lowest(legal)
        legal &= legal - np.uint64(1)
        d = abs(b - target)
        if d < best_d - 1e-9:
            best = b
            best_d = d
    return best


@njit(cache=True)
def choose_trump(hand):
    """The suit with the most cards; ties go to the higher ranks, then the lower suit."""
    best = 0
    best_v = -1
    for s in range(4):
        cards = hand & _SUIT_MASKS[s]
        rank_sum = 0
        for k in range(4):
            rank_sum += popcount(cards & _RANK_BIT_MASKS[k]) << k
        v = 100 * popcount(cards) + rank_sum
        if v > best_v:
            best = s
            best_v = v
    return best


@njit(cache=True)
def pick(cards, trump, strongest, skip_jesters):
    """The strongest (or weakest) card of a non-empty set, by ``strength``.

    Mask arithmetic instead of a loop over cards: Wizards, then trumps by
    rank, then the other suits by rank (ties to the lower suit), Jesters last.
    ``skip_jesters`` keeps Jesters back when picking the weakest card (they
    are worth more later), unless there is nothing else.
    """
    wizards = cards & _WIZARDS
    jesters = cards & _JESTERS
    trumps = cards & _SUIT_MASKS[trump] if trump >= 0 else np.uint64(0)
    plain = cards & ~(_WIZARDS | _JESTERS | trumps)
    if strongest:
        if wizards:
            return lowest(wizards)
        if trumps:
            return highest(trumps)
        if plain:
            return _plain_extreme(plain, True)
        return lowest(jesters)
    if jesters and not skip_jesters:
        return lowest(jesters)
    if plain:
        return _plain_extreme(plain, False)
    if trumps:
        return lowest(trumps)
    if wizards:
        return lowest(wizards)
    return lowest(jesters)


@njit(cache=True, inline="always")
def _plain_extreme(plain, strongest):
    """Highest (or lowest) ranked card of a set of suited cards; ties to the lower suit."""
    m = np.uint64(0x1FFF)
    ranks = (plain | (plain >> np.uint64(13)) | (plain >> np.uint64(26)) | (plain >> np.uint64(39))) & m
    r = highest(ranks) if strongest else lowest(ranks)
    return lowest(plain & _RANK_MASKS[r])


@njit(cache=True, inline="always")
def winning_cards(legal, win_card, trump):
    """The cards of ``legal`` that would take the lead from ``win_card`` (rules_nb.beats, as masks)."""
    if win_card >= FIRST_WIZARD and win_card < FIRST_JESTER:
        return np.uint64(0)
    wizards = legal & _WIZARDS
    if win_card >= FIRST_JESTER:  # only Jesters so far: any other card takes the lead
        return legal & ~_JESTERS
    ws = win_card // 13
    above = _SUIT_MASKS[ws] & ~((np.uint64(1) << np.uint64(win_card + 1)) - np.uint64(1))
    out = wizards | (legal & above)
    if trump >= 0 and ws != trump:
        out |= legal & _SUIT_MASKS[trump]
    return out


@njit(cache=True)
def play_card(legal, trump, need, n_in, last, win_card, hold):
    """The card to play; scalars only, so the call from the deal loop is cheap."""
    if n_in == 0:
        if need > 0:
            best = pick(legal, trump, True, True)
            if strength(best, trump) >= hold:
                return best
            return pick(legal, trump, False, True)
        return pick(legal, trump, False, False)
    winners = winning_cards(legal, win_card, trump)
    losers = legal & ~winners
    if need > 0:
        if winners:
            cheapest = pick(winners, trump, False, True)
            if last or strength(cheapest, trump) >= hold:
                return cheapest
            return pick(winners, trump, True, True)
        return pick(legal, trump, False, True)
    if losers:
        return pick(losers, trump, True, True)
    return pick(winners, trump, True, True)


@njit(cache=True, inline="always")
def heuristic_nb(obs, params):
    """The heuristic player. The engine inlines it into the deal loop: the
    observation is read here and the work is done by functions of scalars,
    because passing arrays to a call costs more than the decision itself."""
    phase = obs[O.PHASE]
    hand = np.uint64(obs[O.HAND])
    legal = np.uint64(obs[O.LEGAL])
    trump = obs[O.TRUMP]
    if phase == O.PHASE_PLAY:
        seat = obs[O.SEAT]
        n_in = obs[O.TRICK_N]
        return play_card(legal, trump, obs[O.BIDS + seat] - obs[O.TRICKS_WON + seat], n_in,
                         n_in == obs[O.N_PLAYERS] - 1, obs[O.WINNING_CARD], params[P_HOLD])
    if phase == O.PHASE_BID:
        return nearest_legal(estimate_tricks(hand, trump, obs[O.HAND_SIZE], params), legal)
    return choose_trump(hand)


@njit(cache=True)
def heuristic_decide(obs, params):
    """``heuristic_nb`` as an ABI function, for the function-pointer path (compiled
    with the ABI signature when first seated as a user's player)."""
    return heuristic_nb(obs, params)


@njit(cache=True)
def random_decide(obs, params):
    """Uniform among the legal actions (the same choice the inline path makes)."""
    legal = np.uint64(obs[O.LEGAL])
    draw = obs[O.RANDOM]
    k = (((draw >> 31) & 0xFFFFFFFF) * popcount(legal)) >> 32
    h = legal
    for _ in range(k):
        h &= h - np.uint64(1)
    return popcount((h & (~h + np.uint64(1))) - np.uint64(1))
