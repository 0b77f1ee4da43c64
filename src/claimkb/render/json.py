"""JSON output: one document, UTF-8, keys in a stable order, nothing else on stdout.

Every document claimkb prints or writes is made safe for where it goes (see
:mod:`claimkb.render.safe`): a byte of a file name that is not UTF-8 (a lone surrogate) is
written as the text ``\\xe9``, and a ``##[`` in a string as ``\\u0023#[``, which a JSON reader
turns back into ``##[`` but a CI runner does not run. With ``html=True`` (JSON-LD meant to sit
in a ``<script>`` element of a web page) ``<``, ``>``, ``&``, U+2028 and U+2029 are written as
``\\u003c`` ... too, so no quote can close the element (``</script>``), open a comment
(``<!--``) or end a JavaScript line.

The text is what ``json.dumps(data, ensure_ascii=False, indent=2)`` writes, byte for byte.
With an indent, the json module encodes in pure Python (most of the time a large ``--json``
answer took), so orjson encodes it wherever it writes the same bytes: everything but an
integer past 64 bits, a key that is not a string and a lone surrogate, which go to the json
module (and floats below 1e-4 or from 1e16 up, which orjson writes its own way, are
rewritten as json writes them). Two cases claimkb never meets are written
orjson's way: an infinity or NaN as ``null`` (values turn open bounds into ``null`` first;
the json module would refuse it), and a member of a plain ``Enum`` as its value (claimkb's
enumerations are ``StrEnum``, written as their value either way). A test compares the two
encoders on generated data.
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any

from .safe import defuse_commands, encodable

_FOR_HTML = re.compile("[<>&\u2028\u2029]")
_SURROGATE = re.compile("[\ud800-\udfff]")


def dumps(data: Any, *, html: bool = False) -> str:
    text = _fast(data)
    if text is None:
        text = json.dumps(data, ensure_ascii=False, indent=2, allow_nan=False, default=str)
        # a lone surrogate only occurs inside a string, where the backslash of its escape is
        # itself escaped: the string holds the four characters \xe9 (orjson refuses one, so
        # only the json module's text can hold one)
        text = _SURROGATE.sub(lambda m: "\\" + encodable(m.group()), text)
    text = defuse_commands(text, "\\u003a", "\\u0023")
    if html:
        text = _FOR_HTML.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
    return text


def encode(data: Any, *, indent: bool = True) -> bytes | None:
    """``data`` encoded by orjson (for :func:`finish`); None when orjson refuses it (an
    integer past 64 bits, a key that is not a string, a lone surrogate). ``indent=False``
    writes it compact, which orjson refuses exactly when it refuses the indented text."""
    try:
        import orjson
    except ImportError:  # pragma: no cover - a dependency, but the json module always works
        return None
    options = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
    if indent:
        options |= orjson.OPT_INDENT_2
    try:
        return orjson.dumps(data, default=str, option=options)
    except (TypeError, orjson.JSONEncodeError):
        return None


def refuses(data: Any) -> bool:
    """Whether :func:`encode` refuses ``data`` (then :func:`dumps` takes the json module's
    way), found in one compact pass."""
    return encode(data, indent=False) is None


def finish(encoded: bytes, *, floats: bool = True) -> str:
    """Text :func:`encode` wrote (whole lines of it) as :func:`dumps` prints it. It works line
    by line, so the lines of one document may be finished apart (:mod:`claimkb.cache.rows`).
    ``floats=False``: the data held no float orjson writes otherwise than json (each was
    given as json's text), so there is none to rewrite."""
    text = (_floats(encoded) if floats else encoded).decode("utf-8")
    return defuse_commands(text, "\\u003a", "\\u0023")


def _fast(data: Any) -> str | None:
    """``data`` as the json module writes it, by orjson; None when orjson refuses it."""
    encoded = encode(data)
    return None if encoded is None else _floats(encoded).decode("utf-8")


def _floats(encoded: bytes) -> bytes:
    """The floats orjson writes otherwise than json, rewritten as json writes them."""
    if _odd(encoded):  # a float to write as json does, or a string
        encoded = _ODD_FLOAT.sub(_as_python_writes, encoded)
    return encoded


def _odd(encoded: bytes) -> bool:
    """Whether :data:`_ODD` is found in ``encoded`` (two quick searches do what it does)."""
    if b"0.0000" in encoded:
        return True
    return any(
        at > 0 and encoded[at - 1] in _DIGITS for at in map(_start, _EXPONENT.finditer(encoded))
    )


def _start(match: re.Match[bytes]) -> int:
    return match.start()


_DIGITS = b"0123456789"
_EXPONENT = re.compile(rb"e[-+]?[0-9]")


_ODD = re.compile(rb"[0-9]e[-+]?[0-9]|0\.0000")
"""Where orjson's float may not be json's: json writes an exponent below 1e-4 and from 1e16
up (``1e-05``), orjson decimals (``0.00001``) or an exponent of its own (``4.2e-9``)."""
_ODD_FLOAT = re.compile(
    rb'^( *(?:"(?:[^"\\\n]|\\.)*": )?)'  # the indent and the key, on an indented line
    rb"(-?(?:[0-9]+(?:\.[0-9]+)?e[-+]?[0-9]+|0\.0000[0-9]*))(,?)$",
    re.M,
)
"""Such a float as a value: a whole line of the indented text (a string never spans lines)."""


def _as_python_writes(match: re.Match[bytes]) -> bytes:
    """orjson writes the shortest text that reads back as the float, so the float it reads
    back as is the one given, and ``repr`` is how the json module writes it."""
    indent, number, comma = match.groups()
    return indent + repr(float(number)).encode() + comma


def write(data: Any) -> None:
    sys.stdout.write(dumps(data) + "\n")
