"""The values a sentence or table cell states: quantities with a unit, dates, known entities.

Values are found by :func:`claimkb.quoted_values.stated_values`, the reader the value check
uses on quotes, so a value the drafter proposes is one ``claimkb check`` reads the same way.
What it returns is the longest span that reads at each place a value starts; the value *as
written* is the part of that span that says something: the span is read ever shorter, and the
last extension that changed the value is kept ("2.8 trillion parameters", not "2.8 trillion
parameters and a context window of"; "3 万亿级", whose 级 widens "3 万亿"). A Chinese measure
word stays with its number ("6 台"), a marker of approximation or a bound before it comes
with it ("约 1040 亿"). Numbers inside an entity's name (the 5000 of "MTT S5000") or inside a
date (the 11 of "11 月 6 日") are not values of their own.

A bare number counts only when it has a magnitude ("2.8 万亿"), a measure word or a counted
noun ("6 台", "35 cards"); a lone small number is too often a footnote, a rank or a version.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ..quoted_values import _ends
from ..values import DateValue, Quantity, Value, ValueProblem, parse_date, parse_quantity
from ..values.lexicon import (
    APPROX_PREFIX,
    LOWER_PREFIX,
    MAGNITUDES,
    NEARLY_PREFIX,
    UPPER_PREFIX,
    VAGUE,
    WORDS,
)
from .mentions import Mention

__all__ = ["Candidate", "values_in"]

MEASURE_WORDS = frozenset("台张个条家款位名项种次倍块颗枚座套层段部支只件人份轮版代")
"""Chinese measure words: a number's counter ("6 台", "三条") belongs to the value."""
_PREFIXES = sorted(
    (*APPROX_PREFIX, *LOWER_PREFIX, *UPPER_PREFIX, *NEARLY_PREFIX), key=len, reverse=True
)
_MAGNITUDE = re.compile(
    r"[万萬亿億千百]|thousand|million|billion|trillion|\d\s*[KkMBT]\b", re.IGNORECASE
)
_COUNTED_NOUN = re.compile(
    r"^\s+(?!(?:and|or|of|in|on|at|to|for|with|by|from|the|a|an|is|are|was|were|as|than)\b)"
    r"[a-z][a-z-]+"
)
_NUMERAL = re.compile(
    r"[0-9０-９零〇一二两三四五六七八九十]|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|"
    r"eleven|twelve|twenty|thirty|forty|fifty|hundred|dozen|"
    r"a (?:thousand|million|billion|trillion))\b",
    re.IGNORECASE,
)
_ORDINAL = re.compile(r"(?i)^(?:第|first|second|third|\w+th\b)")


@dataclass(frozen=True)
class Candidate:
    kind: str
    """``quantity``, ``date`` or ``entity``."""
    start: int
    end: int
    written: str
    value: Value | None = None
    dimension: str | None = None
    """For a quantity: the dimension its written unit names (None: a bare number, which a
    count, parameter or token property may read)."""
    entity: str | None = None
    why: list[str] = field(default_factory=list)


def values_in(
    text: str,
    mentions: list[Mention],
    year: int | None,
    dimensions: frozenset[str] = frozenset(),
) -> list[Candidate]:
    """Every value ``text`` states, in order (spans index ``text``). ``dimensions``: those
    the KB has properties for ("37 billion parameters per token" is 37 billion parameters
    when no property counts parameters per token)."""
    spaced, origin = _spaced(text, {m.end for m in mentions if text[m.end : m.end + 1].isdigit()})
    inverse = {o: i for i, o in reversed(list(enumerate(origin)))}
    shifted = [
        Mention(inverse[m.start], inverse[m.end - 1] + 1, m.entity, m.written) for m in mentions
    ]
    found = []
    for c in _values_in(spaced, shifted, year, dimensions):
        start, end = origin[c.start], origin[c.end - 1] + 1
        found.append(Candidate(c.kind, start, end, text[start:end], c.value, c.dimension, c.entity))
    return found


_GLUED = re.compile(r"(?<=[\u3400-\u9fff])(?=[0-9])")


def _spaced(text: str, name_ends: set[int]) -> tuple[str, list[int]]:
    """``text`` with a space where a digit follows a Chinese character or the end of a name
    ("总参数2.8 万亿", "Kimi-K3.1 Pro6 台": table rows run together), so that the number is
    read as one; with each character's position in ``text`` (an added space takes the
    position of the digit after it)."""
    pieces: list[str] = []
    origin: list[int] = []
    last = 0
    for at in sorted({m.start() for m in _GLUED.finditer(text)} | name_ends):
        pieces.append(text[last:at] + " ")
        origin.extend(range(last, at))
        origin.append(at)
        last = at
    pieces.append(text[last:])
    origin.extend(range(last, len(text)))
    return "".join(pieces), origin


def _values_in(
    text: str, mentions: list[Mention], year: int | None, dimensions: frozenset[str]
) -> list[Candidate]:
    masked = [(m.start, m.end) for m in mentions]
    found: list[Candidate] = []
    dates = _stated(text, lambda t: parse_date(t, year), masked, dimensions)
    for start, end, value in dates:
        assert isinstance(value, DateValue)
        if value.precision == "year" and not text[end:].lstrip().startswith("年"):
            continue  # "1040" or "2026" alone: most often not a date at all
        found.append(Candidate("date", start, end, text[start:end], value))
    masked += [(c.start, c.end) for c in found]
    for start, end, value in _stated(text, _quantity, masked, dimensions):
        assert isinstance(value, Quantity)
        candidate = _quantity_candidate(text, start, end, value)
        if candidate is not None:
            found.append(candidate)
    for mention in mentions:
        found.append(
            Candidate("entity", mention.start, mention.end, mention.written, entity=mention.entity)
        )
    return sorted(found, key=lambda c: (c.start, c.end))


