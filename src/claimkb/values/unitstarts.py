"""Which words may begin a unit written in several words (``US dollars``, ``nautical miles``,
``percentage points``, a KB's own ``square kilometres of forest``).

:func:`claimkb.values.unitexpr.resolve` reads the words after a number by trying, at each
word, every run of the words that follow it, longest first, joined by a space and by ``_``
(pint's names: ``nautical_mile``). A run of two or more words can read only as a form one of
the reader's sources holds whole, so its first word is the first segment of such a form
(before a space, ``_`` or, for currencies, ``-``), with a prefix before it where the source
takes one (pint's ``kilo``/``k``, a Chinese prefix or power word). This index holds those
first segments, built from the same sources the reader looks in - the KB's units, the plain
kinds and percentage points, the currencies, claimkb's own unit words, pint's registry - so
a run whose first word starts none of them is not tried: no form could read it. pint's part
is kept between runs with pint's readings (:mod:`.unitmemo`), so it costs no registry.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Hashable, Mapping
from typing import Protocol

from . import currency, unitdefs
from .unitreg import ROOT_FAMILIES
from .unitwords import pint_run_starts


class OwnUnits(Hashable, Protocol):
    """A KB's own units as :class:`~.unitexpr.KBUnits` holds them (written form -> unit)."""

    @property
    def words(self) -> Mapping[str, object]: ...


__all__ = ["PREFIX_WORD", "OwnUnits", "may_start_run"]

_SEGMENTS = re.compile(r"[ _]")
_PIECES = re.compile(r"[-_ ]")
PREFIX_WORD = re.compile(
    r"(?i)^(yotta|zetta|exa|peta|tera|giga|mega|kilo|hecto|deca|deka|deci|centi|milli|micro|"
    r"nano|pico|femto|atto|kibi|mebi|gibi|tebi|pebi|exbi)-?(?=[A-Za-z])"
)
"""A prefix name before a unit, in any case, maybe with a hyphen (``TeraFLOPS``, ``Exa-Flops``)."""


def _firsts(forms: object, split: re.Pattern[str] = _SEGMENTS) -> frozenset[str]:
    """The casefolded first segments of the forms that hold more than one segment."""
    return frozenset(
        split.split(form, maxsplit=1)[0].casefold()
        for form in forms  # type: ignore[attr-defined]
        if split.search(form)
    )


@functools.cache
def _table_starts() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """(whole forms, currency forms, Chinese forms): first segments of the multi-segment
    forms of the sources read without pint (Chinese ones take a prefix character or a power
    word before them)."""
    plain = [form for _, forms in unitdefs.PLAIN.values() for form in forms]
    whole = _firsts([*plain, *unitdefs.PERCENTAGE_POINTS, *unitdefs.WORDS])
    money = _firsts(currency.FORMS, _PIECES)
    chinese = _firsts([*unitdefs.CN_UNITS, *(w for w in unitdefs.WORDS if not w.isascii())])
    return whole, money, chinese


@functools.lru_cache(maxsize=64)
def _kb_starts(units: OwnUnits | None) -> frozenset[str]:
    return _firsts(units.words) if units is not None else frozenset()


@functools.cache
def _pint_names() -> tuple[frozenset[str], tuple[str, ...]] | None:
    """(the first segments of pint's names with ``_`` and of the roots claimkb defines in pint
    as it goes, :data:`~.unitreg.ROOT_FAMILIES`; pint's prefixes but the empty one); None
    when a name or prefix could make a first segment empty (then nothing is ruled out)."""
    found = pint_run_starts()
    if found is None:
        return None
    firsts, prefixes = found
    return frozenset((*firsts, *ROOT_FAMILIES)), tuple(p for p in prefixes if p)


@functools.lru_cache(maxsize=1 << 12)
def _pint_start(segment: str) -> bool:
    """Whether ``segment`` is prefixes and then the first segment of one of pint's names: pint
    reads a prefix before a name, and keeps each prefixed name it has read as a name of its
    own (``hectotechnical_atmosphere``), which may take a prefix again."""
    names = _pint_names()
    if names is None:
        return True
    firsts, prefixes = names
    return segment in firsts or any(
        segment.startswith(p) and _pint_start(segment[len(p) :]) for p in prefixes
    )


def _suffixes(word: str) -> list[str]:
    return [word[i:] for i in range(len(word) + 1)]


def _pint_forms(first: str) -> list[str]:
    """The first segments of the forms :func:`~.unitexpr._pint` hands pint for a run whose
    first word is ``first`` (as written; ``K`` as kilo; a prefix name in any case)."""
    segment = first.split("_", 1)[0]
    forms = [segment]
    if segment.startswith("K"):
        forms.append("k" + segment[1:])
    prefixed = PREFIX_WORD.match(first)
    if prefixed and prefixed.end() <= len(segment):
        rest = segment[prefixed.end() :]
        forms += [prefixed.group(1).lower() + rest, prefixed.group(1).lower() + rest.lower()]
    return forms


@functools.lru_cache(maxsize=1 << 14)
def may_start_run(first: str, units: OwnUnits | None) -> bool:
    """Whether a unit written in two or more words may begin with the word ``first``, with
    ``units`` the KB's own (False only where no form of any source could read such a run;
    the caller also tries a run whose second word is a power, ``USD ^2``, as ``USD`` squared)."""
    folded = first.casefold()
    segment = _SEGMENTS.split(folded, maxsplit=1)[0]
    whole, money, chinese = _table_starts()
    if not segment or segment in whole or segment in _kb_starts(units):
        return True
    pieces = [p for p in _PIECES.split(folded) if p]
    if not pieces or pieces[0] in money or _PIECES.split(folded, maxsplit=1)[0] in money:
        return True
    if any(s in chinese for s in _suffixes(segment)):
        return True
    return any(_pint_start(form) for form in _pint_forms(first))
