"""The domain's units, defined once.

Every unit a claim may be written in is listed here with its dimension and its factor to the
dimension's base unit. Value parsing reads this table directly (fast, no import cost), and the
derived-claim arithmetic builds its pint registry from the same table, so a unit exists in one
place only.

Decimal and binary prefixes stay distinct: ``TB`` is 10**12 bytes, ``TiB`` is 2**40 bytes, and
each unit remembers which kind of prefix it carries so a TB/TiB mix-up can be named.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Unit", "UNITS", "DIMENSIONS", "lookup", "compose", "base_unit", "IMPLICIT"]


@dataclass(frozen=True, slots=True)
class Unit:
    symbol: str
    dimension: str
    factor: float
    """Multiply a value in this unit by ``factor`` to get the dimension's base unit."""
    binary: bool = False
    """True for IEC binary prefixes (KiB, GiB, TiB ...)."""


DIMENSIONS: dict[str, str] = {
    "count": "1",
    "parameter": "parameter",
    "token": "token",
    "byte": "B",
    "second": "s",
    "percent": "%",
    "percentage-point": "pp",
    "ratio": "×",
    "packet": "packet",
    "hertz": "Hz",
    "flop": "FLOP",
}
"""Base dimensions and the symbol of each one's base unit. Composite dimensions are written
``numerator/denominator`` (``byte/second``, ``bit/parameter`` is ``byte/parameter``)."""

IMPLICIT = frozenset({"count", "parameter", "token", "ratio"})
"""Dimensions whose values may be written without a unit (``2.8 trillion`` parameters)."""

_DECIMAL = {"": 1.0, "k": 1e3, "K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12, "P": 1e15, "E": 1e18}
_BINARY = {"Ki": 2.0**10, "Mi": 2.0**20, "Gi": 2.0**30, "Ti": 2.0**40, "Pi": 2.0**50, "Ei": 2.0**60}


def _table() -> dict[str, Unit]:
    table: dict[str, Unit] = {}

    def add(names: list[str], dimension: str, factor: float, binary: bool = False) -> None:
        for name in names:
            table[name] = Unit(names[0], dimension, factor, binary)

    add(["1"], "count", 1.0)
    add(["parameter", "parameters", "param", "params", "参数", "个参数"], "parameter", 1.0)
    add(["token", "tokens", "个token"], "token", 1.0)
    add(["%", "％", "percent", "per cent", "pct"], "percent", 1.0)
    add(
        ["pp", "p.p.", "percentage point", "percentage points", "个百分点", "百分点"],
        "percentage-point",
        1.0,
    )
    add(["×", "x", "X", "times", "fold", "-fold", "倍"], "ratio", 1.0)
    add(["packet", "packets", "packet(s)"], "packet", 1.0)
    add(["s", "sec", "second", "seconds", "秒"], "second", 1.0)
    add(["ms", "millisecond", "milliseconds", "毫秒"], "second", 1e-3)
    add(["min", "minute", "minutes", "分钟"], "second", 60.0)
    add(["h", "hr", "hour", "hours", "小时"], "second", 3600.0)
    add(["day", "days", "天"], "second", 86400.0)
    add(["FLOP", "FLOPs", "flop", "flops"], "flop", 1.0)
    add(["Hz", "hertz"], "hertz", 1.0)
    for prefix, factor in (("M", 1e6), ("G", 1e9), ("T", 1e12), ("P", 1e15), ("E", 1e18)):
        add([f"{prefix}FLOP", f"{prefix}FLOPs"], "flop", factor)
        add([f"{prefix}Hz"], "hertz", factor)
    add(["GHz"], "hertz", 1e9)
    # information: bytes (B) and bits (b), decimal and binary prefixes
    add(["B", "byte", "bytes", "字节"], "byte", 1.0)
    add(["bit", "bits", "b", "比特", "位"], "byte", 0.125)
    for prefix, factor in _DECIMAL.items():
        if prefix:
            add([f"{prefix}B"], "byte", factor)
            add([f"{prefix}b", f"{prefix}bit"], "byte", factor / 8)
            add([f"{prefix}bps", f"{prefix}b/s", f"{prefix}bit/s"], "byte/second", factor / 8)
            add([f"{prefix}B/s", f"{prefix}Bps"], "byte/second", factor)
            add([f"{prefix}pps"], "packet/second", factor)
    for prefix, factor in _BINARY.items():
        add([f"{prefix}B"], "byte", factor, binary=True)
        add([f"{prefix}b", f"{prefix}bit"], "byte", factor / 8, binary=True)
        add([f"{prefix}B/s"], "byte/second", factor, binary=True)
    add(["bps", "b/s", "bit/s"], "byte/second", 0.125)
    add(["B/s"], "byte/second", 1.0)
    add(["pps"], "packet/second", 1.0)
    add(["kilobyte", "kilobytes"], "byte", 1e3)
    add(["megabyte", "megabytes"], "byte", 1e6)
    add(["gigabyte", "gigabytes"], "byte", 1e9)
    add(["terabyte", "terabytes"], "byte", 1e12)
    add(["petabyte", "petabytes"], "byte", 1e15)
    return table


UNITS: dict[str, Unit] = _table()
_FOLDED: dict[str, Unit] = {}
for _name, _unit in UNITS.items():
    _FOLDED.setdefault(_name.casefold(), _unit)


def lookup(name: str) -> Unit | None:
    """Find a simple unit by exact name, then case-insensitively for word units.

    Symbols are case-sensitive (``Mb`` is megabit, ``MB`` megabyte); only names longer than
    three characters (``Bytes``, ``Tokens``) fall back to a case-insensitive match.
    """
    name = name.strip()
    found = UNITS.get(name)
    if found is None and len(name) > 3:
        found = _FOLDED.get(name.casefold())
    return found


_PER = (" per ", "/", "／", " / ", "每")


def compose(name: str) -> Unit | None:
    """A simple unit, or ``numerator/denominator`` / ``numerator per denominator``."""
    found = lookup(name)
    if found is not None:
        return found
    for sep in _PER:
        if sep in name:
            num_name, _, den_name = name.partition(sep)
            num, den = lookup(num_name), lookup(den_name)
            if num is None or den is None:
                continue
            if den.dimension == "count" or "/" in den.dimension or "/" in num.dimension:
                continue
            return Unit(
                f"{num.symbol}/{den.symbol}",
                f"{num.dimension}/{den.dimension}",
                num.factor / den.factor,
                num.binary or den.binary,
            )
    return None


def base_unit(dimension: str) -> str:
    """Symbol of a dimension's base unit (``byte/second`` -> ``B/s``)."""
    num, _, den = dimension.partition("/")
    symbol = DIMENSIONS.get(num, num)
    return f"{symbol}/{DIMENSIONS.get(den, den)}" if den else symbol


def known_dimension(dimension: str) -> bool:
    num, _, den = dimension.partition("/")
    return num in DIMENSIONS and (not den or den in DIMENSIONS)
