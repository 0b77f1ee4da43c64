"""Questions a user asks of a KB, answered as plain data (dicts and lists, JSON-ready).

The CLI renders these as tables or prints them as JSON; a program can call them directly.
Each claim is shown in one stable shape (:func:`claim_dict`).

The same functions answer from a slice of the KB (:mod:`claimkb.cache.indexed`): every
claim a question can touch, with every source, entity, property and resolution. They are
written so that claims outside the slice cannot change the answer; the one figure that spans
every claim, :func:`claims_per_source`, is supplied by the slice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from .analysis import (
    GroupKey,
    group_key,
    groups,
    independent_support,
    memo,
    origins,
    qualifier_differences,
    qualifier_splits,
    source_origins,
)
from .findings import Finding
from .kb import KB
from .model import Claim, Datatype, ResolutionKind
from .values import DateValue, EntityName, NeedsSourceDate, ValueProblem

__all__ = [
    "claim_dict",
    "find_claims",
    "show",
    "entity",
    "sources",
    "discrepancies",
    "timeline",
    "uncompared",
    "claims_per_source",
    "CLAIMS_PER_SOURCE",
    "NotFound",
]

CLAIMS_PER_SOURCE = "claims-per-source"
"""The memo key of :func:`claims_per_source` (a slice of the KB supplies it)."""


class NotFound(LookupError):
    """The id or name asked for is not in the KB (the CLI exits with status 2)."""


def claim_dict(kb: KB, claim: Claim) -> dict[str, Any]:
    """The stable JSON shape of a claim (documented in the README)."""
    value = kb.values.get(claim.id)
    return {
        "id": claim.id,
        "subject": claim.subject,
        "subject_id": kb.subject_id(claim),
        "property": claim.property,
        "value": claim.written,
        "normalized": None if value is None or isinstance(value, ValueProblem) else value.to_dict(),
        "value_error": str(value) if isinstance(value, ValueProblem) else None,
        "source": claim.source,
        "quote": claim.quote,
        "status": claim.status.value,
        "qualifiers": dict(claim.qualifiers),
        "via": claim.via,
        "reviews": list(claim.reviews),
        "items": list(claim.items),
        "derived": claim.derived.model_dump() if claim.derived else None,
        "note": claim.note,
        "file": claim.file,
        "line": claim.line,
    }


def find_claims(
    kb: KB,
    *,
    subject: str | None = None,
    property: str | None = None,
    source: str | None = None,
    status: str | None = None,
    text: str | None = None,
) -> list[Claim]:
    """Claims matching every filter given. ``subject`` accepts any alias; ``text`` searches
    ids, values, quotes and notes, ignoring case."""
    subject_id = None
    if subject is not None:
        entity = kb.entity(subject)
        subject_id = entity.id if entity else subject
    names: dict[str, bool] = {}  # subject as written -> names the subject asked for
    needle = text.casefold() if text else None
    result = []
    for claim in kb.claims.values():
        if subject_id is not None:
            named = names.get(claim.subject)
            if named is None:
                named = names[claim.subject] = kb.subject_id(claim) == subject_id
            if not named:
                continue
        if property is not None and claim.property != property:
            continue
        if source is not None and claim.source != source:
            continue
        if status is not None and claim.status.value != status:
            continue
        if needle is not None:
            haystack = " ".join((claim.id, claim.written, claim.quote, claim.note or ""))
            if needle not in haystack.casefold():
                continue
        result.append(claim)
    return sorted(result, key=lambda c: (c.file, c.line))


def show(kb: KB, claim_id: str, findings: Iterable[Finding] | None = None) -> dict[str, Any]:
    """A claim with its source, rivals, supporting evidence, reviews and resolutions."""
    claim = kb.claims.get(claim_id)
    if claim is None:
        raise NotFound(f"no claim with id {claim_id!r}")
    if findings is None:
        from . import checks

        findings = checks.run(kb)
    source = kb.sources.get(claim.source)
    prop = kb.properties.get(claim.property)
    key = group_key(kb, claim)
    same = [c for c in groups(kb).get(key, []) if c.id != claim.id]
    single = bool(prop and prop.single_valued)
    return {
        "claim": claim_dict(kb, claim),
        "source": _source_dict(kb, source) if source else None,
        "single_valued": single,
        "rivals": [claim_dict(kb, c) for c in same] if single else [],
        "uncompared": _uncompared_with(kb, key) if single else [],
        "also_claimed": [] if single else [claim_dict(kb, c) for c in same],
        "evidence": [sorted(c.id for c in group) for group in independent_support(kb, claim)],
        "rests_on": sorted(origins(kb, claim)),
        "reviews": [claim_dict(kb, c) for c in kb.reviews_of.get(claim.id, [])],
        "resolutions": [
            r.model_dump(mode="json") for r in kb.resolutions.values() if claim.id in r.claims
        ],
        "findings": [f.to_dict() for f in findings if claim.id in f.claims],
    }


def _uncompared_with(kb: KB, key: GroupKey) -> list[dict[str, Any]]:
    """The claims on the same subject and property that are not rivals of the group ``key``
    because their qualifiers differ, each with the qualifiers it differs in."""
    found = groups(kb)
    rows = []
    for other in qualifier_splits(kb).get((key[0], key[1]), ()):
        if other == key:
            continue
        differ = [
            {"qualifier": name, "this": this, "other": that}
            for name, this, that in qualifier_differences(key, other)
        ]
        rows += [{**claim_dict(kb, c), "qualifiers_differ": differ} for c in found[other]]
    return sorted(rows, key=lambda row: (row["file"], row["line"]))


def uncompared(kb: KB) -> list[dict[str, Any]]:
    """Each subject's single-valued property whose claims were not all compared because
    their qualifiers differ: its groups of rivals (qualifiers and claims), the qualifiers
    that tell them apart, and whether claims with no qualifiers are among them."""
    found = groups(kb)
    rows = []
    for (subject, prop), keys in sorted(qualifier_splits(kb).items()):
        rows.append(
            {
                "subject": subject,
                "property": prop,
                "differ_in": sorted({name for k in keys for name, _ in k[2]}),
                "mixed": any(not k[2] for k in keys) and any(k[2] for k in keys),
                "groups": [
                    {"qualifiers": dict(k[2]), "claims": [c.id for c in found[k]]} for k in keys
                ],
            }
        )
    return rows


def entity(kb: KB, name: str) -> dict[str, Any]:
    """An entity found by id, name or alias, and every claim about it or naming it."""
    found = kb.entity(name)
    if found is None:
        raise NotFound(f"no entity named {name!r} (ids, names and aliases are searched)")
    about = [claim_dict(kb, c) for c in kb.claims_by_subject.get(found.id, [])]
    naming = [
        claim_dict(kb, c)
        for c in kb.claims.values()
        if isinstance(v := kb.value(c.id), EntityName) and v.entity == found.id
    ]
    return {
        "entity": {**found.model_dump(mode="json"), "file": found.file, "line": found.line},
        "matched": name,
        "claims": about,
        "named_by": naming,
        "misspelt_by": [claim_dict(kb, c) for c in _misspellings_of(kb, found.id)],
    }


def _misspellings_of(kb: KB, entity_id: str) -> list[Claim]:
    """Claims naming no known entity that a ``misspelling`` resolution maps onto this one
    (its preferred claim names the entity): "Ulanbaatoi" under Ulanqab."""
    found: list[Claim] = []
    for resolution in kb.resolutions.values():
        preferred = kb.value(resolution.preferred) if resolution.preferred else None
        if resolution.kind is not ResolutionKind.MISSPELLING or not (
            isinstance(preferred, EntityName) and preferred.entity == entity_id
        ):
            continue
        for claim_id in resolution.claims:
            value = kb.value(claim_id)
            if isinstance(value, EntityName) and value.entity is None:
                found.append(kb.claims[claim_id])
    return sorted(found, key=lambda c: (c.file, c.line))


def claims_per_source(kb: KB) -> Mapping[str, int]:
    """Source id -> how many claims give it as their source, counted once per KB."""
    return memo(kb, CLAIMS_PER_SOURCE, lambda: Counter(c.source for c in kb.claims.values()))


def _source_dict(kb: KB, source: Any) -> dict[str, Any]:
    return {
        **source.model_dump(mode="json"),
        "claims": claims_per_source(kb).get(source.id, 0),
        "rests_on": sorted(source_origins(kb, source.id)),
        "file": source.file,
        "line": source.line,
    }


def sources(kb: KB) -> list[dict[str, Any]]:
    return [_source_dict(kb, s) for s in sorted(kb.sources.values(), key=lambda s: s.id)]


def discrepancies(findings: Iterable[Finding]) -> list[Finding]:
    """The discrepancy findings (conflicts, rounding, misspelt entities ...), triaged or not."""
    return [f for f in findings if f.entry.triageable]


def timeline(kb: KB) -> dict[str, list[dict[str, Any]]]:
    """Date-valued claims in order of their earliest possible day, with precision
    (``timeline``), and those left out (``left_out``, in file order), each with a ``reason``:
    ``unreadable`` (the value cannot be read as a date) or ``undated-source`` (the date leaves
    out its year or is relative to its source, and the source has no date); its
    ``value_error`` says what to do."""
    dated = {p.id for p in kb.properties.values() if p.datatype is Datatype.DATE}
    rows = []
    left_out = []
    for claim in kb.claims.values():
        if claim.property not in dated:
            continue
        value = kb.values.get(claim.id)
        if isinstance(value, DateValue):
            rows.append((value.earliest, value.latest, claim))
        elif isinstance(value, ValueProblem):
            reason = "undated-source" if isinstance(value, NeedsSourceDate) else "unreadable"
            left_out.append({**claim_dict(kb, claim), "reason": reason})
    rows.sort(key=lambda r: (r[0], r[1], r[2].id))
    return {
        "timeline": [claim_dict(kb, claim) for _, _, claim in rows],
        "left_out": left_out,
    }
