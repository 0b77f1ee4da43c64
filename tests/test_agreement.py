"""The comparison semantics on normalised values (:mod:`claimkb.agreement`): when two values
are one figure in two units, how a list of values splits into classes that hold together,
and that none of it costs more than a sort or makes a NaN.

Heights of a mountain by survey are built as quantities directly (metres and feet, their
factors to the metre), so the rules are tested apart from which units the readers know.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from claimkb import agreement
from claimkb.agreement import apart, classes, conversions, same_value, span, unsettled
from claimkb.values import Quantity, parse_quantity

FOOT = 0.3048


def height(written: str) -> Quantity:
    """A mountain's height as written in metres (``8,848.86 m``) or feet (``29,032 ft``),
    normalised to metres with the precision its digits carry."""
    number, unit = written.split()
    digits = number.replace(",", "")
    places = len(digits.partition(".")[2])
    factor = FOOT if unit == "ft" else 1.0
    amount = float(digits) * factor
    half = 0.5 * 10.0**-places * factor
    return Quantity(amount, amount - half, amount + half, "length", unit, factor, half)


# Mount Everest: the 2020 China-Nepal survey (8,848.86 m), the 1955 Survey of India
# (8,848 m, given as 29,029 ft), the 2005 Chinese survey (8,844.43 m), and the conversions
# outlets print beside them.
SURVEY_2020 = height("8,848.86 m")
NEAREST_METRE_2020 = height("8,849 m")
FEET_2020 = height("29,032 ft")
SURVEY_1955 = height("8,848 m")
FEET_1955 = height("29,029 ft")
SURVEY_2005 = height("8,844.43 m")


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (NEAREST_METRE_2020, FEET_2020),  # "8,849 m (29,032 ft)"
        (SURVEY_2020, FEET_2020),  # 8,848.86 m is 29,031.7 ft: 29,032 to the nearest foot
        (SURVEY_1955, FEET_1955),
    ],
    ids=["metres-feet", "centimetres-feet", "1955"],
)
def test_one_height_in_metres_and_feet_is_the_same_value(a: Quantity, b: Quantity) -> None:
    assert same_value(a, b)
    assert same_value(b, a)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (SURVEY_2020, NEAREST_METRE_2020),  # one unit: 8,849 rounds 8,848.86
        (SURVEY_2005, FEET_2020),  # another survey
        (SURVEY_1955, FEET_2020),  # 29,032 ft is 8,848.95 m, not 8,848 m to the metre
    ],
    ids=["rounding-in-one-unit", "other-survey", "other-survey-converted"],
)
def test_a_rounding_or_another_survey_is_not_the_same_value(a: Quantity, b: Quantity) -> None:
    assert not same_value(a, b)


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("3.35 TB/s", "3,352 GB/s", True),
        ("2.04 TB/s", "2,039 GB/s", True),
        ("2 TB/s", "2,039 GB/s", False),  # four significant digits rounded to one
        ("over 2 TB/s", "2,039 GB/s", False),  # a bound is not a conversion
        ("about 2.04 TB/s", "2,039 GB/s", False),  # nor an approximation
        ("1.92 TB", "1,788 GiB", True),
        ("8.3 minutes", "499 seconds", True),  # sunlight's travel time to Earth
        ("8 minutes", "499 seconds", False),
        ("2.8 trillion", "2,800 billion", True),  # one nominal: the same value in any unit
    ],
)
def test_conversions_between_units_that_exist_today(a: str, b: str, same: bool) -> None:
    dimension = parse_quantity(b).dimension
    assert same_value(parse_quantity(a, dimension), parse_quantity(b, dimension)) is same


def test_everest_heights_split_into_the_surveys_that_agree() -> None:
    heights = [SURVEY_2005, FEET_2020, SURVEY_1955, NEAREST_METRE_2020, FEET_1955]
    found = classes(heights, span)
    assert found == [[SURVEY_2005], [SURVEY_1955, FEET_1955], [NEAREST_METRE_2020, FEET_2020]]
    # 8,848.86 m is in no class of its own: it holds with 8,849 m and 29,032 ft
    assert classes([*heights, SURVEY_2020], span)[2] == [
        NEAREST_METRE_2020,
        FEET_2020,
        SURVEY_2020,
    ]


def test_within_a_class_only_the_rounding_differs() -> None:
    # 29,032 ft is the same value as both 8,848.86 m and 8,849 m; those two are a rounding
    assert unsettled([SURVEY_2020, FEET_2020, NEAREST_METRE_2020]) == [True, False, True]
    assert unsettled([NEAREST_METRE_2020, FEET_2020]) == [False, False]


def test_conversions_are_found_across_units() -> None:
    found = conversions([SURVEY_2020, FEET_2020, SURVEY_1955, FEET_1955, NEAREST_METRE_2020])
    assert found == {
        SURVEY_2020: [FEET_2020],
        NEAREST_METRE_2020: [FEET_2020],
        SURVEY_1955: [FEET_1955],
        FEET_2020: [SURVEY_2020, NEAREST_METRE_2020],
        FEET_1955: [SURVEY_1955],
    }


# --- open ends: no NaN ----------------------------------------------------------------------

OPEN = [parse_quantity(t) for t in ("more than 5.58 million", "under 5.6 million", "over 0")]


@pytest.mark.parametrize("value", OPEN, ids=lambda q: f"{q.lower}..{q.upper}")
@pytest.mark.parametrize("tolerance", [0.0, 0.02, 1.0])
def test_an_open_end_stays_infinite_at_any_tolerance(value: Quantity, tolerance: float) -> None:
    low, high = span(value, tolerance)
    assert not (math.isnan(low) or math.isnan(high))
    assert low <= value.lower and high >= value.upper
    assert math.isinf(high) == math.isinf(value.upper)


def test_a_lower_bound_the_figure_meets_is_not_apart_from_it() -> None:
    census = parse_quantity("5,586,019")
    assert not apart(span(OPEN[0]), span(census))
    assert apart(span(OPEN[0]), span(parse_quantity("5.5 million")))


finite = st.floats(min_value=-1e12, max_value=1e12, allow_nan=False)
spans = st.tuples(finite, finite).map(sorted).map(tuple)
open_spans = st.one_of(
    spans,
    finite.map(lambda x: (x, math.inf)),
    finite.map(lambda x: (-math.inf, x)),
)


@given(st.lists(open_spans, max_size=30), st.randoms())
def test_classes_hold_together_and_do_not_depend_on_order(items: list, random) -> None:  # type: ignore[no-untyped-def]
    found = classes(items, lambda s: s)
    assert sorted(s for c in found for s in c) == sorted(items)
    for members in found:  # every class holds at one point
        assert not any(apart(a, b) for a in members for b in members)
    for earlier, later in zip(found, found[1:], strict=False):  # and each is at odds with some
        assert any(apart(a, b) for a in earlier for b in later)
    shuffled = list(items)
    random.shuffle(shuffled)
    assert [sorted(c) for c in classes(shuffled, lambda s: s)] == [sorted(c) for c in found]


# --- cost -----------------------------------------------------------------------------------


def test_splitting_values_into_classes_is_linear_after_sorting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = {"ends_before": 0, "conversion": 0}
    for name in calls:
        original = getattr(agreement, name)

        def counted(*args, _name=name, _original=original):  # type: ignore[no-untyped-def]
            calls[_name] += 1
            return _original(*args)

        monkeypatch.setattr(agreement, name, counted)
    n = 10_000
    disjoint = [(float(i), i + 0.5) for i in range(n)]
    overlapping = [(float(i), float(n + i)) for i in range(n)]
    for items in (disjoint, overlapping):
        calls["ends_before"] = 0
        classes(items, lambda s: s)
        assert calls["ends_before"] <= 2 * n  # each span swept once, each class closed once
    # figures in metres and in feet, each beside its neighbours only
    values = [height(f"{8000 + i} m") for i in range(n)]
    values += [height(f"{26000 + 3 * i} ft") for i in range(n)]
    conversions(values)
    assert calls["conversion"] <= 8 * len(values)
    calls["conversion"] = 0
    assert unsettled([height(f"{8000 + i} m") for i in range(n)] + [FEET_2020]) == [True] * n + [
        True
    ]
    assert calls["conversion"] <= 2 * n
