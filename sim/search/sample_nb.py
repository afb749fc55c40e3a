"""Exact-uniform determinization (numba): deal the cards a player cannot see.

Game-agnostic. The input is, for each hidden card (by its index ``i`` in the
caller's list), ``allowed[i]``: the set of *holders* that may hold it (bit
``h``; a holder is a seat, or a place such as the undealt stock or a dog),
and for each holder ``need[h]``: how many hidden cards it holds. The output
is a holder for every card, drawn uniformly among **all** assignments that
respect both: every consistent deal comes up equally often.

Method, exact and without rejection loops: cards with the same allowed set
form a *class*; only how many cards of each class each holder gets matters
for counting. A dynamic programme over the classes counts, for every vector
of needs still open after classes ``0 … i-1``, the number of ways to deal
classes ``i …`` (``f(i, r)``): the sum over the class's splits ``x`` (a count
per allowed holder) of ``m! / prod x_h! * f(i + 1, r - x)`` (which cards of
the class go where: a multinomial). The last class is dealt in closed form
(``m! / prod r_h!``: it must fill every open need), and the last but one, when
it has many splits, holder by holder (:func:`_pair_table`). Sampling walks the
classes once, drawing each class's split in proportion to its count of
completions, then which of its cards go to which holder uniformly.

:func:`plan_nb` builds the counts once for a position (``plan``, ``counts``);
:func:`sample_nb` then draws a deal in microseconds from them, as often as a
search player needs (a plan is read only: threads may share it).
``sim/search/sample.py`` holds the Python side: errors, and a reference
counter and enumerator in exact integers for the tests.
"""
import math

import numpy as np
from numba import njit

from ..bits_nb import popcount
from ..rng_nb import below, next_u64

MAX_HOLDERS = 8     # seats and places (e.g. 6 other seats of Oh Hell's 7 and the stock)
MAX_CARDS = 128     # two card words

# ``plan`` (int64, P_CLASS + 4 x cards): a header, each holder's need and stride, each class's
# (start, size, holders) in dealing order, then the card indices grouped by class.
P_HOLDERS = 0
P_CLASSES = 1
P_CARDS = 2
P_DROP = 3          # the holder left out of the memo's index: its need follows from the others'
P_BOX = 4           # memo states per class
P_PAIR = 5          # 1: draw the last class but one holder by holder (_draw_pair)
HEAD = 8
P_NEED = HEAD
P_STRIDE = HEAD + MAX_HOLDERS
P_CLASS = HEAD + 2 * MAX_HOLDERS


# ``counts`` (float64): [0] the number of consistent deals, then f(i, r) for the classes but the
# last, one block of P_BOX states each (-1 a state no split reaches).
#
# Why float64 is exact enough: every count is a sum of products of positive terms (no
# cancellation), so each carries a relative error of at most a few hundred roundings,
# ~1e-14: the probability of a split is off by that fraction, which no sample size a search
# could draw (~1e28 deals) would show. Nothing overflows or underflows: a count is at most
# holders ** cards <= 8 ** 128 ~ 4e115, a product of factorials at most 128! ~ 4e215 (below
# 1.8e308); a term m! / prod x! is >= 1, one of _pair_table's >= 1 / 128! ~ 3e-216 (above
# 2e-308).
_FACT = np.array([float(math.factorial(i)) for i in range(MAX_CARDS + 1)])
_INV_FACT = 1.0 / _FACT
_UNREACHED = -1.0
_REACHED = -2.0
_TO_UNIT = 1.0 / 9007199254740992.0     # 2 ** -53


@njit(cache=True, inline="always")
def _start_index(plan, k):
    """The memo state before the first class: every holder's whole need open."""
    idx = 0
    for h in range(k):
        idx += plan[P_NEED + h] * plan[P_STRIDE + h]
    return idx


@njit(cache=True, inline="always")
def _reached_state(plan, counts, rem, q, base, idx, r, hs, caps):
    """Memo state ``idx`` of class ``q`` (block ``base`` of ``counts``), if a split reached
    it: its open needs into ``r``, the class's holders and their needs into ``hs`` and
    ``caps``, and their number; -1 for a state no split reached."""
    if counts[base + idx] != _REACHED:
        return -1
    _decode(plan, idx, rem[q], r)
    return _holders_of(plan[P_CLASS + 3 * q + 2], r, hs, caps)


