"""The one error type value parsing raises: a message saying what was expected."""


class ValueProblem(ValueError):
    """A written value that cannot be read; the message says why, in the user's terms."""
