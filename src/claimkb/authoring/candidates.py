"""The values a sentence or table cell states: quantities with a unit, dates, known entities.

Values are found by :func:`claimkb.quoted_values.stated_values`, the reader the value check
uses on quotes, so a value the drafter proposes is one ``claimkb check`` reads the same way.
The value *as written* is the part of the span it returns that says something
(:mod:`~claimkb.authoring.spans`: "2.8 trillion parameters", not "2.8 trillion parameters and
a context window of"; "3 万亿级"; "6 台"; "约 1040 亿"). Numbers inside an entity's name (the
5000 of "MTT S5000") or inside a date (the 11 of "11 月 6 日") are not values of their own.

A bare number counts only when it has a magnitude ("2.8 万亿"), a measure word or a counted
noun ("6 台", "35 cards"); a lone small number is too often a footnote, a rank or a version.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..values import DateValue, Quantity, Value, ValueProblem, parse_date, parse_quantity
from ..values.date_hint import may_be_date, may_hold_date, may_open_date
from ..values.lexicon import (
    APPROX_PREFIX,
    FULLWIDTH,
    LOWER_PREFIX,
    MAGNITUDE_WORDS,
    MAGNITUDES,
    NEARLY_PREFIX,
    ORDINALS,
    UPPER_PREFIX,
    VAGUE,
    WORDS,
)
from ..values.numerals import ARTICLES
from .mentions import Mention
from .spans import stated, word_dimension
from .trimming import MEASURE_WORDS, NUMERAL

__all__ = ["Candidate", "values_in"]

_MAGNITUDE = re.compile(
    r"[万萬亿億千百]|thousand|million|billion|trillion|\d\s*[KkMBT]\b", re.IGNORECASE
)
_COUNTED_NOUN = re.compile(
    r"^\s+(?!(?:and|or|of|in|on|at|to|for|with|by|from|the|a|an|is|are|was|were|as|than)\b)"
    r"[a-z][a-z-]+"
)
_ORDINAL = re.compile(r"(?i)^(?:第|first|second|third|\w+th\b)")


@dataclass(frozen=True)
class Candidate:
    kind: str
    """``quantity``, ``date`` or ``entity``."""
    start: int
    end: int
    written: str
    value: Value | None = None
    dimension: str | None = None
    """For a quantity: the dimension its written unit names (None: a bare number, which a
    count, parameter or token property may read)."""
    entity: str | None = None
    why: list[str] = field(default_factory=list)


def values_in(
    text: str,
    mentions: list[Mention],
    year: int | None,
    dimensions: frozenset[str] = frozenset(),
) -> list[Candidate]:
    """Every value ``text`` states, in order (spans index ``text``). ``dimensions``: those
    the KB has properties for ("37 billion parameters per token" is 37 billion parameters
    when no property counts parameters per token)."""
    spaced, origin = _spaced(text, {m.end for m in mentions if text[m.end : m.end + 1].isdigit()})
    inverse = {o: i for i, o in reversed(list(enumerate(origin)))}
    shifted = [
        Mention(inverse[m.start], inverse[m.end - 1] + 1, m.entity, m.written) for m in mentions
    ]
    found = []
    for c in _values_in(spaced, shifted, year, dimensions):
        start, end = origin[c.start], origin[c.end - 1] + 1
        found.append(Candidate(c.kind, start, end, text[start:end], c.value, c.dimension, c.entity))
    return found


_GLUED = re.compile(r"(?<=[\u3400-\u9fff])(?=[0-9])")


def _spaced(text: str, name_ends: set[int]) -> tuple[str, list[int]]:
    """``text`` with a space where a digit follows a Chinese character or the end of a name
    ("总参数2.8 万亿", "Kimi-K3.1 Pro6 台": table rows run together), so that the number is
    read as one; with each character's position in ``text`` (an added space takes the
    position of the digit after it)."""
    pieces: list[str] = []
    origin: list[int] = []
    last = 0
    for at in sorted({m.start() for m in _GLUED.finditer(text)} | name_ends):
        pieces.append(text[last:at] + " ")
        origin.extend(range(last, at))
        origin.append(at)
        last = at
    pieces.append(text[last:])
    origin.extend(range(last, len(text)))
    return "".join(pieces), origin


def _values_in(
    text: str, mentions: list[Mention], year: int | None, dimensions: frozenset[str]
) -> list[Candidate]:
    masked = [(m.start, m.end) for m in mentions]
    found: list[Candidate] = []
    dates = stated(
        text, lambda t: parse_date(t, year), masked, dimensions, may_be_date, _may_hold_date
    )
    for start, end, value in dates:
        assert isinstance(value, DateValue)
        if value.precision == "year" and not text[end:].lstrip().startswith("年"):
            continue  # "1040" or "2026" alone: most often not a date at all
        found.append(Candidate("date", start, end, text[start:end], value))
    masked += [(c.start, c.end) for c in found]
    quantities = stated(text, _quantity, masked, dimensions, _may_be_quantity, _may_hold_quantity)
    for start, end, value in quantities:
        assert isinstance(value, Quantity)
        candidate = _quantity_candidate(text, start, end, value)
        if candidate is not None:
            found.append(candidate)
    for mention in mentions:
        found.append(
            Candidate("entity", mention.start, mention.end, mention.written, entity=mention.entity)
        )
    return sorted(found, key=lambda c: (c.start, c.end))


_TABLES = (*WORDS, *MAGNITUDES, *VAGUE, *APPROX_PREFIX, *LOWER_PREFIX, *UPPER_PREFIX,
           *NEARLY_PREFIX)  # fmt: skip
"""Every word and phrase of the value tables a quantity written in words can start with."""
_FIRST_WORDS = frozenset(
    word
    for phrase in _TABLES
    for word in [re.split(r"[\s-]", phrase.lower(), maxsplit=1)[0]]
    if word.isascii() and word.isalpha()
)
"""The words a quantity written in words can start with ("approximately", "one", "tens")."""
_SEPARATORS = re.compile(r"[\s-]+")


def _phrases_by_first() -> dict[str, tuple[str, ...]]:
    """For a first word that opens only phrases of several words ("in" of "in excess of",
    "at" of "at least"): those phrases, lower case, their spaces and hyphens one space."""
    phrases: dict[str, set[str]] = {}
    single: set[str] = set()
    for phrase in _TABLES:
        normal = _SEPARATORS.sub(" ", phrase.lower())
        first = normal.split(" ", 1)[0]
        if first in _FIRST_WORDS and normal == first:
            single.add(first)
        elif first in _FIRST_WORDS:
            phrases.setdefault(first, set()).add(normal)
    return {w: tuple(sorted(p)) for w, p in phrases.items() if w not in single}


_PHRASES = _phrases_by_first()


def _article_phrases() -> dict[str, tuple[str, ...]]:
    """For an article ("a"), which is a number only before a spelt-out magnitude or an
    ordinal (:data:`~claimkb.values.numerals.ARTICLES`): the phrases a quantity opening with
    it starts with - with those magnitudes and ordinals, and the tables' phrases ("a few",
    "an estimated")."""
    found: dict[str, tuple[str, ...]] = {}
    for article in ARTICLES:
        phrases = {f"{article} {word}" for word in (*MAGNITUDE_WORDS, *ORDINALS)}
        for phrase in _TABLES:
            normal = _SEPARATORS.sub(" ", phrase.lower())
            if normal.split(" ", 1)[0] == article and normal != article:
                phrases.add(normal)
        found[article] = tuple(sorted(phrases))
    return found


_ARTICLE_PHRASES = _article_phrases()


def _opens_a_phrase(written: str, first: str) -> bool:
    """Whether ``written`` (its first word ``first``, one of :data:`_FIRST_WORDS`) may open a
    quantity: always, unless that word only opens phrases of several words, none of which
    ``written`` starts with (an article also opens a compound quantity before a unit). Compared
    with the reader's own folding of the text (full-width forms, case) and any run of spaces
    and hyphens as one space, which the reader never matches more loosely: a span refused here
    is refused by it."""
    article = _ARTICLE_PHRASES.get(first)
    phrases = _PHRASES.get(first) if article is None else article
    if phrases is None:
        return True
    folded = _SEPARATORS.sub(" ", written.translate(FULLWIDTH).lower())
    if article is not None and folded.split(" ", 1)[0] != first:
        return True  # glued to a sign ("A$5"): an article only where it stands apart
    return folded.startswith(phrases) or (article is not None and _unit_after(written))


_AFTER_ARTICLE = re.compile(r"\S+\s+([^\W\d_]+)")


def _unit_after(written: str) -> bool:
    """Whether the word after an article names a unit: an article is one of it in a
    compound quantity ("a mile 300 feet", "an hour 35 minutes"), as the reader reads it."""
    word = _AFTER_ARTICLE.match(written)
    return word is not None and word_dimension(word.group(1)) is not None


def _may_be_quantity(written: str) -> bool:
    """False for a span starting with a word no quantity starts with, or with a word that
    only opens phrases ("in excess of") and not with one of them (the drafter tries every
    word of a text)."""
    if written[:1].isascii() and written[:1].isalpha():
        first = _first_word(written)
        return first in _FIRST_WORDS and _opens_a_phrase(written, first)
    return True


_FIRST_WORD = re.compile(r"[\s-]")
_BEFORE_A_FIGURE = _FIRST_WORDS - {
    word
    for phrase in MAGNITUDES
    for word in [phrase.lower()]
    if not any(word == w.lower() for w in (*WORDS, *VAGUE, *APPROX_PREFIX, *LOWER_PREFIX))
}
"""The first words that may open a quantity glued to a figure (the reader reads ``over5`` as
``over 5``): all but the magnitudes, which follow a figure (``5k``) and before one are part
of a name (``K3``, ``M5``). Glued to a sign (``one~two``, ``millions%``), any may."""
_WORD_GLUED = re.compile(r"([a-z]+)([^a-z])")


def _first_word(written: str) -> str:
    """The first word of a span starting with a letter, in lower case: up to a space or a
    hyphen, or a word glued to what follows (``over`` of ``over5``)."""
    first = _FIRST_WORD.split(written.lower(), maxsplit=1)[0]
    if first not in _FIRST_WORDS and (glued := _WORD_GLUED.match(first)):
        word = glued.group(1)
        if word in (_BEFORE_A_FIGURE if glued.group(2).isdigit() else _FIRST_WORDS):
            return word
    return first


def _may_hold_quantity(longest: str) -> bool:
    """False for the longest span at a start whose first word is Latin letters and digits no
    quantity starts with: every shorter span there starts with that word too (a span ends
    only where a word does, and none ends inside such a word), so none is read."""
    written = longest.strip()
    if not (written[:1].isascii() and written[:1].isalpha()):
        return True
    first = _first_word(written)
    if not (first.isascii() and first.isalnum()):
        return True
    return first in _FIRST_WORDS and _opens_a_phrase(written, first)


def _may_hold_date(longest: str) -> bool:
    """False for the longest span at a start that holds no date (``may_hold_date``), or
    whose first word, in ASCII, is no word a date is written with: every shorter span
    there holds that word whole (a span ends only where a word does), and one in ASCII is
    then no date (``may_open_date``)."""
    return may_hold_date(longest) and may_open_date(longest)


def _quantity(written: str) -> Quantity:
    """A quantity as written: with its own unit, else as a count (which takes measure words
    and counted nouns). A span starting with a word no quantity starts with is refused at
    once."""
    if not _may_be_quantity(written):
        raise ValueProblem("not a quantity")
    try:
        value = parse_quantity(written, None)
    except ValueProblem:
        return parse_quantity(written, "count")
    if value.dimension == "count":
        return parse_quantity(written, "count")
    letter = len(value.unit) <= 2 or any(c in value.dimension for c in "·*")
    named = _named_dimension(written) if letter else None
    if named is not None and named != value.dimension:
        try:  # "671B parameters": the word says parameters, the letter B bytes (or B·parameter)
            return parse_quantity(written, named)
        except ValueProblem:
            pass
    return value


def _named_dimension(written: str) -> str | None:
    """The dimension a unit *word* of ``written`` names ("parameters", "tokens", "参数")."""
    for word in re.findall(r"[A-Za-z]{3,}|[\u3400-\u9fff]{2,}", written):
        dimension = word_dimension(word)
        if dimension is not None:
            return dimension
    return None


def _quantity_candidate(text: str, start: int, end: int, value: Quantity) -> Candidate | None:
    written = text[start:end]
    if not NUMERAL.search(written) or _ORDINAL.match(written):
        return None  # "万亿模型" (a class, not a figure); "first day", "第三" (a rank)
    if value.dimension != "count":
        return Candidate("quantity", start, end, written, value, value.dimension)
    after = text[end:]
    if _MAGNITUDE.search(written) or value.approximate:
        return Candidate("quantity", start, end, written, value)
    if written and written[-1] in MEASURE_WORDS or _COUNTED_NOUN.match(after):
        return Candidate("quantity", start, end, written, value)
    return None
