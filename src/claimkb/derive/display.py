"""Ranges in root units, shown in a readable unit (the article's own where it fits)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..values.units import Unit
from . import dimensions as dims
from .interval import Interval, finite

__all__ = ["Shown", "show", "number"]


def number(x: float) -> str:
    """Six significant digits, no exponent sign clutter: ``3.84``, ``2.8e12``."""
    if not math.isfinite(x):
        return "∞" if x > 0 else "-∞"
    text = f"{x:.6g}"
    return text.replace("e+", "e")


@dataclass(frozen=True, slots=True)
class Shown:
    nominal: float
    lower: float
    upper: float
    unit: str
    dimension: str

    @property
    def text(self) -> str:
        unit = f" {self.unit}" if self.unit else ""
        if self.lower == self.upper:
            return f"{number(self.nominal)}{unit}"
        return f"{number(self.nominal)}{unit} [{number(self.lower)}, {number(self.upper)}]"

    @property
    def range_text(self) -> str:
        unit = f" {self.unit}" if self.unit else ""
        if self.lower == self.upper:
            return f"{number(self.lower)}{unit}"
        return f"[{number(self.lower)}, {number(self.upper)}]{unit}"

    def to_dict(self) -> dict[str, object]:
        return {
            "nominal": self.nominal,
            "lower": self.lower,
            "upper": self.upper,
            "unit": self.unit,
            "dimension": self.dimension,
        }


def show(value: Interval, unit: Any, prefer: Unit | Sequence[Unit | None] | None = None) -> Shown:
    """``value`` in the first unit of ``prefer`` that fits, else a readable decimal one."""
    preferred = [prefer] if prefer is None or isinstance(prefer, Unit) else list(prefer)
    symbol, per = dims.display_unit(unit, value.mid, preferred)
    if not finite(value.lo / per, value.hi / per, value.mid / per):
        # near the float range a smaller unit (bits for bytes) shows ∞: the readable one, then
        symbol, per = dims.display_unit(unit, value.mid)
    return Shown(
        nominal=value.mid / per,
        lower=value.lo / per,
        upper=value.hi / per,
        unit=symbol,
        dimension=dims.label(unit),
    )