@njit(cache=True, inline="always")
def _split_terms(plan, counts, x, hs, j, m, idx, r, k, mask_last, m_last, q, last, base, box):
    """The two factors of split ``x`` of class ``q`` (memo state ``idx``, open needs ``r``):
    which of its ``m`` cards go where, ``m! / prod x_h!``, and the completions after it
    (the memo's count for the needs left, or the last class's closed form). ``r`` is
    left as it was."""
    w = _FACT[m]
    nxt = idx
    for t in range(j):
        w *= _INV_FACT[x[t]]
        nxt -= x[t] * plan[P_STRIDE + hs[t]]
        r[hs[t]] -= x[t]
    later = _closed(r, k, mask_last, m_last) if q + 1 == last else counts[base + box + nxt]
    for t in range(j):
        r[hs[t]] += x[t]
    return w, later


@njit(cache=True, inline="always")
def _holders_of(mask, r, hs, caps):
    """The holders in ``mask`` (ascending, the one with the largest open need moved last:
    the odometer of :func:`_next_split` then runs over the smaller ones) into ``hs``, their
    open needs into ``caps``; returns their number."""
    j = 0
    big = 0
    for h in range(MAX_HOLDERS):
        if (mask >> h) & 1:
            hs[j] = h
            caps[j] = r[h]
            if caps[j] > caps[big]:
                big = j
            j += 1
    if j > 0:
        hs[big], hs[j - 1] = hs[j - 1], hs[big]
        caps[big], caps[j - 1] = caps[j - 1], caps[big]
    return j


@njit(cache=True, inline="always")
def _next_split(x, caps, j, m, first):
    """The next way to split ``m`` cards over ``j`` holders, ``x[t] <= caps[t]``, in
    odometer order over ``x[0 … j-2]`` (the last takes the rest); ``first`` starts over.
    False when there is none left. An odometer visiting valid splits only was no faster
    (interleaved medians, 5 rounds: samples/s x0.85-x1.02, plans/s x0.78-x1.09 on Wizard
    4 x 10, Tarot 5p, Oh Hell 7 x 7): the largest cap is last, so few splits fail."""
    s = 0
    if first:
        for t in range(j - 1):
            x[t] = 0
        if m <= caps[j - 1]:
            x[j - 1] = m
            return True
    else:
        for t in range(j - 1):
            s += x[t]
    while True:
        t = 0
        while t < j - 1:    # add one to the odometer, carrying past a cap or a sum above m
            x[t] += 1
            s += 1
            if x[t] <= caps[t] and s <= m:
                break
            s -= x[t]
            x[t] = 0
            t += 1
        if t >= j - 1:
            return False
        last = m - s
        if last <= caps[j - 1]:
            x[j - 1] = last
            return True


