"""A fast reader for the plain block subset of YAML that KB files are almost always written in.

PyYAML's C loader spends most of its time building a node and two marks per scalar in Python,
before a value is made of them; on a large KB that is most of a check. Yet a KB file is nearly
always the same few shapes: block mappings of ``key: value`` lines, block sequences of
``- item`` lines, and one-line scalars (plain, ``'single'`` or ``"double"`` quoted without
escapes). This module reads exactly that subset, line by line, into the same
:class:`~claimkb.located.LocatedDict` / :class:`~claimkb.located.LocatedList` values with the
same lines as :func:`claimkb.yamlio.parse_yaml` builds.

It never guesses. Anything outside the subset - a flow collection, a block scalar, a tag, an
anchor, an escape, a scalar continued on the next line, a tab, a duplicate key, an odd
indentation, any text the full parser might refuse - makes :func:`read_block` return
:data:`OUTSIDE`, and the caller reads the text with the full parser, which gives the value or
the located problem exactly as before. A test compares the two readers on generated texts,
every fixture and the bundled corpus.

:func:`read_block_python` is the reference; ``_yamlblock.c``, built at install where there is a
C compiler, does the same step for step, and :func:`read_block` is it where it was built
(:data:`COMPILED`). A differential test holds the two to the same values, types and lines.
"""

from __future__ import annotations

import re
import sys
from typing import Any, Final

from .located import BOOLS, IMPLICIT, LocatedDict, LocatedList

_intern = sys.intern

__all__ = ["COMPILED", "OUTSIDE", "read_block", "read_block_python"]

try:
    from . import _yamlblock as _compiled
except ImportError:  # not built: no C compiler at install
    _compiled = None  # type: ignore[assignment]

COMPILED: Final = _compiled is not None
"""Whether :func:`read_block` is the compiled reader (``claimkb._yamlblock``)."""

OUTSIDE: Final[object] = object() if _compiled is None else _compiled.OUTSIDE
"""Returned (by both readers) when a text is not in the subset: read it with the full parser."""

_DEEPEST = 32
"""Nesting this reader follows; deeper texts go to the full parser (which limits depth)."""

_UNUSUAL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]")
"""Characters whose handling this reader leaves to the full parser: tabs, carriage returns,
control characters, YAML 1.1's extra line breaks and the byte-order mark."""

_LINE = re.compile(r"^( *)(- +)?(?:([A-Za-z_][A-Za-z0-9_-]*):(?: +|$))?(.*)$", re.M)
"""A line as its indentation, an item's ``- ``, a simple key before ``:`` and the rest. A key
that is not simple (quoted, spaced, a number) is left in the rest, which then reads as a
scalar where a key should be: outside the subset."""

_BLOCK_HEADER = re.compile(r"[|>]([-+]?)(?: +#.*| *)$")
_SINGLE = re.compile(r"'((?:[^']|'')*)'")
_FLOW = re.compile(r"[{]([^\[\]{}]*)[}]|\[([^\[\]{}]*)\]")
_FLOW_SCALAR = (
    r"""(?:"([^"\\]*)"|'((?:[^']|'')*)'|([^,\[\]{}#"'&*!|>%@` ][^,\[\]{}#]*?)) *(?:,|$)"""
)
_FLOW_ITEM = re.compile(r" *()" + _FLOW_SCALAR)
_FLOW_PAIR = re.compile(r" *([A-Za-z_][A-Za-z0-9_-]*): +" + _FLOW_SCALAR)
"""An item of a flow sequence, or a pair of a flow mapping (its key simple), up to its comma:
the value double-quoted without escapes, single-quoted, or plain without flow indicators."""

_PLAIN_FIRST_REFUSED = frozenset(",[]{}#&*!|>'\"%@`")
"""Characters a plain scalar cannot start with (YAML indicators), left to the full parser."""
_PLAIN_FIRST_SPACED = frozenset("-?:")
"""Indicators that can start a plain scalar when no space follows them (``-3``, ``:x``)."""

_NOT_SIMPLE_FIRST = frozenset(",[]{}#&*!|>'\"%@`-?:~nNtTfF+0123456789")
"""First characters of a value that needs :func:`_scalar`'s full reading: an indicator, a
quote, or the start of a null, a boolean or a number."""

_NON_STRING_KEYS = frozenset(
    ["~", "null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE"]
)


class _Outside(Exception):
    """Raised inside the reader when the text leaves the subset."""


def read_block_python(text: str, shared: frozenset[str] = frozenset(), /) -> Any:
    """The value of ``text`` if it is in the plain block subset, else :data:`OUTSIDE`; each str
    value written directly under a key of ``shared`` is interned, as keys are (a KB's records
    repeat a few such values, a source or a status, thousands of times)."""
    if _UNUSUAL.search(text) is not None:
        return OUTSIDE
    lines = _LINE.findall(text)  # one (indent, dash, key, rest) per line: index + 1 is its number
    reader = _Reader(text, lines, shared)
    pos = reader.skip(0)
    if pos == len(lines) or lines[pos][0]:
        return OUTSIDE  # empty, or the first line indented
    try:
        value = reader.node(pos, 0)
    except _Outside:
        return OUTSIDE
    if reader.skip(reader.pos) != len(lines):
        return OUTSIDE
    return value


