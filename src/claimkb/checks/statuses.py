"""Statuses must match the evidence the knowledge base holds.

* ``verified`` needs at least two independent sources stating the same value (sources that
  relay one another, through ``cites`` or a claim's ``via``, count once), or that the claim
  rests on a ``primary-record`` source: the official record of the figure verifies it, and
  outlets relaying it add nothing;
* ``refuted`` needs a resolution that prefers a different value, or a verdict that refutes it;
* ``imprecise`` needs a resolution that prefers a more precise rival;
* ``disputed`` needs a discrepancy or a verdict that disputes it;
* ``vendor-claim`` needs an interested party's own statement (an announcement, or a source
  ``issued_by`` an organisation) among the sources it rests on;
* a claim a resolution rejects cannot stay ``verified``, ``single-source`` or ``unchecked``;
* a derived claim is also ``verified`` when it recomputes from verified inputs and constants,
  is never ``verified`` when its recomputation fails, and a failed recomputation supports
  ``refuted``, ``imprecise`` and ``disputed``.

Statuses weaker than the evidence (``single-source`` with two independent supporters) get a
warning suggesting ``verified``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..analysis import agrees, independent_support, origins
from ..derive import arithmetic_support
from ..findings import Finding, make
from ..kb import KB
from ..model import Claim, Resolution, SourceKind, Status
from ..values import Verdict

_ASSERTIVE = {Status.VERIFIED, Status.SINGLE_SOURCE, Status.VENDOR_CLAIM, Status.UNCHECKED}
_UNDERSTATABLE = {
    Status.SINGLE_SOURCE,
    Status.VENDOR_CLAIM,
    Status.UNCHECKED,
    Status.INSUFFICIENT_EVIDENCE,
}
_DOUBTING = {Status.DISPUTED.value, Status.INSUFFICIENT_EVIDENCE.value, Status.REFUTED.value}


def rejections(kb: KB) -> dict[str, Resolution]:
    """Claim id -> a resolution that prefers a claim stating a different value."""
    result: dict[str, Resolution] = {}
    for resolution in kb.resolutions.values():
        preferred = resolution.preferred
        if not preferred or preferred not in kb.claims:
            continue
        preferred_value = kb.value(preferred)
        for claim_id in resolution.claims:
            if claim_id == preferred or claim_id not in kb.claims:
                continue
            value = kb.value(claim_id)
            if preferred_value is None or value is None or not agrees(preferred_value, value):
                result.setdefault(claim_id, resolution)
    return result


def check(kb: KB, findings: Iterable[Finding]) -> Iterator[Finding]:
    disputed = {
        cid
        for f in findings
        if f.entry.triageable and f.slug != "review-disagrees"
        for cid in f.claims
    }
    rejected = rejections(kb)
    for claim in kb.claims.values():
        verdicts = {
            v.status
            for r in kb.reviews_of.get(claim.id, ())
            if isinstance(v := kb.value(r.id), Verdict)
        }
        detail = _problem(kb, claim, rejected.get(claim.id), claim.id in disputed, verdicts)
        if detail:
            yield make(
                "status-unsupported",
                claim.file,
                claim.line_of("status"),
                [claim.id],
                claim=claim.id,
                status=claim.status.value,
                detail=detail,
            )
            continue
        if claim.status in _UNDERSTATABLE and claim.id not in rejected and not verdicts:
            support = independent_support(kb, claim)
            if len(support) >= 2 and not _only_vendors(kb, claim, support):
                yield make(
                    "status-understated",
                    claim.file,
                    claim.line_of("status"),
                    [claim.id],
                    claim=claim.id,
                    status=claim.status.value,
                    count=len(support),
                    support=", ".join(sorted(c.id for group in support for c in group)),
                )


def _problem(
    kb: KB, claim: Claim, rejection: Resolution | None, in_discrepancy: bool, verdicts: set[str]
) -> str | None:
    status = claim.status
    if rejection is not None and status in _ASSERTIVE:
        return (
            f"resolution '{rejection.id}' prefers '{rejection.preferred}', which states a "
            "different value"
        )
    arithmetic = arithmetic_support(kb, claim)
    if status is Status.VERIFIED:
        if arithmetic == "mismatch":
            return "recomputing it does not give the stated value (see `claimkb explain`)"
        if (
            arithmetic != "verified"
            and len(independent_support(kb, claim)) < 2
            and not _on_record(kb, claim)
        ):
            rests_on = ", ".join(sorted(origins(kb, claim)))
            hint = "; or derive it from verified inputs" if claim.derived else ""
            return (
                "only one independent source states this value (it rests on "
                f"{rests_on}); sources that relay one another or that one organisation issued "
                f"count once{hint}"
            )
    elif status is Status.REFUTED:
        refuted = rejection is not None or Status.REFUTED.value in verdicts
        if not refuted and arithmetic != "mismatch":
            hint = ", nor does its recomputation fail" if claim.derived else ""
            return f"no resolution prefers a rival value and no verdict refutes it{hint}"
    elif status is Status.IMPRECISE:
        if rejection is None and arithmetic != "mismatch":
            return "no resolution prefers a more precise rival"
    elif status is Status.DISPUTED:
        if not in_discrepancy and rejection is None and not verdicts & _DOUBTING:
            return "no rival claim, resolution or verdict disputes it"
    elif status is Status.VENDOR_CLAIM:
        if not any(_is_interested(kb, s) for s in origins(kb, claim)):
            return (
                "none of the sources it rests on is an interested party's own statement "
                "(an announcement, or a source with issued_by)"
            )
    return None


def _on_record(kb: KB, claim: Claim) -> bool:
    """Whether the claim rests on a primary record (directly, or relayed through cites)."""
    for source_id in origins(kb, claim):
        source = kb.sources.get(source_id)
        if source is not None and source.kind is SourceKind.PRIMARY_RECORD:
            return True
    return False


def _is_interested(kb: KB, source_id: str) -> bool:
    source = kb.sources.get(source_id)
    return source is not None and source.interested


def _only_vendors(kb: KB, claim: Claim, support: list[list[Claim]]) -> bool:
    """For a vendor claim: true when every independent supporter is itself an interested
    party's statement (two vendors agreeing do not make a claim independently verified)."""
    if claim.status is not Status.VENDOR_CLAIM:
        return False
    return all(
        any(_is_interested(kb, s) for c in group for s in origins(kb, c)) for group in support
    )
