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
answer took), so data made only of what orjson writes exactly as json does - strings, dict
keys that are strings, 64-bit integers, booleans, None, lists, tuples, and floats that json
writes without an exponent - is encoded by orjson; anything else goes to the json module. A
test compares the two on generated data.
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
    text = _fast(data) if _plain(data) else None
    if text is None:
        text = json.dumps(data, ensure_ascii=False, indent=2, allow_nan=False, default=str)
    # a lone surrogate only occurs inside a string, where the backslash of its escape is
    # itself escaped: the string holds the four characters \xe9
    text = _SURROGATE.sub(lambda m: "\\" + encodable(m.group()), text)
    text = defuse_commands(text, "\\u003a", "\\u0023")
    if html:
        text = _FOR_HTML.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
    return text


def _plain(data: Any) -> bool:
    """Whether ``data`` holds only what orjson writes exactly as the json module does."""
    stack = [data]
    pop, extend = stack.pop, stack.extend
    while stack:
        item = pop()
        kind = type(item)
        if kind is str or kind is bool or item is None:
            continue
        if kind is dict:
            if not all(type(key) is str for key in item):
                return False
            extend(item.values())
        elif kind is list or kind is tuple:
            extend(item)
        elif kind is int:
            if not -(2**63) <= item < 2**64:
                return False
        elif kind is float:
            if item != 0 and not 1e-4 <= abs(item) < 1e16:  # json's exponent forms differ
                return False  # (an infinity or NaN fails here too, and json refuses it)
        else:
            return False
    return True


def _fast(data: Any) -> str | None:
    """``data`` encoded by orjson, or None if orjson is missing or refuses it (a string that
    is not valid Unicode, such as a lone surrogate, which the json module writes)."""
    try:
        import orjson
    except ImportError:  # pragma: no cover - a dependency, but the json module always works
        return None
    try:
        return orjson.dumps(data, option=orjson.OPT_INDENT_2).decode("utf-8")
    except (TypeError, orjson.JSONEncodeError):
        return None


def write(data: Any) -> None:
    sys.stdout.write(dumps(data) + "\n")
