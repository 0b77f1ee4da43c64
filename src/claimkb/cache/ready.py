"""Answers a check writes ready: the ``--json`` text of ``sources``.

The question takes no argument and its answer is a pure function of what the query index's
key covers, so the check that builds the index (:mod:`.query_index`) writes its text as the
command prints it - the data encoded by the same :func:`claimkb.render.json.dumps` - and
asking it after the check is one read. ``timeline``'s answer is kept as its claims' row
values instead (:func:`.query_index.timeline_of`), which the question encodes: encoding it
cost every check more than the question.
"""

from __future__ import annotations

from typing import Any

__all__ = ["READY", "build"]

READY = ("sources",)
"""The commands whose ``--json`` answer the check writes."""


def build(sources: list[dict[str, Any]]) -> dict[str, str]:
    """The ``--json`` text of each of :data:`READY`, from what :func:`claimkb.query.sources`
    gave for the KB."""
    from ..render.json import dumps

    # the command prints Answer(SourceRow.from_dict(...)).to_json(), which is this data
    # again (the tests compare them)
    return {"sources": dumps(sources) + "\n"}
