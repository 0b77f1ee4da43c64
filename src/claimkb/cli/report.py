"""``claimkb report -o DIR``: write the KB as a static HTML site."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .app import RootOption, SnapshotDirOption, app, fail, open_workspace


@app.command()
def report(
    output: Annotated[
        Path,
        typer.Option(
            "--output",
            "-o",
            metavar="DIR",
            help="Directory to write the site into (new, empty, or a site written before).",
        ),
    ],
    root: RootOption = None,
    since: Annotated[
        str | None,
        typer.Option(
            "--since",
            metavar="REV",
            help="Render only the pages a change since this git revision involves, its "
            "findings first (e.g. origin/main, for a pull request's preview).",
            show_default=False,
        ),
    ] = None,
    page_size: Annotated[
        int, typer.Option("--page-size", min=1, help="Rows on each page of an index.")
    ] = 500,
    title: Annotated[
        str | None,
        typer.Option(
            "--title", help="Name shown on every page. Default: the KB root's directory name."
        ),
    ] = None,
    no_cache: Annotated[
        bool, typer.Option("--no-cache", help="Read every file and run every check again.")
    ] = False,
    snapshot_dir: SnapshotDirOption = None,
) -> None:
    """Write the KB as a static HTML site: an overview with the verdict, a page for every
    claim, source, entity, finding and derived claim, pictures of ranges, dates and cites.

    Open DIR/index.html in a browser, or publish DIR on any static host. Exits 0 when the
    site is written (whatever the check found), 2 when it cannot be.
    """
    from ..site.result import SiteError
    from .progress import progress_bar

    try:
        with progress_bar() as bar:
            workspace = open_workspace(root, not no_cache, snapshot_dir, progress=bar)
            result = workspace.report_site(output, since=since, page_size=page_size, title=title)
    except SiteError as exc:
        raise fail(str(exc)) from None
    scope = f" (the change since {since})" if since else ""
    removed = f"; removed {result.removed} page(s) of the last report" if result.removed else ""
    typer.echo(
        f"claimkb: wrote {result.pages} file(s) to {output}{scope}: {result.findings} "
        f"finding(s), {result.untriaged} untriaged{removed}; open {result.index}",
        err=True,
    )
