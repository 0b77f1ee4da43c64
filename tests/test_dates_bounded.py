"""Reading a date is bounded and linear in its text: whatever is written, an answer comes in
a bounded time, and the only error is a ValueProblem saying why."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from datetime import date, timedelta

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from claimkb.values import DateValue, ValueProblem, parse_date
from claimkb.values.dates import MAX_LENGTH, _parse, _reading

SCALE = float(os.environ.get("CLAIMKB_FUZZ_SCALE", "1"))
BOUND = 0.05
"""Seconds one reading may take, well above the few milliseconds the worst text needs, so a
loaded machine does not fail it, and far below what a quadratic or exponential reading of a
hostile text would take."""

PIECES = (
    "Q|q|H|1|2|3|4|22|2022|２０２２|'|Q3|3Q|H1|1H|first|third|half|quarter|of|the|spring|"
    "summer|autumn|fall|winter|early|mid|mid-|late|end of|beginning of|between|and|from|to|"
    "through|until|-|–|—|~|/|,|.| |  |(|)|（|）|s|'s|1990|90|年|月|日|号|第|季度|季|上半年|"
    "下半年|春|秋|冬|初|中|底|末|上旬|中旬|下旬|年代|世纪|二十|九十|一九五四|〇|至|到|从|"
    "yesterday|today|last|this|next|week|month|year|days ago|天前|去年|今年|明年|上个月|"
    "本月|上周|周日|星期六|礼拜天|Sunday|Sun|Saturday|on|that|in|FY|fiscal|财年|Nov|November|"
    "Dec|28|30|31|29|0|00|9999|0001|\t|\n|\u3000|½|¹"
).split("|")
texts = (
    st.lists(st.sampled_from(PIECES), max_size=14).map("".join)
    | st.lists(st.sampled_from(PIECES), max_size=40).map(" ".join)
    | st.text(max_size=120)
)
days = st.dates(min_value=date(1, 1, 1), max_value=date(9999, 12, 31))
sources = (
    st.none()
    | days.map(lambda d: DateValue(d, d, "day"))
    | st.tuples(days, days).map(lambda ends: DateValue(min(ends), max(ends), "range"))
)


HOSTILE = [
    "-" * MAX_LENGTH,
    "nov 4 – " * 12,
    "1-" * 50,
    "至" * MAX_LENGTH,
    "2025年11月28日至" * 8,
    "between " + "x and " * 15,
    "(sunday)" * 12,
    "sunday, " * 12,
    "mid-" * 25,
]
"""The slowest texts of the longest length a date may have: every character a separator to
try, or a weekday to strip."""


def _with_hostile_examples(test: Callable[..., None]) -> Callable[..., None]:
    for text in HOSTILE:
        test = example(text, 2026, None)(test)
    return test


@settings(max_examples=int(200 * SCALE), deadline=timedelta(seconds=BOUND * 4))
@given(texts, st.none() | st.integers(min_value=-5, max_value=10_005), sources)
@_with_hostile_examples
def test_any_text_reads_in_bounded_time_or_says_why(
    text: str, year: int | None, source: DateValue | None
) -> None:
    _parse.cache_clear()  # time the reading itself, not the memory of it
    _reading.cache_clear()
    started = time.perf_counter()
    try:
        value = parse_date(text, year, source)
    except ValueProblem as problem:
        assert str(problem)
    else:
        assert value.earliest <= value.latest
    assert time.perf_counter() - started < BOUND


@pytest.mark.parametrize("piece", ["至", "nov 4 – ", "2025年11月28日至", "1 to ", "–"])
def test_a_long_run_of_range_separators_is_answered_at_once(piece: str) -> None:
    """Trying each separator of a span on the whole text would be quadratic in its length."""
    text = (piece * (20_000 // len(piece) + 1))[:20_000]
    _parse.cache_clear()
    _reading.cache_clear()
    started = time.perf_counter()
    with pytest.raises(ValueProblem):
        parse_date(text, 2026)
    assert time.perf_counter() - started < BOUND


@pytest.mark.parametrize("length", [MAX_LENGTH + 1, 8 * MAX_LENGTH + 1, 10_000_000])
def test_a_text_longer_than_any_date_is_refused_at_once(length: int) -> None:
    text = "Nov 4 " * (length // 6) + "x" * (length % 6)
    started = time.perf_counter()
    with pytest.raises(ValueProblem) as problem:
        parse_date(text)
    assert time.perf_counter() - started < BOUND
    assert str(problem.value) == (
        f"a date is at most {MAX_LENGTH} characters; this is {len(' '.join(text.split()))}"
        if length <= 8 * MAX_LENGTH
        else f"a date is at most {MAX_LENGTH} characters; this is {length}"
    )
