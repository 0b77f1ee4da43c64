"""Reading a written unit: one word or an expression of words (``GB/s``, ``mm²``,
``square metres``, ``公里每小时``, ``USD/kWh``) into a :class:`~.unitreg.Measure`.

A word is looked for, in order, among the KB's own units (its registry's ``units:``), the
dimensionless kinds (``%``, ``×``, ``pp``), the currencies, the words pint cannot read
(Chinese unit words, ``sqm``), Chinese prefix + unit (``千瓦``, ``平方毫米``), and finally in
pint, with these readings of what people write: ``b`` is a bit and ``Gb`` a gigabit (pint reads
barns and gilberts), ``K`` before a unit is kilo (``KB``, ``KW``), a prefix may be written with a
capital or a hyphen (``TeraFLOPS``, ``Exa-Flops``), long words in any case (``Metres``), and a
digit after a unit is a power (``mm2``). Words joined by ``/``, ``per`` or ``每`` divide; by
``·``, ``*`` or a space they multiply; ``square``/``sq``/``平方`` and ``cubic``/``立方`` raise
the next word.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from . import currency, unitdefs
from .lexicon import MAGNITUDES
from .problems import ValueProblem
from .unitreg import Measure, name_root, pint_expression, power_symbol
from .unitstarts import PREFIX_WORD, may_start_run
from .unitwords import pint_word

__all__ = ["Context", "KBUnits", "resolve"]


@dataclass(frozen=True, slots=True)
class KBUnits:
    """A KB's own units: written form -> measure. Compared by ``key`` (the definitions)."""

    key: tuple[object, ...]
    words: Mapping[str, Measure] = field(compare=False, hash=False, default_factory=dict)
    dimensions: frozenset[str] = field(compare=False, hash=False, default=frozenset())
    """The dimensions the KB's units add (``household``)."""


@dataclass(frozen=True, slots=True)
class Context:
    """What a written unit is read against: the KB's own units, the property's currency and
    the currency of the source's country (which settle an ambiguous ``$`` or ``¥``). It keys
    the memory of readings, so its hash is computed once."""

    kb: KBUnits | None = None
    currency: str | None = None
    region: str | None = None
    _hash: int = field(default=0, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.kb, self.currency, self.region)))

    def __hash__(self) -> int:
        return self._hash


BASE = Context()

_INFORMATION = re.compile(r"^(?P<p>[kKMGTPEZY]i?)?(?P<u>b|Bps|bps|B)$")
_POWER = re.compile(r"^(?P<stem>.+?)(?:\^(?P<e>[-+]?\d+)|(?<=[A-Za-z])(?P<d>[23]))$")
_NORMAL: tuple[tuple[str, str], ...] = (
    ("／", "/"),
    ("每", "/"),
    ("**", "^"),
    ("²", "^2"),
    ("³", "^3"),
    ("⋅", "·"),
    ("∙", "·"),
    ("*", "·"),
    (" per ", "/"),
    (" / ", "/"),
    ("/ ", "/"),
    (" /", "/"),
)


def _currency(word: str, context: Context, money: bool) -> Measure | None:
    found = currency.lookup(word)
    if found is None or (word in currency.ALSO_UNITS and not money):
        return None
    code = currency.settle(word, found, context.currency, context.region)
    root = f"currency_{code}"
    name_root(root, code)
    return Measure(1.0, ((root, 1.0),), code)


def _whole(text: str, context: Context, money: bool) -> Measure | None:
    """Forms read only as a whole: the KB's own, the plain kinds and percentage points."""
    if context.kb is not None and text in context.kb.words:
        return context.kb.words[text]
    for dimension, (symbol, forms) in unitdefs.PLAIN.items():
        if text in forms:
            return Measure(1.0, (), symbol, plain=dimension)
    if text in unitdefs.PERCENTAGE_POINTS:
        return Measure(1.0, (("percentage_point", 1.0),), "pp")
    return None


def _chinese(word: str) -> Measure | None:
    if word in unitdefs.CN_UNITS:
        return pint_expression(unitdefs.CN_UNITS[word])
    if word in unitdefs.WORDS and not word.isascii():
        return pint_expression(unitdefs.WORDS[word])
    prefix = unitdefs.CN_PREFIXES.get(word[:1])
    if prefix is not None and word[1:] in unitdefs.CN_UNITS:
        measure = pint_expression(prefix + unitdefs.CN_UNITS[word[1:]])
        return Measure(measure.factor, measure.signature, measure.symbol)
    for power_word, power in unitdefs.POWER_WORDS.items():
        if not power_word.isascii() and word.startswith(power_word) and len(word) > 2:
            inner = _chinese(word[len(power_word) :])
            if inner is not None:
                return _power(inner, power)
    return None


def _power(measure: Measure, power: float) -> Measure:
    raised = Measure(1.0, (), "").times(measure, power)
    return Measure(raised.factor, raised.signature, power_symbol(measure.symbol, power))


MAX_POWER = 4
"""The largest power a written unit may raise a unit to (``m^4``); more is no unit."""


def _magnitude(word: str) -> bool:
    return word != "B" and (word in MAGNITUDES or word.lower() in MAGNITUDES)


_CJK = re.compile(r"[\u3000-\u9fff\uf900-\ufaff]")


