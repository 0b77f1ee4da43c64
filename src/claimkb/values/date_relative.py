"""Dates relative to the source's own date, in English and Chinese.

``yesterday`` / ``昨天``, ``last week`` / ``上周``, ``next month`` / ``下个月``, ``late last
month`` / ``上个月底``, ``3 days ago`` / ``3天前``, ``last year`` (``去年`` and the periods of a
relative year are read with the calendar forms), ``earlier this year``, ``last December``, and
weekdays:

* ``Sunday``, ``on Sunday``, ``that Sunday``, ``周日`` name the most recent Sunday on or
  before the source's date (a report of an event already past);
* ``last Sunday`` the most recent Sunday strictly before it;
* ``上周日``, ``本周三``, ``下周一`` that weekday of the previous, current or next week
  (weeks run Monday to Sunday);
* ``this Sunday`` and ``next Sunday`` are refused: English uses them for either of two
  Sundays.

Each form's ``make`` takes one day the source may have been written on, and is monotone in it
(see :func:`~.date_core.resolve`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, timedelta

from .date_core import (
    DateValue,
    Form,
    day,
    month_end,
    months,
    part_of_month,
    relative,
    shift_month,
    week,
    years,
)
from .date_words import (
    CN_PART,
    CN_SMALL,
    CN_WEEKDAY,
    CN_WEEKDAYS,
    MONTHS,
    PART,
    PARTS,
    RELATIVE_YEAR,
    RELATIVE_YEARS,
    WEEKDAY,
    WEEKDAYS,
    number,
)
from .problems import ValueProblem

__all__ = ["relative_form"]

_DAYS = {
    "today": 0,
    "yesterday": -1,
    "last night": -1,
    "tonight": 0,
    "tomorrow": 1,
    "the day before yesterday": -2,
    "the day after tomorrow": 2,
    "今天": 0,
    "今日": 0,
    "昨天": -1,
    "昨日": -1,
    "明天": 1,
    "明日": 1,
    "前天": -2,
    "前日": -2,
    "后天": 2,
    "後天": 2,
}
DAY_WORDS = tuple(_DAYS)
"""The days relative forms name by a word (``yesterday``, ``tonight``, ``昨天``)."""
_SHIFT = {"last": -1, "this": 0, "next": 1, "上": -1, "本": 0, "这": 0, "這": 0, "下": 1}
_WORD_NUMBERS = {w: i for i, w in enumerate("zero one two three four five six seven".split())}
_WORD_NUMBERS |= {"a": 1, "eight": 8, "nine": 9, "ten": 10}
SHIFT_WORDS, WORD_NUMBERS = tuple(_SHIFT), tuple(_WORD_NUMBERS)
"""The words that shift a period (``last``, ``上``) and count days (``three days ago``)."""

_DAYS_AGO = re.compile(
    r"^(?P<n>\d{1,3}|[a-z]+) days? ago$|^(?P<cn>\d{1,3}|" + CN_SMALL + r") ?天前$"
)
_EN_WEEK = re.compile(r"^(?P<s>last|this|next) week$")
_CN_WEEK = re.compile(r"^(?P<s>[上本这這下])(?:个|個)?(?:星期|周|礼拜|禮拜)$")
_EN_MONTH = re.compile(rf"^(?:(?:the )?(?P<part>{PART})[ -]?(?:of )?)?(?P<s>last|this|next) month$")
_CN_MONTH = re.compile(
    rf"^(?P<s>[上本这這下])(?:个|個)?月份? ?"
    rf"(?:(?P<d>\d{{1,2}}|{CN_SMALL}) ?[日号]|(?P<part>{CN_PART}))?$"
)
_EN_YEAR = re.compile(rf"^{RELATIVE_YEAR}$")
_SO_FAR = re.compile(r"^(?P<when>earlier|later) this (?P<unit>week|month|year)$")
_LAST_MONTH_NAME = re.compile(r"^last (?P<month>[a-z]+\.?)$")
_EN_WEEKDAY = re.compile(rf"^(?:(?P<s>on|that|last|this|next) )?(?P<w>{WEEKDAY})$")
_CN_WEEKDAY = re.compile(rf"^(?:(?P<s>[上本这這下])(?:个|個)?)?{CN_WEEKDAY}$")


def relative_form(text: str, written: str) -> Form | None:
    """The form of a date relative to the source's, or None if ``text`` is not one."""
    for read in _READERS:
        made = read(text, written)
        if made is not None:
            return relative(written, made)
    return None


