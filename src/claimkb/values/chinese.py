"""Chinese numerals: 三千, 十二, 一千零四十, 两百万, 三万亿, 一万二, 三点五 (traditional characters
are mapped to simplified ones before this is reached).

A numeral is read in sections closed by 万 and 亿 (一千二百三十四万五千六百七十八 is
1234 × 万 + 5678); inside a section 十, 百 and 千 follow a digit (or stand for one of them:
十五). A digit written after a unit without 零 is the colloquial short form of the next lower
place (三千五 is 3500, 一万二 is 12,000, but 三千零五 is 3005). A string of bare digits
(二〇二六) is not a numeral here.
"""

from __future__ import annotations

from .lexicon import CN_DIGITS, CN_SECTIONS, CN_UNITS

__all__ = ["chinese_number"]

_NEXT_LOWER = {10: 1, 100: 10, 1000: 100, 10_000: 1000, 100_000_000: 10_000_000}


def chinese_number(text: str) -> tuple[float, float] | None:
    """(value, place of the last written digit) of a whole Chinese numeral, or None.

    The place of an integer is 1; its trailing zeros are judged by the caller (see
    :mod:`.precision`). A decimal part (三点五) gives the place of its last digit."""
    whole, _, decimals = text.partition("点")
    integer = chinese_integer(whole)
    if integer is None:
        return None
    if not decimals:
        return float(integer), 1.0
    if any(CN_DIGITS.get(ch) is None for ch in decimals):
        return None
    fraction = "".join(str(CN_DIGITS[ch]) for ch in decimals)
    return float(f"{integer}.{fraction}"), 10.0 ** -len(fraction)


def chinese_integer(text: str) -> int | None:
    """``一千零四十`` -> 1040, ``三千五`` -> 3500; None when ``text`` is not one numeral."""
    if text in ("零", "〇"):
        return 0
    if not text or not any(ch in CN_DIGITS for ch in text) and text != "十":
        return None  # 万亿, 百亿: a magnitude word, not a number
    total = 0  # sections already closed by 亿
    below_yi = 0  # the part under the current 亿 already closed by 万
    section = 0  # the current section (below 万)
    digit: int | None = None
    last_unit = 0  # the last unit applied (for 三千五), 0 at the start
    skipped = False  # a 零 was written since the last unit
    for ch in text:
        if ch in CN_DIGITS:
            value = CN_DIGITS[ch]
            if value == 0:
                if digit is not None or last_unit == 0:
                    return None  # 二〇二六 (bare digits) or a leading 零
                skipped = True
                continue
            if digit is not None:
                return None
            digit = value
        elif ch in CN_UNITS:
            unit = CN_UNITS[ch]
            if section and unit >= _smallest_unit(section):
                return None  # 五百三千: units out of order
            section += (1 if digit is None else digit) * unit
            digit, last_unit, skipped = None, unit, False
        elif ch in CN_SECTIONS:
            unit = CN_SECTIONS[ch]
            closed = section + (digit or 0)
            if unit == 10_000:
                if below_yi or not closed:
                    return None  # 万 twice in one 亿-section, or 万 with nothing before
                below_yi = closed * unit
            else:
                head = total + below_yi + closed
                if not head:
                    return None
                total = head * unit
                below_yi = 0
            section, digit, last_unit, skipped = 0, None, unit, False
        else:
            return None
    if digit is not None and last_unit and not skipped:
        digit *= _NEXT_LOWER[last_unit]  # 三千五: five hundred, not five
    return total + below_yi + section + (digit or 0)


def _smallest_unit(section: int) -> int:
    """The place of the last non-zero digit of ``section`` (300 -> 100, 3050 -> 10)."""
    unit = 1
    while section % (unit * 10) == 0:
        unit *= 10
    return unit
