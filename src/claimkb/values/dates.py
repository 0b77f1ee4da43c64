"""Dates with the precision they were written in.

A written date becomes a closed interval of days and a precision: ``2026-11-06`` is one day,
``Nov 4–5`` two, ``11 月初`` / ``early November`` the first ten days of November, ``Q3 2022``
July to September, ``2026`` the whole year. Two date claims conflict only when their intervals
cannot overlap; a day inside a range is compatible with it.

A date written without a year takes the year of the source it comes from (``default_year``),
and a date relative to the source (``yesterday``, ``去年``, ``on Sunday``) is read against the
source's own date with that date's precision (``source``). General-purpose parsers fill a
missing day or month from today instead, which silently invents precision.

Reading is linear in the text and bounded: a date is at most :data:`MAX_LENGTH` characters,
each form is one anchored regular expression without nested repetition, and a span tries
each of its few separators once. The reading of each distinct text is kept (many claims
write a date the same way); only the cheap step that supplies the context is repeated.
"""

from __future__ import annotations

import functools
import itertools
import re
import unicodedata
from dataclasses import dataclass

from .date_core import DateValue, Form, NeedsSourceDate, day, resolve, years
from .date_forms import single
from .date_relative import relative_form
from .date_words import CN_WEEKDAY, CN_WEEKDAYS, WEEKDAY, WEEKDAYS
from .problems import ValueProblem

__all__ = [
    "DATE_FORMS",
    "MAX_LENGTH",
    "DateValue",
    "NeedsSourceDate",
    "parse_date",
    "weekday_disagreement",
    "year_of",
]

DATE_FORMS = (
    "'2026-11-06', '2026-11', 'November 4', 'Nov 28 – Dec 3', 'early November', "
    "'2026 年 11 月 6 日', '11 月初', 'Q3 2022', '2023年上半年', 'autumn 2023', 'late 2020', "
    "'2005年', 'yesterday', '去年'"
)
MAX_LENGTH = 100
"""The longest date read, in characters: no date form is half as long."""

_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
_WEEKDAY_FIRST = re.compile(rf"^(?P<w>{WEEKDAY}),? (?P<rest>.+)$")
_WEEKDAY_AFTER = re.compile(rf"^(?P<rest>.+?),? \((?P<w>{WEEKDAY})\)$")
_CN_WEEKDAY_AFTER = re.compile(rf"^(?P<rest>.+?[日号]) ?\(?{CN_WEEKDAY}\)?$")
_BETWEEN = re.compile(r" ?(?:–|—|~|-|\bto\b|\buntil\b|\bthrough\b|\bthru\b|至|到) ?")
_AND = re.compile(r" and ")
_SEPARATORS_TRIED = 8
"""A span is tried at its first few separators only (``2026-11-04 – 2026-11-06`` has five),
so reading stays linear in the text."""
_QUOTES = str.maketrans("\u2019\u2018\u02bc", "'''")
"""Typographic apostrophes read as ASCII (``Q1’23`` is ``Q1'23``)."""
_WEEKDAY_PAREN = re.compile(r"^([a-z]+day),? \((.+)\)$")
"""A weekday with its date in parentheses: ``Saturday (Jan. 13)`` is ``Saturday Jan. 13``."""
_BARE_DAY = re.compile(r"^(\d{1,2})(?:st|nd|rd|th)? ?[日号]?$")


@dataclass(frozen=True, slots=True)
class _Parsed:
    """A date's text, read without its context: one form, or the two ends of a span."""

    text: str
    first: Form
    last: Form | None = None
    bare: str | None = None
    """The end of a span written as a number alone: a day of the first end's month
    (``11 月 4 日至 5 日``, ``Nov 28 – 30``), or the last two digits of a year
    (``1952–54``)."""
    weekday: int | None = None
    """The weekday written beside the date (Monday = 0), checked against it."""


def parse_date(
    text: object, default_year: int | None = None, source: DateValue | None = None
) -> DateValue:
    """Read a written date. ``default_year`` is the year of the claim's source, ``source``
    its date (for dates relative to it); without ``default_year`` the source's year is
    taken from ``source`` when it lies within one year."""
    written = str(text)
    if len(written) > 8 * MAX_LENGTH:  # refused before any other work on it (or a cache key)
        raise ValueProblem(f"a date is at most {MAX_LENGTH} characters; this is {len(written)}")
    found = _reading(written, default_year, source)
    if isinstance(found, tuple):
        kind, message = found
        raise kind(message)
    return found


@functools.lru_cache(maxsize=1 << 16)
def _reading(
    written: str, default_year: int | None, source: DateValue | None
) -> DateValue | tuple[type[ValueProblem], str]:
    """The value of a date in its context, or (the kind of problem, its message): many
    claims write the same date in sources of the same year."""
    try:
        parsed = _parse(written)
        if isinstance(parsed, str):
            raise ValueProblem(parsed)
        if default_year is None and source is not None:
            if source.earliest.year == source.latest.year:
                default_year = source.earliest.year
        value = _resolve(parsed, default_year, source)
        if parsed.weekday is not None and value.precision != "day":
            raise ValueProblem(f"{parsed.text!r} names a weekday, which is one day, but it is not")
        return value
    except ValueProblem as problem:
        return type(problem), str(problem)


def weekday_disagreement(written: object, value: DateValue) -> tuple[str, str] | None:
    """(the weekday written, the weekday of the date) when a date written with its weekday
    (``Sunday, 4 November 2023``) falls on another day of the week; None otherwise."""
    text = str(written)
    parsed = _parse(text) if len(text) <= 8 * MAX_LENGTH else None
    if parsed is None or isinstance(parsed, str) or parsed.weekday is None:
        return None
    actual = value.earliest.weekday()
    if actual == parsed.weekday:
        return None
    return _NAMES[parsed.weekday], _NAMES[actual]