class _Reader:
    """One pass over a text's lines, each already split by :data:`_LINE`."""

    __slots__ = ("text", "lines", "count", "pos", "raw", "shared")

    def __init__(
        self, text: str, lines: list[tuple[str, str, str, str]], shared: frozenset[str]
    ) -> None:
        self.text = text
        self.shared = shared
        self.raw: list[str] | None = None  # the lines as written, split when first needed
        self.lines = lines
        self.count = len(lines)
        self.pos = 0

    def skip(self, pos: int) -> int:
        """The first line from ``pos`` on that is not blank or a comment."""
        lines, count = self.lines, self.count
        while pos < count:
            _, dash, key, rest = lines[pos]
            if dash or key or (rest and rest[0] != "#"):
                break
            pos += 1
        return pos

    def node(self, pos: int, depth: int) -> Any:
        """The mapping or sequence whose first line is ``pos``."""
        indent, dash, _, _ = self.lines[pos]
        if dash:
            return self.sequence(pos, len(indent), depth)
        return self.mapping(pos, len(indent), depth, False)

    def mapping(self, pos: int, indent: int, depth: int, in_item: bool) -> LocatedDict:
        """The block mapping whose first key is on line ``pos`` at column ``indent``;
        ``in_item`` when that key follows a sequence item's ``-`` on the same line."""
        if depth > _DEEPEST:
            raise _Outside
        lines, count, shared = self.lines, self.count, self.shared
        result = LocatedDict(pos + 1)
        key_lines = result.key_lines
        while pos < count:
            spaces, dash, key, rest = lines[pos]
            if in_item:
                in_item = False
            else:
                if not (dash or key or (rest and rest[0] != "#")):
                    pos += 1
                    continue
                here = len(spaces)
                if here != indent:
                    if here < indent:
                        break
                    raise _Outside  # deeper than the keys: a continued scalar, or a mistake
                if dash:
                    raise _Outside
            if not key or key in key_lines or key in _NON_STRING_KEYS:
                raise _Outside
            pos += 1
            key = _intern(key)  # the same few keys in every record: one string each
            key_lines[key] = pos
            value: Any = None
            if rest and rest[0] != "#":
                first = rest[0]
                if (
                    first not in _NOT_SIMPLE_FIRST
                    and rest[-1] not in ": "
                    and " #" not in rest
                    and ": " not in rest
                ):
                    value = rest  # most values: plain text that is nothing but text
                elif first == '"' and rest[-1] == '"' and rest.find('"', 1) == len(rest) - 1:
                    if "\\" in rest:
                        raise _Outside
                    value = rest[1:-1]
                elif first in "|>":
                    value = self.block_scalar(pos, rest, indent)
                    pos = self.pos
                else:
                    value = _scalar(rest.rstrip(" ") if rest[-1] == " " else rest, pos, shared)
            else:
                after = self.skip(pos)
                if after < count:
                    spaces, dash, _, _ = lines[after]
                    here = len(spaces)
                    if here > indent or (here == indent and dash):
                        value = self.node(after, depth + 1)
                        pos = self.pos
            if key in shared and type(value) is str:
                value = _intern(value)
            result[key] = value
        self.pos = pos
        return result

    def sequence(self, pos: int, indent: int, depth: int) -> LocatedList:
        """The block sequence whose first ``-`` is on line ``pos`` at column ``indent``."""
        if depth > _DEEPEST:
            raise _Outside
        lines, count = self.lines, self.count
        result = LocatedList(pos + 1)
        item_lines = result.item_lines
        while pos < count:
            spaces, dash, key, rest = lines[pos]
            if not (dash or key or (rest and rest[0] != "#")):
                pos += 1
                continue
            here = len(spaces)
            if here != indent:
                if here < indent:
                    break
                raise _Outside
            if not dash:
                if rest[:1] == "-":
                    raise _Outside  # an empty item
                break  # a line for the caller: a key after a compact sequence, or a mistake
            item_lines.append(pos + 1)
            if key:
                result.append(self.mapping(pos, indent + len(dash), depth + 1, True))
                pos = self.pos
                continue
            if rest[-1:] == " ":
                rest = rest.rstrip(" ")
            if not rest or rest[0] == "#":
                raise _Outside  # an empty item
            pos += 1
            if rest[0] in "|>":
                result.append(self.block_scalar(pos, rest, indent))
                pos = self.pos
                continue
            result.append(_scalar(rest, pos, self.shared))
        self.pos = pos
        return result

    def block_scalar(self, pos: int, header: str, parent: int) -> str:
        """A ``|`` (literal) or ``>`` (folded) scalar whose content starts on line ``pos``,
        under a key or ``-`` at column ``parent``; :attr:`pos` is left after its last line.

        Taken: the chomping indicators (``-`` strip, ``+`` keep, none clip) with the indentation
        found from the first line. Left to the full parser: an explicit indentation, blank
        lines before the first line or holding spaces, and folded text with more-indented
        lines (whose breaks YAML keeps in ways best left to one implementation)."""
        match = _BLOCK_HEADER.match(header)
        if match is None:
            raise _Outside
        folded = header[0] == ">"
        chomping = match.group(1)
        raw = self.raw
        if raw is None:
            raw = self.raw = self.text.split("\n")
        count = self.count
        if pos >= count or not raw[pos].strip(" "):
            raise _Outside  # no content, or blank lines first
        first = raw[pos]
        indent = len(first) - len(first.lstrip(" "))
        if indent <= parent:
            raise _Outside  # an empty block scalar
        chunks: list[str] = []
        breaks = 0
        previous_plain = False
        end = last = pos
        while end < count:
            line = raw[end]
            body = line[indent:]
            if not line.strip(" "):
                if len(line) >= indent:
                    raise _Outside  # a line of spaces that may be content
                breaks += 1
                end += 1
                continue
            if len(line) - len(line.lstrip(" ")) < indent:
                break
            plain = body[0] != " "
            if chunks:
                if folded and plain and previous_plain and not breaks:
                    chunks.append(" ")
                elif folded and plain and previous_plain:
                    chunks.append("\n" * breaks)
                else:
                    chunks.append("\n" * (breaks + 1))
            if folded and not plain:
                raise _Outside
            chunks.append(body)
            previous_plain = plain
            breaks = 0
            end += 1
            last = end
        ends_with_break = last < count  # the text's last line has no line break after it
        if chomping != "-" and ends_with_break:
            chunks.append("\n")
            if chomping == "+":
                chunks.append("\n" * min(breaks, count - last - 1))
        self.pos = last
        return "".join(chunks)


