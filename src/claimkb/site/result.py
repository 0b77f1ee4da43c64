"""What writing a report site gives back, and the one error it raises."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..errors import ClaimkbError

__all__ = ["SiteError", "SiteResult"]


class SiteError(ClaimkbError):
    """The site cannot be written where asked (refused or unusable output directory, a
    revision ``since`` cannot use); the message says what to do."""


@dataclass(frozen=True)
class SiteResult:
    out: Path
    pages: int
    """Files written, the stylesheet and script included."""
    removed: int
    """Pages of an earlier report in the same directory that no longer exist."""
    findings: int
    untriaged: int
    since: str | None = None

    @property
    def index(self) -> Path:
        return self.out / "index.html"
