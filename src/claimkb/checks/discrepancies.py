"""Rival claims that disagree: conflicts, rounding and date-precision discrepancies.

Only single-valued properties have rivals (a model has one total parameter count; it runs on
many chips). Within each (subject, property, qualifiers) group:

* claims whose ranges are disjoint from another's **conflict** (for entities, texts and
  booleans: any two different values conflict);
* otherwise, overlapping values that state different amounts are a **rounding** discrepancy
  (``3 trillion`` against ``2.8 trillion``), and dates of different precision a
  **date-precision** one (``Nov 4`` inside ``11 月初``);
* a source that itself states rival values (a headline's ``3 万亿`` against the body's
  ``2.8 万亿``) is also reported as a **self-contradiction**: an article at odds with itself
  is a finding of its own, whoever else agrees. Dates of different precision that overlap
  (``11 月初`` and ``11 月 4—5 日``) are a refinement, not a contradiction.

A claim is in a conflict exactly when some rival's range ends before its own begins or begins
after its own ends, which the group's minimum upper bound and maximum lower bound decide in
one pass: the check is linear in the group size.

Messages list the values stated, each once: claims that state the same value in different
words (``'invite-only testing' = 'invited testing'``, ``'2.8T' = '2.8 trillion'``) are
listed together, so only a real difference reads as one.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from ..analysis import GroupKey, groups, interval, statements, value_key
from ..findings import Finding, make
from ..kb import KB
from ..model import Claim
from ..values import DateValue, Value

EPS = 1e-9
MAX_LISTED = 6


def check(kb: KB) -> Iterator[Finding]:
    stated = statements(kb)
    for key, members in groups(kb).items():
        prop = kb.properties[key[1]]
        if not prop.single_valued or len(members) < 2:
            continue
        values = {c.id: v for c in members if (v := kb.value(c.id)) is not None}
        distinct = {stated[c.id][1] for c in members}  # value_key of each member's value
        yield from _group(key, members, values, prop.tolerance, distinct)


def _group(
    key: GroupKey,
    members: list[Claim],
    values: dict[str, Value],
    tolerance: float,
    distinct: set[object],
) -> Iterator[Finding]:
    ranges = {cid: r for cid, v in values.items() if (r := interval(v, tolerance)) is not None}
    if len(distinct) > 1:
        yield from _self_contradictions(key, members, values, ranges)
    if len(ranges) < len(values):  # entities, texts, booleans: any difference conflicts
        if len(distinct) > 1:
            yield _finding("conflict", key, members, values)
        return
    min_upper = min(high for _, high in ranges.values())
    max_lower = max(low for low, _ in ranges.values())
    finite = [abs(x) for r in ranges.values() for x in r if math.isfinite(x)]
    eps = EPS * (max(finite, default=1.0) or 1.0)
    in_conflict = [
        c for c in members if min_upper < ranges[c.id][0] - eps or max_lower > ranges[c.id][1] + eps
    ]
    if in_conflict:
        yield _finding("conflict", key, in_conflict, values)
    elif len(distinct) > 1:
        dated = isinstance(next(iter(values.values())), DateValue)
        yield _finding("date-precision" if dated else "rounding", key, members, values)


def _self_contradictions(
    key: GroupKey,
    members: list[Claim],
    values: dict[str, Value],
    ranges: dict[str, tuple[float, float]],
) -> Iterator[Finding]:
    by_source: dict[str, list[Claim]] = {}
    for claim in members:
        by_source.setdefault(claim.source, []).append(claim)
    for source, claims in sorted(by_source.items()):
        if len({value_key(values[c.id]) for c in claims}) < 2:
            continue
        own = [ranges[c.id] for c in claims if c.id in ranges]
        if len(own) == len(claims) and isinstance(values[claims[0].id], DateValue):
            if min(high for _, high in own) >= max(low for low, _ in own):
                continue  # overlapping dates: one refines the other
        yield _finding("self-contradiction", key, claims, values, source=source)


def _finding(
    slug: str, key: GroupKey, claims: list[Claim], values: dict[str, Value], **extra: str
) -> Finding:
    claims = sorted(claims, key=lambda c: (c.file, c.line))
    by_value: dict[object, tuple[list[str], list[str]]] = {}
    for claim in claims:
        value = values.get(claim.id)
        identity = value_key(value) if value is not None else ("written", claim.written)
        writtens, ids = by_value.setdefault(identity, ([], []))
        if claim.written not in writtens:
            writtens.append(claim.written)
        ids.append(claim.id)
    parts = []
    for writtens, ids in list(by_value.values())[:MAX_LISTED]:
        shown = ", ".join(ids[:3]) + (f" +{len(ids) - 3}" if len(ids) > 3 else "")
        parts.append(" = ".join(repr(w) for w in writtens) + f" ({shown})")
    if len(by_value) > MAX_LISTED:
        parts.append(f"... {len(by_value) - MAX_LISTED} more values")
    joiner = " vs " if slug == "conflict" else " ~ "
    qualifiers = "".join(f" [{k}={v}]" for k, v in key[2])
    first = claims[0]
    return make(
        slug,
        first.file,
        first.line_of("value"),
        [c.id for c in claims],
        subject=key[0],
        property=key[1],
        qualifiers=qualifiers,
        values=joiner.join(parts),
        written={c.id: c.written for c in claims},
        **extra,
    )
