"""Values that cannot be read for their property's datatype, source dates that cannot be
read, counts that do not match the items the source lists, and weekdays that do not match
their dates (:mod:`.weekdays`)."""

from __future__ import annotations

from collections.abc import Iterator

from ..findings import Finding, make
from ..kb import KB
from ..values import (
    DateValue,
    NeedsSourceDate,
    Quantity,
    ValueProblem,
    expected_forms,
    parse_date,
)
from .weekdays import mismatch

CODES = frozenset(
    {
        "count-mismatch",
        "invalid-value",
        "unparseable-value",
        "weekday-mismatch",
    }
)
"""The findings (catalogue slugs) this check can report; a test holds it to what it emits."""


def check(kb: KB) -> Iterator[Finding]:
    yield from _source_dates(kb)
    for claim_id, value in kb.values.read_all().items():
        claim = kb.claims[claim_id]
        prop = kb.properties[claim.property]
        if isinstance(value, ValueProblem):
            line = claim.line_of(value.field)
            yield make(
                "unparseable-value",
                claim.file,
                line,
                [claim.id],
                claim=claim.id,
                value=claim.written,
                expected=expected_forms(
                    prop.datatype.value, kb.dimension_of(prop) or prop.dimension
                ),
                detail=str(value),
            )
            continue
        if isinstance(value, DateValue):
            wrong_weekday = mismatch(claim, value)
            if wrong_weekday is not None:
                yield wrong_weekday
        if claim.items:
            yield from _count(claim.id, kb, value)


def _count(claim_id: str, kb: KB, value: object) -> Iterator[Finding]:
    claim = kb.claims[claim_id]
    listed = len(claim.items)
    if not isinstance(value, Quantity):
        yield make(
            "invalid-value",
            claim.file,
            claim.line_of("items"),
            [claim.id],
            what=f"claim '{claim.id}'",
            field="items",
            detail="lists items, but only a count (a quantity) can be checked against them",
        )
        return
    if not value.lower <= listed <= value.upper:
        yield make(
            "count-mismatch",
            claim.file,
            claim.line_of("items"),
            [claim.id],
            claim=claim.id,
            value=claim.written,
            listed=listed,
            items="; ".join(claim.items),
        )


def _source_dates(kb: KB) -> Iterator[Finding]:
    """A source's date gives the year of the dates its claims write without one, so it must
    be a readable date with a year."""
    for source in kb.sources.values():
        if source.date is None:
            continue
        try:
            parse_date(str(source.date))
        except ValueProblem as problem:
            why = (
                "a source's own date needs a year and cannot be relative"
                if isinstance(problem, NeedsSourceDate)
                else str(problem)
            )
            yield make(
                "invalid-value",
                source.file,
                source.line_of("date"),
                what=f"source '{source.id}'",
                field="date",
                detail=f"is {str(source.date)!r}: {why} (write e.g. 2026-11-06 or 2026-11)",
            )
