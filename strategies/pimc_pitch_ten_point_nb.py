"""Ten-point Pitch for the PIMC player (``sim/search/pimc_nb.py``): the hooks, and the belief
of a seat about the cards it cannot see.

The observation is the deal's public state with the player's own hand
(``sim/games/pitch/obs.py``): the public state of a world is the observation copied, and
the private slots follow from it (the trump's card sets, the trick's set, the points each
seat has won: ``TAKEN`` and who played the 2) or start as a deal starts; the refill order
is each world's own (a fresh shuffle, drawn as the refill reads it).

**What a seat knows of the hidden cards.** Before the trump is named (bids, the trump)
nothing is shown: the 45 cards it does not hold are dealt 9 to each other seat and 18 to
the stock, uniformly. Once trump is named only the trumps count (a non-trump is never
played, scores nothing and is never burned): a world holds the hidden trumps (the 16 less
its own, the burned, the played), each with a seat that may hold it. A seat out of play
(``OUT``) holds none; one that burned a point trump none of the non-point trumps
(``VOIDS``: they go first, ``note_burn_nb``); one in play at least one. What is not shown
is how many each seat holds; the rules bound it: a bid loser keeps at most 6 trumps and is
refilled to 6 cards, so holds at most 6 less those it played, exactly that when it burned
(it kept 6 trumps and was refilled nothing); the bidder sweeps the stock's trumps and may
hold any number. During the burns (the burner decides) the other losers hold only trumps
(their non-trumps are gone to the pile): those that burned before exactly 6, those that
did not at most 6, those still to come up to 9; the bidder still holds his 9 cards; the
pile the rest.

The worlds are drawn uniformly among these *holdings of the trumps now* (and of the
bidder's hand and the pile during the burns): for every vector of counts the bounds allow,
``sim/search/sample_nb.py`` counts the holdings and draws one, the vector chosen in
proportion to its count. This is uniform over what the play can still depend on; it does
not weight a holding by the number of deals, discards and refill orders that lead to it
(that weight depends on the discards and the refill's order and is left out: a choice, for
speed and simplicity, and a bias the tests do not measure).

**The score** (``pimc_score_nb``): the team's change of game score in the deal less the
other team's (``score_change_nb``: the points won, or minus the bid for a bidding team
short of it), and ``WIN`` more or less when a team reaches 52 in the deal (the bidding team
first): two teams race to 52, so a point to them costs as much as a point to us gains. The
side (``pimc_side_nb``): the seat's team.
"""
import numpy as np
from numba import njit

from sim.bits_nb import bit, popcount
from sim.kit_nb import CFG_PLAYERS
from sim.rng_nb import next_u64
from sim.games.pitch import obs as O
from sim.games.pitch.cards import N_CARDS
from sim.games.pitch.cfg import CFG_SIZE
from sim.games.pitch.ten_point_rules_nb import (HAND_SIZE, KEEP, TARGET, point1_of_nb,
                                              points_of_nb, score_change_nb, trumps_of_nb)
from sim.search.sample_nb import MAX_HOLDERS, plan_nb, sample_nb
from . import pitch_nb
from .abi import N_PARAMS

RANDOM_SLOT = O.RANDOM
ROLLOUT_OBS_SIZE = O.OBS_SIZE
ROLLOUT_PARAMS = np.zeros(N_PARAMS, dtype=np.float64)
ROLLOUT_PARAMS[:len(pitch_nb.DEFAULTS)] = pitch_nb.DEFAULTS
ALL = np.uint64((1 << N_CARDS) - 1)
PILE = -1               # holder_seat of the stock (before the trump) or the pile (the burns)
STOCK = N_CARDS - 4 * HAND_SIZE
# a game won in the deal outweighs any deal's points (at most 10 a team, or a set of 10)
WIN = 1 << 10
# the counts table in ``counts`` (the hook's packing): [0] the total, [1] the vectors, then
# V_SIZE a vector: its weight, where its plan and counts start and end
V_SIZE = 5
V_TABLE = 2
MAX_VECTORS = 1024
_TO_UNIT = 1.0 / 9007199254740992.0     # 2 ** -53


