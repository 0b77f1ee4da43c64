"""pint's registry, read one written word at a time, and the names of dimensions.

One registry serves value reading and derived-claim arithmetic: pint's default definitions
(every SI and customary unit, prefix and plural) plus the domain's (:data:`.unitdefs.DOMAIN`).
It is built on first use, never on the ``--help`` path.

A written unit resolves to a :class:`Measure`: its factor to pint's *root* units and its
*signature* (the root units and their exponents: ``TB`` is 8×10¹² ``bit``; ``W`` is 1000
``gram·meter²/second³``). The signature names the dimension (:func:`dimension_name`); two
writings of one dimension always get one name, whatever the words.

pint reads ``units`` as micro-nits and ``pins`` as pico-inches. Where a word may be a counted
noun (``48 units``), a reading is accepted only when it is written in one style: a unit alone
(``ft``, ``feet``), a prefix name before a unit name (``kilometres``), or a prefix symbol before
a unit symbol (``km``, ``TB``, ``Gbps``); see :func:`pint_word`.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..userdirs import cache_base, caching_disabled
from . import currency, unitdefs

__all__ = [
    "Measure",
    "measure_of",
    "registry",
    "to_base",
    "pint_expression",
    "remembered",
    "dimension_name",
    "dimension_info",
    "name_root",
]

Signature = tuple[tuple[str, float], ...]


@dataclass(frozen=True, slots=True)
class Measure:
    """A unit as factor × root units (see the module doc), with the symbol it is shown in.

    ``plain`` names a dimensionless kind kept apart for comparison (``count``, ``percent``,
    ``ratio``): pint has no root unit for those."""

    factor: float
    signature: Signature
    symbol: str
    binary: bool = False
    plain: str | None = None

    def times(self, other: Measure, power: float = 1.0) -> Measure:
        """``self · other^power``; the symbol is built by the caller."""
        exps = dict(self.signature)
        for root, exp in other.signature:
            exps[root] = exps.get(root, 0.0) + exp * power
        return Measure(
            self.factor * other.factor**power,
            _signature(exps),
            self.symbol,
            self.binary or other.binary,
        )


def _signature(exps: dict[str, float]) -> Signature:
    return tuple(sorted((r, float(e)) for r, e in exps.items() if e and r != "count"))


ROOT_SCALES = {"bit": 8.0, "gram": 1000.0}
"""pint's root units that are not the base units values are given in: a byte is 8 bits, a
kilogram 1000 grams. Factors are to base units (byte, kilogram, metre, second ...), so that
a value's amount in its base unit is also its magnitude in the arithmetic."""


def to_base(factor: float, root: Any) -> tuple[float, Signature]:
    exps = dict(root._units)
    for name, exp in exps.items():
        scale = ROOT_SCALES.get(name)
        if scale is not None:
            factor /= scale**exp
    return float(factor), _signature(exps)


@functools.cache
def registry() -> Any:
    """pint's default registry with the domain's units, built once per process."""
    import logging

    import pint

    logging.getLogger("pint").addHandler(logging.NullHandler())
    logging.getLogger("pint").propagate = False  # pint logs ambiguous parses; we choose
    ureg: Any = None
    folder = _definitions_cache()
    if folder is not None:
        try:  # pint's own cache of its parsed definition files: 0.8 s less per process
            ureg = pint.UnitRegistry(cache_folder=folder, on_redefinition="raise")
        except Exception:  # an unwritable or damaged cache costs only the time it saves
            ureg = None
    if ureg is None:
        ureg = pint.UnitRegistry(cache_folder=None, on_redefinition="raise")
    for line in unitdefs.DOMAIN:
        ureg.define(line)
    return ureg


def _definitions_cache() -> Path | None:
    """Where pint may keep its parsed definitions: beside the KB caches, in a folder of its
    own per pint version; none when caching is off or the folder cannot be made."""
    import pint

    if caching_disabled():
        return None
    folder = cache_base() / f"pint-{pint.__version__}"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return folder


