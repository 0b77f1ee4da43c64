"""Where a value a text states begins and ends: the span that says it, and nothing more.

:func:`claimkb.quoted_values.stated_values` gives the longest span that reads at each place a
value starts (the value check's reader); :func:`stated` cuts it to what it says. The span is
read ever shorter and the last extension that changed the value is kept; an extension that only
widens the value (a marker of approximation, a bound) counts only where a word surely ends; a
Chinese measure word after the number, a marker or bound before it come with it; an article
before a number does not.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence

from ..quoted_values import _END, _MAX_SPAN, MAX_QUOTE, Stated, value_starts
from ..values import Quantity, Value, ValueProblem
from ..values.lexicon import APPROX_PREFIX, LOWER_PREFIX, NEARLY_PREFIX, UPPER_PREFIX

__all__ = ["MEASURE_WORDS", "NUMERAL", "stated", "word_dimension"]

MEASURE_WORDS = frozenset("台张个条家款位名项种次倍块颗枚座套层段部支只件人份轮版代")
"""Chinese measure words: a number's counter ("6 台", "三条") belongs to the value."""
_PREFIXES = sorted(
    (*APPROX_PREFIX, *LOWER_PREFIX, *UPPER_PREFIX, *NEARLY_PREFIX), key=len, reverse=True
)
NUMERAL = re.compile(
    r"[0-9０-９零〇一二两三四五六七八九十]|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|"
    r"eleven|twelve|twenty|thirty|forty|fifty|hundred|dozen|"
    r"a (?:thousand|million|billion|trillion))\b",
    re.IGNORECASE,
)
"""A value states a figure: a digit, a numeral or a number word ("万亿模型" is a class)."""


def _any(span: str) -> bool:
    return True


@functools.lru_cache(maxsize=4096)
def word_dimension(word: str) -> str | None:
    """The dimension a word names as a unit ("parameters", "参数", "tokens", "hours"), or None.
    Asked of the value library (its strict reading of a word, where it has one), so a unit
    the library learns is a unit here too."""
    from ..values import units

    reader = getattr(units, "unit_word", None) or units.lookup
    try:
        unit = reader(word)
    except (ValueError, ArithmeticError):  # a word a unit library cannot take
        return None
    return unit.dimension if unit is not None else None


def stated(
    text: str,
    read: Callable[[str], Value],
    masked: list[tuple[int, int]],
    dimensions: frozenset[str],
    may_read: Callable[[str], bool] = _any,
    may_hold: Callable[[str], bool] = _any,
) -> list[tuple[int, int, Value]]:
    """(start, end, value) of each value ``read`` finds in ``text``, trimmed to what it says,
    outside the masked spans and one another. ``may_read`` is False only for a span ``read``
    surely refuses, ``may_hold`` only for a span no part of which it reads: those are not
    read at all (the answer is the same, found sooner)."""
    starts = _starts(text)
    found = _stated_lazily(text, read, masked, dimensions, may_read, may_hold, starts)
    if found is not None:
        return found
    stated = _stated_values(text, read, may_read, may_hold, starts)
    return _trimmed(text, read, masked, dimensions, may_read, starts, stated)


def _trimmed(
    text: str,
    read: Callable[[str], Value],
    masked: list[tuple[int, int]],
    dimensions: frozenset[str],
    may_read: Callable[[str], bool],
    starts: Sequence[int],
    stated: Iterable[Stated],
) -> list[tuple[int, int, Value]]:
    """The values of :func:`stated`, from the longest span that reads at each start
    (``stated``, in order)."""
    result: list[tuple[int, int, Value]] = []
    index = 0
    for item in stated:
        while index < len(starts) and not text.startswith(item.text, starts[index]):
            index += 1
        if index == len(starts):
            break
        start = starts[index]
        index += 1
        if result and start < result[-1][1]:
            continue  # inside the value before
        found = _trim(text, start, item, read, masked, dimensions, may_read)
        if found is not None:
            result.append(found)
    return result


def _stated_lazily(
    text: str,
    read: Callable[[str], Value],
    masked: list[tuple[int, int]],
    dimensions: frozenset[str],
    may_read: Callable[[str], bool],
    may_hold: Callable[[str], bool],
    starts: Sequence[int],
) -> list[tuple[int, int, Value]] | None:
    """What :func:`_trimmed` finds, without looking for the longest span at a start that
    lies inside a value found before it (the answer would be passed over). That longest span
    would have been matched to the first start the text of it is found at; so where the
    text of one that is looked for is found at a start before its own, after the one matched
    last, it is not known which start the passed-over spans would have been matched to, and
    None is returned (the caller then looks at every start). None also for a text that
    :func:`_stated_values` would cut or normalise."""
    if len(text) > MAX_QUOTE or unicodedata.normalize("NFC", text) != text:
        return None
    result: list[tuple[int, int, Value]] = []
    index = 0  # the first start after the one matched last
    for position, start in enumerate(starts):
        if result and start < result[-1][1]:
            continue  # inside the value before: its longest span is not looked for
        item = _longest(text, start, read, may_read, may_hold)
        if item is None:
            continue
        if any(text.startswith(item.text, starts[i]) for i in range(index, position)):
            return None
        index = position + 1
        found = _trim(text, start, item, read, masked, dimensions, may_read)
        if found is not None:
            result.append(found)
    return result


