"""Units and dimensions: what a written unit means, and what a property's ``dimension:`` names.

A written unit (``TB``, ``feet``, ``8848.86米``'s ``米``, ``mm²``, ``TFLOPS``, ``US$``) is read by
:mod:`.unitexpr` against pint's registry (:mod:`.unitreg`) and the words defined on top of it
(:mod:`.unitdefs`, :mod:`.currency`), and becomes a :class:`Unit`: a symbol to show, the
dimension's name, the factor to the dimension's base unit, and whether a binary prefix was
used (``TiB``). Each distinct written unit is read once per process and context.

Reading depends on a :class:`~.unitexpr.Context` - the KB's own units, the property's
currency, the currency of the source's country - set around a claim's reading with
:func:`using` (the KB does so); outside one, only the library's units apply.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Protocol

from . import currency, unitdefs
from .problems import SCOPE
from .unitexpr import BASE, Context, KBUnits, resolve
from .unitreg import Measure, dimension_info, dimension_name, name_root

__all__ = [
    "Unit",
    "Context",
    "KBUnits",
    "DIMENSIONS",
    "IMPLICIT",
    "lookup",
    "compose",
    "read_unit",
    "unit_word",
    "fits",
    "base_unit",
    "known_dimension",
    "resolve_dimension",
    "suggest_dimension",
    "is_currency",
    "hoist_currency",
    "using",
    "current",
    "kb_units",
]


@dataclass(frozen=True, slots=True)
class Unit:
    symbol: str
    dimension: str
    factor: float
    """Multiply a value in this unit by ``factor`` to get the dimension's base unit."""
    binary: bool = False
    """True for IEC binary prefixes (KiB, GiB, TiB ...)."""


DIMENSIONS: dict[str, str] = {name: base for name, (base, _) in unitdefs.DIMENSIONS.items()}
"""Named dimensions and the symbol of each one's base unit. Composite dimensions are written
``numerator/denominator`` (``byte/second``, ``power/area``); each currency is a dimension
named by its ISO 4217 code."""

IMPLICIT = unitdefs.IMPLICIT
CURRENCY = unitdefs.CURRENCY_FAMILY


def current() -> Context:
    """The context units are read in now (see the module doc)."""
    scope = SCOPE.get()
    return scope if isinstance(scope, Context) else BASE


@contextmanager
def using(context: Context) -> Iterator[None]:
    """Read units (and remember readings) in ``context`` inside the ``with`` block."""
    token = SCOPE.set(context)
    try:
        yield
    finally:
        SCOPE.reset(token)


def _unit(measure: Measure) -> Unit:
    if measure.plain is not None:
        return Unit(measure.symbol, measure.plain, measure.factor)
    dimension = dimension_name(measure.signature)
    info = dimension_info(dimension)
    per_base = info[1] if info is not None else 1.0
    return Unit(measure.symbol, dimension, measure.factor / per_base, measure.binary)


@functools.lru_cache(maxsize=1 << 15)
def _read(text: str, strict: bool, context: Context, money: bool) -> Unit | str | None:
    found = resolve(text, strict, context, money)
    return _unit(found) if isinstance(found, Measure) else found


def read_unit(text: str, dimension: str | None = None) -> Unit | str | None:
    """The unit ``text`` writes, a problem saying why it cannot be told (an ambiguous
    currency symbol, a unit with an offset), or None if it is no unit. Where ``dimension``
    is a counted one (``count``, ``parameter`` ...), a word is read as a unit only when it is
    surely one (see :func:`unit_word`)."""
    strict = dimension in IMPLICIT
    money = dimension == CURRENCY or is_currency(dimension)
    return _read(text.strip(), strict, current(), money)


def compose(name: str) -> Unit | None:
    """A unit (``TB``, ``GB/s``, ``bit per parameter``, ``平方毫米``), or None."""
    found = _read(name.strip(), False, current(), False)
    return found if isinstance(found, Unit) else None


def lookup(name: str) -> Unit | None:
    """A unit written as one word (``TB``, ``%``, ``parameters``), or None."""
    name = name.strip()
    if not name or any(c in name for c in "/·* ") and name not in _WHOLE:
        return None
    return compose(name)


_WHOLE = frozenset(f for _, forms in unitdefs.PLAIN.values() for f in forms) | frozenset(
    unitdefs.PERCENTAGE_POINTS
)


def unit_word(word: str) -> Unit | None:
    """Whether a written word is a unit of some dimension, and which: the question a reader
    asks of the word after a count (``29,032 feet`` is no count of feet-things; ``48 units``
    and ``7 points`` are counts). Only readings that are surely units count: no pint
    decomposition of an ordinary word (``units`` as micro-nits), no unit that is also an
    ordinary noun (``point``, ``cup``), no lone letter that is a magnitude (``K``)."""
    found = _read(word.strip(), True, current(), False)
    return found if isinstance(found, Unit) else None


def is_currency(dimension: str | None) -> bool:
    return dimension in currency.CODES


def fits(unit: Unit | None, dimension: str) -> bool:
    """Whether a value in ``unit`` (None: written without one) belongs to ``dimension``."""
    if unit is None:
        return dimension in IMPLICIT
    if dimension == CURRENCY:
        return is_currency(unit.dimension)
    return unit.dimension == dimension


def base_unit(dimension: str) -> str:
    """Symbol of a dimension's base unit (``byte/second`` -> ``B/s``, ``power`` -> ``W``)."""
    if dimension in DIMENSIONS:
        return DIMENSIONS[dimension]
    if dimension in unitdefs.COMPOSITE_BASES:
        return unitdefs.COMPOSITE_BASES[dimension]
    if dimension == CURRENCY:
        return "USD"
    for op in ("/", "·"):
        left, found, right = dimension.partition(op)
        if found:
            return f"{base_unit(left)}{op}{base_unit(right)}"
    return dimension


