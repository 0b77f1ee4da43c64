"""The registry's units and dimensions: each quantity property names a dimension (with the
nearest name when it is misspelt), a property's ``currency:`` is an ISO 4217 code, and each
of the KB's own units can be read."""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from ..findings import Finding, make
from ..kb import KB
from ..model import Datatype, Property
from ..values.currency import CODES
from ..values.units import suggest_dimension


def registry_findings(kb: KB) -> Iterator[Finding]:
    for prop in kb.properties.values():
        yield from _property(kb, prop)
    problems = kb.unit_system[1]
    for unit_id, problem in problems.items():
        unit = kb.units[unit_id]
        field = "definition" if unit.definition is not None else "dimension"
        yield make(
            "invalid-value",
            unit.file,
            unit.line_of(field),
            what=f"unit '{unit.id}'",
            field=field,
            detail=f"cannot be read: {problem}",
        )


def bad_field(prop: Property, field: str, detail: str) -> Finding:
    """The ``invalid-value`` finding for one of a property's fields, located at that field."""
    return make(
        "invalid-value",
        prop.file,
        prop.line_of(field),
        what=f"property '{prop.id}'",
        field=field,
        detail=detail,
    )


def _did_you_mean(near: str | None) -> str:
    return f" (did you mean '{near}'?)" if near else ""


def _property(kb: KB, prop: Property) -> Iterator[Finding]:
    quantity = prop.datatype is Datatype.QUANTITY
    if quantity and not prop.dimension:
        yield make(
            "missing-field", prop.file, prop.line, what=f"property '{prop.id}'", field="dimension"
        )
    elif quantity and kb.dimension_of(prop) is None:
        hint = _did_you_mean(suggest_dimension(str(prop.dimension), kb.unit_system[0]))
        yield bad_field(
            prop,
            "dimension",
            f"is {prop.dimension!r}, which names no dimension or unit{hint} "
            "(see docs/values.md for the dimensions)",
        )
    elif prop.dimension and not quantity:
        yield bad_field(prop, "dimension", "applies only to quantity properties")
    if prop.currency is None:
        return
    if not quantity:
        yield bad_field(prop, "currency", "applies only to quantity properties")
    elif prop.currency not in CODES:
        near = difflib.get_close_matches(prop.currency.upper(), sorted(CODES), n=1, cutoff=0.6)
        hint = _did_you_mean(near[0] if near else None)
        yield bad_field(
            prop, "currency", f"is {prop.currency!r}, which is no ISO 4217 currency code{hint}"
        )
