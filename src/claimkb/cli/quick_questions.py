"""``claimkb claims ... --json`` answered from the query index before typer is assembled.

A question asked after a check is answered from the rows the check left
(:mod:`claimkb.cache.rows`) in a fraction of a second, so assembling typer's command line,
importing the model and rebuilding records would be most of its time. The commonest form -
``claims`` with ``--json`` and any of ``--root``, ``--subject``, ``--property``, ``--source``
and ``--text``, each given once with its value - is answered here, exactly as the ``claims``
command answers it (an answer kept before, else the rows). Anything else (another option, a
``--status``, a value that looks like an option, no index, a changed file, an unusable root,
no claim found) goes to the typer app, which answers as it always has: nothing here prints
unless the whole answer is at hand.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..cache.rows import Rows
    from ..workspace import Workspace

__all__ = ["quick_question", "print_rows", "KEEP_ROWS"]

KEEP_ROWS = 5000
"""Answers of at most this many claims are kept (:mod:`claimkb.cache.answers`); a longer one
is printed a piece at a time and never held whole (it is as quick to print it again)."""
_FILTERS = ("subject", "property", "source", "text")


def quick_question(arguments: list[str]) -> int | None:
    """The exit code of ``claimkb ARGUMENTS`` if it was answered here, else None."""
    given = _claims_options(arguments)
    if given is None:
        return None
    from ..errors import ClaimkbError
    from ..workspace import Workspace

    root = given.pop("root", None)
    filters = {name: given.get(name) for name in _FILTERS}
    try:
        workspace = Workspace(Path(root) if root is not None else None, cache=True)
        known = workspace.kept("claims", *_question(filters))
        if known is not None:
            sys.stderr.write(known.note)
            sys.stdout.write(known.out)
            return 0
        rows = workspace.claim_rows(**filters)
    except ClaimkbError:  # the typer app reports it, with its own wording and exit code
        return None
    if rows is None:
        return None
    print_rows(workspace, rows, sys.stdout.write, sys.stderr.write)
    return 0


def print_rows(
    workspace: Workspace, rows: Rows, out: Callable[[str], Any], err: Callable[[str], Any]
) -> None:
    """Print the answer ``claims --json`` gives (its note on stderr first), and keep it for
    the same question if it is short (see :data:`KEEP_ROWS`)."""
    from ..cache.rows import write
    from ..results import Answer

    answer: Answer[list[Any]] = Answer([], rows.unreadable)
    if answer.note:
        err(answer.note)
    if len(rows) > KEEP_ROWS:
        write(rows, out)
        return
    pieces: list[str] = []
    write(rows, pieces.append)
    text = "".join(pieces)
    out(text)
    workspace.keep(text, answer)


def _question(filters: dict[str, str | None]) -> tuple[str | None, ...]:
    """The arguments the ``claims`` command asks its kept answer with."""
    return (filters["subject"], filters["property"], filters["source"], None, filters["text"])


def _claims_options(arguments: list[str]) -> dict[str, str] | None:
    """The options of ``claims ... --json`` (name -> value), or None when the command line
    is not of that form."""
    if not arguments or arguments[0] != "claims":
        return None
    given: dict[str, str] = {}
    as_json = False
    rest = iter(arguments[1:])
    for word in rest:
        if word == "--json" and not as_json:
            as_json = True
            continue
        name, equals, value = word.partition("=")
        if not equals:
            value = next(rest, "-")  # a missing value: the app says so
        name = name[2:] if name.startswith("--") else ""
        if name not in (*_FILTERS, "root") or name in given or value.startswith("-"):
            return None
        if name == "root" and not value:
            return None
        given[name] = value
    return given if as_json else None
