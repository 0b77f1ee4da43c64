"""Escaping: the one way a value from the KB becomes HTML.

Everything a KB holds is untrusted (it arrives in pull requests), so every value goes through
:func:`e` before it meets markup: ``&``, ``<``, ``>`` and both quotes become entities, so text
stays text in element content and in double-quoted attribute values alike, and terminal and
bidi control characters are written as visible escapes (as the terminal renderers do, so a
line cannot read differently from what it holds). Pages are built from f-strings in which each
interpolated value is either ``e(...)`` or a fragment a function of this package built the
same way; the hostile-KB tests render every field of every record with markup in it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from urllib.parse import urlsplit

from ..render.safe import printable

__all__ = ["e", "external_link", "join", "number", "plural", "lang_attr"]

_SUPERSCRIPT = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")

_ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"}
_VISIBLE = {ch: printable(ch) for ch in map(chr, range(0x2100)) if printable(ch) != ch}
"""Each character :func:`claimkb.render.safe.printable` writes as an escape (all lie below
U+2100), with that escape: one table, so a page's many values are escaped in one pass each."""
_REPLACE = {**_VISIBLE, **_ENTITIES}
_SPECIAL = re.compile("|".join(re.escape(ch) for ch in _REPLACE))


def e(value: object) -> str:
    """Text as HTML: escaped for content and for double-quoted attributes (``html.escape``
    with ``quote=True`` after ``printable``, in one pass)."""
    if isinstance(value, bool):
        value = "true" if value else "false"
    text = str(value)
    if _SPECIAL.search(text) is None:
        return text
    return _SPECIAL.sub(lambda m: _REPLACE[m.group()], text)


def join(parts: Iterable[str], sep: str = ", ") -> str:
    """Already-built fragments joined (``sep`` is markup, given by the caller)."""
    return sep.join(parts)


def plural(count: int, word: str, many: str | None = None) -> str:
    return f"{count:,} {word if count == 1 else (many or word + 's')}"


def lang_attr(language: str | None) -> str:
    """A ``lang`` attribute for text in a source's language (fonts and screen readers use
    it); none for an undetermined one."""
    if not language or language == "und":
        return ""
    return f' lang="{e(language)}"'


def external_link(url: str | None, text: str | None = None) -> str:
    """A link to a web address the KB records, only for http(s) (a ``javascript:`` or
    ``data:`` address is shown as text, never followed); it opens nothing by itself."""
    if not url:
        return ""
    shown = e(text if text is not None else url)
    try:
        scheme = urlsplit(url.strip()).scheme.lower()
    except ValueError:
        scheme = ""
    if scheme not in ("http", "https") or any(c in url for c in "\x00\n\r\t \"'<>`"):
        return f'<span class="url">{shown}</span>'
    return f'<a class="url" href="{e(url.strip())}" rel="nofollow noopener noreferrer">{shown}</a>'


def number(x: float) -> str:
    """A figure for people: ``2.8 × 10¹²``, ``400``, ``0.35``, ``∞``; up to six significant
    digits, never an exponent in e-notation."""
    if math.isnan(x):
        return "?"
    if math.isinf(x):
        return "∞" if x > 0 else "−∞"
    if x == 0:
        return "0"
    magnitude = abs(x)
    if 1e-3 <= magnitude < 1e6:
        text = f"{x:,.6g}"
        return text if "e" not in text else _scientific(x)
    return _scientific(x)


def _scientific(x: float) -> str:
    exponent = math.floor(math.log10(abs(x)))
    mantissa = x / 10**exponent
    if round(abs(mantissa), 5) >= 10:
        exponent += 1
        mantissa = x / 10**exponent
    digits = f"{mantissa:.6g}".replace("-", "−")
    return f"{digits} × 10{str(exponent).translate(_SUPERSCRIPT)}"
