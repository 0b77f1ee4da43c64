"""Dates relative to the source's own date, resolved with that date's precision: election
night reports ("yesterday"), census follow-ups ("that Sunday"), survey retrospectives
("去年"), and what happens when the source is dated only to the month or not at all."""

from __future__ import annotations

from datetime import date

import pytest

from claimkb.values import DateValue, NeedsSourceDate, ValueProblem, parse_date, parse_value

D = date


def day(y: int, m: int, d: int) -> DateValue:
    return DateValue(D(y, m, d), D(y, m, d), "day")


ELECTION_NIGHT = day(2020, 11, 4)  # a Wednesday: the US election was Tuesday 3 November 2020
CENSUS_MONDAY = day(2021, 3, 22)  # the day after Census 2021 (England and Wales), a Sunday
TAIWAN_SUNDAY = day(2024, 1, 14)  # the day after the 13 January 2024 election, a Saturday
EVEREST_NEWS = day(2020, 12, 8)  # China and Nepal announced 8,848.86 m on 8 December 2020
MONTH_ONLY = DateValue(D(2020, 12, 1), D(2020, 12, 31), "month")
YEAR_ONLY = DateValue(D(2021, 1, 1), D(2021, 12, 31), "year")

RELATIVE = [
    # written, source date, earliest, latest, precision
    ("yesterday", ELECTION_NIGHT, D(2020, 11, 3), D(2020, 11, 3), "day"),
    ("Yesterday", ELECTION_NIGHT, D(2020, 11, 3), D(2020, 11, 3), "day"),
    ("today", EVEREST_NEWS, D(2020, 12, 8), D(2020, 12, 8), "day"),
    ("tomorrow", day(2020, 11, 2), D(2020, 11, 3), D(2020, 11, 3), "day"),
    ("the day before yesterday", ELECTION_NIGHT, D(2020, 11, 2), D(2020, 11, 2), "day"),
    ("2 days ago", ELECTION_NIGHT, D(2020, 11, 2), D(2020, 11, 2), "day"),
    ("three days ago", ELECTION_NIGHT, D(2020, 11, 1), D(2020, 11, 1), "day"),
    ("昨天", TAIWAN_SUNDAY, D(2024, 1, 13), D(2024, 1, 13), "day"),
    ("昨日", TAIWAN_SUNDAY, D(2024, 1, 13), D(2024, 1, 13), "day"),
    ("今天", EVEREST_NEWS, D(2020, 12, 8), D(2020, 12, 8), "day"),
    ("前天", TAIWAN_SUNDAY, D(2024, 1, 12), D(2024, 1, 12), "day"),
    ("3天前", TAIWAN_SUNDAY, D(2024, 1, 11), D(2024, 1, 11), "day"),
    # weeks run Monday to Sunday
    ("last week", CENSUS_MONDAY, D(2021, 3, 15), D(2021, 3, 21), "week"),
    ("this week", CENSUS_MONDAY, D(2021, 3, 22), D(2021, 3, 28), "week"),
    ("next week", CENSUS_MONDAY, D(2021, 3, 29), D(2021, 4, 4), "week"),
    ("上周", TAIWAN_SUNDAY, D(2024, 1, 1), D(2024, 1, 7), "week"),
    ("本周", TAIWAN_SUNDAY, D(2024, 1, 8), D(2024, 1, 14), "week"),
    ("下个星期", TAIWAN_SUNDAY, D(2024, 1, 15), D(2024, 1, 21), "week"),
    # months and years, and their parts
    ("last month", EVEREST_NEWS, D(2020, 11, 1), D(2020, 11, 30), "month"),
    ("next month", EVEREST_NEWS, D(2021, 1, 1), D(2021, 1, 31), "month"),
    ("late last month", EVEREST_NEWS, D(2020, 11, 21), D(2020, 11, 30), "part-of-month"),
    ("the end of this month", EVEREST_NEWS, D(2020, 12, 21), D(2020, 12, 31), "part-of-month"),
    ("上个月", EVEREST_NEWS, D(2020, 11, 1), D(2020, 11, 30), "month"),
    ("上月底", EVEREST_NEWS, D(2020, 11, 21), D(2020, 11, 30), "part-of-month"),
    ("本月3日", EVEREST_NEWS, D(2020, 12, 3), D(2020, 12, 3), "day"),
    ("下个月中旬", EVEREST_NEWS, D(2021, 1, 11), D(2021, 1, 20), "part-of-month"),
    ("last year", day(2021, 5, 27), D(2020, 1, 1), D(2020, 12, 31), "year"),
    ("this year", EVEREST_NEWS, D(2020, 1, 1), D(2020, 12, 31), "year"),
    ("next year", EVEREST_NEWS, D(2021, 1, 1), D(2021, 12, 31), "year"),
    ("the year before last", EVEREST_NEWS, D(2018, 1, 1), D(2018, 12, 31), "year"),
    ("去年", day(2021, 5, 27), D(2020, 1, 1), D(2020, 12, 31), "year"),
    ("今年", EVEREST_NEWS, D(2020, 1, 1), D(2020, 12, 31), "year"),
    ("明年", EVEREST_NEWS, D(2021, 1, 1), D(2021, 12, 31), "year"),
    ("前年", EVEREST_NEWS, D(2018, 1, 1), D(2018, 12, 31), "year"),
    ("去年12月8日", day(2021, 5, 27), D(2020, 12, 8), D(2020, 12, 8), "day"),
    ("去年底", day(2021, 5, 27), D(2020, 9, 1), D(2020, 12, 31), "part-of-year"),
    ("今年上半年", EVEREST_NEWS, D(2020, 1, 1), D(2020, 6, 30), "half-year"),
    ("去年第三季度", day(2021, 5, 27), D(2020, 7, 1), D(2020, 9, 30), "quarter"),
    ("去年秋天", day(2021, 5, 27), D(2020, 9, 1), D(2020, 11, 30), "season"),
    ("late last year", day(2021, 5, 27), D(2020, 9, 1), D(2020, 12, 31), "part-of-year"),
    ("Q3 last year", day(2021, 5, 27), D(2020, 7, 1), D(2020, 9, 30), "quarter"),
    ("December last year", day(2021, 5, 27), D(2020, 12, 1), D(2020, 12, 31), "month"),
    ("December of last year", day(2021, 5, 27), D(2020, 12, 1), D(2020, 12, 31), "month"),
    ("last December", day(2021, 5, 27), D(2020, 12, 1), D(2020, 12, 31), "month"),
    ("last December", EVEREST_NEWS, D(2019, 12, 1), D(2019, 12, 31), "month"),
    ("earlier this month", EVEREST_NEWS, D(2020, 12, 1), D(2020, 12, 8), "range"),
    ("later this year", EVEREST_NEWS, D(2020, 12, 8), D(2020, 12, 31), "range"),
    # weekdays: the most recent one on or before the source's date ...
    ("that Sunday", CENSUS_MONDAY, D(2021, 3, 21), D(2021, 3, 21), "day"),
    ("on Sunday", CENSUS_MONDAY, D(2021, 3, 21), D(2021, 3, 21), "day"),
    ("Sunday", CENSUS_MONDAY, D(2021, 3, 21), D(2021, 3, 21), "day"),
    ("on Monday", CENSUS_MONDAY, D(2021, 3, 22), D(2021, 3, 22), "day"),
    ("Tuesday", ELECTION_NIGHT, D(2020, 11, 3), D(2020, 11, 3), "day"),
    ("周六", TAIWAN_SUNDAY, D(2024, 1, 13), D(2024, 1, 13), "day"),
    ("星期天", TAIWAN_SUNDAY, D(2024, 1, 14), D(2024, 1, 14), "day"),
    # ... "last" one strictly before it; 上周/本周/下周 + a weekday is that day of that week
    ("last Monday", CENSUS_MONDAY, D(2021, 3, 15), D(2021, 3, 15), "day"),
    ("last Sunday", CENSUS_MONDAY, D(2021, 3, 21), D(2021, 3, 21), "day"),
    ("上周六", TAIWAN_SUNDAY, D(2024, 1, 6), D(2024, 1, 6), "day"),
    ("本周六", TAIWAN_SUNDAY, D(2024, 1, 13), D(2024, 1, 13), "day"),
    ("上个星期五", TAIWAN_SUNDAY, D(2024, 1, 5), D(2024, 1, 5), "day"),
    ("下周一", TAIWAN_SUNDAY, D(2024, 1, 15), D(2024, 1, 15), "day"),
    # a source dated only to the month or the year: every day it may have been written on
    ("yesterday", MONTH_ONLY, D(2020, 11, 30), D(2020, 12, 30), "range"),
    ("last month", MONTH_ONLY, D(2020, 11, 1), D(2020, 11, 30), "month"),
    ("last year", MONTH_ONLY, D(2019, 1, 1), D(2019, 12, 31), "year"),
    ("on Sunday", MONTH_ONLY, D(2020, 11, 29), D(2020, 12, 27), "range"),
    ("last week", MONTH_ONLY, D(2020, 11, 23), D(2020, 12, 27), "range"),
    ("去年", YEAR_ONLY, D(2020, 1, 1), D(2020, 12, 31), "year"),
    ("上个月", YEAR_ONLY, D(2020, 12, 1), D(2021, 11, 30), "range"),
    # a relative date in a span
    ("yesterday to today", ELECTION_NIGHT, D(2020, 11, 3), D(2020, 11, 4), "days"),
    ("from last year to next year", EVEREST_NEWS, D(2019, 1, 1), D(2021, 12, 31), "range"),
]


