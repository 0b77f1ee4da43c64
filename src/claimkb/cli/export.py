"""``claimkb export``: the KB as ClaimReview JSON-LD, CSV or an SQLite database."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from .app import RootOption, app, choice, fail, metavar, open_workspace


class ExportFormat(StrEnum):
    claimreview = "claimreview"
    csv = "csv"
    sqlite = "sqlite"


FORMATS = [f.value for f in ExportFormat]


@app.command(short_help="Export the KB: ClaimReview JSON-LD, CSV or SQLite.")
def export(
    format: Annotated[
        str,
        typer.Option(
            "--format",
            "-f",
            metavar=metavar(FORMATS),
            callback=choice(FORMATS),
            help="claimreview: schema.org JSON-LD of every checked claim; csv: one row per "
            "claim; sqlite: a database of the whole KB and its findings.",
        ),
    ],
    root: RootOption = None,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="Write here instead of printing: a file (replaced atomically), a device or "
            "a named pipe (written as a stream), or - for standard output; required for sqlite.",
            show_default=False,
        ),
    ] = None,
    author: Annotated[
        str | None,
        typer.Option(
            "--author",
            metavar="NAME",
            help="Name of the organisation publishing the reviews (claimreview). "
            "Default: the KB root's directory name.",
            show_default=False,
        ),
    ] = None,
    base_url: Annotated[
        str | None,
        typer.Option(
            "--base-url",
            metavar="URL",
            help="Where the HTML report (claimkb report) is published (claimreview): each "
            "review's url is its claim's page there. Default: relative, claims/<id>.html.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Export the KB for other tools: ClaimReview JSON-LD, CSV, or SQLite."""
    from ..output import OutputError, write_output
    from .progress import progress_bar

    chosen = ExportFormat(format)
    if chosen is ExportFormat.sqlite and output is None:
        raise fail("--format sqlite writes a database file: give --output FILE")
    if base_url is not None:
        from ..export.claimreview import base_url_problem

        problem = base_url_problem(base_url)
        if problem:
            raise fail(problem)
    workspace = open_workspace(root)
    with progress_bar() as bar:
        workspace.progress = bar
        unread = len(workspace.kb.load_findings)
    if unread:
        typer.echo(
            f"claimkb: note: {unread} record(s) or file(s) could not be read "
            "and are not exported; run `claimkb check` to see them",
            err=True,
        )
    try:
        if chosen is ExportFormat.sqlite:
            assert output is not None
            workspace.export_sqlite(output)
            return
        text = workspace.export(chosen.value, author=author, base_url=base_url or "")
        write_output(output, text)
    except OutputError as exc:
        raise fail(str(exc)) from None
