"""Making user text safe to show on a terminal, to encode, and to print in a CI log.

A knowledge base comes from pull requests, so its text is untrusted, file names included:

* an ESC sequence in a quote could recolour, hide or rewrite what a reviewer's terminal
  shows, and Unicode bidi controls can make a line read differently from what it holds
  ("Trojan Source"). Every person-facing renderer passes user text through
  :func:`printable`, which writes such characters as visible escapes. Tabs and newlines are
  kept where the renderer lays text out; JSON escapes control characters itself;
* a file name that is not UTF-8 reaches Python as lone surrogates (``os.fsdecode``), which no
  UTF-8 output can carry: :func:`encodable` writes each such byte as ``\\xe9``, the way
  :func:`printable` shows a control character;
* a CI runner reads the job's output for commands: GitHub's runner runs a line that starts
  with ``::`` (after leading spaces) and, in its legacy form, ``##[command]`` anywhere in a
  line. :func:`defuse_commands` rewrites both with an escape the output's format reads back as
  the same text (an XML or JSON character reference), so what a KB holds is shown, never run.
"""

from __future__ import annotations

import re

_BIDI_AND_SURROGATES = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff"
_UNSAFE = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f{_BIDI_AND_SURROGATES}]")
_UNSAFE_IN_LINE = re.compile(f"[\x00-\x1f\x7f-\x9f{_BIDI_AND_SURROGATES}]")
_SURROGATE = re.compile("[\ud800-\udfff]")
LEGACY_COMMAND = "##["
"""GitHub's runner's legacy command prefix, run wherever it appears in a line."""


def _visible(match: re.Match[str]) -> str:
    code = ord(match.group())
    if 0xDC80 <= code <= 0xDCFF:  # a byte that is not UTF-8, as os.fsdecode passes it on
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def encodable(text: str) -> str:
    """``text`` with lone surrogates (the bytes of a file name that is not UTF-8) written as
    visible escapes (``caf\\xe9.yaml``), so it can be encoded as UTF-8."""
    return _SURROGATE.sub(_visible, text) if _SURROGATE.search(text) else text


def printable(text: str, *, one_line: bool = False) -> str:
    """``text`` with terminal control and bidi characters written as escapes (``\\x1b``).
    With ``one_line``, tabs and newlines are escaped too, so a finding stays one line."""
    return (_UNSAFE_IN_LINE if one_line else _UNSAFE).sub(_visible, text)


def cell(text: str, *, one_line: bool = False) -> str:
    """User text made printable and never a CI command, as a person-facing layout shows it.
    A layout may wrap a line anywhere, so every ``::`` is written ``:\\x3a`` (no wrap can
    start a line with it) and every ``##[`` as ``\\x23#[``."""
    shown = printable(text, one_line=one_line)
    if "::" in shown:
        shown = shown.replace("::", ":\\x3a")
    if LEGACY_COMMAND in shown:
        shown = shown.replace(LEGACY_COMMAND, "\\x23#[")
    return shown


def markup(text: str) -> str:
    """:func:`cell`, escaped for rich markup (rich is imported here, not by a JSON answer or
    the cache's writer, which need only the rest of this module)."""
    from rich.markup import escape

    return escape(cell(text))


_COMMAND_START = re.compile(r"(\A|[\r\n])([^\S\r\n]*):(?=:)")
"""``::`` at the start of a line, after spaces: GitHub's runner trims them and runs the line."""


def defuse_commands(text: str, colon: str, hash_: str) -> str:
    """``text`` in which no line starts with ``::`` and no ``##[`` appears: the first colon of
    such a line is written as ``colon``, the first ``#`` of ``##[`` as ``hash_`` (escapes of
    the output's own format, which its readers turn back into the same characters)."""
    if "::" in text:
        text = _COMMAND_START.sub(lambda m: f"{m.group(1)}{m.group(2)}{colon}", text)
    return text.replace(LEGACY_COMMAND, f"{hash_}#[") if LEGACY_COMMAND in text else text