def hoist_currency(text: str) -> str:
    """A currency written before the number moved after it (see :func:`.currency.hoist`)."""
    return currency.hoist(text)


# -- a property's dimension -------------------------------------------------------------


def resolve_dimension(written: str, units: KBUnits | None = None) -> str | None:
    """The dimension a property's ``dimension:`` names: a dimension's name or one of its
    other names (``length``, ``time``, ``currency``), a composite (``bit/second``), or a unit
    that has one (``watt``, ``W``, ``m``, ``USD``, ``GB/s``); None if it names none."""
    return _dimension(" ".join(str(written).split()), units)


@functools.lru_cache(maxsize=1024)
def _dimension(written: str, units: KBUnits | None) -> str | None:
    lowered = written.lower()
    for name in (written, lowered):
        if name in DIMENSIONS or name == CURRENCY:
            return name
        if name in unitdefs.DIMENSION_ALIASES:
            return unitdefs.DIMENSION_ALIASES[name]
    if written in currency.CODES or (units is not None and written in units.dimensions):
        return written
    named = dimension_info(written)  # a name as dimension_name writes it ("flop²/second²")
    if named is not None and named[0] and dimension_name(named[0]) == written:
        return written
    for op in ("/", "·"):
        left, found, right = written.partition(op)
        if found and "/" not in right:
            a, b = _dimension(left.strip(), units), _dimension(right.strip(), units)
            info = dimension_info(f"{a}{op}{b}") if a and b else None
            if info is not None:
                return dimension_name(info[0]) if info[0] else None
    unit = _read(written, False, Context(kb=units), True)
    return unit.dimension if isinstance(unit, Unit) else None


def known_dimension(dimension: str) -> bool:
    return resolve_dimension(dimension) is not None


def suggest_dimension(written: str, units: KBUnits | None = None) -> str | None:
    """The dimension name nearest a misspelt one (``lenght`` -> ``length``), if any."""
    names = [*DIMENSIONS, *unitdefs.DIMENSION_ALIASES, CURRENCY]
    if units is not None:
        names += sorted(units.dimensions)
    close = difflib.get_close_matches(str(written).lower(), names, n=1, cutoff=0.7)
    return close[0] if close else None


# -- a KB's own units -------------------------------------------------------------------


class UnitRecord(Protocol):
    """The fields of a registry's ``units:`` record that reading needs."""

    @property
    def id(self) -> str: ...
    @property
    def definition(self) -> str | int | bool | None: ...
    @property
    def dimension(self) -> str | None: ...
    @property
    def aliases(self) -> list[str]: ...
    @property
    def symbol(self) -> str | None: ...


_AMOUNT = re.compile(r"^\s*(?P<n>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?)?\s*(?P<u>.*)$")


def kb_units(records: Iterable[UnitRecord]) -> tuple[KBUnits | None, dict[str, str]]:
    """A KB's own units (None if it declares none), and a problem per record that cannot
    be read (record id -> what is wrong). Records are read in order, so a unit may be
    defined with the ones before it."""
    listed = list(records)
    if not listed:
        return None, {}
    key = tuple((r.id, str(r.definition), r.dimension, r.symbol, tuple(r.aliases)) for r in listed)
    words: dict[str, Measure] = {}
    dimensions: set[str] = set()
    problems: dict[str, str] = {}
    for record in listed:
        so_far = KBUnits(key + (len(words),), dict(words), frozenset(dimensions))
        found = _define(record, so_far, dimensions)
        if isinstance(found, str):
            problems[record.id] = found
            continue
        for form in (record.id, *record.aliases):
            words[" ".join(form.split())] = found
    return KBUnits(key, words, frozenset(dimensions)), problems


def _define(record: UnitRecord, units: KBUnits, dimensions: set[str]) -> Measure | str:
    symbol = record.symbol or record.id
    if record.definition is not None:
        match = _AMOUNT.match(str(record.definition))
        assert match is not None  # the pattern matches any text
        amount = float(match.group("n") or 1.0)
        found = resolve(match.group("u"), False, Context(kb=units), True)
        if not isinstance(found, Measure):
            why = f": {found}" if isinstance(found, str) else ""
            return f"definition {str(record.definition)!r} is no amount of a known unit{why}"
        if found.plain is not None:
            return Measure(amount * found.factor, (), symbol, plain=found.plain)
        measure = Measure(amount * found.factor, found.signature, symbol, found.binary)
        if record.dimension is not None:
            stated = resolve_dimension(record.dimension, units)
            if stated != _unit(measure).dimension:
                return (
                    f"definition {str(record.definition)!r} is in {_unit(measure).dimension}, "
                    f"not in dimension {record.dimension!r}"
                )
        return measure
    written = record.dimension or record.id
    known = resolve_dimension(written, units)
    if known in unitdefs.PLAIN:
        return Measure(1.0, (), symbol, plain=known)
    info = dimension_info(known) if known else None
    if info is not None:
        return Measure(info[1], info[0], symbol)
    if not re.fullmatch(r"[^\W\d][\w-]*", written):
        return f"dimension {written!r} is no dimension name (letters, digits, - and _)"
    root = "kb_" + re.sub(r"\W", "_", written)
    name_root(root, written)
    dimensions.add(written)
    return Measure(1.0, ((root, 1.0),), symbol)
