"""Evaluating a parsed expression over ranges, with the unit of every sub-expression.

Values are :class:`~claimkb.derive.interval.Interval` s in pint root units; units are pint
units reduced to root units. Adding bytes to parameters, taking ``ceil`` of a size, or a
percentage-point difference of two sizes raises :class:`EvalError` naming the operands and
the column, so the finding points at the mistake.

Evaluation walks the tree children-first with an explicit stack (:func:`~.nodes.walk`), so its
cost is linear in the expression and Python's recursion limit plays no part. A step whose
range leaves the float range (``1e300 * 1e300``), or an input that is not a finite range, is
an :class:`EvalError` of kind ``"not-finite"`` at that step's column: an infinite range would
meet every stated value.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import ClaimkbError
from . import dimensions as dims
from .expr import excerpt
from .interval import (
    TOO_LARGE,
    Interval,
    NotFinite,
    ZeroDivisor,
    ceil,
    finite,
    floor,
    maximum,
    minimum,
    round_half_up,
)
from .nodes import Binary, Call, Node, Number, Ref, Unary, walk

__all__ = ["Operand", "Step", "EvalError", "evaluate"]


class EvalError(ClaimkbError, ValueError):
    """An expression that cannot be computed; ``column`` is 1-based. ``kind`` is ``"error"``
    or ``"not-finite"`` (a value beyond the float range)."""

    def __init__(self, message: str, column: int, kind: str = "error") -> None:
        super().__init__(message)
        self.message = message
        self.column = column
        self.kind = kind


@dataclass(frozen=True, slots=True)
class Operand:
    """What a ``{id}`` stands for: a range in root units and its unit."""

    value: Interval
    unit: Any


@dataclass(frozen=True, slots=True)
class Step:
    node: Node
    value: Interval
    unit: Any


def evaluate(
    node: Node, text: str, env: Mapping[str, Operand], steps: list[Step] | None = None
) -> Operand:
    """The range and unit of ``node``; each sub-expression is appended to ``steps``."""
    return _Evaluator(text, env, steps).run(node)


class _Evaluator:
    def __init__(self, text: str, env: Mapping[str, Operand], steps: list[Step] | None) -> None:
        self.text = text
        self.env = env
        self.steps = steps
        self.done: dict[int, Operand] = {}
        """Each evaluated node's value, by ``id`` of the node (children come first)."""

    def src(self, node: Node) -> str:
        return excerpt(self.text[node.start : node.end], 60)

    def run(self, root: Node) -> Operand:
        for node in walk(root):
            try:
                result = self._eval(node)
            except NotFinite as exc:
                raise EvalError(
                    f"{self.src(node)!r} gives a value {exc}; check the exponents and units "
                    "of its figures",
                    _col(node),
                    "not-finite",
                ) from None
            self.done[id(node)] = result
            if self.steps is not None:
                self.steps.append(Step(node, result.value, result.unit))
        return self.done[id(root)]

    def eval(self, node: Node) -> Operand:
        """An operand's value (already computed: :func:`walk` yields children first)."""
        return self.done[id(node)]

    def _eval(self, node: Node) -> Operand:
        if isinstance(node, Number):
            if not finite(node.value):
                raise NotFinite(TOO_LARGE)
            if node.unit is None:
                return Operand(Interval.point(node.value), dims.dimensionless())
            value = Interval.point(node.value).scaled(dims.root_factor(node.unit.dimension))
            return Operand(value, dims.unit_of(node.unit.dimension))
        if isinstance(node, Ref):
            found = self.env.get(node.id)
            if found is None:
                raise EvalError(f"nothing is known as {{{node.id}}}", node.start + 1)
            if not found.value.is_finite:
                raise EvalError(
                    f"input {{{node.id}}} is not a finite range", node.start + 1, "not-finite"
                )
            return found
        if isinstance(node, Unary):
            operand = self.eval(node.operand)
            return operand if node.op == "+" else Operand(-operand.value, operand.unit)
        if isinstance(node, Binary):
            return self._binary(node)
        assert isinstance(node, Call)
        return self._call(node)

    def _binary(self, node: Binary) -> Operand:
        left, right = self.eval(node.left), self.eval(node.right)
        if node.op in "+-":
            self._same_unit(node, [node.left, node.right], [left, right])
            value = left.value + right.value if node.op == "+" else left.value - right.value
            return Operand(value, left.unit)
        if node.op == "*":
            return Operand(left.value * right.value, dims.root(left.unit * right.unit))
        try:
            value = left.value / right.value
        except ZeroDivisor as exc:
            raise EvalError(
                f"cannot divide by {self.src(node.right)!r}: {exc}", _col(node.right)
            ) from None
        return Operand(value, dims.root(left.unit / right.unit))

    def _same_unit(self, node: Node, nodes: list[Node], operands: list[Operand]) -> None:
        first = operands[0].unit
        for other_node, other in zip(nodes[1:], operands[1:], strict=True):
            if other.unit != first:
                what = {
                    "+": "add",
                    "-": "subtract",
                }.get(getattr(node, "op", ""), f"combine in {getattr(node, 'name', '')}()")
                raise EvalError(
                    f"cannot {what} {dims.label(first)} and {dims.label(other.unit)}: "
                    f"{self.src(nodes[0])!r} is in {dims.label(first)}, "
                    f"{self.src(other_node)!r} in {dims.label(other.unit)}",
                    _col(other_node),
                )

    def _call(self, node: Call) -> Operand:
        args = [self.eval(arg) for arg in node.args]
        name = node.name
        if name in ("ceil", "floor", "round"):
            (arg,) = args
            if arg.unit != dims.dimensionless():
                raise EvalError(
                    f"{name} needs a plain number, but {self.src(node.args[0])!r} is in "
                    f"{dims.label(arg.unit)}: divide by a unit first, e.g. "
                    f"{name}({{size}} / 80 GB)",
                    _col(node.args[0]),
                )
            function = {"ceil": ceil, "floor": floor, "round": round_half_up}[name]
            return Operand(arg.value.monotone(function), arg.unit)
        if name in ("min", "max", "sum"):
            self._same_unit(node, list(node.args), args)
            values = [a.value for a in args]
            if name == "min":
                return Operand(minimum(values), args[0].unit)
            if name == "max":
                return Operand(maximum(values), args[0].unit)
            total = values[0]
            for value in values[1:]:
                total = total + value
            return Operand(total, args[0].unit)
        if name == "pp":
            for arg_node, arg in zip(node.args, args, strict=True):
                if arg.unit != dims.dimensionless():
                    raise EvalError(
                        f"pp needs two percentages, but {self.src(arg_node)!r} is in "
                        f"{dims.label(arg.unit)}",
                        _col(arg_node),
                    )
            difference = args[0].value - args[1].value
            return Operand(
                difference.scaled(1.0 / dims.root_factor("percent")),
                dims.unit_of("percentage-point"),
            )
        assert name == "change"
        self._same_unit(node, list(node.args), args)
        try:
            ratio = args[0].value / args[1].value
        except ZeroDivisor as exc:
            raise EvalError(
                f"cannot compute a change from {self.src(node.args[1])!r}: {exc}",
                _col(node.args[1]),
            ) from None
        return Operand(ratio - Interval.point(1.0), dims.dimensionless())


def _col(node: Node) -> int:
    return node.start + 1
