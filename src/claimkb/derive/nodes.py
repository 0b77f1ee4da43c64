"""The syntax tree of a derived claim's expression, and walking it without recursion.

Every node remembers where it was written (``start``/``end`` offsets into the text), so an
error points at its column and ``claimkb explain`` can show each sub-expression as written.
:func:`walk` uses an explicit stack: a long chain of operators is as deep as it is long, and
Python's recursion limit must not decide what an expression may hold.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..values.units import Unit

__all__ = ["Node", "Number", "Ref", "Unary", "Binary", "Call", "children", "refs", "walk"]


@dataclass(frozen=True, slots=True)
class Node:
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Number(Node):
    value: float
    """In the base unit of ``unit``'s dimension (``80 GB`` is 8e10)."""
    unit: Unit | None
    """None for a plain number."""


@dataclass(frozen=True, slots=True)
class Ref(Node):
    id: str


@dataclass(frozen=True, slots=True)
class Unary(Node):
    op: str
    operand: Node


@dataclass(frozen=True, slots=True)
class Binary(Node):
    op: str
    left: Node
    right: Node


@dataclass(frozen=True, slots=True)
class Call(Node):
    name: str
    args: tuple[Node, ...]


def children(node: Node) -> tuple[Node, ...]:
    """A node's operands, in the order written."""
    if isinstance(node, Unary):
        return (node.operand,)
    if isinstance(node, Binary):
        return (node.left, node.right)
    if isinstance(node, Call):
        return node.args
    return ()


def walk(node: Node) -> Iterator[Node]:
    """Every node, children before their parent (the order of evaluation)."""
    stack: list[tuple[Node, bool]] = [(node, False)]
    while stack:
        current, expanded = stack.pop()
        if expanded:
            yield current
            continue
        stack.append((current, True))
        stack.extend((child, False) for child in reversed(children(current)))


def refs(node: Node) -> list[Ref]:
    """The ``{id}`` references, in the order written."""
    return [n for n in walk(node) if isinstance(n, Ref)]


def widen(node: Node, start: int, end: int) -> Node:
    """The same node, spanning its parentheses (so its text reads as written)."""
    if isinstance(node, Number):
        return Number(start, end, node.value, node.unit)
    if isinstance(node, Ref):
        return Ref(start, end, node.id)
    if isinstance(node, Unary):
        return Unary(start, end, node.op, node.operand)
    if isinstance(node, Binary):
        return Binary(start, end, node.op, node.left, node.right)
    assert isinstance(node, Call)
    return Call(start, end, node.name, node.args)
