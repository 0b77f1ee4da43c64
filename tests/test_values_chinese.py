"""Chinese numbers (issue 11): traditional characters, Chinese numerals, full-width forms,
comparators with their bounds in both languages, and trailing zeros that are not significant
unless the claim says ``exact: true``."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import claimkb
from claimkb.values import ValueProblem, parse_quantity
from conftest import write_tree

INF = math.inf
FULL = str.maketrans("0123456789.,%", "０１２３４５６７８９．，％")


def read(text: str, dimension: str | None = None) -> tuple[float | None, float, float]:
    value = parse_quantity(text, dimension)
    return value.nominal, value.lower, value.upper


def approx(*numbers: float | None) -> tuple[object, ...]:
    return tuple(n if n is None or math.isinf(n) else pytest.approx(n, rel=1e-12) for n in numbers)


@pytest.mark.parametrize(
    ("written", "dimension", "nominal", "lower", "upper"),
    [
        # traditional characters read as the simplified ones
        ("800億", "parameter", 8e10, 7.5e10, 8.5e10),
        ("542億", "parameter", 5.42e10, 5.415e10, 5.425e10),
        ("1.8萬個", "count", 18_000, 17_500, 18_500),  # 個 is the counter
        ("超過800億", "parameter", 8e10, 8e10, INF),
        ("約 5.6 TB", "byte", 5.6e12, 5.5e12, 5.7e12),
        ("兩萬", None, 20_000, 15_000, 25_000),
        ("數十萬", None, None, 1e5, 1e6),
        # Chinese numerals
        ("三千", None, 3000, 2500, 3500),
        ("十二", None, 12, 12, 12),
        ("十", "count", 10, 5, 15),
        ("一千二百三十四", None, 1234, 1234, 1234),
        ("一千零四十", None, 1040, 1035, 1045),
        ("三千五", None, 3500, 3450, 3550),  # colloquial: three thousand five hundred
        ("三千零五", None, 3005, 3005, 3005),
        ("一万二", None, 12_000, 11_500, 12_500),
        ("十二万三千四百五十六", None, 123_456, 123_456, 123_456),
        ("三万亿", "parameter", 3e12, 2.5e12, 3.5e12),
        ("一亿二千万", None, 1.2e8, 1.15e8, 1.25e8),
        ("三点五万", None, 35_000, 34_500, 35_500),
        ("壹仟贰佰", None, 1200, 1150, 1250),  # financial numerals
        ("两百多万", "count", 2e6, 2e6, 3e6),  # (2, 3) million
        ("百多万", "count", 1e6, 1e6, 2e6),
        ("十多万", "count", 1e5, 1e5, 2e5),
        # full-width digits and punctuation
        ("１２ＴＢ", "byte", 12e12, 11.5e12, 12.5e12),
        ("６５．７％", "percent", 65.7, 65.65, 65.75),
        ("＜５", None, 5, 0, 5),
        # comparators, Chinese
        ("不到百亿", "parameter", 1e10, 0, 1e10),  # under ten billion: an upper bound
        ("超过百亿", "parameter", 1e10, 1e10, INF),
        ("逾百万", None, 1e6, 1e6, INF),
        ("过百万", None, 1e6, 1e6, INF),
        ("近百亿", "parameter", 1e10, 5e9, 1e10),
        ("不足 30", None, 30, 0, 30),
        ("低于 5.5", None, 5.5, 0, 5.5),
        ("将近 48 张", "count", 48, 47.5, 48),
        ("30 余", None, 30, 30, 40),
        ("100多台", "count", 100, 100, 200),  # 多 before a counter, not a counted noun
        ("30余家", "count", 30, 30, 40),
        ("1万多人", "count", 1e4, 1e4, 2e4),
        ("100-odd GPUs", "count", 100, 100, 200),
        ("多于 100", None, 100, 100, INF),
        ("不止 3 台", "count", 3, 3, INF),
        # comparators, English
        ("under 5.5", None, 5.5, 0, 5.5),
        ("over 2.5", None, 2.5, 2.5, INF),
        ("nearly 3.2", None, 3.2, 3.15, 3.2),
        ("almost 48", "count", 48, 47.5, 48),
        ("more than 5.58 million", None, 5.58e6, 5.58e6, INF),
        ("at least 12", None, 12, 12, INF),
        ("up to 8", None, 8, 0, 8),
        ("less than 1.5", None, 1.5, 0, 1.5),
        ("fewer than 12", "count", 12, 0, 12),
        ("just over 2.5", None, 2.5, 2.5, INF),
        ("no fewer than 12", "count", 12, 12, INF),
        ("100-odd", None, 100, 100, 200),
        # English magnitudes beyond trillion
        ("2 quadrillion", None, 2e15, 1.5e15, 2.5e15),
        ("3 crore", None, 3e7, 2.5e7, 3.5e7),
        ("5 lakh", None, 5e5, 4.5e5, 5.5e5),
        # trailing zeros are not significant: 4000 is a rounding of 3,958
        ("4000", None, 4000, 3500, 4500),
        ("4000 TFLOP", "flop", 4e15, 3.5e15, 4.5e15),
        ("3,958", None, 3958, 3958, 3958),
        ("40.00", None, 40, 39.995, 40.005),
    ],
)
def test_written_forms_read_with_exact_bounds(
    written: str, dimension: str | None, nominal: float | None, lower: float, upper: float
) -> None:
    assert read(written, dimension) == approx(nominal, lower, upper)


@pytest.mark.parametrize(
    ("written", "dimension", "message"),
    [
        ("二〇二六", None, "no number in '二〇二六'"),  # bare digits: a year, not a numeral
        ("五百三千", None, "no number in '五百三千'"),
        ("29,032 s", "count", "'29,032 s' is in s (second), but the property expects count"),
        ("over 4–5", None, "'over 4–5' is a range with a comparator; write one or the other"),
    ],
)
def test_unreadable_chinese_and_comparator_forms_say_why(
    written: str, dimension: str | None, message: str
) -> None:
    with pytest.raises(ValueProblem) as problem:
        parse_quantity(written, dimension)
    assert str(problem.value) == message


def test_a_trailing_zero_rounding_overlaps_the_precise_value() -> None:
    """4000 TFLOPS against 3,958, 3000 GB/s against 3.35 TB/s: roundings, not conflicts."""
    for rounded, precise, dimension in [
        ("4000", "3,958", None),
        ("3000 GB/s", "3.35 TB/s", "byte/second"),
    ]:
        a, b = parse_quantity(rounded, dimension), parse_quantity(precise, dimension)
        assert a.lower <= b.upper and b.lower <= a.upper


# -- property-based ------------------------------------------------------------------------

DIGITS = "零一二三四五六七八九"


def _section(number: int) -> str:
    """1..9999 as a Chinese numeral section, with 零 for each gap (1040: 一千零四十)."""
    out, gap = "", False
    for unit, name in ((1000, "千"), (100, "百"), (10, "十"), (1, "")):
        digit = number // unit % 10
        if digit == 0:
            gap = bool(out)
            continue
        out += ("零" if gap else "") + DIGITS[digit] + name
        gap = False
    return out


def chinese(number: int) -> str:
    """A positive integer below 10¹² in formal Chinese numerals (written independently of
    claimkb's reader)."""
    parts = [(number // 10**8, "亿"), (number // 10**4 % 10**4, "万"), (number % 10**4, "")]
    out, gap = "", False
    for value, name in parts:
        if value == 0:
            gap = bool(out)
            continue
        if out and (gap or value < 1000):
            out += "零"
        out += _section(value) + name
        gap = False
    return out


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=1, max_value=10**12 - 1))
def test_chinese_numerals_read_as_the_integer_they_write(number: int) -> None:
    value = parse_quantity(chinese(number), "count")
    assert value.nominal == number
    zeros = len(str(number)) - len(str(number).rstrip("0"))
    half = 0.0 if zeros == 0 else 0.5 * 10.0**zeros
    assert (value.lower, value.upper) == (number - half, number + half)


@settings(max_examples=200, deadline=None)
@given(
    st.decimals(min_value=0, max_value=10**6, places=2, allow_nan=False),
    st.sampled_from(["", " 万", "億", " TB", "%", " 亿参数"]),
)
def test_full_width_and_traditional_forms_read_as_their_plain_forms(
    amount: object, suffix: str
) -> None:
    plain = f"{amount}{suffix.replace('億', '亿')}"
    dimension = "byte" if "TB" in suffix else "percent" if "%" in suffix else None
    written = f"{amount}".translate(FULL) + suffix
    assert read(written, dimension) == read(plain, dimension)


# -- the KB says a figure is exact -----------------------------------------------------------

REGISTRY = """\
entities:
  - {id: gpu-x, name: GPU X, kind: product}
properties:
  - {id: fp8-tflops, label: FP8 TFLOPS, datatype: quantity, dimension: flop, single_valued: true}
  - {id: release, label: release date, datatype: date}
"""
SOURCES = """\
sources:
  - {id: spec, title: Spec sheet, publisher: Vendor, language: en, kind: documentation}
  - {id: news, title: Review, publisher: Outlet, language: en, kind: news}
"""


def _claims(extra: str = "") -> str:
    return (
        "claims:\n"
        "  - {id: spec-tflops, subject: GPU X, property: fp8-tflops, value: 3958 TFLOP,"
        " source: spec, quote: '3958 TFLOP', status: unchecked}\n"
        "  - {id: news-tflops, subject: GPU X, property: fp8-tflops, value: 4000 TFLOP,"
        f" source: news, quote: '4000 TFLOP', status: unchecked{extra}}}\n"
    )


def _check(tmp_path: Path, claims: str) -> list[str]:
    write_tree(
        tmp_path,
        {"claims/registry.yaml": REGISTRY, "sources/all.yaml": SOURCES, "claims/c.yaml": claims},
    )
    found = claimkb.check(tmp_path).findings
    return [
        f.slug for f in found if f.code.startswith("CKB2") or f.slug in ("conflict", "rounding")
    ]


def test_a_trailing_zero_figure_is_a_rounding_unless_the_claim_says_exact(
    tmp_path: Path,
) -> None:
    assert _check(tmp_path / "a", _claims()) == ["rounding"]
    assert _check(tmp_path / "b", _claims(", exact: true")) == ["conflict"]
    kb = claimkb.load(tmp_path / "b")
    exact = kb.value("news-tflops")
    assert (exact.lower, exact.upper, exact.precision) == (4e15, 4e15, 0.0)  # type: ignore[union-attr]


def test_exact_refuses_an_approximate_value_and_a_non_quantity(tmp_path: Path) -> None:
    claims = (
        "claims:\n"
        "  - {id: a, subject: GPU X, property: fp8-tflops, value: about 4000 TFLOP,"
        " source: news, quote: q, status: unchecked, exact: true}\n"
        "  - {id: d, subject: GPU X, property: release, value: 2026-11-05,"
        " source: news, quote: q, status: unchecked, exact: true}\n"
    )
    write_tree(
        tmp_path,
        {"claims/registry.yaml": REGISTRY, "sources/all.yaml": SOURCES, "claims/c.yaml": claims},
    )
    found = [(f.slug, f.line, f.args["detail"]) for f in claimkb.check(tmp_path).findings]
    assert found == [
        (
            "unparseable-value",
            2,
            "'about 4000 TFLOP' is approximate, but the claim says it is exact",
        ),
        ("unparseable-value", 3, "exact applies only to quantity values"),
    ]
