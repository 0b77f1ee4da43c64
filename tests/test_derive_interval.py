"""Range propagation: the result of any point inputs inside their ranges lies inside the
propagated range, for + − × ÷, the monotone functions, and whole expressions."""

from __future__ import annotations

import math
import operator
from collections.abc import Callable

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from claimkb.derive import dimensions as dims
from claimkb.derive.evaluate import EvalError, Operand, evaluate
from claimkb.derive.expr import parse
from claimkb.derive.interval import (
    FLOAT_MIN,
    Interval,
    IntervalError,
    NotFinite,
    ZeroDivisor,
    ceil,
    floor,
    maximum,
    minimum,
    overlaps,
    round_half_up,
)

finite = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False, allow_infinity=False)
fraction = st.floats(min_value=0.0, max_value=1.0)


@st.composite
def ranged(draw: st.DrawFn) -> tuple[Interval, float]:
    """An interval and a point inside it."""
    a, b = draw(finite), draw(finite)
    lo, hi = min(a, b), max(a, b)
    t = draw(fraction)
    point = min(max(lo + t * (hi - lo), lo), hi)
    mid = min(max(lo + draw(fraction) * (hi - lo), lo), hi)
    return Interval(lo, hi, mid), point


def _inside(x: float, interval: Interval) -> bool:
    return interval.lo <= x <= interval.hi


OPERATIONS: list[tuple[str, Callable[[Interval, Interval], Interval], Callable[..., float]]] = [
    ("+", operator.add, operator.add),
    ("-", operator.sub, operator.sub),
    ("*", operator.mul, operator.mul),
    ("/", operator.truediv, operator.truediv),
]


@pytest.mark.parametrize(
    ("name", "on_ranges", "on_points"), OPERATIONS, ids=[o[0] for o in OPERATIONS]
)
@given(a=ranged(), b=ranged())
def test_arithmetic_contains_every_point_result(
    name: str,
    on_ranges: Callable[[Interval, Interval], Interval],
    on_points: Callable[[float, float], float],
    a: tuple[Interval, float],
    b: tuple[Interval, float],
) -> None:
    (ra, x), (rb, y) = a, b
    if name == "/":
        assume(not rb.lo <= 0.0 <= rb.hi)
    try:
        result = on_ranges(ra, rb)
    except NotFinite:
        pairs = [(ra.lo, rb.lo), (ra.lo, rb.hi), (ra.hi, rb.lo), (ra.hi, rb.hi), (ra.mid, rb.mid)]
        assert any(_leaves_range(name, on_points, p, q) for p, q in pairs)
        return
    assert _inside(on_points(x, y), result)
    assert _inside(result.mid, result)
    assert result.is_finite


def _leaves_range(
    name: str, on_points: Callable[[float, float], float], p: float, q: float
) -> bool:
    """Whether a point result is infinite, or a product or quotient of non-zero figures that
    fell below the smallest normal float (it would read as 0)."""
    c = on_points(p, q)
    return not math.isfinite(c) or (name in "*/" and p != 0 and q != 0 and abs(c) < FLOAT_MIN)


@given(a=ranged())
def test_negation_contains_every_point(a: tuple[Interval, float]) -> None:
    interval, x = a
    assert _inside(-x, -interval)


@pytest.mark.parametrize("function", [ceil, floor, round_half_up], ids=["ceil", "floor", "round"])
@given(a=ranged())
def test_monotone_functions_contain_every_point(
    function: Callable[[float], float], a: tuple[Interval, float]
) -> None:
    interval, x = a
    assert _inside(function(x), interval.monotone(function))


@given(items=st.lists(ranged(), min_size=1, max_size=5))
def test_min_and_max_contain_every_point(items: list[tuple[Interval, float]]) -> None:
    intervals = [i for i, _ in items]
    points = [p for _, p in items]
    assert _inside(min(points), minimum(intervals))
    assert _inside(max(points), maximum(intervals))


def test_division_by_a_range_holding_zero_is_refused() -> None:
    with pytest.raises(IntervalError, match="includes zero"):
        Interval(1, 2, 1.5) / Interval(-1, 1, 0)
    with pytest.raises(IntervalError, match="division by zero"):
        Interval(1, 2, 1.5) / Interval.point(0.0)


def test_float_noise_does_not_push_ceil_up() -> None:
    assert ceil(35.00000000000001) == 35.0
    assert ceil(35.001) == 36.0
    assert floor(34.99999999999999) == 35.0
    assert round_half_up(2.5) == 3.0 and round_half_up(-2.5) == -2.0


def test_overlap_allows_float_noise_only() -> None:
    assert overlaps(Interval.point(0.7000000000000028), Interval(0.6, 0.7, 0.65))
    assert not overlaps(Interval.point(0.7001), Interval(0.6, 0.7, 0.65))


# -- whole expressions --------------------------------------------------------------------------

NAMES = ("a", "b", "c")
leaf = st.one_of(
    st.sampled_from([f"{{{n}}}" for n in NAMES]),
    st.integers(1, 50).map(str),
)


