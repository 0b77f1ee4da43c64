"""A bare typer application, the reference for how fast ``claimkb --help`` can answer.

It has a callback with ``--version`` and two commands with a few options, like claimkb's
command line, and imports nothing else.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

app = typer.Typer(name="bare", help="A bare typer app.", no_args_is_help=True, add_completion=False)


@app.callback()
def _root(
    version: Annotated[bool, typer.Option("--version", help="Print the version.")] = False,
) -> None:
    """A bare typer app."""


@app.command()
def check(
    root: Annotated[Path | None, typer.Option("--root", help="A directory.")] = None,
    json_: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Check something."""


@app.command()
def claims(
    root: Annotated[Path | None, typer.Option("--root", help="A directory.")] = None,
    subject: Annotated[str | None, typer.Option(help="A subject.")] = None,
) -> None:
    """List something."""


if __name__ == "__main__":
    app()
