"""Which statuses the evidence supports for a claim, and the one to suggest, with the reason.

The rules are the status check's own (:mod:`claimkb.checks.statuses`): a status is *allowed*
when the check would raise no ``status-unsupported`` (CKB501) for it and no
``status-understated`` (CKB502). Nothing here restates a rule; a candidate status is put to the
check's rule function and kept when it passes. Among the allowed statuses the suggestion is the
most informative one the evidence points at, in this order:

1. a resolution prefers a rival: ``imprecise`` when the resolution says the claim rounds it
   (rounding, precision), ``refuted`` when it says the claim is wrong (an error, a
   misspelling, an outdated figure, a miscount, bad arithmetic or units, a self-contradiction),
   ``disputed`` when it weighs evidence (attribution, unverified, scope, marketing, other);
   a verdict that refutes it: ``refuted``;
2. its recomputation fails: ``imprecise`` (the source's arithmetic, see ``claimkb explain``);
3. a verdict disputes it, or it is already doubted and in an untriaged discrepancy: ``disputed``;
4. two independent sources state its value (or it recomputes from verified inputs): ``verified``;
5. it rests on an interested party's own statement: ``vendor-claim``;
6. it is in an untriaged discrepancy: ``disputed``; else ``single-source``.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass

from ..findings import Finding
from ..kb import KB
from ..model import Claim, Resolution, ResolutionKind, Status

__all__ = ["Evidence", "Suggestion", "CONTESTING"]

CONTESTING = frozenset({"status-unsupported", "status-understated"})
"""The findings (CKB501, CKB502) that say a claim's status is not what the evidence shows."""
_DOUBTING = frozenset({Status.REFUTED, Status.IMPRECISE, Status.DISPUTED})
_PRECISION = frozenset({ResolutionKind.ROUNDING, ResolutionKind.PRECISION})
_WRONG = frozenset(
    {
        ResolutionKind.ERROR,
        ResolutionKind.MISSPELLING,
        ResolutionKind.OUTDATED,
        ResolutionKind.MISCOUNT,
        ResolutionKind.ARITHMETIC,
        ResolutionKind.UNIT_CONFUSION,
        ResolutionKind.SELF_CONTRADICTION,
    }
)


@dataclass(frozen=True)
class Suggestion:
    claim: str
    current: str
    status: str
    reason: str
    allowed: tuple[str, ...]

    def to_dict(self) -> dict[str, object]:
        return {
            "claim": self.claim,
            "current": self.current,
            "suggested": self.status,
            "reason": self.reason,
            "allowed": list(self.allowed),
        }


class Evidence:
    """The evidence a KB holds about its claims' statuses, given the check's findings."""

    def __init__(self, kb: KB, findings: Iterable[Finding]):
        from ..checks.statuses import rejections

        self.kb = kb
        self.rejected = rejections(kb)
        discrepancies = [f for f in findings if f.entry.triageable and f.slug != "review-disagrees"]
        self.disputed = {cid for f in discrepancies for cid in f.claims}
        """Claims in a discrepancy, triaged or not (the status check's own set)."""
        self._open = [frozenset(f.claims) for f in discrepancies if not f.triaged]
        self.untriaged = {cid for claims in self._open for cid in claims}
        """Claims in a discrepancy no resolution triages."""

    def with_resolution(self, resolution: Resolution) -> Evidence:
        """The evidence once ``resolution`` is recorded (the KB itself is not changed)."""
        other = copy.copy(self)
        kb = copy.copy(self.kb)
        kb.resolutions = {**self.kb.resolutions, resolution.id: resolution}
        kb.memo = dict(self.kb.memo)
        from ..checks.statuses import rejections

        other.kb = kb
        other.rejected = rejections(kb)
        covered = set(resolution.claims)
        other._open = [claims for claims in self._open if not claims <= covered]
        other.untriaged = {cid for claims in other._open for cid in claims}
        return other

    def verdicts(self, claim: Claim) -> set[str]:
        from ..values import Verdict

        return {
            v.status
            for r in self.kb.reviews_of.get(claim.id, ())
            if isinstance(v := self.kb.value(r.id), Verdict)
        }

    def objection(self, claim: Claim, status: Status) -> str | None:
        """Why the status check would refuse ``status`` for ``claim`` (None: it would not)."""
        from ..checks.statuses import objection

        return objection(
            self.kb,
            claim,
            status,
            self.rejected.get(claim.id),
            claim.id in self.disputed,
            self.verdicts(claim),
        )

    def allowed(self, claim: Claim) -> tuple[str, ...]:
        return tuple(s.value for s in Status if self.objection(claim, s) is None)

    def suggest(self, claim: Claim) -> Suggestion:
        allowed = self.allowed(claim)
        status, reason = self._choose(claim, set(allowed))
        return Suggestion(claim.id, claim.status.value, status, reason, allowed)

    def _choose(self, claim: Claim, allowed: set[str]) -> tuple[str, str]:
        from ..analysis import independent_support, origins
        from ..derive import arithmetic_support

        kb = self.kb
        rejection = self.rejected.get(claim.id)
        verdicts = self.verdicts(claim)
        if rejection is not None:
            wanted = _rejected_as(rejection.kind)
            for status in (wanted, "refuted", "imprecise", "disputed"):
                if status in allowed:
                    return status, (
                        f"resolution '{rejection.id}' ({rejection.kind.value}) prefers "
                        f"'{rejection.preferred}', which states a different value"
                    )
        if Status.REFUTED.value in verdicts and "refuted" in allowed:
            return "refuted", "a fact-check verdict in the KB refutes it"
        if arithmetic_support(kb, claim) == "mismatch" and "imprecise" in allowed:
            return "imprecise", "recomputing it does not give the stated value (claimkb explain)"
        doubted = claim.status in _DOUBTING and claim.id in self.untriaged
        if "disputed" in allowed and (Status.DISPUTED.value in verdicts or doubted):
            return "disputed", "a rival claim or a verdict disputes it and no resolution settles it"
        support = independent_support(kb, claim)
        if "verified" in allowed:
            supporters = ", ".join(sorted(c.id for group in support for c in group))
            if len(support) >= 2:
                return "verified", f"{len(support)} independent sources state it: {supporters}"
            return "verified", "it recomputes from verified inputs and constants"
        rests_on = ", ".join(sorted(origins(kb, claim)))
        if "vendor-claim" in allowed:
            return "vendor-claim", f"it rests on {rests_on}, an interested party's own statement"
        if claim.id in self.untriaged and "disputed" in allowed:
            return "disputed", "it is in a discrepancy no resolution settles"
        if "single-source" in allowed:
            return (
                "single-source",
                f"only one independent source states it (it rests on {rests_on})",
            )
        fallback = next(iter(sorted(allowed)), Status.INSUFFICIENT_EVIDENCE.value)
        return fallback, "no stronger status is supported"


def _rejected_as(kind: ResolutionKind) -> str:
    """The status a claim a resolution of this kind rejects is suggested."""
    if kind in _PRECISION:
        return Status.IMPRECISE.value
    if kind in _WRONG:
        return Status.REFUTED.value
    return Status.DISPUTED.value