def _combine(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    binary = st.tuples(children, st.sampled_from(["+", "-", "*", "/"]), children).map(
        lambda t: f"({t[0]} {t[1]} {t[2]})"
    )
    unary = st.tuples(st.sampled_from(["ceil", "floor", "round", "-"]), children).map(
        lambda t: f"{t[0]}({t[1]})"
    )
    many = st.tuples(
        st.sampled_from(["min", "max", "sum"]), st.lists(children, min_size=1, max_size=3)
    ).map(lambda t: f"{t[0]}({', '.join(t[1])})")
    pair = st.tuples(st.sampled_from(["change", "pp"]), children, children).map(
        lambda t: f"{t[0]}({t[1]}, {t[2]})"
    )
    return st.one_of(binary, unary, many, pair)


expressions = st.recursive(leaf, _combine, max_leaves=6)
small = st.integers(-2000, 2000).map(lambda i: i / 100)


@st.composite
def small_ranged(draw: st.DrawFn) -> tuple[Interval, float]:
    a, b = draw(small), draw(small)
    lo, hi = min(a, b), max(a, b)
    point = draw(st.integers(0, 100).map(lambda i: lo + (hi - lo) * i / 100))
    return Interval.of(lo, hi), min(max(point, lo), hi)


@given(text=expressions, values=st.tuples(small_ranged(), small_ranged(), small_ranged()))
def test_expressions_contain_every_point_result(
    text: str, values: tuple[tuple[Interval, float], ...]
) -> None:
    tree = parse(text)
    plain = dims.dimensionless()
    ranges = {n: Operand(v[0], plain) for n, v in zip(NAMES, values, strict=True)}
    points = {n: Operand(Interval.point(v[1]), plain) for n, v in zip(NAMES, values, strict=True)}
    try:
        propagated = evaluate(tree, text, ranges).value
    except EvalError:
        assume(False)  # a divisor's range holds zero
        return
    try:
        exact = evaluate(tree, text, points).value
    except EvalError:
        return  # the point divisor is zero too: nothing to compare
    assert propagated.lo <= exact.mid <= propagated.hi


# -- the float range: no infinity, NaN or silent 0 leaves an operation ---------------------------

HUGE = Interval.point(1e308)
TINY = Interval.point(1e-200)
NAN = Interval(math.nan, math.nan, math.nan)
INF = Interval(1.0, math.inf, 2.0)


@pytest.mark.parametrize(
    ("compute", "reason"),
    [
        pytest.param(lambda: HUGE + HUGE, "beyond", id="sum"),
        pytest.param(lambda: -HUGE - HUGE, "beyond", id="difference"),
        pytest.param(lambda: HUGE * HUGE, "beyond", id="product"),
        pytest.param(lambda: HUGE / TINY, "beyond", id="quotient"),
        pytest.param(lambda: HUGE.scaled(100.0), "beyond", id="scaled"),
        pytest.param(lambda: TINY * TINY, "below", id="vanishing-product"),
        pytest.param(lambda: TINY / HUGE, "below", id="vanishing-quotient"),
        pytest.param(lambda: TINY.scaled(1e-200), "below", id="vanishing-scale"),
        pytest.param(lambda: INF * Interval.point(0.0), "beyond", id="inf-times-zero"),
        pytest.param(lambda: NAN * Interval.point(0.0), "beyond", id="nan-times-zero"),
        pytest.param(lambda: Interval.point(1.0) + NAN, "beyond", id="nan-sum"),
        pytest.param(lambda: minimum([Interval.point(1.0), NAN]), "beyond", id="nan-min"),
        pytest.param(lambda: maximum([NAN, Interval.point(1.0)]), "beyond", id="nan-max"),
        pytest.param(lambda: Interval.point(1.0) / INF, "beyond", id="by-infinity"),
        pytest.param(lambda: NAN.monotone(ceil), "beyond", id="nan-ceil"),
    ],
)
def test_an_operation_leaving_the_float_range_raises_not_finite(
    compute: Callable[[], Interval], reason: str
) -> None:
    with pytest.raises(NotFinite, match=reason):
        compute()


def test_zero_and_the_edges_of_the_range_stay_exact() -> None:
    assert Interval.point(0.0) * HUGE == Interval.point(0.0)
    assert (Interval.point(1e154) * Interval.point(1e154)).is_finite
    assert Interval.point(FLOAT_MIN) * Interval.point(1.0) == Interval.point(FLOAT_MIN)
    with pytest.raises(ZeroDivisor):
        Interval.point(1.0) / Interval(-1e-300, 1e-300, 0.0)
    with pytest.raises(NotFinite):  # a divisor near zero but not holding it: the quotient
        Interval.point(1.0) / Interval.point(1e-320)


wide = st.floats(allow_nan=False, allow_infinity=False)


@st.composite
def wide_ranged(draw: st.DrawFn) -> Interval:
    a, b, c = draw(wide), draw(wide), draw(wide)
    lo, hi = min(a, b), max(a, b)
    return Interval(lo, hi, min(max(c, lo), hi))


@pytest.mark.parametrize(
    ("name", "on_ranges", "on_points"), OPERATIONS, ids=[o[0] for o in OPERATIONS]
)
@given(a=wide_ranged(), b=wide_ranged())
def test_over_the_whole_float_range_a_result_is_finite_or_refused(
    name: str,
    on_ranges: Callable[[Interval, Interval], Interval],
    on_points: Callable[[float, float], float],
    a: Interval,
    b: Interval,
) -> None:
    try:
        result = on_ranges(a, b)
    except ZeroDivisor:
        assert name == "/" and b.lo <= 0.0 <= b.hi
        return
    except NotFinite:
        pairs = [(a.lo, b.lo), (a.lo, b.hi), (a.hi, b.lo), (a.hi, b.hi), (a.mid, b.mid)]
        assert any(_leaves_range(name, on_points, p, q) for p, q in pairs)
        return
    assert result.is_finite and result.lo <= result.mid <= result.hi
