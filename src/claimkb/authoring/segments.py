"""A text cut into the units a claim quotes: sentences, and the cells of tables.

* Prose is cut into sentences at 。！？；!?; and at a full stop followed by white space (not
  inside a number, not after a common abbreviation).
* A table written with ``|`` (Markdown) or tabs is cut into cells; each cell keeps its
  column's header and its row's first cell as *context*, since "175B" in the column
  "Parameters" of the row "GPT-3" says what it is about only through them.
* A table whose cells were run together when the page was archived (``总参数2.8 万亿技术报告``)
  cannot be cut reliably: each row is one unit, like a sentence.

Each unit is further cut into *clauses* (at commas, colons, semicolons and brackets) so that a
quote can be the shortest clause that still carries its value.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Segment", "clause_around", "narrowed", "segments"]

_SENTENCE_END = re.compile(r"(?<=[。！？；!?;])\s*|(?<=\.)\s+(?=[\"“(\[A-Z0-9\u3400-\u9fff])")
_ABBREVIATION = re.compile(r"(?:\b[A-Za-z]|e\.g|i\.e|vs|etc|Inc|Ltd|No|Fig|approx|Mr|Dr|St)\.$")
_CLAUSE_MARK = re.compile(r"[,，;；:：()（）\[\]【】]|\s[—–]\s|\s-\s")
_MARKDOWN_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")
_HEADING = re.compile(r"^\s*(?:#{1,6}\s+|[一二三四五六七八九十]+、|\d+(?:\.\d+)*[.、]\s*)")
LONGEST_CLAUSE = 200
"""A clause longer than this is cut down to a window around the value, at word boundaries."""


@dataclass(frozen=True)
class Segment:
    text: str
    line: int
    """1-based line of the snapshot the unit is on."""
    context: str = ""
    """For a table cell: its column header and its row's first cell."""
    heading: str = ""
    """The nearest heading above it (a short line without sentence punctuation)."""
    cell: bool = False


def segments(lines: tuple[str, ...] | list[str]) -> list[Segment]:
    """The text's sentences and table cells, in order."""
    found: list[Segment] = []
    heading = ""
    header: list[str] | None = None
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or _MARKDOWN_RULE.match(line):
            if not line:
                header = None
            continue
        cells = _cells(line)
        if cells is not None:
            if header is None:
                header = cells
                found.extend(Segment(c, number, heading=heading, cell=True) for c in cells if c)
                continue
            for index, cell in enumerate(cells):
                if not cell:
                    continue
                column = header[index] if index < len(header) else ""
                context = " ".join(x for x in (column, cells[0] if index else "") if x)
                found.append(Segment(cell, number, context, heading, cell=True))
            continue
        header = None
        if _looks_like_heading(line):
            heading = line
        for sentence in _sentences(line):
            found.append(Segment(sentence, number, heading=heading))
    return found


def _cells(line: str) -> list[str] | None:
    if line.count("|") >= 2:
        return [c.strip() for c in line.strip().strip("|").split("|")]
    if line.count("\t") >= 1:
        return [c.strip() for c in line.split("\t")]
    return None


def _looks_like_heading(line: str) -> bool:
    if _HEADING.match(line):
        return True
    short = len(line) <= 80 and line.count(" ") <= 12
    return short and not re.search(r"[。.!?！？,，;；:：]$|\d", line)


def _sentences(line: str) -> list[str]:
    parts: list[str] = []
    start = 0
    for match in _SENTENCE_END.finditer(line):
        if _ABBREVIATION.search(line, 0, match.start()):
            continue
        piece = line[start : match.start()].strip()
        if piece:
            parts.append(piece)
        start = match.end()
    rest = line[start:].strip()
    if rest:
        parts.append(rest)
    return parts


def clause_around(text: str, start: int, end: int) -> tuple[int, int]:
    """The [start, end) of the clause of ``text`` holding the span [start, end): from the
    clause mark before it to the one after it. A clause that is the value alone takes in the
    clause before it (a table cell's label, a bracketed gloss), or else the one after; a long
    one is cut to a window around the value."""
    marks = [(m.start(), m.end()) for m in _CLAUSE_MARK.finditer(text)]
    left = max((e for s, e in marks if e <= start), default=0)
    right = min((s for s, e in marks if s >= end), default=len(text))
    if not _WORDY.search(text[left:start] + text[end:right]):  # the value alone
        if left > 0:
            left = _previous_clause(text, marks, left)
        else:
            right = min((s for s, e in marks if s > right), default=len(text))
    left, right = _trimmed(text, left, right)
    if right - left > LONGEST_CLAUSE:
        left, right = _window(text, left, right, start, end)
    return left, right


_WORDY = re.compile(r"[A-Za-z\u3400-\u9fff]")
_OPENING = {")": "(", "）": "（", "]": "[", "】": "【"}


def _previous_clause(text: str, marks: list[tuple[int, int]], left: int) -> int:
    """Where the clause before the one starting at ``left`` starts; a bracketed group is
    taken whole, with the clause before it."""
    mark = text[left - 1]
    if mark in _OPENING:
        opening = text.rfind(_OPENING[mark], 0, left - 1)
        if opening >= 0:
            left = opening + 1
    return max((e for s, e in marks if e < left), default=0)


def _trimmed(text: str, left: int, right: int) -> tuple[int, int]:
    while left < right and text[left] in " \t“”\"'「」":
        left += 1
    while right > left and text[right - 1] in " \t.。“”\"'「」":
        right -= 1
    # keep a closing quotation mark whose opening mark is inside
    for opening, closing in (("“", "”"), ("「", "」"), ('"', '"'), ("(", ")"), ("（", "）")):
        inside = text[left:right]
        if inside.count(opening) > inside.count(closing) and text[right : right + 1] == closing:
            right += 1
    return left, right


def _window(text: str, left: int, right: int, start: int, end: int) -> tuple[int, int]:
    half = LONGEST_CLAUSE // 2
    low, high = max(left, start - half), min(right, end + half)
    if low > left:
        space = text.find(" ", low, start)
        low = space + 1 if space >= 0 else low
    if high < right:
        space = text.rfind(" ", end, high)
        high = space if space >= 0 else high
    return low, high


_JOINS = re.compile(
    r"\s(?:and|but|that|which|while|whereas|although|as well as)\s|、|\s[—–]\s", re.IGNORECASE
)


def narrowed(
    text: str, left: int, right: int, start: int, end: int, others: list[tuple[int, int]]
) -> tuple[int, int]:
    """The clause [left, right) cut where it joins this value's part to another value's
    ("... a model with 2.8 trillion parameters | and | a context window of one million
    tokens"), so each value's quote is the part that states it."""
    for other_start, other_end in others:
        if other_end <= start and other_end > left:
            joins = [m.end() for m in _JOINS.finditer(text, other_end, start)]
            if joins:
                left = max(left, joins[-1])
        elif other_start >= end and other_start < right:
            joins = [m.start() for m in _JOINS.finditer(text, end, other_start)]
            if joins:
                right = min(right, joins[0])
    return _trimmed(text, left, right)
