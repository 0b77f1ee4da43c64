"""Misspellings a ``misspelling`` resolution records: a claim naming no known entity
("Ulanbaatoi") mapped onto the entity its preferred claim names (Ulanqab). ``claimkb entity``
lists them under their entity, and finds the entity by them."""

from __future__ import annotations

from collections.abc import Iterator

from .kb import KB
from .model import Claim, Resolution, ResolutionKind
from .values import EntityName, name_key

__all__ = ["misspellings", "misspelt_as", "misspelt_claims"]


def misspellings(kb: KB) -> Iterator[tuple[Resolution, str, Claim]]:
    """(resolution, entity id, claim) for each claim naming no known entity that a
    ``misspelling`` resolution maps onto an entity (its preferred claim names the entity)."""
    for resolution in kb.resolutions.values():
        entity_id = _misspelt_entity(kb, resolution)
        if entity_id is None:
            continue
        for claim_id in resolution.claims:
            value = kb.value(claim_id)
            if isinstance(value, EntityName) and value.entity is None:
                yield resolution, entity_id, kb.claims[claim_id]


def _misspelt_entity(kb: KB, resolution: Resolution) -> str | None:
    """The entity a ``misspelling`` resolution's preferred claim names, if it is one."""
    if resolution.kind is not ResolutionKind.MISSPELLING or not resolution.preferred:
        return None
    preferred = kb.value(resolution.preferred)
    return preferred.entity if isinstance(preferred, EntityName) else None


def misspelt_as(kb: KB, name: str) -> list[tuple[Resolution, str, Claim]]:
    """The :func:`misspellings` whose claim writes ``name`` (ignoring case, width and
    separators, as entity names are compared)."""
    key = name_key(name)
    return [found for found in misspellings(kb) if name_key(found[2].written) == key]


def misspelt_claims(kb: KB, entity_id: str) -> list[Claim]:
    """Claims naming no known entity that a ``misspelling`` resolution maps onto this one:
    "Ulanbaatoi" under Ulanqab."""
    found = [claim for _, found_id, claim in misspellings(kb) if found_id == entity_id]
    return sorted(found, key=lambda c: (c.file, c.line))
