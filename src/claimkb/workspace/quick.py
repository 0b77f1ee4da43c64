"""A Workspace's quick answers: what the last check left, for the command line to print
without loading the KB or (before typer is assembled) the record models.

Each returns None when what the check left cannot give the answer (no check of the files as
they are, a damaged or missing piece, nothing found): the question is then asked the usual
way, through the :class:`~claimkb.workspace.Workspace`'s own methods, which answer the same.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..cache.indexed import Indexed
    from ..cache.rows import Rows
    from ..findings import Finding
    from ..results import Answer
    from . import Workspace

__all__ = ["claim_rows", "write_rows", "ready", "conflicts", "show", "entity"]


def claim_rows(workspace: Workspace, **filters: str | None) -> Rows | None:
    """What :meth:`~claimkb.workspace.Workspace.claims` finds, as the JSON rows the check
    kept (:mod:`claimkb.cache.rows`); None also when it finds nothing."""
    from ..cache.answering import select

    return workspace.indexed(lambda index: select(index, **filters))


def write_rows(rows: Rows, out: Callable[[str], Any]) -> None:
    """Print the rows as ``claims --json`` prints its answer, a piece at a time."""
    from ..cache.rows import write

    write(rows, out)


def ready(workspace: Workspace, command: str) -> tuple[str, int] | None:
    """(the ``--json`` text of ``sources`` or ``timeline`` the check wrote, the number of
    load findings its note counts)."""
    from ..cache.answering import ready as written

    return workspace.indexed(lambda index: written(index, command))


def conflicts(workspace: Workspace, untriaged: bool) -> Answer[list[Finding]] | None:
    """:meth:`~claimkb.workspace.Workspace.conflicts` from the stored report, without
    importing the model."""
    from ..results import Answer

    stored = workspace.indexed(lambda index: index.findings())
    if stored is None:
        return None
    state, findings = stored
    chosen = [f for f in findings if f.entry.triageable]  # claimkb.query.discrepancies
    if untriaged:
        chosen = [f for f in chosen if not f.triaged]
    return Answer(chosen, snapshots=state)


def show(workspace: Workspace, claim_id: str) -> Answer[Any] | None:
    """:meth:`~claimkb.workspace.Workspace.show` from what the check kept
    (:mod:`claimkb.cache.plain`: no record model), else from the query index's records
    (raises NotFound)."""
    from ..cache import plain
    from ..results import Answer

    def answer(index: Indexed) -> Answer[Any]:
        found = plain.show(index, claim_id)
        if found is not None:
            return Answer(found[0], snapshots=found[1])
        from ..results import Shown

        data, state = index.show(claim_id)
        return Answer(Shown.from_dict(data), snapshots=state)

    return workspace.indexed(answer)


def entity(workspace: Workspace, name: str) -> Answer[Any] | None:
    """:meth:`~claimkb.workspace.Workspace.entity` from what the check kept (no record
    model) when ``name`` is written as a record writes it, else from the query index's
    records (raises NotFound)."""
    from ..cache import plain
    from ..results import Answer

    def answer(index: Indexed) -> Answer[Any]:
        found = plain.entity(index, name)
        if found is not None:
            return Answer(found)
        from ..results import EntityAnswer

        return Answer(EntityAnswer.from_dict(index.entity(name)))

    return workspace.indexed(answer)