_FIRST_WORDS = frozenset(
    word
    for phrase in (
        *WORDS,
        *MAGNITUDES,
        *VAGUE,
        *APPROX_PREFIX,
        *LOWER_PREFIX,
        *UPPER_PREFIX,
        *NEARLY_PREFIX,
    )  # fmt: skip
    for word in [re.split(r"[\s-]", phrase.lower(), maxsplit=1)[0]]
    if word.isascii() and word.isalpha()
)
"""The words a quantity written in words can start with ("approximately", "one", "tens")."""


def _quantity(written: str) -> Quantity:
    """A quantity as written: with its own unit, else as a count (which takes measure words
    and counted nouns). A span starting with a word no quantity starts with is refused at
    once (the drafter tries every word of a text)."""
    if written[:1].isascii() and written[:1].isalpha():
        first = re.split(r"[\s-]", written.lower(), maxsplit=1)[0]
        if first not in _FIRST_WORDS:
            raise ValueProblem("not a quantity")
    try:
        value = parse_quantity(written, None)
    except ValueProblem:
        return parse_quantity(written, "count")
    if value.dimension == "count":
        return parse_quantity(written, "count")
    named = _named_dimension(written) if len(value.unit) <= 2 else None
    if named is not None and named != value.dimension:
        try:  # "671B parameters": the word says parameters, the letter B bytes
            return parse_quantity(written, named)
        except ValueProblem:
            pass
    return value


def _named_dimension(written: str) -> str | None:
    """The dimension a unit *word* of ``written`` names ("parameters", "tokens", "参数")."""
    for word in re.findall(r"[A-Za-z]{3,}|[\u3400-\u9fff]{2,}", written):
        unit = UNIT_WORDS.get(word.lower())
        if unit is not None:
            return unit
    return None


def _unit_words() -> dict[str, str]:
    from ..values.units import UNITS

    return {
        name.lower(): unit.dimension
        for name, unit in UNITS.items()
        if len(name) >= 3 and (name.isalpha() or not name.isascii())
    }


UNIT_WORDS = _unit_words()
"""Unit names written as words, lower-cased -> dimension."""


def _quantity_candidate(text: str, start: int, end: int, value: Quantity) -> Candidate | None:
    written = text[start:end]
    if not _NUMERAL.search(written) or _ORDINAL.match(written):
        return None  # "万亿模型" (a class, not a figure); "first day", "第三" (a rank)
    if value.dimension != "count":
        return Candidate("quantity", start, end, written, value, value.dimension)
    after = text[end:]
    if _MAGNITUDE.search(written) or value.approximate:
        return Candidate("quantity", start, end, written, value)
    if written and written[-1] in MEASURE_WORDS or _COUNTED_NOUN.match(after):
        return Candidate("quantity", start, end, written, value)
    return None


def _stated(
    text: str,
    read: Callable[[str], Value],
    masked: list[tuple[int, int]],
    dimensions: frozenset[str],
) -> list[tuple[int, int, Value]]:
    """(start, end, value) of each value ``read`` finds in ``text``, trimmed to what it says,
    outside the masked spans and one another."""
    from ..quoted_values import _WORD, _starts, stated_values

    stated = stated_values(text, read, words=True)
    starts = sorted(set(_starts(text)) | {m.start() for m in _WORD.finditer(text)})
    result: list[tuple[int, int, Value]] = []
    index = 0
    for item in stated:
        while index < len(starts) and not text.startswith(item.text, starts[index]):
            index += 1
        if index == len(starts):
            break
        start = starts[index]
        index += 1
        longest = start + len(item.text)
        if result and start < result[-1][1]:
            continue  # inside the value before
        best = _what_it_says(text, start, longest, read, dimensions)
        if best is None:
            continue
        end, value = best
        end = _with_measure_word(text, start, end, read)
        start, value = _with_prefix(text, start, end, read, value)
        start = _without_article(text, start, end, read)
        if any(s < end and start < e for s, e in masked):
            continue  # part of a name ("MTT S5000") or of a date
        result.append((start, end, read(text[start:end])))
    return result


def _what_it_says(
    text: str,
    start: int,
    longest: int,
    read: Callable[[str], Value],
    dimensions: frozenset[str],
) -> tuple[int, Value] | None:
    """The end of the value starting at ``start`` and what it reads as: of the prefixes of
    the span that read, the last one that changed the value; when some name a unit, only
    those of the last such dimension a property of the KB has (else of the last) count: a
    trailing word read as a counted noun is not part of the value."""
    from ..analysis import value_key

    readings: list[tuple[int, Value]] = []
    for end in _value_ends(text, start, longest):
        span = text[start:end].strip()
        if not span or " and " in span or _PUNCTUATED.search(span):
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
    ends = {e for e in _ends(text, start) if e <= longest}
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
    if not _NUMERAL.match(rest):
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
