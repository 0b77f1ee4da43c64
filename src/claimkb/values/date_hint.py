"""Whether a text may be a date at all: cheap tests that scanning a text for dates asks first.

A scanner tries every span that starts at a number or a word (dates start with "Nov",
"early", "last"), and almost none of them is a date. Two necessary conditions, both read off
the tables and patterns of the date forms :func:`~.dates.parse_date` reads
(:mod:`.date_words`, :mod:`.date_relative`, :mod:`.date_forms`), so a word added to a table
is taken here too:

* :func:`may_hold_date`: the text holds a digit, a character outside ASCII (Chinese forms,
  fullwidth digits, typographic apostrophes: not tested further here) or one of the words
  every English form has one of (a month or weekday or its abbreviation, a season, a part of
  a period, a day a relative form names, ``quarter``, ``half``, ``week``, ``month``, ``year``,
  ``day``). It is a search for a substring, so a text that fails it has no part that passes;
* :func:`may_be_date`: that, and every run of ASCII letters in it is a word some form is
  written with (``2026 GPUs`` is no date; ``Nov 5``, ``3q22``, ``the 1990s``, ``between May and
  June`` may be), and every other character outside ASCII, once the text is normalised as the
  reader normalises it, is a digit or one the date modules write (``11 月 6 日`` may be a
  date; ``6 台服务器`` is none: no date form is written with 台).

A text failing either is no date; one passing both may be, and is read. A test holds every
date the value tests read to both.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterator
from types import CodeType

from .date_relative import DAY_WORDS, SHIFT_WORDS, WORD_NUMBERS
from .date_words import MONTHS, ORDINALS, PARTS, RELATIVE_YEARS, SEASONS, WEEKDAYS, YEAR_THIRDS

__all__ = ["may_be_date", "may_hold_date", "may_open_date"]

FORM_WORDS = ("quarter", "half", "week", "month", "year", "day")
"""The words of the forms' own patterns (``first quarter``, ``last week``, ``3 days ago``)."""
PATTERN_WORDS = frozenset(
    "the of on that to until through thru between and from ago days earlier later "
    "st nd rd th q h s".split()
)
"""The other words the patterns are written with: articles and joining words, the ends of
ordinals (``2nd``), the letters of ``Q3``, ``H1``, ``3Q22`` and of a decade (``1990s``)."""
_TABLES = (
    MONTHS, WEEKDAYS, SEASONS, YEAR_THIRDS, PARTS, RELATIVE_YEARS, DAY_WORDS, ORDINALS,
    WORD_NUMBERS, SHIFT_WORDS,
)  # fmt: skip
_LETTERS = re.compile(r"[a-z]+")


def _hints() -> tuple[str, ...]:
    """One word of each phrase of the tables (one already taken where it has one), less
    those holding another (a text holding "monday" holds "day")."""
    found = set(FORM_WORDS)
    phrases = [p.lower() for t in _TABLES[:7] for p in t if p.isascii()]  # others: non-ASCII
    for words in sorted((_LETTERS.findall(p) for p in phrases), key=len):
        if not any(hint in word for word in words for hint in found):
            found.add(max(words, key=len))
    return tuple(sorted(w for w in found if not any(o != w and o in w for o in found)))


_HINTS = _hints()
_WORDS = frozenset(
    {w for table in _TABLES for p in table for w in _LETTERS.findall(str(p).lower())}
    | set(FORM_WORDS)
    | PATTERN_WORDS
)
_HINT = re.compile("|".join(["[0-9]", *map(re.escape, _HINTS)]))
"""A digit or a hint, found in one search of the text (lower-cased: digits are unchanged)."""


_DATE_MODULES = ("dates", "date_forms", "date_relative", "date_words", "date_core")
"""The modules whose code reads a date: every character a date form is written with is one
of their constants (a table, a pattern, a word a function looks for)."""


@functools.cache
def form_characters() -> frozenset[str] | None:
    """Every character outside ASCII in a constant of the date modules' code: their tables,
    patterns and the words their functions look for, escapes included (read off the compiled
    code, so a form added anywhere there is taken). None if some module's code cannot be
    read (then no text is ruled out by its characters)."""
    import importlib

    found: set[str] = set()
    for name in _DATE_MODULES:
        module = importlib.import_module(f"{__package__}.{name}")
        loader = getattr(module, "__loader__", None)
        try:
            code = loader.get_code(module.__name__) if loader is not None else None
        except (ImportError, OSError):
            code = None
        if code is None:
            return None
        found.update(c for text in _strings(code) for c in text if not c.isascii())
    return frozenset(found)


def _strings(value: object) -> Iterator[str]:
    """The strings among a code object's constants, its functions' and classes' too."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, CodeType):
        for constant in value.co_consts:
            yield from _strings(constant)
    elif isinstance(value, tuple | frozenset):
        for item in value:
            yield from _strings(item)


@functools.cache
def _form_or_ascii() -> frozenset[str] | None:
    """The form characters and every ASCII character."""
    found = form_characters()
    return None if found is None else found | {chr(i) for i in range(128)}


def _written_with_form_characters(text: str) -> bool:
    """Whether every character outside ASCII of ``text``, normalised as the reader does
    (NFKC, lower case; its white space becomes spaces), is a digit, a space or a form
    character."""
    allowed = _form_or_ascii()
    if allowed is None:
        return True
    others = set(unicodedata.normalize("NFKC", text).lower()).difference(allowed)
    return all(c.isnumeric() or c.isspace() for c in others)


def may_hold_date(text: str) -> bool:
    """False only when neither ``text`` nor any part of it is a date ``parse_date`` reads."""
    if not text.isascii():
        return True
    return _HINT.search(text.lower()) is not None


def may_open_date(text: str) -> bool:
    """False only when ``text`` is ASCII and opens with a run of letters, ending inside it,
    that is no word a date form is written with: :func:`may_be_date` rules out every ASCII
    text holding that run whole (a scanner reading the spans from a word's start to the end
    of a later word need read none of them)."""
    if not text.isascii():
        return True
    first = _LETTERS.match(text.lower())
    return first is None or first.end() == len(text) or first.group() in _WORDS


def may_be_date(text: str) -> bool:
    """False only when ``text`` is surely no date ``parse_date`` reads."""
    if not may_hold_date(text):
        return False
    if not text.isascii():
        return _written_with_form_characters(text)
    return all(w in _WORDS for w in _LETTERS.findall(text.lower()))
