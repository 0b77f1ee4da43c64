"""Recomputing every derived claim of a KB: inputs, ranges, verdicts (once per KB).

* A claim input counts with the range its written digits allow (``2.8 trillion`` is
  [2.75, 2.85]×10¹²): the check asks whether the article's own figures give its result. An
  approximation marker (``约``, ``about``) says the figure is rounded, which its digits already
  express; the extra 5% ``claimkb`` allows when comparing rival claims is not used here, or
  every rounding slip would vanish inside it. Explicit ``bounds``, comparators (``up to 8``)
  and written ranges (``4–5``) count with their own range.
* A constant is exact: it is a definition (FP8 is 1 byte per parameter), not a measurement.
* An input that is itself derived counts with its *stated* value, as the article used it, so
  each arithmetic step is judged on its own and a slip is reported where it happens.
* The stated value is compared by its digits too (``约 3.75 TB`` is [3.745, 3.755] TB); a
  mismatch is a stated range that does not meet the recomputed one.
* An expression that references no claim or constant (``4``) recomputes nothing from the
  evidence: it is reported (``derived-no-inputs``) and never a match. A value beyond the
  float range, anywhere, is reported (``derived-not-finite``) and never a match either: an
  infinite range would meet every stated value.
"""

from __future__ import annotations

import math

from ..analysis import memo
from ..kb import KB
from ..model import Claim, Datatype, Status
from ..values import Quantity, ValueProblem
from . import dimensions as dims
from .causes import diagnose
from .constants import ConstantValue, constant_values
from .evaluate import EvalError, Operand, Step, evaluate
from .expr import ExprError, Node, refs
from .graph import cycles, ordered_cycle, trees
from .interval import Interval, IntervalError, checked, overlaps
from .outcome import (
    ERROR,
    MATCHES,
    MISMATCH,
    UNCHECKED,
    Input,
    Outcome,
    Problem,
    written_range,
    written_unit,
)

__all__ = [
    "arithmetic_support",
    "MATCHES",
    "MISMATCH",
    "ERROR",
    "UNCHECKED",
    "Input",
    "Problem",
    "Outcome",
    "outcomes",
    "written_range",
    "written_unit",
]

SLUGS = {
    "syntax": "derived-error",
    "error": "derived-error",
    "limit": "derived-limit",
    "not-finite": "derived-not-finite",
}
"""The finding each kind of :class:`ExprError` / :class:`EvalError` is reported as."""
NO_INPUTS = (
    "the expression references no claim or constant, so recomputing it checks nothing and "
    "supports no status: write the figures it is computed from as references "
    "({claim-id} * {constant-id}), or remove 'derived:'"
)


def _exact(quantity: Quantity) -> Interval:
    if quantity.nominal is not None:
        return checked(quantity.nominal, quantity.nominal, quantity.nominal)
    return checked(quantity.lower, quantity.upper, (quantity.lower + quantity.upper) / 2)


def _operand(interval: Interval, dimension: str) -> Operand:
    """In root units; raises :class:`~.interval.NotFinite` when the conversion leaves the
    float range."""
    return Operand(interval.scaled(dims.root_factor(dimension)), dims.unit_of(dimension))


def outcomes(kb: KB) -> dict[str, Outcome]:
    """Every derived claim's recomputation, keyed by claim id (computed once per KB)."""
    return memo(kb, "derived-outcomes", _outcomes, kb)


def _outcomes(kb: KB) -> dict[str, Outcome]:

    in_cycle = {
        member: " → ".join([*ordered_cycle(kb, cycle), ordered_cycle(kb, cycle)[0]])
        for cycle in cycles(kb)
        for member in cycle
    }
    result: dict[str, Outcome] = {}
    for claim_id, tree in trees(kb).items():
        claim = kb.claims[claim_id]
        outcome = Outcome(claim, ERROR)
        result[claim_id] = outcome
        if isinstance(tree, ExprError):
            outcome.problem = Problem(SLUGS[tree.kind], tree.message, tree.column)
            continue
        outcome.tree = tree
        if claim_id in in_cycle:
            outcome.problem = Problem(
                "derived-cycle", f"the derivations form a cycle: {in_cycle[claim_id]}"
            )
            continue
        _recompute(kb, outcome, tree)
        if outcome.verdict == MISMATCH:
            outcome.causes = diagnose(kb, outcome)
    return result


def _recompute(kb: KB, outcome: Outcome, tree: Node) -> None:
    claim = outcome.claim
    if not refs(tree):
        outcome.problem = Problem("derived-no-inputs", NO_INPUTS)
        return
    stated = _stated(kb, outcome)
    if stated is None:
        return
    for ref in refs(tree):
        if ref.id in outcome.inputs:
            continue
        found = _input(kb, ref.id, ref.start + 1)
        if isinstance(found, Problem):
            outcome.problem = found
            return
        if isinstance(found, str):
            outcome.verdict, outcome.why_unchecked = UNCHECKED, found
            return
        outcome.inputs[ref.id] = found
    steps: list[Step] = []
    try:
        result = evaluate(tree, outcome.expr, outcome.env, steps)
    except EvalError as error:
        outcome.problem = Problem(SLUGS[error.kind], error.message, error.column)
        return
    outcome.steps, outcome.result = steps, result
    quantity = kb.value(claim.id)
    assert isinstance(quantity, Quantity)
    expected = dims.unit_of(quantity.dimension)
    if result.unit != expected:
        outcome.problem = Problem(
            "derived-error",
            f"the expression gives {dims.label(result.unit)}, but property "
            f"'{claim.property}' is in {quantity.dimension}",
        )
        return
    outcome.stated = stated
    outcome.verdict = MATCHES if overlaps(stated, result.value) else MISMATCH


