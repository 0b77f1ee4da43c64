"""Rival claims that disagree: conflicts, rounding and date-precision discrepancies, and
sources at odds with themselves.

Only single-valued properties have rivals (a model has one total parameter count; it runs on
many chips). Within each (subject, property, qualifiers) group the values split into classes
that hold together (:func:`claimkb.agreement.classes`), and the group's relation is reported
whole:

* when there is more than one class, a **conflict** names every claim of the group, its
  values listed class by class (``'104 billion' ~ 'over 100 billion' vs '1.2 万亿'``): each
  class is at odds with another, and a claim consistent with both sides is part of the
  dispute as much as the claims that are apart (for entities, texts and booleans every
  different value is a class of its own);
* within each class, values that differ are a **rounding** (``3 trillion`` against ``2.8
  trillion``), or for dates a **date-precision** discrepancy (``Nov 4`` inside ``11 月初``),
  naming the claims that differ: a conflict never hides a rounding. One figure in two units
  (``8,849 m`` and ``29,032 ft``) is the same value, not a rounding;
* a source whose own values cannot all hold (its classes are more than one: ``18 cards``
  against ``48 cards``) **contradicts itself**, whoever else agrees. A rounding beside the
  exact figure (``about 40%`` by ``40.05%``), a bound the figure meets (``more than 5.58
  million`` by ``5,586,019``) or a day inside a coarser date is not a contradiction.

An entity-valued claim naming no known entity is left out: it is reported once, as an
unknown entity (:mod:`.entities`), not also as a conflict with the name it misspells.

Each group is worked on by its distinct values, so a group of 10,000 claims stating one
value costs one pass; splitting distinct values into classes is two sorts and a sweep.

Messages list the values stated, each once: claims that state the same value in different
words (``'invite-only testing' = 'invited testing'``, ``'2.8T' = '2.8 trillion'``) are
listed together, so only a real difference reads as one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..agreement import Span, classes, span, unsettled
from ..analysis import GroupKey, groups, statements
from ..findings import Finding, make
from ..kb import KB
from ..model import Claim
from ..values import DateValue, EntityName, Value

MAX_LISTED = 6

ByValue = dict[object, list[Claim]]
"""A group's claims by the value each states (its value key), in file order."""
Split = Callable[[list[object]], list[list[object]]]


def check(kb: KB) -> Iterator[Finding]:
    stated = statements(kb)
    values = kb.values
    for key, members in groups(kb).items():
        prop = kb.properties[key[1]]
        if not prop.single_valued or len(members) < 2:
            continue
        by_value: ByValue = {}
        for claim in members:
            if _unknown_entity(values[claim.id]):  # type: ignore[arg-type]
                continue
            by_value.setdefault(stated[claim.id][1], []).append(claim)
        if len(by_value) < 2:
            continue
        representative: dict[object, Value] = {
            k: values[same[0].id]  # type: ignore[misc]
            for k, same in by_value.items()
        }
        yield from _group(key, by_value, representative, prop.tolerance)


def _unknown_entity(value: Value) -> bool:
    return isinstance(value, EntityName) and value.entity is None


def _group(
    key: GroupKey, by_value: ByValue, values: dict[object, Value], tolerance: float
) -> Iterator[Finding]:
    spans = {k: s for k, v in values.items() if (s := span(v, tolerance)) is not None}
    split = _splitter(spans)
    ranked = split(list(by_value))
    if len(ranked) > 1:
        yield _finding("conflict", key, by_value, ranked)
    dated = isinstance(next(iter(values.values())), DateValue)
    for members in ranked:
        if len(members) < 2:
            continue
        flags = unsettled([values[k] for k in members])
        differing = [k for k, differs in zip(members, flags, strict=True) if differs]
        if differing:
            slug = "date-precision" if dated else "rounding"
            yield _finding(slug, key, by_value, [differing])
    yield from _self_contradictions(key, by_value, split)


def _splitter(spans: dict[object, Span]) -> Split:
    """Splits value keys into classes: by their spans, or, for values with no span (entities,
    texts, booleans), every value a class of its own."""

    def split(keys: list[object]) -> list[list[object]]:
        if len(spans) < len(keys) or not spans:
            return [[k] for k in keys]
        return classes(keys, spans.__getitem__)

    return split


def _self_contradictions(key: GroupKey, by_value: ByValue, split: Split) -> Iterator[Finding]:
    by_source: dict[str, ByValue] = {}
    for value_key, claims in by_value.items():
        for claim in claims:
            by_source.setdefault(claim.source, {}).setdefault(value_key, []).append(claim)
    for source, own in sorted(by_source.items()):
        if len(own) < 2:
            continue
        ranked = split(list(own))
        if len(ranked) > 1:
            yield _finding("self-contradiction", key, own, ranked, source=source)


def _finding(
    slug: str, key: GroupKey, by_value: ByValue, ranked: list[list[object]], **extra: str
) -> Finding:
    """A finding naming the claims of the values in ``ranked`` (classes of value keys),
    listed class by class in the order they first appear in the files."""

    def place(claim: Claim) -> tuple[str, int]:
        return (claim.file, claim.line)

    ordered = {k: sorted(by_value[k], key=place) for group in ranked for k in group}
    parts = sorted(
        (sorted(group, key=lambda k: place(ordered[k][0])) for group in ranked),
        key=lambda group: place(ordered[group[0]][0]),
    )
    claims = sorted((c for same in ordered.values() for c in same), key=place)
    listed: list[str] = []
    shown = 0
    for group in parts:
        words = []
        for value_key in group:
            if shown == MAX_LISTED:
                break
            shown += 1
            words.append(_describe(ordered[value_key]))
        if words:
            listed.append(" ~ ".join(words))
    text = " vs ".join(listed)
    if len(ordered) > MAX_LISTED:
        text += f" ... {len(ordered) - MAX_LISTED} more values"
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
        values=text,
        written={c.id: c.written for c in claims},
        **extra,
    )


def _describe(claims: list[Claim]) -> str:
    """``'2.8 trillion' = '2.8 万亿' (a, b, c +2)``: one value's wordings and claims."""
    writtens: list[str] = []
    for claim in claims:
        if claim.written not in writtens:
            writtens.append(claim.written)
    ids = [c.id for c in claims]
    shown = ", ".join(ids[:3]) + (f" +{len(ids) - 3}" if len(ids) > 3 else "")
    return " = ".join(repr(w) for w in writtens) + f" ({shown})"
