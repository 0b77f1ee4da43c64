"""A claim's row: the one stable shape ``--json`` prints a claim in (see the README), made
from the claim's values in one tuple.

Apart from :mod:`claimkb.rowvalues`, which takes the values from the records (for
:func:`claimkb.query.claim_dicts` and the query index), so that rows the check stored as such
tuples (:mod:`claimkb.cache.rows`) are printed in the same shape without importing the
record models: the shape is written here once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["FIELDS", "Reading", "row"]

FIELDS = (
    "id",
    "subject",
    "subject_id",
    "property",
    "value",
    "normalized",
    "value_error",
    "source",
    "quote",
    "status",
    "qualifiers",
    "via",
    "reviews",
    "items",
    "derived",
    "note",
    "file",
    "line",
)
"""A row's keys, in the order it is printed."""

Reading = tuple[Any, Any]
"""A claim's value as its row gives it: (``normalized``, ``value_error``)."""

Values = tuple[Any, ...]
"""(id, subject, subject_id, property, value as written, reading, source, quote, status,
qualifiers, via, reviews, items, derived, note, file, line): the row's values, its
``normalized`` and ``value_error`` given by the number (``reading``) of a :data:`Reading`
among those it is made with, which claims stating one value share."""


def row(values: Values, readings: Sequence[Reading]) -> dict[str, Any]:
    """The row of the claim with these values. Its containers are its own (copies), but for
    ``via`` and the reading's ``normalized``, which rows stating alike share."""
    (
        claim_id,
        subject,
        subject_id,
        prop,
        value,
        reading,
        source,
        quote,
        status,
        qualifiers,
        via,
        reviews,
        items,
        derived,
        note,
        file,
        line,
    ) = values
    normalized, error = readings[reading]
    return {
        "id": claim_id,
        "subject": subject,
        "subject_id": subject_id,
        "property": prop,
        "value": value,
        "normalized": normalized,
        "value_error": error,
        "source": source,
        "quote": quote,
        "status": status,
        "qualifiers": dict(qualifiers) if qualifiers else {},
        "via": via,
        "reviews": list(reviews) if reviews else [],
        "items": list(items) if items else [],
        "derived": dict(derived) if derived else derived,
        "note": note,
        "file": file,
        "line": line,
    }