@pytest.mark.parametrize(
    "written, source, earliest, latest, precision", RELATIVE, ids=[r[0] for r in RELATIVE]
)
def test_relative_date_is_read_against_the_source_date(
    written: str, source: DateValue, earliest: date, latest: date, precision: str
) -> None:
    value = parse_date(written, source=source)
    assert (value.earliest, value.latest, value.precision) == (earliest, latest, precision)


def test_parse_value_passes_the_source_date_to_a_date() -> None:
    value = parse_value("date", "yesterday", default_year=2020, source_date=ELECTION_NIGHT)
    assert value == day(2020, 11, 3)


def test_the_source_date_gives_the_year_of_a_date_without_one() -> None:
    assert parse_date("Nov 3", source=ELECTION_NIGHT) == day(2020, 11, 3)
    assert parse_date("3Q98", source=YEAR_ONLY).earliest == D(1998, 7, 1)


@pytest.mark.parametrize(
    "written", ["yesterday", "last year", "去年", "上个月底", "that Sunday", "去年第三季度"]
)
def test_relative_date_in_an_undated_source_says_to_date_the_source(written: str) -> None:
    with pytest.raises(NeedsSourceDate) as problem:
        parse_date(written, default_year=None, source=None)
    assert str(problem.value) == (
        f"{written!r} is relative to the date of its source, which has none: give the source "
        "a date (date: 2026-11-06, or 2026-11 if only the month is known)"
    )


@pytest.mark.parametrize(
    "written, message",
    [
        ("next Friday", "'next Friday' can name either of two Fridays: write the date"),
        ("this Sunday", "'this Sunday' can name either of two Sundays: write the date"),
        ("last smarch", "'last smarch' is not a date form claimkb reads"),
        ("sunday last", "'sunday last' is not a date form claimkb reads"),
    ],
)
def test_ambiguous_relative_date_is_refused(written: str, message: str) -> None:
    with pytest.raises(ValueProblem) as problem:
        parse_date(written, source=CENSUS_MONDAY)
    assert str(problem.value) == message


def test_a_relative_date_past_the_calendar_is_a_problem_not_a_crash() -> None:
    with pytest.raises(ValueProblem) as problem:
        parse_date("yesterday", source=day(1, 1, 1))
    assert str(problem.value) == "the date falls outside the calendar claimkb reads (years 1-9999)"
    with pytest.raises(ValueProblem):
        parse_date("next year", source=day(9999, 6, 1))
