"""``claimkb add claim``: a new claim, checked as ``claimkb check`` would check it, first.

Before anything is written the claim's source, property and subject must exist (else the
nearest ids and names are offered), its value must read for its property, its quote must be in
its source's snapshot (else the nearest passage is shown), its value must be what its quote
says (the value check's own rule), and its status must be one the evidence supports (the
status check's own rule); without ``status`` the strongest supported one is chosen.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from ..kb import KB
from ..model import Claim, Datatype, Status
from ..values import EntityName, ValueProblem, expected_forms
from .emit import node
from .errors import Problem
from .placement import claims_file, plan_append
from .validate import entity_problem, id_problem, model_record, reference_problem, require
from .writes import Change
from .yamledit import YamlFile

__all__ = ["CLAIM_KEYS", "add_claim", "claim_problems", "new_claim_id", "with_claims"]

CLAIM_KEYS = (
    "id", "subject", "property", "value", "source", "qualifiers", "quote", "via", "status",
    "items", "unquoted", "note",
)  # fmt: skip


def new_claim_id(kb: KB, source: str, prop: str, taken: set[str] | None = None) -> str:
    """``<prefix>-<property>``: the short prefix the source's claims share (``s004`` for
    ``seed-004``), else the source id; ``-2``, ``-3`` ... when that id is taken."""
    ids = [c.id for c in kb.claims.values() if c.source == source]
    heads = {i.split("-", 1)[0] for i in ids if "-" in i}
    own = all(i.startswith(f"{source}-") for i in ids)
    prefix = heads.pop() if not own and len(heads) == 1 and len(ids) > 1 else source
    base = f"{prefix}-{prop}"[:120]
    used = set(kb.claims) | (taken or set())
    candidate, n = base, 1
    while candidate in used:
        n += 1
        candidate = f"{base}-{n}"
    return candidate


def with_claims(kb: KB, claims: Mapping[str, Claim]) -> KB:
    """A view of ``kb`` with ``claims`` added or replaced (``kb`` itself is unchanged)."""
    other = copy.copy(kb)
    other.claims = {**kb.claims, **claims}
    other.memo = {}
    other._subject_ids = {}
    other._source_years = {}
    for cached in ("values", "claims_by_subject", "reviews_of"):
        other.__dict__.pop(cached, None)
    return other


def add_claim(
    kb: KB,
    *,
    file: str | None = None,
    allow_unknown: bool = False,
    **fields: Any,
) -> Change:
    """Plan adding a claim (fields as in the claims file; ``id`` and ``status`` optional)."""
    fields = {k: fields[k] for k in CLAIM_KEYS if fields.get(k) not in (None, [], {})}
    source, prop = str(fields.get("source", "")), str(fields.get("property", ""))
    if not fields.get("id") and source and prop:
        fields["id"] = new_claim_id(kb, source, prop)
    claim, problems = claim_problems(kb, fields, allow_unknown)
    require(f"claim '{fields.get('id', '')}'", problems)
    assert claim is not None
    status = str(fields.get("status") or "")
    if not status:
        from .evidence import Evidence

        suggestion = Evidence(with_claims(kb, {claim.id: claim}), ()).suggest(claim)
        fields["status"] = suggestion.status
        fields = {k: fields[k] for k in CLAIM_KEYS if k in fields}
    rel = file or claims_file(kb, source)

    def build(document: YamlFile) -> Any:
        default = document.data.get("source") if isinstance(document.data, dict) else None
        written = {k: v for k, v in fields.items() if not (k == "source" and v == default)}
        return node(written)

    edit = plan_append(kb, rel, "claims", build, skeleton={"source": source})
    notes = [
        f"claim '{c.id}' of this source already states this value with this quote"
        for c in kb.claims.values()
        if c.source == source
        and c.property == prop
        and c.quote == claim.quote
        and c.written == claim.written
    ]
    if not kb.sources[source].snapshot:
        notes.append(f"source '{source}' has no snapshot: the quote was not checked")
    summary = f"added claim '{claim.id}' ({fields['status']}) to {rel}"
    return Change(summary, [edit], {"claim": fields}, notes)


def claim_problems(
    kb: KB, fields: Mapping[str, Any], allow_unknown: bool = False
) -> tuple[Claim | None, list[Problem | None]]:
    """Every problem of a claim to be written: (the claim if it is well formed, problems)."""
    checked = dict(fields)
    checked.setdefault("status", Status.UNCHECKED.value)
    claim, problems = model_record(Claim, checked)
    found: list[Problem | None] = list(problems)
    claim_id = str(fields.get("id", ""))
    if claim_id:
        found.append(id_problem(kb, "claims", claim_id))
    source_id, prop_id = fields.get("source"), fields.get("property")
    if source_id:
        found.append(reference_problem(kb, "source", str(source_id), "sources", "source"))
    for relayed in fields.get("via") or ():
        found.append(reference_problem(kb, "via", str(relayed), "sources", "source"))
    if prop_id:
        found.append(
            reference_problem(kb, "property", str(prop_id), "properties", "property", True)
        )
    if fields.get("subject"):
        found.append(entity_problem(kb, "subject", str(fields["subject"]))[1])
    if claim is None or claim.source not in kb.sources or claim.property not in kb.properties:
        found.append(_early_value_problem(kb, fields))
        return None, found
    found.extend(_value_problems(kb, claim, allow_unknown))
    if fields.get("status"):
        found.append(_status_problem(kb, claim))
    return claim, found


def _early_value_problem(kb: KB, fields: Mapping[str, Any]) -> Problem | None:
    """The value's problem when the claim is otherwise incomplete (every problem at once)."""
    source, prop, value = fields.get("source"), fields.get("property"), fields.get("value")
    if source not in kb.sources or prop not in kb.properties or value in (None, ""):
        return None
    sketch = Claim.model_construct(source=source, property=prop, value=value)
    try:
        kb.read_as(sketch, str(value))
    except ValueProblem as problem:
        found = kb.properties[str(prop)]
        forms = expected_forms(found.datatype.value, found.dimension)
        return Problem("value", f"{problem}; property '{found.id}' expects {forms}")
    return None