# --- the belief ----------------------------------------------------------------------------

@njit(cache=True)
def bounds_nb(obs, lo, hi, holder_seat, allowed_of, hidden):
    """The holders of what the seat to act cannot see, after the trump is named: their
    seats, the cards each may hold (``allowed_of``) and the bounds of its count (``lo``,
    ``hi``); returns the holders. See the module."""
    me = obs[O.SEAT]
    trumps = trumps_of_nb(obs[O.TRUMP])
    dealer = obs[O.DEALER]
    bidder = obs[O.BIDDER]
    burning = obs[O.PHASE] == O.PHASE_BURN
    mine = (me - dealer - 1) % 4
    n = 0
    for k in range(4):
        s = (dealer + 1 + k) % 4
        if s == me:
            continue
        holder_seat[n] = s
        allowed_of[n] = np.int64(hidden & trumps & ~np.uint64(obs[O.VOIDS + s]))
        played = popcount(np.uint64(obs[O.PLAYED_BY + s]))
        burned = obs[O.BURNED_BY + s] != 0
        if burning and s == bidder:
            allowed_of[n] = np.int64(hidden)        # still his 9 cards
            lo[n], hi[n] = HAND_SIZE, HAND_SIZE
        elif burning:
            lo[n], hi[n] = (KEEP, KEEP) if burned else (0, KEEP if k < mine else HAND_SIZE)
        elif (obs[O.OUT] >> s) & 1:
            lo[n], hi[n] = 0, 0
        elif s == bidder:
            lo[n], hi[n] = 1, 64
        else:
            lo[n], hi[n] = (KEEP - played, KEEP - played) if burned else (1, KEEP - played)
        n += 1
    if burning:                                     # the pile: any card, the rest
        holder_seat[n] = PILE
        allowed_of[n] = np.int64(hidden)
        lo[n], hi[n] = 0, 64
        n += 1
    return n


@njit(cache=True)
def hidden_nb(obs):
    """The cards the seat to act cannot see and the world deals (see the module)."""
    seen = np.uint64(obs[O.HAND]) | np.uint64(obs[O.BURNED]) | np.uint64(obs[O.PLAYED])
    for i in range(obs[O.TRICK_N]):
        seen |= bit(obs[O.TRICK_CARDS + i])
    hidden = ALL & ~seen
    if obs[O.PHASE] == O.PHASE_PLAY:
        hidden &= trumps_of_nb(obs[O.TRUMP])
    return hidden


