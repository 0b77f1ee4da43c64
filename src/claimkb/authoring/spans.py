"""Where a value a text states begins and ends: the span that says it, and nothing more.

:func:`claimkb.quoted_values.stated_values` gives the longest span that reads at each place a
value starts (the value check's reader); :func:`stated` cuts it to what it says
(:mod:`.trimming`), mostly without finding that span (:mod:`.shortcut`).
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Callable, Iterable, Sequence

from ..quoted_values import MAX_QUOTE, Stated, value_starts
from ..values import Value
from .shortcut import value_at
from .trimming import finish, reading, trim, value_ends

__all__ = ["stated", "word_dimension"]


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
    surely refuses; ``may_hold``, given the longest span at a start, only when no span
    starting there reads: those are not read at all (the answer is the same, found
    sooner)."""
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
        found = trim(text, start, start + len(item.text), read, masked, dimensions, may_read)
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
    lies inside a value found before it (the answer would be passed over), and at the other
    starts only where the spans its trimming reads do not tell (:func:`.shortcut.value_at`).
    That longest span would have been matched to the first start the text of it is found at;
    so where the text of one that is looked for is found at a start before its own, after
    the one matched last, it is not known which start the passed-over spans would have been
    matched to, and None is returned (the caller then looks at every start). None also for a
    text that :func:`_stated_values` would cut or normalise."""
    if len(text) > MAX_QUOTE or unicodedata.normalize("NFC", text) != text:
        return None
    result: list[tuple[int, int, Value]] = []
    index = 0  # the first start after the one matched last

    def begins_earlier(prefix: str) -> bool:
        return any(text.startswith(prefix, starts[i]) for i in range(index, position))

    for position, start in enumerate(starts):
        if result and start < result[-1][1]:
            continue  # inside the value before: its longest span is not looked for
        answer = value_at(text, start, read, may_read, may_hold, dimensions, begins_earlier)
        if answer is None:  # only the longest span tells
            item = _longest(text, start, read, may_read, may_hold)
            if item is None:
                continue
            if begins_earlier(item.text):
                return None
            index = position + 1
            found = trim(text, start, start + len(item.text), read, masked, dimensions, may_read)
        else:
            reads, best = answer
            if reads:
                index = position + 1
            found = finish(text, start, best, read, masked)
        if found is not None:
            result.append(found)
    return result


@functools.lru_cache(maxsize=256)
def _starts(text: str) -> tuple[int, ...]:
    """``value_starts(text, words=True)``, once per text (its dates and its quantities are
    looked for apart)."""
    return tuple(value_starts(text, words=True))


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
        value = reading(read, span)
        if value is not None:
            return Stated(span, value)
    return None
