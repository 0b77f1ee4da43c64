"""``claimkb resolve``: start a resolution from an untriaged discrepancy, claims filled in.

A discrepancy is named by its reference ``CODE:first-claim`` (``CKB401:s000-total-params``,
as ``claimkb resolve`` with no argument lists them), or by one of its claims when only one
untriaged discrepancy involves it, or by its code when only one has it. The resolution lists
every claim the finding names (so it triages exactly that finding), takes the preferred claim,
the kind and the reason, and is checked as the check would: the preferred claim is one of
them, the kind is one of the documented kinds. Before anything is written it shows the
statuses each claim may then carry, and the one the evidence would then suggest.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..findings import Finding
from ..kb import KB
from ..model import Resolution, ResolutionKind
from .emit import node
from .errors import Invalid, Problem, Refused, did_you_mean
from .evidence import Evidence
from .placement import plan_append, plan_updates, usual_file
from .settling import _setter
from .validate import id_problem, model_record
from .writes import Change

__all__ = ["KINDS", "default_kind", "find", "plan_resolution", "references", "untriaged"]

KINDS = tuple(k.value for k in ResolutionKind)
_DEFAULT_KIND = {
    "rounding": "rounding",
    "date-precision": "precision",
    "unknown-entity": "misspelling",
    "count-mismatch": "miscount",
    "self-contradiction": "self-contradiction",
    "derived-mismatch": "arithmetic",
}
"""The kind a finding suggests (a conflict's kind is a judgement: there is no default)."""


def untriaged(findings: Iterable[Finding]) -> list[Finding]:
    return [f for f in findings if f.entry.triageable and f.claims and not f.triaged]


def references(findings: Iterable[Finding]) -> list[tuple[str, Finding]]:
    """Each untriaged discrepancy with its reference (``CODE:first-claim``, ``#2`` ... when
    one claim opens several of one code)."""
    result: list[tuple[str, Finding]] = []
    seen: dict[str, int] = {}
    for finding in untriaged(findings):
        base = f"{finding.code}:{finding.claims[0]}"
        seen[base] = seen.get(base, 0) + 1
        result.append((base if seen[base] == 1 else f"{base}#{seen[base]}", finding))
    return result


def find(findings: Iterable[Finding], wanted: str) -> tuple[str, Finding]:
    """The untriaged discrepancy ``wanted`` names (a reference, a claim id or a code)."""
    refs = references(findings)
    for ref, finding in refs:
        if ref == wanted:
            return ref, finding
    by_claim = [(r, f) for r, f in refs if wanted in f.claims]
    by_code = [(r, f) for r, f in refs if wanted in (f.code, f.slug)]
    for matches in (by_claim, by_code):
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            names = ", ".join(r for r, _ in matches)
            raise Invalid("resolution", [Problem("finding", f"'{wanted}' is in several: {names}")])
    close = did_you_mean(wanted, [r for r, _ in refs] + [c for _, f in refs for c in f.claims])
    hint = "" if refs else " (no untriaged discrepancy remains)"
    raise Invalid(
        "resolution",
        [Problem("finding", f"no untriaged discrepancy '{wanted}'{hint}", close)],
    )


def default_kind(finding: Finding) -> str | None:
    return _DEFAULT_KIND.get(finding.slug)


def _new_id(kb: KB, finding: Finding, preferred: str | None) -> str:
    base = f"r-{preferred or finding.claims[0]}"[:120]
    candidate, n = base, 1
    while candidate in kb.resolutions:
        n += 1
        candidate = f"{base}-{n}"
    return candidate


def plan_resolution(
    kb: KB,
    findings: Iterable[Finding],
    finding: Finding,
    *,
    preferred: str | None,
    kind: str | None,
    reason: str | None,
    resolution_id: str | None = None,
    file: str | None = None,
    settle: bool = False,
) -> Change:
    """Plan the resolution of ``finding``; with ``settle``, also the statuses the evidence
    then supports for its claims whose status it would contest."""
    findings = tuple(findings)
    kind = kind or default_kind(finding)
    problems: list[Problem | None] = []
    if preferred is not None and preferred not in finding.claims:
        close = did_you_mean(preferred, finding.claims)
        problems.append(Problem("preferred", f"'{preferred}' is not one of its claims", close))
    if kind is not None and kind not in KINDS:
        problems.append(
            Problem(
                "kind", f"no kind '{kind}' (one of {', '.join(KINDS)})", did_you_mean(kind, KINDS)
            )
        )
    resolution_id = resolution_id or _new_id(kb, finding, preferred)
    fields = {
        "id": resolution_id,
        "claims": list(finding.claims),
        "preferred": preferred,
        "kind": kind,
        "reason": reason.strip() if reason else None,
    }
    record, found = model_record(Resolution, fields)
    reported = {p.field for p in problems if p is not None}
    problems.extend(p for p in found if p.field not in reported)
    problems.append(id_problem(kb, "resolutions", resolution_id))
    real = [p for p in problems if p is not None]
    if real or record is None:
        raise Invalid(f"resolution '{resolution_id}'", real)
    after = Evidence(kb, findings).with_resolution(record)
    statuses = [_row(kb, after, c) for c in finding.claims if c in kb.claims]
    rel = file or usual_file(kb, "resolutions")
    edits = [plan_append(kb, rel, "resolutions", node(fields))]
    if settle:
        settled = _settle(kb, after, finding.claims)
        if any(edit.rel == rel for edit in settled):
            raise Refused(
                f"{rel} holds both the resolution and claims to settle; write the resolution "
                "first, then run claimkb status --suggest --apply"
            )
        edits.extend(settled)
    summary = f"added resolution '{resolution_id}' ({kind}) to {rel}"
    return Change(summary, edits, {"resolution": dict(fields), "statuses": statuses})


def _row(kb: KB, evidence: Evidence, claim_id: str) -> dict[str, Any]:
    suggestion = evidence.suggest(kb.claims[claim_id])
    return {**suggestion.to_dict(), "value": kb.claims[claim_id].written}


def _settle(kb: KB, evidence: Evidence, claim_ids: Iterable[str]) -> list[Any]:
    from ..model import Status

    by_file: dict[str, dict[str, Any]] = {}
    for claim_id in claim_ids:
        claim = kb.claims.get(claim_id)
        if claim is None or evidence.objection(claim, claim.status) is None:
            continue  # its status still holds
        suggestion = evidence.suggest(claim)
        if Status(suggestion.status) is not claim.status:
            by_file.setdefault(claim.file, {})[claim.id] = _setter(
                suggestion.status, suggestion.reason
            )
    return [plan_updates(kb, rel, "claims", changes) for rel, changes in sorted(by_file.items())]
