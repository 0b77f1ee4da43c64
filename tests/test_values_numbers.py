"""Numbers as people write them: each form the README lists, with its exact bounds.

Bounds follow one rule (values/precision.py): half a unit of the last significant digit either
way, an integer's trailing zeros not significant; an approximation marker adds another half unit,
at most 5% of the value; "nearly" is below the figure by at most half a unit; comparators open
one side; a whole count written to its units digit is exact.
"""

from __future__ import annotations

import math

import pytest

from claimkb.values import ValueProblem, parse_quantity

INF = math.inf
T, B = 1e12, 1e9
TIB = 2.0**40


def read(text: str, dimension: str | None = None) -> tuple[float | None, float, float]:
    q = parse_quantity(text, dimension)
    return q.nominal, q.lower, q.upper


def same(actual: tuple[float | None, ...], expected: tuple[float | None, ...]) -> bool:
    return len(actual) == len(expected) and all(
        a is None
        and e is None
        or (a is not None and e is not None and (a == e or a == pytest.approx(e, rel=1e-9)))
        for a, e in zip(actual, expected, strict=True)
    )


# (written, dimension, nominal, lower, upper)
MAGNITUDES = [
    # English and Chinese magnitudes, scientific notation, precision from the digits
    ("2.8 trillion", "parameter", 2.8 * T, 2.75 * T, 2.85 * T),
    ("2.8T", "parameter", 2.8 * T, 2.75 * T, 2.85 * T),
    ("2.8 万亿", "parameter", 2.8 * T, 2.75 * T, 2.85 * T),
    ("2.8×10¹²", "parameter", 2.8 * T, 2.75 * T, 2.85 * T),
    ("2.8e12", "parameter", 2.8 * T, 2.75 * T, 2.85 * T),
    ("２．８ 万亿", "parameter", 2.8 * T, 2.75 * T, 2.85 * T),
    ("3 trillion", "parameter", 3 * T, 2.5 * T, 3.5 * T),
    ("3 万亿", "parameter", 3 * T, 2.5 * T, 3.5 * T),
    ("3T", "parameter", 3 * T, 2.5 * T, 3.5 * T),
    ("104 billion", "parameter", 104 * B, 103.5 * B, 104.5 * B),
    ("1040 亿", "parameter", 104 * B, 103.5 * B, 104.5 * B),  # the trailing zero: 104 × 10⁹
    ("一千零四十亿", "parameter", 104 * B, 103.5 * B, 104.5 * B),
    ("1.04×10¹¹", "parameter", 104 * B, 103.5 * B, 104.5 * B),
    ("1.04 x 10^11", "parameter", 104 * B, 103.5 * B, 104.5 * B),
    ("1.04*10**11", "parameter", 104 * B, 103.5 * B, 104.5 * B),
    ("1.04·10¹¹", "parameter", 104 * B, 103.5 * B, 104.5 * B),
    ("1.04E+11", "parameter", 104 * B, 103.5 * B, 104.5 * B),
    ("10¹²", "parameter", T, 0.5 * T, 1.5 * T),
    ("10^12", "parameter", T, 0.5 * T, 1.5 * T),
    ("10⁻³", None, 1e-3, 0.5e-3, 1.5e-3),
    ("100 万", None, 1e6, 500_000, 1_500_000),
    ("一百万", None, 1e6, 500_000, 1_500_000),
    ("两万", None, 20_000, 15_000, 25_000),
    ("一万二千", None, 12_000, 11_500, 12_500),
    ("1.5 million tokens", "token", 1.5e6, 1.45e6, 1.55e6),
    ("128K tokens", "token", 128_000, 127_500, 128_500),
    ("a million", "parameter", 1e6, 0.5e6, 1.5e6),
    ("two hundred", None, 200, 150, 250),
    # whole counts are exact
    ("6 台", "count", 6, 6, 6),
    ("48 cards", "count", 48, 48, 48),
    ("1,000,000", None, 1e6, 500_000, 1_500_000),  # trailing zeros: maybe a rounding
    ("三千", None, 3000, 2500, 3500),
    ("1,024", None, 1024, 1024, 1024),
    ("4000.0", None, 4000, 3999.95, 4000.05),  # a decimal point makes the zeros significant
    ("十五", None, 15, 15, 15),
    ("twenty-one", None, 21, 21, 21),
    ("-5", None, -5, -5, -5),
    ("half", None, 0.5, 0.25, 0.75),
]

