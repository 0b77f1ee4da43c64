"""JSON answers to the query commands given before typer is assembled.

A question asked after a check is answered from what the check left - every claim's row
(:mod:`claimkb.cache.rows`), the ``sources`` and ``timeline`` answers
(:mod:`claimkb.cache.ready`), the query index and the stored report - or, asked again, from
the answer kept (:mod:`claimkb.cache.answers`), each in a fraction of a second; assembling
typer's command line would be a large part of its time. So the plain
forms - ``claims``, ``show ID``, ``entity NAME``, ``sources``, ``timeline`` and ``conflicts``
with ``--json``, at most ``--root DIR`` and the options :data:`FORMS` lists, each given once
with its value - are answered here exactly as their command answers them. Anything else
(another option, a ``--status``, a value that looks like an option, nothing stored, a changed
file, an unusable root, no claim found) goes to the typer app, which answers as it always
has: nothing here prints unless the whole answer is at hand.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..results import Answer
    from ..workspace import Workspace
    from ..workspace.quick import Rows

__all__ = ["quick_question", "print_rows", "print_ready", "FORMS", "KEEP_ROWS"]

KEEP_ROWS = 5000
"""Answers of at most this many claims are kept (:mod:`claimkb.cache.answers`); a longer one
is printed a piece at a time and never held whole (it is as quick to print it again)."""

FORMS: dict[str, tuple[tuple[str, ...], tuple[str, ...], int]] = {
    "claims": (("subject", "property", "source", "text"), (), 0),
    "show": ((), (), 1),
    "entity": ((), (), 1),
    "sources": ((), (), 0),
    "timeline": ((), (), 0),
    "conflicts": ((), ("untriaged",), 0),
}
"""Command -> (its options taking a value, its flags, how many arguments) answered here."""


def quick_question(arguments: list[str]) -> int | None:
    """The exit code of ``claimkb ARGUMENTS`` if it was answered here, else None."""
    parsed = _parse(arguments)
    if parsed is None:
        return None
    command, given = parsed
    from ..errors import ClaimkbError
    from ..workspace import Workspace

    root = given.pop("root", None)
    try:
        workspace = Workspace(Path(root) if root is not None else None, cache=True)
        known = workspace.kept(command, *_question(command, given))
        if known is not None:
            sys.stderr.write(known.note)
            sys.stdout.write(known.out)
            return 0
        return _answer(workspace, command, given)
    except ClaimkbError:  # the typer app reports it, with its own wording and exit code
        return None


def _answer(workspace: Workspace, command: str, given: dict[str, Any]) -> int | None:
    """Answer from what the check left, if it holds the answer."""
    from ..workspace import quick

    if command == "claims":
        filters = {name: given.get(name) for name in FORMS["claims"][0]}
        rows = quick.claim_rows(workspace, **filters)
        if rows is None:
            return None
        print_rows(workspace, rows, sys.stdout.write, sys.stderr.write)
        return 0
    if command in ("sources", "timeline"):
        return 0 if print_ready(workspace, command, sys.stdout.write, sys.stderr.write) else None
    answer = _from_index(workspace, command, given)
    if answer is None:
        return None
    from ..render.json import dumps

    out = dumps(answer.to_json()) + "\n"
    sys.stderr.write(answer.note)
    sys.stdout.write(out)
    workspace.keep(out, answer)
    return 0


def _from_index(workspace: Workspace, command: str, given: dict[str, Any]) -> Answer[Any] | None:
    """The answer of ``show``, ``entity`` or ``conflicts`` as the Workspace gives it, if the
    query index (or the stored report) holds it; else None (a NotFound too: the app says it)."""
    from ..workspace import quick

    if command == "conflicts":
        return quick.conflicts(workspace, given.get("untriaged", False))
    if command == "show":
        return quick.show(workspace, given["#0"])
    return quick.entity(workspace, given["#0"])


def print_rows(
    workspace: Workspace, rows: Rows, out: Callable[[str], Any], err: Callable[[str], Any]
) -> None:
    """Print the answer ``claims --json`` gives (its note on stderr first), and keep it for
    the same question if it is short (see :data:`KEEP_ROWS`)."""
    from ..results import Answer
    from ..workspace.quick import write_rows as write

    answer: Answer[list[Any]] = Answer([], rows.unreadable)
    err(answer.note)
    if len(rows) > KEEP_ROWS:
        write(rows, out)
        return
    pieces: list[str] = []
    write(rows, pieces.append)
    text = "".join(pieces)
    out(text)
    workspace.keep(text, answer)


def print_ready(
    workspace: Workspace, command: str, out: Callable[[str], Any], err: Callable[[str], Any]
) -> bool:
    """Print the ``--json`` answer of ``sources`` or ``timeline`` the check wrote, if it did
    (its note on stderr first); whether it did."""
    from ..results import Answer
    from ..workspace.quick import ready

    found = ready(workspace, command)
    if found is None:
        return False
    text, unreadable = found
    err(Answer([], unreadable).note)
    out(text)
    return True


def _question(command: str, given: dict[str, Any]) -> tuple[object, ...]:
    """The arguments the command asks its kept answer with (see :mod:`.queries`)."""
    if command == "claims":
        get = given.get
        return (get("subject"), get("property"), get("source"), None, get("text"))
    if command == "conflicts":
        return (given.get("untriaged", False), False)
    return tuple(given.get(f"#{n}") for n in range(FORMS[command][2]))


def _parse(arguments: list[str]) -> tuple[str, dict[str, Any]] | None:
    """(command, option or ``#N`` argument -> value) of a command line of one of
    :data:`FORMS` with ``--json``, or None."""
    if not arguments or arguments[0] not in FORMS:
        return None
    command = arguments[0]
    options, flags, count = FORMS[command]
    given: dict[str, Any] = {}
    as_json = False
    taken = 0
    rest = iter(arguments[1:])
    for word in rest:
        if not word.startswith("-") and taken < count:
            given[f"#{taken}"] = word
            taken += 1
            continue
        if word == "--json" and not as_json:
            as_json = True
            continue
        name, equals, value = word.partition("=")
        name = name[2:] if name.startswith("--") else ""
        if name in flags and not equals and name not in given:
            given[name] = True
            continue
        if not equals:
            value = next(rest, "-")  # a missing value: the app says so
        if name not in (*options, "root") or name in given or value.startswith("-"):
            return None
        if name == "root" and not value:
            return None
        given[name] = value
    return (command, given) if as_json and taken == count else None
