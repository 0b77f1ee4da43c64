"""Value reading and derived-claim arithmetic share one pint registry and agree on it."""

from __future__ import annotations

import pytest

from claimkb.derive import dimensions as dims
from claimkb.values.units import compose

# (written, the same unit in pint's own words, its base unit in pint's words)
AGREEING = [
    ("TB", "terabyte", "byte"),
    ("TiB", "tebibyte", "byte"),
    ("Gbps", "gigabit / second", "byte / second"),
    ("Gb", "gigabit", "byte"),
    ("KB", "kilobyte", "byte"),
    ("GB/s", "gigabyte / second", "byte / second"),
    ("ft", "foot", "meter"),
    ("米", "meter", "meter"),
    ("英尺", "foot", "meter"),
    ("公里", "kilometer", "meter"),
    ("mm²", "millimeter ** 2", "meter ** 2"),
    ("平方毫米", "millimeter ** 2", "meter ** 2"),
    ("kW", "kilowatt", "watt"),
    ("千瓦", "kilowatt", "watt"),
    ("kWh", "kilowatt_hour", "joule"),
    ("公斤", "kilogram", "kilogram"),
    ("吨", "metric_ton", "kilogram"),
    ("t", "metric_ton", "kilogram"),
    ("km/h", "kilometer / hour", "meter / second"),
    ("小时", "hour", "second"),
    ("TFLOPS", "teraFLOPS", "FLOP / second"),
    ("TOPS", "teraOPS", "FLOP / second"),
    ("Mpps", "megapacket / second", "packet / second"),
    ("bit/parameter", "bit / parameter", "byte / parameter"),
]


@pytest.mark.parametrize(("written", "pint_unit", "base"), AGREEING, ids=[w for w, *_ in AGREEING])
def test_reading_and_arithmetic_agree(written: str, pint_unit: str, base: str) -> None:
    unit = compose(written)
    assert unit is not None
    ureg = dims.registry()
    assert ureg.Quantity(1.0, pint_unit).to(base).magnitude == pytest.approx(unit.factor)
    # arithmetic works in base units: a value's amount is its magnitude there
    assert dims.root_factor(unit.dimension) == 1.0
    _, root = ureg.get_root_units(ureg.parse_units(base))
    assert dims.unit_of(unit.dimension) == root


def test_domain_relations() -> None:
    ureg = dims.registry()
    assert dims.root_factor("percent") == 0.01
    assert dims.label(dims.unit_of("percent")) == "plain number"
    assert dims.label(dims.unit_of("count")) == "plain number"
    assert dims.label(dims.unit_of("hertz")) == "hertz"
    assert dims.label(dims.unit_of("percentage-point")) == "percentage-point"
    assert dims.label(dims.unit_of("byte/parameter")) == "byte/parameter"
    assert dims.label(dims.unit_of("power") * dims.unit_of("second")) == "energy"
    assert dims.label(dims.unit_of("power") / dims.unit_of("area")) == "power/area"
    assert ureg.Quantity(3.75, "TiB").to("TB").magnitude == pytest.approx(4.12316860416)
    assert ureg.Quantity(400, "Gbit/s").to("GB/s").magnitude == pytest.approx(50.0)


def test_each_currency_is_a_root_of_its_own() -> None:
    usd, cny = dims.unit_of("USD"), dims.unit_of("CNY")
    assert usd != cny
    assert dims.label(usd) == "USD" and dims.label(cny) == "CNY"
    assert dims.label(usd / dims.unit_of("energy")) == "USD/energy"
    assert dims.root_factor("USD") == 1.0


@pytest.mark.parametrize(
    ("dimension", "value", "shown"),
    [
        ("byte", 3.84e12, ("TB", 1e12)),
        ("byte", 512.0, ("B", 1.0)),
        ("byte/second", 1.6e12, ("TB/s", 1e12)),
        ("power", 7e5, ("kW", 1e3)),
        ("flop/second", 3.958e15, ("PFLOPS", 1e15)),
        ("parameter", 2.8e12, ("parameter", 1.0)),
        ("length", 8848.86, ("m", 1.0)),
        ("mass", 5.0, ("kg", 1.0)),
        ("count", 48.0, ("", 1.0)),
    ],
)
def test_readable_units(dimension: str, value: float, shown: tuple[str, float]) -> None:
    assert dims.display_unit(dims.unit_of(dimension), value) == shown


def test_the_written_unit_is_preferred_when_it_fits() -> None:
    feet = compose("ft")
    assert feet is not None
    symbol, per = dims.display_unit(dims.unit_of("length"), 8848.86, [None, feet])
    assert symbol == "ft" and per == pytest.approx(0.3048)


def test_the_domain_units_read_without_pint_are_what_pint_reads() -> None:
    from claimkb.values import unitwords

    ureg = dims.registry()
    assert set(unitwords.domain_bases()) >= {"parameter", "parameters", "params", "tokens", "FLOPs"}
    for form, measure in unitwords.domain_bases().items():
        factor, root = ureg.get_root_units(ureg.parse_units(form))
        assert (float(factor), dict(root._units)) == (measure.factor, dict(measure.signature))


def test_the_named_dimensions_are_what_pint_says_of_their_base_units() -> None:
    from claimkb.values import unitdefs, unitreg

    for name, (symbol, _) in unitdefs.DIMENSIONS.items():
        if name in unitdefs.PLAIN:
            continue
        unit = compose({"C": "coulomb", "K": "kelvin"}.get(symbol, symbol))  # no lone C, K
        assert unit is not None and (unit.dimension, unit.factor) == (name, 1.0), name
        assert unitreg.dimension_info(name) == (
            unitreg.pint_expression(
                {"B": "byte", "pp": "percentage_point", "Hz": "hertz"}.get(symbol, symbol)
                .replace("²", "**2")
                .replace("³", "**3")
            ).signature,
            1.0,
        ), name
