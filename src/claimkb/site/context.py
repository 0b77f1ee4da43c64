"""What the pages are made from: the KB, its findings, and the indexes pages look things up in.

Every index is built in one pass over the KB, so each page costs the records it shows, not
the size of the KB: rendering 100,000 claims takes time proportional to 100,000.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from functools import cached_property

from ..findings import Finding
from ..kb import KB
from ..model import Claim, Datatype, Resolution, ResolutionKind
from ..report import Report
from ..since import Changes
from ..values import EntityName
from .passages import Passage, Unavailable
from .urls import Urls

__all__ = ["Context"]


@dataclass(eq=False)
class Context:
    kb: KB
    report: Report
    """The whole check."""
    findings: list[Finding]
    """The findings the site shows (with ``since``: those the change involves)."""
    names: list[str]
    """Page stem of each finding, in the same order."""
    urls: Urls
    passages: dict[str, Passage | Unavailable]
    since: Changes | None = None
    page_size: int = 500
    site: str = "claimkb"
    claim_ids: list[str] = field(default_factory=list)
    """The claims that get a page, in file order."""

    # -- indexes -----------------------------------------------------------------------------

    @cached_property
    def by_claim(self) -> dict[str, list[int]]:
        """Claim id -> indexes of the findings naming it, untriaged first."""
        index: dict[str, list[int]] = defaultdict(list)
        for n, finding in enumerate(self.findings):
            for claim_id in dict.fromkeys(finding.claims):
                index[claim_id].append(n)
        for found in index.values():
            found.sort(key=lambda n: self.findings[n].triaged)
        return dict(index)

    @cached_property
    def claims_by_source(self) -> dict[str, list[Claim]]:
        index: dict[str, list[Claim]] = defaultdict(list)
        for claim in self.kb.claims.values():
            index[claim.source].append(claim)
        return dict(index)

    @cached_property
    def cited_by(self) -> dict[str, list[str]]:
        """Source id -> the sources that cite it."""
        index: dict[str, list[str]] = defaultdict(list)
        for source in sorted(self.kb.sources.values(), key=lambda s: s.id):
            for cited in dict.fromkeys(source.cites):
                index[cited].append(source.id)
        return dict(index)

    @cached_property
    def named_by(self) -> dict[str, list[Claim]]:
        """Entity id -> claims whose value names it."""
        kb = self.kb
        entity_valued = {p.id for p in kb.properties.values() if p.datatype is Datatype.ENTITY}
        index: dict[str, list[Claim]] = defaultdict(list)
        for claim in kb.claims.values():
            if claim.property in entity_valued:
                value = kb.value(claim.id)
                if isinstance(value, EntityName) and value.entity:
                    index[value.entity].append(claim)
        return dict(index)

    @cached_property
    def misspellings(self) -> dict[str, list[Claim]]:
        """Entity id -> claims naming no known entity that a ``misspelling`` resolution maps
        onto it (its preferred claim names the entity), as ``claimkb entity`` shows them."""
        kb = self.kb
        index: dict[str, list[Claim]] = defaultdict(list)
        for resolution in kb.resolutions.values():
            if resolution.kind is not ResolutionKind.MISSPELLING or not resolution.preferred:
                continue
            preferred = kb.value(resolution.preferred)
            if not isinstance(preferred, EntityName) or preferred.entity is None:
                continue
            for claim_id in resolution.claims:
                value = kb.value(claim_id)
                if isinstance(value, EntityName) and value.entity is None:
                    index[preferred.entity].append(kb.claims[claim_id])
        return dict(index)

    @cached_property
    def resolutions_by_claim(self) -> dict[str, list[Resolution]]:
        index: dict[str, list[Resolution]] = defaultdict(list)
        for resolution in self.kb.resolutions.values():
            for claim_id in dict.fromkeys(resolution.claims):
                index[claim_id].append(resolution)
        return dict(index)

    @cached_property
    def triaging(self) -> dict[str, list[int]]:
        """Resolution id -> indexes of the findings it triages."""
        index: dict[str, list[int]] = defaultdict(list)
        for n, finding in enumerate(self.findings):
            if finding.triaged_by:
                index[finding.triaged_by].append(n)
        return dict(index)

    @cached_property
    def outcomes(self) -> dict[str, object]:
        """Claim id -> its recomputation, for every derived claim."""
        if not any(c.derived for c in self.kb.claims.values()):
            return {}
        from ..derive import outcomes

        return dict(outcomes(self.kb))

    def findings_of(self, claim_id: str) -> list[tuple[Finding, str]]:
        return [(self.findings[n], self.names[n]) for n in self.by_claim.get(claim_id, [])]

    def open_count(self) -> int:
        return sum(1 for f in self.findings if not f.triaged)
