"""Dates with the precision they were written in.

A written date becomes an interval of days and a precision: ``2026-11-06`` is one day,
``Nov 4–5`` two, ``11 月初`` / ``early November`` the first ten days of November, ``2026-11``
the whole month. Two date claims conflict only when their intervals cannot overlap; a day
inside a range is compatible with it. A date written without a year takes the year of the
source it comes from (``default_year``); general-purpose parsers fill a missing day or month
from today instead, which silently invents precision.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date

from .problems import ValueProblem, remembered

__all__ = ["DateValue", "parse_date", "DATE_FORMS"]

DATE_FORMS = (
    "'2026-11-06', '2026-11', 'November 4', 'Nov 4–5', 'early November', "
    "'2026 年 11 月 6 日', '11 月 4—5 日', '11 月初'"
)

_MONTHS = {
    name: number
    for number in range(1, 13)
    for name in (
        calendar.month_name[number].lower(),
        calendar.month_abbr[number].lower(),
        calendar.month_abbr[number].lower() + ".",
    )
}
_MONTHS["sept"] = _MONTHS["sept."] = 9
_PART = {
    "early": (1, 10),
    "beginning of": (1, 10),
    "start of": (1, 10),
    "mid": (11, 20),
    "mid-": (11, 20),
    "middle of": (11, 20),
    "late": (21, 31),
    "end of": (21, 31),
    "初": (1, 10),
    "上旬": (1, 10),
    "中旬": (11, 20),
    "中": (11, 20),
    "下旬": (21, 31),
    "底": (21, 31),
    "末": (21, 31),
}


@dataclass(frozen=True, slots=True)
class DateValue:
    earliest: date
    latest: date
    precision: str
    """``day``, ``days`` (a range of days), ``part-of-month``, ``month``, ``year`` or
    ``range`` (between two dates of coarser precision)."""

    def to_dict(self) -> dict[str, object]:
        return {
            "type": "date",
            "earliest": self.earliest.isoformat(),
            "latest": self.latest.isoformat(),
            "precision": self.precision,
        }

    @property
    def label(self) -> str:
        if self.earliest == self.latest:
            return self.earliest.isoformat()
        return f"{self.earliest.isoformat()}..{self.latest.isoformat()}"


_DASH = r"\s*(?:–|—|-|~|～|to|至|到)\s*"
_ORD = r"(?:st|nd|rd|th)?"
_ISO = re.compile(r"^(\d{4})(?:[-/.](\d{1,2})(?:[-/.](\d{1,2}))?)?$")
_CN = re.compile(
    rf"^(?:(\d{{4}})\s*年\s*)?(\d{{1,2}})\s*月\s*(?:(\d{{1,2}})(?:{_DASH}(\d{{1,2}}))?\s*[日号]"
    r"|(初|上旬|中旬|下旬|底|末|中))?$"
)
_EN_MONTH_DAY = re.compile(
    rf"^(?:(?P<part>early|mid-?|late|beginning of|start of|middle of|end of)\s*)?"
    rf"(?P<month>[a-z]+\.?)"
    rf"(?:\s+(?P<d1>\d{{1,2}}){_ORD}(?:{_DASH}(?P<d2>\d{{1,2}}){_ORD})?)?"
    rf",?(?:\s+(?P<year>\d{{4}}))?$",
    re.I,
)
_EN_DAY_MONTH = re.compile(
    rf"^(?:the\s+)?(?P<d1>\d{{1,2}}){_ORD}(?:{_DASH}(?P<d2>\d{{1,2}}){_ORD})?\s+(?:of\s+)?"
    rf"(?P<month>[a-z]+\.?),?(?:\s+(?P<year>\d{{4}}))?$",
    re.I,
)


def _day(year: int, month: int, day: int) -> date:
    try:
        return date(year, month, day)
    except ValueError:
        raise ValueProblem(f"{year:04d}-{month:02d}-{day:02d} is not a calendar date") from None


def _month_end(year: int, month: int) -> int:
    return calendar.monthrange(year, month)[1]


def _need_year(year: str | None, default_year: int | None) -> int:
    if year:
        return int(year)
    if default_year is None:
        raise ValueProblem("the date has no year and its source has no date to take it from")
    return default_year


def _build(year: int, month: int, d1: str | None, d2: str | None, part: str | None) -> DateValue:
    if not 1 <= month <= 12:
        raise ValueProblem(f"month {month} does not exist")
    if d1:
        first = _day(year, month, int(d1))
        if d2:
            last = _day(year, month, int(d2))
            if last < first:
                raise ValueProblem("the day range runs backwards")
            return DateValue(first, last, "days")
        return DateValue(first, first, "day")
    if part:
        low, high = _PART[part.lower().rstrip("-") if part.lower() != "mid-" else "mid"]
        high = min(high, _month_end(year, month))
        return DateValue(_day(year, month, low), _day(year, month, high), "part-of-month")
    return DateValue(_day(year, month, 1), _day(year, month, _month_end(year, month)), "month")


_BETWEEN = re.compile(r"\s*(?:–|—|~|～|\bto\b|\buntil\b|至|到|\s-\s)\s*")
_BARE_DAY = re.compile(rf"^(\d{{1,2}}){_ORD}\s*[日号]?$")


def parse_date(text: str, default_year: int | None = None) -> DateValue:
    """Parse a written date; ``default_year`` is the year of the claim's source."""
    return _read(text, default_year)


