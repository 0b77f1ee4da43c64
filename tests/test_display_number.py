"""Figures in explanations show the difference they are about: two vote counts six digits
long differ in their sixth digit, which six significant digits in exponent form hid."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from claimkb.derive.display import number


def test_whole_numbers_are_shown_in_full() -> None:
    assert number(1_275_490) == "1,275,490"
    assert number(1_275_440) == "1,275,440"
    assert number(64.0) == "64"


def test_other_figures_keep_six_significant_digits() -> None:
    assert [number(x) for x in (3.84, 2.8e12, 4.25, float("inf"))] == [
        "3.84",
        "2.8e12",
        "4.25",
        "∞",
    ]


@given(st.integers(min_value=-(10**9) + 1, max_value=10**9 - 1), st.integers(1, 10**6))
def test_two_different_whole_numbers_never_look_alike(a: int, step: int) -> None:
    b = a + step
    if abs(b) < 10**9:
        assert number(float(a)) != number(float(b))
