"""Every format of a report, in one registry with one signature: ``(Report, Options) -> str``.

The report is a renderer's whole input (its findings, their triage records, the ``--since``
scope); :class:`~.options.Options` are only choices of presentation. ``claimkb check
--format`` offers exactly the names of :data:`RENDERERS`, and
:meth:`claimkb.Workspace.render` renders any of them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:  # the command line builds --format from this module: it imports little
    from ..report import Report
    from .options import Options

__all__ = ["FORMATS", "RENDERERS", "Renderer", "renderer"]


class Renderer(NamedTuple):
    """One format: its name, its renderer, its help (for ``--format``)."""

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
    from .options import github_base

    return render(report, options.base or github_base(), options.show_triaged)


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