@remembered
def _read(text: str, default_year: int | None) -> DateValue:
    original = text
    text = " ".join(str(text).split())
    if not text:
        raise ValueProblem("the value is empty")
    try:
        return _single(text, original, default_year)
    except _NoForm as problem:
        spanned = _span(text, default_year)
        if spanned is None:
            raise problem from None
        return spanned


class _NoForm(ValueProblem):
    """The text matches none of the single-date forms (it may still be a span of two)."""


def _span(text: str, default_year: int | None) -> DateValue | None:
    """Two dates joined by a range separator: ``Nov 4 - Nov 5``, ``11 月 4 日至 5 日``,
    ``Nov 30 – Dec 2``. The second end may leave out what it shares with the first."""
    for separator in _BETWEEN.finditer(text):
        left, right = text[: separator.start()], text[separator.end() :]
        if not left or not right:
            continue
        try:
            first = _single(left, left, default_year)
            bare = _BARE_DAY.match(right)
            if bare:
                anchor = first.earliest
                day = _day(anchor.year, anchor.month, int(bare.group(1)))
                last = DateValue(day, day, "day")
            else:
                last = _single(right, right, first.earliest.year)
        except ValueProblem:
            continue
        if last.latest < first.earliest:
            raise ValueProblem(f"the range {text!r} runs backwards")
        both_days = first.precision == last.precision == "day"
        return DateValue(first.earliest, last.latest, "days" if both_days else "range")
    return None


def _single(text: str, original: str, default_year: int | None) -> DateValue:
    iso = _ISO.match(text)
    if iso:
        year = int(iso.group(1))
        if iso.group(2) is None:
            return DateValue(_day(year, 1, 1), _day(year, 12, 31), "year")
        return _build(year, int(iso.group(2)), iso.group(3), None, None)
    cn = _CN.match(text)
    if cn:
        year = _need_year(cn.group(1), default_year)
        return _build(year, int(cn.group(2)), cn.group(3), cn.group(4), cn.group(5))
    for pattern in (_EN_MONTH_DAY, _EN_DAY_MONTH):
        en = pattern.match(text)
        if en and en.group("month").lower() in _MONTHS:
            month = _MONTHS[en.group("month").lower()]
            year = _need_year(en.group("year"), default_year)
            part = en.groupdict().get("part")
            if part and en.group("d1"):
                raise ValueProblem(f"{original!r} gives both a part of the month and a day")
            return _build(year, month, en.group("d1"), en.group("d2"), part)
    raise _NoForm(f"{original!r} is not a date form claimkb reads")


def year_of(written: object) -> int | None:
    """The year of a source's written date, if it has one."""
    match = re.match(r"^\s*(\d{4})", str(written)) if written is not None else None
    return int(match.group(1)) if match else None