Make = Callable[[date], DateValue]


def _one_day(offset: int) -> Make:
    def make(anchor: date) -> DateValue:
        found = anchor + timedelta(days=offset)
        return DateValue(found, found, "day")

    return make


def _days(text: str, written: str) -> Make | None:
    if text in _DAYS:
        return _one_day(_DAYS[text])
    found = _DAYS_AGO.match(text)
    if found is None:
        return None
    count = found["n"] or found["cn"]
    if count.isdigit():
        return _one_day(-int(count))
    if found["cn"]:
        return _one_day(-number(count))
    if count not in _WORD_NUMBERS:
        return None
    return _one_day(-_WORD_NUMBERS[count])


def _weeks(text: str, written: str) -> Make | None:
    found = _EN_WEEK.match(text) or _CN_WEEK.match(text)
    if found is None:
        return None
    by = _SHIFT[found["s"]]
    return lambda anchor: week(anchor, by)


def _months(text: str, written: str) -> Make | None:
    """``last month``, ``late last month``, ``the end of this month``, ``上个月``, ``上月底``,
    ``本月 3 日``."""
    found = _EN_MONTH.match(text) or _CN_MONTH.match(text)
    if found is None:
        return None
    by, part = _SHIFT[found["s"]], found["part"]
    on = found.groupdict().get("d")

    def make(anchor: date) -> DateValue:
        year, month = shift_month(anchor.year, anchor.month, by)
        if on:
            found_day = day(year, month, number(on))
            return DateValue(found_day, found_day, "day")
        if part:
            return part_of_month(year, month, PARTS[part])
        return months(year, month, month, "month")

    return make


def _years(text: str, written: str) -> Make | None:
    if not _EN_YEAR.match(text):
        return None
    by = RELATIVE_YEARS[text]
    return lambda anchor: years(anchor.year + by, anchor.year + by, "year")


def _so_far(text: str, written: str) -> Make | None:
    """``earlier this month`` (from the 1st to the source's day), ``later this year``."""
    found = _SO_FAR.match(text)
    if found is None:
        return None
    earlier, unit = found["when"] == "earlier", found["unit"]

    def make(anchor: date) -> DateValue:
        if unit == "week":
            whole = week(anchor, 0)
        elif unit == "month":
            whole = months(anchor.year, anchor.month, anchor.month, "month")
        else:
            whole = years(anchor.year, anchor.year, "year")
        if earlier:
            return DateValue(whole.earliest, anchor, "range")
        return DateValue(anchor, whole.latest, "range")

    return make


def _last_month_named(text: str, written: str) -> Make | None:
    """``last December``: the most recent December before the source's month."""
    found = _LAST_MONTH_NAME.match(text)
    if found is None or found["month"] not in MONTHS:
        return None
    month = MONTHS[found["month"]]

    def make(anchor: date) -> DateValue:
        year = anchor.year if month < anchor.month else anchor.year - 1
        return DateValue(date(year, month, 1), date(year, month, month_end(year, month)), "month")

    return make


def _weekday(text: str, written: str) -> Make | None:
    english = _EN_WEEKDAY.match(text)
    if english:
        target, how = WEEKDAYS[english["w"]], english["s"] or "on"
        if how in ("this", "next"):
            raise ValueProblem(
                f"{written!r} can name either of two {_NAMES[target].title()}s: write the date"
            )
        strictly = how == "last"

        def most_recent(anchor: date) -> DateValue:
            back = (anchor.weekday() - target) % 7 or (7 if strictly else 0)
            found = anchor - timedelta(days=back)
            return DateValue(found, found, "day")

        return most_recent
    chinese = _CN_WEEKDAY.match(text)
    if chinese is None:
        return None
    target = CN_WEEKDAYS[chinese[2]]
    if chinese["s"] is None:
        return _weekday("that " + _NAMES[target], written)
    by = _SHIFT[chinese["s"]]

    def in_week(anchor: date) -> DateValue:
        found = week(anchor, by).earliest + timedelta(days=target)
        return DateValue(found, found, "day")

    return in_week


_NAMES = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

_READERS = (_days, _weeks, _months, _years, _so_far, _last_month_named, _weekday)
