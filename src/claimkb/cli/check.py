"""``claimkb check``: run every check, render the findings, exit 0/1/2."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from .app import (
    RequireSnapshotsOption,
    RootOption,
    SnapshotDirOption,
    app,
    fail,
    open_kb,
)

if TYPE_CHECKING:
    from ..catalogue import Severity
    from ..kb import KB
    from ..report import Report
    from ..since import Changes


class Format(StrEnum):
    text = "text"
    json = "json"
    github = "github"
    sarif = "sarif"
    junit = "junit"


class FailOn(StrEnum):
    error = "error"
    warning = "warning"
    info = "info"


@app.command()
def check(
    root: RootOption = None,
    format: Annotated[
        Format,
        typer.Option(
            "--format",
            "-f",
            help="Output format: text for people, json for programs, github for workflow "
            "annotations, sarif for code scanning, junit for CI test reports.",
        ),
    ] = Format.text,
    json_: Annotated[bool, typer.Option("--json", help="Same as --format json.")] = False,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="Write the report to this file (atomically) instead of printing it.",
            show_default=False,
        ),
    ] = None,
    fail_on: Annotated[
        FailOn,
        typer.Option("--fail-on", help="Exit 1 when an untriaged finding is at least this severe."),
    ] = FailOn.error,
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

    Exits 0 when clean, 1 when an untriaged finding at least as severe as --fail-on
    (default: error) remains, 2 on a usage error or when there is no usable KB root.
    """
    from ..api import check as run_check
    from ..catalogue import Severity

    chosen = Format.json if json_ else format
    kb: KB | None = None
    if since is not None or chosen in (Format.sarif, Format.junit):  # these need the records
        from .progress import progress_bar

        kb = open_kb(root, not no_cache, snapshot_dir, require_snapshots)
        with progress_bar() as bar:  # an unchanged KB's report still comes from the cache
            report = run_check(kb, cache=not no_cache, progress=bar)
    else:  # an unchanged KB's report comes from the cache without loading it
        report = _report(root, not no_cache, snapshot_dir, require_snapshots)
    changes = None
    if since is not None:
        from ..since import SinceError, changes_since

        assert kb is not None
        try:
            changes = changes_since(kb, since)
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
    severity = Severity(fail_on.value)
    if chosen is Format.text and output is None:
        from ..render.console import stdout
        from ..render.text import render

        render(report, stdout(), show_triaged=show_triaged)
    else:
        text = _render(chosen, kb, report, severity, show_triaged, changes)
        if output is None:
            typer.echo(text, nl=False)
        else:
            _write(output, text)
    raise typer.Exit(1 if report.failed(severity) else 0)


def _report(
    root: Path | None, cache: bool, snapshot_dirs: list[Path] | None, require_snapshots: bool
) -> Report:
    """Check the KB at ``root`` (through the cache), with a progress bar on a terminal."""
    from ..api import check as run_check
    from ..store import RootError
    from .progress import progress_bar

    try:
        with progress_bar() as bar:
            return run_check(
                root,
                cache=cache,
                progress=bar,
                snapshot_dirs=snapshot_dirs or None,
                require_snapshots=require_snapshots,
            )
    except RootError as exc:
        raise fail(str(exc)) from None


def _render(
    chosen: Format,
    kb: KB | None,
    report: Report,
    fail_on: Severity,
    show_triaged: bool,
    changes: Changes | None,
) -> str:
    """The report in one of the file formats, as text."""
    if chosen is Format.json:
        from ..render.json import dumps

        data: dict[str, Any] = report.to_dict()
        if changes is not None:
            data["since"] = changes.to_dict()
        return dumps(data) + "\n"
    if chosen is Format.github:
        import os

        from ..render.github import render as github

        workspace = os.environ.get("GITHUB_WORKSPACE")
        return github(report, Path(workspace) if workspace else Path.cwd(), show_triaged)
    if chosen is Format.sarif:
        assert kb is not None
        from ..render.json import dumps
        from ..render.sarif import to_sarif

        return dumps(to_sarif(report, kb.resolutions)) + "\n"
    if chosen is Format.junit:
        assert kb is not None
        import socket
        from datetime import UTC, datetime

        from ..render.junit import to_junit

        return to_junit(
            report,
            timestamp=datetime.now(UTC),
            hostname=socket.gethostname(),
            fail_on=fail_on,
            resolutions=kb.resolutions,
        )
    from io import StringIO

    from rich.console import Console

    from ..render.text import render

    buffer = StringIO()
    render(
        report,
        Console(file=buffer, width=100_000, no_color=True, force_terminal=False),
        show_triaged=show_triaged,
    )
    return buffer.getvalue()


def _write(path: Path, text: str) -> None:
    from ..atomic import write_atomic

    try:
        write_atomic(path, text)
    except OSError as exc:
        raise fail(f"cannot write {path}: {exc.strerror or exc}") from None
