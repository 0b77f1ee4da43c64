"""``claimkb draft SOURCE`` answered without the command line.

Assembling typer's command line costs a process about a seventh of a second, a large part
of drafting an article. So the plain form - ``claimkb draft SOURCE`` with at most
``--root DIR``, ``--snapshot-dir DIR`` (repeatable) and ``--reasons`` - is run here as the
``draft`` command runs it (:mod:`.drafting`): the same Workspace, the same change written,
the same summary, table and note printed (by :func:`show_drafts`, which the command uses too).
Anything else (another option, a value that looks like an option, an unusable root, a
source that cannot be drafted, a file that changed under us) goes to the typer app, which
answers as it always has: nothing here prints or writes unless the change is planned.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["quick_draft", "show_drafts"]


def quick_draft(arguments: list[str]) -> int | None:
    """The exit code of ``claimkb ARGUMENTS`` if it was answered here, else None."""
    parsed = _parse(arguments)
    if parsed is None:
        return None
    source, root, snapshot_dirs, reasons = parsed
    from ..errors import ClaimkbError
    from ..workspace import Workspace
    from .progress import progress_bar

    try:
        workspace = Workspace(root, cache=True, snapshot_dirs=snapshot_dirs or None)
        with progress_bar() as bar:  # as the command loads it
            workspace.progress = bar
            workspace.kb  # noqa: B018 (loaded here, under the bar)
        workspace.progress = None
        change = workspace.draft(source)
        workspace.write(change)
    except ClaimkbError:  # nothing was written: the typer app says why, in its own words
        return None

    def echo(message: str) -> None:
        sys.stderr.write(message + "\n")
        sys.stderr.flush()

    echo(change.summary)
    show_drafts(list(change.data["drafts"]), reasons, False, change.data.get("skipped"), echo)  # type: ignore[call-overload]
    return 0


def show_drafts(
    rows: list[dict[str, Any]],
    reasons: bool,
    json_: bool,
    skipped: Any,
    echo: Callable[[str], None],
) -> None:
    """Print drafts as JSON, or as the table (with the reasons, if asked), then what was not
    proposed again (through ``echo``, on standard error)."""
    if json_:
        from ..render.json import write

        write(rows)
        return
    from ..render import authoring as render
    from ..render.console import stdout

    console = stdout()
    render.drafts(console, rows)
    if reasons:
        render.draft_reasons(console, rows)
    if skipped and any(skipped.values()):
        echo(
            "claimkb: not proposed again: "
            + ", ".join(f"{n} {why}" for why, n in skipped.items() if n)
        )


def _parse(arguments: list[str]) -> tuple[str, Path | None, list[Path], bool] | None:
    """(source, root, snapshot dirs, --reasons) of ``draft SOURCE [--root DIR]
    [--snapshot-dir DIR]... [--reasons]``, else None."""
    if not arguments or arguments[0] != "draft":
        return None
    source: str | None = None
    root: Path | None = None
    dirs: list[Path] = []
    reasons = False
    rest = arguments[1:]
    index = 0
    while index < len(rest):
        word = rest[index]
        name, equals, value = word.partition("=")
        if name in ("--root", "--snapshot-dir"):
            if not equals:
                index += 1
                value = rest[index] if index < len(rest) else ""
            if not value or value.startswith("-") or (name == "--root" and root is not None):
                return None
            if name == "--root":
                root = Path(value)
            else:
                dirs.append(Path(value))
        elif word == "--reasons" and not reasons:
            reasons = True
        elif word.startswith("-") or source is not None or not word:
            return None
        else:
            source = word
        index += 1
    if source is None:
        return None
    return source, root, dirs, reasons