def _pint(word: str, strict: bool) -> Measure | str | None:
    """pint's reading of a word, with the readings the module doc lists. Magnitude words
    (``trillion``, ``bn``; ``B`` is a byte) and Chinese words (pint knows none) are never
    looked for, so that reading ``104 billion`` or ``1040 亿`` costs no registry."""
    if _magnitude(word) or _CJK.search(word) or " " in word:
        return None  # pint's names hold no spaces
    info = _INFORMATION.match(word)
    if info:
        prefix = info.group("p") or ""
        prefix = "k" if prefix == "K" else prefix
        unit = info.group("u")
        if unit == "Bps":
            per = pint_word(f"{prefix}B", strict)
            if isinstance(per, Measure):
                second = pint_expression("second")
                quotient = per.times(second, -1.0)
                return Measure(quotient.factor, quotient.signature, f"{per.symbol}/s")
            return per
        word = prefix + ("bit" if unit == "b" else unit)
    forms = [word]
    if word.startswith("K") and len(word) > 1:
        forms.append("k" + word[1:])
    prefixed = PREFIX_WORD.match(word)
    if prefixed:
        rest = word[prefixed.end() :]
        forms += [prefixed.group(1).lower() + rest, prefixed.group(1).lower() + rest.lower()]
    if len(word) > 3 and word.isalpha():
        forms.append(word.lower())
    for form in dict.fromkeys(forms):
        found = pint_word(form, strict)
        if found is not None:
            return found
    return None


@functools.lru_cache(maxsize=1 << 14)
def _word(word: str, strict: bool, context: Context, money: bool) -> Measure | str | None:
    """One written word (or run of words) as a measure. Remembered: the words after a number
    are asked again for every span that holds them."""
    whole = _whole(word, context, money)
    if whole is not None:
        return None if whole.plain else whole  # a plain kind stands only alone
    found = _currency(word, context, money)
    if found is not None:
        return found
    if word in unitdefs.WORDS:
        return pint_expression(unitdefs.WORDS[word])
    chinese = _chinese(word)
    if chinese is not None:
        return chinese
    direct = _pint(word, strict)
    if direct is not None:
        return direct
    raised = _POWER.match(word)
    if raised:
        power = int(raised.group("e") or raised.group("d"))
        inner = _word(raised.group("stem"), strict, context, money)
        stem = raised.group("stem")
        if "^" in stem:  # one power per unit ("m²³" is none)
            return None
        if isinstance(inner, Measure) and 0 < abs(power) <= MAX_POWER:
            return _power(inner, float(power))
    return None


def _is_prefix(word: str) -> bool:
    """Whether ``word`` is a prefix name alone (``Exa`` of ``Exa-Flops``)."""
    match = PREFIX_WORD.match(word + "x")
    return match is not None and match.end() == len(word)


def _may_join(words: list[str], i: int, context: Context) -> bool:
    """Whether runs of words from ``words[i]`` on may read whole (:mod:`.unitstarts`); a
    power after the word (``USD ^2``) raises what the word alone reads as, and a currency
    is looked up with its hyphens as spaces (``$ -`` is ``$``)."""
    after = words[i + 1]
    return after.startswith("^") or not after.strip("-") or may_start_run(words[i], context.kb)


def _product(
    words: list[str], strict: bool, context: Context, money: bool, prune: bool = True
) -> Measure | str | None:
    """Words that multiply, with multi-word names (``nautical miles``, ``US dollars``).
    ``prune``: skip the runs :mod:`.unitstarts` rules out (the answer is the same; a test
    compares)."""
    result: Measure | None = None
    symbols: list[str] = []
    i, power = 0, 1.0
    while i < len(words):
        if words[i] in unitdefs.POWER_WORDS and i + 1 < len(words):
            power, i = float(unitdefs.POWER_WORDS[words[i]]), i + 1
            continue
        whole = not prune or i + 1 == len(words) or _may_join(words, i, context)
        for n in range(len(words) - i, 0, -1):
            run = words[i : i + n]
            found = None
            if n == 1 or whole:  # else no form of several words starts with words[i]
                found = _word(" ".join(run), strict, context, money)
            if found is None and n > 1 and whole and not any(_magnitude(w) for w in run):
                found = _word("_".join(run), strict, context, money)  # "nautical miles"
            if found is None and n == 2 and _is_prefix(run[0]):
                found = _word("".join(run), strict, context, money)  # "Exa-Flops", "kilo watts"
            if found is not None:
                break
        else:
            return None
        if isinstance(found, str):
            return found
        base = result or Measure(1.0, (), "")
        result = base.times(found, power)
        symbols.append(power_symbol(found.symbol, power))
        i, power = i + n, 1.0
    if result is None:
        return None
    return Measure(result.factor, result.signature, "·".join(symbols), result.binary)


@functools.lru_cache(maxsize=1 << 14)
def resolve(text: str, strict: bool, context: Context, money: bool) -> Measure | str | None:
    """A written unit as a measure, a problem (an ambiguous currency, an offset unit) or
    None. ``strict`` where a word may be a counted noun; ``money`` where the property
    expects a currency (so ``pounds`` is sterling, not mass)."""
    text = " ".join(text.split())
    if not text:
        return None
    try:
        whole = _whole(text, context, money)
        if whole is not None:
            return whole
        normal = text
        for old, new in _NORMAL:
            normal = normal.replace(old, new)
        if "/" not in normal and "·" not in normal:
            return _product(normal.split(" "), strict, context, money)
        numerator, *denominators = normal.split("/")
        parts = [numerator.strip(), *(d.strip() for d in denominators)]
        measures = []
        for part in parts:
            factors = [f for f in part.replace("·", " ").split(" ") if f]
            found = _product(factors, strict, context, money) if factors else None
            if not isinstance(found, Measure):
                return found
            measures.append(found)
    except ValueProblem as problem:
        return str(problem)
    result = measures[0]
    for measure in measures[1:]:
        result = result.times(measure, -1.0)
    symbol = measures[0].symbol
    if len(measures) > 1:
        down = [m.symbol for m in measures[1:]]
        symbol += "/" + (down[0] if len(down) == 1 else f"({'·'.join(down)})")
    return Measure(result.factor, result.signature, symbol, result.binary)
