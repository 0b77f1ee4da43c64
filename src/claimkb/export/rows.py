"""A claim as one flat row: its stable fields and its normalised value spread over columns.

CSV and SQLite share this shape, so a column means the same thing in both. Quantities fill
``amount`` (null when only bounds are known), ``lower``/``upper`` (null when open-ended), ``unit``
(the base unit: ``parameter``, ``byte``, ``byte/second`` ...) and ``dimension``; dates fill
``earliest``/``latest`` (ISO days) and ``date_precision``; entity values fill ``entity_id``;
booleans ``boolean``; ``derived`` is a derived claim's expression. ``subject_id`` is the
entity the subject names (null when it names none). Qualifiers, ``via`` and ``items`` are JSON
text.
"""

from __future__ import annotations

import json
from typing import Any

from ..kb import KB
from ..model import Claim
from ..query import claim_dict

CLAIM_COLUMNS = (
    "id",
    "subject",
    "subject_id",
    "property",
    "value",
    "value_type",
    "amount",
    "lower",
    "upper",
    "unit",
    "dimension",
    "written_unit",
    "precision",
    "approximate",
    "binary_prefix",
    "earliest",
    "latest",
    "date_precision",
    "entity_id",
    "boolean",
    "value_error",
    "source",
    "quote",
    "status",
    "qualifiers",
    "via",
    "items",
    "derived",
    "note",
    "file",
    "line",
)

_NORMALIZED = {
    # column: key in the normalised value's dict
    "amount": "amount",
    "lower": "lower",
    "upper": "upper",
    "unit": "unit",
    "dimension": "dimension",
    "written_unit": "written_unit",
    "precision": "precision",
    "approximate": "approximate",
    "binary_prefix": "binary_prefix",
    "earliest": "earliest",
    "latest": "latest",
    "entity_id": "entity",
}


def claims_in_order(kb: KB) -> list[Claim]:
    """Claims as they appear in the files (file, then line): a stable export order."""
    return sorted(kb.claims.values(), key=lambda c: (c.file, c.line, c.id))


def claim_row(kb: KB, claim: Claim) -> dict[str, Any]:
    """The claim as a flat mapping over :data:`CLAIM_COLUMNS`."""
    data = claim_dict(kb, claim)
    normalized: dict[str, Any] = data["normalized"] or {}
    kind = normalized.get("type")
    row: dict[str, Any] = dict.fromkeys(CLAIM_COLUMNS)
    for column in ("id", "subject", "property", "value", "value_error"):
        row[column] = data[column]
    entity = kb.entity(claim.subject)
    row["subject_id"] = entity.id if entity else None
    for column in ("source", "quote", "status", "note", "file", "line"):
        row[column] = data[column]
    row["value_type"] = kind
    for column, key in _NORMALIZED.items():
        row[column] = normalized.get(key)
    if kind == "date":
        row["date_precision"] = normalized.get("precision")
        row["precision"] = None
    if kind == "boolean":
        row["boolean"] = normalized.get("value")
    row["qualifiers"] = json.dumps(data["qualifiers"], ensure_ascii=False, sort_keys=True)
    row["via"] = None if data["via"] is None else json.dumps(data["via"], ensure_ascii=False)
    row["items"] = json.dumps(data["items"], ensure_ascii=False)
    row["derived"] = data["derived"]["expr"] if data["derived"] else None
    return row