def _value_problems(kb: KB, claim: Claim, allow_unknown: bool) -> list[Problem | None]:
    from ..checks.value_quote import COMPARED, compare

    prop = kb.properties[claim.property]
    try:
        value = kb.read_as(claim, claim.written)
    except ValueProblem as problem:
        forms = expected_forms(prop.datatype.value, prop.dimension)
        return [Problem("value", f"{problem}; property '{prop.id}' expects {forms}")]
    problems: list[Problem | None] = []
    if isinstance(value, EntityName) and value.entity is None and not allow_unknown:
        problems.append(entity_problem(kb, "value", claim.written, prop.entity_kind)[1])
    problems.append(_quote_problem(kb, claim))
    if prop.datatype in COMPARED and claim.unquoted is None and claim.derived is None:
        finding = compare(kb, claim, value)
        if finding is not None:
            detail = finding.args.get("detail", "")
            problems.append(
                Problem(
                    "value",
                    f"{claim.written!r} is not what the quote says: {detail}; correct it, or "
                    "say why it is not in the quote with --unquoted",
                )
            )
    if prop.datatype is Datatype.VERDICT and not claim.reviews:
        problems.append(Problem("reviews", "a verdict claim names the claims it rates"))
    return problems


def _quote_problem(kb: KB, claim: Claim) -> Problem | None:
    from .snapshot import SnapshotProblem, quote_problem

    source = kb.sources[claim.source]
    if not source.snapshot:
        return None
    try:
        nearest = quote_problem(kb, source, claim.quote)
    except SnapshotProblem as exc:
        return Problem("quote", f"cannot be checked: {exc.message}")
    if nearest is None:
        return None
    where = f" (line {nearest.line}, {nearest.score}% alike): {nearest.passage!r}"
    return Problem(
        "quote",
        f"not in the snapshot {source.snapshot}; copy it verbatim. Nearest passage{where}",
    )


def _status_problem(kb: KB, claim: Claim) -> Problem | None:
    from .evidence import Evidence

    evidence = Evidence(with_claims(kb, {claim.id: claim}), ())
    objection = evidence.objection(claim, claim.status)
    if objection is None:
        return None
    allowed = ", ".join(evidence.allowed(claim))
    return Problem(
        "status",
        f"'{claim.status.value}' is not supported: {objection}; the evidence supports {allowed}",
    )
