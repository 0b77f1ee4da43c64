"""What an authoring command refuses, as data: which option or file, what is wrong, what to do.

Every refusal happens before anything is written. A record that fails validation gets every
problem at once (a wrong property and an unknown subject are reported together), each naming
the option it came from and, where the KB knows something close, the ids it may have meant.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..errors import ClaimkbError

__all__ = ["AuthoringError", "Invalid", "Problem", "Refused", "Stale", "did_you_mean"]


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a record to be written."""

    field: str
    """The record field (``subject``, ``quote`` ...); the command line shows it as an option."""
    message: str
    candidates: tuple[str, ...] = ()
    """Known ids or names close to what was given, nearest first."""

    def describe(self) -> str:
        hint = f" (did you mean {', '.join(repr(c) for c in self.candidates)}?)"
        return self.message + (hint if self.candidates else "")

    def to_dict(self) -> dict[str, object]:
        return {"field": self.field, "message": self.message, "candidates": list(self.candidates)}


class AuthoringError(ClaimkbError):
    """Base of every refusal of an authoring command (the command line exits with status 2)."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@dataclass
class _Problems:
    problems: list[Problem] = field(default_factory=list)


class Invalid(AuthoringError):
    """The record would not be valid; nothing was written."""

    def __init__(self, what: str, problems: Sequence[Problem]):
        lines = "; ".join(p.field + ": " + p.describe() for p in problems)
        super().__init__(f"{what} not written: {lines}")
        self.what = what
        self.problems = tuple(problems)


class Refused(AuthoringError):
    """The file cannot be edited safely (it does not parse, lies outside claims/ and sources/,
    is a link ...); nothing was written."""


class Stale(AuthoringError):
    """The file changed between reading and writing; nothing was written."""


def did_you_mean(wanted: str, choices: Iterable[str], limit: int = 3) -> tuple[str, ...]:
    """The choices closest to ``wanted`` (case and separators ignored), nearest first."""
    from rapidfuzz import fuzz, process

    from ..values import name_key

    keyed: dict[str, str] = {}
    for choice in choices:
        keyed.setdefault(name_key(choice), choice)
    if not keyed or not wanted.strip():
        return ()
    found = process.extract(
        name_key(wanted), list(keyed), scorer=fuzz.WRatio, limit=limit, score_cutoff=70
    )
    return tuple(keyed[key] for key, _score, _index in found)
