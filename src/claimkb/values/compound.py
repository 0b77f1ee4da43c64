"""Quantities written in several parts: clock notation (``2:01:09``, ``1:59:40.2``,
``3:27.5``) and compounds of units of one dimension (``2小时1分9秒``, ``3分27秒``,
``3 minutes 27 seconds``, ``2 hours and 35 seconds``, ``2h01m09s``), and a half of a unit
(``three and a half minutes``, ``3分半钟``, ``两个半小时``: the half is the last written digit,
so its precision is a quarter of the unit).

A compound is the sum of its parts; its precision is that of its last part. Its parts run
from the largest unit to the smallest, every part but the last is a whole number, and each
part is less than one of the unit before it (``2 hours 75 minutes`` is refused). ``and``
between parts joins them; it is no range (``2 hours and 35 seconds`` is 7,235 s).
"""

from __future__ import annotations

import re

from .lexicon import CLOCK_PARTS, CN_NUMERAL_CHARS
from .numerals import NumberText, read_number
from .problems import ValueProblem
from .reading import Reading
from .units import Unit, compose

__all__ = ["read_compound"]

_CLOCK = re.compile(r"(?P<first>\d+)(?P<more>(?::\d+){1,2})(?:\.(?P<dec>\d+))?")
_JOINER = re.compile(
    rf"(?:\s*(?:,|，|、|\band\b|又|零(?=[\d{CN_NUMERAL_CHARS}])))*\s*", re.IGNORECASE
)
"""What joins two parts; 零 joins only before a number ("1小时零5分"): "2小时零分35秒" has
zero minutes."""
_ARTICLE = re.compile(r"an?\s+(?=[a-z])", re.IGNORECASE)
_UNIT_WORD = re.compile(rf"[A-Za-z]+|[^\W\d_{CN_NUMERAL_CHARS}又半]+")
_HALF_BEFORE = re.compile(r"\s*(?:and\s+a\s+half\b|个半|個半)\s*", re.IGNORECASE)
"""A half written between a number and its unit: "3 and a half minutes", "两个半小时"."""
_HALF_AFTER = re.compile(r"半(?:钟|鐘)?")
"""A half written after the unit: "3分半钟", "1小时半"."""
TIME = "second"


def read_compound(text: str, dimension: str | None) -> Reading | None:
    """The whole of ``text`` as a clock time or a compound, or None if it is neither."""
    clock = _read_clock(text, dimension)
    if clock is not None:
        return clock
    return _read_parts(text, dimension)


def _unit(name: str) -> Unit:
    unit = compose(name)
    assert unit is not None, name
    return unit


def _read_clock(text: str, dimension: str | None) -> Reading | None:
    """``h:mm:ss`` or ``m:ss`` (``h:mm`` when an hour unit follows), each with decimals.
    Read when the property is a duration, or when three parts or decimals leave no doubt
    that it is a time (``16:9`` under another property is not one)."""
    match = _CLOCK.match(text)
    if match is None:
        return None
    parts = match.group("more").split(":")[1:]
    decimals = match.group("dec") or ""
    pace = _pace(text[match.end() :].strip())
    if pace is not None:  # "2:50 min/km": a time per distance
        per, rest_unit = pace
        clock = _read_clock(f"{text[: match.end()]} {rest_unit}", TIME)
        assert clock is not None
        return Reading(clock.value, clock.place, 1.0, per)
    if dimension != TIME and not (dimension is None and (len(parts) == 2 or decimals)):
        return None
    if any(len(p) != 2 or int(p) > 59 for p in parts):
        raise ValueProblem(
            f"{match.group(0)!r} is not a clock time: minutes and seconds are two digits, 00 to 59"
        )
    rest = text[match.end() :].strip()
    after = compose(rest) if rest else None
    if rest and (after is None or after.dimension != TIME):
        raise ValueProblem(f"cannot read {rest!r} after the time {match.group(0)!r}")
    fields = [int(match.group("first")), *map(int, parts)]
    if len(fields) == 2 and after is not None and after.factor == 3600.0 and not decimals:
        fields.append(0)  # "2:35 h": hours and minutes
        place = 60.0
    elif after is not None and after.factor != (3600.0 if len(fields) == 3 else 60.0):
        raise ValueProblem(f"{text!r} mixes clock notation with the unit {rest!r}")
    else:
        place = 10.0 ** -len(decimals)
    if len(fields) == 2:
        fields.insert(0, 0)
    hours, minutes, seconds = fields
    value = hours * 3600 + minutes * 60 + seconds + (float(f"0.{decimals}") if decimals else 0)
    return Reading(float(value), place, 1.0, _unit("s"))


