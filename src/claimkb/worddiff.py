"""The words in which a quote differs from the source's nearest passage, marked as
``git diff --word-diff=plain`` marks them: ``has [-2.9-]{+2.8+} trillion parameters`` (the
quote wrote 2.9, the source says 2.8).

Words are runs of letters and digits (``2.8``, ``1,200``, ``K3.1``, ``Day-0`` stay whole);
Chinese, Japanese and Korean characters are words of their own, as they are read; any other
character (punctuation) is one too. Whitespace only separates: a quote that differs from its
source in spacing alone is found by the quote check already.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

__all__ = ["marked"]

_WIDE = "\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef"
_LETTER = rf"(?:(?![{_WIDE}])[^\W_])"
_TOKEN = re.compile(rf"(\s*)([{_WIDE}]|{_LETTER}+(?:[.,'’-]{_LETTER}+)*|\S)")

MOST_CHANGED = 0.5
"""Past this share of the passage's words changed, the marks would hide the passage: none."""


def _tokens(text: str) -> list[tuple[str, str]]:
    """(whitespace before, word) for each word of ``text``."""
    return [(m.group(1), m.group(2)) for m in _TOKEN.finditer(text)]


def _join(tokens: list[tuple[str, str]]) -> str:
    return "".join(space + word for space, word in tokens).strip()


def marked(quote: str, passage: str) -> str | None:
    """``passage`` with the quote's words that it lacks as ``[-...-]`` and its own words the
    quote lacks as ``{+...+}``; None when they share too few words for that to help, or
    are the same words."""
    a, b = _tokens(quote), _tokens(passage)
    if not a or not b:
        return None
    matcher = SequenceMatcher(None, [w for _, w in a], [w for _, w in b], autojunk=False)
    changed = 0
    out: list[str] = []
    for op, a1, a2, b1, b2 in matcher.get_opcodes():
        space = (b[b1][0] if b1 < len(b) else "") or (a[a1][0] if a1 < len(a) else "")
        if op == "equal":
            out.append(space + _join(b[b1:b2]))
            continue
        changed += b2 - b1 or a2 - a1
        piece = ""
        if a2 > a1:
            piece += f"[-{_join(a[a1:a2])}-]"
        if b2 > b1:
            piece += f"{{+{_join(b[b1:b2])}+}}"
        out.append((" " if space else "") + piece)
    if changed == 0 or changed > MOST_CHANGED * max(len(a), len(b)):
        return None
    return "".join(out).strip()
