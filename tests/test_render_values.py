"""Values as a person reads them: figures in the unit they were written in, with separators,
counts in words, ranges to the precision of the writing, dates with their precision; never a
Python repr or an exponent. Also the examples a CKB220 message gives (each must read as its
dimension) and the word diff of a quote against its nearest passage."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from claimkb.render.values import date_reading, number, quantity, reading
from claimkb.values import parse_quantity
from claimkb.values.examples import EXAMPLES
from claimkb.worddiff import marked


def _read(written: str, dimension: str) -> str:
    return quantity(parse_quantity(written, dimension).to_dict())


@pytest.mark.parametrize(
    "written, dimension, shown",
    [
        ("约 3.75 TB", "byte", "3.75 TB (3.56–3.94 TB)"),
        ("3.75 TB", "byte", "3.75 TB (3.745–3.755 TB)"),
        ("2.8 trillion", "parameter", "2.8 trillion parameters (2.75–2.85 trillion)"),
        ("2.8 万亿", "parameter", "2.8 trillion parameters (2.75–2.85 trillion)"),
        ("216 GB", "byte", "216 GB (215.5–216.5 GB)"),
        ("1,200 GB/s", "byte/second", "1,200 GB/s (1,199.5–1,200.5 GB/s)"),
        ("400 Gbps", "byte/second", "400 Gbps (399.5–400.5 Gbps)"),
        ("about 30%", "percent", "30% (28–32%)"),
        ("0.7 个百分点", "percentage-point", "0.7 pp (0.65–0.75 pp)"),
        ("three times", "ratio", "3× (2.5–3.5×)"),
        ("over 100", "count", "at least 100"),
        ("tens of gigabytes", "byte", "10–100 GB"),
        ("a few hours", "second", "2–9 h"),
        ("331 million", "count", "331 million (330.5–331.5 million)"),
        ("308,745,538", "count", "308,745,538"),
        (
            "400 million packets per second",
            "packet/second",
            "400 million pps (399.5–400.5 million)",
        ),
        ("approximately one million tokens", "token", "1 million tokens (0.45–1.55 million)"),
    ],
)
def test_quantities_read_as_an_article_writes_them(
    written: str, dimension: str, shown: str
) -> None:
    assert _read(written, dimension) == shown


@pytest.mark.parametrize(
    "earliest, latest, precision, shown",
    [
        ("2026-11-04", "2026-11-04", "day", "4 Nov 2026"),
        ("2026-11-04", "2026-11-05", "days", "4–5 Nov 2026"),
        ("2026-11-01", "2026-11-10", "part-of-month", "1–10 Nov 2026 (part of a month)"),
        ("2026-11-01", "2026-11-30", "month", "Nov 2026"),
        ("2026-09-01", "2026-11-30", "season", "Sep–Nov 2026 (a season)"),
        ("2025-12-01", "2026-02-28", "season", "Dec 2025 – Feb 2026 (a season)"),
        ("2026-01-01", "2026-12-31", "year", "2026"),
        ("2020-01-01", "2029-12-31", "decade", "2020–2029 (a decade)"),
        ("2026-11-28", "2026-12-03", "range", "28 Nov – 3 Dec 2026 (a range)"),
        ("2025-12-31", "2026-01-02", "range", "31 Dec 2025 – 2 Jan 2026 (a range)"),
    ],
)
def test_dates_read_with_their_precision(
    earliest: str, latest: str, precision: str, shown: str
) -> None:
    value = {"type": "date", "earliest": earliest, "latest": latest, "precision": precision}
    assert date_reading(value) == shown


@pytest.mark.parametrize(
    "normalized, value, shown",
    [
        ({"type": "entity", "name": "Ulanqab", "entity": "ulanqab"}, "Ulanqab", "ulanqab"),
        ({"type": "entity", "name": "X", "entity": None}, "X", "not a known entity"),
        ({"type": "text", "text": "a b"}, "a b", ""),
        ({"type": "verdict", "status": "refuted"}, "refuted", ""),
        ({"type": "boolean", "value": True}, "yes", "true"),
        (None, "what", ""),
    ],
)
def test_readings_of_the_other_datatypes(
    normalized: dict[str, Any] | None, value: str, shown: str
) -> None:
    assert reading({"normalized": normalized, "value": value, "value_error": None}) == shown


def test_an_unreadable_value_says_so() -> None:
    claim = {"normalized": None, "value": "x", "value_error": "cannot read"}
    assert reading(claim) == "cannot be read (see `claimkb check`)"


@given(st.floats(min_value=-1e15, max_value=1e15, allow_nan=False))
def test_a_number_is_never_an_exponent_nor_a_repr(x: float) -> None:
    shown = number(x)
    assert "e" not in shown and "E" not in shown and "(" not in shown
    if x:
        assert float(shown.replace(",", "")) == pytest.approx(x, rel=1e-5, abs=1e-5)


@pytest.mark.parametrize(
    "dimension, form", [(d, f) for d, forms in EXAMPLES.items() for f in forms]
)
def test_every_example_a_message_gives_reads_as_its_dimension(dimension: str, form: str) -> None:
    assert parse_quantity(form, dimension).dimension == dimension


@pytest.mark.parametrize(
    "quote, passage, shown",
    [
        (
            "Model X has 140 billion parameters.",
            "Model X has 104 billion parameters.",
            "Model X has [-140-]{+104+} billion parameters.",
        ),
        ("摩尔线程宣布完成适配", "摩尔线程宣布已完成适配", "摩尔线程宣布{+已+}完成适配"),
        ("the Day-0 adaptation", "the Day 0 adaptation", "the [-Day-0-]{+Day 0+} adaptation"),
        ("a b c d", "a b c d", None),  # nothing differs
        ("the quick brown fox", "a totally different text here", None),  # nothing in common
    ],
)
def test_the_words_a_quote_differs_in_are_marked(
    quote: str, passage: str, shown: str | None
) -> None:
    assert marked(quote, passage) == shown
