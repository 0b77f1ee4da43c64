"""The shortcuts that make ``claimkb draft`` fast give the answers of the full readers:

* :func:`claimkb.values.date_hint.may_be_date` rules a text out by its characters only when
  no date form is written with them: a text it refuses, drawn from the seed articles and the
  subject fixtures' snapshots or generated from the characters of dates, is refused by
  ``parse_date`` too; and the characters come from every pattern of the date modules (a guard:
  none of their patterns accepts a character outside ASCII that it does not write);
* a quantity's reading is the same whether what it found before the dimension mattered
  (:func:`claimkb.values.numbers._prepared`) was remembered from a reading in another
  dimension or found anew;
* the Guide's memory changes no draft of the seed articles;
* the scanner that passes over the starts inside a value found before
  (:func:`claimkb.authoring.spans._stated_lazily`) finds what the one looking at every start
  finds, on every sentence of the seed articles and the subject fixtures' snapshots, and on
  generated texts that repeat themselves.
"""

from __future__ import annotations

import re
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimkb.values import ValueProblem, date_hint, parse_date
from claimkb.values.date_hint import form_characters, may_be_date
from conftest import FIXTURES, SHARED

_SNAPSHOTS = sorted(
    [*(FIXTURES / "subjects").glob("*/snapshots/*.txt"), *(SHARED / "seeds").glob("*.txt")]
)


def _texts() -> list[str]:
    return [unicodedata.normalize("NFC", p.read_text("utf-8")) for p in _SNAPSHOTS]


TEXTS = _texts()
_CHARACTERS = sorted(form_characters() or ())


def _refused(text: str) -> bool:
    try:
        parse_date(text, 2026)
    except (ValueProblem, ValueError, ArithmeticError):
        return True
    return False


def test_the_snapshots_are_there() -> None:
    assert len(TEXTS) > 60 and sum(len(t) for t in TEXTS) > 60_000
    assert form_characters() is not None
    assert {"年", "月", "日", "季", "度", "从", "至", "旬"} <= set(_CHARACTERS)


@settings(max_examples=1500, deadline=None)
@given(st.data())
def test_a_span_of_the_articles_ruled_out_by_its_characters_is_no_date(data: st.DataObject) -> None:
    text = data.draw(st.sampled_from(TEXTS))
    start = data.draw(st.integers(0, len(text) - 1))
    end = data.draw(st.integers(start + 1, min(len(text), start + 48)))
    span = text[start:end].strip()
    if span and not may_be_date(span):
        assert _refused(span), span


def test_every_span_at_a_number_of_the_articles_ruled_out_is_no_date() -> None:
    """Every span of up to 24 characters starting at a digit, in every snapshot."""
    checked = 0
    for text in TEXTS:
        for match in re.finditer(r"(?<!\d)\d", text):
            for end in range(match.start() + 1, min(len(text), match.start() + 24) + 1):
                span = text[match.start() : end].strip()
                if not may_be_date(span):
                    checked += 1
                    assert _refused(span), span
    assert checked > 10_000


_DATE_PIECES = st.sampled_from(
    [*_CHARACTERS, *"0123456789 -/.,()", "台", "参数", "服务器", "的", "Nov", "Q3", "年底"]
)


@settings(max_examples=1500, deadline=None)
@given(st.lists(_DATE_PIECES, min_size=1, max_size=12).map("".join))
def test_a_text_of_date_characters_ruled_out_is_no_date(text: str) -> None:
    if not may_be_date(text):
        assert _refused(text), text


def test_the_characters_of_a_form_are_form_characters() -> None:
    for text in ("2026 年 11 月 6 日", "11 月初", "2023年上半年", "从2024年到2025年",
                 "20世纪90年代", "２０２６年", "Q1’23", "11 月 4 日至 5 日"):  # fmt: skip
        assert not _refused(text) and may_be_date(text), text
    assert all(may_be_date(t) for t in ("上周日", "去年", "本月底", "3天前", "下个月"))
    assert not may_be_date("6 台服务器") and not may_be_date("2.8 万亿参数")


def _pattern_parts(pattern: re.Pattern[str]) -> list[tuple[object, object]]:
    from re import _parser  # type: ignore[attr-defined]

    found: list[tuple[object, object]] = []

    def walk(items: object) -> None:
        for op, av in items:  # type: ignore[attr-defined]
            found.append((op, av))
            if isinstance(av, tuple | list):
                for part in av:
                    if isinstance(part, _parser.SubPattern):
                        walk(part)
                    elif isinstance(part, list):
                        for sub in part:
                            if isinstance(sub, _parser.SubPattern):
                                walk(sub)
            elif isinstance(av, _parser.SubPattern):
                walk(av)

    walk(_parser.parse(pattern.pattern, pattern.flags))
    return found


