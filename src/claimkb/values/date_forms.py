"""Single dates on the calendar, in English and Chinese: days, months and their thirds,
quarters, halves, seasons, thirds of a year, years and decades.

Each reader takes the normalised text (NFKC, lower case, single spaces) and returns a
:class:`~.date_core.Form`, or None when the text is not of its form. The year of a form may be
written (``2022``), left out (the source's year), written in two digits (``3Q22``: the
century nearest the source's year) or relative (``last year``, ``去年``: the source's year
shifted).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .date_core import (
    NO_YEAR,
    THIRDS,
    DateValue,
    Form,
    day,
    fixed,
    month_end,
    months,
    part_of_month,
    relative,
    years,
)
from .date_words import (
    CN_DIGIT,
    CN_PART,
    CN_SMALL,
    DECADE_THIRDS,
    MONTHS,
    ORDINALS,
    PART,
    PARTS,
    RELATIVE_YEAR,
    RELATIVE_YEARS,
    SEASONS,
    YEAR_THIRDS,
    century_of,
    cn_digits,
    number,
)
from .problems import ValueProblem

__all__ = ["single"]

DASH = r"\s*(?:–|—|-|~|to|至|到)\s*"
_ORD = r"(?:st|nd|rd|th)?"
_YEAR = rf"(?:(?P<y4>\d{{4}})|'(?P<y2>\d{{2}})|(?P<ry>{RELATIVE_YEAR}))"
_CN_YEAR = rf"(?:(?:(?P<y4>\d{{4}})|(?P<yc>{CN_DIGIT}{{4}}))\s*年|(?P<ry>[去今明前后後])年)"

_ISO = re.compile(r"^(\d{4})(?:[-/.](\d{1,2})(?:[-/.](\d{1,2}))?)?$")
_COMPACT = re.compile(
    r"^(?:(?P<n>[1-4])(?P<k>[qh])(?P<yy>\d{2}|\d{4})"
    r"|(?P<y>\d{4}) ?-?(?P<k2>[qh])(?P<n2>[1-4]))$"
)
_PERIOD = re.compile(
    r"^(?:the )?(?P<period>q[1-4]|h[12]|[1-4]q|[12]h"
    r"|(?:first|second|third|fourth|1st|2nd|3rd|4th)[ -](?:quarter|half)"
    rf"|spring|summer|autumn|fall|winter|{PART})"
    rf"(?:(?: of |[ ,-]+|(?=')){_YEAR})?$"
)
_WINTER = re.compile(
    r"^(?:the )?(?:winter (?:of )?(?P<a>\d{4}) ?[-/–] ?(?P<b>\d{2}|\d{4})"
    r"|(?P<a2>\d{4}) ?[-/–] ?(?P<b2>\d{2}|\d{4}) winter)$"
)
_DECADE = re.compile(r"^(?:the )?(?:(?P<part>early|mid|late)[ -](?:the )?)?(?P<d>'?\d{1,3}0)'?s$")
_EN_MONTH_DAY = re.compile(
    rf"^(?:the )?(?:(?P<part>{PART})[ -]?)?(?P<month>[a-z]+\.?)"
    rf"(?: (?P<d1>\d{{1,2}}){_ORD}(?:{DASH}(?P<d2>\d{{1,2}}){_ORD})?)?"
    rf"(?:(?:,? of|,)? {_YEAR})?$"
)
_EN_DAY_MONTH = re.compile(
    rf"^(?:the )?(?P<d1>\d{{1,2}}){_ORD}(?:{DASH}(?P<d2>\d{{1,2}}){_ORD})? (?:of )?"
    rf"(?P<month>[a-z]+\.?)(?:(?:,? of|,)? {_YEAR})?$"
)
_CN_ALONE = re.compile(rf"^{_CN_YEAR}$")
_CN_PERIOD = re.compile(
    rf"^{_CN_YEAR} ?(?:(?:第 ?)?(?P<q>[1-4一二三四]) ?季度?|q(?P<qq>[1-4])|(?P<h>[上下])半年"
    r"|(?P<s>[春夏秋冬])(?:季|天)?|年?(?P<t>[初中底末]))$"
)
_CN_MONTH_DAY = re.compile(
    rf"^(?:{_CN_YEAR} ?)?(?P<m>\d{{1,2}}|{CN_SMALL}) ?月份? ?"
    rf"(?:(?P<d1>\d{{1,2}}|{CN_SMALL})(?:{DASH}(?P<d2>\d{{1,2}}|{CN_SMALL}))? ?[日号]"
    rf"|(?P<part>{CN_PART}))?$"
)
_CN_DECADE = re.compile(
    r"^(?:(?P<c>\d{2}|二十一|二十|十九|十八|十七) ?世纪 ?)?"
    r"(?P<d>\d{3}0|\d0|[一二三四五六七八九]十) ?年代(?P<part>初期?|中期|末期?|后期)?$"
)
_FISCAL = re.compile(r"\bfy ?'?\d|\bfiscal\b|财年|財年|财政年度|會計年度|会计年度")
_CN_DECADE_PARTS = {
    "初": "early",
    "初期": "early",
    "中期": "mid",
    "末": "late",
    "末期": "late",
    "后期": "late",
}


def single(text: str, written: str) -> Form | None:
    """The form of one date (not a span of two), or None if ``text`` is of none."""
    if _FISCAL.search(text):
        raise ValueProblem(
            f"{written!r} names a fiscal period, whose months depend on the organisation's "
            "calendar: write the calendar dates it covers (e.g. 'Q3 2022' or "
            "'2022-07 to 2022-09')"
        )
    for read in _READERS:
        form = read(text, written)
        if form is not None:
            return form
    return None


def _in_year(
    match: re.Match[str], written: str, build: Callable[[int], DateValue], *, optional: bool
) -> Form | None:
    """The form of a period of a year, by how the year is written in ``match``."""
    groups = match.groupdict()
    if groups.get("y4"):
        return fixed(build(int(groups["y4"])))
    if groups.get("yc"):
        return fixed(build(cn_digits(groups["yc"])))
    if groups.get("y2"):
        two = int(groups["y2"])
        return Form(
            "year",
            lambda anchor: build(century_of(two, anchor.year)),
            f"{written!r} writes its year in two digits, and its source has no date to "
            "tell the century from: write the year in full",
        )
    if groups.get("ry"):
        by = RELATIVE_YEARS[groups["ry"]]
        return relative(written, lambda anchor: build(anchor.year + by))
    return Form("year", lambda anchor: build(anchor.year), NO_YEAR) if optional else None


def _iso(text: str, written: str) -> Form | None:
    iso = _ISO.match(text)
    if iso is None:
        return None
    year = int(iso.group(1))
    if iso.group(2) is None:
        day(year, 1, 1)  # year 0 is not on the calendar
        return fixed(years(year, year, "year"))
    return fixed(_month_or_days(year, int(iso.group(2)), iso.group(3), None, None))


def _compact(text: str, written: str) -> Form | None:
    """``3Q22``, ``1H23``, ``3Q2022``, ``2022Q3``, ``2022-H1``."""
    found = _COMPACT.match(text)
    if found is None:
        return None
    kind, n = (found["k"], int(found["n"])) if found["n"] else (found["k2"], int(found["n2"]))
    build = _quarter(n) if kind == "q" else _half(n)
    year = found["yy"] or found["y"]
    if len(year) == 4:
        return fixed(build(int(year)))
    two = int(year)
    return Form(
        "year",
        lambda anchor: build(century_of(two, anchor.year)),
        f"{written!r} writes its year in two digits, and its source has no date to tell the "
        "century from: write the year in full",
    )


def _quarter(n: int) -> Callable[[int], DateValue]:
    return lambda year: months(year, 3 * n - 2, 3 * n, "quarter")


def _half(n: int) -> Callable[[int], DateValue]:
    if n not in (1, 2):
        raise ValueProblem("a year has two halves")
    return lambda year: months(year, 6 * n - 5, 6 * n, "half-year")


def _season(name: str) -> Callable[[int], DateValue]:
    first, last = SEASONS[name]
    if first == 0:  # a winter: December of the year before to February
        return lambda year: months(year - 1, 12, 12 + last, "season")
    return lambda year: months(year, first, last, "season")


def _year_third(part: str) -> Callable[[int], DateValue]:
    first, last = YEAR_THIRDS[part]
    return lambda year: months(year, first, last, "part-of-year")


def _period(text: str, written: str) -> Form | None:
    """``Q3 2022``, ``the third quarter of 2022``, ``H1 2023``, ``first half of last year``,
    ``autumn 2023``, ``summer of '22``, ``late 2020``, ``mid-2021``, ``the end of 2020``."""
    found = _PERIOD.match(text)
    if found is None:
        return None
    period = found["period"]
    yearless = True
    if period[0] in "qh" or period[1:] in ("q", "h"):
        n = int(period[1] if period[0] in "qh" else period[0])
        build = _quarter(n) if "q" in period else _half(n)
    elif period.endswith(("quarter", "half")):
        ordinal, _, kind = period.replace("-", " ").partition(" ")
        build = _quarter(ORDINALS[ordinal]) if kind == "quarter" else _half(ORDINALS[ordinal])
    elif period in SEASONS:
        # a season but winter lies in one year: alone it takes the source's, as a month does
        build, yearless = _season(period), period != "winter"
    else:
        build, yearless = _year_third(PARTS[period]), False
    return _in_year(found, written, build, optional=yearless)


