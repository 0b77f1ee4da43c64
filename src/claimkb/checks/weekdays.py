"""Dates written with a weekday that the calendar does not give them.

Checked in :mod:`.values`' pass over the values rather than refused while reading, so that a
KB can record an article's mistake as written and triage it; the claim keeps the calendar
date."""

from __future__ import annotations

from ..findings import Finding, make
from ..model import Claim
from ..values import DateValue, weekday_disagreement


def mismatch(claim: Claim, value: DateValue) -> Finding | None:
    """A ``weekday-mismatch`` when ``value`` is one day and the weekday written beside it in
    the claim's value is another."""
    if value.precision != "day":
        return None
    found = weekday_disagreement(claim.written, value)
    if found is None:
        return None
    stated, actual = found
    return make(
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
