"""Calendar periods as articles on many subjects write them, each read as an exact closed
interval of days with its precision: company quarters and halves, seasons of sports and
surveys, thirds of a year, bare years of mountain surveys, decades, and spans across months
and years (tournaments, elections)."""

from __future__ import annotations

from datetime import date

import pytest

from claimkb.values import ValueProblem, parse_date

D = date

PERIODS = [
    # written, source year (None: undated source), earliest, latest, precision
    # -- a company's calendar quarters and halves (revenue reports)
    ("Q3 2022", None, D(2022, 7, 1), D(2022, 9, 30), "quarter"),
    ("q4 2023", None, D(2023, 10, 1), D(2023, 12, 31), "quarter"),
    ("Q1 '24", 2024, D(2024, 1, 1), D(2024, 3, 31), "quarter"),
    ("3Q22", 2023, D(2022, 7, 1), D(2022, 9, 30), "quarter"),
    ("4Q98", 2001, D(1998, 10, 1), D(1998, 12, 31), "quarter"),
    ("2Q2021", None, D(2021, 4, 1), D(2021, 6, 30), "quarter"),
    ("2022Q3", None, D(2022, 7, 1), D(2022, 9, 30), "quarter"),
    ("2022-Q4", None, D(2022, 10, 1), D(2022, 12, 31), "quarter"),
    ("third quarter of 2022", None, D(2022, 7, 1), D(2022, 9, 30), "quarter"),
    ("the 2nd quarter of 2019", None, D(2019, 4, 1), D(2019, 6, 30), "quarter"),
    ("fourth-quarter 2020", None, D(2020, 10, 1), D(2020, 12, 31), "quarter"),
    ("Q2", 2025, D(2025, 4, 1), D(2025, 6, 30), "quarter"),
    ("2022 年第三季度", None, D(2022, 7, 1), D(2022, 9, 30), "quarter"),
    ("2022年三季度", None, D(2022, 7, 1), D(2022, 9, 30), "quarter"),
    ("2023年第1季度", None, D(2023, 1, 1), D(2023, 3, 31), "quarter"),
    ("2023年Q2", None, D(2023, 4, 1), D(2023, 6, 30), "quarter"),
    ("２０２３年第四季度", None, D(2023, 10, 1), D(2023, 12, 31), "quarter"),
    ("H1 2023", None, D(2023, 1, 1), D(2023, 6, 30), "half-year"),
    ("2H 2023", None, D(2023, 7, 1), D(2023, 12, 31), "half-year"),
    ("1H24", 2024, D(2024, 1, 1), D(2024, 6, 30), "half-year"),
    ("first half of 2023", None, D(2023, 1, 1), D(2023, 6, 30), "half-year"),
    ("the second half of 2023", None, D(2023, 7, 1), D(2023, 12, 31), "half-year"),
    ("2023年上半年", None, D(2023, 1, 1), D(2023, 6, 30), "half-year"),
    ("2023年下半年", None, D(2023, 7, 1), D(2023, 12, 31), "half-year"),
    # -- seasons (northern hemisphere, meteorological): Tokyo 2020 ran 23 July - 8 August 2021
    ("summer 2021", None, D(2021, 6, 1), D(2021, 8, 31), "season"),
    ("the summer of 2021", None, D(2021, 6, 1), D(2021, 8, 31), "season"),
    ("spring 2020", None, D(2020, 3, 1), D(2020, 5, 31), "season"),
    ("autumn 2023", None, D(2023, 9, 1), D(2023, 11, 30), "season"),
    ("fall 2023", None, D(2023, 9, 1), D(2023, 11, 30), "season"),
    ("summer of '21", 2022, D(2021, 6, 1), D(2021, 8, 31), "season"),
    ("2023年秋季", None, D(2023, 9, 1), D(2023, 11, 30), "season"),
    ("2023年秋天", None, D(2023, 9, 1), D(2023, 11, 30), "season"),
    ("2021年夏", None, D(2021, 6, 1), D(2021, 8, 31), "season"),
    # a winter is named by the year of its January and February (Beijing 2022: 4-20 Feb 2022)
    ("winter 2022", None, D(2021, 12, 1), D(2022, 2, 28), "season"),
    ("winter 2024", None, D(2023, 12, 1), D(2024, 2, 29), "season"),
    ("2022年冬季", None, D(2021, 12, 1), D(2022, 2, 28), "season"),
    ("winter 2021-22", None, D(2021, 12, 1), D(2022, 2, 28), "season"),
    ("the winter of 2022/2023", None, D(2022, 12, 1), D(2023, 2, 28), "season"),
    ("2023–24 winter", None, D(2023, 12, 1), D(2024, 2, 29), "season"),
    # -- early / mid / late, for a year (thirds) as for a month
    ("late 2020", None, D(2020, 9, 1), D(2020, 12, 31), "part-of-year"),
    ("mid-2021", None, D(2021, 5, 1), D(2021, 8, 31), "part-of-year"),
    ("mid 2021", None, D(2021, 5, 1), D(2021, 8, 31), "part-of-year"),
    ("early 2019", None, D(2019, 1, 1), D(2019, 4, 30), "part-of-year"),
    ("the end of 2020", None, D(2020, 9, 1), D(2020, 12, 31), "part-of-year"),
    ("the beginning of 2005", None, D(2005, 1, 1), D(2005, 4, 30), "part-of-year"),
    ("2020年底", None, D(2020, 9, 1), D(2020, 12, 31), "part-of-year"),
    ("2020年年底", None, D(2020, 9, 1), D(2020, 12, 31), "part-of-year"),
    ("2020年末", None, D(2020, 9, 1), D(2020, 12, 31), "part-of-year"),
    ("2021年初", None, D(2021, 1, 1), D(2021, 4, 30), "part-of-year"),
    ("2021年年中", None, D(2021, 5, 1), D(2021, 8, 31), "part-of-year"),
    ("the end of March 2021", None, D(2021, 3, 21), D(2021, 3, 31), "part-of-month"),
    # -- months and days in more words
    ("December of 2022", None, D(2022, 12, 1), D(2022, 12, 31), "month"),
    ("2020年11月份", None, D(2020, 11, 1), D(2020, 11, 30), "month"),
    ("十二月十八日", 2022, D(2022, 12, 18), D(2022, 12, 18), "day"),
    # -- bare years (mountain surveys: Survey of India 1954, China 1975 and 2005)
    ("2005年", None, D(2005, 1, 1), D(2005, 12, 31), "year"),
    ("1954 年", None, D(1954, 1, 1), D(1954, 12, 31), "year"),
    ("一九五四年", None, D(1954, 1, 1), D(1954, 12, 31), "year"),
    ("二〇〇五年", None, D(2005, 1, 1), D(2005, 12, 31), "year"),
    ("二零二零年", None, D(2020, 1, 1), D(2020, 12, 31), "year"),
    # -- decades
    ("the 1990s", None, D(1990, 1, 1), D(1999, 12, 31), "decade"),
    ("1850s", None, D(1850, 1, 1), D(1859, 12, 31), "decade"),
    ("the 1990's", None, D(1990, 1, 1), D(1999, 12, 31), "decade"),
    ("the early 2000s", None, D(2000, 1, 1), D(2003, 12, 31), "part-of-decade"),
    ("mid-1990s", None, D(1994, 1, 1), D(1996, 12, 31), "part-of-decade"),
    ("late 1960s", None, D(1967, 1, 1), D(1969, 12, 31), "part-of-decade"),
    ("1990年代", None, D(1990, 1, 1), D(1999, 12, 31), "decade"),
    ("20世纪90年代", None, D(1990, 1, 1), D(1999, 12, 31), "decade"),
    ("二十世纪五十年代", None, D(1950, 1, 1), D(1959, 12, 31), "decade"),
    ("20世纪50年代初", None, D(1950, 1, 1), D(1953, 12, 31), "part-of-decade"),
    ("1980年代末期", None, D(1987, 1, 1), D(1989, 12, 31), "part-of-decade"),
    # -- spans across months and years (2022 World Cup: 20 Nov - 18 Dec 2022)
    ("Nov 20 – Dec 18, 2022", None, D(2022, 11, 20), D(2022, 12, 18), "days"),
    ("Nov 28 – Dec 3, 2025", None, D(2025, 11, 28), D(2025, 12, 3), "days"),
    ("20 November to 18 December 2022", None, D(2022, 11, 20), D(2022, 12, 18), "days"),
    # India's 2024 general election, in seven phases
    ("19 April – 1 June 2024", None, D(2024, 4, 19), D(2024, 6, 1), "days"),
    ("between March and May 2024", None, D(2024, 3, 1), D(2024, 5, 31), "range"),
    ("from March to May 2024", None, D(2024, 3, 1), D(2024, 5, 31), "range"),
    ("March through May 2024", None, D(2024, 3, 1), D(2024, 5, 31), "range"),
    ("从2024年3月到5月", None, D(2024, 3, 1), D(2024, 5, 31), "range"),
    ("Dec 28 – Jan 3, 2026", None, D(2025, 12, 28), D(2026, 1, 3), "days"),
    ("Dec 28, 2025 – Jan 3", None, D(2025, 12, 28), D(2026, 1, 3), "days"),
    ("Dec 28 – Jan 3", 2025, D(2025, 12, 28), D(2026, 1, 3), "days"),
    ("Q3–Q4 2022", None, D(2022, 7, 1), D(2022, 12, 31), "range"),
    ("Q4 – Q1 2023", None, D(2022, 10, 1), D(2023, 3, 31), "range"),
    ("1952-1954", None, D(1952, 1, 1), D(1954, 12, 31), "range"),
    ("1952–54", None, D(1952, 1, 1), D(1954, 12, 31), "range"),
    ("late 2020 to mid-2021", None, D(2020, 9, 1), D(2021, 8, 31), "range"),
    # -- a weekday beside the date (it is checked apart: see CKB409)
    ("Sunday, 21 March 2021", None, D(2021, 3, 21), D(2021, 3, 21), "day"),
    ("Tuesday, November 3, 2020", None, D(2020, 11, 3), D(2020, 11, 3), "day"),
    ("Sun 18 Dec 2022", None, D(2022, 12, 18), D(2022, 12, 18), "day"),
    ("2024年1月13日（星期六）", None, D(2024, 1, 13), D(2024, 1, 13), "day"),
    ("2024年1月13日 周六", None, D(2024, 1, 13), D(2024, 1, 13), "day"),
    ("21 March 2021 (Sunday)", None, D(2021, 3, 21), D(2021, 3, 21), "day"),
]


