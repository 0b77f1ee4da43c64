"""The general mechanisms behind the subject fixtures' expectations (tests/fixtures/subjects):
each rule tested on its own, beside the published text it was found in."""

from __future__ import annotations

from datetime import date

import pytest

from claimkb.agreement import classes, conversion, half_open, same_value, span, value_key
from claimkb.values import DateValue, Quantity, parse_date, parse_quantity


def q(text: str, dimension: str | None = None) -> Quantity:
    value = parse_quantity(text, dimension)
    assert isinstance(value, Quantity)
    return value


def split(*written: str, dimension: str | None = None) -> list[list[str]]:
    values = {w: q(w, dimension) for w in written}
    found = classes(list(values), lambda w: span(values[w]), lambda w: half_open(values[w]))
    return [sorted(c) for c in found]


def test_figures_at_one_precision_one_unit_apart_conflict() -> None:
    """2:01:09 and 2:01:10 (marathon-records): ranges [n - ½, n + ½) share no point."""
    assert split("2:01:09", "2:01:10", dimension="second") == [["2:01:09"], ["2:01:10"]]
    assert split("29 seconds", "28 seconds", dimension="second") == [
        ["28 seconds"],
        ["29 seconds"],
    ]


def test_a_figure_at_another_precision_inside_the_range_still_agrees() -> None:
    """A finer figure at the coarse one's half-open end still rounds into it; bounds keep
    closed ends (``at most 2.5`` meets the 3 whose range begins at 2.5)."""
    assert split("3 trillion", "2.5 trillion") == [["2.5 trillion", "3 trillion"]]
    assert split("30 seconds", "29 seconds", dimension="second") == [["29 seconds", "30 seconds"]]
    assert not half_open(q("at least 3 TB/s"))
    assert split("at most 2.5 TB/s", "3 TB/s") == [["3 TB/s", "at most 2.5 TB/s"]]


def test_a_bound_is_not_the_figure_it_bounds() -> None:
    """'exceed 3 TB/s' (h100-gpu) and '超過800億' are not the same value as 3 TB/s, 800亿."""
    assert value_key(q("exceed 3 TB/s")) != value_key(q("3 TB/s"))
    assert not same_value(q("超過800億"), q("800亿"))
    assert value_key(q("约 1040 亿")) == value_key(q("104 billion"))


@pytest.mark.parametrize(
    ("written", "lower"),
    [
        ("exceed 3 TB/s", 3e12),
        ("exceeds 24 million", 24e6),
        ("exceeded 24.15 million", 24.15e6),
        ("剛逾40%", 40.0),
        ("刚过 100", 100.0),
    ],
)
def test_exceed_and_just_over_are_lower_bounds(written: str, lower: float) -> None:
    value = q(written)
    assert value.lower == pytest.approx(lower) and value.upper == float("inf")


def test_trailing_zeros_may_be_digits_of_a_conversion() -> None:
    """Guinness: 8,840 m (29,002 ft). Alone 8,840 is [8835, 8845]; beside 29,002 ft it is the
    conversion to the metre. 3000 GB/s is no conversion of 3.2 TB/s, nor 8,800 m of 29,032 ft."""
    metres, feet = q("8,840 m", "length"), q("29,002 ft", "length")
    assert (metres.lower, metres.upper) == (8835.0, 8845.0)
    assert conversion(metres, feet) and conversion(feet, metres)
    assert not conversion(q("3000 GB/s"), q("3.2TB/s"))
    assert not conversion(q("8,800 m", "length"), q("29,032 ft", "length"))
    assert conversion(q("8,849 m", "length"), q("29,032 ft", "length"))


def test_dates_written_as_outlets_write_them() -> None:
    saturday = DateValue(date(2024, 1, 13), date(2024, 1, 13), "day")
    assert parse_date("Saturday (Jan. 13)", 2024) == saturday
    assert (
        parse_date("last night", source=DateValue(date(2024, 1, 14), date(2024, 1, 14), "day"))
        == saturday
    )
    assert parse_date("Q1’23", 2023) == parse_date("Q1'23", 2023)
    assert parse_date("spring", 2023) == parse_date("spring 2023")
    with pytest.raises(ValueError):
        parse_date("winter", 2023)  # spans two years: say which
