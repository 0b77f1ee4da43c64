"""The one error type value parsing raises: a message saying what was expected."""


class ValueProblem(ValueError):
    """A written value that cannot be read; the message says why, in the user's terms.

    ``field`` names the claim field the problem is on (``value`` or ``bounds``), so the
    finding points at the right line."""

    def __init__(self, message: str, field: str = "value") -> None:
        super().__init__(message)
        self.field = field
