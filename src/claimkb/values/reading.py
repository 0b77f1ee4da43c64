"""Reading the parts of a written quantity: the number (digits, words, numerals, powers of
ten), its magnitude word, its unit, and the two ends of a range.

Each reader returns what it understood and the rest of the text, so :mod:`.numbers` can try
the readings a text allows (``5.6 TB`` as T+B or as TB) and keep the one that fits the
property's dimension.
"""

from __future__ import annotations

import difflib
import math
import re
from dataclasses import dataclass

from . import units
from .lexicon import (
    CN_DIGITS,
    CN_NUMBER,
    CN_UNITS,
    MAG_BY_FIRST,
    MAG_ORDER,
    MAG_RANK,
    MAGNITUDE_WORDS,
    MAGNITUDES,
    NOT_A_NOUN,
    NUMBER,
    ORDINALS,
    POWER,
    RANGE_SEP,
    WORD_NUMBER,
    WORDS,
)
from .problems import ValueProblem
from .units import IMPLICIT, Unit, base_unit, compose


@dataclass(slots=True)
class NumberText:
    value: float
    place: float
    """Place value of the last written digit (0.1 for 2.8, 1 for 104)."""
    rest: str


def longest_first(options: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(options, key=len, reverse=True))


def strip_prefix(text: str, options: tuple[str, ...], firsts: str = "") -> tuple[str, bool]:
    """``options`` must be longest first (see :func:`longest_first`); ``firsts``, when
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


def strip_suffix(text: str, options: tuple[str, ...], lasts: str = "") -> tuple[str, bool]:
    """``options`` must be longest first; ``lasts`` as ``firsts`` in :func:`strip_prefix`."""
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


def read_number(text: str) -> NumberText | None:
    """Read a leading number in digits, English words or Chinese numerals; ordinals
    ("13th", "thirteenth", "第十三", "第 4") read as the integer they rank."""
    if text.startswith("第"):
        ordinal = read_number(text[1:].lstrip())
        if ordinal is None or ordinal.value != int(ordinal.value):
            return None
        return NumberText(ordinal.value, 1.0, ordinal.rest)
    match = POWER.match(text)  # "10^12", "10¹²": a bare power of ten
    if match:
        exponent = parse_exponent(match.group("e"))
        value = scaled(1.0, exponent)
        return NumberText(value, value, text[match.end() :].lstrip())
    match = NUMBER.match(text)
    if match:
        raw = match.group("num").replace(",", "")
        decimals = match.group("dec") or match.group("dec2") or ""
        exponent = parse_exponent(match.group("e1") or match.group("e2") or "0")
        value = scaled(float(raw), exponent)
        place = 10.0 ** (exponent - min(len(decimals), 300))
        return NumberText(value, place, text[match.end() :].lstrip())
    match = WORD_NUMBER.match(text)
    if match:
        parts = re.split(r"[- ]", match.group("w").lower())
        if parts[-1] in ORDINALS and all(p in WORDS for p in parts[:-1]):
            value = float(sum(WORDS[p] for p in parts[:-1]) + ORDINALS[parts[-1]])
            return NumberText(value, 1.0, text[match.end() :].lstrip())
        if all(p in WORDS for p in parts):
            value = float(sum(WORDS[p] for p in parts))
            if parts == ["half"]:
                return NumberText(0.5, 0.5, text[match.end() :].lstrip())
            if parts[0] in ("a", "an"):
                rest = text[match.end() :].lstrip()
                if not any(rest.lower().startswith(m) for m in MAG_ORDER if len(m) > 2):
                    return None
            place = 10.0 if value >= 20 and value % 10 == 0 else 1.0
            return NumberText(value, place, text[match.end() :].lstrip())
    match = CN_NUMBER.match(text)
    if match and match.group(0) not in CN_UNITS:
        integer = chinese_integer(match.group(0))
        if integer is not None:
            return NumberText(float(integer), 1.0, text[match.end() :].lstrip())
    return None


def parse_exponent(written: str) -> int:
    exponent = int(written)
    if abs(exponent) > 300:
        raise ValueProblem(f"the exponent {exponent} is out of range")
    return exponent


def scaled(mantissa: float, exponent: int) -> float:
    """``mantissa × 10**exponent``, refusing numbers too large for a float."""
    try:
        value = mantissa * 10.0**exponent
    except OverflowError:
        value = math.inf
    if not math.isfinite(value):
        raise ValueProblem("the number is too large to compare (above 10³⁰⁸)")
    return value


def chinese_integer(text: str) -> int | None:
    """``一千零四十`` -> 1040; None for a string of bare digits (``二〇二六``)."""
    total, digit = 0, None
    for ch in text:
        if ch in "零〇" and digit is None and total:  # 一千零四十: 零 marks a skipped place
            continue
        if ch in CN_DIGITS:
            if digit is not None:
                return None
            digit = CN_DIGITS[ch]
        elif ch in CN_UNITS:
            total += (1 if digit is None else digit) * CN_UNITS[ch]
            digit = None
        else:
            return None
    return total + (digit or 0)


def read_magnitude(text: str) -> list[tuple[float, str]]:
    """Readings of ``text`` as (magnitude, rest): each magnitude word that starts it, longest
    first, then no magnitude at all. ``5.6 TB`` reads as T+B and as TB, which agree."""
    options: list[tuple[float, str]] = []
    lowered = text.lower()
    first, first_lower = text[:1], lowered[:1]
    words = MAG_BY_FIRST.get(first, ())
    if first_lower != first:  # words that can only match case-insensitively, kept in order
        words = tuple(
            sorted({*words, *MAG_BY_FIRST.get(first_lower, ())}, key=MAG_RANK.__getitem__)
        )
    for word in words:
        if text.startswith(word) or (len(word) > 2 and lowered.startswith(word)):
            rest = text[len(word) :]
            if word.isascii() and word.isalpha() and len(word) > 2 and rest[:1].isalpha():
                continue
            options.append((MAGNITUDES[word], rest.lstrip()))
    options.append((1.0, text))
    return options


def match_unit(rest: str, dimension: str | None) -> tuple[Unit | None, str | None]:
    """Find the unit in ``rest`` (the text after the number). Returns (unit, error)."""
    rest = rest.strip()
    if not rest:
        return None, None
    found = units.read_unit(rest, dimension)
    if found is None and rest.endswith("."):
        rest = rest.rstrip(".").rstrip()
        found = units.read_unit(rest, dimension) if rest else None
    if isinstance(found, Unit):
        return found, None
    if isinstance(found, str):  # an ambiguous currency, a unit with an offset: surely a
        raise ValueProblem(found)  # unit, so no other reading ("500 kr" as 500 k + r) may win
    if not rest:
        return None, None
    # a counted noun after the unit ("80GB 显存", "6 台服务器", "400 million packets per second")
    if dimension in IMPLICIT:
        head = re.split(r"\s+", rest, maxsplit=1)[0]
        head_unit = units.unit_word(head)
        if head_unit is not None:  # of another dimension: the caller reports the mismatch
            return head_unit, None
        if rest[0].isdigit() or rest[0] in NOT_A_NOUN:
            return None, f"cannot read {rest!r} after the number"
        close = difflib.get_close_matches(head.lower(), MAGNITUDE_WORDS, n=1, cutoff=0.8)
        if close and head.lower() not in MAGNITUDE_WORDS:  # "2.8 trilion": not a noun
            return None, f"{head!r} is not a magnitude claimkb reads (did you mean {close[0]!r}?)"
        return None, None
    words = rest.split()
    for cut in range(len(words) - 1, 0, -1):
        unit = units.read_unit(" ".join(words[:cut]), dimension)
        if isinstance(unit, Unit):
            return unit, None
    return None, f"unknown unit {rest!r}"


@dataclass(slots=True)
class Reading:
    value: float
    place: float
    magnitude: float
    unit: Unit | None


def read_single(text: str, dimension: str | None) -> Reading:
    num = read_number(text)
    if num is None:
        raise ValueProblem(f"no number in {text!r}")
    first_error = None
    options = read_magnitude(num.rest)
    unit, error = match_unit(num.rest, dimension)
    if unit is not None and error is None:
        if dimension is None or fits(unit, dimension):
            return Reading(num.value, num.place, 1.0, unit)  # "5.6 TB": keep TB as the unit
        first_error = mismatch_message(text, unit, dimension)
    for magnitude, rest in options:
        unit, error = match_unit(rest, dimension)
        if error:
            first_error = first_error or error
            continue
        if dimension is None or fits(unit, dimension):
            return Reading(num.value, num.place, magnitude, unit)
        first_error = first_error or mismatch_message(text, unit, dimension)
    raise ValueProblem(first_error or f"cannot read {text!r}")


def mismatch_message(text: str, unit: Unit | None, dimension: str) -> str:
    if unit is None:
        return f"{text!r} has no unit; a {dimension} value needs one (e.g. {base_unit(dimension)})"
    return f"{text!r} is in {unit.symbol} ({unit.dimension}), but the property expects {dimension}"


def fits(unit: Unit | None, dimension: str) -> bool:
    return units.fits(unit, dimension)


def odd_step(value: float) -> float:
    """The step of the last significant digit of a whole number: 100 -> 100, 30 -> 10."""
    if value <= 0 or value != int(value):
        return 1.0
    step, rest = 1, int(value)
    while rest % 10 == 0:
        rest //= 10
        step *= 10
    return float(step)


def split_range(text: str) -> tuple[str, str | None]:
    first = read_number(text)
    if first is None:
        return text, None
    consumed = len(text) - len(first.rest)
    rest = first.rest
    # allow a magnitude/unit on the left end: "4 TB – 5 TB"
    for match in RANGE_SEP.finditer(rest):
        before, after = rest[: match.start()], rest[match.end() :]
        if read_number(after) is None:
            continue
        if before.strip() and compose(before.strip()) is None and before.strip() not in MAGNITUDES:
            continue
        if (
            match.group(0).strip() == "-"
            and before == ""
            and not text[consumed - 1 : consumed].isdigit()
        ):
            continue
        return text[: consumed + match.start()].strip(), after.strip()
    return text, None
