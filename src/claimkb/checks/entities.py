"""Entity-valued claims that name no known entity, with the nearest candidates.

Candidates are drawn only from entities of the kind the property expects (a data-centre city
is compared with places, not with companies), and entities inside the property's ``within``
context rank first: "Ulanbaatoi" is spelled closer to Ulaanbaatar, the Mongolian capital, but
a Chinese data-centre city property ranks Ulanqab, in Inner Mongolia, above it. The tool lists
candidates; it never corrects the value. A value naming a known entity of another kind than
the property expects is reported as an invalid value.

A name that is no known entity is reported here once; the rival comparison leaves it out
(:mod:`.discrepancies`), so a misspelling is not also a conflict with the name it misspells.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..findings import Finding, make
from ..kb import KB
from ..model import Claim, Datatype, Property
from ..values import EntityName, name_key
from .references import broken_entity

CODES = frozenset(
    {
        "invalid-value",
        "unknown-entity",
    }
)
"""The findings (catalogue slugs) this check can report; a test holds it to what it emits."""


MAX_CANDIDATES = 3
MIN_SCORE = 50.0


def check(kb: KB) -> Iterator[Finding]:
    for claim in kb.claims.values():
        value = kb.value(claim.id)
        if not isinstance(value, EntityName):
            continue
        if broken_entity(kb, value.name):  # its entity record failed validation
            continue
        prop = kb.properties[claim.property]
        if value.entity is not None:
            yield from _wrong_kind(kb, claim, value.entity, prop)
            continue
        candidates = nearest(kb, value.name, prop)
        shown = ", ".join(_describe(c, prop.within) for c in candidates) or "none of that kind"
        yield make(
            "unknown-entity",
            claim.file,
            claim.line_of("value"),
            [claim.id],
            claim=claim.id,
            value=value.name,
            kind=prop.entity_kind or "entity",
            candidates=shown,
            nearest=candidates,
        )


def _wrong_kind(kb: KB, claim: Claim, entity_id: str, prop: Property) -> Iterator[Finding]:
    """A known entity of another kind than the property expects (a company given as a
    data-centre city) is as wrong as an unknown name, and easier to miss."""
    kind = kb.entities[entity_id].kind
    if prop.entity_kind and kind != prop.entity_kind:
        yield make(
            "invalid-value",
            claim.file,
            claim.line_of("value"),
            [claim.id],
            what=f"claim '{claim.id}'",
            field="value",
            detail=f"names '{entity_id}' (kind {kind}), but property '{prop.id}' expects "
            f"kind {prop.entity_kind}",
        )


def _describe(candidate: dict[str, object], within: str | None) -> str:
    outside = "" if candidate["in_context"] else f", outside {within}"
    return f"{candidate['name']} ({candidate['entity']}, {candidate['score']}%{outside})"


def nearest(kb: KB, name: str, prop: Property) -> list[dict[str, object]]:
    """Known entities of the expected kind whose names are closest to ``name``."""
    choices: dict[str, str] = {}
    for entity in kb.entities.values():
        if (
            prop.datatype is Datatype.ENTITY
            and prop.entity_kind
            and entity.kind != prop.entity_kind
        ):
            continue
        for alias in (entity.name, *entity.aliases):
            choices.setdefault(name_key(alias), entity.id)
    from rapidfuzz import fuzz, process  # only for a name no entity has

    best: dict[str, dict[str, object]] = {}
    for key, score, _ in process.extract(
        name_key(name), list(choices), scorer=fuzz.WRatio, limit=None, score_cutoff=MIN_SCORE
    ):
        entity_id = choices[key]
        if entity_id in best:
            continue
        entity = kb.entities[entity_id]
        best[entity_id] = {
            "entity": entity_id,
            "name": entity.name,
            "score": round(score),
            "in_context": not prop.within or kb.within(entity_id, prop.within),
        }
    ranked = sorted(best.values(), key=lambda c: (not c["in_context"], -int(c["score"])))  # type: ignore[call-overload]
    return ranked[:MAX_CANDIDATES]