def _trim(
    text: str,
    start: int,
    item: Stated,
    read: Callable[[str], Value],
    masked: list[tuple[int, int]],
    dimensions: frozenset[str],
    may_read: Callable[[str], bool],
) -> tuple[int, int, Value] | None:
    """The value at ``start`` whose longest reading span is ``item``, trimmed to what it
    says; None where it says nothing or lies in a masked span."""
    longest = start + len(item.text)
    best = _what_it_says(text, start, longest, read, dimensions, may_read)
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
def _starts(text: str) -> tuple[int, ...]:
    """``value_starts(text, words=True)``, once per text (its dates and its quantities are
    looked for apart)."""
    return tuple(value_starts(text, words=True))


@functools.lru_cache(maxsize=256)
def _breaks(text: str) -> list[int]:
    """Where the value check's reader may end a span anywhere in ``text`` (its ``_END``)."""
    return [m.start() for m in _END.finditer(text)]


def value_ends(text: str, start: int) -> list[int]:
    """:func:`claimkb.quoted_values.value_ends`, from one scan of ``text`` for all its starts
    (a test compares): the ends within the longest span a value may run to, longest first."""
    limit = min(len(text), start + _MAX_SPAN)
    breaks = _breaks(text)
    ends = breaks[bisect_left(breaks, start + 1) : bisect_left(breaks, limit)]
    if limit > start:
        ends.append(limit)
    ends.reverse()
    return ends


def _stated_values(
    text: str,
    read: Callable[[str], Value],
    may_read: Callable[[str], bool],
    may_hold: Callable[[str], bool],
    starts: Sequence[int] | None = None,
) -> list[Stated]:
    """What :func:`claimkb.quoted_values.stated_values` (``words=True``) finds in ``text``:
    at each place a value may start, the longest span that reads; without reading a span
    ``may_read`` rules out, nor any span of a start whose longest span ``may_hold`` rules
    out (every shorter span of it is a part of that one). ``starts``: the text's
    ``value_starts``, when the caller has them."""
    normal = unicodedata.normalize("NFC", text[:MAX_QUOTE])
    if starts is None or normal != text:
        starts = _starts(normal)
    text = normal
    found: list[Stated] = []
    for start in starts:
        item = _longest(text, start, read, may_read, may_hold)
        if item is not None:
            found.append(item)
    return found


def _longest(
    text: str,
    start: int,
    read: Callable[[str], Value],
    may_read: Callable[[str], bool],
    may_hold: Callable[[str], bool],
) -> Stated | None:
    """The longest span at ``start`` that reads, and its value (see :func:`_stated_values`)."""
    ends = value_ends(text, start)
    if not may_hold(text[start : ends[0]]):
        return None
    for end in ends:
        span = text[start:end].strip()
        if not span or not may_read(span):
            continue
        try:
            value = read(span)
        except (ValueProblem, ArithmeticError, RecursionError, ValueError):
            continue
        return Stated(span, value)
    return None


def _what_it_says(
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
        if not span or " and " in span or _PUNCTUATED.search(span) or not may_read(span):
            continue  # "二、“3 万亿": a list's number, then another value
        try:
            readings.append((start + len(span), read(span)))
        except (ValueProblem, ArithmeticError, RecursionError, ValueError):
            continue
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
_MORE_ENDS = re.compile(r"(?<=[0-9A-Za-z%])(?=[^\x00-\x7f]|\.(?:\s|$))")


def _value_ends(text: str, start: int, longest: int) -> list[int]:
    """Where a value starting at ``start`` may end: where the value check's reader ends
    spans, and also before a full stop and where Latin letters or digits meet Chinese
    ("2.8 TB需要", a table row run together)."""
    ends = {e for e in value_ends(text, start) if e <= longest}
    ends.update(m.start() for m in _MORE_ENDS.finditer(text, start + 1, longest))
    return sorted(ends)


def _with_measure_word(text: str, start: int, end: int, read: Callable[[str], Value]) -> int:
    """Take in a Chinese measure word written after the number ("6 台")."""
    rest = text[end:]
    stripped = rest.lstrip(" ")
    if stripped[:1] in MEASURE_WORDS:
        extended = end + (len(rest) - len(stripped)) + 1
        try:
            read(text[start:extended])
        except (ValueProblem, ArithmeticError, ValueError):
            return end
        return extended
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
    try:
        read(rest)
    except (ValueProblem, ArithmeticError, ValueError):
        return start
    return start + head.end()


def _with_prefix(
    text: str, start: int, end: int, read: Callable[[str], Value], value: Value
) -> tuple[int, Value]:
    """Take in a marker of approximation or a bound written just before the value."""
    before = text[:start].rstrip(" ")
    for prefix in _PREFIXES:
        if before.lower().endswith(prefix.lower()):
            begin = len(before) - len(prefix)
            if (
                prefix[0].isascii()
                and prefix[0].isalpha()
                and begin > 0
                and text[begin - 1].isalnum()
            ):
                continue
            try:
                return begin, read(text[begin:end])
            except (ValueProblem, ArithmeticError, ValueError):
                continue
    return start, value
