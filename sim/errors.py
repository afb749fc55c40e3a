"""The one error type users see.

Every problem with what a user asked for (an unknown game, option, player or
strategy, an impossible player count, a malformed record, a strategy that
returned an illegal action) is raised as :class:`TricksimError` with a message
that fits on one line and says what was wrong and what is allowed. The CLI
prints it without a traceback.
"""


class TricksimError(ValueError):
    """A user-facing error: bad input, not a bug in tricksim."""


def choices(values) -> str:
    """Render allowed values for an error message: ``a, b or c``."""
    values = [str(v) for v in values]
    if len(values) <= 1:
        return "".join(values)
    return ", ".join(values[:-1]) + " or " + values[-1]


def whole_number(what: str, value, lowest: int | None = None) -> int:
    """``value`` as an int (at least ``lowest``), or a TricksimError naming the field."""
    if isinstance(value, bool):
        value = str(value)
    try:
        number = int(value)
    except (TypeError, ValueError):
        number = None
    bad = number is None or (isinstance(value, float) and value != number)
    if bad or (lowest is not None and number < lowest):
        at_least = "" if lowest is None else " >= 0" if lowest == 0 else f" at least {lowest}"
        raise TricksimError(f"{what} must be a whole number{at_least}, not {value!r}")
    return number


def counted(number: int, noun: str) -> str:
    """``number`` and ``noun``, plural unless it is one: ``1 trick``, ``9 tricks``,
    ``12,000 deals`` (thousands separated)."""
    return f"{number:,} {noun}" if number == 1 else f"{number:,} {noun}s"
