"""Interval arithmetic for recomputing derived claims.

A written figure is a range, not a point: ``2.8 trillion`` is anything in [2.75, 2.85]×10¹².
Each operation here returns the range of every result the operands' ranges allow, together
with the *nominal* result (the operation applied to the figures as written), so a
recomputation can say both "the article's own numbers give 1.4875 TB" and "anything in
[1.461, 1.514] TB is consistent with them".

Bounds are plain floats in base units. Every operation is monotone in each argument on the
boxes it accepts (division refuses divisors whose range holds zero), so applying the same
correctly rounded float operation to the endpoints keeps every point result inside the
computed range without outward rounding.

Every bound stays a finite, normal float: an operation whose corner overflows to infinity
(``1e300 * 1e300``), falls below the smallest normal float (``1e-200 * 1e-200``, which would
read as 0), or meets a NaN raises :class:`NotFinite` instead of returning a range that would
"match" anything or say a product of non-zero figures is 0. NaN can then never arise, since
it needs an infinite operand.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..errors import ClaimkbError

__all__ = [
    "Interval",
    "IntervalError",
    "NotFinite",
    "ZeroDivisor",
    "REL_EPS",
    "FLOAT_MAX",
    "FLOAT_MIN",
    "TOO_LARGE",
    "TOO_SMALL",
    "checked",
    "finite",
    "overlaps",
]

REL_EPS = 1e-9
"""Relative slack for float noise: ``66.4 - 65.7`` is 0.7000000000000028."""
FLOAT_MAX = sys.float_info.max
"""The largest finite float (1.8e308): beyond it a value is infinite."""
FLOAT_MIN = sys.float_info.min
"""The smallest normal float (2.2e-308): below it (but not 0) a value loses its digits."""


class IntervalError(ClaimkbError, ArithmeticError):
    """An operation the ranges do not allow (a divisor whose range includes zero)."""


class ZeroDivisor(IntervalError):
    """A divisor whose range holds zero."""


class NotFinite(IntervalError):
    """A bound that is infinite, NaN, or a non-zero value below :data:`FLOAT_MIN`."""


def finite(*values: float) -> bool:
    """Whether every value is a finite float."""
    return all(math.isfinite(v) for v in values)


TOO_LARGE = "beyond the float range (±1.8e308)"
TOO_SMALL = "below the smallest float (2.2e-308) but not 0"


def _bounded(*values: float) -> None:
    if not finite(*values):
        raise NotFinite(TOO_LARGE)


def _product(a: float, b: float, value: float) -> float:
    """``value`` (``a * b`` or ``a / b``), refused when it left the normal float range."""
    if not math.isfinite(value):
        raise NotFinite(TOO_LARGE)
    if a != 0.0 and b != 0.0 and abs(value) < FLOAT_MIN:
        raise NotFinite(TOO_SMALL)
    return value


@dataclass(frozen=True, slots=True)
class Interval:
    lo: float
    hi: float
    mid: float
    """The nominal value: the same computation on the figures as written."""

    @classmethod
    def point(cls, x: float) -> Interval:
        return cls(x, x, x)

    @classmethod
    def of(cls, lo: float, hi: float, mid: float | None = None) -> Interval:
        return cls(lo, hi, (lo + hi) / 2 if mid is None else mid)

    @property
    def is_point(self) -> bool:
        return self.lo == self.hi

    @property
    def is_finite(self) -> bool:
        return finite(self.lo, self.hi, self.mid)

    def scaled(self, factor: float) -> Interval:
        """The range in another unit (``factor`` > 0)."""
        return Interval(
            _product(self.lo, factor, self.lo * factor),
            _product(self.hi, factor, self.hi * factor),
            _product(self.mid, factor, self.mid * factor),
        )

    def __add__(self, other: Interval) -> Interval:
        return checked(self.lo + other.lo, self.hi + other.hi, self.mid + other.mid)

    def __sub__(self, other: Interval) -> Interval:
        return checked(self.lo - other.hi, self.hi - other.lo, self.mid - other.mid)

    def __neg__(self) -> Interval:
        return checked(-self.hi, -self.lo, -self.mid)

    def __mul__(self, other: Interval) -> Interval:
        _bounded(self.lo, self.hi, self.mid, other.lo, other.hi, other.mid)
        corners = [_product(a, b, a * b) for a in (self.lo, self.hi) for b in (other.lo, other.hi)]
        mid = _product(self.mid, other.mid, self.mid * other.mid)
        return Interval(min(corners), max(corners), mid)

    def __truediv__(self, other: Interval) -> Interval:
        _bounded(self.lo, self.hi, self.mid, other.lo, other.hi, other.mid)
        if other.lo <= 0.0 <= other.hi:
            raise ZeroDivisor(
                "division by zero" if other.is_point else "the divisor's range includes zero"
            )
        corners = [_product(a, b, a / b) for a in (self.lo, self.hi) for b in (other.lo, other.hi)]
        mid = _product(self.mid, other.mid, self.mid / other.mid)
        return Interval(min(corners), max(corners), mid)

    def monotone(self, function: Callable[[float], float]) -> Interval:
        """Apply a non-decreasing function (ceil, floor, round) to the whole range."""
        return checked(function(self.lo), function(self.hi), function(self.mid))


def checked(lo: float, hi: float, mid: float) -> Interval:
    """An interval of finite bounds; raises :class:`NotFinite` otherwise."""
    _bounded(lo, hi, mid)
    return Interval(lo, hi, mid)


def minimum(items: Iterable[Interval]) -> Interval:
    values = list(items)
    _bounded(*(x for v in values for x in (v.lo, v.hi, v.mid)))
    return Interval(
        min(v.lo for v in values), min(v.hi for v in values), min(v.mid for v in values)
    )


def maximum(items: Iterable[Interval]) -> Interval:
    values = list(items)
    _bounded(*(x for v in values for x in (v.lo, v.hi, v.mid)))
    return Interval(
        max(v.lo for v in values), max(v.hi for v in values), max(v.mid for v in values)
    )


def _snap(x: float) -> float:
    """``x`` without float noise below REL_EPS, so that a result meant to be exactly 35 is not
    pushed to 36 by ``ceil``. Non-decreasing, so ceil/floor stay monotone."""
    return x - REL_EPS * abs(x)


def ceil(x: float) -> float:
    return float(math.ceil(_snap(x))) if math.isfinite(x) else x


def floor(x: float) -> float:
    return float(math.floor(x + REL_EPS * abs(x))) if math.isfinite(x) else x


def round_half_up(x: float) -> float:
    """Round to the nearest whole number, halves up (monotone, unlike Python's ``round``)."""
    return floor(x + 0.5) if math.isfinite(x) else x


def overlaps(a: Interval, b: Interval) -> bool:
    """Whether two ranges share a point, allowing for float noise."""
    scale = max(abs(a.lo), abs(a.hi), abs(b.lo), abs(b.hi), 1e-300)
    eps = REL_EPS * scale
    return a.lo <= b.hi + eps and b.lo <= a.hi + eps
