"""The expression language of derived claims: a small parser, never ``eval``.

::

    ceil({s004-fp8-weights} / 80 GB)
    {s004-servers} * {s004-cards-per-server} * {s004-card-memory}
    {s004-total-params} * {mxfp4}
    pp({s004-opus-score}, {s004-kimi-score})
    change({s001-k31-code-score}, {s001-k3-code-score})

* ``{id}`` names a claim or a constant (ids contain ``-`` and ``.``, so they go in braces);
* a number may carry a unit written right after it (``80 GB``, ``4.25 bit/parameter``,
  ``50%``); a unit name alone means one of it (``{weights} / GB``);
* ``+ - * /`` (also ``− × · ÷``), parentheses, and the functions in :data:`FUNCTIONS`.

Every node remembers where it was written (``start``/``end`` offsets into the text), so an
error points at its column and ``claimkb explain`` can show each sub-expression as written.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from ..model import ID_PATTERN
from ..values.units import Unit, compose, lookup

__all__ = [
    "Node",
    "Number",
    "Ref",
    "Unary",
    "Binary",
    "Call",
    "ExprError",
    "FUNCTIONS",
    "parse",
    "refs",
    "walk",
]

MAX_LENGTH = 2000
MAX_DEPTH = 60

FUNCTIONS: dict[str, tuple[int, int | None, str]] = {
    "ceil": (1, 1, "smallest whole number not below x (cards needed)"),
    "floor": (1, 1, "largest whole number not above x"),
    "round": (1, 1, "nearest whole number, halves up"),
    "min": (1, None, "smallest of the arguments (same unit)"),
    "max": (1, None, "largest of the arguments (same unit)"),
    "sum": (1, None, "sum of the arguments (same unit)"),
    "pp": (2, 2, "a − b of two percentages, in percentage points"),
    "change": (2, 2, "relative change from old to new: new / old − 1, in percent"),
}
"""name -> (fewest arguments, most arguments or None, what it computes)."""

_ID = re.compile(ID_PATTERN)
_TOKEN = re.compile(
    r"""
    (?P<space>\s+)
  | (?P<number>(?:\d+(?:,\d{3})*(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?)
  | (?P<ref>\{[^{}]*\})
  | (?P<name>[^\W\d]\w*)
  | (?P<op>[-+*/()%,−×·÷])
    """,
    re.VERBOSE,
)
_OPERATOR = {"−": "-", "×": "*", "·": "*", "÷": "/"}


class ExprError(ValueError):
    """A bad expression; ``column`` is 1-based."""

    def __init__(self, message: str, column: int) -> None:
        super().__init__(message)
        self.message = message
        self.column = column


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


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str
    text: str
    start: int
    end: int


def _tokens(text: str) -> list[_Token]:
    tokens: list[_Token] = []
    position = 0
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None:
            raise ExprError(f"unexpected character {text[position]!r}", position + 1)
        kind = match.lastgroup or ""
        if kind != "space":
            value = match.group()
            tokens.append(_Token(kind, _OPERATOR.get(value, value), match.start(), match.end()))
        position = match.end()
    return tokens


def parse(text: str) -> Node:
    """Parse an expression; raises :class:`ExprError` with the column of the problem."""
    if len(text) > MAX_LENGTH:
        raise ExprError(f"the expression is longer than {MAX_LENGTH} characters", 1)
    if not text.strip():
        raise ExprError("the expression is empty", 1)
    return _Parser(text, _tokens(text)).parse()


class _Parser:
    def __init__(self, text: str, tokens: list[_Token]) -> None:
        self.text = text
        self.tokens = tokens
        self.index = 0
        self.depth = 0

    # -- helpers -----------------------------------------------------------------------------

    def peek(self, ahead: int = 0) -> _Token | None:
        index = self.index + ahead
        return self.tokens[index] if index < len(self.tokens) else None

    def take(self) -> _Token:
        token = self.tokens[self.index]
        self.index += 1
        return token

    def at(self, text: str, ahead: int = 0) -> bool:
        token = self.peek(ahead)
        return token is not None and token.kind == "op" and token.text == text

    def error(self, message: str, token: _Token | None = None) -> ExprError:
        column = token.start + 1 if token is not None else len(self.text) + 1
        return ExprError(message, column)

    # -- grammar -----------------------------------------------------------------------------

    def parse(self) -> Node:
        node = self.expression()
        token = self.peek()
        if token is not None:
            if token.kind == "op" and token.text == ")":
                raise self.error("unbalanced ')'", token)
            raise self.error(f"expected an operator before {token.text!r}", token)
        return node

    def expression(self) -> Node:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.error("the expression is nested too deeply", self.peek())
        node = self.term()
        while self.at("+") or self.at("-"):
            op = self.take().text
            right = self.term()
            node = Binary(node.start, right.end, op, node, right)
        self.depth -= 1
        return node

    def term(self) -> Node:
        node = self.unary()
        while self.at("*") or self.at("/"):
            op = self.take().text
            right = self.unary()
            node = Binary(node.start, right.end, op, node, right)
        return node

    def unary(self) -> Node:
        if self.at("-") or self.at("+"):
            token = self.take()
            operand = self.unary()
            return Unary(token.start, operand.end, token.text, operand)
        return self.primary()

    def primary(self) -> Node:
        token = self.peek()
        if token is None:
            raise self.error("the expression ends too early")
        if token.kind == "number":
            return self.number()
        if token.kind == "ref":
            return self.ref()
        if token.kind == "name":
            return self.name()
        if token.kind == "op" and token.text == "(":
            self.take()
            inner = self.expression()
            if not self.at(")"):
                raise self.error("missing ')'", self.peek())
            close = self.take()
            return _widen(inner, token.start, close.end)
        raise self.error(f"unexpected {token.text!r}", token)

    def number(self) -> Node:
        token = self.take()
        value = float(token.text.replace(",", ""))
        unit, end = self.unit_after()
        if unit is None:
            return Number(token.start, token.end, value, None)
        return Number(token.start, end, value * unit.factor, unit)

    def unit_after(self) -> tuple[Unit | None, int]:
        """The unit written right after a number: ``%``, or unit names joined by ``/``."""
        if self.at("%"):
            return lookup("%"), self.take().end
        token = self.peek()
        if token is None or token.kind != "name" or self.at("(", 1):
            return None, 0
        if lookup(token.text) is None:
            raise self.error(f"unknown unit {token.text!r}", token)
        parts = [self.take()]
        while self.at("/") and self._unit_name(1):
            self.take()
            parts.append(self.take())
        written = "/".join(p.text for p in parts)
        unit = compose(written)
        if unit is None:
            raise self.error(f"unknown unit {written!r}", parts[0])
        return unit, parts[-1].end

    def _unit_name(self, ahead: int) -> bool:
        token = self.peek(ahead)
        return (
            token is not None
            and token.kind == "name"
            and not self.at("(", ahead + 1)
            and lookup(token.text) is not None
        )

    def ref(self) -> Node:
        token = self.take()
        ident = token.text[1:-1].strip()
        if not _ID.match(ident):
            raise self.error(f"{token.text!r} does not hold a claim or constant id", token)
        return Ref(token.start, token.end, ident)

    def name(self) -> Node:
        token = self.take()
        if self.at("("):
            return self.call(token)
        unit = lookup(token.text)
        if unit is None:
            raise self.error(
                f"unknown name {token.text!r}: claim and constant ids go in braces, "
                f"{{{token.text}}}; functions are {', '.join(FUNCTIONS)}",
                token,
            )
        return Number(token.start, token.end, unit.factor, unit)

    def call(self, name: _Token) -> Node:
        if name.text not in FUNCTIONS:
            raise self.error(f"unknown function {name.text!r}; known: {', '.join(FUNCTIONS)}", name)
        self.take()  # (
        args: list[Node] = []
        if not self.at(")"):
            args.append(self.expression())
            while self.at(","):
                self.take()
                args.append(self.expression())
        if not self.at(")"):
            raise self.error(f"missing ')' after the arguments of {name.text}", self.peek())
        close = self.take()
        fewest, most, _ = FUNCTIONS[name.text]
        if len(args) < fewest or (most is not None and len(args) > most):
            wanted = str(fewest) if fewest == most else f"at least {fewest}"
            raise self.error(f"{name.text} takes {wanted} argument(s), not {len(args)}", name)
        return Call(name.start, close.end, name.text, tuple(args))


def _widen(node: Node, start: int, end: int) -> Node:
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


def walk(node: Node) -> Iterator[Node]:
    """Every node, children before their parent (the order of evaluation)."""
    if isinstance(node, Unary):
        yield from walk(node.operand)
    elif isinstance(node, Binary):
        yield from walk(node.left)
        yield from walk(node.right)
    elif isinstance(node, Call):
        for arg in node.args:
            yield from walk(arg)
    yield node


def refs(node: Node) -> list[Ref]:
    """The ``{id}`` references, in the order written."""
    return [n for n in walk(node) if isinstance(n, Ref)]
