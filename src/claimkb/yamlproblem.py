"""The located problem every way of reading a KB's YAML raises (:mod:`.yamlio`)."""

from __future__ import annotations

from .errors import ClaimkbError

__all__ = ["YamlProblem", "MAX_DEPTH"]

MAX_DEPTH = 64
"""Deepest nesting accepted. A KB record is a few levels deep; anything deeper is an attack or
an accident, and refusing it keeps the recursive constructor far from Python's stack limit."""


class YamlProblem(ClaimkbError):
    """A located problem in a YAML text: ``kind`` is a finding slug, ``line`` is 1-based."""

    def __init__(self, kind: str, message: str, line: int | None, column: int | None = None):
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.line = line
        self.column = column
