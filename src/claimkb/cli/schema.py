"""``claimkb schema``: print (or write) the JSON Schema of KB files for editors and validators."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from .app import app, choice, fail, metavar


class Kind(StrEnum):
    claims = "claims"
    sources = "sources"
    registry = "registry"
    all = "all"


KINDS = [k.value for k in Kind]


@app.command(short_help="Print the JSON Schema of KB files (for editors).")
def schema(
    kind: Annotated[
        str,
        typer.Option(
            "--kind",
            metavar=metavar(KINDS),
            callback=choice(KINDS),
            help="Which files: claims files, sources files, registry files, or any KB file.",
        ),
    ] = Kind.all.value,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="Write the schema here instead of printing it: a file (replaced atomically), "
            "a device or a named pipe (written as a stream), or - for standard output.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Print the JSON Schema (draft 2020-12) of claims, sources or registry files.

    Point yaml-language-server at it (a `# yaml-language-server: $schema=...` line at the top
    of a file, or the `yaml.schemas` setting) to validate and complete KB files as you type.
    """
    from ..output import OutputError, write_output
    from ..render.json import dumps
    from ..schema import schema as build

    try:
        write_output(output, dumps(build(kind)) + "\n")
    except OutputError as exc:
        raise fail(str(exc)) from None
