"""``claimkb check``: run every check, render the findings, exit 0/1/2."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer

from .app import JsonOption, RootOption, app, fail


class Format(StrEnum):
    text = "text"
    json = "json"


class FailOn(StrEnum):
    error = "error"
    warning = "warning"
    info = "info"


@app.command()
def check(
    root: RootOption = None,
    format: Annotated[Format, typer.Option("--format", "-f", help="Output format.")] = Format.text,
    json_: JsonOption = False,
    fail_on: Annotated[
        FailOn,
        typer.Option("--fail-on", help="Exit 1 when an untriaged finding is at least this severe."),
    ] = FailOn.error,
    show_triaged: Annotated[
        bool, typer.Option("--show-triaged", help="Also print triaged discrepancies.")
    ] = False,
    no_cache: Annotated[
        bool,
        typer.Option("--no-cache", help="Read every file and run every check, without the cache."),
    ] = False,
) -> None:
    """Check the KB: schema, references, quotes, conflicts, entities and statuses.

    Exits 0 when clean, 1 when an untriaged error (or worse than --fail-on) remains, 2 when
    the root cannot be used.
    """
    from ..api import check as run_check
    from ..catalogue import Severity
    from ..store import RootError
    from .progress import progress_bar

    try:
        with progress_bar() as bar:
            report = run_check(root, cache=not no_cache, progress=bar)
    except RootError as exc:
        raise fail(str(exc)) from None
    chosen = Format.json if json_ else format
    if chosen is Format.json:
        from ..render.json import write

        write(report.to_dict())
    else:
        from ..render.console import stdout
        from ..render.text import render

        render(report, stdout(), show_triaged=show_triaged)
    raise typer.Exit(1 if report.failed(Severity(fail_on.value)) else 0)
