"""Units for the arithmetic of derived claims: the same pint registry that reads values.

Value reading (:mod:`claimkb.values.units`) and this module share one registry, pint's
defaults with the domain's units defined once on top (:mod:`claimkb.values.unitreg`), and one
naming of dimensions, so that multiplying parameters by bytes per parameter gives bytes,
dividing bytes by bytes gives a plain number, watts times hours give energy, and adding
bytes to parameters (or dollars to yuan) is refused with the two units named.

Arithmetic runs on plain floats in pint's *root* units (pint's own performance advice: work
on magnitudes: a byte is 8 root ``bit``, a kilogram 1000 root ``gram``) while pint tracks the
unit of each sub-expression. Value reading keeps some dimensions apart that arithmetic
relates:

* ``percent`` is 0.01 of a plain number (2.8 TB × 50% is 1.4 TB; 61.2% / 55.95% is a ratio);
* ``count`` and ``ratio`` are plain numbers (6 servers × 8 cards × 80 GB is bytes);
* ``hertz`` is one per second.

``percentage-point`` stays a dimension of its own: the difference of two percentages is in
percentage points only through ``pp(a, b)``, so a relative change (``change``) and an absolute
one cannot be confused silently. Each currency, and each dimension a KB declares, is a root
unit of its own.

pint is imported when the first unit is read, never on the ``--help`` path.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from ..values import unitreg
from ..values.unitdefs import DISPLAY_PREFIXED
from ..values.units import Unit, base_unit, compose

__all__ = ["registry", "unit_of", "root_factor", "label", "display_unit", "dimensionless"]

_DECIMAL = ("", "k", "M", "G", "T", "P", "E")


def registry() -> Any:
    """The one pint registry (see :func:`claimkb.values.unitreg.registry`)."""
    return unitreg.registry()


def _info(dimension: str) -> tuple[tuple[tuple[str, float], ...], float]:
    info = unitreg.dimension_info(dimension)
    if info is None:
        raise KeyError(f"unknown dimension {dimension!r}")
    return info


@functools.cache
def unit_of(dimension: str) -> Any:
    """The root pint unit of a dimension (``byte/parameter`` -> bit / parameter;
    ``percent`` -> dimensionless)."""
    ureg = registry()
    unit = ureg.dimensionless
    for root, exponent in _info(dimension)[0]:
        if root not in ureg:  # a currency or a KB's own dimension: a root of its own
            ureg.define(f"{root} = [{root}]")
        unit = unit * ureg.Unit(root) ** exponent
    return unit


@functools.cache
def root_factor(dimension: str) -> float:
    """Root units per base unit of a dimension (0.01 for percent, 8 for byte, else mostly 1)."""
    return _info(dimension)[1]


def dimensionless() -> Any:
    return registry().dimensionless


def root(unit: Any) -> Any:
    """``unit`` reduced to root units (parameter · byte / parameter -> byte)."""
    _, reduced = registry().get_root_units(unit)
    return reduced


def label(unit: Any) -> str:
    """A root unit as a dimension's name: ``byte``, ``byte/parameter``, ``plain number``."""
    signature = tuple(sorted((n, float(e)) for n, e in dict(unit._units).items() if e))
    return unitreg.dimension_name(signature) if signature else "plain number"


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
        if candidate is not None and unit_of(candidate.dimension) == unit:
            symbol = "" if candidate.symbol == "1" else candidate.symbol
            return symbol, root_factor(candidate.dimension) * candidate.factor
    if dimension == "plain number":
        return "", 1.0
    if unitreg.dimension_info(dimension) is None:
        return dimension, 1.0
    per_base = root_factor(dimension)
    if dimension not in DISPLAY_PREFIXED:
        return base_unit(dimension), per_base
    chosen = (base_unit(dimension), 1.0)
    for prefix in _DECIMAL[1:]:
        candidate = compose(prefix + base_unit(dimension))
        if candidate is None or candidate.dimension != dimension or candidate.binary:
            continue
        if candidate.factor * per_base <= abs(magnitude):
            chosen = (candidate.symbol, candidate.factor)
    return chosen[0], chosen[1] * per_base
