"""How two values relate: the same value, consistent, or at odds.

Everything here works on the normalised form values carry (a quantity's nominal, bounds and
written precision in its dimension's base unit; a date's first and last possible day), so it
holds for any unit the value readers know, today's or tomorrow's.

* A value's **span** is the range it allows, widened by a property's tolerance. Open ends
  are infinite and stay so: no operation here makes a NaN (``inf × 0``), so no comparison
  depends on the order claims come in.
* Two spans are **apart** when one ends before the other begins; values whose spans are
  apart cannot both hold.
* Two values are **the same value** when they state the same thing (:func:`value_key`), or
  when they are one figure written in two units, each to the precision its writer gave it:
  ``8,849 m`` and ``29,032 ft``, ``3.35 TB/s`` and ``3352 GB/s``. A change of unit moves
  the grid a figure is rounded to, so the coarser of the two may carry one significant
  digit fewer (``8,848.86 m`` is ``29,032 ft`` to the nearest foot); a figure that drops
  more (``2 TB/s`` for ``2,039 GB/s``), or one rounded within its own unit (``3 trillion``
  for ``2.8 trillion``), is a rounding, not the same value. Bounds (``over``), ranges and
  approximations (``about``) are never conversions.
* A list of values splits into **classes**: sorted by where their spans end, each class is
  every value whose span begins before the first unclassed span ends, so all of a class
  hold together at that point (the greedy cover of an interval graph by cliques, the fewest
  classes there can be). Values in different classes include a pair that is apart. A
  rounded figure's range excludes its upper end (``2:01:09`` is [2:01:08.5, 2:01:09.5)), so
  figures written to the same precision that differ are never one class. The split costs
  two sorts and one sweep: it grows with the number of values, not its square.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from .values import Boolean, DateValue, EntityName, Quantity, Text, Value, Verdict, name_key

T = TypeVar("T")
Span = tuple[float, float]
EPS = 1e-9
"""Relative slack for floating-point noise: ``2.8`` × 10¹² and ``2800`` × 10⁹ are equal."""
DIGITS_A_UNIT_CHANGE_MAY_DROP = 1


def value_key(value: Value) -> object:
    """A hashable identity of what a value states, used for agreement and for listing."""
    if isinstance(value, Quantity):
        if value.nominal is not None:
            # a bound is not the figure it bounds: 'exceed 3 TB/s' is not '3 TB/s'
            bound = (math.isinf(value.upper), math.isinf(value.lower))
            return ("q", value.dimension, _rounded(value.nominal), *bound)
        return ("q", value.dimension, _rounded(value.lower), _rounded(value.upper))
    if isinstance(value, DateValue):
        return ("d", value.earliest, value.latest)
    if isinstance(value, EntityName):
        return ("e", value.entity or name_key(value.name))
    if isinstance(value, Text):
        return ("t", value.key)
    if isinstance(value, Boolean):
        return ("b", value.value)
    if isinstance(value, Verdict):
        return ("v", value.status)
    raise TypeError(value)


def _rounded(x: float) -> float:
    if not math.isfinite(x) or x == 0:
        return x
    return round(x, 9 - int(math.floor(math.log10(abs(x)))))


# --- spans --------------------------------------------------------------------------------


def span(value: Value, tolerance: float = 0.0) -> Span | None:
    """A value's range on a number line (days for dates), each finite end widened by
    ``tolerance`` of itself; None for values with no range (entities, texts, booleans)."""
    if isinstance(value, Quantity):
        low, high = value.lower, value.upper
        if tolerance:
            low = low - abs(low) * tolerance if math.isfinite(low) else low
            high = high + abs(high) * tolerance if math.isfinite(high) else high
        return (low, high)
    if isinstance(value, DateValue):
        return (float(value.earliest.toordinal()), float(value.latest.toordinal()))
    return None


def close(x: float, y: float) -> bool:
    """Equal, or finite and within floating-point noise of each other."""
    if x == y:
        return True
    if not (math.isfinite(x) and math.isfinite(y)):
        return False
    return abs(x - y) <= EPS * max(abs(x), abs(y))


def ends_before(high: float, low: float) -> bool:
    """Whether a span ending at ``high`` ends before one beginning at ``low``."""
    return high < low and not close(high, low)


def apart(a: Span, b: Span) -> bool:
    """Whether the spans share no point: values spanning them cannot both hold."""
    return ends_before(a[1], b[0]) or ends_before(b[1], a[0])


# --- the same value -----------------------------------------------------------------------


def same_value(a: Value, b: Value) -> bool:
    """Whether ``a`` and ``b`` state the same thing (see the module docstring)."""
    if value_key(a) == value_key(b):
        return True
    return isinstance(a, Quantity) and isinstance(b, Quantity) and conversion(a, b)


def unit_of(value: Value) -> object:
    """What a value is written in, for telling conversions apart: a quantity's dimension and
    factor to the base unit (``TB`` and ``terabytes`` are one unit), None for the rest."""
    if isinstance(value, Quantity):
        return (value.dimension, _rounded(value.factor))
    return None


def conversion(a: Quantity, b: Quantity) -> bool:
    """Whether two plain figures in different units are one figure, each to its precision."""
    if a.dimension != b.dimension or unit_of(a) == unit_of(b):
        return False
    if not (_plain(a) and _plain(b)):
        return False
    fine, coarse = sorted((a, b), key=_half_width)
    assert fine.nominal is not None and coarse.nominal is not None  # _plain
    if _half_width(coarse) <= 0:
        return False  # two exact figures: the same only when equal, as value_key says
    # the coarser one's trailing zeros are digits of the conversion, or it is no
    # conversion: '8,840 m' for '29,002 ft' is 8,840 to the metre, though alone it means
    # [8835, 8845]; '3000 GB/s' is no conversion of '3.2 TB/s' but a rounding of it
    return coarse.precision > 0 and _converts(fine, coarse.nominal, coarse.precision)


def _converts(fine: Quantity, nominal: float, precision: float) -> bool:
    """Whether ``fine`` lies within ``precision`` of ``nominal`` and has at most one
    significant digit more than a figure of that precision."""
    assert fine.nominal is not None
    if abs(fine.nominal - nominal) > precision and not close(
        abs(fine.nominal - nominal), precision
    ):
        return False
    coarse_digits = math.floor(math.log10(abs(nominal) / (2 * precision)) + EPS) + 1
    return coarse_digits >= digits(fine) - DIGITS_A_UNIT_CHANGE_MAY_DROP


def _half_width(q: Quantity) -> float:
    """Half the range a plain figure allows: its precision, widened by trailing zeros that
    are not significant (``8,840 m`` is [8835, 8845]: 5 m, though written to the metre)."""
    return (q.upper - q.lower) / 2


def _plain(q: Quantity) -> bool:
    """A figure as written: a nominal whose bounds are its written precision, or that
    precision times a power of ten for trailing zeros that are not significant (no open
    end, no range, no approximation widening it)."""
    if q.nominal is None or q.approximate or not (q.lower <= q.nominal <= q.upper):
        return False
    width = q.nominal - q.lower
    if not close(q.upper - q.nominal, width):
        return False
    if q.precision <= 0 or close(width, q.precision):
        return close(width, q.precision)
    # an integer's trailing zeros widen it by a power of ten: '8,840' is 8840 ± 5
    ratio = math.log10(width / q.precision) if width > 0 else -1.0
    return ratio > 0 and abs(ratio - round(ratio)) < 1e-6


def digits(q: Quantity) -> float:
    """Significant digits a plain figure was written with (``8,848.86`` has 6, ``29,032``
    5, ``2 TB/s`` 1); an exact figure has unlimited."""
    assert q.nominal is not None
    if q.precision <= 0:
        return math.inf
    if q.nominal == 0:
        return 0.0
    return math.floor(math.log10(abs(q.nominal) / (2 * q.precision)) + EPS) + 1


# --- classes ------------------------------------------------------------------------------


def classes(
    items: Sequence[T],
    span_of: Callable[[T], Span],
    half_open: Callable[[T], bool] = lambda _: False,
) -> list[list[T]]:
    """Split ``items`` into classes of mutually consistent spans (see the module docstring),
    in order of where each class's first-ending span ends; within a class, by where spans
    begin. The classes depend on the spans only, never on the order of ``items``.

    A span ``half_open`` says so excludes its upper end: a rounded figure's range is
    [n - p, n + p), as rounding half up makes it, so two figures written to the same
    precision one unit of their last digit apart (``2:01:09`` and ``2:01:10``) share no
    point and conflict, while a figure at another precision inside the range still agrees."""
    spans = [span_of(item) for item in items]
    open_end = [half_open(item) for item in items]
    by_end = sorted(range(len(items)), key=lambda i: (spans[i][1], not open_end[i], spans[i][0]))
    by_start = sorted(range(len(items)), key=lambda i: (spans[i][0], spans[i][1]))
    taken = [False] * len(items)
    result: list[list[T]] = []
    swept = 0
    for first in by_end:
        if taken[first]:
            continue
        end, excluded = spans[first][1], open_end[first]
        members: list[T] = []
        while swept < len(by_start):
            start = spans[by_start[swept]][0]
            if ends_before(end, start) or (excluded and close(end, start)):
                break
            index = by_start[swept]
            swept += 1
            taken[index] = True
            members.append(items[index])
        result.append(members)
    return result


def half_open(value: Value) -> bool:
    """Whether a value's range is a rounding's, open at its upper end (see :func:`classes`):
    a plain figure written to a precision. Bounds, approximations, ranges, exact figures and
    dates keep closed ends."""
    return isinstance(value, Quantity) and value.precision > 0 and _plain(value)


def unsettled(values: Sequence[Value]) -> list[bool]:
    """For the distinct values of one class: whether each differs from some other (is part
    of a rounding), rather than being the same value as every other. Values stating one
    thing at different precisions (``64B`` and ``640 亿``) are the same value. A value that
    shares its unit with a value stating something else differs from it; only values whose
    unit states nothing else are compared with the rest, so the cost is the number of
    values times the number of their units, not its square."""
    keys = [value_key(v) for v in values]
    stated: dict[object, set[object]] = {}
    for value, key in zip(values, keys, strict=True):
        stated.setdefault(unit_of(value), set()).add(key)
    result = []
    for index, value in enumerate(values):
        if len(stated[unit_of(value)]) > 1:
            result.append(True)
            continue
        result.append(
            any(
                keys[j] != keys[index] and not same_value(value, other)
                for j, other in enumerate(values)
            )
        )
    return result


def conversions(values: Iterable[Value]) -> dict[Value, list[Value]]:
    """For distinct values: the other values each is the same value as through a change of
    unit (see :func:`conversion`), for those that have any.

    Only plain figures in different units can be conversions, and only those whose
    nominals lie within the coarser one's precision, so each figure is compared with the
    figures of each other unit whose nominals lie in a window around its own (found by
    bisection), not with every value."""
    by_unit: dict[object, list[Quantity]] = {}
    for value in values:
        if isinstance(value, Quantity) and _plain(value):
            by_unit.setdefault(unit_of(value), []).append(value)
    if len(by_unit) < 2:
        return {}
    for figures in by_unit.values():
        figures.sort(key=lambda q: q.nominal or 0.0)
    widest = {unit: max(_half_width(q) for q in figures) for unit, figures in by_unit.items()}
    nominals = {unit: [q.nominal or 0.0 for q in figures] for unit, figures in by_unit.items()}
    found: dict[Value, list[Value]] = {}
    for unit, figures in by_unit.items():
        for figure in figures:
            nominal = figure.nominal or 0.0
            for other, candidates in by_unit.items():
                if other == unit:
                    continue
                reach = max(_half_width(figure), widest[other]) * (1 + EPS)
                low = bisect_left(nominals[other], nominal - reach)
                high = bisect_right(nominals[other], nominal + reach)
                for rival in candidates[low:high]:
                    if conversion(figure, rival):
                        found.setdefault(figure, []).append(rival)
    return found
