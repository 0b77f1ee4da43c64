"""Answers a check writes ready: the ``--json`` text of ``sources`` and ``timeline``.

Neither question takes an argument and both answers are pure functions of what the query
index's key covers, so the check that builds the index (:mod:`.query_index`) writes their
text as the commands print it - the same data encoded by the same
:func:`claimkb.render.json.dumps` - and asking either after the check is one read.
"""

from __future__ import annotations

from typing import Any

__all__ = ["READY", "build"]

READY = ("sources", "timeline")
"""The commands whose ``--json`` answer the check writes."""


def build(sources: list[dict[str, Any]], timeline: dict[str, Any]) -> dict[str, str]:
    """The ``--json`` text of each of :data:`READY`, from what :func:`claimkb.query.sources`
    and :func:`claimkb.query.timeline` gave for the KB."""
    from ..render.json import dumps

    # the commands print Answer(SourceRow/Timeline.from_dict(...)).to_json(), which is this
    # data again (the tests compare them)
    return {"sources": dumps(sources) + "\n", "timeline": dumps(timeline) + "\n"}
