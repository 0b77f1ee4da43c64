"""The value at a start of a text, found without reading the spans its trimming never looks at.

:func:`~.spans.stated` finds, at each start, the longest span that reads (the value check's
rule), then cuts it down to what it says (:func:`~.trimming.what_it_says`), which reads only
the spans up to that one that hold no punctuation and no " and ". So the longest span matters
only as a bound on those, and most of the reading spent finding it went to spans the cutting
never looks at: "4, according to Huawei Computing's official account" was read at eight ends
(each a refusal, each costly) to learn that "4" is the longest span, which is then cut to "4".

:func:`value_at` reads, from the longest down, only the spans the cutting looks at, until one
reads: the longest span is that one, or one of the unread spans above it. Either bound gives
the cutting the same spans to read unless one of them is read only under the longer bound
(an end :data:`~.trimming.MORE_ENDS` adds, which the longest span is not looked for at) and
reads; those few are read, and where one reads, or where an earlier start begins with what
may be the longest span (which :func:`~.spans._stated_lazily` must then see whole), it answers
None and the caller looks for the longest span as before. A test holds both ways to
one answer on every sentence of the articles and on generated texts.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from ..values import Value
from .trimming import farthest_end, reading, unpunctuated, value_ends, what_it_says

__all__ = ["Found", "value_at"]

Found = tuple[bool, tuple[int, Value] | None]
"""(whether a span at the start is known to read, what the value there says, as
:func:`~.trimming.what_it_says` finds it)."""

_ANY_MORE_END: Final = re.compile(r"(?<=[0-9A-Za-z%])(?=[^\x00-\x7f]|\.)")
"""Every place :data:`~.trimming.MORE_ENDS` may match, whatever the end of its search (a full
stop counts before white space, or where the search ends)."""


def value_at(
    text: str,
    start: int,
    read: Callable[[str], Value],
    may_read: Callable[[str], bool],
    may_hold: Callable[[str], bool],
    dimensions: frozenset[str],
    begins_earlier: Callable[[str], bool],
) -> Found | None:
    """What :func:`~.trimming.what_it_says` finds at ``start`` under the longest span that
    reads there, and whether there is one; None where only that span would tell.
    ``begins_earlier(prefix)``: whether a start before ``start`` that the longest span could
    be matched to begins with ``prefix``. "Known to read" is False also where no span the
    cutting looks at reads but an unread one might: the value is None either way, and no
    earlier start begins with that span."""
    if not may_hold(text[start : farthest_end(text, start)]):
        return False, None  # as the longest span's search, which reads nothing there
    if text[start].isspace():
        return None
    ends = value_ends(text, start)
    punctuated: list[str] = []  # the spans above the one found that the cutting never reads
    found: str | None = None  # the longest span the cutting reads that reads
    for end in ends:
        span = text[start:end].strip()
        if not span:
            continue
        if not unpunctuated(span):
            punctuated.append(span)  # the longest span if it reads (not read unless need be)
        elif may_read(span) and reading(read, span) is not None:
            found = span
            break
    if found is None:  # no value here, unless a span the cutting reads only under a longer one
        return _nothing_found(text, start, ends[0], punctuated, read, may_read, begins_earlier)
    if punctuated and _more_ends_read(text, start, ends[0], found, read, may_read):
        if any(may_read(span) for span in punctuated):
            return None  # the longest span is a punctuated one only if it reads
    if begins_earlier(found):
        return None
    return True, what_it_says(text, start, start + len(found), read, dimensions, may_read)


def _nothing_found(
    text: str,
    start: int,
    top: int,
    punctuated: list[str],
    read: Callable[[str], Value],
    may_read: Callable[[str], bool],
    begins_earlier: Callable[[str], bool],
) -> Found | None:
    """:func:`value_at` where no span the cutting reads reads (above the longest span, if
    one of the ``punctuated`` spans, longest first, reads): the value is None, unless the
    longest span is one of those and the cutting would read a span under it that reads;
    and whether a span reads is not known, which matters only if an earlier start begins
    with the shortest of them that may read."""
    if not punctuated:
        return False, None  # nothing reads here
    if _more_ends_read(text, start, top, None, read, may_read):
        return None if any(may_read(span) for span in punctuated) else (False, None)
    if not begins_earlier(punctuated[-1]):  # nor with any longer span
        return False, None
    shortest = next((span for span in reversed(punctuated) if may_read(span)), None)
    return None if shortest is not None and begins_earlier(shortest) else (False, None)


def _more_ends_read(
    text: str,
    start: int,
    top: int,
    found: str | None,
    read: Callable[[str], Value],
    may_read: Callable[[str], bool],
) -> bool:
    """Whether a span the cutting looks at under a longest span longer than ``found`` (an
    unread one), and not under ``found``, reads: one ending where :data:`~.trimming.MORE_ENDS`
    may end it, from the last character of ``found`` on (a full stop there counts only when
    the span ends after it)."""
    low = max(start + 1, start + len(found) - 1 if found is not None else start + 1)
    for match in _ANY_MORE_END.finditer(text, low, top):
        span = text[start : match.start()].strip()
        if span == found or not span or not unpunctuated(span) or not may_read(span):
            continue  # the same as the span found, or one the cutting does not read
        if reading(read, span) is not None:
            return True
    return False
