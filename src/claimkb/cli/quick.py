"""``claimkb check`` answered without the command line.

Assembling typer's command line costs more than answering a check whose stored report still
holds (a survey of the files' stats and one read), and a tenth of a cold check of 10,000
claims. So the two commonest forms - ``claimkb check`` and ``claimkb check --root DIR`` - ask
the Workspace for the report (the stored one, or a check now, with the same progress bar)
and print it exactly as the ``check`` command prints it, with its exit code. Everything else
(another option, a root that cannot be used, a KB whose configuration cannot be read) goes
to the typer app, which answers as it always has: nothing here prints unless the whole
answer is at hand.

Output to a file or a pipe does not depend on any terminal, so its text is kept with what
the report rested on (:mod:`claimkb.cache.rendering`) and, while all of that is unchanged,
replayed: nothing is imported but what lists and stats the files.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..report import Report

__all__ = ["quick_check", "plain_mode"]

_TERMINAL_SETTINGS = ("FORCE_COLOR", "TTY_COMPATIBLE")
"""Settings under which rich may style output that is not a terminal."""


def quick_check(arguments: list[str]) -> int | None:
    """The exit code of ``claimkb ARGUMENTS`` if it was answered here, else None."""
    known, root = _root(arguments)
    if not known:
        return None
    from ..errors import ClaimkbError

    mode = plain_mode()
    try:
        if mode is not None:
            from ..replay import check_text

            replayed = check_text(root, mode)
            if replayed is not None:
                sys.stdout.write(replayed[0])
                return replayed[1]
        from ..workspace import Workspace
        from .progress import progress_bar

        texts: list[str] = []
        with progress_bar() as bar:  # as the check command shows it, if the check is slow
            workspace = Workspace(root, cache=True, progress=bar)
            # text for a file or a pipe is rendered while the cache is still being written
            report = workspace.report(None if mode is None else lambda r: texts.append(_text(r)))
    except ClaimkbError:  # the typer app reports it, with its own wording and exit code
        return None
    from ..catalogue import Severity

    code = 1 if report.failed(Severity.ERROR) else 0
    if mode is None:
        from ..render.console import stdout
        from ..render.text import render

        render(report, stdout(), show_triaged=False)
        return code
    sys.stdout.write(texts[0])
    workspace.keep_text(mode, texts[0], code)
    return code


def _text(report: Report) -> str:
    """The report as the ``check`` command prints it to a file or a pipe."""
    from ..render.text import plain

    return plain(report, show_triaged=False)


def plain_mode() -> str | None:
    """What the text of a report printed on standard output depends on, when that is not a
    terminal and nothing asks for styling anyway (None otherwise: it is rendered each time)."""
    try:
        if sys.stdout.isatty():
            return None
    except (AttributeError, ValueError):
        return None
    if any(name in os.environ for name in _TERMINAL_SETTINGS):
        return None
    return repr(("plain", os.environ.get("COLUMNS"), bool(os.environ.get("NO_COLOR"))))


def _root(arguments: list[str]) -> tuple[bool, Path | None]:
    """Whether the command line is ``check`` with at most ``--root DIR``, and that root
    (None: the nearest)."""
    if not arguments or arguments[0] != "check":
        return False, None
    rest = arguments[1:]
    if not rest:
        return True, None
    if len(rest) == 2 and rest[0] == "--root" and rest[1] and not rest[1].startswith("-"):
        return True, Path(rest[1])
    if len(rest) == 1 and rest[0].startswith("--root=") and len(rest[0]) > len("--root="):
        return True, Path(rest[0][len("--root=") :])
    return False, None
