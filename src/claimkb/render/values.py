"""Values as read, written the way an article would write them.

A claim's JSON ``normalized`` value holds base units and floats (``3.75e12`` bytes, the range
``[3.5575e12, 3.9425e12]``); a person reads ``3.75 TB (3.56–3.94 TB)``, ``2.8 trillion
parameters (2.75–2.85 trillion)``, ``1–10 Nov 2026 (part of a month)``. Figures are shown in
the unit the claim was written in (or the largest decimal one not above the figure), to six
significant digits, with thousands separators; counts and parameters in words (million,
billion, trillion).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import date
from typing import Any

from ..values.unitdefs import DISPLAY_PREFIXED
from ..values.units import base_unit, compose

__all__ = ["number", "quantity", "shown", "figure", "date_span", "date_reading", "reading"]

_WORDS = ((1e12, "trillion"), (1e9, "billion"), (1e6, "million"))
_NOUNS = {"parameter": "parameters", "token": "tokens", "packet": "packets"}
"""Dimensions written in words after the figure (a count needs no noun)."""
_COUNTED = {"count", "parameter", "token", "packet"}
"""Dimensions of things counted: their millions and billions are written in words."""
_ATTACHED = {"%", "×"}
"""Symbols written against the figure: ``30%``, ``3×``."""
_MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()
_PRECISION = {
    "week": "a week",
    "part-of-month": "part of a month",
    "quarter": "a quarter",
    "half": "half a year",
    "half-year": "half a year",
    "season": "a season",
    "part-of-year": "part of a year",
    "decade": "a decade",
    "part-of-decade": "part of a decade",
    "range": "a range",
}
"""Precisions a span of days does not say by itself (a day, a month and a year do)."""


def number(x: float, significant: int = 6, decimals: int | None = None) -> str:
    """``1,275,490``, ``2.8``, ``0.65``: ``significant`` digits (or ``decimals`` places, if
    fewer), never an exponent for a figure a person reads; float noise such as
    ``0.6499999999999999`` is rounded away."""
    if not math.isfinite(x):
        return "∞" if x > 0 else "-∞"
    if x == 0:
        return "0"
    most = significant - 1 - math.floor(math.log10(abs(x)))
    digits = max(0, min(most if decimals is None else min(decimals, most), 15))
    rounded = round(x, digits)
    if rounded == int(rounded) and abs(rounded) < 1e18:
        return f"{int(rounded):,}"
    return f"{rounded:,.{digits}f}".rstrip("0").rstrip(".")


def _scale(magnitude: float) -> tuple[float, str]:
    """A figure of a million or more in words, (1e12, "trillion"), when that loses none of
    its digits (308,745,538 stays in full: 308.746 million would round it)."""
    scale, word = next(((f, w) for f, w in _WORDS if abs(magnitude) >= f), (1.0, ""))
    shown = float(number(magnitude / scale).replace(",", "")) * scale
    return (scale, word) if math.isclose(shown, magnitude, rel_tol=1e-9) else (1.0, "")


def _decimal_unit(dimension: str, magnitude: float) -> tuple[str, float]:
    """The largest decimal multiple of ``dimension``'s base unit not above ``magnitude``
    (3.84e12 bytes: TB), the base unit for a figure below them all, or for a dimension not
    written with decimal prefixes (seconds are not shown as ks)."""
    base = base_unit(dimension)
    chosen = (base, 1.0)
    if dimension not in DISPLAY_PREFIXED:
        return chosen
    for prefix in ("k", "M", "G", "T", "P", "E"):
        unit = compose(prefix + base)
        if unit is None or unit.dimension != dimension or not _thousands(unit.factor):
            continue
        if chosen[1] < unit.factor <= abs(magnitude):
            chosen = (unit.symbol, unit.factor)
    return chosen


def _thousands(factor: float) -> bool:
    """1, 1e3, 1e6 ... (not 60 seconds, nor a millisecond, nor a bit's 0.125 byte)."""
    exponent = round(math.log10(factor)) if factor >= 1 else -1
    return exponent >= 0 and exponent % 3 == 0 and factor == 10.0**exponent


def quantity(value: dict[str, Any]) -> str:
    """A quantity's reading (its JSON ``normalized`` value, in base units): its figure in
    the unit it was written in, then its range: for a figure written exactly, to the place
    its digits give (``2.8`` is 2.75–2.85); for an approximate one (``about``, ``约``), to
    three significant digits (``约 3.75 TB`` is 3.56–3.94 TB)."""
    amount, lower, upper = value["amount"], value["lower"], value["upper"]
    dimension = value["dimension"]
    approximate, precision = value.get("approximate"), value.get("precision") or 0.0
    magnitude = next((x for x in (amount, upper, lower) if x), 0.0)
    noun = _NOUNS.get(dimension)
    if dimension in _NOUNS or dimension == "count":
        scale, word = _scale(magnitude)
        symbol, in_range = (f"{word} {noun}".strip() if noun else word), word
    else:
        written = compose(value.get("written_unit") or "")
        if written is not None and written.dimension == dimension:
            symbol, scale = written.symbol, written.factor
        else:
            symbol, scale = _decimal_unit(dimension, magnitude)
        symbol = in_range = "" if symbol == "1" else symbol
        noun = None
        if scale == 1.0 and dimension.partition("/")[0] in _COUNTED:  # 400 million pps
            scale, word = _scale(magnitude)
            symbol, in_range = f"{word} {symbol}".strip(), word or symbol

    def end(x: float) -> str:
        if approximate:
            return number(x / scale, 3)
        if precision > 0:
            return number(x / scale, decimals=-math.floor(math.log10(precision / scale) + 1e-9))
        return number(x / scale)

    return figure(amount, lower, upper, scale, symbol, in_range, noun, end)


def shown(value: dict[str, Any]) -> str:
    """A recomputation's figure (``claimkb explain``: nominal, lower and upper already in a
    readable unit): ``3.84 TB (3.816–3.864 TB)``, ``2.8 trillion parameters``, ``48``."""
    nominal, lower, upper, unit = value["nominal"], value["lower"], value["upper"], value["unit"]
    dimension = value["dimension"]
    if dimension in _NOUNS or dimension == "plain number":
        scale, word = _scale(nominal)
        noun = _NOUNS.get(dimension)
        symbol = f"{word} {noun}".strip() if noun else word
        return figure(nominal, lower, upper, scale, symbol, word, noun)
    return figure(nominal, lower, upper, 1.0, unit, unit)


def figure(
    amount: float | None,
    lower: float | None,
    upper: float | None,
    scale: float = 1.0,
    symbol: str = "",
    in_range: str = "",
    noun: str | None = None,
    end: Callable[[float], str] | None = None,
) -> str:
    """``amount (lower–upper)`` divided by ``scale``: the amount with ``symbol``, the range
    with ``in_range`` (``2.8 trillion parameters (2.75–2.85 trillion)``); an unbounded end
    as ``at least``/``at most``; the range left out when it reads as the amount. ``end``
    writes an end of the range (six significant digits of it divided by ``scale``)."""
    ends = end or (lambda x: number(x / scale))

    def written(x: float, unit: str, text: str | None = None) -> str:
        text = number(x / scale) if text is None else text
        if not unit:
            return text
        return f"{text}{unit}" if unit in _ATTACHED else f"{text} {unit}"

    if lower is None and upper is None:
        return "any value"
    if upper is None:
        return f"at least {written(lower, symbol)}"  # type: ignore[arg-type]
    if lower is None:
        return f"at most {written(upper, symbol)}"
    low, high = ends(lower), ends(upper)
    span = f"{low}–{written(upper, in_range, high)}"
    if amount is None:
        return f"{span} {noun}" if noun and in_range != symbol else span
    if low == high:
        return written(amount, symbol)
    return f"{written(amount, symbol)} ({span})"


def _day(d: date, year: bool = True) -> str:
    return f"{d.day} {_MONTHS[d.month - 1]}" + (f" {d.year}" if year else "")


def date_span(earliest: str, latest: str) -> str:
    """``4 Nov 2026``, ``4–5 Nov 2026``, ``Nov 2026``, ``Sep–Nov 2026``, ``2026``,
    ``2020–2029``, ``28 Nov – 3 Dec 2026``."""
    first, last = date.fromisoformat(earliest), date.fromisoformat(latest)
    if first == last:
        return _day(first)
    if first.day == 1 and _month_end(last):  # whole months, or whole years
        if first.month == 1 and last.month == 12:
            return str(first.year) if first.year == last.year else f"{first.year}–{last.year}"
        start, end = _MONTHS[first.month - 1], f"{_MONTHS[last.month - 1]} {last.year}"
        if (first.year, first.month) == (last.year, last.month):
            return end
        if first.year == last.year:
            return f"{start}–{end}"
        return f"{start} {first.year} – {end}"
    if (first.year, first.month) == (last.year, last.month):
        return f"{first.day}–{_day(last)}"
    if first.year == last.year:
        return f"{_day(first, year=False)} – {_day(last)}"
    return f"{_day(first)} – {_day(last)}"


def _month_end(d: date) -> bool:
    return d.month == 12 and d.day == 31 or date.fromordinal(d.toordinal() + 1).month != d.month


def date_reading(value: dict[str, Any]) -> str:
    """A date's reading, with its precision where the span does not say it."""
    span = date_span(value["earliest"], value["latest"])
    precision = _PRECISION.get(value["precision"])
    return f"{span} ({precision})" if precision else span


def reading(claim: dict[str, Any]) -> str:
    """What a claim's value was read as, or "" when that is the value as written (a text, a
    verdict, ``331,449,281``); an unreadable value says so."""
    shown = _reading(claim)
    return "" if shown == claim.get("value") else shown


def _reading(claim: dict[str, Any]) -> str:
    value = claim.get("normalized")
    if not value:
        return "cannot be read (see `claimkb check`)" if claim.get("value_error") else ""
    kind = value["type"]
    if kind == "quantity":
        return quantity(value)
    if kind == "date":
        return date_reading(value)
    if kind == "entity":
        return value["entity"] or "not a known entity"
    if kind == "boolean":
        return "true" if value["value"] else "false"
    return ""