def measure_of(ureg: Any, prefix: str, unit: str) -> Measure | str:
    definition = ureg._units[unit]
    if not definition.is_multiplicative:
        return (
            f"{prefix}{unit} is a unit with an offset (degrees Celsius or Fahrenheit); claimkb "
            "compares temperatures in kelvin"
        )
    factor, signature = to_base(*ureg.get_root_units(prefix + unit))
    symbol = unitdefs.DISPLAY_SYMBOLS.get(unit) or definition.symbol or unit
    prefix_symbol = ureg._prefixes[prefix].symbol if prefix else ""
    return Measure(factor, signature, prefix_symbol + symbol, prefix in unitdefs.BINARY_PREFIXES)


@functools.cache
def pint_expression(expression: str) -> Measure:
    """A pint expression of our own definitions (``meter ** 2``, ``kilometer / hour``), as
    read before when it was (:mod:`.unitmemo`)."""
    found = remembered(("expression", expression), lambda: _read_expression(expression))
    return found if isinstance(found, Measure) else _read_expression(expression)


def remembered(
    key: tuple[Any, ...], read: Callable[[], Measure | str | None]
) -> Measure | str | None:
    """``read()``, or what it gave for ``key`` in an earlier run (:mod:`.unitmemo`, which
    keeps a measure as the arguments that build it again, a problem or None as it is)."""
    from .unitmemo import memo

    known, reading = memo().get(key)
    if known:
        return Measure(*reading) if isinstance(reading, tuple) else reading
    found = read()
    kept = (
        (found.factor, found.signature, found.symbol, found.binary, found.plain)
        if isinstance(found, Measure)
        else found
    )
    memo().put(key, kept)
    return found


def _read_expression(expression: str) -> Measure:
    ureg = registry()
    unit = ureg.parse_units(expression)
    factor, signature = to_base(*ureg.get_root_units(unit))
    return Measure(factor, signature, _format(ureg, unit))


_SUPERSCRIPTS = {2: "²", 3: "³", -1: "⁻¹"}
"""Powers written as superscripts in symbols and names; others are written ``^n``."""


_POWERS = {sym: float(p) for p, sym in _SUPERSCRIPTS.items()}
_RAISED = re.compile(r"^(?P<base>.+?)(?P<p>²|³|⁻¹|\^-?\d+(?:\.\d+)?)$")


def power_symbol(symbol: str, power: float) -> str:
    if power == 1:
        return symbol
    return symbol + _SUPERSCRIPTS.get(int(power), f"^{power:g}")


def _format(ureg: Any, unit: Any) -> str:
    up: list[str] = []
    down: list[str] = []
    for name, exp in unit._units.items():
        candidates = ureg.parse_unit_name(name)
        prefix, base, _ = candidates[0] if candidates else ("", name, "")
        measure = measure_of(ureg, prefix, base)
        symbol = measure.symbol if isinstance(measure, Measure) else name
        (up if exp > 0 else down).append(power_symbol(symbol, abs(exp)))
    text = "·".join(up) or "1"
    return f"{text}/{'·'.join(down)}" if down else text


# -- dimensions -------------------------------------------------------------------------

ROOT_FAMILIES = ("currency", "kb")
"""How the root units claimkb names in pint itself begin (``currency_USD``, ``kb_household``:
see :func:`name_root`); derived-claim arithmetic defines them in the registry as it meets them,
so a reader's index of pint's names (:mod:`.unitstarts`) takes them from here."""

_ROOT_NAMES: dict[str, str] = {}
"""Root units that are dimensions of their own: ``currency_USD`` -> ``USD``, a KB's units."""


def name_root(root: str, dimension: str) -> None:
    """Record that the root unit ``root`` measures ``dimension`` (a currency, a KB's own);
    ``root`` begins with one of :data:`ROOT_FAMILIES` and ``_`` (a test checks)."""
    _ROOT_NAMES[root] = dimension


@functools.cache
def _named() -> dict[Signature, tuple[str, float]]:
    """Signature -> (dimension name, root units per base unit) of the named dimensions,
    read from :data:`.unitdefs.DIMENSIONS` without pint."""
    found: dict[Signature, tuple[str, float]] = {}
    for name, (_, written) in unitdefs.DIMENSIONS.items():
        if written:
            exps = {}
            for term in written.split():
                root, _, power = term.partition("^")
                exps[root] = float(power or 1)
            found.setdefault(_signature(exps), (name, 1.0))
    return found


