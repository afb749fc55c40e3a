"""The conformance probe's fault codes (``strategies/conformance.py``).

A probe answers a failed check with a fault code in place of an action:
``FAULT | kind << 52 | details``, bits 0 … 23 and 24 … 47 holding two small
numbers (``OTHER`` when a number is negative or too large to hold). It is
negative, so never legal in any game: the engine stops at that decision.
"""
from numba import njit

FAULT = -(1 << 62)
KIND_SHIFT = 52
DETAIL_BITS = 24
OTHER = (1 << DETAIL_BITS) - 1
_FAULT_BITS = ~((15 << KIND_SHIFT) | ((1 << 2 * DETAIL_BITS) - 1))

PAST_THE_END = 1     # the bounds-checked copy read past the observation; details: its length
RAISES = 2           # the player raises an error of its own
TWO_ANSWERS = 3      # two answers to one observation; details: the two actions
CHANGES_PARAMS = 4   # it wrote into its params row; details: the slot
KINDS = (PAST_THE_END, RAISES, TWO_ANSWERS, CHANGES_PARAMS)

# Zeros after the observation when the plain player is asked again (to tell a read past
# the end from an error of its own): its read past the end finds them, not other memory.
PADDING = 1024


@njit(cache=True)
def detail_nb(x):
    return x if 0 <= x < OTHER else OTHER


@njit(cache=True)
def fault_nb(kind, a, b):
    return FAULT | (kind << KIND_SHIFT) | detail_nb(a) | (detail_nb(b) << DETAIL_BITS)


def decode_fault(action: int):
    """(kind, a, b) of a fault code, or None for an action of the player's own."""
    if action & _FAULT_BITS != FAULT or (action >> KIND_SHIFT) & 15 not in KINDS:
        return None
    mask = (1 << DETAIL_BITS) - 1
    return (action >> KIND_SHIFT) & 15, action & mask, (action >> DETAIL_BITS) & mask
