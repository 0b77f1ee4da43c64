"""Reading the parts of a written quantity: the number (digits, words, numerals, powers of
ten), its magnitude word, its unit, and the two ends of a range.

Each reader returns what it understood and the rest of the text, so :mod:`.numbers` can try
the readings a text allows (``5.6 TB`` as T+B or as TB) and keep the one that fits the
property's dimension.
"""

from __future__ import annotations

import difflib
import functools
import re
import unicodedata
from dataclasses import dataclass

from . import units
from .lexicon import (
    AMBIGUOUS_MAGNITUDES,
    MAG_BY_FIRST,
    MAG_RANK,
    MAGNITUDE_WORDS,
    MAGNITUDES,
    NOT_A_NOUN,
    RANGE_SEP,
)
from .numerals import read_mixed, read_number
from .problems import ValueProblem
from .units import IMPLICIT, Unit, base_unit, compose


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
        if head.lower() in MAGNITUDE_WORDS:  # "37 billion parameters": never a counted noun
            return None, f"{head!r} is a magnitude, not what is counted"
        close = _close_magnitude(head.lower())
        if close:  # "2.8 trilion": not a noun
            return None, f"{head!r} is not a magnitude claimkb reads (did you mean {close!r}?)"
        return None, None
    words = rest.split()
    for cut in range(len(words) - 1, 0, -1):
        unit = units.read_unit(" ".join(words[:cut]), dimension)
        if isinstance(unit, Unit):
            return unit, None
    return None, f"unknown unit {rest!r}"


@functools.lru_cache(maxsize=4096)
def _close_magnitude(word: str) -> str | None:
    """The magnitude word ``word`` (lower case, no magnitude itself) is a misspelling of, if
    any. Remembered: the words after numbers repeat (each is asked of every span)."""
    close = difflib.get_close_matches(word, MAGNITUDE_WORDS, n=1, cutoff=0.8)
    return close[0] if close else None


@dataclass(slots=True)
class Reading:
    value: float
    place: float
    """Place of the last written digit, in the written unit (before the magnitude)."""
    magnitude: float
    unit: Unit | None
    zeros: int = 0
    """Trailing zeros of a written integer (see :class:`~.numerals.NumberText`)."""


def read_single(text: str, dimension: str | None) -> Reading:
    num = read_number(text)
    if num is None:
        raise ValueProblem(f"no number in {text!r}")
    num = read_mixed(num, text)
    first_error = None
    options = read_magnitude(num.rest)
    whole = match_unit(num.rest, dimension)
    unit, error = whole
    if unit is not None and error is None:
        if dimension is None or fits(unit, dimension):
            return Reading(num.value, num.place, 1.0, unit, num.zeros)  # "5.6 TB": keep TB
        first_error = mismatch_message(text, unit, dimension)
    glued = text[len(text) - len(num.rest) - 1 : len(text) - len(num.rest)].strip() != ""
    for magnitude, rest in options:  # the last: no magnitude, the rest matched above
        unit, error = whole if rest is num.rest else match_unit(rest, dimension)
        if unit is None and error is None and rest.strip():
            error = noun_problem(rest.strip(), glued and rest is num.rest)
        if error:
            first_error = first_error or error
            continue
        if dimension is None or fits(unit, dimension):
            return Reading(num.value, num.place, magnitude, unit, num.zeros)
        first_error = first_error or mismatch_message(text, unit, dimension)
    raise ValueProblem(first_error or f"cannot read {text!r}")


def noun_problem(noun: str, glued: bool) -> str | None:
    """Why the words after a count cannot be its counted noun ("48 cards", "6 台服务器"), or
    None. A noun is words: it starts with a letter, and a Latin one is written apart from
    the number (``0x1G`` is no count of "x1G"s); a magnitude claimkb refuses to guess (兆)
    is never a noun."""
    first = noun[0]
    if first in AMBIGUOUS_MAGNITUDES:
        return f"{first!r} is ambiguous as a magnitude ({AMBIGUOUS_MAGNITUDES[first]})"
    if not unicodedata.category(first).startswith("L") or (glued and first.isascii()):
        return f"cannot read {noun!r} after the number"
    return None


def mismatch_message(text: str, unit: Unit | None, dimension: str) -> str:
    if unit is None:
        return f"{text!r} has no unit; a {dimension} value needs one (e.g. {base_unit(dimension)})"
    return f"{text!r} is in {unit.symbol} ({unit.dimension}), but the property expects {dimension}"


def fits(unit: Unit | None, dimension: str) -> bool:
    return units.fits(unit, dimension)


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