def _winter(text: str, written: str) -> Form | None:
    """``winter 2023-24``, ``the winter of 2022/23``, ``2022-23 winter``."""
    found = _WINTER.match(text)
    if found is None:
        return None
    first, second = (found["a"], found["b"]) if found["a"] else (found["a2"], found["b2"])
    year = int(first)
    if int(second) not in (year + 1, (year + 1) % 100):
        raise ValueProblem(f"{written!r}: a winter spans two consecutive years")
    return fixed(_season("winter")(year + 1))


def _decade(text: str, written: str) -> Form | None:
    """``the 1990s``, ``1990's``, ``the early 2000s``; ``the 90s`` is refused."""
    found = _DECADE.match(text)
    if found is None:
        return None
    if found["d"].startswith("'") or len(found["d"]) == 2:
        tens = found["d"].lstrip("'")
        raise ValueProblem(
            f"{written!r} does not say which century: write it in full (the 19{tens}s or "
            f"the 20{tens}s)"
        )
    return fixed(_decade_value(int(found["d"]), found["part"]))


def _decade_value(start: int, part: str | None) -> DateValue:
    if part is None:
        return years(start, start + 9, "decade")
    low, high = DECADE_THIRDS[part]
    return years(start + low, start + high, "part-of-decade")


def _month_or_days(
    year: int, month: int, d1: str | None, d2: str | None, part: str | None
) -> DateValue:
    if not 1 <= month <= 12:
        raise ValueProblem(f"month {month} does not exist")
    if d1:
        first = day(year, month, number(d1))
        if d2:
            last = day(year, month, number(d2))
            if last < first:
                raise ValueProblem("the day range runs backwards")
            return DateValue(first, last, "days")
        return DateValue(first, first, "day")
    if part:
        return part_of_month(year, month, PARTS[part])
    return DateValue(day(year, month, 1), day(year, month, month_end(year, month)), "month")