APPROXIMATE = [
    # a marker widens the digits' half-width by 5% of the value
    # a marker adds another half unit of the last significant digit, at most 5% of the value
    ("about 5.6 TB", "byte", 5.6 * T, 5.5 * T, 5.7 * T),
    ("约 1040 亿", "parameter", 104 * B, 103 * B, 105 * B),
    ("~3.75 TB", "byte", 3.75 * T, 3.74 * T, 3.76 * T),
    ("3 万亿级", "parameter", 3 * T, 2.35 * T, 3.65 * T),
    ("3.2 万亿级", "parameter", 3.2 * T, 3.1 * T, 3.3 * T),
    ("approximately 2.8 trillion", "parameter", 2.8 * T, 2.7 * T, 2.9 * T),
    ("around 40.06%", "percent", 40.06, 40.05, 40.07),
    ("约69%", "percent", 69, 68, 70),
    ("approximately one million tokens", "token", 1e6, 0.45e6, 1.55e6),
    ("5 左右", None, 5, 4.25, 5.75),
    ("大约 5", None, 5, 4.25, 5.75),
    ("5 上下", None, 5, 4.25, 5.75),
    ("approx. 5", None, 5, 4.25, 5.75),
    ("roughly 5", None, 5, 4.25, 5.75),
    ("5-ish", None, 5, 4.25, 5.75),
    ("5 or so", None, 5, 4.25, 5.75),
    ("约约5", None, 5, 4.25, 5.75),
    # "nearly" is below the value by at most half a unit of its last significant digit
    ("nearly 3 trillion", "parameter", 3 * T, 2.5 * T, 3 * T),
    ("将近 100", None, 100, 50, 100),
    ("nearly five minutes", "second", 300, 270, 300),
    ("almost 2.5 hours", "second", 9000, 8820, 9000),
]

COMPARATORS = [
    ("over 100", None, 100, 100, INF),
    ("more than 100", None, 100, 100, INF),
    ("at least 5", None, 5, 5, INF),
    ("≥ 5", None, 5, 5, INF),
    ("> 5", None, 5, 5, INF),
    ("10,000+", None, 10_000, 10_000, INF),
    ("超过 100", None, 100, 100, INF),
    ("100 以上", None, 100, 100, INF),
    ("100 多", None, 100, 100, 200),  # 100-odd: up to the next step of its last digit
    ("30 余", None, 30, 30, 40),
    ("100 多万", "token", 1_000_000, 1_000_000, 2_000_000),
    ("up to 8", None, 8, 0, 8),
    ("< 5", None, 5, 0, 5),
    ("≤ 5", None, 5, 0, 5),
    ("no more than 5", None, 5, 0, 5),
    ("不到 10", None, 10, 0, 10),
    ("10 以下", None, 10, 0, 10),
    ("up to 256K tokens", "token", 256_000, 0, 256_000),
    ("over 1 EFLOPs", "flop", 1e18, 1e18, INF),
]

RANGES = [
    ("4–5 nodes", "count", None, 4, 5),
    ("4-5", None, None, 4, 5),
    ("4.5-5", None, None, 4.45, 5.5),
    ("4–5 trillion", "parameter", None, 3.5 * T, 5.5 * T),
    ("2.8-3 trillion", "parameter", None, 2.75 * T, 3.5 * T),
    ("4 TB – 5 TB", "byte", None, 3.5 * T, 5.5 * T),
    ("4TB-5TB", "byte", None, 3.5 * T, 5.5 * T),
    ("500 GB – 2 TB", "byte", None, 450 * B, 2.5 * T),
    ("4–5 万", None, None, 35_000, 55_000),
    ("约 4–5 台", "count", None, 3.3, 5.75),
    ("between 4 and 5", None, None, 4, 5),
]

