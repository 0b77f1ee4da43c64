"""``claimkb schema``: print (or write) the JSON Schema of KB files for editors and validators."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from .app import app, fail


class Kind(StrEnum):
    claims = "claims"
    sources = "sources"
    registry = "registry"
    all = "all"


@app.command()
def schema(
    kind: Annotated[
        Kind,
        typer.Option(
            "--kind",
            help="Which files: claims files, sources files, registry files, or any KB file.",
        ),
    ] = Kind.all,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="Write the schema to this file (atomically) instead of printing it.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Print the JSON Schema (draft 2020-12) of claims, sources or registry files.

    Point yaml-language-server at it (a `# yaml-language-server: $schema=...` line at the top
    of a file, or the `yaml.schemas` setting) to validate and complete KB files as you type.
    """
    from ..render.json import dumps
    from ..schema import schema as build

    text = dumps(build(kind.value)) + "\n"
    if output is None:
        typer.echo(text, nl=False)
        return
    from ..atomic import write_atomic

    try:
        write_atomic(output, text)
    except OSError as exc:
        raise fail(f"cannot write {output}: {exc.strerror or exc}") from None
