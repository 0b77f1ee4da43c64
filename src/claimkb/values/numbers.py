"""Numbers as people write them, in English and Chinese, with the precision their digits carry.

A written quantity is screened (:mod:`.screen`), normalised (full-width forms, traditional
characters, superscript exponents), stripped of its markers (``about``, ``超过``, ``up to``,
``100 多`` ...), and read as a vague quantity (``tens of``, ``数十``, a magnitude word alone),
a compound (``2:01:09``, ``3分27秒``), a range (``4–5 nodes``) or one figure. How wide the
result is follows :mod:`.precision`, the one place that rule lives. The result is always in the
dimension's base unit (bytes, parameters, bytes per second ...), with the written unit
remembered, and decimal and binary prefixes kept apart.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Hashable
from dataclasses import dataclass

from .compound import read_compound
from .lexicon import (
    APPROX_PREFIX,
    APPROX_SUFFIX,
    COMPOUND_HYPHEN,
    FULLWIDTH,
    LOWER_PREFIX,
    LOWER_SUFFIX,
    NEARLY_PREFIX,
    ODD_INFIX,
    ODD_SUFFIX,
    RANGE_PREFIX,
    SUPER_EXP,
    SUPERSCRIPT,
    TRADITIONAL,
    UPPER_PREFIX,
    UPPER_SUFFIX,
    VAGUE,
)
from .numerals import read_number
from .precision import DEFAULT_SLACK, Figure, Marks, Rules, Slack, single, span
from .problems import SCOPE, ValueProblem, remembered
from .reading import (
    Reading,
    fits,
    longest_first,
    match_unit,
    mismatch_message,
    noun_problem,
    read_magnitude,
    read_single,
    split_range,
    strip_prefix,
    strip_suffix,
)
from .screen import screen
from .units import IMPLICIT, Unit, base_unit, hoist_currency

__all__ = ["Quantity", "Slack", "parse_quantity", "QUANTITY_FORMS"]

QUANTITY_FORMS = (
    "'2.8 trillion', '3T', '1.04×10¹¹', '2.8 万亿', '1040 亿', '5万3千', '65.7%', '400 Gbps', "
    "'1.6TB/s', 'about 5.6 TB', '4–5 nodes', 'over 100', '2:01:09', '3分27秒'"
)

INF = math.inf


@dataclass(frozen=True, slots=True)
class Quantity:
    """A written quantity, normalised to the base unit of its dimension."""

    nominal: float | None
    """The value the text states, or None for a vague range (``tens of``)."""
    lower: float
    upper: float
    dimension: str
    unit: str
    """The unit as written, normalised (``TB``, ``GB/s``); the base unit if none was written."""
    factor: float
    """Base units per written unit (10**12 for TB)."""
    precision: float
    """Half-width implied by the digits alone, in base units (0 for an exact count)."""
    approximate: bool = False
    binary: bool = False

    @property
    def base_unit(self) -> str:
        return base_unit(self.dimension)

    def in_unit(self, value: float) -> float:
        return value / self.factor

    def to_dict(self) -> dict[str, object]:
        return {
            "type": "quantity",
            "amount": self.nominal,
            "lower": _finite(self.lower),
            "upper": _finite(self.upper),
            "unit": self.base_unit,
            "dimension": self.dimension,
            "written_unit": self.unit,
            "precision": self.precision,
            "approximate": self.approximate,
            "binary_prefix": self.binary,
        }


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


# --- the markers, longest first, with the characters they can start or end with -----------

_PREFIXES: tuple[tuple[tuple[str, ...], str, str], ...] = tuple(
    (longest_first(options), "".join({o[0] for o in options}), flag)
    for options, flag in (
        (APPROX_PREFIX, "approximate"),
        (LOWER_PREFIX, "lower_open"),
        (UPPER_PREFIX, "upper_open"),
        (NEARLY_PREFIX, "nearly"),
        (RANGE_PREFIX, ""),
    )
)
_SUFFIXES: tuple[tuple[tuple[str, ...], str, str], ...] = tuple(
    (longest_first(options), "".join({o[-1] for o in options}), flag)
    for options, flag in (
        (APPROX_SUFFIX, "approximate"),
        (LOWER_SUFFIX, "lower_open"),
        (UPPER_SUFFIX, "upper_open"),
        (ODD_SUFFIX, "odd"),
    )
)
_VAGUE_ORDER = tuple(sorted(VAGUE.items(), key=lambda kv: -len(kv[0])))
_VAGUE_PHRASES = tuple(phrase for phrase, _ in _VAGUE_ORDER)
BARE_MAGNITUDE = (1.0, 10.0)
"""A magnitude word with no number before it ("trillion-parameter models", "万亿参数模型")
names an order of magnitude: from one to ten of it, like a vague range. After a comparator
it is one of it: "不到百亿" is under 10¹⁰, "超过百亿" over it."""


def _bare_magnitude(text: str) -> bool:
    """Whether ``text`` opens with a magnitude word and no number. Abbreviations (``T``,
    ``bn``) need a number: alone they are units or names, not magnitudes."""
    if read_number(text) is not None:
        return False
    for magnitude, rest in read_magnitude(text):
        word = text[: len(text) - len(rest)].strip()
        if magnitude != 1.0 and (not word.isascii() or (word.isalpha() and len(word) > 2)):
            return True
    return False


def parse_quantity(
    text: str, dimension: str | None = None, *, exact: bool = False, slack: Slack | None = None
) -> Quantity:
    """Parse a written quantity; ``dimension`` (from the property) resolves ambiguity and
    supplies the unit of a bare number for counted dimensions; ``exact`` (the claim says its
    figure is exact) and ``slack`` (the property's approximation slack) follow
    :mod:`.precision`."""
    return _read(text, (dimension, Rules(exact, slack or DEFAULT_SLACK)))


def _normalise(text: str) -> str:
    text = SUPER_EXP.sub(lambda m: "10^" + m.group(1).translate(SUPERSCRIPT), text)
    text = text.translate(FULLWIDTH).translate(TRADITIONAL)
    return COMPOUND_HYPHEN.sub(" ", text).strip()


def _marks(text: str) -> tuple[str, Marks]:
    """Strip the markers around the number; say which were there."""
    marks = Marks()
    text, infix = ODD_INFIX.subn("", text)  # "100 多万", "两百多万": 100-odd ten-thousands
    marks.odd = infix > 0
    for _ in range(4):
        changed = False
        for options, firsts, flag in _PREFIXES:
            text, hit = strip_prefix(text, options, firsts)
            if hit:
                changed = True
                if flag:
                    setattr(marks, flag, True)
        for options, lasts, flag in _SUFFIXES:
            text, hit = strip_suffix(text, options, lasts)
            if hit:
                changed = True
                setattr(marks, flag, True)
        if not changed:
            break
    return text, marks


@remembered
def _read(text: str, context: tuple[str | None, Rules]) -> Quantity:
    dimension, rules = context
    prepared = _prepared(text, rules, SCOPE.get())
    if isinstance(prepared, str):
        raise ValueProblem(prepared)
    original, text, marks, vague, bare = prepared
    if vague is not None:
        phrase, bounds = vague
        return _vague(original, text[len(phrase) :].strip(), bounds, False, dimension, rules)
    if bare:
        if not (marks.lower_open or marks.upper_open or marks.nearly or marks.odd):
            return _vague(original, text, BARE_MAGNITUDE, True, dimension, rules)
        text = "1 " + text  # "不到百亿": one of the magnitude
    reading = read_compound(text, dimension)
    if reading is None:
        left, right = split_range(text)
        if right is not None:
            return _range(original, left, right, marks, dimension, rules)
        reading = read_single(text, dimension)
    figure = Figure.of(reading.value, reading.place, reading.zeros, reading.magnitude, rules)
    lo, hi, precision = single(figure, _counted(reading.unit, dimension), marks, rules)
    amount = figure.amount
    approximate = marks.approximate or marks.nearly
    return _build(original, amount, lo, hi, precision, reading.unit, dimension, approximate)


_Prepared = tuple[str, str, Marks, tuple[str, tuple[float, float]] | None, bool]


@functools.lru_cache(maxsize=1 << 16)
def _prepared(text: str, rules: Rules, scope: Hashable) -> _Prepared | str:
    """What reading ``text`` finds before the dimension matters - the text screened,
    normalised, stripped of its markers, its currency moved after the number; (the vague
    phrase it opens with and its bounds, or None; whether it opens with a bare magnitude) -
    or the problem found on the way (its message). Remembered apart from the reading: the
    drafter reads a text it cannot read with no dimension again as a count. ``scope``: what
    the currencies depend on (:data:`~.problems.SCOPE`)."""
    try:
        screen(text)
        original = text
        text = _normalise(text)
        if not text:
            raise ValueProblem("the value is empty")
        text, marks = _marks(text)
        marks.check(original, rules)
    except ValueProblem as problem:
        return str(problem)
    text = hoist_currency(text)  # "$30,000" -> "30,000 $": the unit after the number
    lowered = text.lower()
    vague = (
        next(((p, b) for p, b in _VAGUE_ORDER if lowered.startswith(p)), None)
        if lowered.startswith(_VAGUE_PHRASES)
        else None
    )
    return original, text, marks, vague, vague is None and _bare_magnitude(text)


def _counted(unit: Unit | None, dimension: str | None) -> str:
    return unit.dimension if unit is not None else (dimension or "count")


def _vague(
    original: str,
    text: str,
    bounds: tuple[float, float],
    bare: bool,
    dimension: str | None,
    rules: Rules,
) -> Quantity:
    """``tens of gigabytes``, ``数十亿``, ``trillion-parameter``: a range with no figure."""
    if rules.exact:
        raise ValueProblem(f"{original!r} is approximate, but the claim says it is exact", "exact")
    magnitude, unit = 1.0, None
    if text:
        for mag, rest in read_magnitude(text):
            if bare and mag == 1.0:  # the magnitude word is the figure: it must be read
                continue
            unit, error = match_unit(rest, dimension)
            if unit is None and error is None and rest.strip():
                error = noun_problem(rest.strip(), False)  # "tens of #": no counted noun
            if error is None and (dimension is None or fits(unit, dimension)):
                magnitude = mag
                break
        else:
            raise ValueProblem(f"unknown unit {text!r}")
    low, high = bounds
    return _build(original, None, low * magnitude, high * magnitude, 0.0, unit, dimension, True)


def _range(
    original: str, left: str, right: str, marks: Marks, dimension: str | None, rules: Rules
) -> Quantity:
    """``4–5 nodes``, ``2.8-3 trillion``, ``500 GB – 2 TB``: each end keeps its precision."""
    if marks.lower_open or marks.upper_open or marks.nearly or marks.odd:
        raise ValueProblem(f"{original!r} is a range with a comparator; write one or the other")
    high = read_single(right, dimension)
    low_num = read_number(left)
    if low_num is None:
        raise ValueProblem(f"no number before the range separator in {original!r}")
    if low_num.rest:
        low = read_single(left, dimension)
    else:
        low = Reading(low_num.value, low_num.place, high.magnitude, high.unit, low_num.zeros)
    if low.unit is not None and high.unit is not None and low.unit.dimension != high.unit.dimension:
        raise ValueProblem(f"the two ends of {original!r} have different units")
    unit = high.unit or low.unit
    # "500 GB – 2 TB": the low end is converted into the unit of the high end
    ratio = low.unit.factor / unit.factor if low.unit is not None and unit is not None else 1
    lo = Figure.of(low.value, low.place, low.zeros, low.magnitude, rules).scaled(ratio)
    hi = Figure.of(high.value, high.place, high.zeros, high.magnitude, rules)
    if lo.amount > hi.amount:
        raise ValueProblem(f"the range {original!r} runs backwards")
    lower, upper, precision = span(lo, hi, _counted(unit, dimension), marks, rules)
    return _build(original, None, lower, upper, precision, unit, dimension, marks.approximate)


def _build(
    original: str,
    nominal: float | None,
    lower: float,
    upper: float,
    precision: float,
    unit: Unit | None,
    dimension: str | None,
    approximate: bool,
) -> Quantity:
    if unit is None:
        if dimension is None:
            dim = "count"
        elif dimension in IMPLICIT:
            dim = dimension
        else:
            raise ValueProblem(mismatch_message(original, None, dimension))
        factor, symbol, binary = 1.0, base_unit(dim), False
    else:
        if dimension is not None and not fits(unit, dimension):
            raise ValueProblem(mismatch_message(original, unit, dimension))
        dim, factor, symbol, binary = unit.dimension, unit.factor, unit.symbol, unit.binary

    def scale(x: float) -> float:
        return x * factor if math.isfinite(x) else x

    def overflows(x: float | None) -> bool:  # open ends are infinite; nothing else may be
        return x is not None and (math.isnan(x) or math.isfinite(x) != math.isfinite(scale(x)))

    if any(overflows(x) for x in (nominal, lower, upper)) or (
        nominal is not None and not math.isfinite(nominal)
    ):
        raise ValueProblem("the number is too large to compare (above 10³⁰⁸)")
    return Quantity(
        nominal=None if nominal is None else nominal * factor,
        lower=scale(lower),
        upper=scale(upper),
        dimension=dim,
        unit=symbol,
        factor=factor,
        precision=precision * factor,
        approximate=approximate,
        binary=binary,
    )
