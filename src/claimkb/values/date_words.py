"""The words dates are written with, in English and Chinese: months, weekdays, ordinals,
Chinese numerals, the parts of a year, and the years a relative word names."""

from __future__ import annotations

import calendar
import re

from .problems import ValueProblem

MONTHS = {
    name: number
    for number in range(1, 13)
    for name in (
        calendar.month_name[number].lower(),
        calendar.month_abbr[number].lower(),
        calendar.month_abbr[number].lower() + ".",
    )
}
MONTHS["sept"] = MONTHS["sept."] = 9

WEEKDAYS = {
    name: number
    for number, (full, *short) in enumerate(
        [
            ("monday", "mon"),
            ("tuesday", "tue", "tues"),
            ("wednesday", "wed"),
            ("thursday", "thu", "thur", "thurs"),
            ("friday", "fri"),
            ("saturday", "sat"),
            ("sunday", "sun"),
        ]
    )
    for name in (full, *short, *(s + "." for s in short))
}
"""English weekday names and abbreviations -> Monday = 0 … Sunday = 6."""
WEEKDAY = r"(?:" + "|".join(sorted(map(re.escape, WEEKDAYS), key=len, reverse=True)) + r")"

CN_WEEKDAYS = {c: i for i, c in enumerate("一二三四五六")} | {"日": 6, "天": 6, "七": 6}
CN_WEEKDAY = r"(?:星期|周|礼拜|禮拜)([一二三四五六日天七])"
"""周一 … 周日, 星期一 … 星期天, 礼拜一 … 礼拜天."""

ORDINALS = {
    "first": 1,
    "1st": 1,
    "second": 2,
    "2nd": 2,
    "third": 3,
    "3rd": 3,
    "fourth": 4,
    "4th": 4,
}

SEASONS = {
    "spring": (3, 5),
    "summer": (6, 8),
    "autumn": (9, 11),
    "fall": (9, 11),
    "winter": (0, 2),
    "春": (3, 5),
    "夏": (6, 8),
    "秋": (9, 11),
    "冬": (0, 2),
}
"""Meteorological seasons of the northern hemisphere, as months of their year. A winter runs
from December into February and is named by the year of its January and February, which
hold most of its days: ``winter 2022`` is 2021-12-01 to 2022-02-28 (the Beijing 2022 Winter
Olympics were in it); the winter that starts in December 2022 is ``winter 2022-23``. A KB
about the southern hemisphere should write months instead."""

YEAR_THIRDS = {"early": (1, 4), "mid": (5, 8), "late": (9, 12)}
"""``early 2020`` is January-April, ``mid-2021`` May-August, ``late 2020`` September-December
(a third of the year, as ``early November`` is a third of the month)."""

DECADE_THIRDS = {"early": (0, 3), "mid": (4, 6), "late": (7, 9)}

PARTS = {
    "early": "early",
    "beginning of": "early",
    "start of": "early",
    "mid": "mid",
    "middle of": "mid",
    "late": "late",
    "end of": "late",
    "初": "early",
    "上旬": "early",
    "中": "mid",
    "中旬": "mid",
    "下旬": "late",
    "底": "late",
    "末": "late",
}
"""Written parts of a period -> its third."""
PART = r"(?:early|mid|late|beginning of|start of|middle of|end of)"
CN_PART = r"(?:初|上旬|中旬|下旬|底|末|中)"

RELATIVE_YEARS = {
    "last year": -1,
    "this year": 0,
    "next year": 1,
    "the year before last": -2,
    "the year after next": 2,
    "去": -1,
    "今": 0,
    "明": 1,
    "前": -2,
    "后": 2,
    "後": 2,
}
"""A year relative to the source's: ``last year``, ``去年`` (the key before 年)."""
RELATIVE_YEAR = r"(?:last year|this year|next year|the year before last|the year after next)"

_CN_DIGITS = {c: i for i, c in enumerate("〇一二三四五六七八九")} | {"零": 0, "○": 0}
CN_DIGIT = r"[〇○零一二三四五六七八九]"
CN_SMALL = r"[一二三四五六七八九十]{1,3}"
"""A Chinese numeral from 一 to 三十一 (a month or a day)."""


def cn_digits(text: str) -> int:
    """``一九五四`` -> 1954: a year written digit by digit."""
    return int("".join(str(_CN_DIGITS[c]) for c in text))


def number(text: str) -> int:
    """A month or day number in Arabic digits or Chinese numerals (``十一``, ``二十三``)."""
    if text.isdigit():
        return int(text)
    tens, ten, units = text.partition("十")
    if not ten:
        if len(text) != 1:
            raise ValueProblem(f"{text!r} is not a number of a month or a day")
        return _CN_DIGITS[text]
    if len(tens) > 1 or len(units) > 1 or tens == "一":
        raise ValueProblem(f"{text!r} is not a number of a month or a day")
    return (_CN_DIGITS[tens] if tens else 1) * 10 + (_CN_DIGITS[units] if units else 0)


def century_of(two_digits: int, near: int) -> int:
    """The year ending in ``two_digits`` nearest to ``near`` (the source's year): a source of
    2023 reads ``3Q22`` as 2022 and ``3Q98`` as 1998."""
    base = near - near % 100 + two_digits
    return min((base - 100, base, base + 100), key=lambda y: (abs(y - near), -y))
