"""Units for the arithmetic of derived claims: a pint registry built from the unit table.

``values/units.py`` is the one place units are defined. This module turns that table into a
pint registry (``UnitRegistry(None)``: no default definitions, only the domain's) so that
multiplying parameters by bytes per parameter gives bytes, dividing bytes by bytes gives a
plain number, and adding bytes to parameters is refused with the two units named.

Arithmetic runs on plain floats in pint's *root* units (pint's own performance advice: work
on magnitudes) while pint tracks the unit of each sub-expression. The unit table keeps some
dimensions apart for comparing claims that arithmetic relates; :data:`RELATIONS` says how:

* ``percent`` is 0.01 of a plain number (2.8 TB × 50% is 1.4 TB; 61.2% / 55.95% is a ratio);
* ``count`` and ``ratio`` are plain numbers (6 servers × 8 cards × 80 GB is bytes);
* ``hertz`` is one per second.

``percentage-point`` stays a dimension of its own: the difference of two percentages is in
percentage points only through ``pp(a, b)``, so a relative change (``change``) and an absolute
one cannot be confused silently.

pint is imported when the first derived claim is evaluated, never on the ``--help`` path.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from ..values.units import DIMENSIONS, UNITS, Unit

__all__ = ["registry", "unit_of", "root_factor", "label", "display_unit", "dimensionless"]

RELATIONS: dict[str, str | None] = {
    "count": None,
    "ratio": None,
    "percent": "0.01",
    "hertz": "1 / second",
}
"""Arithmetic meaning of dimensions the unit table keeps apart (None: a plain number)."""


def _pint_name(dimension: str) -> str:
    return dimension.replace("-", "_")


def _dimension_name(pint_name: str) -> str:
    return pint_name.replace("_", "-")


@functools.cache
def registry() -> Any:
    """The domain's pint registry, built once per process from ``values/units.py``."""
    import pint

    ureg: Any = pint.UnitRegistry(None, on_redefinition="raise", cache_folder=None)
    defined: set[str] = set()
    for dimension, symbol in DIMENSIONS.items():
        if dimension in RELATIONS and RELATIONS[dimension] is None:
            continue
        name = _pint_name(dimension)
        definition = RELATIONS.get(dimension) or f"[{name}]"
        alias = f" = {symbol}" if symbol != name and _usable(symbol) else ""
        ureg.define(f"{name} = {definition}{alias}")
        defined.update((name, symbol))
    for unit in {u.symbol: u for u in UNITS.values()}.values():
        if unit.dimension in RELATIONS and RELATIONS[unit.dimension] is None:
            continue
        # not ``unit.symbol in ureg``: pint reads "pps" as the plural of "pp"
        if not unit.symbol.isidentifier() or unit.symbol in defined:
            continue
        ureg.define(f"{unit.symbol} = {unit.factor!r} * {_base_expression(unit.dimension)}")
        defined.add(unit.symbol)
    return ureg


def _usable(symbol: str) -> bool:
    return symbol.isidentifier() or symbol == "%"


def _base_expression(dimension: str) -> str:
    num, _, den = dimension.partition("/")
    parts = [_pint_name(num) if RELATIONS.get(num, "") is not None else "1"]
    if den:
        parts.append(_pint_name(den) if RELATIONS.get(den, "") is not None else "1")
    return " / ".join(parts)


@functools.cache
def unit_of(dimension: str) -> Any:
    """The root pint unit of a unit-table dimension (``byte/parameter`` -> byte / parameter;
    ``percent`` -> dimensionless)."""
    ureg = registry()
    _, unit = ureg.get_root_units(ureg.parse_units(_base_expression(dimension)))
    return unit


@functools.cache
def root_factor(dimension: str) -> float:
    """Root units per base unit of a unit-table dimension (0.01 for percent, else 1)."""
    ureg = registry()
    factor: Any
    factor, _ = ureg.get_root_units(ureg.parse_units(_base_expression(dimension)))
    return float(factor)


def dimensionless() -> Any:
    return registry().dimensionless


def root(unit: Any) -> Any:
    """``unit`` reduced to root units (parameter · byte / parameter -> byte)."""
    _, reduced = registry().get_root_units(unit)
    return reduced


def label(unit: Any) -> str:
    """A root unit in the unit table's words: ``byte``, ``byte/parameter``, ``plain number``."""
    items = sorted(dict(unit._units).items())
    if not items:
        return "plain number"
    up = [_power(_dimension_name(n), e) for n, e in items if e > 0]
    down = [_power(_dimension_name(n), -e) for n, e in items if e < 0]
    text = "·".join(up) or "1"
    return f"{text}/{'·'.join(down)}" if down else text


def _power(name: str, exponent: float) -> str:
    return name if exponent == 1 else f"{name}^{exponent:g}"


def display_unit(
    unit: Any, magnitude: float, prefer: Sequence[Unit | None] = ()
) -> tuple[str, float]:
    """A readable unit for a value in root units: (symbol, root units per symbol).

    The first of ``prefer`` (the stated claim's written unit, then the inputs') with the same
    dimension wins, so a recomputation reads in the units the article used; otherwise the
    largest decimal unit of the dimension not above the value (3.84e12 B -> TB).
    """
    dimension = label(unit)
    for candidate in prefer:
        if candidate is not None and root(unit_of(candidate.dimension)) == unit:
            symbol = "" if candidate.symbol == "1" else candidate.symbol
            return symbol, root_factor(candidate.dimension) * candidate.factor
    if dimension == "plain number":
        return "", 1.0
    candidates = sorted(
        (u for u in {u.symbol: u for u in UNITS.values()}.values() if u.dimension == dimension),
        key=lambda u: (u.factor, len(u.symbol)),
    )
    decimal = [u for u in candidates if not u.binary and _power_of_thousand(u.factor)]
    chosen = None
    for candidate in decimal:
        if chosen is None or chosen.factor < candidate.factor <= abs(magnitude):
            chosen = candidate
    if chosen is None:
        return dimension, 1.0
    return chosen.symbol, root_factor(chosen.dimension) * chosen.factor


def _power_of_thousand(factor: float) -> bool:
    value = 1.0
    while value < factor:
        value *= 1000.0
    return value == factor