@njit(cache=True)
def world_plan_nb(obs):
    """(plan, counts, cards, holder_seat) of what the seat to act knows: before the trump
    one plan; after it, one per vector of counts (packed: ``counts[V_TABLE …]`` says where
    each lies, ``counts[0]`` is the number of holdings in all)."""
    hidden = hidden_nb(obs)
    cards = np.zeros(N_CARDS, dtype=np.int64)
    h = 0
    for c in range(N_CARDS):
        if (hidden >> np.uint64(c)) & np.uint64(1):
            cards[h] = c
            h += 1
    cards = cards[:h].copy()
    holder_seat = np.zeros(MAX_HOLDERS, dtype=np.int64)
    lo = np.zeros(MAX_HOLDERS, dtype=np.int64)
    hi = np.zeros(MAX_HOLDERS, dtype=np.int64)
    allowed_of = np.zeros(MAX_HOLDERS, dtype=np.int64)
    me = obs[O.SEAT]
    if obs[O.TRUMP] < 0:                            # the deal as dealt: 9, 9, 9 and 18
        for k in range(3):
            holder_seat[k] = (me + 1 + k) % 4
            lo[k], hi[k] = HAND_SIZE, HAND_SIZE
            allowed_of[k] = np.int64(hidden)
        holder_seat[3] = PILE
        lo[3], hi[3] = STOCK, STOCK
        allowed_of[3] = np.int64(hidden)
        n = 4
    else:
        n = bounds_nb(obs, lo, hi, holder_seat, allowed_of, hidden)
    allowed = np.zeros(h, dtype=np.int64)
    for i in range(h):
        for k in range(n):
            if (np.uint64(allowed_of[k]) >> np.uint64(cards[i])) & np.uint64(1):
                allowed[i] |= 1 << k
    plans = np.zeros(0, dtype=np.int64)
    table = np.zeros(V_TABLE + V_SIZE * MAX_VECTORS, dtype=np.float64)
    subs = np.zeros(0, dtype=np.float64)
    need = lo[:n].copy()
    nv = 0
    total = 0.0
    while True:                     # every vector lo <= need <= hi summing to the cards
        if need.sum() == h and nv < MAX_VECTORS:
            plan, counts = plan_nb(allowed, need)
            if counts[0] > 0:
                v = V_TABLE + V_SIZE * nv
                table[v] = counts[0]
                table[v + 1], table[v + 2] = plans.shape[0], plans.shape[0] + plan.shape[0]
                table[v + 3], table[v + 4] = subs.shape[0], subs.shape[0] + counts.shape[0]
                plans = np.concatenate((plans, plan))
                subs = np.concatenate((subs, counts))
                total += counts[0]
                nv += 1
        k = 0                       # the next vector: an odometer, capped by the cards
        while k < n:
            if need[k] < min(hi[k], h):
                need[k] += 1
                break
            need[k] = lo[k]
            k += 1
        if k == n:
            break
    table[0] = total
    table[1] = nv
    return plans, np.concatenate((table[:V_TABLE + V_SIZE * nv], subs)), cards, \
        holder_seat[:n].copy()


@njit(cache=True)
def sample_world_nb(plan, counts, cards, holder_seat, obs, hands, rng, holder):
    """One world into ``hands`` (each seat's word; the stock or pile into ``HANDS_PILE``):
    a vector in proportion to its holdings, then a holding of it uniformly; False when
    none fits."""
    if not counts[0] > 0:
        return False
    nv = np.int64(counts[1])
    u = np.float64(next_u64(rng) >> np.uint64(11)) * _TO_UNIT * counts[0]
    v = V_TABLE
    acc = 0.0
    for i in range(nv):
        v = V_TABLE + V_SIZE * i
        acc += counts[v]
        if acc > u:
            break
    base = V_TABLE + V_SIZE * nv
    sub_plan = plan[np.int64(counts[v + 1]):np.int64(counts[v + 2])]
    sub_counts = counts[base + np.int64(counts[v + 3]):base + np.int64(counts[v + 4])]
    if not sample_nb(sub_plan, sub_counts, rng, holder):
        return False
    for s in range(4):
        hands[s] = np.uint64(0)
    hands[O.HANDS_PILE] = np.uint64(0)
    for i in range(cards.shape[0]):
        s = holder_seat[holder[i]]
        hands[O.HANDS_PILE if s == PILE else s] |= bit(cards[i])
    hands[obs[O.SEAT]] = np.uint64(obs[O.HAND])
    return True


# --- the hooks -----------------------------------------------------------------------------

@njit(cache=True)
def pimc_cfg_nb(obs):
    cfg = np.zeros(CFG_SIZE, dtype=np.int64)
    cfg[CFG_PLAYERS] = 4
    return cfg


@njit(cache=True, inline="always")
def pimc_legal_nb(obs):
    return obs[O.LEGAL], np.int64(0)


