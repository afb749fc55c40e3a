"""Card-set helpers on bitmasks (numba).

A set of cards is a ``uint64`` where the deck fits in 64 cards (Wizard 60,
Oh Hell 52, Jass 36, Pitch 54). Decks of up to 128 cards (French Tarot 78,
Beim Jupiter with 5 players 65) use two words, card ``c`` living in bit
``c % 64`` of word ``c // 64`` (``sim/kit_nb.py`` chooses and lists actions of
two-word sets; :func:`cards_of` reads either). Every helper is branch-light
and allocation-free so that it can sit in the innermost loop of a kernel.

The helpers are ``inline="always"`` and have no signature: numba inlines them into
their callers before it types anything, so a signature never reached a kernel, and
each one compiled (or loaded from the cache) when this module was imported, 70 ms of
every process's start. They take any integer as the ``uint64`` it is (a Python
caller, a test, compiles them on its first call).
"""
import numpy as np
from llvmlite import ir
from numba import config, njit, uint64, int64
from numba.core import cgutils, types
from numba.extending import intrinsic

ONE = np.uint64(1)
ZERO = np.uint64(0)


def _bit_count(name: str, zero_is_poison: bool | None = None):
    """An intrinsic for LLVM's ``llvm.<name>.i64`` on a ``uint64`` (one instruction on a CPU
    that has it, LLVM's own arithmetic on one that has not)."""
    @intrinsic
    def count(typingctx, x):
        if x != types.uint64:
            return None

        def codegen(context, builder, signature, args):
            extra = [] if zero_is_poison is None else [ir.Constant(ir.IntType(1), int(zero_is_poison))]
            fnty = ir.FunctionType(ir.IntType(64), [ir.IntType(64)] + [ir.IntType(1)] * len(extra))
            fn = cgutils.get_or_insert_function(builder.module, fnty, f"llvm.{name}.i64")
            return builder.call(fn, [args[0], *extra])
        return types.int64(types.uint64), codegen
    return count


# LLVM's counts, not arithmetic: a SWAR popcount is recognised as one ``popcnt`` only
# whole, and and-ed with a constant mask (a suit's cards) LLVM folds the mask into its
# first step and the count stays ~12 instructions (Beim Jupiter's kernel had 22 such).
_ctpop = _bit_count("ctpop")
_trailing_zeros = _bit_count("cttz", zero_is_poison=False)      # 64 for an empty set
_leading_zeros = _bit_count("ctlz", zero_is_poison=False)       # 64 for an empty set


@njit(cache=True, inline="always")
def popcount(x):
    """Number of cards in a one-word set (``popcnt``)."""
    return _ctpop(uint64(x))


@njit(cache=True, inline="always")
def lowest(x):
    """Index of the lowest card in a non-empty one-word set (64 for an empty one)."""
    return _trailing_zeros(uint64(x))


@njit(cache=True, inline="always")
def highest(x):
    """Index of the highest card in a non-empty one-word set (-1 for an empty one)."""
    return 63 - _leading_zeros(uint64(x))


def _select_in_byte_table() -> np.ndarray:
    """``table[b | r << 8]``: position of the r-th lowest set bit of byte b (8 if none)."""
    table = np.full(256 * 8, 8, dtype=np.uint8)
    for b in range(256):
        positions = [i for i in range(8) if b >> i & 1]
        for r, pos in enumerate(positions):
            table[b | r << 8] = pos
    return table


_SELECT_IN_BYTE = _select_in_byte_table()
_L8 = np.uint64(0x0101010101010101)
_H8 = np.uint64(0x8080808080808080)


@njit(cache=True, inline="always")
def select_broadword(x, k):
    """Index of the k-th lowest card (k from 0) of a one-word set with > k cards.

    Broadword select (S. Vigna, "Broadword implementation of rank/select
    queries", 2008): byte counts summed by one multiply locate the byte, a
    table finds the bit in it. No loop and no branch: random players call
    this for every decision, and a loop over k mispredicts its exit.
    """
    x = uint64(x)
    s = x - ((x >> uint64(1)) & uint64(0x5555555555555555))
    s = (s & uint64(0x3333333333333333)) + ((s >> uint64(2)) & uint64(0x3333333333333333))
    byte_sums = ((s + (s >> uint64(4))) & uint64(0x0F0F0F0F0F0F0F0F)) * _L8
    kk = uint64(k)
    geq = (((kk * _L8) | _H8) - byte_sums) & _H8
    place = uint64(popcount(geq) * 8)
    byte_rank = kk - (((byte_sums << uint64(8)) >> place) & uint64(0xFF))
    return int64(place) + int64(_SELECT_IN_BYTE[((x >> place) & uint64(0xFF)) | (byte_rank << uint64(8))])


def _fast_pdep() -> bool:
    """True when this machine's CPU has a fast BMI2 ``pdep`` that numba compiles for.

    Zen 1 and Zen 2 run ``pdep`` in microcode (~20 cycles and up, more than
    the broadword select); a numba target other than the host (``NUMBA_CPU_NAME``)
    may lack the instruction.
    """
    if config.CPU_NAME or config.CPU_FEATURES:
        return False
    try:
        from llvmlite import binding
        return bool(binding.get_host_cpu_features().get("bmi2")) and \
            binding.get_host_cpu_name() not in ("znver1", "znver2")
    except Exception:   # no feature query on this platform: the portable select
        return False


FAST_PDEP = _fast_pdep()


@intrinsic
def _pdep(typingctx, source, mask):
    """BMI2 ``pdep``: deposit the low bits of ``source`` at the set bits of ``mask``."""
    if source != types.uint64 or mask != types.uint64:
        return None

    def codegen(context, builder, signature, args):
        fnty = ir.FunctionType(ir.IntType(64), [ir.IntType(64), ir.IntType(64)])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.x86.bmi.pdep.64")
        return builder.call(fn, args)
    return types.uint64(types.uint64, types.uint64), codegen


@njit(cache=True, inline="always")
def select_pdep(x, k):
    """The same as :func:`select_broadword` in two instructions: ``pdep`` puts a lone
    bit at the k-th set bit of ``x``, ``tzcnt`` reads its place."""
    return _trailing_zeros(_pdep(ONE << uint64(k), uint64(x)))


# The random players' hot path: one select per decision. pdep + tzcnt against the
# broadword select, 4-player 12-card random Oh Hell, records included (scripts/bench.py,
# medians, one core): see docs/architecture.md.
select = select_pdep if FAST_PDEP else select_broadword


@njit(cache=True, inline="always")
def bit(card):
    """The one-card set {card}."""
    return ONE << uint64(card)


def cards_of(mask) -> list[int]:
    """Python side: the card ids in a one-word set or a sequence of words."""
    if isinstance(mask, (int, np.integer)):
        words = [int(mask)]
    else:
        words = [int(w) for w in mask]
    out = []
    for i, w in enumerate(words):
        w &= (1 << 64) - 1
        while w:
            low = w & -w
            out.append(64 * i + low.bit_length() - 1)
            w ^= low
    return out
