"""JSON output: one document, UTF-8, keys in a stable order, nothing else on stdout.

Every document claimkb prints or writes is made safe for where it goes (see
:mod:`claimkb.render.safe`): a byte of a file name that is not UTF-8 (a lone surrogate) is
written as the text ``\\xe9``, and a ``##[`` in a string as ``\\u0023#[``, which a JSON reader
turns back into ``##[`` but a CI runner does not run. With ``html=True`` (JSON-LD meant to sit
in a ``<script>`` element of a web page) ``<``, ``>``, ``&``, U+2028 and U+2029 are written as
``\\u003c`` ... too, so no quote can close the element (``</script>``), open a comment
(``<!--``) or end a JavaScript line.
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
    text = json.dumps(data, ensure_ascii=False, indent=2, allow_nan=False, default=str)
    # a lone surrogate only occurs inside a string, where the backslash of its escape is
    # itself escaped: the string holds the four characters \xe9
    text = _SURROGATE.sub(lambda m: "\\" + encodable(m.group()), text)
    text = defuse_commands(text, "\\u003a", "\\u0023")
    if html:
        text = _FOR_HTML.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
    return text


def write(data: Any) -> None:
    sys.stdout.write(dumps(data) + "\n")