@pytest.mark.parametrize(
    "written, year, earliest, latest, precision", PERIODS, ids=[p[0] for p in PERIODS]
)
def test_period_reads_as_its_interval(
    written: str, year: int | None, earliest: date, latest: date, precision: str
) -> None:
    value = parse_date(written, default_year=year)
    assert (value.earliest, value.latest, value.precision) == (earliest, latest, precision)


REFUSED = [
    # written, source year, message
    (
        "the 90s",
        2023,
        "'the 90s' does not say which century: write it in full (the 1990s or the 2090s)",
    ),
    ("'90s", 2023, '"\'90s" does not say which century: write it in full (the 1990s or the 2090s)'),
    (
        "90年代",
        2023,
        "'90年代' does not say which century: write it in full (1990年代 or 20世纪90年代)",
    ),
    (
        "九十年代",
        2023,
        "'九十年代' does not say which century: write it in full (1990年代 or 20世纪90年代)",
    ),
    (
        "FY2023 Q4",
        2023,
        "'FY2023 Q4' names a fiscal period, whose months depend on the organisation's "
        "calendar: write the calendar dates it covers (e.g. 'Q3 2022' or '2022-07 to 2022-09')",
    ),
    (
        "fiscal third quarter of 2024",
        2024,
        "'fiscal third quarter of 2024' names a fiscal period, whose months depend on the "
        "organisation's calendar: write the calendar dates it covers (e.g. 'Q3 2022' or "
        "'2022-07 to 2022-09')",
    ),
    (
        "2023财年",
        2023,
        "'2023财年' names a fiscal period, whose months depend on the organisation's "
        "calendar: write the calendar dates it covers (e.g. 'Q3 2022' or '2022-07 to 2022-09')",
    ),
    (
        "3Q22",
        None,
        "'3Q22' writes its year in two digits, and its source has no date to tell the "
        "century from: write the year in full",
    ),
    ("third half of 2022", 2022, "a year has two halves"),
    ("Q3", None, "the date has no year and its source has no date to take it from"),
    ("winter 2022-24", 2022, "'winter 2022-24': a winter spans two consecutive years"),
    ("20世纪1990年代", 2022, "'20世纪1990年代' names its century twice"),
    ("1952-1950", 2023, "the range '1952-1950' runs backwards"),
    ("1998–01", 2023, "the range '1998–01' runs backwards"),
    (
        "Sunday, November 2023",
        2023,
        "'Sunday, November 2023' names a weekday, which is one day, but it is not",
    ),
]


@pytest.mark.parametrize("written, year, message", REFUSED, ids=[r[0] for r in REFUSED])
def test_ambiguous_or_malformed_period_is_refused_with_a_reason(
    written: str, year: int | None, message: str
) -> None:
    with pytest.raises(ValueProblem) as problem:
        parse_date(written, default_year=year)
    assert str(problem.value) == message
