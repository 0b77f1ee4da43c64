"""Every format of a report, in one registry with one signature: ``(Report, Options) -> str``.

The report is a renderer's whole input (its findings, their triage records, the ``--since``
scope); :class:`Options` are only choices of presentation. ``claimkb check --format`` offers
exactly the names of :data:`RENDERERS`, and :meth:`claimkb.Workspace.render` renders any of
them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from ..catalogue import Severity
from ..report import Report

__all__ = ["FORMATS", "RENDERERS", "Options", "Renderer", "renderer"]


def _hostname() -> str:
    import socket

    return socket.gethostname()


def _base() -> Path:
    import os

    workspace = os.environ.get("GITHUB_WORKSPACE")
    return Path(workspace) if workspace else Path.cwd()


@dataclass(frozen=True)
class Options:
    """How to present a report (never what it says)."""

    show_triaged: bool = False
    """Also show the findings a resolution accepted (text, github)."""
    fail_on: Severity = Severity.ERROR
    """The severity that fails the run (junit marks findings below it as passed)."""
    base: Path | None = None
    """The directory annotation paths are relative to (github; default: GITHUB_WORKSPACE,
    else the working directory)."""
    timestamp: datetime = field(default_factory=lambda: datetime.now(UTC))
    """When the check ran (junit)."""
    hostname: str = field(default_factory=_hostname)
    """Where it ran (junit)."""


@dataclass(frozen=True)
class Renderer:
    name: str
    render: Callable[[Report, Options], str]
    help: str
    needs_triage: bool = False
    """It shows triage records (:attr:`Report.triage`): the KB's resolutions are needed."""


def _text(report: Report, options: Options) -> str:
    from io import StringIO

    from rich.console import Console

    from .text import render

    buffer = StringIO()
    console = Console(file=buffer, width=100_000, no_color=True, force_terminal=False)
    render(report, console, show_triaged=options.show_triaged)
    return buffer.getvalue()


def _json(report: Report, options: Options) -> str:
    from .json import dumps

    return dumps(report.to_dict()) + "\n"


def _github(report: Report, options: Options) -> str:
    from .github import render

    return render(report, options.base or _base(), options.show_triaged)


def _sarif(report: Report, options: Options) -> str:
    from .json import dumps
    from .sarif import to_sarif

    return dumps(to_sarif(report)) + "\n"


def _junit(report: Report, options: Options) -> str:
    from .junit import to_junit

    return to_junit(
        report, timestamp=options.timestamp, hostname=options.hostname, fail_on=options.fail_on
    )


RENDERERS: dict[str, Renderer] = {
    r.name: r
    for r in (
        Renderer("text", _text, "for people (the default)"),
        Renderer("json", _json, "for programs"),
        Renderer("github", _github, "for workflow annotations"),
        Renderer("sarif", _sarif, "for code scanning", needs_triage=True),
        Renderer("junit", _junit, "for CI test reports", needs_triage=True),
    )
}
"""Format name -> its renderer, in the order ``--help`` lists them."""

FORMATS = list(RENDERERS)


def renderer(name: str) -> Renderer:
    """The renderer of format ``name``; ValueError naming the formats if there is none."""
    try:
        return RENDERERS[name]
    except KeyError:
        raise ValueError(f"no report format {name!r}: one of {', '.join(FORMATS)}") from None
