"""Fact-check verdicts against the statuses of the claims they review.

A verdict claim (datatype ``verdict``) records what one source concluded about other claims,
for instance a fact-check finding "insufficient evidence" for a vendor's figure. When the
knowledge base rates a reviewed claim higher than the verdict does, the two disagree and a
person must decide: lower the status, or triage the disagreement with a reason.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..findings import Finding, make
from ..kb import KB
from ..model import Status
from ..values import Verdict

CODES = frozenset(
    {
        "review-disagrees",
    }
)
"""The findings (catalogue slugs) this check can report; a test holds it to what it emits."""


STRENGTH = {
    Status.REFUTED: 0,
    Status.DISPUTED: 1,
    Status.INSUFFICIENT_EVIDENCE: 1,
    Status.IMPRECISE: 2,
    Status.VENDOR_CLAIM: 3,
    Status.SINGLE_SOURCE: 3,
    Status.VERIFIED: 4,
    Status.UNCHECKED: 5,
}
"""How much a status asserts. ``unchecked`` ranks highest: once a claim has been reviewed,
leaving it unchecked ignores the review."""


def check(kb: KB) -> Iterator[Finding]:
    for claim_id, reviewers in kb.reviews_of.items():
        claim = kb.claims.get(claim_id)
        if claim is None:
            continue
        for reviewer in reviewers:
            verdict = kb.value(reviewer.id)
            if not isinstance(verdict, Verdict):
                continue
            if STRENGTH[claim.status] > STRENGTH[Status(verdict.status)]:
                yield make(
                    "review-disagrees",
                    claim.file,
                    claim.line_of("status"),
                    [claim.id, reviewer.id],
                    claim=claim.id,
                    status=claim.status.value,
                    reviewer=f"'{reviewer.id}' ({reviewer.source})",
                    verdict=verdict.status,
                )
