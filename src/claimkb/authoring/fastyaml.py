"""New records written as ruamel.yaml writes them, without going through its emitter.

``claimkb draft`` writes hundreds of new records at once, and ruamel's pure-Python pipeline
(representer, serializer, emitter) costs a few milliseconds a record. The records claimkb
writes are of a few shapes only (:data:`~claimkb.authoring.emit.Styled`, which
:func:`~claimkb.authoring.emit.styled` describes a new record in, and :func:`_described` a
ruamel mapping): a mapping of scalars (plain, double-quoted, folded at given places,
integers), of flow or block lists of strings and of flow or block mappings of strings. For
those, this module writes the same text ruamel would: the style of each plain string is
chosen by the rules of ruamel's ``Emitter.choose_scalar_style``, from what its
``analyze_scalar`` would say of the string (decided from the few places its rules look at:
:func:`_plain_allowed`, which a test compares with it) and from ruamel's own resolver (a
string that would read back as a number is quoted). Anything outside those shapes (a key
that is not a plain string too), or a scalar whose writing would need an escape, a line
break or a line longer than ruamel's width, gives None, and the record is rendered by ruamel
itself (a test compares the two on the drafts of the corpus and on generated text).
"""

from __future__ import annotations

import functools
import re
from typing import Any

from .emit import Description, Styled

__all__ = ["render"]

_LONGEST = 2000
"""Scalars longer than this are left to ruamel (its width, 4096, is never reached here)."""


class _Unsupported(Exception):
    """A record this module does not write; ruamel does."""


@functools.cache
def _tools() -> tuple[Any, Any]:
    from ruamel.yaml.nodes import ScalarNode
    from ruamel.yaml.resolver import VersionedResolver

    return VersionedResolver(), ScalarNode


_STR = "tag:yaml.org,2002:str"


def render(record: Any, dash: int, mapping: int, sequence: int) -> list[str] | None:
    """The lines of ``record`` as an item of a block list whose dash is at column ``dash``
    (ruamel's ``indent(mapping=mapping, sequence=sequence, offset=dash)``), or None.
    ``record`` is a ruamel mapping, or the description of one
    (:func:`~claimkb.authoring.emit.styled`: written without making the ruamel objects)."""
    from ruamel.yaml.comments import CommentedMap

    column = sequence  # the keys: after the dash and the spaces that pad "- " to it
    if not record or not 0 <= dash <= column - 2:
        return None
    try:
        if isinstance(record, CommentedMap):
            if record.fa.flow_style():
                return None
            record = _described(record)
        elif not isinstance(record, list):
            return None
        body = _mapping(record, column, mapping, sequence, dash)
    except _Unsupported:
        return None
    first = " " * dash + "-" + " " * (column - dash - 1) + body[0][column:]
    return [first, *body[1:]]


def _described(data: Any) -> Description:
    """The description of a ruamel mapping (see :data:`~claimkb.authoring.emit.Styled`)."""
    return [(key, _how(value)) for key, value in data.items()]


def _how(value: Any) -> Styled:
    from ruamel.yaml.comments import CommentedMap, CommentedSeq
    from ruamel.yaml.scalarstring import DoubleQuotedScalarString, FoldedScalarString

    if isinstance(value, CommentedMap):
        return ("map", bool(value.fa.flow_style()), _described(value))
    if isinstance(value, CommentedSeq):
        return ("list", bool(value.fa.flow_style()), [_how(item) for item in value])
    if isinstance(value, FoldedScalarString):
        return ("folded", value, tuple(getattr(value, "fold_pos", ())))
    if isinstance(value, DoubleQuotedScalarString):
        return ("double", str(value))
    return ("plain", value) if isinstance(value, str) else ("as is", value)


def _mapping(data: Description, column: int, mapping: int, sequence: int, offset: int) -> list[str]:
    lines: list[str] = []
    pad = " " * column
    for key, how in data:
        head = f"{pad}{_plain_key(key)}:"
        kind = how[0]
        if kind in ("map", "list") and not how[2]:
            raise _Unsupported
        if kind == "map" and how[1]:
            items = ", ".join(f"{_plain_key(k)}: {_scalar(v, True)}" for k, v in how[2])
            lines.append(f"{head} {{{items}}}\n")
        elif kind == "map":
            lines.append(head + "\n")
            lines += _mapping(how[2], column + mapping, mapping, sequence, offset)
        elif kind == "list" and how[1]:
            lines.append(f"{head} [{', '.join(_scalar(v, True) for v in how[2])}]\n")
        elif kind == "list":
            lines.append(head + "\n")
            lead = " " * (column + offset) + "-" + " " * (sequence - offset - 1)
            lines += [f"{lead}{_scalar(v, False)}\n" for v in how[2]]
        elif kind == "folded":
            indent = " " * (column + mapping)
            lines += [f"{head} >-\n", *(indent + part + "\n" for part in _folded(*how[1:]))]
        else:
            lines.append(f"{head} {_scalar(how, False)}\n")
    return lines


