"""Random numbers for kernels: an inline xoshiro256** (numba).

Why not ``np.random`` inside numba: an inline generator whose state is a
``uint64[4]`` array is several times faster for shuffles, and the state can be
saved and restored (duplicate deals) or split into independent streams.

Two kinds of stream, both from ``numpy.random.SeedSequence`` (256-bit
states, so streams never collide at scale): every **board** gets its own
deal stream (shuffles, first dealer, turned cards), derived from the
study's seed and the board number; every **chunk** gets a decision stream
(random draws handed to players). Board *b* of a study is therefore dealt
the same cards whatever the players do, the chunk plan or the options that
do not change the deal.
"""
import numpy as np
from numba import njit, uint64, int64

_ROT_MASK = np.uint64(63)


@njit(uint64(uint64, int64), cache=True, inline="always")
def _rotl(x, k):
    return (x << uint64(k)) | (x >> uint64(64 - k))


@njit(cache=True, inline="always")
def next_u64_words(s0, s1, s2, s3):
    """The generator's step on a state held in four ``uint64`` locals: (the output,
    the next state's four words). A loop that also writes arrays must reload a state
    kept in an array after every write (numba tells the compiler nothing about
    aliasing); in locals it stays in registers."""
    result = _rotl(s1 * uint64(5), 7) * uint64(9)
    t = s1 << uint64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, 45)
    return result, s0, s1, s2, s3


@njit(int64(uint64, int64), cache=True, inline="always")
def _scaled(x, n):
    """An output mapped into [0, n) by Lemire's multiply-shift (its high 32 bits times n)."""
    return int64(((x >> uint64(32)) * uint64(n)) >> uint64(32))


@njit(uint64(uint64[::1]), cache=True, inline="always")
def next_u64(s):
    """Next 64-bit output; advances the state ``s`` (uint64[4]) in place."""
    result, s0, s1, s2, s3 = next_u64_words(s[0], s[1], s[2], s[3])
    s[0], s[1], s[2], s[3] = s0, s1, s2, s3
    return result


@njit(int64(uint64[::1], int64), cache=True, inline="always")
def below(s, n):
    """Uniform integer in [0, n) for 0 < n < 2**32 (Lemire's multiply-shift).

    The bias of skipping the rejection step is below n / 2**32, i.e. under
    2e-9 for any n a card game uses: far below Monte Carlo noise.
    """
    return _scaled(next_u64(s), n)


@njit(cache=True, inline="always")
def below_words(s0, s1, s2, s3, n):
    """:func:`below` on a state in four locals: (the number, the next state's words)."""
    x, s0, s1, s2, s3 = next_u64_words(s0, s1, s2, s3)
    return _scaled(x, n), s0, s1, s2, s3


@njit(cache=True, inline="always")   # once per deal in every kernel: no call, no array passing
def shuffle_prefix(s, deck, k):
    """Partial Fisher-Yates: make ``deck[:k]`` a uniform random draw.

    ``deck`` may be any permutation (the previous deal's order is fine): only
    the first ``k`` positions are randomised, which is all a deal needs.
    """
    n = deck.shape[0]
    # the state in four locals, written back once: in the array it was reloaded and
    # stored at every card, after each write to the deck (the same draws either way)
    s0, s1, s2, s3 = s[0], s[1], s[2], s[3]
    for i in range(k):
        r, s0, s1, s2, s3 = below_words(s0, s1, s2, s3, n - i)
        j = i + r
        tmp = deck[i]
        deck[i] = deck[j]
        deck[j] = tmp
    s[0], s[1], s[2], s[3] = s0, s1, s2, s3


@njit(cache=True, inline="always")
def splitmix_nb(x):
    """SplitMix64's output function: a well-mixed 64-bit hash of ``x``."""
    x = x + np.uint64(0x9E3779B97F4A7C15)
    z = x
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(cache=True, inline="always")
def board_stream_nb(base, board, out):
    """The deal stream of one board, into ``out`` (uint64[4]).

    Derived from the study's deal base and the board number alone, so board
    ``b`` is dealt the same cards whatever the chunk plan, the players, the
    rule options that do not change the deal, or how long earlier games
    lasted: runs that differ only in those are dealt the same boards.
    """
    salt = splitmix_nb(np.uint64(board))
    for j in range(4):
        out[j] = splitmix_nb(base[j] ^ salt ^ np.uint64(j << 56))
    if out[0] == 0 and out[1] == 0 and out[2] == 0 and out[3] == 0:
        out[0] = 1


def chunk_states(root_seed: int, chunk_index: int) -> np.ndarray:
    """Generator states a chunk starts from: array (2, 4) of uint64.

    Row 0 is the study's **deal base**, row 1 its **decision base**. Each
    board derives its deal stream and its decision stream from them and its
    board number (:func:`board_stream_nb`), so a board is dealt and played
    the same whatever chunk it falls in: neither the chunk size, nor the
    number of workers, nor the order chunks run in changes any result. Both
    rows depend on the root seed only; ``chunk_index`` is part of the
    runner's calling convention and does not change them.
    """
    base = np.random.SeedSequence(root_seed).generate_state(4, np.uint64)
    decisions = np.random.SeedSequence(root_seed, spawn_key=(0,)).generate_state(4, np.uint64)
    out = np.empty((2, 4), dtype=np.uint64)
    for j, state in enumerate((base, decisions)):
        if not state.any():  # xoshiro's one forbidden state
            state[0] = 1
        out[j] = state
    return out