REST_PATTERNS = {"_WEEKDAY_FIRST", "_WEEKDAY_AFTER", "_CN_WEEKDAY_AFTER", "_WEEKDAY_PAREN"}
"""The patterns whose wildcard takes the rest of a date, which the forms then read."""


@pytest.mark.parametrize("module", date_hint._DATE_MODULES)
def test_no_pattern_of_a_date_module_accepts_a_character_it_does_not_write(module: str) -> None:
    """What the characters rest on: outside the patterns that split off the rest of a date
    (read again by the forms), no pattern holds a wildcard, a negated set, a non-ASCII range
    or a class of letters (``\\w``) - only characters it writes, digits and spaces; nor is
    any pattern case-insensitive (which would match characters it does not write)."""
    import importlib
    from re import _parser  # type: ignore[attr-defined]

    namespace = importlib.import_module(f"claimkb.values.{module}").__dict__
    patterns = {n: v for n, v in namespace.items() if isinstance(v, re.Pattern)}
    assert module in ("date_core", "date_words") or patterns
    for name, pattern in patterns.items():
        assert not pattern.flags & re.IGNORECASE, name
        for op, av in _pattern_parts(pattern):
            if op in (_parser.ANY, _parser.NOT_LITERAL):
                assert name in REST_PATTERNS, name
            if op is _parser.IN:
                for item_op, item in av:
                    assert item_op is not _parser.NEGATE or name in REST_PATTERNS, name
                    if item_op is _parser.RANGE:
                        assert item[1] < 128, (name, item)
                    if item_op is _parser.CATEGORY:
                        assert item in (_parser.CATEGORY_DIGIT, _parser.CATEGORY_SPACE), name
            if op is _parser.CATEGORY:  # pragma: no cover - only inside a set so far
                assert av in (_parser.CATEGORY_DIGIT, _parser.CATEGORY_SPACE), name


