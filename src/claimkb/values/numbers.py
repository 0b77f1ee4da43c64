"""Numbers as people write them, in English and Chinese, with the precision their digits carry.

``2.8 trillion`` is [2.75, 2.85]×10¹²: half a unit of the last written digit either way.
``3 trillion`` is [2.5, 3.5]×10¹². Approximation markers (``about``, ``~``, ``约``, ``级`` ...)
widen that by 5% of the value; comparators (``over``, ``超过``, ``up to``) open
one side; ``4–5`` is an explicit range; ``tens of`` and ``数十`` are vague ranges, and so is a
magnitude word alone (``trillion-parameter``, ``万亿参数``: one to ten trillion). The result
is always in the dimension's base unit (bytes, parameters, bytes per second ...), with the
written unit remembered, and decimal and binary prefixes kept apart.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

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
    SUPER_EXP,
    SUPERSCRIPT,
    UPPER_PREFIX,
    UPPER_SUFFIX,
    VAGUE,
)
from .problems import ValueProblem, remembered
from .reading import (
    Reading,
    fits,
    longest_first,
    match_unit,
    mismatch_message,
    odd_step,
    read_magnitude,
    read_number,
    read_single,
    split_range,
    strip_prefix,
    strip_suffix,
)
from .units import IMPLICIT, Unit, base_unit, hoist_currency

__all__ = ["Quantity", "parse_quantity", "QUANTITY_FORMS"]

QUANTITY_FORMS = (
    "'2.8 trillion', '3T', '1.04×10¹¹', '2.8 万亿', '1040 亿', '65.7%', '400 Gbps', '1.6TB/s', "
    "'about 5.6 TB', '4–5 nodes', 'over 100'"
)

INF = math.inf
APPROX_SLACK = 0.05
"""An approximation marker adds 5% of the value to the half-width the digits imply:
``about 5.6 TB`` is 5.6 ± (0.05 + 0.28) TB."""


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
        (APPROX_PREFIX, "approx"),
        (LOWER_PREFIX, "lower"),
        (UPPER_PREFIX, "upper"),
        (NEARLY_PREFIX, "nearly"),
    )
)
_SUFFIXES: tuple[tuple[tuple[str, ...], str, str], ...] = tuple(
    (longest_first(options), "".join({o[-1] for o in options}), flag)
    for options, flag in (
        (APPROX_SUFFIX, "approx"),
        (LOWER_SUFFIX, "lower"),
        (UPPER_SUFFIX, "upper"),
        (ODD_SUFFIX, "odd"),
    )
)
_VAGUE_ORDER = tuple(sorted(VAGUE.items(), key=lambda kv: -len(kv[0])))
BARE_MAGNITUDE = (1.0, 10.0)
"""A magnitude word with no number before it ("trillion-parameter models", "万亿参数模型")
names an order of magnitude: from one to ten of it, like a vague range."""


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


def parse_quantity(text: str, dimension: str | None = None) -> Quantity:
    """Parse a written quantity; ``dimension`` (from the property) resolves ambiguity and
    supplies the unit of a bare number for counted dimensions."""
    return _read(text, dimension)


@remembered
def _read(text: str, dimension: str | None) -> Quantity:
    original = text
    text = SUPER_EXP.sub(lambda m: "10^" + m.group(1).translate(SUPERSCRIPT), text)
    text = COMPOUND_HYPHEN.sub(" ", text.translate(FULLWIDTH)).strip()
    if not text:
        raise ValueProblem("the value is empty")
    approximate = lower_open = upper_open = nearly = odd = False
    vague: tuple[float, float] | None = None
    text, infix = ODD_INFIX.subn(" ", text)  # "100 多万": 100-odd ten-thousands
    odd = infix > 0
    for _ in range(4):
        changed = False
        for options, firsts, flag in _PREFIXES:
            text, hit = strip_prefix(text, options, firsts)
            if hit:
                changed = True
                approximate |= flag == "approx"
                lower_open |= flag == "lower"
                upper_open |= flag == "upper"
                nearly |= flag == "nearly"
        for options, lasts, flag in _SUFFIXES:
            text, hit = strip_suffix(text, options, lasts)
            if hit:
                changed = True
                approximate |= flag == "approx"
                lower_open |= flag == "lower"
                upper_open |= flag == "upper"
                odd |= flag == "odd"
        if not changed:
            break
    text = hoist_currency(text)  # "$30,000" -> "30,000 $": the unit after the number
    lowered = text.lower()
    for phrase, bounds in _VAGUE_ORDER:
        if lowered.startswith(phrase):
            vague = bounds
            text = text[len(phrase) :].strip()
            break
    bare = vague is None and _bare_magnitude(text)
    if bare:
        vague = BARE_MAGNITUDE

    if vague is not None:
        magnitude, unit = 1.0, None
        if text:
            for mag, rest in read_magnitude(text):
                if bare and mag == 1.0:  # the magnitude word is the figure: it must be read
                    continue
                unit, error = match_unit(rest, dimension)
                if error is None and (dimension is None or fits(unit, dimension)):
                    magnitude = mag
                    break
            else:
                raise ValueProblem(f"unknown unit {text!r}")
        return _build(
            original,
            None,
            vague[0] * magnitude,
            vague[1] * magnitude,
            0.0,
            unit,
            dimension,
            approximate=True,
        )

    left, right = split_range(text)
    if right is not None:
        high = read_single(right, dimension)
        low_num = read_number(left)
        if low_num is None:
            raise ValueProblem(f"no number before the range separator in {original!r}")
        if low_num.rest:
            low = read_single(left, dimension)
        else:
            low = Reading(low_num.value, low_num.place, high.magnitude, high.unit)
        if (
            low.unit is not None
            and high.unit is not None
            and low.unit.dimension != high.unit.dimension
        ):
            raise ValueProblem(f"the two ends of {original!r} have different units")
        unit = high.unit or low.unit
        # "500 GB – 2 TB": the low end is converted into the unit of the high end
        ratio = low.unit.factor / unit.factor if low.unit is not None and unit is not None else 1
        lo = low.value * low.magnitude * ratio
        hi = high.value * high.magnitude
        if lo > hi:
            raise ValueProblem(f"the range {original!r} runs backwards")
        low_half = low.place * low.magnitude * ratio / 2  # each end keeps its own precision
        high_half = high.place * high.magnitude / 2
        counted = unit.dimension if unit is not None else (dimension or "count")
        whole = all(end.magnitude == 1.0 and end.place >= 1.0 for end in (low, high))
        if counted == "count" and whole and not approximate:
            low_half = high_half = 0.0  # "4–5 nodes": whole things, exactly four to five
        slack = APPROX_SLACK * hi if approximate else 0.0
        return _build(
            original,
            None,
            lo - low_half - slack,
            hi + high_half + slack,
            max(low_half, high_half),
            unit,
            dimension,
            approximate,
        )

    reading = read_single(text, dimension)
    amount = reading.value * reading.magnitude
    half = reading.place * reading.magnitude / 2
    counted = reading.unit.dimension if reading.unit is not None else (dimension or "count")
    exact_count = (
        counted == "count" and reading.magnitude == 1.0 and reading.place >= 1.0 and not approximate
    )
    if exact_count:
        half = 0.0
    if approximate:
        half = reading.place * reading.magnitude / 2 + APPROX_SLACK * abs(amount)
    lo, hi = amount - half, amount + half
    if lower_open + upper_open + odd > 1:
        raise ValueProblem(
            f"{original!r} is both a lower and an upper bound; write one, or a range"
        )
    if odd:
        lo, hi = amount, amount + odd_step(reading.value) * reading.magnitude
    if lower_open:
        lo, hi = amount, INF
    if upper_open:
        lo, hi = -INF if amount < 0 else 0.0, amount
    if nearly:
        lo, hi = amount - reading.place * reading.magnitude / 2 - APPROX_SLACK * abs(amount), amount
        approximate = True
    return _build(
        original,
        amount,
        lo,
        hi,
        0.0 if exact_count else reading.place * reading.magnitude / 2,
        reading.unit,
        dimension,
        approximate,
    )


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
