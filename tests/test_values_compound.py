"""Values written in several parts (issue 19): Chinese mixed magnitudes read whole, durations in
clock notation and as compounds in both languages, and approximation slack that follows the
precision the value was written in, settable per property."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import claimkb
from claimkb.values import Slack, ValueProblem, parse_quantity
from conftest import write_tree


def read(text: str, dimension: str | None = None) -> tuple[float | None, float, float]:
    value = parse_quantity(text, dimension)
    return value.nominal, value.lower, value.upper


def approx(*numbers: float | None) -> tuple[object, ...]:
    return tuple(n if n is None or math.isinf(n) else pytest.approx(n, rel=1e-12) for n in numbers)


MIXED = [
    ("5万3千", "count", 53_000, 52_500, 53_500),  # the last written digit is the thousands
    ("3万2000", "count", 32_000, 31_500, 32_500),
    ("12萬3456", "count", 123_456, 123_456, 123_456),
    ("12万3456 人", "count", 123_456, 123_456, 123_456),
    ("3万零500", "count", 30_500, 30_450, 30_550),
    ("1亿2千万", "count", 1.2e8, 1.15e8, 1.25e8),
    ("1亿2千万3千", "count", 120_003_000, 120_002_500, 120_003_500),
    ("约5万3千", "count", 53_000, 52_000, 54_000),
    ("5千3百台", "count", 5300, 5250, 5350),
]

DURATIONS = [
    ("2:01:09", "second", 7269, 7268.5, 7269.5),
    ("1:59:40.2", "second", 7180.2, 7180.15, 7180.25),
    ("3:27.5", "second", 207.5, 207.45, 207.55),
    ("3:27", "second", 207, 206.5, 207.5),  # two parts: minutes and seconds
    ("2:35 h", "second", 9300, 9270, 9330),  # ... unless an hour unit follows
    ("3:27 min", "second", 207, 206.5, 207.5),
    ("2:01:09", None, 7269, 7268.5, 7269.5),  # three parts are a time under any property
    ("2小时1分9秒", "second", 7269, 7268.5, 7269.5),
    ("2小時1分9秒", "second", 7269, 7268.5, 7269.5),
    ("3分27秒", "second", 207, 206.5, 207.5),
    ("3分", "second", 180, 150, 210),  # 分 alone is a minute under a duration property
    ("两个小时", "second", 7200, 5400, 9000),
    ("1小时零5分", "second", 3900, 3870, 3930),
    ("3 minutes 27 seconds", "second", 207, 206.5, 207.5),
    ("2 hours and 35 seconds", "second", 7235, 7234.5, 7235.5),  # "and" joins; no range
    ("1 hour, 2 minutes and 3 seconds", "second", 3723, 3722.5, 3723.5),
    ("an hour and 5 minutes", None, 3900, 3870, 3930),
    ("two hours five minutes", "second", 7500, 7470, 7530),
    ("2h01m09s", "second", 7269, 7268.5, 7269.5),
    ("2 h 30 min", "second", 9000, 8700, 9300),  # 30: its trailing zero is not significant
    ("about 2:01:09", "second", 7269, 7268, 7270),
    ("just under two hours", "second", 7200, 5400, 7200),
    ("nearly five minutes", "second", 300, 270, 300),
]

SLACK = [
    # an approximation marker adds half a unit of the last significant digit, at most 5%
    ("around 40.06%", "percent", 40.06, 40.05, 40.07),
    ("约69%", "percent", 69, 68, 70),
    ("about 5.6 TB", "byte", 5.6e12, 5.5e12, 5.7e12),
    ("about 3 trillion", "parameter", 3e12, 2.35e12, 3.65e12),  # 5% is the smaller
    ("约 4–5 台", "count", None, 3.3, 5.75),
]


@pytest.mark.parametrize(
    ("written", "dimension", "nominal", "lower", "upper"),
    MIXED + DURATIONS + SLACK,
    ids=lambda x: x if isinstance(x, str) else None,
)
def test_compound_values_read_whole_with_exact_bounds(
    written: str, dimension: str | None, nominal: float | None, lower: float, upper: float
) -> None:
    assert read(written, dimension) == approx(nominal, lower, upper)


@pytest.mark.parametrize(
    ("written", "dimension", "message"),
    [
        ("3万5", "count", "'3万5' is ambiguous: write 3万5千 or 3万零5"),
        ("5千3", "count", "'5千3' is ambiguous: write 5千3百 or 5千零3"),
        ("3万20000", "count", "cannot read '3万20000': 20000 is not below the magnitude before"),
        ("5万3万", "count", "cannot read '3万' after '5万'"),
        (
            "1:75",
            "second",
            "'1:75' is not a clock time: minutes and seconds are two digits, 00 to 59",
        ),
        (
            "2:5:09",
            "second",
            "'2:5:09' is not a clock time: minutes and seconds are two digits, 00 to 59",
        ),
        ("2:01:09 km", "second", "cannot read 'km' after the time '2:01:09'"),
        ("3:27 s", "second", "'3:27 s' mixes clock notation with the unit 's'"),
        (
            "2 hours 75 minutes",
            "second",
            "in '2 hours 75 minutes', '75 minutes' is not less than one h",
        ),
        (
            "3 seconds 2 minutes",
            "second",
            "in '3 seconds 2 minutes' the parts must run from the largest unit to the smallest",
        ),
        (
            "1.5 hours 20 minutes",
            "second",
            "in '1.5 hours 20 minutes', '1.5 hours' must be a whole number",
        ),
        ("2 hours 3 minutes extra", "second", "cannot read 'extra' after '2 hours 3 minutes '"),
        ("3分", None, "unknown unit '分'"),
    ],
)
def test_unreadable_compounds_say_why(written: str, dimension: str | None, message: str) -> None:
    with pytest.raises(ValueProblem) as problem:
        parse_quantity(written, dimension)
    assert str(problem.value) == message


def test_ratios_and_ranges_are_no_clock_or_compound() -> None:
    with pytest.raises(ValueProblem):  # never a time under another property
        parse_quantity("16:9", "ratio")
    assert read("4 TB – 5 TB", "byte") == approx(None, 3.5e12, 5.5e12)
    assert read("4TB-5TB", "byte") == approx(None, 3.5e12, 5.5e12)
    assert read("two to three hours", "second") == approx(None, 5400, 12600)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(min_value=1, max_value=99),
    st.integers(min_value=1, max_value=59),
    st.integers(min_value=1, max_value=59),
)
def test_every_written_form_of_a_duration_reads_the_same(h: int, m: int, s: int) -> None:
    seconds = h * 3600 + m * 60 + s
    forms = [
        f"{h}:{m:02}:{s:02}",
        f"{h}小时{m}分{s}秒",
        f"{h}小時{m}分鐘{s}秒",
        f"{h} hours {m} minutes {s} seconds",
        f"{h} h, {m} min and {s} s",
        f"{h}h{m:02}m{s:02}s",
    ]
    for form in forms:
        value = parse_quantity(form, "second")
        assert value.nominal == seconds, form
        assert value.precision == 0.5, form


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=1, max_value=9999), st.integers(min_value=10, max_value=9999))
def test_a_mixed_magnitude_reads_whole(head: int, tail: int) -> None:
    for magnitude in ("万", "萬"):
        value = parse_quantity(f"{head}{magnitude}{tail}", "count")
        assert value.nominal == head * 10_000 + tail


# -- the KB sets the slack per property --------------------------------------------------------


@pytest.mark.parametrize(
    ("slack", "lower", "upper"),
    [
        (None, 68, 70),
        (Slack(1.0, None), 67.5, 70.5),
        (Slack(None, 5.0), 65.05, 72.95),  # the old flat 5% of the value
        (Slack(2.0, 1.0), 67.81, 70.19),  # the smaller of the two
        (Slack(0.0, None), 68.5, 69.5),  # a marker adds nothing to the digits
    ],
)
def test_the_approximation_slack_is_set_per_property(
    slack: Slack | None, lower: float, upper: float
) -> None:
    value = parse_quantity("约69%", "percent", slack=slack)
    assert (value.lower, value.upper) == (pytest.approx(lower), pytest.approx(upper))


REGISTRY = """\
entities:
  - {id: party-x, name: Party X, kind: organisation}
