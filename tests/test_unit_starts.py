"""The index of words that may begin a unit written in several words
(:mod:`claimkb.values.unitstarts`) rules out only runs no source reads:

* every form of several words of every source the reader looks in (pint's names, symbols and
  aliases with ``_``, with each of pint's prefixes; the currencies; percentage points; a KB's
  own units) has a first word the index admits;
* reading words with the index gives what reading every run gives, on words drawn from those
  forms, their prefixes, cases and hyphens, powers and ordinary words (Hypothesis).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimkb.values import ValueProblem, currency, unitdefs, units
from claimkb.values.unitexpr import BASE, Context, _product
from claimkb.values.unitreg import registry
from claimkb.values.unitstarts import may_start_run
from claimkb.values.unitwords import domain_bases


@dataclass
class _Record:
    id: str
    definition: str | None = None
    dimension: str | None = None
    aliases: list[str] = field(default_factory=list)
    symbol: str | None = None


KB_UNITS, _ = units.kb_units(
    [
        _Record("household", dimension="household", aliases=["households served"]),
        _Record("hectare_of_forest", definition="10000 m^2", aliases=["ha forest"]),
        _Record("jin", definition="0.5 kg", aliases=["市 斤"]),
    ]
)
KB = Context(kb=KB_UNITS)


def _pint_names() -> list[str]:
    return sorted(name for name in [*registry()._units, *domain_bases()] if "_" in name)


def test_every_pint_name_of_several_words_starts_with_an_admitted_word_with_every_prefix() -> None:
    prefixes = sorted(registry()._prefixes)
    refused = [
        (prefix, name)
        for name in _pint_names()
        for prefix in prefixes
        if not may_start_run((prefix + name).split("_")[0], None)
    ]
    assert refused == []
    assert len(_pint_names()) > 100  # the registry was read


@pytest.mark.parametrize("name", ["nautical_mile", "light_year", "US_survey_foot"])
def test_a_prefix_name_in_any_case_with_a_hyphen_is_admitted(name: str) -> None:
    first = name.split("_")[0]
    for written in (f"kilo{first}", f"Kilo-{first}", f"KILO-{first}", f"K{first}"):
        assert may_start_run(written, None), written


def test_a_prefixed_name_pint_keeps_once_read_is_admitted_with_a_prefix_again() -> None:
    """pint keeps each prefixed name it reads as a name (``hectotechnical_atmosphere``), and
    reads a prefix before that one too: the index admits any run of prefixes."""
    registry().parse_units("hectotechnical_atmosphere")
    assert "hectotechnical_atmosphere" in registry()._units
    assert may_start_run("Ehectotechnical", None) and may_start_run("kilomegalight", None)
    assert not may_start_run("kilomegazebra", None)


def test_every_other_form_of_several_words_starts_with_an_admitted_word() -> None:
    forms = [
        *unitdefs.PERCENTAGE_POINTS,
        *(f for _, fs in unitdefs.PLAIN.values() for f in fs),
        *currency.FORMS,
        *unitdefs.WORDS,
        *unitdefs.CN_UNITS,
    ]
    several = [f for f in forms if re.search(r"[-_ ]", f.strip("-"))]
    assert "US-dollars" in several and "percentage points" in several
    for form in several:
        first = re.split(r"[-_ ]", form.strip("-"))[0]
        assert may_start_run(first, None), form
        assert may_start_run(first.upper(), None) and may_start_run(first.lower(), None), form
    kb_forms = [f for f in KB_UNITS.words if re.search("[_ ]", f)]  # type: ignore[union-attr]
    assert kb_forms == ["households served", "hectare_of_forest", "ha forest", "市 斤"]
    for form in kb_forms:
        assert may_start_run(re.split(r"[_ ]", form)[0], KB_UNITS), form


def test_ordinary_words_are_ruled_out_and_so_is_the_work() -> None:
    for word in ("parameters", "and", "the", "context", "servers", "GPUs", "tokens"):
        assert not may_start_run(word, None), word
    assert not may_start_run("households", None) and may_start_run("households", KB_UNITS)


_VOCABULARY = sorted(
    {
        *(part for name in _pint_names()[::7] for part in name.split("_")),
        *(part for form in currency.FORMS for part in re.split(r"[- ]", form) if part),
        "percentage", "point", "points", "per", "cent", "square", "cubic", "sq", "平方",
        "kilo", "Kilo-", "k", "K", "M", "G", "T", "B", "b", "bit", "bytes", "TB", "GB/s",
        "^2", "^3", "2", "-", "_", "mile", "miles", "nautical", "light", "years", "US",
        "dollars", "USD", "household", "households", "served", "ha", "forest", "市", "斤",
        "parameters", "tokens", "and", "the", "of", "a", "servers", "cards", "hour",
        "m", "km", "s", "W", "kW", "h", "台", "米", "公里", "万", "billion", "trillion",
    }
)  # fmt: skip


_FORMS = sorted(
    {
        *(name.replace("_", " ") for name in _pint_names()),
        *(form.replace("-", " ") for form in currency.FORMS if "-" in form),
        "percentage points", "households served", "ha forest", "市 斤", "hectare of forest",
    }
)  # fmt: skip


@st.composite
def _words(draw: st.DrawFn) -> list[str]:
    """A form of several words (maybe prefixed, in another case, run together with ``_``,
    raised), among other words."""
    form = draw(st.sampled_from(_FORMS)).split(" ")
    prefix = draw(st.sampled_from(["", "", "kilo", "Kilo-", "k", "K", "M", "平方"]))
    form[0] = prefix + form[0]
    if draw(st.booleans()):
        form = [w.upper() if draw(st.booleans()) else w.lower() for w in form]
    if draw(st.booleans()):
        form = ["_".join(form)]
    if draw(st.booleans()):
        form.append(draw(st.sampled_from(["^2", "s", "2", "per", "/", "-", "--"])))
    before = draw(st.lists(st.sampled_from(_VOCABULARY), max_size=2))
    after = draw(st.lists(st.sampled_from(_VOCABULARY), max_size=2))
    return before + form + after


@settings(max_examples=300, deadline=None)
@given(
    words=st.one_of(_words(), st.lists(st.sampled_from(_VOCABULARY), min_size=1, max_size=5)),
    strict=st.booleans(),
    money=st.booleans(),
    kb=st.booleans(),
)
def test_reading_with_the_index_is_reading_every_run(
    words: list[str], strict: bool, money: bool, kb: bool
) -> None:
    context = KB if kb else BASE
    assert _outcome(words, strict, context, money, True) == _outcome(
        words, strict, context, money, False
    )


def _outcome(words: list[str], strict: bool, context: Context, money: bool, prune: bool) -> object:
    try:
        return _product(words, strict, context, money, prune)
    except ValueProblem as problem:  # an ambiguous currency: the same problem either way
        return str(problem)


def test_the_roots_claimkb_defines_in_pint_as_it_goes_are_of_the_families_the_index_takes() -> None:
    """Derived-claim arithmetic defines a currency's or a KB's own root in pint when it meets
    it (``currency_USD``, ``kb_household``): those are admitted whenever they are defined."""
    from claimkb.derive.dimensions import unit_of
    from claimkb.values import unitreg

    assert units.read_unit("USD", "currency") is not None
    for dimension in ("household", "USD", "EUR/household"):
        unit_of(dimension)
    roots = sorted(unitreg._ROOT_NAMES)
    assert "currency_USD" in roots and "kb_household" in roots
    assert "currency_USD" in registry()._units and "kb_household" in registry()._units
    for root in roots:
        family, _, rest = root.partition("_")
        assert family in unitreg.ROOT_FAMILIES and rest, root
        assert may_start_run(family, None) and may_start_run("kilo" + family, None)
