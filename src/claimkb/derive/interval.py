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
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

__all__ = ["Interval", "IntervalError", "REL_EPS", "overlaps"]

REL_EPS = 1e-9
"""Relative slack for float noise: ``66.4 - 65.7`` is 0.7000000000000028."""


class IntervalError(ArithmeticError):
    """An operation the ranges do not allow (a divisor whose range includes zero)."""


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

    def scaled(self, factor: float) -> Interval:
        """The range in another unit (``factor`` > 0)."""
        return Interval(self.lo * factor, self.hi * factor, self.mid * factor)

    def __add__(self, other: Interval) -> Interval:
        return Interval(self.lo + other.lo, self.hi + other.hi, self.mid + other.mid)

    def __sub__(self, other: Interval) -> Interval:
        return Interval(self.lo - other.hi, self.hi - other.lo, self.mid - other.mid)

    def __neg__(self) -> Interval:
        return Interval(-self.hi, -self.lo, -self.mid)

    def __mul__(self, other: Interval) -> Interval:
        corners = (self.lo * other.lo, self.lo * other.hi, self.hi * other.lo, self.hi * other.hi)
        return Interval(min(corners), max(corners), self.mid * other.mid)

    def __truediv__(self, other: Interval) -> Interval:
        if other.lo <= 0.0 <= other.hi:
            raise IntervalError(
                "division by zero" if other.is_point else "the divisor's range includes zero"
            )
        corners = (self.lo / other.lo, self.lo / other.hi, self.hi / other.lo, self.hi / other.hi)
        return Interval(min(corners), max(corners), self.mid / other.mid)

    def monotone(self, function: Callable[[float], float]) -> Interval:
        """Apply a non-decreasing function (ceil, floor, round) to the whole range."""
        return Interval(function(self.lo), function(self.hi), function(self.mid))


def minimum(items: Iterable[Interval]) -> Interval:
    values = list(items)
    return Interval(
        min(v.lo for v in values), min(v.hi for v in values), min(v.mid for v in values)
    )


def maximum(items: Iterable[Interval]) -> Interval:
    values = list(items)
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
