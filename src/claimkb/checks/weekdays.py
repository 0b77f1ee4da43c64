"""Dates written with a weekday that the calendar does not give them."""

from __future__ import annotations

from collections.abc import Iterator

from ..findings import Finding, make
from ..kb import KB
from ..values import DateValue, weekday_disagreement


def check(kb: KB) -> Iterator[Finding]:
    """A ``weekday-mismatch`` for each date read as one day whose written weekday is another.

    The weekday is checked here rather than refused while reading, so that a KB can record an
    article's mistake as written and triage it."""
    for claim_id, value in kb.values.items():
        if not isinstance(value, DateValue) or value.precision != "day":
            continue
        claim = kb.claims[claim_id]
        found = weekday_disagreement(claim.written, value)
        if found is None:
            continue
        stated, actual = found
        yield make(
            "weekday-mismatch",
            claim.file,
            claim.line_of("value"),
            [claim.id],
            claim=claim.id,
            value=claim.written,
            stated=stated,
            date=value.earliest.isoformat(),
            actual=actual,
        )
