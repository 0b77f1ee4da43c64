"""Why a derived claim does not add up: likely causes, each tried on its own.

For a mismatch, each hypothesis below changes one thing and recomputes. Those that make the
stated value meet the recomputation are kept, ranked by how closely their nominal result
matches the stated figure (then in the order listed), so ``cause`` is the best explanation
and the others stay visible:

``prefix``
    (sizes and rates in bytes or bits only) the stated value times or divided by 1024ᵏ/1000ᵏ
    (1.024, 1.048576, 1.073741824, 1.099511627776, 1.125899906842624) meets the
    recomputation: decimal and binary prefixes were mixed (3840 GB "= 3.75 TB" by dividing
    by 1024).
``nominal``
    a constant taken at its ``nominal`` figure instead of its real one matches (MXFP4 taken
    as 4 bits per parameter, not 4.25).
``wrong-input``
    replacing one input by a rival claim (same subject, property and qualifiers, different
    value) matches: the article used the other figure (3 trillion for 2.8 trillion).
``input-rounding``
    one input rounded to fewer significant digits, as a point, matches: the article rounded
    before computing.
``rounding``
    the stated value is within one unit of its last non-zero digit of the result, and that
    digit is not above the result's first one: it was truncated or rounded the wrong way, or
    its trailing zeros claim more precision than the author meant (384 written "380").

Combinations of causes are not searched; a mismatch none of these explains has no cause.
The search is bounded, since each hypothesis recomputes the whole expression: at most
:data:`MAX_RIVALS` rivals per input, the 17 significant digits a float holds per rounded
input, and :data:`MAX_RETRIES` recomputations per mismatch in all (in the order above; no
article's arithmetic comes near it). A hypothesis whose figures leave the float range is
not a cause.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from ..analysis import group_key, groups, value_key
from ..kb import KB
from ..model import Claim
from ..values import Quantity
from . import dimensions as dims
from .display import number, show
from .evaluate import EvalError, Operand, evaluate
from .interval import Interval, IntervalError, checked, finite, overlaps
from .outcome import Outcome, written_range

__all__ = ["Cause", "diagnose", "KINDS", "PREFIX_RATIOS"]

KINDS = ("prefix", "nominal", "wrong-input", "input-rounding", "rounding")
PREFIX_RATIOS = tuple((k, 1024.0**k / 1000.0**k) for k in range(1, 6))
MAX_RIVALS = 20
MAX_RETRIES = 200
"""Recomputations tried per mismatch (each evaluates the whole expression once)."""
FLOAT_DIGITS = 17
"""Significant digits of a float: rounding an input to more changes nothing."""


@dataclass(frozen=True, slots=True)
class Cause:
    kind: str
    detail: str
    recomputed: Interval
    """The recomputation under this hypothesis (root units)."""
    distance: float
    """Relative gap between the stated figure and this hypothesis' nominal result."""
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self, outcome: Outcome) -> dict[str, Any]:
        assert outcome.result is not None
        shown = show(self.recomputed, outcome.result.unit, outcome.units)
        return {
            "kind": self.kind,
            "detail": self.detail,
            "recomputed": shown.to_dict(),
            "distance": self.distance,
            **self.data,
        }


def diagnose(kb: KB, outcome: Outcome) -> list[Cause]:
    """Every hypothesis that explains the mismatch, most likely first."""
    assert outcome.stated is not None and outcome.result is not None
    budget = _Budget()
    found = [
        *_guarded(lambda: _prefix(outcome)),
        *_guarded(lambda: _nominal(outcome, budget)),
        *_guarded(lambda: _wrong_input(kb, outcome, budget)),
        *_guarded(lambda: _input_rounding(outcome, budget)),
        *_guarded(lambda: _rounding(kb, outcome)),
    ]
    rank = {kind: i for i, kind in enumerate(KINDS)}
    return sorted(found, key=lambda c: (round(c.distance, 9), rank[c.kind]))


@dataclass
class _Budget:
    """Recomputations left for one mismatch."""

    left: int = MAX_RETRIES

    def spend(self) -> bool:
        self.left -= 1
        return self.left >= 0


def _guarded(hypotheses: Callable[[], list[Cause]]) -> list[Cause]:
    """The causes a kind of hypothesis finds; none when its figures leave the float range."""
    try:
        return hypotheses()
    except IntervalError:
        return []