_PER = re.compile(r"\s*(?:/|per\b|每)\s*", re.IGNORECASE)


def _pace(rest: str) -> tuple[Unit, str] | None:
    """(seconds per the denominator's unit, the time unit written) for a clock time followed
    by a time per something (``min/km``, ``per mile`` after ``4:42``), else None."""
    split = _PER.search(rest)
    if split is None:
        return None
    time_word, per_word = rest[: split.start()].strip(), rest[split.end() :].strip()
    if not per_word:
        return None
    time_unit = compose(time_word) if time_word else None
    if time_word and (time_unit is None or time_unit.dimension != TIME):
        return None
    per = compose(f"s/{per_word}")
    if per is None or not per.dimension.startswith(f"{TIME}/"):
        return None
    return per, time_word


def _read_parts(text: str, dimension: str | None) -> Reading | None:
    parts: list[tuple[NumberText, Unit, str]] = []
    rest, clock_word, halved = text, False, False
    while rest and (not parts or rest[0].isalnum()):  # a later part is never signed
        num = _part_number(rest)
        if num is not None and (half := _HALF_BEFORE.match(num.rest)):
            num, halved = _plus_half(num, num.rest[half.end() :]), True
        word = _UNIT_WORD.match(num.rest) if num is not None else None
        if num is None or word is None:
            break
        unit = _part_unit(word.group(0), dimension, parts)
        if unit is None:
            break
        clock_word = word.group(0) in CLOCK_PARTS
        consumed = len(rest) - len(num.rest) + word.end()
        if (half := _HALF_AFTER.match(rest, consumed)) and num.place >= 1:
            num, halved = _plus_half(num, num.rest), True
            consumed = half.end()
        parts.append((num, unit, rest[:consumed].strip()))
        rest = rest[consumed:]
        joiner = _JOINER.match(rest)
        rest = rest[joiner.end() :] if joiner else rest
    # "3分" under a duration property; "three and a half minutes" anywhere
    alone = len(parts) == 1 and (clock_word or halved) and not rest
    if len(parts) < 2 and not alone:
        return None
    if rest.strip():
        raise ValueProblem(f"cannot read {rest.strip()!r} after {text[: len(text) - len(rest)]!r}")
    return _sum(text, parts)


def _plus_half(num: NumberText, rest: str) -> NumberText:
    """A whole number and a half: the half is its last written digit."""
    if num.place < 1 or num.value != int(num.value):
        raise ValueProblem("a half is added to a whole number only")
    return NumberText(num.value + 0.5, 0.5, rest)


def _part_number(text: str) -> NumberText | None:
    num = read_number(text)
    if num is not None:
        return num
    article = _ARTICLE.match(text)  # "an hour and 35 minutes"
    if article is not None:
        return NumberText(1.0, 1.0, text[article.end() :])
    return None


def _part_unit(
    word: str, dimension: str | None, parts: list[tuple[NumberText, Unit, str]]
) -> Unit | None:
    """The unit of one part: a unit of the compound's dimension, or a word that names a unit
    of time only inside a duration (分 is a minute in 3分27秒, m one in 2h01m)."""
    within = parts[0][1].dimension if parts else dimension
    if within == TIME and word in CLOCK_PARTS:
        return _unit(CLOCK_PARTS[word])
    unit = compose(word)
    if unit is None or unit.dimension == "count" or (within and unit.dimension != within):
        return None
    return unit


def _sum(text: str, parts: list[tuple[NumberText, Unit, str]]) -> Reading:
    total = 0.0
    for index, (num, unit, written) in enumerate(parts):
        if index:
            before, before_unit, before_written = parts[index - 1]
            if unit.factor >= before_unit.factor:
                raise ValueProblem(
                    f"in {text!r} the parts must run from the largest unit to the smallest"
                )
            if num.value * unit.factor >= before_unit.factor:
                raise ValueProblem(
                    f"in {text!r}, {written!r} is not less than one {before_unit.symbol}"
                )
            if before.value != int(before.value):
                raise ValueProblem(f"in {text!r}, {before_written!r} must be a whole number")
        total += num.value * unit.factor
    last, unit, _ = parts[-1]
    return Reading(total / unit.factor, last.place, 1.0, unit, last.zeros)