def _en_month(text: str, written: str) -> Form | None:
    """``November 4``, ``4–5 November 2025``, ``early November``, ``December of 2022``,
    ``the end of February last year``."""
    found = _EN_MONTH_DAY.match(text)
    if found is None or found["month"] not in MONTHS:
        found = _EN_DAY_MONTH.match(text)
    if found is None or found["month"] not in MONTHS:
        return None
    return _month_in_year(found, written, MONTHS[found["month"]])


def _month_in_year(found: re.Match[str], written: str, month: int) -> Form | None:
    """The month, part of it, day or days ``found`` reads, in the year it writes (if any)."""
    d1, d2, part = found["d1"], found["d2"], found.groupdict().get("part")
    if part and d1:
        raise ValueProblem(f"{written!r} gives both a part of the month and a day")
    return _in_year(
        found, written, lambda year: _month_or_days(year, month, d1, d2, part), optional=True
    )


def _cn_alone(text: str, written: str) -> Form | None:
    """``2005年``, ``一九五四年``, ``去年``."""
    found = _CN_ALONE.match(text)
    if found is None:
        return None
    return _in_year(found, written, lambda year: years(year, year, "year"), optional=False)


def _cn_period(text: str, written: str) -> Form | None:
    """``2022年第三季度``, ``2022年三季度``, ``2022年Q3``, ``2023年上半年``, ``2023年秋季``,
    ``2020年底``, ``去年年初``."""
    found = _CN_PERIOD.match(text)
    if found is None:
        return None
    if found["q"] or found["qq"]:
        quarter = found["q"] or found["qq"]
        build = _quarter(int(quarter) if quarter.isdigit() else number(quarter))
    elif found["h"]:
        build = _half(1 if found["h"] == "上" else 2)
    elif found["s"]:
        build = _season(found["s"])
    else:
        build = _year_third(PARTS[found["t"]])
    return _in_year(found, written, build, optional=False)


def _cn_month(text: str, written: str) -> Form | None:
    """``2026 年 11 月 6 日``, ``11 月 4—5 日``, ``十一月``, ``11 月下旬``, ``去年 12 月``."""
    found = _CN_MONTH_DAY.match(text)
    if found is None:
        return None
    return _month_in_year(found, written, number(found["m"]))


def _cn_decade(text: str, written: str) -> Form | None:
    """``1990年代``, ``20世纪90年代``, ``二十世纪九十年代末``; ``90年代`` is refused."""
    found = _CN_DECADE.match(text)
    if found is None:
        return None
    written_decade, century = found["d"], found["c"]
    part = _CN_DECADE_PARTS[found["part"]] if found["part"] else None
    if len(written_decade) == 4:
        if century:
            raise ValueProblem(f"{written!r} names its century twice")
        return fixed(_decade_value(int(written_decade), part))
    tens = int(written_decade) if written_decade.isdigit() else number(written_decade)
    if not century:
        raise ValueProblem(
            f"{written!r} does not say which century: write it in full "
            f"(19{tens:02d}年代 or 20世纪{tens:02d}年代)"
        )
    hundreds = int(century) if century.isdigit() else number(century)
    return fixed(_decade_value((hundreds - 1) * 100 + tens, part))


_READERS = (
    _iso,
    _compact,
    _period,
    _winter,
    _decade,
    _en_month,
    _cn_alone,
    _cn_period,
    _cn_month,
    _cn_decade,
)

assert set(THIRDS) == set(YEAR_THIRDS) == set(DECADE_THIRDS)
