"""Random numbers for kernels: an inline xoshiro256** (numba).

Why not ``np.random`` inside numba: an inline generator whose state is a
``uint64[4]`` array is several times faster for shuffles, and the state can be
saved and restored (duplicate deals) or split into independent streams.

Every chunk of a study gets two independent states spawned by
``numpy.random.SeedSequence`` (256 bits each, so streams never collide at
scale): the **deal stream** (shuffles, first dealer, turned cards) and the
**decision stream** (random draws handed to players). Deal *i* of a study is
therefore the same whatever the players do.
"""
import numpy as np
from numba import njit, uint64, int64

_ROT_MASK = np.uint64(63)


@njit(uint64(uint64, int64), cache=True, inline="always")
def _rotl(x, k):
    return (x << uint64(k)) | (x >> uint64(64 - k))


@njit(uint64(uint64[::1]), cache=True, inline="always")
def next_u64(s):
    """Next 64-bit output; advances the state ``s`` (uint64[4]) in place."""
    result = _rotl(s[1] * uint64(5), 7) * uint64(9)
    t = s[1] << uint64(17)
    s[2] ^= s[0]
    s[3] ^= s[1]
    s[1] ^= s[2]
    s[0] ^= s[3]
    s[2] ^= t
    s[3] = _rotl(s[3], 45)
    return result


@njit(int64(uint64[::1], int64), cache=True, inline="always")
def below(s, n):
    """Uniform integer in [0, n) for 0 < n < 2**32 (Lemire's multiply-shift).

    The bias of skipping the rejection step is below n / 2**32, i.e. under
    2e-9 for any n a card game uses: far below Monte Carlo noise.
    """
    return int64(((next_u64(s) >> uint64(32)) * uint64(n)) >> uint64(32))


@njit(cache=True)
def shuffle_prefix(s, deck, k):
    """Partial Fisher-Yates: make ``deck[:k]`` a uniform random draw.

    ``deck`` may be any permutation (the previous deal's order is fine): only
    the first ``k`` positions are randomised, which is all a deal needs.
    """
    n = deck.shape[0]
    for i in range(k):
        j = i + below(s, n - i)
        tmp = deck[i]
        deck[i] = deck[j]
        deck[j] = tmp


def chunk_states(root_seed: int, chunk_index: int) -> np.ndarray:
    """Generator states of one chunk: array (2, 4) of uint64.

    Row 0 is the deal stream, row 1 the decision stream. It is the
    ``chunk_index``-th child of ``SeedSequence(root_seed)`` (the same as
    ``SeedSequence(root_seed).spawn(n)[chunk_index]``), so it depends only on
    the root seed and the chunk index, never on how many workers run chunks.
    """
    child = np.random.SeedSequence(root_seed, spawn_key=(chunk_index,))
    out = np.empty((2, 4), dtype=np.uint64)
    for j, stream in enumerate(child.spawn(2)):
        state = stream.generate_state(4, np.uint64)
        if not state.any():  # xoshiro's one forbidden state
            state[0] = 1
        out[j] = state
    return out