def _stated(kb: KB, outcome: Outcome) -> Interval | None:
    """The stated value's range in root units, or None (and the outcome says why)."""
    claim = outcome.claim
    prop = kb.properties.get(claim.property)
    value = kb.values.get(claim.id)
    if prop is None or isinstance(value, ValueProblem) or value is None:
        outcome.verdict = UNCHECKED
        outcome.why_unchecked = "the claim's own value or property cannot be read"
        return None
    if prop.datatype is not Datatype.QUANTITY or not isinstance(value, Quantity):
        outcome.problem = Problem(
            "derived-error",
            f"only quantities can be derived, and property '{prop.id}' is a {prop.datatype.value}",
        )
        return None
    lower, upper = written_range(value, claim.bounds is not None)
    if not (math.isfinite(lower) and math.isfinite(upper)):
        outcome.problem = Problem(
            "derived-error", f"the stated value {claim.written!r} is open-ended; nothing to check"
        )
        return None
    tolerance = prop.tolerance
    lower, upper = lower - abs(lower) * tolerance, upper + abs(upper) * tolerance
    mid = value.nominal if value.nominal is not None else (lower + upper) / 2
    try:
        stated = _finite_range(lower, upper, mid, value.dimension)
    except IntervalError as error:
        outcome.problem = Problem(
            "derived-not-finite", f"the stated value {claim.written!r} is {error}"
        )
        return None
    outcome.stated_unit = written_unit(value)
    return stated


def _finite_range(lower: float, upper: float, mid: float, dimension: str) -> Interval:
    """A written range in root units; raises :class:`~.interval.NotFinite` past the float
    range (a bound or the nominal value infinite, NaN, or lost in the unit conversion)."""
    return checked(lower, upper, mid).scaled(dims.root_factor(dimension))


def _input(kb: KB, ref: str, column: int) -> Input | Problem | str:
    """The input ``{ref}`` stands for, a problem to report, or why it is silently skipped
    (its own record is broken and reported elsewhere)."""
    constant = kb.constants.get(ref)
    if constant is not None and ref in kb.claims:
        return Problem(
            "derived-error", f"{{{ref}}} is both a claim and a constant; rename one", column, ref
        )
    if constant is not None:
        parsed = constant_values(kb).get(ref)
        if not isinstance(parsed, ConstantValue):
            return f"constant '{ref}' cannot be read"
        try:
            nominal = None
            if parsed.nominal is not None:
                nominal = _operand(_exact(parsed.nominal), parsed.nominal.dimension)
            operand = _operand(_exact(parsed.value), parsed.value.dimension)
        except IntervalError as error:
            return Problem(
                "derived-not-finite",
                f"constant {{{ref}}} ({constant.value!r}) is {error}",
                column,
                ref,
            )
        return Input(
            ref,
            "constant",
            str(constant.value),
            parsed.value,
            operand,
            nominal,
            None if constant.nominal is None else str(constant.nominal),
        )
    claim = kb.claims.get(ref)
    if claim is None:
        if ref in kb.broken.get("claims", ()) or ref in kb.broken.get("constants", ()):
            return f"'{ref}' could not be read"
        return Problem("unknown-claim", f"{{{ref}}} is no claim or constant", column, ref)
    prop = kb.properties.get(claim.property)
    value = kb.values.get(claim.id)
    if prop is None or value is None or isinstance(value, ValueProblem):
        return f"input '{ref}' cannot be read"
    if not isinstance(value, Quantity):
        return Problem(
            "derived-error",
            f"input {{{ref}}} is not a quantity (property '{prop.id}' is a {prop.datatype.value})",
            column,
            ref,
        )
    lower, upper = written_range(value, claim.bounds is not None)
    if not (math.isfinite(lower) and math.isfinite(upper)):
        return Problem(
            "derived-error",
            f"input {{{ref}}} ({claim.written!r}) is open-ended; arithmetic needs a bounded "
            "value (give the claim explicit bounds)",
            column,
            ref,
        )
    mid = value.nominal if value.nominal is not None else (lower + upper) / 2
    try:
        interval = _finite_range(lower, upper, mid, value.dimension)
    except IntervalError as error:
        return Problem(
            "derived-not-finite", f"input {{{ref}}} ({claim.written!r}) is {error}", column, ref
        )
    return Input(
        ref, "claim", claim.written, value, Operand(interval, dims.unit_of(value.dimension))
    )


def arithmetic_support(kb: KB, claim: Claim) -> str | None:
    """What recomputing ``claim`` says about its status: ``"verified"`` when it adds up from
    inputs that are all verified claims or constants (at least one: literals alone are the
    KB's own figures, no evidence), ``"mismatch"`` when it does not add up, None otherwise
    (not derived, not checked, or resting on unverified inputs)."""
    if claim.derived is None:
        return None
    outcome = outcomes(kb).get(claim.id)
    if outcome is None:
        return None
    if outcome.verdict == MISMATCH:
        return "mismatch"
    inputs = outcome.inputs.values()
    if (
        outcome.verdict == MATCHES
        and bool(inputs)
        and all(
            item.kind == "constant" or kb.claims[item.ref].status is Status.VERIFIED
            for item in inputs
        )
    ):
        return "verified"
    return None
