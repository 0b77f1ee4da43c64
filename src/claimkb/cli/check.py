"""``claimkb check``: run every check, render the findings, exit 0/1/2."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..render.registry import RENDERERS
from .app import (
    RequireSnapshotsOption,
    RootOption,
    SnapshotDirOption,
    app,
    choice,
    conflict,
    fail,
    metavar,
    open_workspace,
)

if TYPE_CHECKING:
    from ..report import Report
    from ..workspace import Workspace


class FailOn(StrEnum):
    error = "error"
    warning = "warning"
    info = "info"


FORMATS = list(RENDERERS)
SEVERITIES = [f.value for f in FailOn]


@app.command(short_help="Check the KB: every finding, then a summary.")
def check(
    root: RootOption = None,
    format: Annotated[
        str | None,
        typer.Option(
            "--format",
            "-f",
            metavar=metavar(FORMATS),
            callback=choice(FORMATS),
            show_default=False,
            help="Output format: "
            + ", ".join(f"{r.name} {r.help}" for r in RENDERERS.values())
            + ".",
        ),
    ] = None,
    json_: Annotated[bool, typer.Option("--json", help="Same as --format json.")] = False,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="Write the report here instead of printing it: a file (replaced atomically), "
            "a device or a named pipe (written as a stream), or - for standard output.",
            show_default=False,
        ),
    ] = None,
    fail_on: Annotated[
        str,
        typer.Option(
            "--fail-on",
            metavar=metavar(SEVERITIES),
            callback=choice(SEVERITIES),
            help="Exit 1 when an untriaged finding is at least this severe.",
        ),
    ] = FailOn.error.value,
    show_triaged: Annotated[
        bool, typer.Option("--show-triaged", help="Also print triaged discrepancies.")
    ] = False,
    since: Annotated[
        str | None,
        typer.Option(
            "--since",
            metavar="REV",
            help="Report only findings that involve claims, sources, entities, properties or "
            "resolutions changed since this git revision (e.g. origin/main).",
            show_default=False,
        ),
    ] = None,
    no_cache: Annotated[
        bool,
        typer.Option("--no-cache", help="Read every file and run every check, without the cache."),
    ] = False,
    snapshot_dir: SnapshotDirOption = None,
    require_snapshots: RequireSnapshotsOption = False,
) -> None:
    """Check the KB: schema, references, quotes, conflicts, entities and statuses.

    Exits 0 when clean, 1 when an untriaged finding at least as severe as --fail-on (default:
    error) remains, 2 on a usage error or when there is no usable KB root.
    """
    from ..catalogue import Severity
    from ..render.options import Options
    from .progress import progress_bar

    if json_ and format not in (None, "json"):
        raise conflict("--json", f"--format {format}")
    chosen = "json" if json_ else format or "text"
    with progress_bar() as bar:  # an unchanged KB's report comes from the cache unloaded
        workspace = open_workspace(root, not no_cache, snapshot_dir, require_snapshots, bar)
        report = workspace.report()
        if since is not None:
            report = _since(workspace, report, since)
        severity = Severity(fail_on)
        text = None
        if chosen != "text" or output is not None:
            options = Options(show_triaged=show_triaged, fail_on=severity)
            text = workspace.render(chosen, report, options)
    if text is None:
        from ..render.console import stdout
        from ..render.text import render

        render(report, stdout(), show_triaged=show_triaged)
    else:
        _write(output, text)
    raise typer.Exit(1 if report.failed(severity) else 0)


def _since(workspace: Workspace, report: Report, since: str) -> Report:
    """The findings a change since ``since`` involves, and a note on stderr saying so."""
    from ..since import SinceError

    try:
        changes = workspace.since(since)
    except SinceError as exc:
        raise fail(str(exc)) from None
    full = len(report.findings)
    report = changes.filter(report)
    typer.echo(
        f"claimkb: --since {since}: {len(changes.files)} changed file(s), "
        f"{len(changes.claims)} claim(s) involved; {len(report.findings)} of {full} "
        "finding(s) shown (run without --since for the full check)",
        err=True,
    )
    return report


def _write(path: Path | None, text: str) -> None:
    from ..output import OutputError, write_output

    try:
        write_output(path, text)
    except OutputError as exc:
        raise fail(str(exc)) from None
