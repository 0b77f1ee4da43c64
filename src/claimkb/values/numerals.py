"""Reading the number at the start of a written quantity: digits (``1,040``, ``2.8e12``,
``1.04×10¹¹``), powers of ten, English number words and ordinals, Chinese numerals, and Chinese
mixed magnitudes (``5万3千``, ``3万2000``, ``12萬3456``), which are one number, never the first
part alone.

Each reader returns the number's value, the place of its last written digit, the trailing
zeros of an integer (whose significance :mod:`.precision` judges) and the rest of the text.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass

from .chinese import chinese_number
from .lexicon import (
    CN_DIGITS,
    CN_NUMBER,
    MAG_ORDER,
    MAGNITUDE_WORDS,
    MAGNITUDES,
    NUMBER,
    ORDINALS,
    POWER,
    WORD_NUMBER,
    WORDS,
)
from .problems import ValueProblem

__all__ = [
    "ARTICLES",
    "NumberText",
    "read_number",
    "parse_exponent",
    "scaled",
    "read_mixed",
]

MAX_EXPONENT = 300
ARTICLES = ("a", "an")
"""Number words that are a number only before a spelt-out magnitude ("a million") or a unit
ordinal ("a second": one more than it); alone, they are articles."""


@dataclass(frozen=True, slots=True)
class NumberText:
    value: float
    place: float
    """Place value of the last written digit (0.1 for 2.8, 1 for 104 and for 4000)."""
    rest: str
    zeros: int = 0
    """Trailing zeros of a written integer (3 for 4000): significant only if the KB says so."""


_ORDINAL_SUFFIX = re.compile(r"(?:st|nd|rd|th)\b", re.IGNORECASE)
_CN_MAGNITUDES = tuple(m for m in MAG_ORDER if not m.isascii())
_CN_START = frozenset(CN_DIGITS) | {"十"}


def trailing_zeros(value: float) -> int:
    """Trailing zeros of a whole number (4000 -> 3; 0 and fractions -> 0)."""
    if value == 0 or value != int(value) or not math.isfinite(value):
        return 0
    digits = f"{int(abs(value))}"
    return len(digits) - len(digits.rstrip("0"))


@functools.lru_cache(maxsize=1 << 14)
def read_number(text: str) -> NumberText | None:
    """Read a leading number in digits, English words or Chinese numerals; ordinals
    ("13th", "thirteenth", "第十三", "第 4") read as the exact integer they rank. Remembered:
    reading one written quantity asks it of the same text several times (its range, its
    magnitude, the number itself), and the drafter reads each span at every length."""
    if text.startswith("第"):
        after = text[1:].lstrip()
        if after.startswith("第"):
            return None
        ordinal = read_number(after)
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
        return _digits(text, match)
    match = WORD_NUMBER.match(text)
    if match:
        return _words(text, match)
    match = CN_NUMBER.match(text)
    if match:
        read = chinese_number(match.group(0))
        if read is not None:
            value, place = read
            zeros = trailing_zeros(value) if place == 1.0 else 0
            return NumberText(value, place, text[match.end() :].lstrip(), zeros)
    return None


def _digits(text: str, match: re.Match[str]) -> NumberText:
    raw = match.group("num").replace(",", "")
    decimals = match.group("dec") or match.group("dec2") or ""
    exponent = parse_exponent(match.group("e1") or match.group("e2") or "0")
    value = scaled(float(raw), exponent)
    place = 10.0 ** (exponent - min(len(decimals), MAX_EXPONENT))
    rest = text[match.end() :]
    suffix = _ORDINAL_SUFFIX.match(rest)
    if suffix and not decimals and exponent == 0:  # "13th": a rank, exact
        return NumberText(value, 1.0, rest[suffix.end() :].lstrip())
    integer = raw.lstrip("+-").split(".")[0]
    zeros = 0 if decimals or "." in raw else len(integer) - len(integer.rstrip("0"))
    if integer.strip("0") == "":
        zeros = 0  # 0 itself
    return NumberText(value, place, rest.lstrip(), zeros)


def _words(text: str, match: re.Match[str]) -> NumberText | None:
    parts = re.split(r"[- ]", match.group("w").lower())
    rest = text[match.end() :].lstrip()
    if parts[-1] in ORDINALS and all(p in WORDS for p in parts[:-1]):
        value = float(sum(WORDS[p] for p in parts[:-1]) + ORDINALS[parts[-1]])
        return NumberText(value, 1.0, rest)
    if not all(p in WORDS for p in parts):
        return None
    if not _spelt(parts):  # "one one", "three two", "a one million": no number
        return None
    value = float(sum(WORDS[p] for p in parts))
    if parts == ["half"]:
        return NumberText(0.5, 0.5, rest)
    if parts[0] in ARTICLES and not rest.lower().startswith(MAGNITUDE_WORDS):
        return None
    return NumberText(value, 1.0, rest, trailing_zeros(value))


def _spelt(parts: list[str]) -> bool:
    """Whether number words make one number: a single word, or tens and a unit
    ("twenty-three"); "a"/"an" stands alone (before a magnitude)."""
    if len(parts) == 1:
        return True
    tens, unit = (WORDS[p] for p in parts[:2]) if len(parts) == 2 else (0, 0)
    return (
        len(parts) == 2
        and "a" not in parts
        and "an" not in parts
        and (tens % 10 == 0 and 20 <= tens <= 90 and 1 <= unit <= 9)
    )


def parse_exponent(written: str) -> int:
    """An exponent as written; one of more than a few digits is refused before it is
    converted (Python refuses to convert integers of more than 4,300 digits)."""
    digits = written.lstrip("+-").lstrip("0")
    if len(digits) > 6:
        raise ValueProblem(f"an exponent of {len(digits):,} digits is out of range")
    exponent = int(written)
    if abs(exponent) > MAX_EXPONENT:
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


def _cn_magnitude(text: str) -> str | None:
    return next((m for m in _CN_MAGNITUDES if text.startswith(m)), None)


def read_mixed(num: NumberText, written: str) -> NumberText:
    """``num`` extended over the Chinese mixed magnitude it opens: ``5万3千`` is 53,000 (the
    last written digit is the thousands), ``3万2000`` 32,000, ``12萬3456`` 123,456,
    ``1亿2千万`` 120,000,000. Each later part must be below the magnitude before it. A single
    bare digit after the magnitude (``3万5``) is refused: colloquially it is 35,000, literally
    30,005. ``num`` is returned unchanged when no digits follow its magnitude."""
    total, limit, current = 0.0, math.inf, num
    head, zero, current_text = "", False, written
    while (word := _cn_magnitude(current.rest)) is not None:
        after = current.rest[len(word) :]
        skipped = after.startswith("零")
        tail_text = after[1:] if skipped else after
        if not tail_text[:1].isdigit() and tail_text[:1] not in _CN_START:
            break
        tail = read_number(tail_text)
        if tail is None:
            break
        magnitude = MAGNITUDES[word]
        head = f"{written[: len(written) - len(current.rest)]}{word}".strip()
        if current.value != int(current.value) or magnitude >= limit:
            raise ValueProblem(f"cannot read {tail_text!r} after {head!r}")
        total += current.value * magnitude
        limit, zero, current, current_text = magnitude, skipped, tail, tail_text
    if limit == math.inf:
        return num
    word = _cn_magnitude(current.rest)
    if word is not None and MAGNITUDES[word] < limit:
        magnitude, rest = MAGNITUDES[word], current.rest[len(word) :].lstrip()
    else:
        if word is not None:  # 5万3万: not below the magnitude before it
            part = current_text[: len(current_text) - len(current.rest)] + word
            raise ValueProblem(f"cannot read {part!r} after {head!r}")
        magnitude, rest = 1.0, current.rest
        if not zero and current.value < 10 and current.place == 1.0:
            digit = int(current.value)
            raise ValueProblem(
                f"{written!r} is ambiguous: write {head}{digit}{_lower_word(limit)} "
                f"or {head}零{digit}"
            )
    last = current.value * magnitude
    if last >= limit:
        raise ValueProblem(f"cannot read {written!r}: {last:g} is not below the magnitude before")
    return NumberText(total + last, current.place * magnitude, rest, current.zeros)


def _lower_word(magnitude: float) -> str:
    """The magnitude word one place below ``magnitude`` (万 -> 千), for a suggestion."""
    below = magnitude / 10
    return next((w for w in _CN_MAGNITUDES if MAGNITUDES[w] == below), "")
