"""Cutting the longest span that reads at a start down to what it says.

The span is read ever shorter and the last extension that changed the value is kept; an
extension that only widens the value (a marker of approximation, a bound) counts only where a
word surely ends; a Chinese measure word after the number, a marker or bound before it come
with it; an article before a number does not. No span holding punctuation or " and " is
looked at (:func:`looked_at`): a value is never written across them.
"""

from __future__ import annotations

import functools
import re
from bisect import bisect_left
from collections.abc import Callable

from ..quoted_values import _END, _MAX_SPAN
from ..values import Quantity, Value, ValueProblem
from ..values.lexicon import APPROX_PREFIX, LOWER_PREFIX, NEARLY_PREFIX, UPPER_PREFIX

__all__ = [
    "READ_ERRORS",
    "reading",
    "MEASURE_WORDS",
    "MORE_ENDS",
    "NUMERAL",
    "farthest_end",
    "finish",
    "looked_at",
    "trim",
    "unpunctuated",
    "value_ends",
    "what_it_says",
]

READ_ERRORS = (ValueProblem, ArithmeticError, RecursionError, ValueError)
"""What reading a span raises when the span is no value (a figure too large, a nesting too
deep for the reader)."""


def reading(read: Callable[[str], Value], span: str) -> Value | None:
    """What ``span`` reads as, or None when it reads as no value."""
    try:
        return read(span)
    except READ_ERRORS:
        return None


MEASURE_WORDS = frozenset("台张个条家款位名项种次倍块颗枚座套层段部支只件人份轮版代")
"""Chinese measure words: a number's counter ("6 台", "三条") belongs to the value."""
_PREFIXES = [
    (prefix, prefix.lower())
    for prefix in sorted(
        (*APPROX_PREFIX, *LOWER_PREFIX, *UPPER_PREFIX, *NEARLY_PREFIX), key=len, reverse=True
    )
]
"""The markers of approximation and the bounds a value may open with, longest first, each
with its lower case (every one is looked for before every value)."""
NUMERAL = re.compile(
    r"[0-9０-９零〇一二两三四五六七八九十]|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|"
    r"eleven|twelve|twenty|thirty|forty|fifty|hundred|dozen|"
    r"a (?:thousand|million|billion|trillion))\b",
    re.IGNORECASE,
)
"""A value states a figure: a digit, a numeral or a number word ("万亿模型" is a class)."""


def trim(
    text: str,
    start: int,
    longest: int,
    read: Callable[[str], Value],
    masked: list[tuple[int, int]],
    dimensions: frozenset[str],
    may_read: Callable[[str], bool],
) -> tuple[int, int, Value] | None:
    """The value at ``start`` whose longest reading span ends at ``longest``, trimmed to
    what it says; None where it says nothing or lies in a masked span."""
    best = what_it_says(text, start, longest, read, dimensions, may_read)
    return finish(text, start, best, read, masked)


def finish(
    text: str,
    start: int,
    best: tuple[int, Value] | None,
    read: Callable[[str], Value],
    masked: list[tuple[int, int]],
) -> tuple[int, int, Value] | None:
    """The value :func:`what_it_says` found at ``start`` (``best``), with its measure word,
    its marker or bound, without its article; None for none, or for one in a masked span."""
    if best is None:
        return None
    end, value = best
    end = _with_measure_word(text, start, end, read)
    start, value = _with_prefix(text, start, end, read, value)
    start = _without_article(text, start, end, read)
    if any(s < end and start < e for s, e in masked):
        return None  # part of a name ("MTT S5000") or of a date
    return start, end, read(text[start:end])


@functools.lru_cache(maxsize=256)
def _breaks(text: str) -> list[int]:
    """Where the value check's reader may end a span anywhere in ``text`` (its ``_END``)."""
    return [m.start() for m in _END.finditer(text)]


def farthest_end(text: str, start: int) -> int:
    """Where the longest span a value starting at ``start`` may run to ends (the first of
    :func:`value_ends`, for a start inside the text)."""
    return min(len(text), start + _MAX_SPAN)


def value_ends(text: str, start: int) -> list[int]:
    """:func:`claimkb.quoted_values.value_ends`, from one scan of ``text`` for all its starts
    (a test compares): the ends within the longest span a value may run to, longest first."""
    limit = farthest_end(text, start)
    breaks = _breaks(text)
    ends = breaks[bisect_left(breaks, start + 1) : bisect_left(breaks, limit)]
    if limit > start:
        ends.append(limit)
    ends.reverse()
    return ends


