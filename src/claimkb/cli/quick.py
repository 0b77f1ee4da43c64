"""``claimkb check`` on a KB that has not changed, answered without the command line.

Assembling typer's command line for every command costs more than answering a check whose
stored report still holds (a survey of the files' stats and one read). So the two commonest
forms - ``claimkb check`` and ``claimkb check --root DIR`` - first ask the Workspace for that
report and, when it has it, print it exactly as the ``check`` command prints it and exit
with its code. Everything else (another option, no stored report, a changed file, a root
that cannot be used) goes to the typer app, which answers as it always has: nothing here
prints unless the whole answer is at hand.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["quick_check"]


def quick_check(arguments: list[str]) -> int | None:
    """The exit code of ``claimkb ARGUMENTS`` if it was answered here, else None."""
    known, root = _root(arguments)
    if not known:
        return None
    from ..errors import ClaimkbError
    from ..workspace import Workspace

    try:
        report = Workspace(root, cache=True).unchanged_report()
    except ClaimkbError:  # the typer app reports it, with its own wording and exit code
        return None
    if report is None:
        return None
    from ..catalogue import Severity
    from ..render.console import stdout
    from ..render.text import render

    render(report, stdout(), show_triaged=False)
    return 1 if report.failed(Severity.ERROR) else 0


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
