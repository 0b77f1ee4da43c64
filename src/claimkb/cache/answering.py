"""Answers from what a check left, for :mod:`claimkb.workspace.quick`: the claims a
``claims`` question lists, as rows (:mod:`.rows`), and the answers written ready
(:mod:`.ready`). Each raises :class:`~.indexed.Unavailable` when the index cannot give it,
and the question is answered the usual way."""

from __future__ import annotations

from collections.abc import Iterable

from .indexed import Indexed, Unavailable
from .rows import Rows

__all__ = ["select", "ready"]


def select(
    index: Indexed,
    *,
    subject: str | None = None,
    property: str | None = None,
    source: str | None = None,
    status: str | None = None,
    text: str | None = None,
) -> Rows | None:
    """The claims :func:`claimkb.query.find_claims` finds with these filters, or None when
    there is none (the usual way then says which filter names nothing)."""
    try:
        rows = Rows(index.part("rows"))
    except ValueError:
        raise Unavailable("the index's rows are damaged") from None
    chosen: set[int] | None = None
    if subject is not None:
        chosen = _narrow(chosen, index.about(_subject_id(index, rows, subject)))
    for column, value in (("property", property), ("source", source), ("status", status)):
        if value is not None:
            chosen = _narrow(chosen, index.where(column, value))
    if text:
        chosen = _narrow(chosen, index.matching(text.casefold()))
    found = rows if chosen is None else rows.of(chosen)
    found.unreadable = index.load_findings
    return found if len(found) else None


def _subject_id(index: Indexed, rows: Rows, subject: str) -> str:
    """The entity ``subject`` names (or ``subject`` itself), as :meth:`claimkb.kb.KB.entity`
    finds it: a subject some claim writes was resolved by the check already."""
    if subject in rows.entity_ids:
        return subject
    written = index.resolved_as(subject)
    if written is not None:
        return written
    from ..namekey import name_key

    return index.names.get(name_key(subject)) or subject


def _narrow(chosen: set[int] | None, found: Iterable[int]) -> set[int]:
    return set(found) if chosen is None else chosen.intersection(found)


def ready(index: Indexed, command: str) -> tuple[str, int]:
    """(the ``--json`` text of ``command``, the load findings its note counts)."""
    answers = index.part("ready")
    text = answers.get(command) if isinstance(answers, dict) else None
    if not isinstance(text, str):
        raise Unavailable(f"the index holds no {command} answer")
    return text, index.load_findings
