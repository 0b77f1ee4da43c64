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

While a file cannot be read (see :mod:`.unread`), a status judged by the absence of evidence is
not reported when the missing evidence could be in that file.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from collections.abc import Set as AbstractSet

from ..analysis import agrees, independent_support, origins
from ..findings import Finding, make
from ..kb import KB
from ..model import Claim, Resolution, SourceKind, Status
from ..suggest import quoted_list
from ..values import ValueProblem, Verdict
from .unread import Held, sections

CODES = frozenset(
    {
        "review-disagrees",
        "status-understated",
        "status-unsupported",
    }
)
"""The findings (catalogue slugs) this check can report; a test holds it to what it emits."""


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


# What a verdict rests on when it is judged by the absence of evidence: the sections of the
# KB whose missing records could supply that evidence (see :mod:`.unread`).
_SUPPORT = frozenset({"claims", "entities", "properties", "constants", "sources"})
"""Independent supporters: claims on the same subject (perhaps by an alias) and property,
whose values agree; for a derived claim, its inputs; a source that is the official record."""
_RIVALS = frozenset({"claims", "entities", "properties", "resolutions"})
_PREFERENCE = frozenset({"resolutions", "claims", "constants"})
"""A resolution preferring a rival, a verdict claim, or a recomputation that fails."""
_ORIGINS = frozenset({"sources"})
_INDEPENDENCE = frozenset({"resolutions", "claims", "sources"})
"""What could undo two independent supporters: a rejection, a verdict, a relaying source."""


_BY_SOURCE = {Status.VENDOR_CLAIM}
"""Statuses judged by the sources a claim rests on alone, not by its value."""


def _unreadable(kb: KB, claim: Claim) -> bool:
    """Whether the claim's own value cannot be read (its property is known)."""
    return isinstance(kb.values.get(claim.id), ValueProblem)


def check(kb: KB, findings: Iterable[Finding], held: Held | None = None) -> Iterator[Finding]:
    """Every status the evidence does not support, and every status weaker than it. While a
    file cannot be read, a finding that rests on evidence the file may hold is not reported;
    ``held`` counts it."""
    held = held if held is not None else Held()
    unread = sections(kb)
    disputed = {
        cid
        for f in findings
        if f.entry.triageable and f.slug != "review-disagrees"
        for cid in f.claims
    }
    rejected = rejections(kb)
    reviews_of = kb.reviews_of
    unknowns: dict[tuple[str, str], frozenset[str]] = {}  # (property, subject) -> own unknowns
    no_verdicts: frozenset[str] = frozenset()
    for claim in kb.claims.values():
        claim_id = claim.id
        reviews = reviews_of.get(claim_id)
        verdicts = (
            {v.status for r in reviews if isinstance(v := kb.value(r.id), Verdict)}
            if reviews
            else no_verdicts
        )
        pair = (claim.property, claim.subject)
        own = unknowns.get(pair)
        if own is None:
            own = unknowns[pair] = _own_unknowns(kb, claim)
        rejection, in_discrepancy = rejected.get(claim_id), claim_id in disputed
        problem = _problem(kb, claim, rejection, in_discrepancy, verdicts)
        if problem and _unreadable(kb, claim) and claim.status not in _BY_SOURCE:
            # the value's own finding (CKB220) says what to fix; rivals and support are
            # judged once it reads
            continue
        if problem:
            detail, depends = problem
            if (depends | own) & unread:
                held.statuses += 1
                continue
            yield make(
                "status-unsupported",
                claim.file,
                claim.line_of("status"),
                [claim.id],
                claim=claim.id,
                status=claim.status.value,
                detail=detail,
                supported=quoted_list(
                    s.value
                    for s in Status
                    if s is not claim.status
                    and not _problem(kb, claim, rejection, in_discrepancy, verdicts, s)
                ),
            )
            continue
        understated = understating_support(kb, claim, rejection, verdicts)
        if understated:
            if (_INDEPENDENCE | own) & unread:
                held.statuses += 1
                continue
            yield make(
                "status-understated",
                claim.file,
                claim.line_of("status"),
                [claim.id],
                claim=claim.id,
                status=claim.status.value,
                count=len(understated),
                support=", ".join(sorted(c.id for group in understated for c in group)),
            )


