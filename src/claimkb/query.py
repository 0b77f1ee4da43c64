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
from collections.abc import Collection, Iterable, Mapping, Sequence
from itertools import compress
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
from .claimrow import row
from .errors import NotFound
from .findings import Finding
from .kb import KB
from .misspellings import misspellings, misspelt_as, misspelt_claims
from .model import Claim, Datatype
from .rowvalues import columns, values_of
from .suggest import did_you_mean
from .values import DateValue, EntityName, NeedsSourceDate, ValueProblem

__all__ = [
    "claim_dict",
    "claim_dicts",
    "find_claims",
    "check_filters",
    "no_claim",
    "show",
    "entity",
    "sources",
    "discrepancies",
    "timeline",
    "uncompared",
    "claims_per_source",
    "CLAIMS_PER_SOURCE",
    "NotFound",
    "misspellings",
    "misspelt_as",
]

CLAIMS_PER_SOURCE = "claims-per-source"
"""The memo key of :func:`claims_per_source`."""


def no_claim(claim_id: str, known: Iterable[str]) -> NotFound:
    """The error for a claim id that is not among ``known`` (every claim id of the KB)."""
    return NotFound(f"no claim with id {claim_id!r}{did_you_mean(claim_id, known)}")


def claim_dict(kb: KB, claim: Claim) -> dict[str, Any]:
    """The stable JSON shape of a claim (documented in the README): see :func:`claim_dicts`,
    which answers for many claims at once."""
    values, reading = values_of(kb, claim)
    return row(values, (reading,))


def claim_dicts(kb: KB, claims: Iterable[Claim]) -> list[dict[str, Any]]:
    """Each claim in the stable JSON shape (:func:`claimkb.claimrow.row`; :func:`claim_dict`
    is one of them), for many claims at once. Claims writing a value alike share its
    reading, so each reading's ``normalized`` dict is built once and shared by the rows
    stating it: rows for encoding or printing, which nobody changes (a row of one claim
    alone shares nothing)."""
    found = columns(kb, claims)
    readings = found.readings
    return [row(values, readings) for values in found.values()]


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


def check_filters(
    kb: KB,
    *,
    subject: str | None = None,
    property: str | None = None,
    source: str | None = None,
    used: Mapping[str, Collection[str]] | None = None,
) -> None:
    """Raise :class:`NotFound` for the first filter of :func:`find_claims` that names nothing
    in the KB (no entity, property or source of that name, and no claim that writes it), with
    the names spelt most like it: a misspelt filter is a mistake to say, not an empty answer.

    ``used`` holds the subjects, properties and sources the claims write (from the KB's
    claims when not given: a slice of the KB has its registries but not all its claims)."""
    if used is None:
        claims = kb.claims.values()
        used = {
            "subject": {c.subject for c in claims},
            "property": {c.property for c in claims},
            "source": {c.source for c in claims},
        }
    if subject is not None and kb.entity(subject) is None and subject not in used["subject"]:
        names = _names(kb)
        hint = did_you_mean(subject, [*names, *used["subject"]], offer=names)
        raise NotFound(
            f"--subject {subject!r} names no entity and no claim's subject"
            f"{hint or '; `claimkb entity NAME` finds an entity by any of its names'}"
        )
    for option, value, known, command in (
        ("property", property, kb.properties, "properties are defined in the registry"),
        ("source", source, kb.sources, "`claimkb sources` lists them"),
    ):
        if value is not None and value not in known and value not in used[option]:
            hint = did_you_mean(value, [*known, *used[option]])
            raise NotFound(
                f"--{option} {value!r} is not a {option} of this KB{hint or '; ' + command}"
            )


def show(
    kb: KB,
    claim_id: str,
    findings: Iterable[Finding],
    known: Iterable[str] | None = None,
) -> dict[str, Any]:
    """A claim with its source, rivals, supporting evidence, reviews and resolutions, and
    the findings about it among ``findings`` (the KB's report: a query never runs the
    checks). ``known`` are the KB's claim ids, for the error when ``claim_id`` is not one (a
    slice of the KB does not hold every claim)."""
    claim = kb.claims.get(claim_id)
    if claim is None:
        raise no_claim(claim_id, kb.claims if known is None else known)
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
    """An entity found by id, name or alias, or by a misspelling a ``misspelling`` resolution
    records ("Ulanbaatoi": Ulanqab, with that resolution), and every claim about it, naming
    it or misspelling it."""
    found = kb.entity(name)
    misspelt: dict[str, Any] | None = None
    if found is None:
        recorded = misspelt_as(kb, name)
        if recorded:
            resolution, entity_id, _ = recorded[0]
            found = kb.entities.get(entity_id)
            misspelt = {
                "resolution": resolution.model_dump(mode="json"),
                "claims": [c.id for r, _, c in recorded if r.id == resolution.id],
            }
    if found is None:
        raise NotFound(
            f"no entity named {name!r} (ids, names, aliases and recorded misspellings are "
            f"searched){did_you_mean(name, (names := _names(kb)), offer=names)}"
        )
    about = [claim_dict(kb, c) for c in kb.claims_by_subject.get(found.id, [])]
    naming = [
        claim_dict(kb, c)
        for c in kb.claims.values()
        if isinstance(v := kb.value(c.id), EntityName) and v.entity == found.id
    ]
    return {
        "entity": {**found.model_dump(mode="json"), "file": found.file, "line": found.line},
        "matched": name,
        "misspelling": misspelt,
        "claims": about,
        "named_by": naming,
        "misspelt_by": [claim_dict(kb, c) for c in misspelt_claims(kb, found.id)],
    }


def _names(kb: KB) -> dict[str, str]:
    """Every entity id, name and alias -> the entity's name (what a suggestion offers)."""
    return {n: e.name for e in kb.entities.values() for n in (e.id, *e.aliases, e.name)}


def claims_per_source(kb: KB) -> Mapping[str, int]:
    """Source id -> how many claims give it as their source, counted once per KB."""
    if kb.given_claims_per_source is not None:  # a slice of the KB, from the query index
        return kb.given_claims_per_source
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
    dated_claims, left_out = timeline_claims(kb)
    return {
        "timeline": [claim_dict(kb, claim) for claim in dated_claims],
        "left_out": [{**claim_dict(kb, claim), "reason": reason} for claim, reason in left_out],
    }


def timeline_claims(
    kb: KB, properties: Sequence[str] | None = None
) -> tuple[list[Claim], list[tuple[Claim, str]]]:
    """(the claims of :func:`timeline`, in its order; those it leaves out, each with its
    reason), for the query index to keep (:mod:`claimkb.cache.query_index`), which gives
    the claims' ``properties`` (in the KB's order) it has read already."""
    dated = {p.id for p in kb.properties.values() if p.datatype is Datatype.DATE}
    claims = list(kb.claims.values())
    if properties is None:
        properties = [claim.property for claim in claims]
    values = kb.values.at_hand()
    rows = []
    left_out = []
    for claim in compress(claims, map(dated.__contains__, properties)):
        value = values.get(claim.id)
        if isinstance(value, DateValue):
            rows.append((value.earliest, value.latest, claim))
        elif isinstance(value, ValueProblem):
            reason = "undated-source" if isinstance(value, NeedsSourceDate) else "unreadable"
            left_out.append((claim, reason))
    rows.sort(key=lambda r: (r[0], r[1], r[2].id))
    return [claim for _, _, claim in rows], left_out