VAGUE = [
    ("tens of gigabytes", "byte", None, 10 * B, 100 * B),
    ("几十 GB", "byte", None, 10 * B, 100 * B),
    ("数十", None, None, 10, 100),
    ("a few hours", "second", None, 2 * 3600, 9 * 3600),
    ("a few", None, None, 2, 9),
    ("several", None, None, 2, 9),
    ("几", None, None, 2, 9),
    ("dozens of", None, None, 24, 100),
    ("上百", None, None, 100, 1000),
    ("数万", None, None, 10_000, 100_000),
    ("数十亿", None, None, 1e9, 1e10),
    ("tens of thousands", None, None, 1e4, 1e5),
    ("hundreds of millions", "parameter", None, 1e8, 1e9),
    # a magnitude word alone names an order of magnitude ("trillion-parameter models")
    ("trillion-parameter", "parameter", None, T, 10 * T),
    ("trillion parameters", "parameter", None, T, 10 * T),
    ("万亿参数", "parameter", None, T, 10 * T),
    ("千亿级", "parameter", None, 1e11, 1e12),
    ("thousand", None, None, 1e3, 1e4),
]

UNITS = [
    # percent, percentage points, ratios
    ("65.7%", "percent", 65.7, 65.65, 65.75),
    ("0.7 个百分点", "percentage-point", 0.7, 0.65, 0.75),
    ("three times", "ratio", 3, 2.5, 3.5),
    ("3 倍", "ratio", 3, 2.5, 3.5),
    ("1.5 倍", "ratio", 1.5, 1.45, 1.55),
    ("3x", "ratio", 3, 2.5, 3.5),
    # information and rates: bits are an eighth of a byte, decimal prefixes
    ("400 Gbps", "byte/second", 50 * B, 43.75 * B, 56.25 * B),
    ("3000 GB/s", "byte/second", 3 * T, 2.5 * T, 3.5 * T),
    ("1.6TB/s", "byte/second", 1.6 * T, 1.55 * T, 1.65 * T),
    ("1.6 TB per second", "byte/second", 1.6 * T, 1.55 * T, 1.65 * T),
    ("80GB", "byte", 80 * B, 75 * B, 85 * B),
    ("5.6 TB", "byte", 5.6 * T, 5.55 * T, 5.65 * T),
    ("8 Mb", "byte", 1e6, 0.9375e6, 1.0625e6),
    ("2 Gbit", "byte", 0.25 * B, 0.1875 * B, 0.3125 * B),
    ("1 kB", "byte", 1000, 500, 1500),
    # binary prefixes
    ("3.75 TiB", "byte", 3.75 * TIB, 3.745 * TIB, 3.755 * TIB),
    ("1 KiB", "byte", 1024, 512, 1536),
    ("1.6 TiB/s", "byte/second", 1.6 * TIB, 1.55 * TIB, 1.65 * TIB),
    # composite dimensions
    ("0.5 字节 / 参数", "byte/parameter", 0.5, 0.45, 0.55),
    ("0.5 bytes/parameter", "byte/parameter", 0.5, 0.45, 0.55),
    ("2 bit/parameter", "byte/parameter", 0.25, 0.1875, 0.3125),
    ("400 million packets per second", "packet/second", 4e8, 3.5e8, 4.5e8),
    ("100 Mpps", "packet/second", 1e8, 0.5e8, 1.5e8),
    # time, frequency, compute
    ("50 ms", "second", 0.05, 0.045, 0.055),
    ("55 ms", "second", 0.055, 0.0545, 0.0555),
    ("3 min", "second", 180, 150, 210),
    ("2 hours", "second", 7200, 5400, 9000),
    ("1.5 days", "second", 129_600, 125_280, 133_920),
    ("1.8 GHz", "hertz", 1.8e9, 1.75e9, 1.85e9),
    ("2 PFLOPs", "flop", 2e15, 1.5e15, 2.5e15),
]