def _gap(a: float, b: float) -> float:
    scale = max(abs(a), abs(b))
    return 0.0 if scale == 0 else abs(a - b) / scale


def _text(outcome: Outcome, value: Interval) -> str:
    assert outcome.result is not None
    return show(value, outcome.result.unit, outcome.units).text


def _prefix(outcome: Outcome) -> list[Cause]:
    """At most one prefix cause: the ratio that best fits, if it makes the values meet."""
    stated, result = outcome.stated, outcome.result
    assert stated is not None and result is not None
    if "byte" not in dims.label(result.unit) or stated.mid == 0 or result.value.mid == 0:
        return []  # binary prefixes exist for bytes and bits only
    fits = []
    for steps, ratio in PREFIX_RATIOS:
        for factor in (ratio, 1.0 / ratio):
            shifted = stated.scaled(factor)
            if overlaps(shifted, result.value):
                fits.append((_gap(shifted.mid, result.value.mid), steps, ratio, factor, shifted))
    if not fits:
        return []
    gap, steps, ratio, factor, shifted = min(fits)
    sign = "×" if factor > 1 else "÷"
    if steps == 1:
        how = "1024 taken for 1000, or the reverse, in one conversion step"
    else:
        prefix = "kMGTP"[steps - 1]
        how = f"{prefix}B and {prefix}iB confused (1024^{steps} vs 1000^{steps})"
    return [
        Cause(
            "prefix",
            f"decimal/binary prefix mix-up: the stated value {sign} {number(ratio)} ≈ the "
            f"recomputed one ({how})",
            shifted,
            gap,
            {"factor": ratio, "direction": "multiply" if factor > 1 else "divide"},
        )
    ]


def _retry(outcome: Outcome, ref: str, operand: Operand, budget: _Budget) -> Interval | None:
    """The recomputation with ``{ref}`` replaced, if it can be computed within the budget."""
    assert outcome.tree is not None
    if not budget.spend():
        return None
    env = outcome.env
    env[ref] = operand
    try:
        return evaluate(outcome.tree, outcome.expr, env).value
    except EvalError:
        return None


def _matches(outcome: Outcome, value: Interval | None) -> bool:
    return value is not None and outcome.stated is not None and overlaps(outcome.stated, value)


def _nominal(outcome: Outcome, budget: _Budget) -> list[Cause]:
    assert outcome.stated is not None
    found = []
    for ref, item in outcome.inputs.items():
        if item.nominal is None:
            continue
        value = _retry(outcome, ref, item.nominal, budget)
        if value is None or not _matches(outcome, value):
            continue
        found.append(
            Cause(
                "nominal",
                f"constant '{ref}' taken at its nominal {item.nominal_written} instead of its "
                f"real {item.written} gives {_text(outcome, value)}",
                value,
                _gap(value.mid, outcome.stated.mid),
                {"constant": ref, "nominal": item.nominal_written, "real": item.written},
            )
        )
    return found


def rivals(kb: KB, claim: Claim) -> list[Claim]:
    """Claims on the same subject, property and qualifiers stating a different value,
    those a resolution prefers first. Only single-valued properties have rivals."""
    prop = kb.properties.get(claim.property)
    value = kb.value(claim.id)
    if prop is None or not prop.single_valued or value is None:
        return []
    own = value_key(value)
    preferred = {r.preferred for r in kb.resolutions.values() if r.preferred}
    found = [
        c
        for c in groups(kb).get(group_key(kb, claim), [])
        if c.id != claim.id and (v := kb.value(c.id)) is not None and value_key(v) != own
    ]
    found.sort(key=lambda c: (c.id not in preferred, c.file, c.line))
    return found[:MAX_RIVALS]


