"""The one error type value parsing raises (a message saying what was expected), and the
memory of readings that the parsers share."""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from contextvars import ContextVar
from typing import TypeVar

from ..errors import ClaimkbError

Context = TypeVar("Context")
Read = TypeVar("Read")

SCOPE: ContextVar[Hashable] = ContextVar("claimkb_reading_scope", default=None)
"""What readings depend on beyond their arguments: the units a KB declares and the currency
its property and source imply (:func:`claimkb.values.units.using` sets it). Readings are
remembered per scope."""


class ValueProblem(ClaimkbError, ValueError):
    """A written value that cannot be read; the message says why, in the user's terms.

    ``field`` names the claim field the problem is on (``value`` or ``bounds``), so the
    finding points at the right line."""

    def __init__(self, message: str, field: str = "value") -> None:
        super().__init__(message)
        self.field = field


def remembered(read: Callable[[str, Context], Read]) -> Callable[[str, Context], Read]:
    """``read(text, context)`` with each distinct (text, context) read once, its problem
    included (kept as its message). Many claims state the same figure or date in the same
    words ("2.8 trillion"); a reading is a pure function of its arguments and what it returns
    is immutable, so a KB of 100,000 claims reads only its distinct forms."""

    @functools.lru_cache(maxsize=1 << 16)
    def attempt(text: str, context: Context, scope: Hashable) -> Read | str:
        try:
            return read(text, context)
        except ValueProblem as problem:
            return str(problem)

    @functools.wraps(read)
    def remembered_read(text: str, context: Context) -> Read:
        result = attempt(text, context, SCOPE.get())
        if isinstance(result, str):
            raise ValueProblem(result)
        return result

    return remembered_read
