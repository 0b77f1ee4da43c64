"""The pint registry is built from the unit table and agrees with it."""

from __future__ import annotations

import pytest

from claimkb.derive import dimensions as dims
from claimkb.values.units import UNITS

SYMBOLS = sorted({u.symbol: u for u in UNITS.values()}.items())


@pytest.mark.parametrize(("symbol", "unit"), SYMBOLS, ids=[s for s, _ in SYMBOLS])
def test_every_unit_of_the_table_converts_as_the_table_says(symbol: str, unit: object) -> None:
    from claimkb.values.units import Unit

    assert isinstance(unit, Unit)
    if unit.dimension in ("count", "ratio"):
        assert dims.unit_of(unit.dimension) == dims.dimensionless()
        return
    ureg = dims.registry()
    quantity = ureg.Quantity(1.0, ureg.parse_units(symbol)).to_root_units()
    assert quantity.magnitude == pytest.approx(unit.factor * dims.root_factor(unit.dimension))
    assert quantity.units == dims.unit_of(unit.dimension)


def test_domain_relations() -> None:
    ureg = dims.registry()
    assert dims.root_factor("percent") == 0.01
    assert dims.label(dims.unit_of("percent")) == "plain number"
    assert dims.label(dims.unit_of("hertz")) == "1/second"
    assert dims.label(dims.unit_of("percentage-point")) == "percentage-point"
    assert dims.label(dims.unit_of("byte/parameter")) == "byte/parameter"
    assert ureg.Quantity(3.75, "TiB").to("TB").magnitude == pytest.approx(4.12316860416)
    assert ureg.Quantity(400, "Gbps").to("GB/s").magnitude == pytest.approx(50.0)


@pytest.mark.parametrize(
    ("dimension", "value", "shown"),
    [
        ("byte", 3.84e12, ("TB", 1e12)),
        ("byte", 512.0, ("B", 1.0)),
        ("byte/second", 1.6e12, ("TB/s", 1e12)),
        ("parameter", 2.8e12, ("parameter", 1.0)),
        ("count", 48.0, ("", 1.0)),
    ],
)
def test_readable_units(dimension: str, value: float, shown: tuple[str, float]) -> None:
    assert dims.display_unit(dims.unit_of(dimension), value) == shown
