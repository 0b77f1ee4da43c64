"""Dates with the precision they were written in, the year taken from the source when absent."""

from __future__ import annotations

from datetime import date

import pytest

from claimkb.values import ValueProblem, parse_date, year_of

D = date

FORMS = [
    # written, earliest, latest, precision (the source's year is 2026)
    ("2026-11-06", D(2026, 11, 6), D(2026, 11, 6), "day"),
    ("2026/11/06", D(2026, 11, 6), D(2026, 11, 6), "day"),
    ("2026.11.6", D(2026, 11, 6), D(2026, 11, 6), "day"),
    ("2026-11", D(2026, 11, 1), D(2026, 11, 30), "month"),
    ("2026", D(2026, 1, 1), D(2026, 12, 31), "year"),
    ("November 4", D(2026, 11, 4), D(2026, 11, 4), "day"),
    ("Nov 4", D(2026, 11, 4), D(2026, 11, 4), "day"),
    ("Nov. 4", D(2026, 11, 4), D(2026, 11, 4), "day"),
    ("Sept 3", D(2026, 9, 3), D(2026, 9, 3), "day"),
    ("4 November", D(2026, 11, 4), D(2026, 11, 4), "day"),
    ("the 4th of November", D(2026, 11, 4), D(2026, 11, 4), "day"),
    ("November 4th, 2025", D(2025, 11, 4), D(2025, 11, 4), "day"),
    ("Nov 4–5", D(2026, 11, 4), D(2026, 11, 5), "days"),
    ("4–5 November", D(2026, 11, 4), D(2026, 11, 5), "days"),
    ("November", D(2026, 11, 1), D(2026, 11, 30), "month"),
    ("early November", D(2026, 11, 1), D(2026, 11, 10), "part-of-month"),
    ("mid-November", D(2026, 11, 11), D(2026, 11, 20), "part-of-month"),
    ("late November", D(2026, 11, 21), D(2026, 11, 30), "part-of-month"),
    ("end of February", D(2026, 2, 21), D(2026, 2, 28), "part-of-month"),
    ("late February 2024", D(2024, 2, 21), D(2024, 2, 29), "part-of-month"),
    ("2026 年 11 月 6 日", D(2026, 11, 6), D(2026, 11, 6), "day"),
    ("2025年11月", D(2025, 11, 1), D(2025, 11, 30), "month"),
    ("11 月 4—5 日", D(2026, 11, 4), D(2026, 11, 5), "days"),
    ("12 月 4 号", D(2026, 12, 4), D(2026, 12, 4), "day"),
    ("１１月４日", D(2026, 11, 4), D(2026, 11, 4), "day"),
    ("11 月", D(2026, 11, 1), D(2026, 11, 30), "month"),
    ("11 月初", D(2026, 11, 1), D(2026, 11, 10), "part-of-month"),
    ("十一月", D(2026, 11, 1), D(2026, 11, 30), "month"),
    ("11月上旬", D(2026, 11, 1), D(2026, 11, 10), "part-of-month"),
    ("11 月中旬", D(2026, 11, 11), D(2026, 11, 20), "part-of-month"),
    ("11 月下旬", D(2026, 11, 21), D(2026, 11, 30), "part-of-month"),
    ("11月底", D(2026, 11, 21), D(2026, 11, 30), "part-of-month"),
    ("2024-02-29", D(2024, 2, 29), D(2024, 2, 29), "day"),
    # two dates joined by a range separator; the second may omit what it shares
    ("Nov 4 - Nov 5", D(2026, 11, 4), D(2026, 11, 5), "days"),
    ("Nov 30 – Dec 2", D(2026, 11, 30), D(2026, 12, 2), "days"),
    ("11 月 4 日至 5 日", D(2026, 11, 4), D(2026, 11, 5), "days"),
    ("2026-11-04 to 2026-11-06", D(2026, 11, 4), D(2026, 11, 6), "days"),
    ("early November to mid-November", D(2026, 11, 1), D(2026, 11, 20), "range"),
    ("November – December", D(2026, 11, 1), D(2026, 12, 31), "range"),
]


@pytest.mark.parametrize("written, earliest, latest, precision", FORMS, ids=[f[0] for f in FORMS])
def test_date_form_reads_with_its_precision(
    written: str, earliest: date, latest: date, precision: str
) -> None:
    value = parse_date(written, default_year=2026)
    assert (value.earliest, value.latest, value.precision) == (earliest, latest, precision)


def test_a_written_year_wins_over_the_source_year() -> None:
    assert parse_date("2025-11-06", default_year=2026).earliest == D(2025, 11, 6)
    assert parse_date("2025 年 11 月 6 日", default_year=2026).earliest == D(2025, 11, 6)


def test_to_dict_and_label() -> None:
    value = parse_date("Nov 4–5", default_year=2026)
    assert value.to_dict() == {
        "type": "date",
        "earliest": "2026-11-04",
        "latest": "2026-11-05",
        "precision": "days",
    }
    assert value.label == "2026-11-04..2026-11-05"
    assert parse_date("2026-11-06").label == "2026-11-06"


@pytest.mark.parametrize(
    "written, year",
    [
        ("2026-11-12", 2026),
        ("2026-11", 2026),
        (2026, 2026),
        ("2026 年 11 月 8 日", 2026),
        ("Nov 4", None),
        (None, None),
        ("", None),
    ],
)
def test_year_of_a_source_date(written: object, year: int | None) -> None:
    assert year_of(written) == year


UNREADABLE = [
    ("", 2026, "the value is empty"),
    ("   ", 2026, "the value is empty"),
    ("November 4", None, "the date has no year and its source has no date to take it from"),
    ("11 月初", None, "the date has no year and its source has no date to take it from"),
    ("2026-02-30", 2026, "2026-02-30 is not a calendar date"),
    ("2025-02-29", 2026, "2025-02-29 is not a calendar date"),
    ("November 31", 2026, "2026-11-31 is not a calendar date"),
    ("11 月 32 日", 2026, "2026-11-32 is not a calendar date"),
    ("2026-13", 2026, "month 13 does not exist"),
    ("2026-00-01", 2026, "month 0 does not exist"),
    ("0000", 2026, "0000-01-01 is not a calendar date"),
    ("Nov 5–4", 2026, "the day range runs backwards"),
    ("Nov 5 - Nov 4", 2026, "the range 'Nov 5 - Nov 4' runs backwards"),
    ("Nov 4 to someday", 2026, "'Nov 4 to someday' is not a date form claimkb reads"),
    ("early November 4", 2026, "'early November 4' gives both a part of the month and a day"),
    ("Novembr 4", 2026, "'Novembr 4' is not a date form claimkb reads"),
    ("11/06/2026", 2026, "'11/06/2026' is not a date form claimkb reads"),
    ("20261106", 2026, "'20261106' is not a date form claimkb reads"),
    ("2026-11-06T10:00", 2026, "'2026-11-06T10:00' is not a date form claimkb reads"),
    ("十三月", 2026, "month 13 does not exist"),
    ("early", 2026, "'early' is not a date form claimkb reads"),
]


@pytest.mark.parametrize(
    "written, year, message", UNREADABLE, ids=[u[0] or "empty" for u in UNREADABLE]
)
def test_unreadable_date_says_why(written: str, year: int | None, message: str) -> None:
    with pytest.raises(ValueProblem) as problem:
        parse_date(written, default_year=year)
    assert str(problem.value) == message