properties:
  - id: vote-share
    label: vote share
    datatype: quantity
    dimension: percent
    single_valued: true
    approximation: {percent: 5}
  - id: seat-share
    label: seat share
    datatype: quantity
    dimension: percent
    single_valued: true
"""
SOURCES = """\
sources:
  - {id: a, title: Count, publisher: Commission, language: en, kind: report}
  - {id: b, title: Report, publisher: Outlet, language: en, kind: news}
"""


def test_a_property_setting_widens_what_its_markers_allow(tmp_path: Path) -> None:
    claims = "claims:\n" + "".join(
        f"  - {{id: {cid}, subject: Party X, property: {prop}, value: '{value}', source: {src},"
        f" quote: q, status: unchecked}}\n"
        for cid, prop, value, src in [
            ("a-vote", "vote-share", "40.05%", "a"),
            ("b-vote", "vote-share", "about 42%", "b"),  # 42 ± 2.6: overlaps 40.05
            ("a-seat", "seat-share", "40.05%", "a"),
            ("b-seat", "seat-share", "about 42%", "b"),  # 42 ± 1: does not
        ]
    )
    write_tree(
        tmp_path,
        {"claims/registry.yaml": REGISTRY, "sources/all.yaml": SOURCES, "claims/c.yaml": claims},
    )
    found = {(f.slug, f.claims) for f in claimkb.check(tmp_path).findings}
    assert ("rounding", ("a-vote", "b-vote")) in found
    assert ("conflict", ("a-seat", "b-seat")) in found


def test_a_property_setting_needs_digits_or_percent(tmp_path: Path) -> None:
    registry = REGISTRY.replace("approximation: {percent: 5}", "approximation: {}")
    write_tree(tmp_path, {"claims/registry.yaml": registry, "sources/all.yaml": SOURCES})
    (finding,) = claimkb.check(tmp_path).findings
    assert (finding.code, finding.file, finding.line) == ("CKB204", "claims/registry.yaml", 9)
    assert finding.message.endswith("give digits, percent or both")
