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


def _property(kb: KB, prop: Property) -> Iterator[Finding]:
    what = f"property '{prop.id}'"
    quantity = prop.datatype is Datatype.QUANTITY
    if quantity and not prop.dimension:
        yield make("missing-field", prop.file, prop.line, what=what, field="dimension")
    elif quantity and kb.dimension_of(prop) is None:
        close = suggest_dimension(str(prop.dimension), kb.unit_system[0])
        hint = f" (did you mean '{close}'?)" if close else ""
        yield make(
            "invalid-value",
            prop.file,
            prop.line_of("dimension"),
            what=what,
            field="dimension",
            detail=f"is {prop.dimension!r}, which names no dimension or unit{hint} "
            "(see the README's list of dimensions)",
        )
    elif prop.dimension and not quantity:
        yield make(
            "invalid-value",
            prop.file,
            prop.line_of("dimension"),
            what=what,
            field="dimension",
            detail="applies only to quantity properties",
        )
    if prop.currency is None:
        return
    if not quantity:
        detail = "applies only to quantity properties"
    elif prop.currency not in CODES:
        near = difflib.get_close_matches(prop.currency.upper(), sorted(CODES), n=1, cutoff=0.6)
        hint = f" (did you mean '{near[0]}'?)" if near else ""
        detail = f"is {prop.currency!r}, which is no ISO 4217 currency code{hint}"
    else:
        return
    yield make(
        "invalid-value",
        prop.file,
        prop.line_of("currency"),
        what=what,
        field="currency",
        detail=detail,
    )
