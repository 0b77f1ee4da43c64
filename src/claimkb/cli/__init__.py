"""The ``claimkb`` command: parse arguments, call the library, render, choose the exit code.

Exit codes: 0 clean, 1 findings (an untriaged error, or worse than ``--fail-on``), 2 usage
errors and unusable roots. Errors are caught here, in one place, and printed as
``claimkb: message``; set ``CLAIMKB_DEBUG=1`` to see a traceback instead.

Only typer is imported at start-up: the library (pydantic, rapidfuzz) loads when a command
runs, so ``claimkb --help`` and ``--version`` stay fast.
"""

from __future__ import annotations

import gc
import os
import sys

import typer

from ..version import __version__
from .app import app

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2

# importing the command modules registers their commands on the app
# (in the order --help lists them: checking, asking, writing, then the tools around the KB)
from . import check as _check  # noqa: E402,F401,I001
from . import queries as _queries  # noqa: E402,F401
from . import conflicts as _conflicts  # noqa: E402,F401
from . import report as _report  # noqa: E402,F401
from . import authoring as _authoring  # noqa: E402,F401
from . import drafting as _drafting  # noqa: E402,F401
from . import settling as _settling  # noqa: E402,F401
from . import explain as _explain  # noqa: E402,F401
from . import export as _export  # noqa: E402,F401
from . import schema as _schema  # noqa: E402,F401
from . import cache as _cache  # noqa: E402,F401

__all__ = ["app", "main", "__version__"]


def main() -> None:
    """Console-script entry point.

    A command lasts seconds and exits, so two costs that only matter to long-lived processes
    are skipped: the cyclic garbage collector is off (collecting would rescan the loaded KB's
    millions of objects again and again, a third of the check's time on 100,000 claims), and
    once the output is flushed the process ends without freeing those objects one by one
    (``os._exit``, a second on 100,000 claims). Set ``CLAIMKB_DEBUG=1`` to keep a normal exit.
    """
    gc.disable()
    code = _run()
    if os.environ.get("CLAIMKB_DEBUG"):
        sys.exit(code)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe: nothing more can be said
            code = code or 1
    os._exit(code)


def _run() -> int:
    """Run the app; its exit code. Errors are caught here, in one place."""
    try:
        app()
    except KeyboardInterrupt:
        sys.stderr.write("claimkb: interrupted\n")
        return 130
    except SystemExit as exit_:
        return _code(exit_.code)
    except typer.Exit as exit_:
        return exit_.exit_code
    except Exception as exc:
        if os.environ.get("CLAIMKB_DEBUG"):
            raise
        sys.stderr.write(
            f"claimkb: internal error: {type(exc).__name__}: {exc}\n"
            "This is a bug in claimkb; rerun with CLAIMKB_DEBUG=1 for details and report it.\n"
        )
        return EXIT_USAGE
    return EXIT_OK


def _code(code: object) -> int:
    """An exit code as ``sys.exit`` would turn it into one."""
    if code is None:
        return EXIT_OK
    if isinstance(code, int):
        return code
    sys.stderr.write(f"{code}\n")
    return 1
