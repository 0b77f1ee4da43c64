"""Currencies: one dimension per ISO 4217 code, never converted into one another.

An amount in US dollars and one in yuan are different dimensions, so they are never rivals,
never compared and never added. Each written form names a code, or several:

* a code (``USD``, ``CNY``) or an unambiguous symbol or word (``US$``, ``€``, ``£``, ``美元``,
  ``人民币``, ``RMB``, ``港元``, ``日元``) names one currency;
* an ambiguous one (``$``, ``¥``, ``元``, ``kr``, ``Rs``) names several, and is *settled* by
  :func:`settle`: the property's ``currency:`` first, then the currency of the source's
  country (the region of its ``language`` tag, ``en-AU``, ``zh-TW``; ``zh``/``zh-Hans`` is China,
  ``ja`` Japan, ``ko`` Korea). A symbol with a usual reading (``$`` is USD, ``元`` is CNY) keeps
  it unless the source's country has another of its currencies - an Australian ``$`` may be
  either - and then the value is unreadable until the property says which. A symbol with no
  usual reading (``¥``: JPY or CNY) needs the property or the source's country.

A currency written before the number (``$30,000``, ``US$ 5 billion``, ``RMB 12 亿``) is moved
after it by :func:`hoist`, where the unit reader expects it.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from .problems import ValueProblem

__all__ = ["CODES", "Currency", "hoist", "lookup", "region_currency", "settle"]

CODES = frozenset(
    """AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD
    BTN BWP BYN BZD CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUC CUP CVE CZK DJF DKK DOP DZD
    EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR
    ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD
    MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR
    PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL
    THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD USN UYI UYU UYW UZS VED VES VND VUV WST XAF
    XAG XAU XBA XBB XBC XBD XCD XDR XOF XPD XPF XPT XSU XUA YER ZAR ZMW ZWG ZWL""".split()
)
"""The ISO 4217 codes (active list), each a dimension of its own."""


@dataclass(frozen=True, slots=True)
class Currency:
    """What a written form names: the codes it may stand for, and its usual reading."""

    codes: tuple[str, ...]
    usual: str | None = None


_DOLLARS = ("USD", "AUD", "CAD", "NZD", "HKD", "TWD", "SGD", "MXN", "ARS", "CLP", "COP")
_AMBIGUOUS: dict[tuple[str, ...], Currency] = {
    ("$", "dollar", "dollars"): Currency(_DOLLARS, "USD"),
    ("¥", "￥"): Currency(("JPY", "CNY")),
    ("元", "块", "塊"): Currency(("CNY", "TWD", "HKD", "MOP"), "CNY"),
    ("圆", "圓"): Currency(("TWD", "JPY", "CNY")),
    ("kr", "kr."): Currency(("SEK", "NOK", "DKK", "ISK")),
    ("Rs", "Rs.", "₨", "rupee", "rupees"): Currency(("INR", "PKR", "LKR", "NPR")),
    ("franc", "francs"): Currency(("CHF", "XOF", "XAF")),
    ("peso", "pesos"): Currency(("MXN", "ARS", "CLP", "COP", "PHP")),
    ("pound", "pounds"): Currency(("GBP", "EGP"), "GBP"),
}
_NAMED = {
    "USD": "US$ U.S.$ 美元 美金 US-dollar US-dollars U.S.-dollar U.S.-dollars",
    "EUR": "€ euro euros 欧元 歐元",
    "GBP": "£ sterling 英镑 英鎊",
    "CNY": "CN¥ RMB rmb yuan 人民币 人民幣",
    "JPY": "JP¥ yen 円 日元 日圓 日币 日幣",
    "KRW": "₩ won 韩元 韓元 韩币 韓幣",
    "HKD": "HK$ 港元 港币 港幣",
    "TWD": "NT$ 新台币 新台幣 台币 台幣",
    "AUD": "A$ AU$ 澳元 澳币 澳幣",
    "CAD": "C$ CA$ 加元 加币 加幣",
    "SGD": "S$ 新加坡元 新元",
    "NZD": "NZ$",
    "MXN": "MX$",
    "BRL": "R$",
    "CHF": "瑞士法郎",
    "RUB": "₽ rouble roubles ruble rubles 卢布 盧布",
    "INR": "₹",
    "TRY": "₺",
    "VND": "₫",
    "THB": "฿",
    "PHP": "₱",
    "NGN": "₦",
    "ILS": "₪",
    "PLN": "zł",
}
FORMS: dict[str, Currency] = {code: Currency((code,), code) for code in CODES}
for _forms, _currency in _AMBIGUOUS.items():
    FORMS.update(dict.fromkeys(_forms, _currency))
for _code, _words in _NAMED.items():
    FORMS.update(dict.fromkeys(_words.split(), Currency((_code,), _code)))
_FOLDED = {form.casefold(): c for form, c in FORMS.items() if form.isalpha() and len(form) > 3}

ALSO_UNITS = frozenset({"pound", "pounds"})
"""Currency words that are also units of another dimension (the pound of mass): read as a
currency only where the property expects one."""


def lookup(written: str) -> Currency | None:
    """The currency a written form names; words longer than three letters in any case
    (``Dollars``, ``Euros``), codes and symbols as written."""
    text = " ".join(written.replace("-", " ").split()).replace(" ", "-")
    found = FORMS.get(text)
    if found is None and len(text) > 3:
        found = _FOLDED.get(text.casefold())
    return found


_REGIONS = {
    "US": "USD", "AU": "AUD", "CA": "CAD", "NZ": "NZD", "HK": "HKD", "TW": "TWD", "SG": "SGD",
    "MX": "MXN", "AR": "ARS", "CL": "CLP", "CO": "COP", "CN": "CNY", "JP": "JPY", "MO": "MOP",
    "KR": "KRW", "SE": "SEK", "NO": "NOK", "DK": "DKK", "IS": "ISK", "IN": "INR", "PK": "PKR",
    "LK": "LKR", "NP": "NPR", "GB": "GBP", "EG": "EGP", "CH": "CHF", "PH": "PHP", "BR": "BRL",
    "RU": "RUB", "TR": "TRY", "ZA": "ZAR", "IL": "ILS", "TH": "THB", "VN": "VND", "ID": "IDR",
    "MY": "MYR", "PL": "PLN", "CZ": "CZK", "HU": "HUF", "UA": "UAH", "NG": "NGN", "SA": "SAR",
    "AE": "AED",
}  # fmt: skip
for _country in "AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MT NL PT SI SK".split():
    _REGIONS[_country] = "EUR"
_LANGUAGES = {"zh": "CNY", "ja": "JPY", "ko": "KRW"}
"""Languages spoken in one country with a currency of its own; ``zh`` is read as China
unless a region or the traditional script (``zh-Hant``: Taiwan, Hong Kong or Macao) says
otherwise."""


def region_currency(language: str | None) -> str | None:
    """The currency of the country a BCP 47 language tag names (``en-AU`` -> AUD)."""
    if not language:
        return None
    parts = language.replace("_", "-").split("-")
    for part in parts[1:]:
        if len(part) == 2 and part.isalpha():
            return _REGIONS.get(part.upper())
    if any(part.lower() == "hant" for part in parts[1:]):
        return None
    return _LANGUAGES.get(parts[0].lower())


def settle(written: str, currency: Currency, preferred: str | None, region: str | None) -> str:
    """The one code an ambiguous form stands for here, or :class:`ValueProblem` saying how to
    tell (see the module doc for the order of evidence)."""
    codes = currency.codes
    if len(codes) == 1:
        return codes[0]
    if preferred in codes:
        return preferred
    usual = currency.usual
    if usual is not None and (region is None or region == usual or region not in codes):
        return usual
    if usual is None and region in codes:
        return region
    listed = " or ".join(codes if usual is None else (usual, region or ""))
    why = f" (the source's country uses {region})" if usual is not None else ""
    raise ValueProblem(
        f"{written!r} may be {listed}{why}: write the code (e.g. {codes[0]}), or set the "
        "property's `currency:` or the source's language with its country (en-US, zh-CN, ja)"
    )


@functools.cache
def _before_number() -> tuple[str, ...]:
    """Forms that may stand before a number: codes and symbols (``USD 5``, ``$5``,
    ``人民币 5``), longest first (then in code point order: ``FORMS`` is filled from a set,
    whose order changes from run to run); words (``dollars``) only follow it."""
    return tuple(
        sorted(
            (
                f
                for f in FORMS
                if f not in ALSO_UNITS and not (f.isascii() and f.isalpha() and not f.isupper())
            ),
            key=lambda form: (-len(form), form),  # the same pattern in every run
        )
    )


@functools.cache
def _hoisting() -> re.Pattern[str]:
    return re.compile(
        r"(?<![A-Za-z])(?P<cur>"
        + "|".join(re.escape(f) for f in _before_number())
        + r")\s?(?=[-+]?(?:\d|\.\d|[零〇一二两兩三四五六七八九十]))"
    )


def amount_starts(text: str) -> list[int]:
    """Where an amount written with its currency first starts (``$30,000``, ``RMB 12 亿``,
    ``人民币 2,365 亿元``): the places the currency stands before a number."""
    if not _MAY_HOIST.search(text):
        return []
    return [m.start() for m in _hoisting().finditer(text)]


_MAY_HOIST = re.compile(r"[^\x00-\x7f]|[$A-Z]")
"""Text with none of these (no symbol, capital or non-ASCII letter) holds no currency."""


def _trailing(text: str) -> str | None:
    """The currency form that ends ``text``, if any (``亿元``: ``元``)."""
    for form in _before_number():
        if text.endswith(form):
            before = text[: len(text) - len(form)]
            if not (form[0].isascii() and form[0].isalpha() and before[-1:].isalpha()):
                return form
    words = text.split()
    return words[-1] if words and lookup(words[-1]) is not None else None


def hoist(text: str) -> str:
    """Move a currency written before the number after it: ``$30,000`` -> ``30,000 $``,
    ``$30,000–$40,000`` -> ``30,000–40,000 $``. When the number is also followed by one
    (``人民币 12 亿元``), the two must agree and the one they both name is kept. Raises
    :class:`ValueProblem` for two different currencies."""
    if not _MAY_HOIST.search(text):
        return text
    hoisting = _hoisting()
    written = [m.group("cur") for m in hoisting.finditer(text)]
    if not written:
        return text
    rest = hoisting.sub("", text).strip()
    after = _trailing(rest)
    forms = list(dict.fromkeys([*written, *([after] if after else [])]))
    named = [lookup(f) or Currency(()) for f in forms]
    common = set(named[0].codes).intersection(*(n.codes for n in named[1:]))
    if not common:
        raise ValueProblem(f"{text!r} names two currencies ({', '.join(forms)})")
    if after is not None:
        rest = rest[: len(rest) - len(after)].rstrip()
    if len(common) == 1:
        return f"{rest} {common.pop()}"
    return f"{rest} {min(zip(forms, named, strict=True), key=lambda p: len(p[1].codes))[0]}"
