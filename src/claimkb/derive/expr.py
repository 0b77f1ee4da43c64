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

The nodes are in :mod:`~claimkb.derive.nodes`. An expression is bounded, because it is
pull-request input: at most :data:`MAX_LENGTH` characters, :data:`MAX_OPERANDS` numbers,
references and units, and :data:`MAX_DEPTH` levels of parentheses, function calls and signs.
Past a bound, :class:`ExprError` (``kind`` ``"limit"``) names it; the parser recurses only
into parentheses and calls, so its own depth is bounded by :data:`MAX_DEPTH` as well. A
number beyond the float range (``1e999``) or below its smallest normal value (``1e-400``,
which would read as 0) is refused (``kind`` ``"not-finite"``), never computed with.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import ClaimkbError
from ..model import ID_PATTERN
from ..values.units import Unit, compose, lookup
from .interval import FLOAT_MIN, TOO_LARGE, TOO_SMALL, finite
from .nodes import Binary, Call, Node, Number, Ref, Unary, refs, walk, widen

__all__ = [
    "Node",
    "Number",
    "Ref",
    "Unary",
    "Binary",
    "Call",
    "ExprError",
    "FUNCTIONS",
    "MAX_DEPTH",
    "MAX_LENGTH",
    "MAX_OPERANDS",
    "excerpt",
    "parse",
    "refs",
    "walk",
]

MAX_LENGTH = 2000
"""Characters in an expression (the corpus's longest is under 100)."""
MAX_DEPTH = 60
"""Levels of parentheses, function calls and signs (``-(-{a})`` is four: the whole, two
signs, one parenthesis)."""
MAX_OPERANDS = 100
"""Numbers, ``{id}`` references and unit names in one expression."""

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


class ExprError(ClaimkbError, ValueError):
    """A bad expression; ``column`` is 1-based. ``kind`` is ``"syntax"``, ``"limit"`` (a
    bound above was passed) or ``"not-finite"`` (a number beyond the float range)."""

    def __init__(self, message: str, column: int, kind: str = "syntax") -> None:
        super().__init__(message)
        self.message = message
        self.column = column
        self.kind = kind


def excerpt(text: str, limit: int = 40) -> str:
    """``text`` cut to ``limit`` characters (with an ellipsis), for a message."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _quoted(text: str) -> str:
    return repr(excerpt(text))


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
        raise ExprError(
            f"the expression is longer than {MAX_LENGTH} characters ({len(text)}); split it "
            "into derived claims of their own",
            MAX_LENGTH + 1,
            "limit",
        )
    if not text.strip():
        raise ExprError("the expression is empty", 1)
    return _Parser(text, _tokens(text)).parse()


class _Parser:
    def __init__(self, text: str, tokens: list[_Token]) -> None:
        self.text = text
        self.tokens = tokens
        self.index = 0
        self.depth = 0
        self.operands = 0

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

    def error(self, message: str, token: _Token | None = None, kind: str = "syntax") -> ExprError:
        column = token.start + 1 if token is not None else len(self.text) + 1
        return ExprError(message, column, kind)

    def nest(self, levels: int, token: _Token | None) -> None:
        """Enter ``levels`` levels of nesting (parentheses, a call, signs), within bounds."""
        self.depth += levels
        if self.depth > MAX_DEPTH:
            raise self.error(
                f"the expression is nested too deeply: more than {MAX_DEPTH} levels of "
                "parentheses, function calls and signs",
                token,
                "limit",
            )

    def operand(self, token: _Token) -> None:
        """Count one number, reference or unit, within bounds."""
        self.operands += 1
        if self.operands > MAX_OPERANDS:
            raise self.error(
                f"the expression has more than {MAX_OPERANDS} numbers, references and units; "
                "split it into derived claims of their own",
                token,
                "limit",
            )

    # -- grammar -----------------------------------------------------------------------------

    def parse(self) -> Node:
        node = self.expression()
        token = self.peek()
        if token is not None:
            if token.kind == "op" and token.text == ")":
                raise self.error("unbalanced ')'", token)
            raise self.error(f"expected an operator before {_quoted(token.text)}", token)
        return node

    def expression(self) -> Node:
        self.nest(1, self.peek())
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
        """Signs, then a primary: a loop, so a run of signs costs no recursion."""
        signs: list[_Token] = []
        while self.at("-") or self.at("+"):
            signs.append(self.take())
            self.nest(1, signs[-1])
        node = self.primary()
        for sign in reversed(signs):
            node = Unary(sign.start, node.end, sign.text, node)
        self.depth -= len(signs)
        return node

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
            return widen(inner, token.start, close.end)
        raise self.error(f"unexpected {_quoted(token.text)}", token)

    def number(self) -> Node:
        token = self.take()
        self.operand(token)
        digits = token.text.replace(",", "")
        try:
            value = float(digits)
            nonzero = float(re.split("[eE]", digits)[0]) != 0.0
        except ValueError:  # the pattern admits only digits; kept as a guard
            raise self.error(f"cannot read the number {_quoted(token.text)}", token) from None
        unit, end = self.unit_after()
        written = self.text[token.start : end or token.end]
        self.representable(value, nonzero, token, written)
        scaled = value if unit is None else value * unit.factor
        self.representable(scaled, nonzero, token, written)
        return Number(token.start, end or token.end, scaled, unit)

    def representable(self, value: float, nonzero: bool, token: _Token, written: str) -> None:
        """Refuse a number a float cannot hold: infinite, or written non-zero but 0 or below
        the smallest normal float as a float (it would read as 0 or lose its digits)."""
        if not finite(value):
            raise self.error(
                f"the number {_quoted(written)} is {TOO_LARGE}: too large to compute with; "
                "check its exponent",
                token,
                "not-finite",
            )
        if nonzero and abs(value) < FLOAT_MIN:
            raise self.error(
                f"the number {_quoted(written)} is {TOO_SMALL}: it would read as 0; check its "
                "exponent",
                token,
                "not-finite",
            )

    def unit_after(self) -> tuple[Unit | None, int]:
        """The unit written right after a number: ``%``, or unit names joined by ``/``."""
        if self.at("%"):
            return lookup("%"), self.take().end
        token = self.peek()
        if token is None or token.kind != "name" or self.at("(", 1):
            return None, 0
        if lookup(token.text) is None:
            raise self.error(f"unknown unit {_quoted(token.text)}", token)
        parts = [self.take()]
        while self.at("/") and self._unit_name(1):
            self.take()
            parts.append(self.take())
        written = "/".join(p.text for p in parts)
        unit = compose(written)
        if unit is None:
            raise self.error(f"unknown unit {_quoted(written)}", parts[0])
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
        self.operand(token)
        ident = token.text[1:-1].strip()
        if not _ID.match(ident):
            raise self.error(f"{_quoted(token.text)} does not hold a claim or constant id", token)
        return Ref(token.start, token.end, ident)

    def name(self) -> Node:
        token = self.take()
        if self.at("("):
            return self.call(token)
        self.operand(token)
        unit = lookup(token.text)
        if unit is None:
            raise self.error(
                f"unknown name {_quoted(token.text)}: claim and constant ids go in braces, "
                f"{{{excerpt(token.text)}}}; functions are {', '.join(FUNCTIONS)}",
                token,
            )
        return Number(token.start, token.end, unit.factor, unit)

    def call(self, name: _Token) -> Node:
        if name.text not in FUNCTIONS:
            raise self.error(
                f"unknown function {_quoted(name.text)}; known: {', '.join(FUNCTIONS)}", name
            )
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
