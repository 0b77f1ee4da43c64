"""Units from pint's registry, read on values of subjects far from the first corpus: a
mountain's height (metres, feet, 米, 公尺), a GPU's specification (W, mm², TFLOPS, TOPS,
TB/s) and company revenue (USD, CNY, 亿元), with exact amounts and dimensions."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from claimkb.values import ValueProblem, parse_quantity, unitreg, units, unitwords
from claimkb.values.units import Context, compose, resolve_dimension, suggest_dimension, unit_word

FT = 0.3048

# (written, dimension, nominal in the base unit, written unit shown, factor)
READINGS = [
    # Mount Everest: the 2020 survey, its value in feet, the Chinese and Taiwanese forms
    ("8,848.86 m", "length", 8848.86, "m", 1.0),
    ("29,032 feet", "length", 29032 * FT, "ft", FT),
    ("29,032 ft", "length", 29032 * FT, "ft", FT),
    ("8848.86米", "length", 8848.86, "m", 1.0),
    ("8848.86公尺", "length", 8848.86, "m", 1.0),
    ("8.84886 km", "length", 8848.86, "km", 1000.0),
    ("8.84886 公里", "length", 8848.86, "km", 1000.0),
    ("5.5 miles", "length", 5.5 * 1609.344, "mi", 1609.344),
    # NVIDIA H100 SXM
    ("700W", "power", 700.0, "W", 1.0),
    ("0.7 kW", "power", 700.0, "kW", 1000.0),
    ("700 瓦", "power", 700.0, "W", 1.0),
    ("814 mm²", "area", 814e-6, "mm²", 1e-6),
    ("814 mm2", "area", 814e-6, "mm²", 1e-6),
    ("814 mm^2", "area", 814e-6, "mm²", 1e-6),
    ("814 square millimetres", "area", 814e-6, "mm²", 1e-6),
    ("814 平方毫米", "area", 814e-6, "mm²", 1e-6),
    ("3,958 TFLOPS", "flop/second", 3.958e15, "TFLOPS", 1e12),
    ("3,958 teraFLOPS", "flop/second", 3.958e15, "TFLOPS", 1e12),
    ("3,958 TeraFLOPS", "flop/second", 3.958e15, "TFLOPS", 1e12),
    ("3.958 petaFLOPS", "flop/second", 3.958e15, "PFLOPS", 1e15),
    ("3,958 TOPS", "flop/second", 3.958e15, "TOPS", 1e12),
    ("10 Exa-Flops", "flop/second", 1e19, "EFLOPS", 1e18),
    ("2 PFLOPs", "flop", 2e15, "PFLOP", 1e15),
    ("3.35 TB/s", "byte/second", 3.35e12, "TB/s", 1e12),
    ("3000 GB/s", "byte/second", 3e12, "GB/s", 1e9),
    ("900 GB/s", "byte/second", 9e11, "GB/s", 1e9),
    ("400 Gbps", "byte/second", 5e10, "Gbps", 1.25e8),
    ("80 GB", "byte", 8e10, "GB", 1e9),
    ("80GB HBM3", "byte", 8e10, "GB", 1e9),
    ("1.98 GHz", "hertz", 1.98e9, "GHz", 1e9),
    # revenue and prices
    ("$30,000", "currency", 30000.0, "USD", 1.0),
    ("US$32.7 billion", "currency", 32.7e9, "USD", 1.0),
    ("32.7 billion US dollars", "currency", 32.7e9, "USD", 1.0),
    ("12 亿元", "currency", 12e8, "CNY", 1.0),
    ("人民币 2,365 亿元", "currency", 2365e8, "CNY", 1.0),
    ("RMB 236.5 billion", "currency", 236.5e9, "CNY", 1.0),
    ("236.5 billion yuan", "currency", 236.5e9, "CNY", 1.0),
    ("45 亿美元", "currency", 45e8, "USD", 1.0),
    ("€5bn", "currency", 5e9, "EUR", 1.0),
    ("£3 million", "currency", 3e6, "GBP", 1.0),
    ("800 港元", "currency", 800.0, "HKD", 1.0),
    ("5 pounds", "currency", 5.0, "GBP", 1.0),
    ("5 pounds", "mass", 5 * 0.45359237, "lb", 0.45359237),
    # other dimensions
    ("3 吨", "mass", 3000.0, "t", 1000.0),
    ("5 公斤", "mass", 5.0, "kg", 1.0),
    ("100 km/h", "speed", 100 / 3.6, "km/h", 1 / 3.6),
    ("100 公里每小时", "speed", 100 / 3.6, "km/h", 1 / 3.6),
    ("1.2 kWh", "energy", 4.32e6, "kWh", 3.6e6),
    ("3 小时", "second", 10800.0, "h", 3600.0),
    ("2.8 trillion parameters", "parameter", 2.8e12, "parameter", 1.0),
]


@pytest.mark.parametrize(
    ("written", "dimension", "nominal", "symbol", "factor"),
    READINGS,
    ids=[f"{w}-{d}" for w, d, *_ in READINGS],
)
def test_written_units_read_as_amounts_of_their_dimension(
    written: str, dimension: str, nominal: float, symbol: str, factor: float
) -> None:
    quantity = parse_quantity(written, dimension)
    expected = "USD" if symbol == "USD" else dimension
    if dimension == "currency":
        expected = symbol
    assert quantity.dimension == expected
    assert quantity.nominal == pytest.approx(nominal, rel=1e-12)
    assert (quantity.unit, quantity.factor) == (symbol, pytest.approx(factor, rel=1e-12))


def test_the_precision_of_the_digits_is_kept_in_the_written_unit() -> None:
    feet = parse_quantity("29,032 ft", "length")
    assert (feet.lower, feet.upper) == (pytest.approx(29031.5 * FT), pytest.approx(29032.5 * FT))
    metres = parse_quantity("8,848.86 m", "length")
    assert metres.lower <= 8848.86 <= metres.upper
    assert feet.lower <= metres.nominal <= feet.upper  # type: ignore[operator]
    assert parse_quantity("814 mm²", "area").precision == pytest.approx(0.5e-6)


def test_flops_is_a_rate_and_flops_with_a_small_s_an_amount_of_work() -> None:
    assert parse_quantity("4000 TFLOPS", "flop/second").dimension == "flop/second"
    assert parse_quantity("over 1 EFLOPs", "flop").dimension == "flop"
    rate, int8 = parse_quantity("3,958 TFLOPS"), parse_quantity("3,958 TOPS")
    assert (rate.dimension, rate.nominal) == (int8.dimension, int8.nominal)


def test_decimal_and_binary_prefixes_stay_distinct() -> None:
    tb, tib = parse_quantity("1 TB", "byte"), parse_quantity("1 TiB", "byte")
    assert (tb.nominal, tb.binary, tib.nominal, tib.binary) == (1e12, False, 2.0**40, True)
    assert parse_quantity("8 Gb", "byte").nominal == parse_quantity("1 GB", "byte").nominal
    assert parse_quantity("1 KB", "byte").nominal == 1000.0
    assert parse_quantity("1 KiB", "byte").nominal == 1024.0
    assert parse_quantity("10 MBps", "byte/second").nominal == 1e7


AMBIGUOUS = [
    # (written, property currency, currency of the source's country, code or problem)
    ("$30,000", None, None, "USD"),
    ("$30,000", None, "CNY", "USD"),  # a Chinese outlet's $ is the US dollar
    ("$30,000", None, "AUD", "'$' may be USD or AUD (the source's country uses AUD)"),
    ("$30,000", "AUD", "AUD", "AUD"),
    ("¥100", None, None, "'¥' may be JPY or CNY: write the code"),
    ("¥100", None, "JPY", "JPY"),
    ("¥100", None, "CNY", "CNY"),
    ("¥100", "JPY", "CNY", "JPY"),
    ("12 亿元", None, None, "CNY"),
    ("12 亿元", None, "TWD", "'元' may be CNY or TWD (the source's country uses TWD)"),
    ("12 亿元", "TWD", "TWD", "TWD"),
    ("人民币 12 亿元", None, "TWD", "CNY"),  # 人民币 says which 元
    ("500 kr", None, "SEK", "SEK"),
    ("500 kr", None, None, "'kr' may be SEK or NOK or DKK or ISK"),
]


@pytest.mark.parametrize(("written", "currency", "region", "expected"), AMBIGUOUS)
def test_an_ambiguous_currency_is_settled_by_the_property_or_the_sources_country(
    written: str, currency: str | None, region: str | None, expected: str
) -> None:
    with units.using(Context(currency=currency, region=region)):
        if len(expected) == 3:
            assert parse_quantity(written, "currency").dimension == expected
            return
        with pytest.raises(ValueProblem) as problem:
            parse_quantity(written, "currency")
    assert str(problem.value).startswith(expected)
    assert "set the property's `currency:`" in str(problem.value)


def test_currencies_are_dimensions_of_their_own() -> None:
    usd, cny = parse_quantity("$30,000", "currency"), parse_quantity("12 亿元", "currency")
    assert (usd.dimension, cny.dimension) == ("USD", "CNY")
    assert parse_quantity("$30,000–$40,000", "currency").dimension == "USD"
    with pytest.raises(ValueProblem, match=r"names two currencies \(\$, €\)"):
        parse_quantity("$30,000–€40,000", "currency")
    with pytest.raises(ValueProblem, match=r"is in CNY \(CNY\), but the property expects USD"):
        parse_quantity("12 亿元", "USD")


def test_a_unit_of_another_dimension_after_a_count_is_an_error() -> None:
    for written, unit in [("29,032 feet", "ft (length)"), ("8848米", "m (length)")]:
        expected = re.escape(f"is in {unit}, but the property expects count")
        with pytest.raises(ValueProblem, match=expected):
            parse_quantity(written, "count")
    for written in ("48 units", "7 points", "2 chains", "5 GPUs", "6 台服务器", "13th"):
        assert parse_quantity(written, "count").dimension == "count", written


@pytest.mark.parametrize(
    ("word", "unit"),
    [
        ("feet", ("ft", "length")),
        ("米", ("m", "length")),
        ("GB", ("GB", "byte")),
        ("W", ("W", "power")),
        ("mins", ("min", "second")),
        ("TFLOPS", ("TFLOPS", "flop/second")),
        ("亿元", None),
        ("units", None),  # pint: micro-nits
        ("pins", None),  # pint: pico-inches
        ("points", None),  # an ordinary noun first
        ("cards", None),
        ("K", None),  # a magnitude
        ("th", None),  # 13th
        ("台", None),
    ],
)
def test_unit_word_tells_a_unit_from_a_counted_noun(
    word: str, unit: tuple[str, str] | None
) -> None:
    found = unit_word(word)
    assert (found and (found.symbol, found.dimension)) == unit


@pytest.mark.parametrize(
    ("written", "dimension"),
    [
        ("length", "length"),
        ("height", "length"),
        ("m", "length"),
        ("metre", "length"),
        ("米", "length"),
        ("watt", "power"),
        ("W", "power"),
        ("area", "area"),
        ("mm²", "area"),
        ("time", "second"),
        ("frequency", "hertz"),
        ("TFLOPS", "flop/second"),
        ("bit/second", "byte/second"),
        ("TB/s", "byte/second"),
        ("currency", "currency"),
        ("money", "currency"),
        ("USD", "USD"),
        ("$", "USD"),
        ("W/m²", "power/area"),
        ("lenght", None),
        ("flurbs", None),
    ],
)
def test_a_dimension_is_named_by_a_name_or_by_a_unit(written: str, dimension: str | None) -> None:
    assert resolve_dimension(written) == dimension


def test_a_misspelt_dimension_gets_the_nearest_name() -> None:
    assert suggest_dimension("lenght") == "length"
    assert suggest_dimension("curency") == "currency"
    assert suggest_dimension("zzz") is None


def test_a_unit_with_an_offset_is_refused_with_a_reason() -> None:
    with pytest.raises(ValueProblem, match="with an offset"):
        parse_quantity("100 °C", "temperature")
    assert parse_quantity("373.15 kelvin", "temperature").nominal == pytest.approx(373.15)


def test_each_written_unit_is_looked_up_in_pint_once() -> None:
    compose("ft")
    before = unitwords.pint_word.cache_info()
    for _ in range(100):
        assert compose("ft") is not None
        parse_quantity("29,032 ft", "length")
    after = unitwords.pint_word.cache_info()
    assert after.misses == before.misses


def test_pint_keeps_its_parsed_definitions_beside_the_kb_caches(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A registry built from pint's cached definitions reads units as one built without it;
    the cache lives under claimkb's cache directory and CLAIMKB_NO_CACHE switches it off."""
    import pint

    monkeypatch.setenv("CLAIMKB_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("CLAIMKB_NO_CACHE", raising=False)
    folder = unitreg._definitions_cache()
    assert folder == tmp_path / f"pint-{pint.__version__}"
    cached = pint.UnitRegistry(cache_folder=folder)
    again = pint.UnitRegistry(cache_folder=folder)  # from what the first one stored
    plain = pint.UnitRegistry(cache_folder=None)
    assert any(folder.iterdir())
    for unit in ("foot", "kilowatt_hour", "mile / hour", "mm ** 2"):
        factor, root = plain.get_root_units(unit)
        for registry in (cached, again):
            found_factor, found_root = registry.get_root_units(unit)
            assert (found_factor, str(found_root)) == (factor, str(root))
    monkeypatch.setenv("CLAIMKB_NO_CACHE", "1")
    assert unitreg._definitions_cache() is None
    monkeypatch.delenv("CLAIMKB_NO_CACHE")
    blocked = tmp_path / "file"
    blocked.write_text("not a directory")
    monkeypatch.setenv("CLAIMKB_CACHE_DIR", str(blocked))
    assert unitreg._definitions_cache() is None  # cannot be made: no cache, no failure
