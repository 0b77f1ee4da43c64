"""References between records: every id a record names must exist, and registries must be
consistent (known dimensions, entity kinds in use, names that identify one entity)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..findings import Finding, make
from ..kb import KB
from ..model import Datatype, Located
from ..suggest import closest
from ..values import name_key
from .dimensions import bad_field, registry_findings

CODES = frozenset(
    {
        "ambiguous-name",
        "invalid-resolution",
        "invalid-value",
        "missing-field",
        "unknown-claim",
        "unknown-entity-kind",
        "unknown-property",
        "unknown-source",
        "unknown-subject",
    }
)
"""The findings (catalogue slugs) this check can report; a test holds it to what it emits."""


def _hint(ref: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the known name spelt most like ``ref`` (a slip of a letter
    or two, words swapped; not a name sharing a few letters: see :mod:`claimkb.suggest`)."""
    best = closest(ref, list(choices), limit=1)
    return f" (did you mean '{best[0]}'?)" if best else ""


def _entity_names(kb: KB) -> list[str]:
    """Every id, name and alias, so a misspelt alias gets a hint too."""
    return [n for e in kb.entities.values() for n in (e.id, e.name, *e.aliases)]


def check(kb: KB) -> Iterator[Finding]:
    yield from _claims(kb)
    yield from _sources(kb)
    yield from _registries(kb)
    yield from _resolutions(kb)


def _known(kb: KB, section: str, ref: str) -> bool:
    table: dict[str, object] = getattr(kb, section)
    return (
        ref in table
        or ref in kb.broken.get(section, ())
        or section in kb.broken.get("unread", ())  # it may be in a file that cannot be read
    )


def broken_entity(kb: KB, name: str) -> bool:
    """Whether ``name`` belongs to an entity record that failed validation (whose own
    finding already says what to fix)."""
    return (
        name in kb.broken.get("entities", ())
        or name_key(name) in kb.broken.get("entity-names", ())
        or "entities" in kb.broken.get("unread", ())
    )


def _unknown(
    kb: KB, slug: str, section: str, record: Located, field: str, ref: str, claims: list[str]
) -> Iterator[Finding]:
    """An ``unknown-*`` finding for ``ref`` unless ``section`` of the KB defines it."""
    if not _known(kb, section, ref):
        yield make(
            slug,
            record.file,
            record.line_of(field),
            claims,
            what=_what(record),
            ref=ref,
            hint=_hint(ref, getattr(kb, section)),
        )


def _not_an_entity(record: Located, field: str, value: str) -> Finding:
    return make(
        "invalid-value",
        record.file,
        record.line_of(field),
        what=_what(record),
        field=field,
        detail=f"is '{value}', which is not an entity",
    )


def _what(record: Located) -> str:
    """How a finding names a record: ``claim 's001-x'``."""
    return f"{type(record).__name__.lower()} '{getattr(record, 'id', '?')}'"


def _claims(kb: KB) -> Iterator[Finding]:
    sources = kb.sources
    properties = kb.properties
    named: dict[str, bool] = {}  # subject as written -> whether it names an entity (or may)
    for claim in kb.claims.values():
        fields = claim.__dict__  # every claim's fields are read: read them directly
        if fields["source"] not in sources:  # the common case first: a known source
            yield from _unknown(
                kb, "unknown-source", "sources", claim, "source", claim.source, [claim.id]
            )
        for ref in fields["via"] or ():
            if ref not in sources:
                yield from _unknown(kb, "unknown-source", "sources", claim, "via", ref, [claim.id])
        subject = fields["subject"]
        known = named.get(subject)
        if known is None:
            known = named[subject] = kb.entity(subject) is not None or broken_entity(kb, subject)
        if not known:
            yield make(
                "unknown-subject",
                claim.file,
                claim.line_of("subject"),
                [claim.id],
                what=_what(claim),
                ref=subject,
                hint=_hint(subject, _entity_names(kb)),
            )
        prop = properties.get(fields["property"])
        reviews = fields["reviews"]
        if prop is None:
            yield from _unknown(
                kb, "unknown-property", "properties", claim, "property", claim.property, [claim.id]
            )
        elif prop.datatype is Datatype.VERDICT and not reviews:
            yield make(
                "missing-field",
                claim.file,
                claim.line,
                [claim.id],
                what=_what(claim),
                field="reviews",
            )
        elif prop.datatype is not Datatype.VERDICT and reviews:
            yield make(
                "invalid-value",
                claim.file,
                claim.line_of("reviews"),
                [claim.id],
                what=_what(claim),
                field="reviews",
                detail=f"is only for verdict claims, and '{prop.id}' is a "
                f"{prop.datatype.value} property",
            )
        for ref in reviews:
            yield from _unknown(kb, "unknown-claim", "claims", claim, "reviews", ref, [claim.id])


def _sources(kb: KB) -> Iterator[Finding]:
    for source in kb.sources.values():
        for ref in source.cites:
            yield from _unknown(kb, "unknown-source", "sources", source, "cites", ref, [])
        if (
            source.issued_by
            and kb.entity(source.issued_by) is None
            and not broken_entity(kb, source.issued_by)
        ):
            yield _not_an_entity(source, "issued_by", source.issued_by)


def _registries(kb: KB) -> Iterator[Finding]:
    kinds = {entity.kind for entity in kb.entities.values()}
    for entity in kb.entities.values():
        if entity.part_of and not _known(kb, "entities", entity.part_of):
            yield _not_an_entity(entity, "part_of", entity.part_of)
    owners: dict[str, tuple[str, str]] = {}
    for entity in kb.entities.values():
        for name in (entity.id, entity.name, *entity.aliases):
            key = name_key(name)
            first = owners.setdefault(key, (entity.id, name))
            if first[0] != entity.id:
                yield make(
                    "ambiguous-name",
                    entity.file,
                    entity.line_of("aliases"),
                    name=name,
                    first=first[0],
                    second=entity.id,
                )
    yield from registry_findings(kb)
    for prop in kb.properties.values():
        what = f"property '{prop.id}'"
        if prop.entity_kind and prop.datatype is not Datatype.ENTITY:
            yield bad_field(prop, "entity_kind", "applies only to entity properties")
        elif (
            prop.entity_kind
            and prop.entity_kind not in kinds
            and "entities" not in kb.broken.get("unread", ())
        ):
            yield make(
                "unknown-entity-kind",
                prop.file,
                prop.line_of("entity_kind"),
                what=what,
                ref=prop.entity_kind,
            )
        if prop.within and not _known(kb, "entities", prop.within):
            yield _not_an_entity(prop, "within", prop.within)


def _resolutions(kb: KB) -> Iterator[Finding]:
    for resolution in kb.resolutions.values():
        for ref in resolution.claims:
            yield from _unknown(kb, "unknown-claim", "claims", resolution, "claims", ref, [])
        if resolution.preferred and resolution.preferred not in resolution.claims:
            yield make(
                "invalid-resolution",
                resolution.file,
                resolution.line_of("preferred"),
                resolution.claims,
                resolution=resolution.id,
                detail=f"the preferred claim '{resolution.preferred}' is not among its claims",
            )
