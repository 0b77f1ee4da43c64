"""The typer application and the options every command shares."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from .. import __version__

if TYPE_CHECKING:
    from ..cache import Cache
    from ..kb import KB

app = typer.Typer(
    name="claimkb",
    help="Check and query a fact-check knowledge base of structured claims kept as YAML.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

RootOption = Annotated[
    Path | None,
    typer.Option(
        "--root",
        help="KB root (holds claims/ and sources/). Default: the nearest one at or above "
        "the current directory.",
        show_default=False,
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]
SnapshotDirOption = Annotated[
    list[Path] | None,
    typer.Option(
        "--snapshot-dir",
        metavar="DIR",
        help="Also look for source snapshots in DIR (repeatable; default: "
        "CLAIMKB_SNAPSHOT_DIRS). The KB's own settings can only name directories inside it.",
        show_default=False,
    ),
]
RequireSnapshotsOption = Annotated[
    bool,
    typer.Option(
        "--require-snapshots",
        help="Make a quote that cannot be checked against its snapshot an error.",
    ),
]


def _version(value: bool) -> None:
    if value:
        typer.echo(f"claimkb {__version__}")
        raise typer.Exit()


@app.callback()
def _root_command(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Print the version."),
    ] = False,
) -> None:
    """Check and query a fact-check knowledge base of structured claims kept as YAML."""


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print ``claimkb: message`` on stderr and return the Exit to raise."""
    typer.echo(f"claimkb: {message}", err=True)
    return typer.Exit(code)


def open_kb(
    root: Path | None,
    cache: bool | Cache = True,
    snapshot_dirs: list[Path] | None = None,
    require_snapshots: bool = False,
) -> KB:
    """Load the KB (through the cache, unless ``cache`` is false or ``CLAIMKB_NO_CACHE`` is
    set; ``cache`` may be one already opened, see :func:`claimkb.load`) or exit with status 2
    when the root is unusable. A long load shows a progress bar on a terminal."""
    from ..api import load
    from ..store import RootError
    from .progress import progress_bar

    try:
        with progress_bar() as bar:
            return load(
                root,
                cache=cache,
                progress=bar,
                snapshot_dirs=snapshot_dirs or None,
                require_snapshots=require_snapshots,
            )
    except RootError as exc:
        raise fail(str(exc)) from None