def year_of(written: object) -> int | None:
    """The year of a source's written date, if it has one."""
    match = re.match(r"^\s*(\d{4})", str(written)) if written is not None else None
    return int(match.group(1)) if match else None


# -- reading the text ------------------------------------------------------------------------


@functools.lru_cache(maxsize=1 << 16)
def _parse(original: str) -> _Parsed | str:
    """The reading of a date's text, or the problem with it (as its message)."""
    try:
        return _read(original)
    except ValueProblem as problem:
        return str(problem)


def _read(original: str) -> _Parsed:
    text = " ".join(unicodedata.normalize("NFKC", original).split()).lower()
    text = _WEEKDAY_PAREN.sub(r"\1 \2", text.translate(_QUOTES))
    if not text:
        raise ValueProblem("the value is empty")
    if len(text) > MAX_LENGTH:
        raise ValueProblem(f"a date is at most {MAX_LENGTH} characters; this is {len(text)}")
    text, weekday = _weekday(text)
    form = _one(text, original)
    if form is not None:
        return _Parsed(original, form, weekday=weekday)
    spanned = _span(text, original)
    if spanned is None:
        raise ValueProblem(f"{original!r} is not a date form claimkb reads")
    first, last, bare = spanned
    return _Parsed(original, first, last, bare, weekday)


def _one(text: str, written: str) -> Form | None:
    return relative_form(text, written) or single(text, written)


def _weekday(text: str) -> tuple[str, int | None]:
    """The date without the weekday written beside it, and that weekday."""
    for pattern in (_WEEKDAY_FIRST, _WEEKDAY_AFTER):
        found = pattern.match(text)
        if found:
            return found["rest"], WEEKDAYS[found["w"]]
    found = _CN_WEEKDAY_AFTER.match(text)
    if found:
        return found["rest"], CN_WEEKDAYS[found[2]]
    return text, None


def _span(text: str, written: str) -> tuple[Form, Form | None, str | None] | None:
    """Two dates joined by a separator: ``Nov 4 - Nov 5``, ``Nov 28 – Dec 3, 2025``,
    ``between March and May 2024``, ``from Q3 to Q4 2022``, ``2025年11月28日至12月3日``,
    ``11 月 4 日至 5 日``. The second end may leave out what it shares with the first."""
    separators = _BETWEEN
    for prefix, joined in (("between ", _AND), ("from ", _BETWEEN), ("从", _BETWEEN)):
        if text.startswith(prefix):
            text, separators = text[len(prefix) :], joined
            break
    for separator in itertools.islice(separators.finditer(text), _SEPARATORS_TRIED):
        left, right = text[: separator.start()], text[separator.end() :]
        if not left or not right:
            continue
        try:
            first = _one(left, left)
            if first is None:
                continue
            if _BARE_DAY.match(right):
                return first, None, right
            last = _one(right, right)
        except ValueProblem:
            continue
        if last is not None:
            return first, last, None
    return None


# -- giving it its context -------------------------------------------------------------------


def _resolve(parsed: _Parsed, year: int | None, source: DateValue | None) -> DateValue:
    if parsed.last is None and parsed.bare is None:
        return resolve(parsed.first, year, source)
    if parsed.bare is not None:
        first = resolve(parsed.first, year, source)
        last = _bare_end(first, parsed.bare, parsed.text)
    elif parsed.last is not None and parsed.first.needs == "year" and parsed.last.needs != "year":
        last = resolve(parsed.last, year, source)
        first = _in_year_of(parsed.first, last.latest.year, before=last)
    elif parsed.last is not None and parsed.last.needs == "year":
        first = resolve(parsed.first, year, source)
        last = _in_year_of(parsed.last, first.earliest.year, after=first)
    else:
        assert parsed.last is not None
        first, last = resolve(parsed.first, year, source), resolve(parsed.last, year, source)
    if last.latest < first.earliest:
        raise ValueProblem(f"the range {parsed.text!r} runs backwards")
    both_days = first.precision == last.precision == "day"
    return DateValue(first.earliest, last.latest, "days" if both_days else "range")


def _bare_end(first: DateValue, bare: str, text: str) -> DateValue:
    """The end of a span written as a number alone, after ``first``."""
    number = int(_BARE_DAY.match(bare).group(1))  # type: ignore[union-attr]
    if first.precision in ("day", "days"):
        found = day(first.latest.year, first.latest.month, number)
        return DateValue(found, found, "day")
    if first.precision == "year" and bare.isdigit() and len(bare) == 2:
        ending = first.earliest.year - first.earliest.year % 100 + number
        return years(ending, ending, "year")
    raise ValueProblem(f"{text!r} is not a date form claimkb reads")


def _in_year_of(
    form: Form, year: int, before: DateValue | None = None, after: DateValue | None = None
) -> DateValue:
    """An end of a span written without its year, in the year of the other end; it moves to
    the year before (after) when the span then runs backwards across a change of month
    (``Dec 28 – Jan 3, 2026`` starts in 2025)."""
    value = resolve(form, year, None)
    if before is not None and value.earliest > before.latest:
        if value.earliest.month != before.latest.month:
            return resolve(form, year - 1, None)
    if after is not None and value.latest < after.earliest:
        if value.latest.month != after.earliest.month:
            return resolve(form, year + 1, None)
    return value