@njit(cache=True, inline="always")
def _decode(plan, idx, rem, r):
    """The open needs ``r`` of memo state ``idx`` when ``rem`` cards are left to deal."""
    k = plan[P_HOLDERS]
    drop = plan[P_DROP]
    left = rem
    for h in range(k):
        if h != drop:
            r[h] = (idx // plan[P_STRIDE + h]) % (plan[P_NEED + h] + 1)
            left -= r[h]
    r[drop] = left


@njit(cache=True, inline="always")
def _closed(r, k, mask, m):
    """Ways to deal the last class (``m`` cards, holders ``mask``) onto the open needs ``r``."""
    w = _FACT[m]
    for h in range(k):
        if r[h] > 0:
            if not (mask >> h) & 1:
                return 0.0
            w *= _INV_FACT[r[h]]
    return w


@njit(cache=True, inline="always")
def _pair_table(r, k, mask, hs, caps, j, m, mask_last, m_last, g):
    """Ways to deal the last two classes onto the open needs ``r``: class ``mask`` (``m``
    cards; its holders ``hs``, their needs ``caps``, ``j`` of them, from :func:`_holders_of`),
    then the last. Its split ``x`` has the weight ``m! / prod x_h! * m_last! / prod (r_h -
    x_h)!``, a product over the holders: so ``g[t, s]`` sums it over the holders ``t …`` taking
    ``s`` cards, and the split is drawn one holder at a time (:func:`_draw_pair`) instead of
    running through every split (a class of 9 cards over 6 holders has 2,002)."""
    w = _FACT[m] * _FACT[m_last]
    for h in range(k):
        if r[h] > 0 and not (mask >> h) & 1:
            if not (mask_last >> h) & 1:
                return 0.0
            w *= _INV_FACT[r[h]]
    for s in range(m + 1):
        g[j, s] = 0.0
    g[j, 0] = 1.0
    for t in range(j - 1, -1, -1):
        cap = caps[t]
        rest_ok = (mask_last >> hs[t]) & 1     # may the last class fill this holder's rest
        for s in range(m + 1):
            acc = 0.0
            for x in range(min(s, cap) + 1):
                if rest_ok or x == cap:
                    acc += _INV_FACT[x] * _INV_FACT[cap - x] * g[t + 1, s - x]
            g[t, s] = acc
    return w * g[0, m]


@njit(cache=True, inline="always")
def _draw_pair(g, caps, hs, mask_last, j, m, rng, pick):
    """The split of the last class but one, drawn holder by holder from ``g`` (see
    :func:`_pair_table`) into ``pick``."""
    s = m
    for t in range(j - 1):
        cap = caps[t]
        rest_ok = (mask_last >> hs[t]) & 1
        u = np.float64(next_u64(rng) >> np.uint64(11)) * _TO_UNIT * g[t, s]
        acc = 0.0
        for x in range(min(s, cap) + 1):
            w = _INV_FACT[x] * _INV_FACT[cap - x] * g[t + 1, s - x] if rest_ok or x == cap else 0.0
            if w > 0.0:     # the last value with any weight, should rounding leave u beyond
                pick[t] = x
                acc += w
                if acc > u:
                    break
        s -= pick[t]
    pick[j - 1] = s


@njit(cache=True, inline="always")
def _pair_pays(plan, need, q, x, hs, caps):
    """Whether to count and draw class ``q`` (the last but one) holder by holder
    (:func:`_pair_table`) rather than split by split: when it has at least a tenth as many
    splits as the table has cells, at the start's needs (they only shrink). Measured on 60
    random cases (3-7 holders, 1-2 voids), holder by holder vs split by split, samples/s:
    x1.0-x124 from a tenth up (x3-x12 from a half, x28-x124 past two), x0.5-x1.0 below."""
    j = _holders_of(plan[P_CLASS + 3 * q + 2], need, hs, caps)
    m = plan[P_CLASS + 3 * q + 1]
    cells = 0
    for t in range(j):
        cells += (m + 1) * (min(caps[t], m) + 1)
    splits = 0
    more = _next_split(x, caps, j, m, True)
    while more and 10 * splits < cells:
        splits += 1
        more = _next_split(x, caps, j, m, False)
    return 10 * splits >= cells


@njit(cache=True, nogil=True)
def plan_nb(allowed, need):
    """(plan, counts) of the allowed holder sets ``allowed`` (int64, one per hidden card) and
    the holders' card counts ``need`` (int64). ``counts[0]``: the number of consistent deals,
    0 when there is none."""
    n = allowed.shape[0]
    k = need.shape[0]
    plan = np.zeros(P_CLASS + 4 * n, dtype=np.int64)
    plan[P_HOLDERS] = k
    plan[P_CARDS] = n
    ok = k <= MAX_HOLDERS and n <= MAX_CARDS
    live = 0        # holders with room: a card may only go there
    total = 0
    for h in range(min(k, MAX_HOLDERS)):
        plan[P_NEED + h] = need[h]
        total += need[h]
        ok = ok and need[h] >= 0
        if need[h] > 0:
            live |= 1 << h
    ok = ok and total == n
    # classes: the distinct allowed sets, in order of first appearance
    masks = np.zeros(n, dtype=np.int64)
    sizes = np.zeros(n, dtype=np.int64)
    of = np.zeros(n, dtype=np.int64)
    n_cls = 0
    for i in range(n):
        mask = allowed[i] & live
        ok = ok and mask != 0
        c = 0
        while c < n_cls and masks[c] != mask:
            c += 1
        if c == n_cls:
            masks[c] = mask
            n_cls += 1
        sizes[c] += 1
        of[i] = c
    counts = np.zeros(1, dtype=np.float64)
    if not ok:
        return plan, counts
    if n == 0:
        counts[0] = 1.0     # one deal: nobody gets anything
        return plan, counts
    # dealing order: fewest holders first; the class with most holders (then cards) last, as
    # it is dealt in closed form and would otherwise have the most splits to run through
    keys = np.zeros(n_cls, dtype=np.int64)
    for c in range(n_cls):
        keys[c] = popcount(np.uint64(masks[c])) * (MAX_CARDS + 1) + sizes[c]
    rank = np.argsort(keys, kind="mergesort")
    slot_of = np.zeros(n_cls, dtype=np.int64)
    start = 0
    for q in range(n_cls):
        c = rank[q]
        slot_of[c] = q
        plan[P_CLASS + 3 * q] = start
        plan[P_CLASS + 3 * q + 1] = sizes[c]
        plan[P_CLASS + 3 * q + 2] = masks[c]
        start += sizes[c]
    fill = np.zeros(n_cls, dtype=np.int64)
    order = P_CLASS + 3 * n
    for i in range(n):
        q = slot_of[of[i]]
        plan[order + plan[P_CLASS + 3 * q] + fill[q]] = i
        fill[q] += 1
    plan[P_CLASSES] = n_cls
    # the memo's index: every holder's open need but the largest one's (it follows from the rest)
    drop = 0
    for h in range(k):
        if need[h] > need[drop]:
            drop = h
    box = 1
    for h in range(k):
        plan[P_STRIDE + h] = 0 if h == drop else box
        box *= 1 if h == drop else need[h] + 1
    plan[P_DROP] = drop
    plan[P_BOX] = box
    counts = np.full(1 + (n_cls - 1) * box, _UNREACHED)
    rem = np.zeros(n_cls + 1, dtype=np.int64)
    for q in range(n_cls - 1, -1, -1):
        rem[q] = rem[q + 1] + plan[P_CLASS + 3 * q + 1]
    r = np.zeros(MAX_HOLDERS, dtype=np.int64)
    x = np.zeros(MAX_HOLDERS, dtype=np.int64)
    hs = np.zeros(MAX_HOLDERS, dtype=np.int64)
    caps = np.zeros(MAX_HOLDERS, dtype=np.int64)
    idx0 = _start_index(plan, k)
    if n_cls == 1:
        for h in range(k):
            r[h] = need[h]
        counts[0] = _closed(r, k, masks[0], n)
        return plan, counts
    # forward: mark the states the splits reach, class by class
    counts[1 + idx0] = _REACHED
    for q in range(n_cls - 2):
        base = 1 + q * box
        m = plan[P_CLASS + 3 * q + 1]
        for idx in range(box):
            j = _reached_state(plan, counts, rem, q, base, idx, r, hs, caps)
            if j < 0:
                continue
            more = _next_split(x, caps, j, m, True)
            while more:
                nxt = idx
                for t in range(j):
                    nxt -= x[t] * plan[P_STRIDE + hs[t]]
                counts[base + box + nxt] = _REACHED
                more = _next_split(x, caps, j, m, False)
    # backward: count the completions of every reached state
    last = n_cls - 1
    m_last = plan[P_CLASS + 3 * last + 1]
    mask_last = plan[P_CLASS + 3 * last + 2]
    pair = _pair_pays(plan, need, last - 1, x, hs, caps)
    plan[P_PAIR] = 1 if pair else 0
    g = np.zeros((MAX_HOLDERS + 1, MAX_CARDS + 1))
    for q in range(n_cls - 2, -1, -1):
        base = 1 + q * box
        m = plan[P_CLASS + 3 * q + 1]
        for idx in range(box):
            j = _reached_state(plan, counts, rem, q, base, idx, r, hs, caps)
            if j < 0:
                continue
            if pair and q + 1 == last:
                counts[base + idx] = _pair_table(r, k, plan[P_CLASS + 3 * q + 2], hs, caps, j, m,
                                                 mask_last, m_last, g)
                continue
            f = 0.0
            more = _next_split(x, caps, j, m, True)
            while more:
                w, later = _split_terms(plan, counts, x, hs, j, m, idx, r, k, mask_last, m_last, q, last,
                                        base, box)
                f += w * later
                more = _next_split(x, caps, j, m, False)
            counts[base + idx] = f
    counts[0] = counts[1 + idx0]
    return plan, counts


@njit(cache=True, inline="always")
def _deal_class(plan, q, x, hs, j, rng, holder):
    """Give the cards of class ``q`` to holders ``hs[t]``, ``x[t]`` each, uniformly: card by
    card, a holder with probability its share of the cards left (``x`` is used up)."""
    start = plan[P_CLASS + 3 * q]
    m = plan[P_CLASS + 3 * q + 1]
    order = P_CLASS + 3 * plan[P_CARDS]
    for c in range(m):
        u = below(rng, m - c)
        t = 0
        while u >= x[t]:
            u -= x[t]
            t += 1
        x[t] -= 1
        holder[plan[order + start + c]] = hs[t]


@njit(cache=True, nogil=True)
def sample_nb(plan, counts, rng, holder):
    """One consistent deal, uniform over all of them: ``holder[i]`` = the holder of hidden card
    ``i``. ``rng``: a ``uint64[4]`` stream of ``sim.rng_nb`` (advanced). False, and nothing
    written, when there is no consistent deal."""
    if not counts[0] > 0.0:
        return False
    if plan[P_CARDS] == 0:
        return True
    k = plan[P_HOLDERS]
    n_cls = plan[P_CLASSES]
    box = plan[P_BOX]
    r = np.zeros(MAX_HOLDERS, dtype=np.int64)
    x = np.zeros(MAX_HOLDERS, dtype=np.int64)
    pick = np.zeros(MAX_HOLDERS, dtype=np.int64)
    hs = np.zeros(MAX_HOLDERS, dtype=np.int64)
    caps = np.zeros(MAX_HOLDERS, dtype=np.int64)
    for h in range(k):
        r[h] = plan[P_NEED + h]
    idx = _start_index(plan, k)
    last = n_cls - 1
    m_last = plan[P_CLASS + 3 * last + 1]
    mask_last = plan[P_CLASS + 3 * last + 2]
    f = counts[0]
    pair = plan[P_PAIR] == 1
    g = np.empty((MAX_HOLDERS + 1, MAX_CARDS + 1) if pair else (1, 1))
    for q in range(last):
        base = 1 + q * box
        m = plan[P_CLASS + 3 * q + 1]
        j = _holders_of(plan[P_CLASS + 3 * q + 2], r, hs, caps)
        if pair and q + 1 == last:
            _pair_table(r, k, plan[P_CLASS + 3 * q + 2], hs, caps, j, m, mask_last, m_last, g)
            _draw_pair(g, caps, hs, mask_last, j, m, rng, pick)
            for t in range(j):
                r[hs[t]] -= pick[t]
            _deal_class(plan, q, pick, hs, j, rng, holder)
            break
        u = np.float64(next_u64(rng) >> np.uint64(11)) * _TO_UNIT * f
        acc = 0.0
        chosen = 0.0
        more = _next_split(x, caps, j, m, True)
        while more:
            w, later = _split_terms(plan, counts, x, hs, j, m, idx, r, k, mask_last, m_last, q, last, base, box)
            w *= later
            if w > 0.0:         # the last split with any weight, should rounding leave u beyond
                for t in range(j):
                    pick[t] = x[t]
                chosen = later
                acc += w
                if acc > u:
                    break
            more = _next_split(x, caps, j, m, False)
        for t in range(j):
            r[hs[t]] -= pick[t]
            idx -= pick[t] * plan[P_STRIDE + hs[t]]
        _deal_class(plan, q, pick, hs, j, rng, holder)
        f = chosen
    j = _holders_of(mask_last, r, hs, caps)
    _deal_class(plan, last, caps, hs, j, rng, holder)   # the last class fills every open need
    return True
