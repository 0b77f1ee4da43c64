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


def _q(
    amount: float | None,
    lower: float | None,
    upper: float | None,
    dimension: str,
    unit: str,
    precision: float = 0.0,
    approximate: bool = False,
) -> dict[str, Any]:
    """A quantity as the JSON ``normalized`` value holds it (base units)."""
    return {
        "type": "quantity",
        "amount": amount,
        "lower": lower,
        "upper": upper,
        "dimension": dimension,
        "written_unit": unit,
        "precision": precision,
        "approximate": approximate,
    }


@pytest.mark.parametrize(
    "value, shown",
    [
        (_q(3.75e12, 3.5575e12, 3.9425e12, "byte", "TB", 5e9, True), "3.75 TB (3.56–3.94 TB)"),
        (_q(3.75e12, 3.745e12, 3.755e12, "byte", "TB", 5e9), "3.75 TB (3.745–3.755 TB)"),
        (
            _q(2.8e12, 2.75e12, 2.85e12, "parameter", "parameter", 5e10),
            "2.8 trillion parameters (2.75–2.85 trillion)",
        ),
        (_q(216e9, 215.5e9, 216.5e9, "byte", "gigabyte", 5e8), "216 GB (215.5–216.5 GB)"),
        (
            _q(5e10, 4.99375e10, 5.00625e10, "byte/second", "Gbps", 6.25e7),
            "400 Gbps (399.5–400.5 Gbps)",
        ),
        (_q(30, 28, 32, "percent", "%", 0.5, True), "30% (28–32%)"),
        (_q(0.7, 0.65, 0.75, "percentage-point", "pp", 0.05), "0.7 pp (0.65–0.75 pp)"),
        (_q(3, 3, 3, "ratio", "×"), "3×"),
        (_q(100, 100, None, "count", "1"), "at least 100"),
        (_q(None, None, 5, "count", "1"), "at most 5"),
        (_q(None, 1e10, 1e11, "byte", "GB"), "10–100 GB"),
        (_q(None, 7200, 32400, "second", "h"), "2–9 h"),
        (_q(3.84e12, 3.84e12, 3.84e12, "byte", None), "3.84 TB"),  # no unit written: a prefix
        (_q(7200, 7200, 7200, "second", None), "7,200 s"),  # seconds take none
        (_q(331e6, 330.5e6, 331.5e6, "count", "1", 5e5), "331 million (330.5–331.5 million)"),
        (_q(308745538, 308745537.5, 308745538.5, "count", "1", 0.5), "308,745,538"),
        (
            _q(4e8, 3.995e8, 4.005e8, "packet/second", "packet/s", 5e5),
            "400 million packet/s (399.5–400.5 million)",
        ),
        (
            _q(1e6, 4.5e5, 1.55e6, "token", "token", 5e5, True),
            "1 million tokens (0.45–1.55 million)",
        ),
    ],
)
def test_quantities_read_as_an_article_writes_them(value: dict[str, Any], shown: str) -> None:
    assert quantity(value) == shown


@pytest.mark.parametrize(
    "written, dimension", [("约 3.75 TB", "byte"), ("2.8 万亿", "parameter"), ("216 GB", "byte")]
)
def test_a_reading_of_the_parser_is_shown_in_the_unit_written(written: str, dimension: str) -> None:
    shown = quantity(parse_quantity(written, dimension).to_dict())
    figure = written.replace("约 ", "").replace("2.8 万亿", "2.8 trillion parameters")
    assert shown.startswith(f"{figure} (")
    assert "e+" not in shown and "[" not in shown


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


@pytest.mark.parametrize("dimension", ["length", "mass", "power", "area", "USD", "second/length"])
def test_a_dimension_without_listed_forms_gets_examples_in_its_own_unit(dimension: str) -> None:
    """Examples came from the bundled corpus's dimensions only: a length was shown
    '2.8 trillion' and '65.7%'. Any dimension now gets forms in its base unit, each read back."""
    from claimkb.values import expected_forms, parse_quantity
    from claimkb.values.examples import examples

    listed = examples(dimension)
    assert listed is not None and "trillion" not in listed
    for form in listed.strip("'").split("', '"):
        assert parse_quantity(form, dimension).dimension == dimension
    assert "2.8 trillion" not in expected_forms("quantity", dimension)
    assert expected_forms("quantity", "temperature") == "a quantity in temperature"
