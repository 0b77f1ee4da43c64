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


def open_kb(root: Path | None, cache: bool | Cache = True) -> KB:
    """Load the KB (through the cache, unless ``cache`` is false or ``CLAIMKB_NO_CACHE`` is
    set; ``cache`` may be one already opened, see :func:`claimkb.load`) or exit with status 2
    when the root is unusable. A long load shows a progress bar on a terminal."""
    from ..api import load
    from ..store import RootError
    from .progress import progress_bar

    try:
        with progress_bar() as bar:
            return load(root, cache=cache, progress=bar)
    except RootError as exc:
        raise fail(str(exc)) from None
