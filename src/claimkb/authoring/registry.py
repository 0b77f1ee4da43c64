"""``claimkb registry``: the properties and entities a KB defines, so nobody reads YAML to
find an id, a dimension or the kind of entity a property expects.

Rows are plain dicts (JSON-ready); filters combine (``kind``, ``datatype``, and ``text``,
which matches ids, labels, names and aliases in any case, width or hyphenation).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..kb import KB
from ..values import name_key

__all__ = ["entities", "properties"]


def _matches(text: str | None, *fields: str | None) -> bool:
    if not text:
        return True
    wanted = name_key(text)
    return any(field and wanted in name_key(field) for field in fields)


def properties(
    kb: KB, *, datatype: str | None = None, kind: str | None = None, text: str | None = None
) -> list[dict[str, Any]]:
    """Every property (``kind``: the entity kind it expects), with how many claims use it."""
    used = Counter(c.property for c in kb.claims.values())
    rows = []
    for prop in kb.properties.values():
        if datatype and prop.datatype.value != datatype:
            continue
        if kind and prop.entity_kind != kind:
            continue
        if not _matches(text, prop.id, prop.label, prop.description):
            continue
        rows.append(
            {
                "id": prop.id,
                "label": prop.label,
                "datatype": prop.datatype.value,
                "dimension": prop.dimension,
                "entity_kind": prop.entity_kind,
                "single_valued": prop.single_valued,
                "claims": used.get(prop.id, 0),
                "file": prop.file,
                "line": prop.line,
            }
        )
    return rows


def entities(kb: KB, *, kind: str | None = None, text: str | None = None) -> list[dict[str, Any]]:
    """Every entity with its kind, aliases and what it is part of."""
    rows = []
    for entity in kb.entities.values():
        if kind and entity.kind != kind:
            continue
        if not _matches(text, entity.id, entity.name, *entity.aliases):
            continue
        rows.append(
            {
                "id": entity.id,
                "name": entity.name,
                "kind": entity.kind,
                "aliases": list(entity.aliases),
                "part_of": entity.part_of,
                "file": entity.file,
                "line": entity.line,
            }
        )
    return rows
