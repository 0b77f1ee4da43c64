"""Making user text safe to show on a terminal.

A knowledge base comes from pull requests, so its text is untrusted: an ESC sequence in a quote
could recolour, hide or rewrite what a reviewer's terminal shows, and Unicode bidi controls can
make a line read differently from what it holds ("Trojan Source"). Every person-facing
renderer passes user text through :func:`printable`, which writes such characters as visible
escapes. Tabs and newlines are kept where the renderer lays text out; JSON output is not
affected (JSON escapes control characters itself).
"""

from __future__ import annotations

import re

from rich.markup import escape

_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_UNSAFE_IN_LINE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _visible(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, *, one_line: bool = False) -> str:
    """``text`` with terminal control and bidi characters written as escapes (``\\x1b``).
    With ``one_line``, tabs and newlines are escaped too, so a finding stays one line."""
    return (_UNSAFE_IN_LINE if one_line else _UNSAFE).sub(_visible, text)


def markup(text: str) -> str:
    """User text made printable and escaped for rich markup."""
    return escape(printable(text))
