"""``claimkb status``: set a claim's status, or settle the ones the evidence contests.

* ``set_status`` writes one claim's status, with the reason in its note; a status the evidence
  does not support (the status check's own rule) is refused, with the statuses it does
  support, unless forced.
* ``suggestions`` lists, for every claim a ``status-unsupported`` (CKB501) or
  ``status-understated`` (CKB502) finding contests, the status the evidence supports and why
  (:mod:`~claimkb.authoring.evidence`); ``apply_suggestions`` writes them, one edit per file.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from typing import Any

from ..findings import Finding
from ..kb import KB
from ..model import Status
from .emit import prose
from .errors import Invalid, Problem, did_you_mean
from .evidence import CONTESTING, Evidence, Suggestion
from .placement import plan_update, plan_updates
from .writes import Change

__all__ = ["apply_suggestions", "set_status", "suggestions", "status_note"]

STATUSES = tuple(s.value for s in Status)


def status_note(note: str | None, status: str, reason: str) -> str:
    """The claim's note with the reason for its new status added (earlier ones are kept:
    the note is the claim's history as well as its explanation)."""
    added = f"Status {status}: {reason.strip()}"
    if not note:
        return added
    ending = "" if note.rstrip().endswith((".", "!", "?", "。")) else "."
    return f"{note.rstrip()}{ending} {added}"


def _setter(status: str, reason: str) -> Callable[[Any], None]:
    def mutate(record: Any) -> None:
        record["status"] = status
        indent = 6  # a claim's keys sit at column 4 in the usual layout; close enough to fold
        note = status_note(str(record["note"]) if record.get("note") else None, status, reason)
        if "note" in record:
            record["note"] = prose(note, indent)
        else:
            record.insert(len(record), "note", prose(note, indent))

    return mutate


def set_status(
    kb: KB,
    claim_id: str,
    status: str,
    reason: str,
    findings: Iterable[Finding],
    *,
    force: bool = False,
) -> Change:
    """Plan setting ``claim_id``'s status (``findings``: the KB's check, for the evidence)."""
    problems: list[Problem] = []
    claim = kb.claims.get(claim_id)
    if claim is None:
        problems.append(
            Problem("claim", f"no claim '{claim_id}'", did_you_mean(claim_id, kb.claims))
        )
    if status not in STATUSES:
        problems.append(Problem("status", f"no status '{status}'", did_you_mean(status, STATUSES)))
    if not reason or not reason.strip():
        problems.append(Problem("reason", "say why (it goes into the claim's note)"))
    if problems or claim is None:
        raise Invalid(f"status of '{claim_id}'", problems)
    evidence = Evidence(kb, findings)
    objection = evidence.objection(claim, Status(status))
    if objection is not None and not force:
        allowed = ", ".join(evidence.allowed(claim))
        raise Invalid(
            f"status of '{claim_id}'",
            [
                Problem(
                    "status",
                    f"'{status}' is not supported: {objection}; the evidence supports "
                    f"{allowed} (--force writes it anyway, and claimkb check will report it)",
                )
            ],
        )
    edit = plan_update(kb, claim.file, "claims", claim.id, _setter(status, reason))
    summary = f"claim '{claim.id}': status {claim.status.value} -> {status} in {claim.file}"
    notes = [f"not supported by the evidence: {objection}"] if objection else []
    return Change(summary, [edit], {"claim": claim.id, "status": status, "reason": reason}, notes)


def suggestions(kb: KB, findings: Iterable[Finding]) -> list[Suggestion]:
    """The supported status of every claim whose status a finding contests."""
    findings = tuple(findings)
    evidence = Evidence(kb, findings)
    contested = sorted({c for f in findings if f.slug in CONTESTING for c in f.claims})
    return [evidence.suggest(kb.claims[c]) for c in contested if c in kb.claims]


def apply_suggestions(kb: KB, chosen: Iterable[Suggestion]) -> Change:
    """Plan writing the suggested statuses, each with its reason in the claim's note."""
    by_file: dict[str, dict[str, Callable[[Any], None]]] = defaultdict(dict)
    applied = []
    for suggestion in chosen:
        if suggestion.status == suggestion.current:
            continue
        claim = kb.claims[suggestion.claim]
        by_file[claim.file][claim.id] = _setter(suggestion.status, suggestion.reason)
        applied.append(suggestion.to_dict())
    edits = [plan_updates(kb, rel, "claims", changes) for rel, changes in sorted(by_file.items())]
    summary = f"settled {len(applied)} status(es) in {len(edits)} file(s)"
    return Change(summary, edits, {"statuses": applied})