def test_the_modules_are_read_from_their_code(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where a module's code cannot be read, no text is ruled out by its characters."""
    import importlib

    module = importlib.import_module("claimkb.values.date_words")
    form_characters.cache_clear()
    date_hint._form_or_ascii.cache_clear()
    try:
        monkeypatch.setattr(module, "__loader__", None)
        assert form_characters() is None
        assert may_be_date("6 台服务器")
    finally:
        monkeypatch.undo()
        form_characters.cache_clear()
        date_hint._form_or_ascii.cache_clear()
    assert form_characters() is not None


def test_the_guide_s_memory_changes_no_draft(monkeypatch: pytest.MonkeyPatch) -> None:
    """The drafts of the seed articles are the same when the Guide remembers nothing (each
    question answered anew)."""
    import claimkb
    from claimkb.authoring import drafting
    from claimkb.authoring.guessing import Guide
    from conftest import PROJECT
    from test_authoring_kb import seeds

    kb = claimkb.load(PROJECT, snapshot_dirs=[seeds()])
    sources = ("seed-000", "seed-001", "seed-003", "seed-004")
    remembered = [[d.to_dict() for d in drafting.draft(kb, s)] for s in sources]

    def usual(self: Guide, prop: object, candidate: object, *mentions: object) -> object:
        kinds = self.subject_kinds.get(prop.id) or self._any_kind  # type: ignore[attr-defined]
        return self._usual_now(kinds, candidate, *mentions)  # type: ignore[arg-type]

    monkeypatch.setattr(Guide, "fitting", Guide._fitting_now)
    monkeypatch.setattr(Guide, "known", Guide._known_now)
    monkeypatch.setattr(Guide, "_usual", usual)
    anew = [[d.to_dict() for d in drafting.draft(kb, s)] for s in sources]
    assert sum(map(len, anew)) > 400
    assert remembered == anew


def _reading(text: str, dimension: str | None) -> object:
    from claimkb.values import parse_quantity

    try:
        return parse_quantity(text, dimension)
    except ValueProblem as problem:
        return str(problem)
    except (ArithmeticError, ValueError) as error:
        return type(error)


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_a_quantity_reads_the_same_however_its_preparation_was_found(
    data: st.DataObject,
) -> None:
    from claimkb.values import numbers, parse_quantity

    text = data.draw(st.sampled_from(TEXTS))
    start = data.draw(st.integers(0, len(text) - 1))
    span = text[start : start + data.draw(st.integers(1, 48))]
    dimensions = data.draw(st.permutations([None, "count", "byte", "parameter", "second"]))
    remembered = numbers._read
    reader = remembered.__wrapped__  # type: ignore[attr-defined]
    warm = []
    for dimension in dimensions:  # one after another: the preparation is remembered
        warm.append(_reading(span, dimension))
    cold = []
    for dimension in dimensions:
        numbers._prepared.cache_clear()
        numbers._read = numbers.remembered(reader)  # nothing remembered
        try:
            cold.append(_reading(span, dimension))
        finally:
            numbers._read = remembered
    assert parse_quantity.__globals__["_read"] is remembered
    assert warm == cold, span


def _both_scans(text: str) -> list[object]:
    """What the scanner finds in ``text``, both ways, for dates and quantities."""
    from claimkb.authoring import spans
    from claimkb.authoring.candidates import _may_be_quantity, _may_hold_quantity, _quantity
    from claimkb.values.date_hint import may_hold_date

    def read_date(t: str) -> object:
        return parse_date(t, 2026)

    found: list[object] = []
    dimensions = frozenset({"byte", "parameter", "token"})
    for read, may_read, may_hold in (
        (read_date, may_be_date, may_hold_date),
        (_quantity, _may_be_quantity, _may_hold_quantity),
    ):
        starts = spans._starts(text)
        lazy = spans._stated_lazily(text, read, [], dimensions, may_read, may_hold, starts)
        eager = spans._trimmed(
            text,
            read,
            [],
            dimensions,
            may_read,
            starts,
            spans._stated_values(text, read, may_read, may_hold, starts),
        )
        assert lazy is None or lazy == eager, text
        assert spans.stated(text, read, [], dimensions, may_read, may_hold) == eager
        found.append(lazy)
    return found


def test_passing_over_starts_inside_a_value_finds_the_same_in_the_articles() -> None:
    from claimkb.authoring.segments import segments

    answered = 0
    for text in TEXTS:
        for unit in segments(text.splitlines()):
            answered += sum(x is not None for x in _both_scans(unit.text))
    assert answered > 1500


_VALUE_PIECES = st.sampled_from(
    ["3 ", "3 GB", "GB ", "about ", "万亿", "2.8 ", "参数", "one ", "million ", "tokens",
     "Nov 5", " and ", "、", "年", "11 月", "6 台", "a ", "over ", "-", "–"]
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(_VALUE_PIECES, min_size=1, max_size=14).map("".join))
def test_passing_over_starts_inside_a_value_finds_the_same_in_any_text(text: str) -> None:
    _both_scans(text)


def test_a_text_whose_spans_repeat_is_scanned_at_every_start() -> None:
    """Where a span is found at a start before its own, the scanner looks at every start."""
    text = "2.8 3 万亿GB3 GBover 万亿"
    assert _both_scans(text)[1] is None


def test_a_passage_drafted_again_in_the_same_context_adds_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An article written out twice is drafted the same whether a passage met again with the
    same names around it is passed over or drafted anew."""
    from types import SimpleNamespace

    import claimkb
    from claimkb.authoring import drafting
    from conftest import PROJECT
    from test_authoring_kb import seeds

    kb = claimkb.load(PROJECT, snapshot_dirs=[seeds()])
    read_text = drafting.read_text
    monkeypatch.setattr(
        drafting, "read_text", lambda kb, s: SimpleNamespace(lines=read_text(kb, s).lines * 2)
    )
    sources = ("seed-000", "seed-001", "seed-003", "seed-004")

    def drafted() -> list[list[tuple[object, ...]]]:
        return [
            [(d.line, d.value_offset, d.to_dict()) for d in drafting.draft(kb, s)] for s in sources
        ]

    passed_over = drafted()
    monkeypatch.setattr(drafting, "_context", lambda *_: object())  # every passage drafted
    anew = drafted()
    assert sum(map(len, anew)) > 400
    assert passed_over == anew


def test_a_span_opening_with_a_phrase_may_be_a_quantity() -> None:
    from claimkb.authoring.candidates import _may_be_quantity, _may_hold_quantity, _quantity

    for written in ("in excess of 5 GB", "At  least 3 million", "not-more-than 4", "up to 8 GB"):
        assert _may_be_quantity(written) and _may_hold_quantity(written), written
    for written in ("in excess of 5 GB", "up to 8 GB", "at most 4 GB"):
        assert _quantity(written).dimension == "byte"
    for written in ("in 2026", "at 5 GB", "no 5", "up 5"):
        assert not (_may_be_quantity(written) or _may_hold_quantity(written)), written


_SCREEN_PIECES = st.sampled_from(
    ["in", "In", "IN", "at", "no", "not", "up", "more", "less", "close", "just", "well", "tens",
     "excess", "of", "least", "most", "than", "to", "over", "Over", "under", "about", "around",
     "nearly", "some", "one", "five", "a", "an", "K", "x", "5", "3.2", "1,024", "million",
     "billion", "GB", "TB", "%", "parameters", " ", "  ", "-", "~", ".", "\u3000", "\uff45",
     "\u00a0", "in excess of ", "at least ", "At most ", "no more than ", "up to ",
     "not-less-than ", "tens of ", "close to ", "a ", "A ", "an ", "a-", "a second",
     "A third", "an eighth", "a tenth", "few", "estimated", "hundred", "thousands", "lakh",
     "mln", "M", "$", "A$", "dozen", "quarter", "half", "ﬁ", "hour ", "day ", "mile ",
     "feet", "minute", "seconds", "km"]
)  # fmt: skip


@settings(max_examples=3000, deadline=None)
@given(st.lists(_SCREEN_PIECES, min_size=1, max_size=10).map("".join))
def test_a_span_the_screens_refuse_is_no_quantity(text: str) -> None:
    """Whatever the drafter's screens of first words refuse - a word that opens only longer
    phrases ("in" of "in excess of") with none of them, a word glued to a figure (the reader
    reads ``over5`` as ``over 5``) - the quantity reader refuses too, with no dimension and
    as a count (the two readings the drafter's ``_quantity`` makes, behind the screens)."""
    from claimkb.authoring.candidates import _may_be_quantity, _may_hold_quantity
    from claimkb.values import parse_quantity

    written = text.strip()
    if not written or (_may_be_quantity(written) and _may_hold_quantity(written)):
        return
    for dimension in (None, "count"):
        with pytest.raises((ValueProblem, ArithmeticError, ValueError)):
            parse_quantity(written, dimension)


def test_an_article_opens_a_quantity_only_before_a_magnitude_or_an_ordinal() -> None:
    """ "a" is a number only before a spelt-out magnitude or an ordinal, as the reader reads
    it; glued to a sign ("A$5", an amount) it is no article."""
    from claimkb.authoring.candidates import _may_be_quantity, _may_hold_quantity

    for written in ("a million GPUs", "An estimated 5 GB", "a few GB", "a second", "A$5",
                    "a-million-token context", "a  billion"):  # fmt: skip
        assert _may_be_quantity(written) and _may_hold_quantity(written), written
    for written in ("a peak throughput", "an abstraction layer", "a 5 GB card", "a dozen"):
        assert not (_may_be_quantity(written) or _may_hold_quantity(written)), written


def test_a_word_glued_to_a_figure_is_screened_as_the_reader_reads_it() -> None:
    from claimkb.authoring.candidates import _may_be_quantity, _may_hold_quantity, _quantity

    for written in ("over5 GB", "about5 GB", "under10 GB", "one~two GB"):
        assert _may_be_quantity(written) and _may_hold_quantity(written), written
        assert _quantity(written).dimension == "byte", written
    for written in ("K3.1 Pro", "M5 chip", "k5"):  # a magnitude before a figure: a name
        assert not _may_be_quantity(written), written


@pytest.mark.parametrize(
    ("sentence", "value"),
    [
        ("The summit is a mile 300 feet above camp.", "a mile 300 feet"),
        ("It took a day 3 hours to climb.", "a day 3 hours"),
        ("The cable is a foot 2 inches long.", "a foot 2 inches"),
    ],
)
def test_an_article_before_a_unit_opens_a_compound_quantity(sentence: str, value: str) -> None:
    """The screens let an article through before a unit, as the compound reader takes it
    ("a mile" is one mile): the drafter finds the whole quantity, not its last part."""
    from claimkb.authoring.candidates import values_in

    found = values_in(sentence, [], 2026, frozenset({"length", "second"}))
    assert [c.written for c in found] == [value]