@pytest.mark.parametrize(
    "written, dimension, nominal, lower, upper",
    MAGNITUDES + APPROXIMATE + COMPARATORS + RANGES + VAGUE + UNITS,
    ids=lambda x: x if isinstance(x, str) else None,
)
def test_written_quantity_reads_with_exact_bounds(
    written: str, dimension: str | None, nominal: float | None, lower: float, upper: float
) -> None:
    assert same(read(written, dimension), (nominal, lower, upper))


@pytest.mark.parametrize("written, dimension", [(w, d) for w, d, *_ in APPROXIMATE + VAGUE])
def test_approximation_markers_and_vague_ranges_are_flagged(
    written: str, dimension: str | None
) -> None:
    assert parse_quantity(written, dimension).approximate is True


def test_approximation_widens_by_half_a_digit_at_most_five_percent_of_the_value() -> None:
    exact, about = parse_quantity("5.6 TB", "byte"), parse_quantity("about 5.6 TB", "byte")
    assert exact.approximate is False
    assert about.lower == pytest.approx(exact.lower - 0.05 * T)  # half of 0.1 TB more
    assert about.upper == pytest.approx(exact.upper + 0.05 * T)
    assert about.precision == exact.precision == pytest.approx(0.05 * T)
    one_digit = parse_quantity("about 3 trillion", "parameter")  # 5% is less than half a unit
    assert (one_digit.lower, one_digit.upper) == (pytest.approx(2.35 * T), pytest.approx(3.65 * T))


def test_written_unit_dimension_and_precision_are_kept() -> None:
    q = parse_quantity("400 Gbps", "byte/second")
    assert (q.unit, q.dimension, q.base_unit, q.factor) == ("Gbps", "byte/second", "B/s", 1.25e8)
    assert q.precision == pytest.approx(0.0625 * B)
    assert q.in_unit(q.nominal or 0) == pytest.approx(400)
    assert parse_quantity("6 台", "count").precision == 0.0


def test_decimal_and_binary_prefixes_stay_distinct() -> None:
    decimal, binary = parse_quantity("1 TB", "byte"), parse_quantity("1 TiB", "byte")
    assert (decimal.nominal, decimal.binary) == (1e12, False)
    assert (binary.nominal, binary.binary) == (2.0**40, True)
    precise_tb, precise_tib = parse_quantity("1.00 TB", "byte"), parse_quantity("1.00 TiB", "byte")
    assert precise_tb.upper < precise_tib.lower  # "1.00 TB" and "1.00 TiB" conflict
    assert parse_quantity("8 Mb", "byte").nominal == parse_quantity("1 MB", "byte").nominal


def test_units_compare_by_dimension_not_by_spelling() -> None:
    assert (
        parse_quantity("400 Gbps", "byte/second").nominal
        == parse_quantity("50 GB/s", "byte/second").nominal
    )
    assert (
        parse_quantity("2 hours", "second").nominal == parse_quantity("120 min", "second").nominal
    )


def test_a_unit_implies_its_dimension_when_the_property_gives_none() -> None:
    assert parse_quantity("80GB").dimension == "byte"
    assert parse_quantity("3 倍").dimension == "ratio"
    assert parse_quantity("12").dimension == "count"


def test_to_dict_is_the_documented_json_shape() -> None:
    assert parse_quantity("over 100", "count").to_dict() == {
        "type": "quantity",
        "amount": 100.0,
        "lower": 100.0,
        "upper": None,
        "unit": "1",
        "dimension": "count",
        "written_unit": "1",
        "precision": 0.0,
        "approximate": False,
        "binary_prefix": False,
    }


