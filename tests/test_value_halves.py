"""A half of a unit, in both languages, and zero of a unit inside a compound: "three and a
half minutes", 3分半钟, 两个半小时, 2小时零分35秒. The half is the last written digit, so the
value is precise to a quarter of the unit; a half is added to whole numbers only."""

from __future__ import annotations

import pytest

from claimkb.values import ValueProblem, parse_quantity

CASES = [
    ("three and a half minutes", 210.0, 195.0, 225.0),
    ("3 and a half minutes", 210.0, 195.0, 225.0),
    ("3分半钟", 210.0, 195.0, 225.0),
    ("3分半", 210.0, 195.0, 225.0),
    ("两个半小时", 9000.0, 8100.0, 9900.0),
    ("1小时半", 5400.0, 4500.0, 6300.0),
    ("近3分半钟", 210.0, 195.0, 210.0),  # nearly: below by at most half its last unit
    ("2小时零分35秒", 7235.0, 7234.5, 7235.5),  # zero minutes
    ("1小时零5分", 3900.0, 3870.0, 3930.0),  # 零 joins the parts
]


@pytest.mark.parametrize(("written", "nominal", "lower", "upper"), CASES)
def test_halves_and_zero_parts(written: str, nominal: float, lower: float, upper: float) -> None:
    value = parse_quantity(written, "second")
    assert (value.nominal, value.lower, value.upper) == pytest.approx((nominal, lower, upper))


def test_a_half_of_a_length_is_read_too() -> None:
    value = parse_quantity("2 and a half km", "length")
    assert (value.nominal, value.lower, value.upper) == pytest.approx((2500.0, 2250.0, 2750.0))


def test_a_half_added_to_a_fraction_is_refused() -> None:
    with pytest.raises(ValueProblem, match="whole number"):
        parse_quantity("2.5 and a half minutes", "second")


@pytest.mark.parametrize(
    ("written", "per_km"),
    [("2:50 min/km", 170.0), ("2:50/km", 170.0), ("4:42 per mile", 282.0 / 1.609344)],
)
def test_a_pace_is_a_clock_time_per_distance(written: str, per_km: float) -> None:
    value = parse_quantity(written, "second/length")
    assert value.dimension == "second/length"
    assert value.nominal == pytest.approx(per_km / 1000)  # seconds per metre
    assert parse_quantity("170 s/km", "second/length").nominal == pytest.approx(0.17)
