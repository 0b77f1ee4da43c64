"""Property-based tests of unit reading: any text is a unit, a problem or no unit (never an
exception), and one amount written in two units of a dimension reads as one amount."""

from __future__ import annotations

import os
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimkb.values import ValueProblem, parse_quantity, unitreg
from claimkb.values.units import Unit, compose, read_unit, resolve_dimension, unit_word

FAST = settings(
    max_examples=int(200 * float(os.environ.get("CLAIMKB_FUZZ_SCALE", "1"))), deadline=None
)

PIECES = (
    "m|km|ft|feet|米|公尺|平方|毫米|mm|²|³|^|2|3|-1|99|/|per|每|·|*| |sq|square|W|kW|瓦|TB|TiB|b|"
    "Gb|Bps|bps|K|k|T|FLOPS|FLOPs|Tera|tera|Exa-|flops|OPS|$|US$|¥|元|亿|美元|人民币|kr|USD|"
    "CNY|pounds|pound|units|points|th|°C|degC|s|h|hours|小时|parameter|tokens|%|pp|×|x|(|)|.|,"
).split("|")
unit_text = st.lists(st.sampled_from(PIECES), max_size=6).map("".join) | st.text(max_size=12)
dimensions = st.sampled_from([None, "count", "length", "currency", "byte", "flop/second"])


@FAST
@given(unit_text, dimensions)
def test_any_text_is_a_unit_a_problem_or_no_unit(text: str, dimension: str | None) -> None:
    found = read_unit(text, dimension)
    assert found is None or isinstance(found, Unit | str)
    if isinstance(found, Unit):
        assert found.factor > 0 and found.dimension
        assert resolve_dimension(found.dimension) == found.dimension  # names round-trip
        assert unitreg.dimension_info(found.dimension) is not None  # arithmetic knows it
    word = unit_word(text)
    assert word is None or isinstance(word, Unit)


@FAST
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=4).map("".join), dimensions)
def test_a_number_with_any_unit_reads_or_says_why(unit: str, dimension: str | None) -> None:
    try:
        quantity = parse_quantity(f"12.5 {unit}", dimension)
    except ValueProblem:
        return
    assert quantity.lower <= (quantity.nominal or quantity.lower) <= quantity.upper


SAME = [("m", "mm", 1000), ("km", "m", 1000), ("TB", "GB", 1000), ("kW", "W", 1000)]
SAME += [("kg", "g", 1000), ("h", "min", 60), ("公里", "米", 1000), ("PFLOPS", "TFLOPS", 1000)]
SAME += [("TiB", "GiB", 1024), ("mi", "ft", 5280), ("t", "公斤", 1000)]


@FAST
@given(
    st.sampled_from(SAME),
    st.decimals(min_value=Decimal("0.001"), max_value=Decimal("99999"), places=3),
)
def test_one_amount_in_two_units_of_a_dimension_is_one_amount(
    pair: tuple[str, str, int], amount: Decimal
) -> None:
    big, small, ratio = pair
    in_big = parse_quantity(f"{amount} {big}")
    in_small = parse_quantity(f"{amount * ratio} {small}")
    assert in_big.dimension == in_small.dimension
    assert in_big.nominal == pytest.approx(in_small.nominal, rel=1e-9)


def test_the_pairs_are_of_one_dimension() -> None:
    for big, small, ratio in SAME:
        a, b = compose(big), compose(small)
        assert a is not None and b is not None
        assert a.dimension == b.dimension
        assert a.factor / b.factor == pytest.approx(ratio)