def understating_support(
    kb: KB, claim: Claim, rejection: Resolution | None, verdicts: AbstractSet[str]
) -> list[list[Claim]]:
    """The independent supporters that make the claim's status understated (empty: it is
    not): two or more, not all interested parties for a vendor claim."""
    if claim.status not in _UNDERSTATABLE or rejection is not None or verdicts:
        return []
    support = independent_support(kb, claim)
    if len(support) >= 2 and not _only_vendors(kb, claim, support):
        return support
    return []


def objection(
    kb: KB,
    claim: Claim,
    status: Status,
    rejection: Resolution | None,
    in_discrepancy: bool,
    verdicts: set[str],
) -> str | None:
    """Why this check would report ``claim`` carrying ``status`` (None: it would not), so
    authoring refuses and suggests exactly what the check accepts."""
    candidate = claim.model_copy(update={"status": status})
    found = _problem(kb, candidate, rejection, in_discrepancy, verdicts)
    if found is not None:  # (why, the sections whose records could supply it)
        return found[0]
    support = understating_support(kb, candidate, rejection, verdicts)
    if support:
        return f"{len(support)} independent sources support it (understated)"
    return None


def _own_unknowns(kb: KB, claim: Claim) -> frozenset[str]:
    """Sections whose loss leaves the claim's own value or subject unknown."""
    unknown = set()
    if claim.property not in kb.properties:
        unknown.add("properties")
    if kb.entity(claim.subject) is None:
        unknown.add("entities")
    return frozenset(unknown)


def _problem(
    kb: KB,
    claim: Claim,
    rejection: Resolution | None,
    in_discrepancy: bool,
    verdicts: AbstractSet[str],
    status: Status | None = None,
) -> tuple[str, frozenset[str]] | None:
    """Why the claim's status (or ``status``, were it to carry that one instead) is not
    supported, and the sections whose missing records could supply what it lacks (none when
    it rests on evidence that is there)."""
    if status is None:
        status = claim.status
    if rejection is not None and status in _ASSERTIVE:
        preferred = kb.claims.get(rejection.preferred or "")
        values = frozenset() if preferred is None else _own_unknowns(kb, preferred)
        return (
            f"resolution '{rejection.id}' prefers '{rejection.preferred}', which states a "
            "different value",
            values & {"properties"},
        )
    arithmetic = _arithmetic(kb, claim) if claim.derived is not None else None
    if status is Status.VERIFIED:
        if arithmetic == "mismatch":
            return (
                "recomputing it does not give the stated value (see `claimkb explain`)",
                frozenset(),
            )
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
                f"count once{hint}",
                _SUPPORT,
            )
    elif status is Status.REFUTED:
        refuted = rejection is not None or Status.REFUTED.value in verdicts
        if not refuted and arithmetic != "mismatch":
            hint = ", nor does its recomputation fail" if claim.derived else ""
            detail = f"no resolution prefers a rival value and no verdict refutes it{hint}"
            return detail, _PREFERENCE
    elif status is Status.IMPRECISE:
        if rejection is None and arithmetic != "mismatch":
            return "no resolution prefers a more precise rival", _PREFERENCE
    elif status is Status.DISPUTED:
        if not in_discrepancy and rejection is None and not verdicts & _DOUBTING:
            return "no rival claim, resolution or verdict disputes it", _RIVALS
    elif status is Status.VENDOR_CLAIM:
        if not any(_is_interested(kb, s) for s in origins(kb, claim)):
            return (
                "none of the sources it rests on is an interested party's own statement "
                "(an announcement, or a source with issued_by)",
                _ORIGINS,
            )
    return None


def _arithmetic(kb: KB, claim: Claim) -> str | None:
    """:func:`claimkb.derive.arithmetic_support`: the derivation engine is imported only for
    a derived claim (most KBs have none)."""
    if claim.derived is None:
        return None
    from ..derive import arithmetic_support

    return arithmetic_support(kb, claim)


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