def _wrong_input(kb: KB, outcome: Outcome, budget: _Budget) -> list[Cause]:
    assert outcome.stated is not None
    found = []
    for ref, item in outcome.inputs.items():
        if item.kind != "claim":
            continue
        for rival in rivals(kb, kb.claims[ref]):
            quantity = kb.value(rival.id)
            if not isinstance(quantity, Quantity):
                continue
            lower, upper = written_range(quantity, rival.bounds is not None)
            if not (math.isfinite(lower) and math.isfinite(upper)):
                continue
            if _too_vague(quantity, lower, upper):
                continue
            mid = quantity.nominal if quantity.nominal is not None else (lower + upper) / 2
            factor = dims.root_factor(quantity.dimension)
            try:
                operand = Operand(checked(lower, upper, mid).scaled(factor), item.operand.unit)
            except IntervalError:
                continue
            value = _retry(outcome, ref, operand, budget)
            if value is None or not _matches(outcome, value):
                continue
            found.append(
                Cause(
                    "wrong-input",
                    f"input '{ref}' ({item.written}) replaced by its rival '{rival.id}' "
                    f"({rival.written}) gives {_text(outcome, value)}",
                    value,
                    _gap(value.mid, outcome.stated.mid),
                    {"input": ref, "rival": rival.id, "rival_value": rival.written},
                )
            )
    return found


VAGUE_RIVAL = 0.25
"""A rival whose range reaches further than this share of its own amount either way ("tens of
gigabytes", "a trillion-parameter model") would "explain" almost any mismatch: it is not
offered as a cause."""


def _too_vague(quantity: Quantity, lower: float, upper: float) -> bool:
    if quantity.nominal is None:
        return True
    middle = max(abs(quantity.nominal), 1e-300)
    return max(quantity.nominal - lower, upper - quantity.nominal) > VAGUE_RIVAL * middle


def _significant(x: float) -> tuple[int, int]:
    """(exponent of the first digit, exponent of the last non-zero digit) of a finite ``x``."""
    if not finite(x):
        raise IntervalError(f"{x} has no digits")
    digits = Decimal(repr(x)).normalize()
    exponent = digits.as_tuple().exponent
    assert isinstance(exponent, int)
    return digits.adjusted(), exponent


def _input_rounding(outcome: Outcome, budget: _Budget) -> list[Cause]:
    assert outcome.stated is not None
    found = []
    for ref, item in outcome.inputs.items():
        quantity = item.quantity
        if item.kind != "claim" or quantity.nominal is None or quantity.precision <= 0:
            continue
        written = quantity.nominal / quantity.factor
        if written == 0:
            continue
        first = _significant(written)[0]
        step = 2 * quantity.precision / quantity.factor
        if not finite(step):
            continue
        last = round(math.log10(step))
        seen = {written}
        for digits in range(1, min(first - last, FLOAT_DIGITS) + 1):
            rounded = float(f"{written:.{digits - 1}e}")
            if rounded in seen:
                continue
            seen.add(rounded)
            factor = dims.root_factor(quantity.dimension) * quantity.factor
            point = Operand(Interval.point(rounded * factor), item.operand.unit)
            value = _retry(outcome, ref, point, budget)
            if value is None or not _matches(outcome, value):
                continue
            found.append(
                Cause(
                    "input-rounding",
                    f"input '{ref}' ({item.written}) rounded to {number(rounded)} "
                    f"{quantity.unit} gives {_text(outcome, value)}",
                    value,
                    _gap(value.mid, outcome.stated.mid),
                    {"input": ref, "rounded": rounded, "unit": quantity.unit},
                )
            )
    return found


def _rounding(kb: KB, outcome: Outcome) -> list[Cause]:
    stated, result = outcome.stated, outcome.result
    quantity = kb.value(outcome.claim.id)
    assert stated is not None and result is not None
    if not isinstance(quantity, Quantity) or quantity.nominal is None or quantity.nominal == 0:
        return []
    written = quantity.nominal / quantity.factor
    place = 10.0 ** _significant(written)[1]
    per = dims.root_factor(quantity.dimension) * quantity.factor
    result_written = result.value.mid / per
    if result_written == 0 or place > 10.0 ** _significant(abs(result_written))[0]:
        return []  # 5.6 "rounded" to 10 keeps no digit of the result
    widened = checked((written - place) * per, (written + place) * per, stated.mid)
    if not overlaps(widened, result.value):
        return []
    return [
        Cause(
            "rounding",
            f"the stated {number(written)} looks like the result "
            f"({_text(outcome, result.value)}) rounded or truncated to {number(place)} "
            f"{quantity.unit}",
            result.value,
            _gap(stated.mid, result.value.mid),
            {"place": place, "unit": quantity.unit},
        )
    ]
