"""The ``claimkb`` command: parse arguments, call the library, render, choose the exit code.

Exit codes: 0 clean, 1 findings (an untriaged error, or worse than ``--fail-on``), 2 usage
errors and unusable roots. Errors are caught here, in one place, and printed as
``claimkb: message``; set ``CLAIMKB_DEBUG=1`` to see a traceback instead.

Only typer is imported at start-up: the library (pydantic, rapidfuzz) loads when a command
runs, so ``claimkb --help`` and ``--version`` stay fast.
"""

from __future__ import annotations

import os
import sys

import typer

from .. import __version__
from .app import app

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2

# importing the command modules registers their commands on the app
from . import check as _check  # noqa: E402,F401
from . import explain as _explain  # noqa: E402,F401
from . import export as _export  # noqa: E402,F401
from . import queries as _queries  # noqa: E402,F401
from . import schema as _schema  # noqa: E402,F401

__all__ = ["app", "main", "__version__"]


def main() -> None:
    """Console-script entry point."""
    try:
        app()
    except KeyboardInterrupt:
        sys.stderr.write("claimkb: interrupted\n")
        sys.exit(130)
    except SystemExit:
        raise
    except typer.Exit:
        raise
    except Exception as exc:  # the one place an unexpected error is caught
        if os.environ.get("CLAIMKB_DEBUG"):
            raise
        sys.stderr.write(
            f"claimkb: internal error: {type(exc).__name__}: {exc}\n"
            "This is a bug in claimkb; rerun with CLAIMKB_DEBUG=1 for details and report it.\n"
        )
        sys.exit(EXIT_USAGE)