UNREADABLE = [
    ("", None, "the value is empty"),
    ("   ", None, "the value is empty"),
    ("abc", None, "no number in 'abc'"),
    ("lots of", "parameter", "no number in 'lots of'"),
    ("~", None, "no number in ''"),
    ("T", "parameter", "no number in 'T'"),  # an abbreviation is no magnitude without a number
    ("bn parameters", "parameter", "no number in 'bn parameters'"),
    ("5 TB", "parameter", "'5 TB' is in TB (byte), but the property expects parameter"),
    (
        "5 TB memory",
        "parameter",
        "'5 TB memory' is in TB (byte), but the property expects parameter",
    ),
    ("five", "byte", "'five' has no unit; a byte value needs one (e.g. B)"),
    ("80", "byte/second", "'80' has no unit; a byte/second value needs one (e.g. B/s)"),
    ("5 flurbs", "byte", "unknown unit 'flurbs'"),
    ("5 tb", "byte", "unknown unit 'tb'"),
    ("5–4", None, "the range '5–4' runs backwards"),
    ("4 TB – 5 s", "byte", "'5 s' is in s (second), but the property expects byte"),
    (
        "over 5 or less",
        None,
        "'over 5 or less' is both a lower and an upper bound; write one, or a range",
    ),
    (
        "超过 不到 10",
        None,
        "'超过 不到 10' is both a lower and an upper bound; write one, or a range",
    ),
    ("1e400", None, "the exponent 400 is out of range"),
    (
        "9" * 201,
        None,
        "the value is 201 characters long; claimkb reads a quantity of at most 200 (write "
        "the figure alone and keep the passage in the quote)",
    ),
    ("9" * 170 + "e150", None, "the number is too large to compare (above 10³⁰⁸)"),
    ("over 1e300 trillion", None, "the number is too large to compare (above 10³⁰⁸)"),
    ("10^999", None, "the exponent 999 is out of range"),
    ("1,00", "parameter", "cannot read ',00' after the number"),
    ("1.2.3", "parameter", "cannot read '.3' after the number"),
    ("3^12", "parameter", "cannot read '^12' after the number"),
    ("3万5", "count", "'3万5' is ambiguous: write 3万5千 or 3万零5"),
    ("1.5万3千", "count", "cannot read '3千' after '1.5万'"),
    ("3万20000", "count", "cannot read '3万20000': 20000 is not below the magnitude before"),
]


@pytest.mark.parametrize("written, dimension, message", UNREADABLE, ids=lambda x: str(x)[:30])
def test_unreadable_quantity_says_why(written: str, dimension: str | None, message: str) -> None:
    with pytest.raises(ValueProblem) as problem:
        parse_quantity(written, dimension)
    assert str(problem.value) == message


@pytest.mark.parametrize(
    ("written", "dimension", "meant"),
    [
        ("2.8 trilion", "parameter", "trillion"),
        ("3 bilion parameters", "parameter", "billion"),
        ("10 thousnad", "count", "thousand"),
        ("1 milion tokens", "token", "million"),
    ],
)
def test_a_misspelt_magnitude_is_an_error_not_a_counted_noun(
    written: str, dimension: str, meant: str
) -> None:
    """After a number of a counted dimension a word is usually a noun ("48 cards"); one a
    letter or two from a magnitude word is a misspelt magnitude, which read as a noun would
    make "2.8 trilion" parameters 2.8 parameters."""
    with pytest.raises(ValueProblem) as problem:
        parse_quantity(written, dimension)
    head = written.split()[1]
    assert str(problem.value) == (
        f"{head!r} is not a magnitude claimkb reads (did you mean {meant!r}?)"
    )


@pytest.mark.parametrize("written", ["48 cards", "8 servers", "6 nodes", "5 millions"])
def test_counted_nouns_and_magnitudes_still_read(written: str) -> None:
    parse_quantity(written, "count")


@pytest.mark.parametrize(
    ("written", "dimension", "unit"),
    [
        ("2 billion parameters", "count", "parameter"),  # read as 2 once: "billion" dropped
        ("37 billion parameters per token", "parameter", "parameter/token"),  # read as 37
        ("approximately one million tokens", "parameter", "token"),  # read as 1
    ],
)
def test_a_magnitude_is_never_taken_for_the_counted_noun(
    written: str, dimension: str, unit: str
) -> None:
    with pytest.raises(ValueProblem, match=f"is in {unit} .*but the property expects"):
        parse_quantity(written, dimension)


@pytest.mark.parametrize("written", ["one one", "three two", "a one-million-token"])
def test_number_words_that_make_no_number_are_refused(written: str) -> None:
    """Words were summed: "a one-million-token" read as 2,000,000 tokens."""
    with pytest.raises(ValueProblem):
        parse_quantity(written, "token")
