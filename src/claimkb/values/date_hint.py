"""Whether a text may be a date at all: a cheap test that scanning a text for dates asks first.

A scanner tries every span that starts at a word (dates start with "Nov", "early", "last"),
and almost none of them is a date. Every date form :func:`~.dates.parse_date` reads holds a
digit, a character outside ASCII (Chinese forms, fullwidth digits, typographic apostrophes:
not tested further here) or one of the words its forms are made of: a month or weekday (or its
abbreviation), a season, a part of a period ("early", "end of"), a day the relative forms name
("today", "tonight"), or a period ("quarter", "half", "week", "month", "year", "day"). A text
with none of them is no date; one with some may be, and is read. The test is a search for a
substring, so a text that fails it has no part that passes it.

The words are taken from the tables the date forms read (:mod:`.date_words`,
:mod:`.date_relative`), so a word added there is a hint here too; a test holds every form the
value tests read to this.
"""

from __future__ import annotations

import re

from .date_relative import DAY_WORDS
from .date_words import MONTHS, PARTS, RELATIVE_YEARS, SEASONS, WEEKDAYS, YEAR_THIRDS

__all__ = ["may_be_date"]

FORM_WORDS = ("quarter", "half", "week", "month", "year", "day")
"""The words of the forms' own patterns (``first quarter``, ``last week``, ``3 days ago``)."""


def _words() -> set[str]:
    """One word of each phrase of the tables: a word already taken where it has one."""
    found = set(FORM_WORDS)
    tables = (MONTHS, WEEKDAYS, SEASONS, YEAR_THIRDS, PARTS, RELATIVE_YEARS, DAY_WORDS)
    phrases = [p.lower() for table in tables for p in table if p.isascii()]  # others: non-ASCII
    for words in sorted((re.findall(r"[a-z]+", p) for p in phrases), key=len):
        if not any(hint in word for word in words for hint in found):
            found.add(max(words, key=len))
    return found


def _fewest(words: set[str]) -> tuple[str, ...]:
    """The words without those holding another (a text holding "monday" holds "day")."""
    return tuple(sorted(w for w in words if not any(o != w and o in w for o in words)))


_WORDS = _fewest(_words())
_DIGIT = re.compile(r"[0-9]")


def may_be_date(text: str) -> bool:
    """False only when ``text`` is surely no date :func:`~.dates.parse_date` reads."""
    if not text.isascii():
        return True
    lowered = text.lower()
    return any(word in lowered for word in _WORDS) or _DIGIT.search(text) is not None
