"""Constants of derived claims: definitional figures, read once per KB.

A constant is exact (it is a definition, not a measurement): its written value gives a point,
or the range of a written range. ``nominal`` is the figure a format's name suggests when it
differs from the real one, so a recomputation that matches only with it can say so.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..analysis import memo
from ..kb import KB
from ..values import Quantity, ValueProblem, parse_quantity

__all__ = ["ConstantProblem", "ConstantValue", "constant_values"]


class ConstantProblem(ValueProblem):
    """A constant's ``value`` or ``nominal`` that cannot be used; ``field`` says which."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True, slots=True)
class ConstantValue:
    value: Quantity
    nominal: Quantity | None


def constant_values(kb: KB) -> dict[str, ConstantValue | ConstantProblem]:
    """Each constant's parsed value and nominal value (or why they cannot be read)."""

    def compute() -> dict[str, ConstantValue | ConstantProblem]:
        result: dict[str, ConstantValue | ConstantProblem] = {}
        for constant in kb.constants.values():
            try:
                value = _constant_quantity(str(constant.value), "value")
                nominal = None
                if constant.nominal is not None:
                    nominal = _constant_quantity(str(constant.nominal), "nominal")
                    if nominal.dimension != value.dimension:
                        raise ConstantProblem(
                            f"nominal {constant.nominal!r} is in {nominal.dimension} but value "
                            f"{constant.value!r} is in {value.dimension}",
                            "nominal",
                        )
                result[constant.id] = ConstantValue(value, nominal)
            except ConstantProblem as problem:
                result[constant.id] = problem
        return result

    return memo(kb, "derived-constants", compute)


def _constant_quantity(written: str, what: str) -> Quantity:
    try:
        quantity = parse_quantity(written)
    except ValueProblem as problem:
        raise ConstantProblem(f"cannot read {what} {written!r}: {problem}", what) from None
    if not (math.isfinite(quantity.lower) and math.isfinite(quantity.upper)):
        raise ConstantProblem(f"{what} {written!r} is open-ended; a constant needs a figure", what)
    return quantity
