"""Value forms the seed corpus writes: compound adjectives ("3-trillion-parameter") and
ordinals ("ranks first ... and thirteenth overall", "第四代")."""

from __future__ import annotations

import pytest

from claimkb.values import ValueProblem, parse_quantity


@pytest.mark.parametrize(
    ("written", "dimension", "amount", "lower", "upper"),
    [
        ("3-trillion-parameter", "parameter", 3e12, 2.5e12, 3.5e12),
        ("1-trillion-parameter", "parameter", 1e12, 0.5e12, 1.5e12),
        ("a trillion-parameter", "parameter", 1e12, 0.5e12, 1.5e12),
        ("one-million-token", "token", 1e6, 0.5e6, 1.5e6),
        ("10,000-GPU", "count", 1e4, 5e3, 1.5e4),  # trailing zeros: maybe a rounding
        ("10,240-GPU", "count", 10_240, 10_235, 10_245),
        ("4,096-GPU", "count", 4_096, 4_096, 4_096),  # a count written to its units digit
        ("3-fold", "ratio", 3.0, 2.5, 3.5),
        ("twenty-five", "count", 25.0, 25.0, 25.0),
    ],
)
def test_compound_adjectives_keep_their_magnitude(
    written: str, dimension: str, amount: float, lower: float, upper: float
) -> None:
    value = parse_quantity(written, dimension)
    assert (value.nominal, value.lower, value.upper) == (amount, lower, upper)


@pytest.mark.parametrize(
    ("written", "rank"),
    [
        ("first", 1),
        ("thirteenth", 13),
        ("twenty-first", 21),
        ("13th", 13),
        ("第四代", 4),
        ("第二段位", 2),
        ("第 2", 2),
        ("第十三", 13),
    ],
)
def test_ordinals_read_as_exact_ranks(written: str, rank: int) -> None:
    value = parse_quantity(written, "count")
    assert (value.nominal, value.lower, value.upper, value.precision) == (rank, rank, rank, 0.0)


@pytest.mark.parametrize(
    ("written", "lower", "upper"),
    [("4-5", 4.0, 5.0), ("1e-5", 0.5e-5, 1.5e-5)],  # a range of whole counts is exact
)
def test_hyphens_before_digits_stay_ranges_and_exponents(
    written: str, lower: float, upper: float
) -> None:
    value = parse_quantity(written, "count")
    assert value.lower == pytest.approx(lower)
    assert value.upper == pytest.approx(upper)


@pytest.mark.parametrize("written", ["trillion-parameter", "第 2.5", "第"])
def test_magnitudes_and_ordinals_without_a_number_are_refused(written: str) -> None:
    with pytest.raises(ValueProblem):
        parse_quantity(written, "count")
