"""What the derived-claims check (:mod:`.derived`) reports for a KB that derives: each
recomputation's outcome, the constants, the cycles. Apart from the check so that a KB with
no derived claim and no constant never imports :mod:`claimkb.derive`."""

from __future__ import annotations

from collections.abc import Iterator

from ..derive import MISMATCH, Outcome, constant_values, cycles, outcomes
from ..derive.constants import ConstantProblem
from ..derive.display import show
from ..derive.expr import MAX_LENGTH, excerpt
from ..findings import Finding, make
from ..kb import KB
from .references import _hint

SHOWN = 120
"""Characters of an expression quoted in a message."""


def findings(kb: KB) -> Iterator[Finding]:
    """The check's findings (see :mod:`.derived`)."""
    yield from _constants(kb)
    yield from _cycles(kb)
    for outcome in outcomes(kb).values():
        yield from _outcome(kb, outcome)


def _constants(kb: KB) -> Iterator[Finding]:
    parsed = constant_values(kb)
    for constant in kb.constants.values():
        what = f"constant '{constant.id}'"
        value = parsed.get(constant.id)
        if isinstance(value, ConstantProblem):
            yield make(
                "derived-error",
                constant.file,
                constant.line_of(value.field),
                what=what,
                detail=str(value),
            )
        if constant.id in kb.claims:
            claim = kb.claims[constant.id]
            yield make(
                "derived-error",
                constant.file,
                constant.line_of("id"),
                [constant.id],
                what=what,
                detail=f"a claim has the same id ({claim.file}:{claim.line}); expressions "
                "could not tell them apart",
            )
        if constant.source and constant.source not in kb.sources:
            if constant.source not in kb.broken.get("sources", ()):
                yield make(
                    "unknown-source",
                    constant.file,
                    constant.line_of("source"),
                    what=what,
                    ref=constant.source,
                    hint=_hint(constant.source, kb.sources),
                )


def _cycles(kb: KB) -> Iterator[Finding]:
    for cycle in cycles(kb):
        members = sorted((kb.claims[i] for i in cycle), key=lambda c: (c.file, c.line))
        first = members[0]
        problem = outcomes(kb)[first.id].problem
        yield make(
            "derived-error",
            first.file,
            first.line_of("derived"),
            [c.id for c in members],
            what=f"claim '{first.id}'",
            detail=problem.detail if problem else "the derivations form a cycle",
        )


def _outcome(kb: KB, outcome: Outcome) -> Iterator[Finding]:
    claim = outcome.claim
    problem = outcome.problem
    if problem is not None:
        if problem.slug == "derived-cycle":
            return
        line = claim.line_of("derived")
        if problem.slug == "unknown-claim" and problem.ref is not None:
            yield make(
                "unknown-claim",
                claim.file,
                line,
                [claim.id],
                what=f"claim '{claim.id}' (derived)",
                ref=problem.ref,
                hint=_hint(problem.ref, [*kb.claims, *kb.constants]),
            )
            return
        column = f", column {problem.column}" if problem.column else ""
        yield make(
            problem.slug,
            claim.file,
            line,
            [claim.id],
            what=f"claim '{claim.id}', derived {excerpt(outcome.expr, SHOWN)!r}{column}",
            detail=problem.detail,
            expr=excerpt(outcome.expr, MAX_LENGTH),
            column=problem.column,
        )
        return
    if outcome.verdict == MISMATCH:
        yield _mismatch(outcome)


def _mismatch(outcome: Outcome) -> Finding:
    claim = outcome.claim
    assert outcome.result is not None and outcome.stated is not None
    unit, prefer = outcome.result.unit, outcome.units
    recomputed = show(outcome.result.value, unit, prefer)
    stated = show(outcome.stated, unit, prefer)
    cause = outcome.causes[0] if outcome.causes else None
    because = f"; likely cause: {cause.kind}: {cause.detail}" if cause else ""
    return make(
        "derived-mismatch",
        claim.file,
        claim.line_of("value"),
        [claim.id],
        claim=claim.id,
        value=claim.written,
        stated=stated.range_text,
        expr=outcome.expr,
        recomputed=recomputed.text,
        because=because,
        unit=recomputed.unit,
        stated_range=[stated.lower, stated.upper],
        recomputed_range=[recomputed.lower, recomputed.upper],
        recomputed_nominal=recomputed.nominal,
        cause=cause.to_dict(outcome) if cause else None,
        causes=[c.to_dict(outcome) for c in outcome.causes],
    )
