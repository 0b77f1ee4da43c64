"""The typer application and the options every command shares."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..suggest import did_you_mean
from ..version import __version__
from .help import App

if TYPE_CHECKING:
    from ..progress import Progress
    from ..workspace import Workspace

app = App(
    name="claimkb",
    help="Check and query a fact-check knowledge base of structured claims kept as YAML.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)

RootOption = Annotated[
    Path | None,
    typer.Option(
        "--root",
        metavar="DIR",
        help="KB root (holds claims/ and sources/). Default: the nearest one at or above "
        "the current directory.",
        show_default=False,
    ),
]
JsonOption = Annotated[
    bool, typer.Option("--json", help="Print one JSON document (for programs) instead of text.")
]
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


def choice(choices: Sequence[str]) -> Callable[[str | None], str | None]:
    """A callback that accepts one of ``choices`` and otherwise stops with a usage error that
    lists them (and the one spelt most like the value given)."""

    def check(value: str | None) -> str | None:
        if value is None or value in choices:
            return value
        hint = did_you_mean(value, choices, limit=1)
        raise typer.BadParameter(f"{value!r} is not one of {', '.join(choices)}{hint}")

    return check


def metavar(choices: Sequence[str]) -> str:
    """``<text|json|github>``: an option's choices, as its help shows them."""
    return f"<{'|'.join(choices)}>"


def conflict(first: str, second: str) -> typer.Exit:
    """The usage error for two options that cannot be given together."""
    return fail(f"{first} and {second} cannot be given together; give one of them")


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print ``claimkb: message`` on stderr and return the Exit to raise. One line, for a
    program reading it; on a terminal, wrapped between words (never inside an id)."""
    typer.echo(_wrapped(f"claimkb: {message}"), err=True)
    return typer.Exit(code)


def _wrapped(text: str) -> str:
    import os
    import sys

    try:
        terminal = sys.stderr.isatty() and os.environ.get("TERM", "") != "dumb"
    except (AttributeError, ValueError):
        terminal = False
    if not terminal:
        return text
    import shutil
    import textwrap

    width = shutil.get_terminal_size().columns
    lines = textwrap.wrap(
        text, width, subsequent_indent="  ", break_long_words=False, break_on_hyphens=False
    )
    return "\n".join(lines)


def open_workspace(
    root: Path | None,
    cache: bool = True,
    snapshot_dirs: list[Path] | None = None,
    require_snapshots: bool = False,
    progress: Progress | None = None,
) -> Workspace:
    """The KB's Workspace (through the cache, unless ``cache`` is false or
    ``CLAIMKB_NO_CACHE`` is set), or exit with status 2 when the root is unusable."""
    from ..errors import RootError
    from ..workspace import Workspace

    try:
        return Workspace(
            root,
            cache=cache,
            snapshot_dirs=snapshot_dirs or None,
            require_snapshots=require_snapshots,
            progress=progress,
        )
    except RootError as exc:
        raise fail(str(exc)) from None
