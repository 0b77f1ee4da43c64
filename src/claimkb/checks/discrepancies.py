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
  naming every claim of the class, those stating the same value as every other included
  (``29,032 ft`` beside ``8,848.86 m`` and ``8,849 m``): a conflict never hides a rounding.
  One figure in two units (``8,849 m`` and ``29,032 ft``) is the same value, not a rounding;
* a source whose own values cannot all hold (its classes are more than one: ``18 cards``
  against ``48 cards``) **contradicts itself**, whoever else agrees. A rounding beside the
  exact figure (``about 40%`` by ``40.05%``), a bound the figure meets (``more than 5.58
  million`` by ``5,586,019``) or a day inside a coarser date is not a contradiction.

An entity-valued claim naming no known entity is left out: it is reported once, as an
unknown entity (:mod:`.entities`), not also as a conflict with the name it misspells.

Each group is worked on by its distinct values as read (a value written at two precisions,
``64B`` and ``640 亿``, is two: each is compared with its own range), so a group of 10,000
claims stating one value costs one pass; splitting them into classes is two sorts and a
sweep.

Messages list the values stated, each once: claims that state the same value in different
words (``'invite-only testing' = 'invited testing'``, ``'2.8T' = '2.8 trillion'``) are
listed together, so only a real difference reads as one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import cast

from ..agreement import Span, classes, half_open, span, unsettled, value_key
from ..analysis import GroupKey, groups, statements
from ..findings import Finding, make
from ..kb import KB
from ..model import Claim
from ..values import DateValue, EntityName, Value

CODES = frozenset(
    {
        "conflict",
        "date-precision",
        "rounding",
        "self-contradiction",
    }
)
"""The findings (catalogue slugs) this check can report; a test holds it to what it emits."""


MAX_LISTED = 6

Forms = dict[Value, list[Claim]]
"""A group's claims by the value each states as read (``64B`` and ``640 亿`` are two forms of
one value, each with its own precision), in file order."""
Split = Callable[[list[Value]], list[list[Value]]]


def check(kb: KB) -> Iterator[Finding]:
    stated = statements(kb)
    values = kb.values.read_all()
    for key, members in groups(kb).items():
        prop = kb.properties[key[1]]
        if not prop.single_valued or len(members) < 2:
            continue
        forms: Forms = {}
        for claim in members:
            value = cast(Value, values[claim.id])
            if not _unknown_entity(value):
                forms.setdefault(value, []).append(claim)
        if len(forms) > 1:
            yield from _group(key, forms, lambda c: stated[c.id][1], prop.tolerance)


def _unknown_entity(value: Value) -> bool:
    return isinstance(value, EntityName) and value.entity is None


def _group(
    key: GroupKey, forms: Forms, key_of: Callable[[Claim], object], tolerance: float
) -> Iterator[Finding]:
    spans = {f: s for f in forms if (s := span(f, tolerance)) is not None}
    split = _splitter(spans)
    ranked = split(list(forms))
    if len(ranked) > 1:
        yield _finding("conflict", key, forms, ranked, key_of)
    dated = isinstance(next(iter(forms)), DateValue)
    for members in ranked:
        if len(members) < 2:
            continue
        if any(unsettled(members)):
            slug = "date-precision" if dated else "rounding"
            yield _finding(slug, key, forms, [members], key_of)
    yield from _self_contradictions(key, forms, split, key_of)


def _splitter(spans: dict[Value, Span]) -> Split:
    """Splits forms into classes: by their spans, or, for values with no span (entities,
    texts, booleans), each value a class of its own (its aliases with it)."""

    def split(found: list[Value]) -> list[list[Value]]:
        if any(f not in spans for f in found):
            by_key: dict[object, list[Value]] = {}
            for form in found:
                by_key.setdefault(value_key(form), []).append(form)
            return list(by_key.values())
        return classes(found, spans.__getitem__, half_open)

    return split


def _self_contradictions(
    key: GroupKey, forms: Forms, split: Split, key_of: Callable[[Claim], object]
) -> Iterator[Finding]:
    by_source: dict[str, Forms] = {}
    for form, claims in forms.items():
        for claim in claims:
            by_source.setdefault(claim.source, {}).setdefault(form, []).append(claim)
    for source, own in sorted(by_source.items()):
        if len(own) < 2:
            continue
        ranked = split(list(own))
        if len(ranked) > 1:
            yield _finding("self-contradiction", key, own, ranked, key_of, source=source)


def _place(claim: Claim) -> tuple[str, int]:
    return (claim.file, claim.line)


def _finding(
    slug: str,
    key: GroupKey,
    forms: Forms,
    ranked: list[list[Value]],
    key_of: Callable[[Claim], object],
    **extra: str,
) -> Finding:
    """A finding naming the claims of the forms in ``ranked`` (classes of forms), their
    values listed class by class, each value once per class with the claims stating it, in
    the order they first appear in the files."""
    parts: list[list[list[Claim]]] = []
    for group in ranked:
        by_key: dict[object, list[Claim]] = {}
        for claim in sorted((c for form in group for c in forms[form]), key=_place):
            by_key.setdefault(key_of(claim), []).append(claim)
        parts.append(list(by_key.values()))
    parts.sort(key=lambda part: _place(part[0][0]))
    claims = sorted((c for part in parts for same in part for c in same), key=_place)
    listed: list[str] = []
    stated = sum(len(part) for part in parts)
    shown = 0
    for part in parts:
        words = [_describe(same) for same in part[: MAX_LISTED - shown]]
        shown += len(words)
        if words:
            listed.append(" ~ ".join(words))
    text = " vs ".join(listed)
    if stated > shown:
        text += f" ... {stated - shown} more values"
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