@njit(cache=True)
def pimc_state_nb(obs, cfg, st):
    """The public state, and the private slots every seat could rebuild from it (the
    trump's sets, the trick's, the points won so far); the refill order is each world's."""
    for i in range(st.shape[0]):
        st[i] = 0
    for i in range(O.OBS_SIZE):
        st[i] = obs[i]
    st[O.TP_THREE] = -1
    st[O.TP_TWO] = -1
    trump = obs[O.TRUMP]
    if trump >= 0:
        trumps = trumps_of_nb(trump)
        st[O.TP_TRUMPS] = np.int64(trumps)
        st[O.TP_POINT1] = np.int64(point1_of_nb(trump))
        st[O.TP_NONPOINT] = np.int64(trumps & ~points_of_nb(trump))
        st[O.TP_THREE] = 13 * trump + 1
        st[O.TP_TWO] = 13 * trump
    st[O.TP_BURN_K] = (obs[O.SEAT] - obs[O.DEALER] - 1) % 4
    if obs[O.PHASE] == O.PHASE_PLAY:
        point1 = np.uint64(st[O.TP_POINT1])
        for i in range(obs[O.TRICK_N]):
            st[O.TP_TRICK_SET] |= np.int64(bit(obs[O.TRICK_CARDS + i]))
        st[O.TP_TURN] = (obs[O.SEAT] - obs[O.TRICK_LEADER]) % 4
        for s in range(4):
            taken = np.uint64(obs[O.TAKEN + s])
            played = np.uint64(obs[O.PLAYED_BY + s])
            st[O.TP_POINTS + s] = (popcount(taken & point1)
                                   + 3 * np.int64((taken >> np.uint64(st[O.TP_THREE])) & 1)
                                   + np.int64((played >> np.uint64(st[O.TP_TWO])) & 1))
            st[O.TP_PLAYED_N + s] = popcount(played)
    for s in range(4):
        st[O.TP_BURNED_N + s] = popcount(np.uint64(obs[O.BURNED_BY + s]))
    for i in range(N_CARDS):
        st[O.REFILL_ORDER + i] = i


@njit(cache=True)
def pimc_plan_nb(obs, cfg):
    return world_plan_nb(obs)


@njit(cache=True)
def pimc_world_nb(plan, counts, cards, holder_seat, obs, st, hands, rng, holder):
    """One world into ``hands``, and a fresh refill order: its shuffle's stream in
    ``hands``, drawn as the refill reads it (``refill_lazy_nb``)."""
    if not sample_world_nb(plan, counts, cards, holder_seat, obs, hands, rng, holder):
        return False
    for i in range(N_CARDS):
        st[O.REFILL_ORDER + i] = i
    st[O.TP_REFILL_DRAWN] = 0
    for j in range(4):
        hands[O.HANDS_REFILL_RNG + j] = next_u64(rng)
    return True


@njit(cache=True)
def pimc_score_nb(st, cfg, seat):
    team = seat % 2
    mine = score_change_nb(st, team)
    theirs = score_change_nb(st, 1 - team)
    value = mine - theirs
    side = st[O.BIDDER] % 2
    ours = st[O.SCORES + team] + mine
    other = st[O.SCORES + 1 - team] + theirs
    if ours >= TARGET and (other < TARGET or side == team):
        value += WIN
    elif other >= TARGET:
        value -= WIN
    return value


@njit(cache=True, inline="always")
def pimc_side_nb(st, hands, seat):
    """The seat's team."""
    return (np.int64(1) << seat) | (np.int64(1) << ((seat + 2) % 4))


@njit(cache=True, inline="always")
def pimc_cards_left_nb(st, hands):
    """In the play, the most trumps a seat holds (the only cards that count): the bidder
    may hold many more than the seat to act, and the exact search's cost is the tricks
    left, not the hand to act."""
    if st[O.PHASE] != O.PHASE_PLAY:
        return 1 << 20
    trumps = np.uint64(st[O.TP_TRUMPS])
    most = 0
    for s in range(4):
        most = max(most, popcount(hands[s] & trumps))
    return most
