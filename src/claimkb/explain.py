"""``explain``: a derived claim's recomputation as plain data, step by step."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .derive.display import show
from .derive.expr import Number, Ref
from .derive.recompute import Input, Outcome, outcomes, written_unit
from .errors import NotDerived, NotFound
from .findings import Finding
from .kb import KB
from .query import claim_dict

__all__ = ["NotDerived", "explain"]

_FINDINGS = (
    "derived-error",
    "derived-no-inputs",
    "derived-limit",
    "derived-not-finite",
    "derived-mismatch",
    "unknown-claim",
)
"""The findings ``explain`` shows about the claim it explains."""


def explain(kb: KB, claim_id: str, findings: Iterable[Finding]) -> dict[str, Any]:
    """The recomputation of ``claim_id``: inputs with their written values, ranges and
    sources; every sub-expression with its range and unit; the stated range; the verdict
    and its likely causes; the findings about it (triaged or not) among ``findings``, the
    KB's report (a query sits above the checks and never runs them)."""
    claim = kb.claims.get(claim_id)
    if claim is None:
        raise NotFound(f"no claim with id {claim_id!r}")
    outcome = outcomes(kb).get(claim_id)
    if outcome is None or claim.derived is None:
        raise NotDerived(f"claim {claim_id!r} is not derived (it has no 'derived:' section)")
    prefer = outcome.units
    problem = outcome.problem
    related = [f.to_dict() for f in findings if claim_id in f.claims and f.slug in _FINDINGS]
    return {
        "claim": claim_dict(kb, claim),
        "expr": claim.derived.expr,
        "note": claim.derived.note,
        "verdict": outcome.verdict,
        "detail": problem.detail if problem else outcome.why_unchecked,
        "column": problem.column if problem else None,
        "inputs": [_input(kb, item, outcome) for item in outcome.inputs.values()],
        "steps": [_step(outcome, step) for step in outcome.steps],
        "result": None
        if outcome.result is None
        else show(outcome.result.value, outcome.result.unit, prefer).to_dict(),
        "stated": None
        if outcome.stated is None or outcome.result is None
        else show(outcome.stated, outcome.result.unit, prefer).to_dict(),
        "cause": outcome.causes[0].to_dict(outcome) if outcome.causes else None,
        "causes": [c.to_dict(outcome) for c in outcome.causes],
        "findings": related,
    }


def _input(kb: KB, item: Input, outcome: Outcome) -> dict[str, Any]:
    shown = show(item.operand.value, item.operand.unit, written_unit(item.quantity))
    row: dict[str, Any] = {
        "ref": item.ref,
        "kind": item.kind,
        "value": item.written,
        "range": shown.to_dict(),
        "text": shown.text,
    }
    if item.kind == "constant":
        constant = kb.constants[item.ref]
        row.update(
            nominal=item.nominal_written,
            label=constant.label,
            source=constant.source,
            citation=constant.citation,
            note=constant.note,
            file=constant.file,
            line=constant.line,
        )
        return row
    claim = kb.claims[item.ref]
    row.update(
        subject=kb.subject_id(claim),
        property=claim.property,
        source=claim.source,
        quote=claim.quote,
        status=claim.status.value,
        derived=claim.derived is not None,
        file=claim.file,
        line=claim.line,
    )
    return row


def _step(outcome: Outcome, step: Any) -> dict[str, Any]:
    node = step.node
    prefer = outcome.units
    if isinstance(node, Ref):
        kind = "input"
        prefer = [written_unit(outcome.inputs[node.id].quantity), *prefer]
    elif isinstance(node, Number):
        kind = "literal"
        prefer = [node.unit, *prefer]
    else:
        kind = "step"
    shown = show(step.value, step.unit, prefer)
    return {
        "expr": outcome.expr[node.start : node.end],
        "kind": kind,
        "column": node.start + 1,
        "value": shown.to_dict(),
        "text": shown.text,
    }