def what_it_says(
    text: str,
    start: int,
    longest: int,
    read: Callable[[str], Value],
    dimensions: frozenset[str],
    may_read: Callable[[str], bool],
) -> tuple[int, Value] | None:
    """The end of the value starting at ``start`` and what it reads as: of the prefixes of
    the span that read, the last one that changed the value; when some name a unit, only
    those of the last such dimension a property of the KB has (else of the last) count: a
    trailing word read as a counted noun is not part of the value."""
    from ..analysis import value_key

    readings: list[tuple[int, Value]] = []
    for end in _value_ends(text, start, longest):
        span = text[start:end].strip()
        if not looked_at(span, may_read):
            continue
        value = reading(read, span)
        if value is not None:
            readings.append((start + len(span), value))
    with_unit = [r for r in readings if isinstance(r[1], Quantity) and r[1].dimension != "count"]
    if with_unit:
        known = [r for r in with_unit if r[1].dimension in dimensions]  # type: ignore[union-attr]
        dimension = (known or with_unit)[-1][1].dimension  # type: ignore[union-attr]
        readings = [r for r in with_unit if r[1].dimension == dimension]  # type: ignore[union-attr]
    best: tuple[int, Value] | None = None
    seen: set[object] = set()
    for end, value in readings:  # a bound or a marker of approximation says something too
        key = (value_key(value), getattr(value, "lower", None), getattr(value, "upper", None))
        if key in seen:
            continue
        if best is not None and key[0] == value_key(best[1]) and not _word_ends(text, end):
            continue  # "100 万 token 上下文": 上下 ("about") is part of 上下文 ("context")
        best = (end, value)
        seen.add(key)
    return best


def _word_ends(text: str, end: int) -> bool:
    """Whether a word surely ends at ``end``: white space, punctuation or the end follows, or
    a change of script (Chinese has no spaces: a character may begin a longer word)."""
    if end >= len(text):
        return True
    before, after = text[end - 1], text[end]
    if after.isspace() or not after.isalnum():
        return True
    return before.isascii() != after.isascii()


_PUNCTUATED = re.compile(r"[、，；;“”「」()（）\[\]]|,(?!\d)|\.\s")
"""Punctuation no written value holds (a comma between digits is a thousands separator)."""
MORE_ENDS = re.compile(r"(?<=[0-9A-Za-z%])(?=[^\x00-\x7f]|\.(?:\s|$))")
"""Where :func:`what_it_says` ends spans besides the reader's ends: before a full stop, and
where Latin letters or digits meet Chinese. Searched up to the longest span (the end of the
text, for the search): a full stop ending it counts."""


def unpunctuated(span: str) -> bool:
    """Whether ``span`` holds no punctuation and no " and " ("二、“3 万亿": a list's number,
    then another value): a span holding them is never a value's, nor is any span it is part
    of."""
    return " and " not in span and not _PUNCTUATED.search(span)


def looked_at(span: str, may_read: Callable[[str], bool]) -> bool:
    """Whether :func:`what_it_says` reads ``span`` (a span cut at one of its ends, stripped):
    one not empty, :func:`unpunctuated`, and that ``may_read`` does not rule out."""
    return bool(span) and unpunctuated(span) and may_read(span)


def _value_ends(text: str, start: int, longest: int) -> list[int]:
    """Where a value starting at ``start`` may end: where the value check's reader ends
    spans, and also before a full stop and where Latin letters or digits meet Chinese
    ("2.8 TB需要", a table row run together)."""
    ends = {e for e in value_ends(text, start) if e <= longest}
    ends.update(m.start() for m in MORE_ENDS.finditer(text, start + 1, longest))
    return sorted(ends)


def _with_measure_word(text: str, start: int, end: int, read: Callable[[str], Value]) -> int:
    """Take in a Chinese measure word written after the number ("6 台")."""
    rest = text[end:]
    stripped = rest.lstrip(" ")
    if stripped[:1] in MEASURE_WORDS:
        extended = end + (len(rest) - len(stripped)) + 1
        return end if reading(read, text[start:extended]) is None else extended
    return end


def _without_article(text: str, start: int, end: int, read: Callable[[str], Value]) -> int:
    """Leave out an article before a number ("a one-million-token context": the value is
    "one-million-token"; "a million" keeps its "a", which is the number)."""
    head = re.match(r"(?i)(?:an?|the)\s+", text[start:end])
    if head is None:
        return start
    rest = text[start + head.end() : end]
    if not NUMERAL.match(rest):
        return start
    return start if reading(read, rest) is None else start + head.end()


def _with_prefix(
    text: str, start: int, end: int, read: Callable[[str], Value], value: Value
) -> tuple[int, Value]:
    """Take in a marker of approximation or a bound written just before the value."""
    before = text[:start].rstrip(" ")
    lowered = before.lower()
    for prefix, folded in _PREFIXES:
        if lowered.endswith(folded):
            begin = len(before) - len(prefix)
            if (
                prefix[0].isascii()
                and prefix[0].isalpha()
                and begin > 0
                and text[begin - 1].isalnum()
            ):
                continue
            prefixed = reading(read, text[begin:end])
            if prefixed is not None:
                return begin, prefixed
    return start, value
