"""What recomputing one derived claim found: its inputs, result, verdict and the causes of a
mismatch (the record :mod:`.recompute` fills and :mod:`.causes` reads)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ..model import Claim
from ..values import Quantity
from ..values.units import Unit
from .evaluate import Operand, Step
from .expr import Node
from .interval import REL_EPS, Interval

__all__ = [
    "MATCHES",
    "MISMATCH",
    "ERROR",
    "UNCHECKED",
    "Input",
    "Problem",
    "Outcome",
    "written_range",
    "written_unit",
]

MATCHES, MISMATCH, ERROR, UNCHECKED = "matches", "mismatch", "error", "unchecked"


@dataclass(frozen=True, slots=True)
class Input:
    ref: str
    kind: str
    """``claim`` or ``constant``."""
    written: str
    quantity: Quantity
    operand: Operand
    nominal: Operand | None = None
    """For a constant with ``nominal:``: that figure, exact."""
    nominal_written: str | None = None


@dataclass(frozen=True, slots=True)
class Problem:
    """Why a derivation could not be recomputed; ``slug`` is the finding to report."""

    slug: str
    detail: str
    column: int | None = None
    ref: str | None = None


@dataclass(eq=False)
class Outcome:
    claim: Claim
    verdict: str
    tree: Node | None = None
    inputs: dict[str, Input] = field(default_factory=dict)
    result: Operand | None = None
    stated: Interval | None = None
    """The stated value's digit range, in root units."""
    stated_unit: Unit | None = None
    steps: list[Step] = field(default_factory=list)
    causes: list[Any] = field(default_factory=list)
    """:class:`~claimkb.derive.causes.Cause` s, most likely first (mismatches only)."""
    problem: Problem | None = None
    why_unchecked: str | None = None

    @property
    def expr(self) -> str:
        return self.claim.derived.expr if self.claim.derived else ""

    @property
    def units(self) -> list[Unit | None]:
        """Units to show values in: the stated value's, then the inputs' as written."""
        return [self.stated_unit, *(written_unit(i.quantity) for i in self.inputs.values())]

    @property
    def env(self) -> dict[str, Operand]:
        return {ref: item.operand for ref, item in self.inputs.items()}


def written_unit(quantity: Quantity) -> Unit:
    """The unit a quantity was written in, as a unit-table entry."""
    return Unit(quantity.unit, quantity.dimension, quantity.factor, quantity.binary)


def written_range(quantity: Quantity, explicit: bool = False) -> tuple[float, float]:
    """The range a written quantity's digits allow, in its base unit (see module doc)."""
    lower, upper, nominal = quantity.lower, quantity.upper, quantity.nominal
    if explicit or nominal is None or not (math.isfinite(lower) and math.isfinite(upper)):
        return lower, upper
    below, above = nominal - lower, upper - nominal
    if abs(below - above) > REL_EPS * max(abs(lower), abs(upper), 1.0):
        return lower, upper  # a comparator: "up to 8", "nearly 100"
    return nominal - quantity.precision, nominal + quantity.precision
