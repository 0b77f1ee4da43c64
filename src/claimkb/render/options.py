"""How to present a report (never what it says): the options every renderer of
:mod:`.registry` takes."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from datetime import datetime

    from ..catalogue import Severity

__all__ = ["Options", "github_base"]


def _now() -> datetime:
    from datetime import UTC, datetime

    return datetime.now(UTC)


def _error() -> Severity:
    from ..catalogue import Severity

    return Severity.ERROR


def _hostname() -> str:
    import socket

    return socket.gethostname()


def github_base() -> Path:
    """Where GitHub checked the repository out (``GITHUB_WORKSPACE``), else the working
    directory: what annotation paths are relative to."""
    import os

    workspace = os.environ.get("GITHUB_WORKSPACE")
    return Path(workspace) if workspace else Path.cwd()


@dataclass(frozen=True)
class Options:
    """How to present a report (never what it says)."""

    show_triaged: bool = False
    """Also show the findings a resolution accepted (text, github)."""
    fail_on: Severity = field(default_factory=_error)
    """The severity that fails the run (junit marks findings below it as passed)."""
    base: Path | None = None
    """The directory annotation paths are relative to (github; default: GITHUB_WORKSPACE,
    else the working directory)."""
    timestamp: datetime = field(default_factory=_now)
    """When the check ran (junit)."""
    hostname: str = field(default_factory=_hostname)
    """Where it ran (junit)."""
