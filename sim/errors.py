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
