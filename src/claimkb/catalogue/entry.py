"""The record of one finding code, and the severities (see :mod:`claimkb.catalogue`)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = ["E", "N", "W", "Entry", "Severity"]


class Severity(StrEnum):
    """How bad a finding is. ``error`` fails ``claimkb check`` by default."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        return {"error": 3, "warning": 2, "info": 1}[self.value]


@dataclass(frozen=True, slots=True)
class Entry:
    code: str
    slug: str
    severity: Severity
    title: str
    description: str
    fix: str
    template: str
    triageable: bool = False
    """A triageable finding records a discrepancy between claims; a resolution in the data can
    accept it with a reason, after which it no longer fails the check."""


E, W, N = Severity.ERROR, Severity.WARNING, Severity.INFO
