"""A Workspace's write operations: each plans a :class:`~claimkb.authoring.writes.Change`
against the KB as loaded (and its findings, where the evidence matters), validated before
anything is written; :meth:`Writes.write` writes it (round-trip YAML, atomic, refused when a
file changed meanwhile) and :meth:`Writes.diff` shows it instead.

The planning itself is :mod:`claimkb.authoring`'s; these methods give it the KB and findings
the Workspace holds, so a caller never loads or checks the KB itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..authoring.settling import Suggestion
    from ..authoring.writes import Change
    from ..findings import Finding
    from ..kb import KB
    from ..report import Report

__all__ = ["Writes"]


class Writes:
    """The write operations of :class:`claimkb.Workspace` (a mixin: the Workspace gives
    :attr:`kb` and :meth:`report`)."""

    @property
    def kb(self) -> KB:
        raise NotImplementedError

    def report(self) -> Report:
        raise NotImplementedError

    # -- records -----------------------------------------------------------------------------

    def add_source(self, **fields: Any) -> Change:
        """Plan adding a source (fields as in a sources file)."""
        from ..authoring.records import add_source

        return add_source(self.kb, **fields)

    def add_entity(self, **fields: Any) -> Change:
        """Plan adding an entity (``file``, ``new_kind`` as for ``claimkb add entity``)."""
        from ..authoring.records import add_entity

        return add_entity(self.kb, **fields)

    def add_property(self, **fields: Any) -> Change:
        """Plan adding a property to the registry."""
        from ..authoring.records import add_property

        return add_property(self.kb, **fields)

    def add_alias(self, entity: str, name: str) -> Change:
        """Plan adding an alias to an entity (refused when the name names another)."""
        from ..authoring.records import add_alias

        return add_alias(self.kb, entity, name)

    def add_claim(self, **fields: Any) -> Change:
        """Plan adding a claim (``id`` and ``status`` optional: derived from the source and
        property, and the strongest status the evidence supports)."""
        from ..authoring.claims import add_claim

        return add_claim(self.kb, **fields)

    def registry(self, what: str, **filters: Any) -> list[dict[str, Any]]:
        """The KB's ``properties`` or ``entities``, filtered (as ``claimkb registry``)."""
        from ..authoring import registry

        listing = registry.entities if what == "entities" else registry.properties
        return listing(self.kb, **filters)

    # -- drafts ------------------------------------------------------------------------------

    def draft(self, source_id: str) -> Change:
        """Plan proposing draft claims from a source's archived text."""
        from ..authoring.drafts import propose

        return propose(self.kb, source_id)

    def drafts(self, source_id: str | None = None) -> list[dict[str, Any]]:
        """The pending drafts (of one source, or of all)."""
        from ..authoring.drafts import pending

        return pending(self.kb, source_id)

    def accept(self, draft_id: str, overrides: Mapping[str, Any], **options: Any) -> Change:
        """Plan making a draft a claim, with ``overrides`` correcting its guesses."""
        from ..authoring.drafts import accept

        return accept(self.kb, draft_id, overrides, **options)

    def reject(self, draft_id: str) -> Change:
        """Plan dropping a draft (drafting the source again does not propose it)."""
        from ..authoring.drafts import reject

        return reject(self.kb, draft_id)

    # -- statuses and triage -----------------------------------------------------------------

    def set_status(self, claim_id: str, status: str, reason: str, *, force: bool = False) -> Change:
        """Plan setting a claim's status, checked against the evidence."""
        from ..authoring.settling import set_status

        return set_status(self.kb, claim_id, status, reason, self.report().findings, force=force)

    def suggestions(self) -> list[Suggestion]:
        """For each claim whose status a finding contests: the status the evidence supports."""
        from ..authoring.settling import suggestions

        return suggestions(self.kb, self.report().findings)

    def apply_suggestions(self, chosen: Iterable[Suggestion]) -> Change:
        """Plan writing these suggested statuses."""
        from ..authoring.settling import apply_suggestions

        return apply_suggestions(self.kb, chosen)

    def untriaged(self) -> list[tuple[str, Finding]]:
        """The untriaged discrepancies, each with the reference ``resolve`` accepts for it."""
        from ..authoring.resolving import references

        return references(self.report().findings)

    def discrepancy(self, wanted: str) -> tuple[str, Finding]:
        """The untriaged discrepancy ``wanted`` names (``CODE:claim``, a claim id or a code)."""
        from ..authoring.resolving import find

        return find(self.report().findings, wanted)

    def resolve(self, finding: Finding, **options: Any) -> Change:
        """Plan the resolution that triages ``finding`` (preferred, kind, reason, id, file,
        settle: as ``claimkb resolve``)."""
        from ..authoring.resolving import plan_resolution

        return plan_resolution(self.kb, self.report().findings, finding, **options)

    # -- writing -----------------------------------------------------------------------------

    def write(self, change: Change) -> None:
        """Write a planned change (refused if a file it edits changed since it was read)."""
        from ..authoring.writes import commit

        commit(change)

    def diff(self, change: Change) -> str:
        """The unified diff of what ``change`` would write."""
        from ..authoring.writes import diff

        return diff(change)