def _scalar(text: str, line: int, shared: frozenset[str]) -> Any:
    """A one-line value on ``line`` (``text`` has no leading or trailing spaces and is not a
    comment): a scalar, or a flow collection of plain scalars."""
    first = text[0]
    if first == "{" or first == "[":
        return _flow(text, line, shared)
    if first == '"':
        end = text.find('"', 1)
        if end < 0 or "\\" in text:
            raise _Outside
        _comment_only(text, end + 1)
        return text[1:end]
    if first == "'":
        match = _SINGLE.match(text)
        if match is None:
            raise _Outside
        _comment_only(text, match.end())
        return match.group(1).replace("''", "'")
    if first in _PLAIN_FIRST_REFUSED or (first in _PLAIN_FIRST_SPACED and text[1:2] in ("", " ")):
        raise _Outside
    cut = text.find(" #")
    if cut >= 0:
        text = text[:cut].rstrip(" ")
    if ": " in text or text[-1] == ":":
        raise _Outside
    return _plain(text)


def _plain(text: str) -> Any:
    """A plain scalar's value: null, a boolean, a short decimal integer, or the text itself."""
    if text[0] in "~nNtTfF+-0123456789":
        match = IMPLICIT.match(text)
        if match is not None:
            kind = match.lastindex
            if kind == 2:
                return BOOLS[text]
            if kind == 3:
                if len(text) >= 19:
                    raise _Outside
                return int(text)
            return None
    return text


def _flow(text: str, line: int, shared: frozenset[str]) -> Any:
    """``{key: value, ...}`` or ``[item, ...]`` on one line, every item a one-line scalar."""
    match = _FLOW.match(text)
    if match is None:
        raise _Outside
    _comment_only(text, match.end())
    mapping = text[0] == "{"
    inner = (match.group(1) if mapping else match.group(2)).strip(" ")
    if inner[-1:] == ",":
        raise _Outside  # a trailing comma: left to the full parser
    result: Any = LocatedDict(line) if mapping else LocatedList(line)
    item = _FLOW_PAIR if mapping else _FLOW_ITEM
    at = 0
    while at < len(inner):
        found = item.match(inner, at)
        if found is None:
            raise _Outside
        at = found.end()
        key, double, single, plain = found.groups()
        if double is not None:
            value: Any = double
        elif single is not None:
            value = single.replace("''", "'")
        else:
            value = _flow_plain(plain)
        if mapping:
            if key in result or key in _NON_STRING_KEYS:
                raise _Outside
            key = _intern(key)
            result.key_lines[key] = line
            result[key] = _intern(value) if key in shared and type(value) is str else value
        else:
            result.item_lines.append(line)
            result.append(value)
    return result


def _flow_plain(text: str) -> Any:
    """A plain scalar inside a flow collection (no flow indicator is in it)."""
    if text[0] in _PLAIN_FIRST_SPACED or ": " in text or text[-1] == ":":
        raise _Outside
    return _plain(text)


def _comment_only(text: str, start: int) -> None:
    """What follows a quoted scalar on its line must be nothing, or a comment."""
    rest = text[start:]
    if rest and not (rest[0] == " " and rest.lstrip(" ")[:1] == "#"):
        raise _Outside


read_block = read_block_python if _compiled is None else _compiled.read_block
"""The compiled reader where it was built, else :func:`read_block_python`: the same results."""