@functools.cache
def _infos() -> dict[str, tuple[Signature, float]]:
    infos = {name: (sig, factor) for sig, (name, factor) in _named().items()}
    infos.update({"count": ((), 1.0), "ratio": ((), 1.0), "percent": ((), 0.01)})
    return infos


def _atoms(signature: Signature) -> list[tuple[str, Signature]]:
    """The named dimensions, then the signature's roots that are dimensions of their own."""
    named = [(name, sig) for sig, (name, _) in _named().items()]
    own = [(_root_name(r), ((r, 1.0),)) for r, _ in signature]
    return named + [atom for atom in own if atom[1] not in _named()]


def _root_name(root: str) -> str:
    """A root unit as a dimension's name (``meter`` -> ``length``, ``currency_USD`` -> USD)."""
    if root in _ROOT_NAMES:
        return _ROOT_NAMES[root]
    found = _named().get(((root, 1.0),))
    if found is not None:
        return found[0]
    scaled = {"bit": "byte", "gram": "mass"}.get(root)
    return scaled or root


def _minus(a: Signature, b: Signature, sign: float = -1.0) -> Signature:
    exps = dict(a)
    for root, exp in b:
        exps[root] = exps.get(root, 0.0) + sign * exp
    return _signature(exps)


def _positive(signature: Signature) -> bool:
    return all(exp > 0 for _, exp in signature)


@functools.cache
def dimension_name(signature: Signature) -> str:
    """The one name of a signature: a named dimension (``power``), a root of its own
    (``USD``), a quotient by a dimension of positive powers (``byte/second``,
    ``power/area``), a product of two (``length·second``), any quotient (``USD/energy``);
    else its roots' names with powers (``1/length``)."""
    if not signature:
        return "ratio"
    named = _named()
    if signature in named:
        return named[signature][0]
    if len(signature) == 1 and signature[0][1] == 1.0:
        return _root_name(signature[0][0])
    atoms = _atoms(signature)
    passes = (
        ("/", lambda a, b: _positive(b)),
        ("·", lambda a, b: _positive(a) and _positive(b)),
        ("/", lambda a, b: True),
    )
    for op, allowed in passes:
        for a_name, a_sig in atoms:
            rest = _minus(a_sig, signature) if op == "/" else _minus(signature, a_sig)
            for b_name, b_sig in atoms:
                if b_sig == rest and b_name != a_name and allowed(a_sig, b_sig):
                    return f"{a_name}{op}{b_name}"
    up = [power_symbol(_root_name(r), e) for r, e in signature if e > 0]
    down = [power_symbol(_root_name(r), -e) for r, e in signature if e < 0]
    text = "·".join(up) or "1"
    return f"{text}/{'·'.join(down)}" if down else text


def dimension_info(name: str) -> tuple[Signature, float] | None:
    """(signature, root units per base unit) of a dimension name, or None if unknown."""
    infos = _infos()
    if name in infos:
        return infos[name]
    if name in currency.CODES:
        name_root(f"currency_{name}", name)
        return ((f"currency_{name}", 1.0),), 1.0
    for root, dimension in _ROOT_NAMES.items():
        if dimension == name:
            return ((root, 1.0),), 1.0
    for op, sign in (("/", -1.0), ("·", 1.0)):
        left, found, right = name.partition(op)
        if found:
            a = ((), 1.0) if left == "1" else dimension_info(left)
            b = dimension_info(right)
            if a is None or b is None:
                return None
            factor = a[1] * b[1] if sign > 0 else a[1] / b[1]
            return _minus(a[0], b[0], sign), factor
    raised = _RAISED.match(name)
    if raised:
        written = raised.group("p")
        power = _POWERS.get(written) or float(written[1:])
        base = dimension_info(raised.group("base"))
        if base is None or not power:
            return None
        return _minus((), base[0], power), base[1] ** power
    if not registry.cache_info().currsize:  # only a unit read with pint has such a root
        return None
    definition = registry()._units.get(name)
    if definition is not None and definition.is_base and name == definition.name:
        return ((name, 1.0),), 1.0  # a root of pint's with no name of ours (pixel)
    return None