def _folded(text: Any, folds: tuple[int, ...]) -> list[str]:
    if not text or len(text) > _LONGEST or not _printable(text) or text != text.strip():
        raise _Unsupported
    if "  " in text or "\n" in text:
        raise _Unsupported
    parts, start = [], 0
    for at in sorted(folds):
        if not (0 < at < len(text) - 1 and text[at] == " "):
            raise _Unsupported
        parts.append(str(text[start:at]))
        start = at + 1
    parts.append(str(text[start:]))
    return parts


def _scalar(how: Styled, flow: bool) -> str:
    kind, value = how[0], how[1]
    if kind == "as is" and type(value) is int:
        return str(value)
    if kind == "double":
        return _double(str(value))
    if kind != "plain" or type(value) is not str:  # another of ruamel's styled strings
        raise _Unsupported
    return _styled(value, flow)


@functools.lru_cache(maxsize=1 << 14)
def _styled(value: str, flow: bool) -> str:
    """``value`` as ruamel writes a plain string, as a value (not a key)."""
    if not value or len(value) > _LONGEST or not _printable(value):
        raise _Unsupported
    resolver, node = _tools()
    implicit = resolver.resolve(node, value, (True, False)) == _STR
    if implicit and _plain_allowed(value)[0 if flow else 1]:
        return value
    if "'" in value:  # printable on one line: both quoted styles are allowed
        return _double(value)
    return "'" + value.replace("'", "''") + "'"


def _plain_allowed(value: str) -> tuple[bool, bool]:
    """(plain in a flow collection, plain in a block) for a printable one-line ``value``:
    what ruamel's ``Emitter.analyze_scalar`` says (``allow_flow_plain``,
    ``allow_block_plain``), decided by the few places its rules look at, instead of its loop
    over every character (most of the time of writing a draft; a test compares the two).
    Printable on one line, its only whitespace is the space: no break, no special character,
    so both quoted styles are allowed. The rules are those for a stream that declares no
    YAML version, as claimkb's writes do (under YAML 1.1 a leading ``?`` or ``:`` differs)."""
    if value[0] == " " or value[-1] == " " or value.startswith(("---", "...")):
        return False, False
    first, rest = value[0], value[1:]
    if first in "#,[]{}&*!|>'\"%@`" or ": " in rest or rest.endswith(":") or " #" in value:
        return False, False
    followed = not rest or rest[0] == " "  # the first character is followed by whitespace
    if first == "-" and followed:
        return False, False
    flow = not (first in "?:" and not rest) and _FLOW_INSIDE.search(rest) is None
    block = not (first in "?:" and followed)
    return flow, block


_FLOW_INSIDE = re.compile(r"[,\[\]{}]")
"""Flow indicators after the first character: a flow collection would end or split there."""


@functools.lru_cache(maxsize=256)
def _plain_key(key: Any) -> str:
    if type(key) is not str or not key.isidentifier() or not key.isascii():
        raise _Unsupported
    resolver, node = _tools()
    if resolver.resolve(node, key, (True, False)) != _STR:
        raise _Unsupported
    return key


def _double(text: str) -> str:
    if len(text) > _LONGEST or not _printable(text):
        raise _Unsupported
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _printable(text: str) -> bool:
    """Whether ruamel writes every character of ``text`` as itself (in double quotes, all
    but ``"`` and ``\\``): printable ASCII and the Unicode ruamel does not escape."""
    return _ESCAPED.search(text) is None


_ESCAPED = re.compile(
    "[\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff\U00010000-\U0010ffff\u2028\u2029\ufeff]"
)
"""A character ruamel escapes (the complement of :func:`_printable`'s): outside printable
ASCII, U+00A0-U+D7FF and U+E000-U+FFFD, and the line and byte-order marks. Written as the
characters it holds rather than as those it does not: compiling a class of the 63,000 it
does not hold took 3 ms of every ``draft``."""
