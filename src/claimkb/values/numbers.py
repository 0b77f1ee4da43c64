"""Numbers as people write them, in English and Chinese, with the precision their digits carry.

``2.8 trillion`` is [2.75, 2.85]×10¹²: half a unit of the last written digit either way.
``3 trillion`` is [2.5, 3.5]×10¹². Approximation markers (``about``, ``~``, ``约``, ``级`` ...)
widen that by 5% of the value; comparators (``over``, ``超过``, ``up to``) open
one side; ``4–5`` is an explicit range; ``tens of`` and ``数十`` are vague ranges. The result
is always in the dimension's base unit (bytes, parameters, bytes per second ...), with the
written unit remembered, and decimal and binary prefixes kept apart.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass

from .problems import ValueProblem
from .units import IMPLICIT, Unit, base_unit, compose

__all__ = ["Quantity", "parse_quantity", "QUANTITY_FORMS"]

QUANTITY_FORMS = (
    "'2.8 trillion', '3T', '1.04×10¹¹', '2.8 万亿', '1040 亿', '65.7%', '400 Gbps', '1.6TB/s', "
    "'about 5.6 TB', '4–5 nodes', 'over 100'"
)

INF = math.inf
APPROX_SLACK = 0.05
"""An approximation marker adds 5% of the value to the half-width the digits imply:
``about 5.6 TB`` is 5.6 ± (0.05 + 0.28) TB."""


@dataclass(frozen=True, slots=True)
class Quantity:
    """A written quantity, normalised to the base unit of its dimension."""

    nominal: float | None
    """The value the text states, or None for a vague range (``tens of``)."""
    lower: float
    upper: float
    dimension: str
    unit: str
    """The unit as written, normalised (``TB``, ``GB/s``); the base unit if none was written."""
    factor: float
    """Base units per written unit (10**12 for TB)."""
    precision: float
    """Half-width implied by the digits alone, in base units (0 for an exact count)."""
    approximate: bool = False
    binary: bool = False

    @property
    def base_unit(self) -> str:
        return base_unit(self.dimension)

    def in_unit(self, value: float) -> float:
        return value / self.factor

    def to_dict(self) -> dict[str, object]:
        return {
            "type": "quantity",
            "amount": self.nominal,
            "lower": _finite(self.lower),
            "upper": _finite(self.upper),
            "unit": self.base_unit,
            "dimension": self.dimension,
            "written_unit": self.unit,
            "precision": self.precision,
            "approximate": self.approximate,
            "binary_prefix": self.binary,
        }


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


# --- lexical tables -------------------------------------------------------------------------

_APPROX_PREFIX = (
    "approximately",
    "approx.",
    "approx",
    "about",
    "around",
    "roughly",
    "some",
    "circa",
    "ca.",
    "an estimated",
    "estimated",
    "~",
    "≈",
    "∼",
    "大约",
    "约合",
    "约为",
    "约",
    "大概",
    "左右",
)
_APPROX_SUFFIX = ("左右", "上下", "级", "or so", "-ish", "ish", "level", "-level")
_LOWER_PREFIX = (
    "more than",
    "over",
    "above",
    "exceeding",
    "in excess of",
    "greater than",
    "at least",
    "upwards of",
    "no less than",
    "not less than",
    ">=",
    "≥",
    ">",
    "超过",
    "超",
    "逾",
    "多于",
    "大于",
    "不少于",
    "至少",
    "不低于",
)
_UPPER_PREFIX = (
    "less than",
    "fewer than",
    "under",
    "below",
    "up to",
    "at most",
    "no more than",
    "not more than",
    "<=",
    "≤",
    "<",
    "不到",
    "不足",
    "少于",
    "小于",
    "不超过",
    "至多",
    "最多",
    "低于",
)
_NEARLY_PREFIX = ("nearly", "almost", "close to", "just under", "将近", "接近", "近")
_LOWER_SUFFIX = ("+", "以上", "or more", "plus")
_ODD_SUFFIX = ("多", "余")
"""Chinese "100 多", "30 余": more than the number, but less than the next step of its last
significant digit (100 多 is 100 to 200, 30 余 is 30 to 40)."""
_ODD_INFIX = re.compile(r"(?<=\d)\s*[多余]\s*(?=[万亿千百])")
_UPPER_SUFFIX = ("以下", "以内", "or less", "or fewer")
_VAGUE = {
    "tens of": (10.0, 100.0),
    "dozens of": (24.0, 100.0),
    "hundreds of": (100.0, 1e3),
    "thousands of": (1e3, 1e4),
    "millions of": (1e6, 1e7),
    "billions of": (1e9, 1e10),
    "a few": (2.0, 9.0),
    "several": (2.0, 9.0),
    "数十": (10.0, 100.0),
    "几十": (10.0, 100.0),
    "数百": (100.0, 1e3),
    "几百": (100.0, 1e3),
    "上百": (100.0, 1e3),
    "数千": (1e3, 1e4),
    "几千": (1e3, 1e4),
    "上千": (1e3, 1e4),
    "数万": (1e4, 1e5),
    "几万": (1e4, 1e5),
    "上万": (1e4, 1e5),
    "几": (2.0, 9.0),
}
_MAGNITUDES = {
    "hundred": 1e2,
    "thousand": 1e3,
    "thousands": 1e3,
    "million": 1e6,
    "millions": 1e6,
    "mn": 1e6,
    "billion": 1e9,
    "billions": 1e9,
    "bn": 1e9,
    "trillion": 1e12,
    "trillions": 1e12,
    "tn": 1e12,
    "k": 1e3,
    "K": 1e3,
    "M": 1e6,
    "B": 1e9,
    "T": 1e12,
    "万亿": 1e12,
    "千亿": 1e11,
    "百亿": 1e10,
    "十亿": 1e9,
    "亿": 1e8,
    "千万": 1e7,
    "百万": 1e6,
    "十万": 1e5,
    "万": 1e4,
    "千": 1e3,
    "百": 1e2,
}
_MAG_ORDER = sorted(_MAGNITUDES, key=len, reverse=True)
_MAG_RANK = {word: rank for rank, word in enumerate(_MAG_ORDER)}
_MAG_BY_FIRST: dict[str, tuple[str, ...]] = {}
for _word in _MAG_ORDER:  # a word can only start a text that starts with its first character
    _MAG_BY_FIRST[_word[0]] = (*_MAG_BY_FIRST.get(_word[0], ()), _word)
_WORDS = {
    "zero": 0,
    "one": 1,
    "a": 1,
    "an": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
    "hundred": 100,
    "dozen": 12,
    "half": 0.5,
    "double": 2,
    "twice": 2,
    "triple": 3,
    "thrice": 3,
}
_ORDINALS = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "eleventh": 11,
    "twelfth": 12,
    "thirteenth": 13,
    "fourteenth": 14,
    "fifteenth": 15,
    "sixteenth": 16,
    "seventeenth": 17,
    "eighteenth": 18,
    "nineteenth": 19,
    "twentieth": 20,
    "thirtieth": 30,
    "fortieth": 40,
    "fiftieth": 50,
}
"""Ordinal words (a rank: "ranks first ... and thirteenth overall") read as exact integers."""
_UNIT_WORDS = "one|two|three|four|five|six|seven|eight|nine"
_UNIT_ORDINALS = "first|second|third|fourth|fifth|sixth|seventh|eighth|ninth"
_CN_DIGITS = {
    "零": 0,
    "〇": 0,
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}
_CN_UNITS = {"十": 10, "百": 100, "千": 1000}

_SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")
_FULLWIDTH = str.maketrans("０１２３４５６７８９．，－～＋：　", "0123456789.,-~+: ", "")
_NUMBER = re.compile(
    r"""(?P<num>[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.(?P<dec>\d+))?|[-+]?\.(?P<dec2>\d+))
        (?:\s*(?:[eE](?P<e1>[-+]?\d+)|[×xX*·]\s*10\s*(?:\^|\*\*)?\s*(?P<e2>[-+]?\d+)))?""",
    re.VERBOSE,
)
_SUPER_EXP = re.compile(r"10([⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺]+)")
_POWER = re.compile(r"10\s*(?:\^|\*\*)\s*(?P<e>[-+]?\d+)")
_WORD_NUMBER = re.compile(rf"(?P<w>(?:[a-z]+)(?:[- ](?:{_UNIT_WORDS}|{_UNIT_ORDINALS}))?)\b", re.I)
_COMPOUND_HYPHEN = re.compile(r"(?<=[0-9A-Za-z])-(?=[A-Za-z])")
"""A hyphen joining a number to its magnitude or noun in a compound adjective
("3-trillion-parameter", "one-million-token", "10,000-GPU"): read as a space. Ranges
("4-5") and exponents ("1e-5") have a digit after the hyphen and are untouched."""
_CN_NUMBER = re.compile(r"[零〇一二两三四五六七八九十百千]+")
_NOT_A_NOUN = frozenset("零〇一二两三四五六七八九十百千万亿.,，。^*×·/:;+-=<>~_")
"""First characters of a rest that continues a number rather than naming what is counted."""
_RANGE_SEP = re.compile(r"\s*(?:–|—|-|~|～|to|至|到|and)\s*")


@dataclass(slots=True)
class _Num:
    value: float
    place: float
    """Place value of the last written digit (0.1 for 2.8, 1 for 104)."""
    rest: str


def _longest_first(options: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(options, key=len, reverse=True))


def _strip_prefix(text: str, options: tuple[str, ...], firsts: str = "") -> tuple[str, bool]:
    """``options`` must be longest first (see :func:`_longest_first`); ``firsts``, when
    given, holds the first character of every option, to skip texts none can start."""
    lowered = text.lower()
    if firsts and lowered[:1] not in firsts:
        return text, False
    for option in options:
        if lowered.startswith(option):
            after = text[len(option) :]
            word_like = option[-1].isalpha() and option.isascii()
            if word_like and after[:1].isalpha():
                continue
            return after.lstrip(), True
    return text, False


def _strip_suffix(text: str, options: tuple[str, ...], lasts: str = "") -> tuple[str, bool]:
    """``options`` must be longest first; ``lasts`` as ``firsts`` in :func:`_strip_prefix`."""
    lowered = text.lower()
    if lasts and lowered[-1:] not in lasts:
        return text, False
    for option in options:
        if lowered.endswith(option):
            before = text[: len(text) - len(option)]
            if option[0].isalpha() and option.isascii() and before[-1:].isalpha():
                continue
            return before.rstrip(), True
    return text, False


def _read_number(text: str) -> _Num | None:
    """Read a leading number in digits, English words or Chinese numerals; ordinals
    ("13th", "thirteenth", "第十三", "第 4") read as the integer they rank."""
    if text.startswith("第"):
        ordinal = _read_number(text[1:].lstrip())
        if ordinal is None or ordinal.value != int(ordinal.value):
            return None
        return _Num(ordinal.value, 1.0, ordinal.rest)
    match = _POWER.match(text)  # "10^12", "10¹²": a bare power of ten
    if match:
        exponent = _exponent(match.group("e"))
        value = _scaled(1.0, exponent)
        return _Num(value, value, text[match.end() :].lstrip())
    match = _NUMBER.match(text)
    if match:
        raw = match.group("num").replace(",", "")
        decimals = match.group("dec") or match.group("dec2") or ""
        exponent = _exponent(match.group("e1") or match.group("e2") or "0")
        value = _scaled(float(raw), exponent)
        place = 10.0 ** (exponent - min(len(decimals), 300))
        return _Num(value, place, text[match.end() :].lstrip())
    match = _WORD_NUMBER.match(text)
    if match:
        parts = re.split(r"[- ]", match.group("w").lower())
        if parts[-1] in _ORDINALS and all(p in _WORDS for p in parts[:-1]):
            value = float(sum(_WORDS[p] for p in parts[:-1]) + _ORDINALS[parts[-1]])
            return _Num(value, 1.0, text[match.end() :].lstrip())
        if all(p in _WORDS for p in parts):
            value = float(sum(_WORDS[p] for p in parts))
            if parts == ["half"]:
                return _Num(0.5, 0.5, text[match.end() :].lstrip())
            if parts[0] in ("a", "an"):
                rest = text[match.end() :].lstrip()
                if not any(rest.lower().startswith(m) for m in _MAG_ORDER if len(m) > 2):
                    return None
            place = 10.0 if value >= 20 and value % 10 == 0 else 1.0
            return _Num(value, place, text[match.end() :].lstrip())
    match = _CN_NUMBER.match(text)
    if match and match.group(0) not in _CN_UNITS:
        integer = _chinese_integer(match.group(0))
        if integer is not None:
            return _Num(float(integer), 1.0, text[match.end() :].lstrip())
    return None


def _exponent(written: str) -> int:
    exponent = int(written)
    if abs(exponent) > 300:
        raise ValueProblem(f"the exponent {exponent} is out of range")
    return exponent


def _scaled(mantissa: float, exponent: int) -> float:
    """``mantissa × 10**exponent``, refusing numbers too large for a float."""
    try:
        value = mantissa * 10.0**exponent
    except OverflowError:
        value = math.inf
    if not math.isfinite(value):
        raise ValueProblem("the number is too large to compare (above 10³⁰⁸)")
    return value


def _chinese_integer(text: str) -> int | None:
    """``一千零四十`` -> 1040; None for a string of bare digits (``二〇二六``)."""
    total, digit = 0, None
    for ch in text:
        if ch in "零〇" and digit is None and total:  # 一千零四十: 零 marks a skipped place
            continue
        if ch in _CN_DIGITS:
            if digit is not None:
                return None
            digit = _CN_DIGITS[ch]
        elif ch in _CN_UNITS:
            total += (1 if digit is None else digit) * _CN_UNITS[ch]
            digit = None
        else:
            return None
    return total + (digit or 0)


def _read_magnitude(text: str) -> list[tuple[float, str]]:
    """Readings of ``text`` as (magnitude, rest): each magnitude word that starts it, longest
    first, then no magnitude at all. ``5.6 TB`` reads as T+B and as TB, which agree."""
    options: list[tuple[float, str]] = []
    lowered = text.lower()
    first, first_lower = text[:1], lowered[:1]
    words = _MAG_BY_FIRST.get(first, ())
    if first_lower != first:  # words that can only match case-insensitively, kept in order
        words = tuple(
            sorted({*words, *_MAG_BY_FIRST.get(first_lower, ())}, key=_MAG_RANK.__getitem__)
        )
    for word in words:
        if text.startswith(word) or (len(word) > 2 and lowered.startswith(word)):
            rest = text[len(word) :]
            if word.isascii() and word.isalpha() and len(word) > 2 and rest[:1].isalpha():
                continue
            options.append((_MAGNITUDES[word], rest.lstrip()))
    options.append((1.0, text))
    return options


def _match_unit(rest: str, dimension: str | None) -> tuple[Unit | None, str | None]:
    """Find the unit in ``rest`` (the text after the number). Returns (unit, error)."""
    rest = rest.strip().rstrip(".")
    if not rest:
        return None, None
    unit = compose(rest)
    if unit is not None:
        return unit, None
    # a counted noun after the unit ("80GB 显存", "6 台服务器", "400 million packets per second")
    if dimension in IMPLICIT:
        head = re.split(r"\s+", rest, maxsplit=1)[0]
        head_unit = compose(head)
        if head_unit is not None:  # of another dimension: the caller reports the mismatch
            return head_unit, None
        if rest[0].isdigit() or rest[0] in _NOT_A_NOUN:
            return None, f"cannot read {rest!r} after the number"
        return None, None
    words = rest.split()
    for cut in range(len(words) - 1, 0, -1):
        unit = compose(" ".join(words[:cut]))
        if unit is not None:
            return unit, None
    return None, f"unknown unit {rest!r}"


@dataclass(slots=True)
class _Reading:
    value: float
    place: float
    magnitude: float
    unit: Unit | None


def _read_single(text: str, dimension: str | None) -> _Reading:
    num = _read_number(text)
    if num is None:
        raise ValueProblem(f"no number in {text!r}")
    first_error = None
    options = _read_magnitude(num.rest)
    unit, error = _match_unit(num.rest, dimension)
    if unit is not None and error is None:
        if dimension is None or _fits(unit, dimension):
            return _Reading(num.value, num.place, 1.0, unit)  # "5.6 TB": keep TB as the unit
        first_error = _mismatch(text, unit, dimension)
    for magnitude, rest in options:
        unit, error = _match_unit(rest, dimension)
        if error:
            first_error = first_error or error
            continue
        if dimension is None or _fits(unit, dimension):
            return _Reading(num.value, num.place, magnitude, unit)
        first_error = first_error or _mismatch(text, unit, dimension)
    raise ValueProblem(first_error or f"cannot read {text!r}")


def _mismatch(text: str, unit: Unit | None, dimension: str) -> str:
    if unit is None:
        return f"{text!r} has no unit; a {dimension} value needs one (e.g. {base_unit(dimension)})"
    return f"{text!r} is in {unit.symbol} ({unit.dimension}), but the property expects {dimension}"


def _fits(unit: Unit | None, dimension: str) -> bool:
    if unit is None:
        return dimension in IMPLICIT
    return unit.dimension == dimension


def _odd_step(value: float) -> float:
    """The step of the last significant digit of a whole number: 100 -> 100, 30 -> 10."""
    if value <= 0 or value != int(value):
        return 1.0
    step, rest = 1, int(value)
    while rest % 10 == 0:
        rest //= 10
        step *= 10
    return float(step)


_PREFIXES: tuple[tuple[tuple[str, ...], str, str], ...] = tuple(
    (_longest_first(options), "".join({o[0] for o in options}), flag)
    for options, flag in (
        (_APPROX_PREFIX, "approx"),
        (_LOWER_PREFIX, "lower"),
        (_UPPER_PREFIX, "upper"),
        (_NEARLY_PREFIX, "nearly"),
    )
)
_SUFFIXES: tuple[tuple[tuple[str, ...], str, str], ...] = tuple(
    (_longest_first(options), "".join({o[-1] for o in options}), flag)
    for options, flag in (
        (_APPROX_SUFFIX, "approx"),
        (_LOWER_SUFFIX, "lower"),
        (_UPPER_SUFFIX, "upper"),
        (_ODD_SUFFIX, "odd"),
    )
)
_VAGUE_ORDER = tuple(sorted(_VAGUE.items(), key=lambda kv: -len(kv[0])))


def parse_quantity(text: str, dimension: str | None = None) -> Quantity:
    """Parse a written quantity; ``dimension`` (from the property) resolves ambiguity and
    supplies the unit of a bare number for counted dimensions."""
    result = _remembered(text, dimension)
    if isinstance(result, str):
        raise ValueProblem(result)
    return result


@functools.lru_cache(maxsize=1 << 16)
def _remembered(text: str, dimension: str | None) -> Quantity | str:
    """Many claims state the same figure in the same words ("2.8 trillion"); a reading is a
    pure function of the text and dimension and a :class:`Quantity` is immutable, so each
    distinct text is read once. A problem is remembered as its message."""
    try:
        return _parse(text, dimension)
    except ValueProblem as problem:
        return str(problem)


def _parse(text: str, dimension: str | None) -> Quantity:
    original = text
    text = _SUPER_EXP.sub(lambda m: "10^" + m.group(1).translate(_SUPERSCRIPT), text)
    text = _COMPOUND_HYPHEN.sub(" ", text.translate(_FULLWIDTH)).strip()
    if not text:
        raise ValueProblem("the value is empty")
    approximate = lower_open = upper_open = nearly = odd = False
    vague: tuple[float, float] | None = None
    text, infix = _ODD_INFIX.subn(" ", text)  # "100 多万": 100-odd ten-thousands
    odd = infix > 0
    for _ in range(4):
        changed = False
        for options, firsts, flag in _PREFIXES:
            text, hit = _strip_prefix(text, options, firsts)
            if hit:
                changed = True
                approximate |= flag == "approx"
                lower_open |= flag == "lower"
                upper_open |= flag == "upper"
                nearly |= flag == "nearly"
        for options, lasts, flag in _SUFFIXES:
            text, hit = _strip_suffix(text, options, lasts)
            if hit:
                changed = True
                approximate |= flag == "approx"
                lower_open |= flag == "lower"
                upper_open |= flag == "upper"
                odd |= flag == "odd"
        if not changed:
            break
    lowered = text.lower()
    for phrase, bounds in _VAGUE_ORDER:
        if lowered.startswith(phrase):
            vague = bounds
            text = text[len(phrase) :].strip()
            break

    if vague is not None:
        magnitude, unit = 1.0, None
        if text:
            for mag, rest in _read_magnitude(text):
                unit, error = _match_unit(rest, dimension)
                if error is None and (dimension is None or _fits(unit, dimension)):
                    magnitude = mag
                    break
            else:
                raise ValueProblem(f"unknown unit {text!r}")
        return _build(
            original,
            None,
            vague[0] * magnitude,
            vague[1] * magnitude,
            0.0,
            unit,
            dimension,
            approximate=True,
        )

    left, right = _split_range(text)
    if right is not None:
        high = _read_single(right, dimension)
        low_num = _read_number(left)
        if low_num is None:
            raise ValueProblem(f"no number before the range separator in {original!r}")
        if low_num.rest:
            low = _read_single(left, dimension)
        else:
            low = _Reading(low_num.value, low_num.place, high.magnitude, high.unit)
        if (
            low.unit is not None
            and high.unit is not None
            and low.unit.dimension != high.unit.dimension
        ):
            raise ValueProblem(f"the two ends of {original!r} have different units")
        unit = high.unit or low.unit
        # "500 GB – 2 TB": the low end is converted into the unit of the high end
        ratio = low.unit.factor / unit.factor if low.unit is not None and unit is not None else 1
        lo = low.value * low.magnitude * ratio
        hi = high.value * high.magnitude
        if lo > hi:
            raise ValueProblem(f"the range {original!r} runs backwards")
        low_half = low.place * low.magnitude * ratio / 2  # each end keeps its own precision
        high_half = high.place * high.magnitude / 2
        counted = unit.dimension if unit is not None else (dimension or "count")
        whole = all(end.magnitude == 1.0 and end.place >= 1.0 for end in (low, high))
        if counted == "count" and whole and not approximate:
            low_half = high_half = 0.0  # "4–5 nodes": whole things, exactly four to five
        slack = APPROX_SLACK * hi if approximate else 0.0
        return _build(
            original,
            None,
            lo - low_half - slack,
            hi + high_half + slack,
            max(low_half, high_half),
            unit,
            dimension,
            approximate,
        )

    reading = _read_single(text, dimension)
    amount = reading.value * reading.magnitude
    half = reading.place * reading.magnitude / 2
    counted = reading.unit.dimension if reading.unit is not None else (dimension or "count")
    exact_count = (
        counted == "count" and reading.magnitude == 1.0 and reading.place >= 1.0 and not approximate
    )
    if exact_count:
        half = 0.0
    if approximate:
        half = reading.place * reading.magnitude / 2 + APPROX_SLACK * abs(amount)
    lo, hi = amount - half, amount + half
    if lower_open + upper_open + odd > 1:
        raise ValueProblem(
            f"{original!r} is both a lower and an upper bound; write one, or a range"
        )
    if odd:
        lo, hi = amount, amount + _odd_step(reading.value) * reading.magnitude
    if lower_open:
        lo, hi = amount, INF
    if upper_open:
        lo, hi = -INF if amount < 0 else 0.0, amount
    if nearly:
        lo, hi = amount - reading.place * reading.magnitude / 2 - APPROX_SLACK * abs(amount), amount
        approximate = True
    return _build(
        original,
        amount,
        lo,
        hi,
        0.0 if exact_count else reading.place * reading.magnitude / 2,
        reading.unit,
        dimension,
        approximate,
    )


def _split_range(text: str) -> tuple[str, str | None]:
    first = _read_number(text)
    if first is None:
        return text, None
    consumed = len(text) - len(first.rest)
    rest = first.rest
    # allow a magnitude/unit on the left end: "4 TB – 5 TB"
    for match in _RANGE_SEP.finditer(rest):
        before, after = rest[: match.start()], rest[match.end() :]
        if _read_number(after) is None:
            continue
        if before.strip() and compose(before.strip()) is None and before.strip() not in _MAGNITUDES:
            continue
        if (
            match.group(0).strip() == "-"
            and before == ""
            and not text[consumed - 1 : consumed].isdigit()
        ):
            continue
        return text[: consumed + match.start()].strip(), after.strip()
    return text, None


def _build(
    original: str,
    nominal: float | None,
    lower: float,
    upper: float,
    precision: float,
    unit: Unit | None,
    dimension: str | None,
    approximate: bool,
) -> Quantity:
    if unit is None:
        if dimension is None:
            dim = "count"
        elif dimension in IMPLICIT:
            dim = dimension
        else:
            raise ValueProblem(_mismatch(original, None, dimension))
        factor, symbol, binary = 1.0, base_unit(dim), False
    else:
        if dimension is not None and unit.dimension != dimension:
            raise ValueProblem(_mismatch(original, unit, dimension))
        dim, factor, symbol, binary = unit.dimension, unit.factor, unit.symbol, unit.binary

    def scale(x: float) -> float:
        return x * factor if math.isfinite(x) else x

    def overflows(x: float | None) -> bool:  # open ends are infinite; nothing else may be
        return x is not None and (math.isnan(x) or math.isfinite(x) != math.isfinite(scale(x)))

    if any(overflows(x) for x in (nominal, lower, upper)) or (
        nominal is not None and not math.isfinite(nominal)
    ):
        raise ValueProblem("the number is too large to compare (above 10³⁰⁸)")
    return Quantity(
        nominal=None if nominal is None else nominal * factor,
        lower=scale(lower),
        upper=scale(upper),
        dimension=dim,
        unit=symbol,
        factor=factor,
        precision=precision * factor,
        approximate=approximate,
        binary=binary,
    )
