"""The ``claimkb`` command: parse arguments, call the library, render, choose the exit code.

Exit codes: 0 clean, 1 findings (an untriaged error, or worse than ``--fail-on``), 2 usage
errors and unusable roots. Errors are caught here, in one place, and printed as
``claimkb: message``; set ``CLAIMKB_DEBUG=1`` to see a traceback instead.

Nothing is imported at start-up. ``claimkb check`` on a KB whose stored report still holds
is answered by :mod:`.quick` without typer; every other command line goes to the typer app
(:mod:`.commands`), and the library (pydantic, rapidfuzz) loads when a command runs, so
``claimkb --help`` and ``--version`` stay fast.
"""

from __future__ import annotations

import gc
import os
import sys
from typing import Any

from ..version import __version__

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2

__all__ = ["app", "main", "__version__"]


def __getattr__(name: str) -> Any:
    """``claimkb.cli.app``, the typer app, assembled on first use."""
    if name == "app":
        from .commands import app

        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:
    """Console-script entry point.

    A command lasts seconds and exits, so two costs that only matter to long-lived processes
    are skipped: the cyclic garbage collector is off (collecting would rescan the loaded KB's
    millions of objects again and again, a third of the check's time on 100,000 claims), and
    once the output is flushed the process ends without freeing those objects one by one
    (``os._exit``, a second on 100,000 claims). Set ``CLAIMKB_DEBUG=1`` to keep a normal exit.
    Regular expressions are made from the code kept in earlier runs (:mod:`..regexcache`).
    """
    gc.disable()
    from ..ending import declare_one_command
    from ..jobs import begin, problem
    from ..regexcache import install
    from ..userdirs import ENV_OFF
    from ..userdirs import problem as cache_problem

    if (nowhere := cache_problem()) is not None:
        os.environ[ENV_OFF] = "1"  # every cache of this process and of those it starts
    install()  # the patterns met in earlier runs are made from their kept code

    begin()  # how busy the processors are from now on decides on a second process

    declare_one_command()
    if (wrong := problem()) is not None:
        sys.stderr.write(f"claimkb: warning: {wrong}\n")
    if nowhere is not None:
        sys.stderr.write(f"claimkb: warning: {nowhere}\n(caching is off for this run)\n")
    code = _run()
    if os.environ.get("CLAIMKB_DEBUG"):
        sys.exit(code)
    from ..ending import finish

    finish()  # what atexit would have run
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe: nothing more can be said
            code = code or 1
    os._exit(code)


def _run() -> int:
    """Run the command; its exit code. Errors are caught here, in one place."""
    try:
        from .quick import quick_check
        from .quick_draft import quick_draft
        from .quick_questions import quick_question

        arguments = sys.argv[1:]
        code = quick_check(arguments)
        if code is None:
            code = quick_draft(arguments)
        if code is None:
            code = quick_question(arguments)
        return _app() if code is None else code
    except KeyboardInterrupt:
        sys.stderr.write("claimkb: interrupted\n")
        return 130
    except SystemExit as exit_:
        return _code(exit_.code)
    except Exception as exc:
        if os.environ.get("CLAIMKB_DEBUG"):
            raise
        sys.stderr.write(
            f"claimkb: internal error: {type(exc).__name__}: {exc}\n"
            "This is a bug in claimkb; rerun with CLAIMKB_DEBUG=1 for details and report it.\n"
        )
        return EXIT_USAGE
    return EXIT_OK


def _app() -> int:
    """Run the typer app; its exit code."""
    import typer

    from .commands import app

    try:
        app()
    except typer.Exit as exit_:
        return exit_.exit_code
    return EXIT_OK


def _code(code: object) -> int:
    """An exit code as ``sys.exit`` would turn it into one."""
    if code is None:
        return EXIT_OK
    if isinstance(code, int):
        return code
    sys.stderr.write(f"{code}\n")
    return 1
