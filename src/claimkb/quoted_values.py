"""The values a quote states: every span of it that reads as a value of a property.

Copying a figure wrongly is the commonest mistake in writing a claim, so a claim's written
value is compared with what its quote says — as values, not as strings: ``2.8 trillion`` is in
"2.8 万亿参数", ``3T`` in "3 trillion", ``1,040亿`` in "1040 亿", ``5.6TB`` in "5.6 TB".

A span is read with the same parser as claim values, so every form a claim may be written in
is found in a quote too. Spans start where a number starts (a digit in any script, a Chinese
numeral) and are tried from the longest (a few words, the unit after the number) to the
shortest; the longest that reads is the value stated there. The work is per quote and short:
a quote is a sentence, and most claims' values are found verbatim before any parsing.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from .values import DateValue, Quantity, Value, ValueProblem

__all__ = [
    "Stated",
    "stated_values",
    "value_starts",
    "value_ends",
    "agrees",
    "nearest",
    "MAX_QUOTE",
]

MAX_QUOTE = 4000
"""Quotes longer than this are searched in their first part only (a quote is a sentence)."""
_MAX_SPAN = 48
"""Characters a stated value may run to (number, magnitude, unit, qualifiers)."""
_START = re.compile(
    r"(?<![\w.,])(?=[0-9０-９零〇一二三四五六七八九十百千万萬亿億两兩壹贰貳叁參肆伍陆陸柒捌玖拾佰仟])"
)
"""Where a number starts; an amount whose currency comes first starts where the currency
does (the currency module knows every form: see :func:`~.values.currency.amount_starts`)."""
_END = re.compile(r"(?<=\S)(?=\s|[,，;；:：、()（）\[\]「」“”\"'。！？!?]|$)|(?<=[^\x00-\x7f])")


@dataclass(frozen=True, slots=True)
class Stated:
    """A value a quote states: the span as written there, and the value it reads as."""

    text: str
    value: Value


_WORD = re.compile(r"(?<![\w])(?=[A-Za-z])")


def stated_values(quote: str, read: Callable[[str], Value], *, words: bool = False) -> list[Stated]:
    """Every value ``quote`` states, as ``read`` (a claim's own value parser) reads it: for each
    place a number starts (and, with ``words``, each word: dates start with "Nov", "early",
    "Q3"), the longest span that reads."""
    text = unicodedata.normalize("NFC", quote[:MAX_QUOTE])
    found: list[Stated] = []
    # every start, even inside an earlier span ("一个…2.8 万亿")
    for start in value_starts(text, words=words):
        for end in value_ends(text, start):
            span = text[start:end].strip()
            if not span:
                continue
            try:
                value = read(span)
            except ValueProblem:
                continue
            except (ArithmeticError, RecursionError, ValueError):  # a parser's own limit
                continue
            found.append(Stated(span, value))
            break
    return found


def value_starts(text: str, *, words: bool = False) -> list[int]:
    """Where a stated value may start in ``text``, in order: where a number starts, and, with
    ``words``, where each Latin word starts (dates start with "Nov", "early", "Q3")."""
    found = set(_starts(text))
    if words:
        found.update(m.start() for m in _WORD.finditer(text))
    return sorted(found)


def _starts(text: str) -> Iterator[int]:
    from .values.currency import amount_starts

    seen: set[int] = set()
    for position in [m.start() for m in _START.finditer(text)] + amount_starts(text):
        if position not in seen:
            seen.add(position)
            yield position


def value_ends(text: str, start: int) -> list[int]:
    """Where a span beginning at ``start`` may end, the longest first."""
    limit = min(len(text), start + _MAX_SPAN)
    ends = {m.start() for m in _END.finditer(text, start + 1, limit)}
    ends.add(limit)
    return sorted((e for e in ends if e > start), reverse=True)


def agrees(claimed: Value, stated: Value) -> bool:
    """Whether a stated value is the claimed one, as the quote writes it."""
    if isinstance(claimed, Quantity) and isinstance(stated, Quantity):
        return _same_quantity(claimed, stated)
    if isinstance(claimed, DateValue) and isinstance(stated, DateValue):
        # the claim may be less precise than its quote ("November 2026" from "on 4 November"),
        # never more: "Nov 5" is not what "in November" says
        return claimed.earliest <= stated.earliest and stated.latest <= claimed.latest
    return False


def _same_quantity(claimed: Quantity, stated: Quantity) -> bool:
    if claimed.dimension == stated.dimension:
        if _close(claimed.nominal, stated.nominal):
            return True
        if claimed.nominal is None or stated.nominal is None:
            return _close(claimed.lower, stated.lower) and _close(claimed.upper, stated.upper)
        return False
    # the quote leaves the unit out ("29,029 and 29,017 feet", "a 2.8 trillion-parameter"):
    # the number as written in the claim's unit is the number the quote states
    if stated.dimension == "count" and claimed.nominal is not None and stated.nominal is not None:
        return _close(claimed.nominal / claimed.factor, stated.nominal)
    return False


def _close(a: float | None, b: float | None) -> bool:
    if a is None or b is None:
        return a is b
    if math.isinf(a) or math.isinf(b):
        return a == b
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)


def nearest(claimed: Value, stated: list[Stated]) -> Stated | None:
    """The stated value closest to the claimed one (of the same kind), to name in a finding."""
    best: tuple[float, Stated] | None = None
    for candidate in stated:
        distance = _distance(claimed, candidate.value)
        if distance is not None and (best is None or distance < best[0]):
            best = (distance, candidate)
    return best[1] if best else (stated[0] if stated else None)


def _distance(claimed: Value, stated: Value) -> float | None:
    if isinstance(claimed, Quantity) and isinstance(stated, Quantity):
        a = claimed.nominal if claimed.nominal is not None else claimed.lower
        b = stated.nominal if stated.nominal is not None else stated.lower
        if stated.dimension != claimed.dimension:
            a = a / claimed.factor if math.isfinite(a) else a
        if not (math.isfinite(a) and math.isfinite(b)):
            return None
        return abs(a - b) / max(abs(a), abs(b), 1e-300)
    if isinstance(claimed, DateValue) and isinstance(stated, DateValue):
        return float(abs((claimed.earliest - stated.earliest).days))
    return None
