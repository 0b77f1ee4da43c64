"""What makes ``claimkb draft`` fast gives the answers of the slow way, exactly:

* the records :mod:`claimkb.authoring.fastyaml` writes are the bytes ruamel.yaml writes for
  them (the drafts of the four seed articles, in several layouts, and generated text);
* the value scanner that skips spans which cannot be a date or a quantity finds what the value
  check's reader (:func:`claimkb.quoted_values.stated_values`) finds, sentence by sentence, on
  every sentence of the seed articles;
* :func:`claimkb.values.date_hint.may_be_date` and ``may_hold_date`` hold for every date the
  value tests read, and for none of the texts ``parse_date`` refuses.
"""

from __future__ import annotations

import ast
import functools
import io
import unicodedata
from datetime import date
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import claimkb
from claimkb.authoring import drafts as drafts_file
from claimkb.authoring import spans, trimming
from claimkb.authoring.candidates import _may_be_quantity, _may_hold_quantity, _quantity, _spaced
from claimkb.authoring.emit import node, styled
from claimkb.authoring.fastyaml import render
from claimkb.authoring.mentions import Mentions
from claimkb.authoring.segments import segments
from claimkb.authoring.snapshot import read_text
from claimkb.authoring.yamledit import Layout, _yaml
from claimkb.quoted_values import stated_values, value_ends
from claimkb.values import DateValue, ValueProblem, parse_date
from claimkb.values.date_hint import may_be_date, may_hold_date
from conftest import PROJECT
from test_authoring_kb import seeds

SEEDS = ("seed-000", "seed-001", "seed-003", "seed-004")
LAYOUTS = [Layout(), Layout(0, 2), Layout(2, 6), Layout(4, 6), Layout(1, 4)]


@pytest.fixture(scope="module")
def kb() -> claimkb.KB:
    return claimkb.load(PROJECT, snapshot_dirs=[seeds()])


def _ruamel(record: object, layout: Layout) -> list[str]:
    from ruamel.yaml.comments import CommentedSeq

    out = io.StringIO()
    _yaml(layout).dump(CommentedSeq([record]), out)
    return out.getvalue().splitlines(keepends=True)


@pytest.fixture(scope="module")
def fields(kb: claimkb.KB) -> list[dict[str, object]]:
    """The drafts of the seed articles, as the fields of the records the drafts file gets."""
    found = []
    for source in SEEDS:
        for index, made in enumerate(drafts_file.draft(kb, source)):
            made.id = f"{source}-d{index + 1}"
            written = made.to_dict()
            found.append({k: v for k, v in written.items() if k in drafts_file.DRAFT_KEYS})
    return found


@pytest.fixture(scope="module")
def records(fields: list[dict[str, object]]) -> list[object]:
    return [node(one) for one in fields]


@pytest.mark.parametrize("layout", LAYOUTS, ids=str)
def test_drafts_are_written_as_ruamel_writes_them(
    fields: list[dict[str, object]], records: list[object], layout: Layout
) -> None:
    """From the ruamel mapping and from its description alike (the drafts file is written
    from the description: :func:`~claimkb.authoring.emit.styled`)."""
    assert len(records) > 400
    if layout != Layout():
        records, fields = records[::10], fields[::10]  # the default layout is compared in full
    fast = [render(r, layout.dash, layout.mapping, layout.content) for r in records]
    described = [render(styled(f), layout.dash, layout.mapping, layout.content) for f in fields]
    assert sum(lines is None for lines in fast) == 0  # every draft takes the fast way
    assert described == fast
    for record, lines in zip(records, fast, strict=True):
        assert lines == _ruamel(record, layout)


_TEXT = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cs",))
    | st.sampled_from(" '\":#-,[]{}?!&*|>%@`"),
    max_size=40,
)


@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["subject", "property", "value", "quote", "note", "reasons", "line"]),
        _TEXT | st.integers(-5, 10**6) | st.lists(_TEXT, min_size=1, max_size=5),
        min_size=1,
    ),
    st.dictionaries(st.sampled_from(["value", "property", "subject"]), _TEXT, min_size=1),
    st.sampled_from(LAYOUTS),
)
def test_generated_records_are_written_as_ruamel_writes_them(
    fields: dict[str, object], reasons: dict[str, str], layout: Layout
) -> None:
    """Whatever the text, the fast way writes ruamel's bytes or leaves the record to it,
    from the ruamel mapping and from its description alike."""
    given = {"id": "x-d1", **fields, "reasons": reasons}
    record = node(given, layout.content)
    lines = render(record, layout.dash, layout.mapping, layout.content)
    assert render(styled(given, layout.content), layout.dash, layout.mapping, layout.content) == (
        lines
    )
    if lines is not None:
        assert lines == _ruamel(record, layout)


@pytest.mark.parametrize(
    "text",
    ["?", ":", "? x", ": x", "?x", ":x", "-", "- x", "#", "!", "&a", "*a", "|", ">", "%", "@", "`"],
)
def test_a_value_starting_with_an_indicator_is_written_as_ruamel_writes_it(text: str) -> None:
    for layout in LAYOUTS:
        record = node({"id": "x-d1", "subject": text, "value": text}, layout.content)
        lines = render(record, layout.dash, layout.mapping, layout.content)
        assert lines is None or lines == _ruamel(record, layout)


def _per_sentence(kb: claimkb.KB) -> list[str]:
    """Every sentence and cell of the seed articles as the drafter scans it."""
    texts = []
    for source in SEEDS:
        snapshot = read_text(kb, kb.sources[source])
        lines = [unicodedata.normalize("NFC", line) for line in snapshot.lines]
        mentions = Mentions(kb)
        for unit in segments(lines):
            found = mentions.find(unit.text)
            ends = {m.end for m in found if unit.text[m.end : m.end + 1].isdigit()}
            texts.append(_spaced(unit.text, ends)[0])
    return texts


def test_the_scanner_finds_what_the_value_checks_reader_finds(kb: claimkb.KB) -> None:
    """Sentence by sentence, the spans and values of the skipping scanner are those of
    stated_values, which reads every span (dates and quantities, as the drafter reads them)."""

    def read_date(t: str) -> object:
        return parse_date(t, 2026)

    texts = _per_sentence(kb)
    assert len(texts) > 300
    for text in texts:
        for read, may_read, may_hold in (
            (read_date, may_be_date, may_hold_date),
            (_quantity, _may_be_quantity, _may_hold_quantity),
        ):
            slow = stated_values(text, read, words=True)
            fast = spans._stated_values(text, read, may_read, may_hold)
            assert fast == slow, text


def test_the_ends_of_one_scan_are_the_value_checks_reader_s(kb: claimkb.KB) -> None:
    """Where a span may end, from one scan of a text, at every position of every sentence."""
    texts = _per_sentence(kb)
    for text in texts:
        for start in range(len(text) + 1):
            assert trimming.value_ends(text, start) == value_ends(text, start), (text, start)


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from("ab 1.,，:；“”()\n\t'\"。!?中文é"), max_size=120))
def test_the_ends_of_one_scan_are_the_reader_s_on_any_text(text: str) -> None:
    for start in range(len(text) + 1):
        assert trimming.value_ends(text, start) == value_ends(text, start), start


def _test_strings() -> set[str]:
    found = set()
    for path in (PROJECT / "tests").glob("test_*.py"):
        for item in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(item, ast.Constant) and isinstance(item.value, str):
                if len(item.value) < 100:
                    found.add(item.value)
    return found


def test_every_date_the_tests_read_may_be_a_date() -> None:
    day = date(2024, 5, 15)
    anchor = DateValue(day, day, "day")
    read = 0
    for text in sorted(_test_strings()):
        for year, source in ((2024, None), (None, anchor), (None, None)):
            try:
                parse_date(text, year, source)
            except (ValueProblem, ValueError, ArithmeticError):
                continue
            read += 1
            assert may_be_date(text) and may_hold_date(text), text
    assert read > 500


_DATE_WORDS = (
    "Nov", "November", "5", "2026", "5th", "Q3", "3Q22", "H1", "the", "of", "to", "and", "early",
    "mid-2021", "last", "next", "week", "month", "year", "days", "ago", "three", "between",
    "from", "until", "Monday,", "spring", "1990s", "yesterday", "-", "–", "GPUs", "model",
    "serve", "in", "nov.", "fy23", "fiscal", "dozen",
)  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=30) | st.lists(st.sampled_from(_DATE_WORDS), max_size=5).map(" ".join))
def test_a_text_the_tests_rule_out_is_no_date(text: str) -> None:
    if not may_be_date(text) or not may_hold_date(text):
        with pytest.raises(ValueProblem):
            parse_date(text, 2026)


def test_a_text_without_the_hint_has_no_part_with_it() -> None:
    text = "The company also opened invite-only testing for a new region"
    assert not may_hold_date(text)
    assert not any(may_hold_date(text[i:j]) for i in range(len(text)) for j in range(i, len(text)))
    assert may_hold_date("Nov 5") and may_hold_date("早些时候") and may_hold_date("last week")
    assert may_be_date("between May and June 2026") and not may_be_date("2026 GPUs")


def test_printable_is_every_character_ruamel_writes_as_itself() -> None:
    """The one search of :func:`~claimkb.authoring.fastyaml._printable` accepts exactly the
    characters ruamel writes as themselves (printable ASCII, most of Unicode), every one."""
    from claimkb.authoring.fastyaml import _printable

    def as_itself(ch: str) -> bool:
        in_range = "\x20" <= ch <= "\x7e" or "\xa0" <= ch <= "\ud7ff" or "\ue000" <= ch <= "\ufffd"
        return in_range and ch not in "\x85\u2028\u2029\ufeff"

    assert [c for c in map(chr, range(0x110000)) if _printable(c) != as_itself(c)] == []
    assert _printable("2.8 万亿 “x”") and not _printable("a\u2028b") and not _printable("😀")


_ONE_LINE = st.text(
    st.sampled_from(" -?:#,[]{}&*!|>'\"%@`.a1中é") | st.characters(codec="utf-8"), max_size=12
).filter(lambda text: bool(text) and _printable_text(text))


def _printable_text(text: str) -> bool:
    from claimkb.authoring.fastyaml import _printable

    return _printable(text)


@functools.cache
def _emitter() -> Any:
    from ruamel.yaml.emitter import Emitter

    emitter: Any = Emitter(None, allow_unicode=True)
    emitter.use_version = None  # as claimkb's writes: no YAML version declared
    return emitter


def _ruamel_analysis(text: str) -> tuple[bool, bool]:
    found = _emitter().analyze_scalar(text)
    assert not found.multiline and found.allow_single_quoted and found.allow_double_quoted
    return found.allow_flow_plain, found.allow_block_plain


@settings(max_examples=800, deadline=None)
@given(_ONE_LINE)
def test_plain_styles_are_ruamel_s_analysis(text: str) -> None:
    """Which plain styles a printable one-line string may take is what ruamel's own analysis
    of it says, whatever indicators it holds and wherever."""
    from claimkb.authoring.fastyaml import _plain_allowed

    assert _plain_allowed(text) == _ruamel_analysis(text)


@pytest.mark.parametrize(
    "text",
    [
        *"-?:#,[]{}&*!|>'\"%@` a",
        *("- x", "-x", "? x", "?x", ": x", ":x", "x:", "x: y", "x:y", "x #y", "x#y", "a,b"),
        *("---", "--- x", "...", "..x", "x ", " x", "a[b", "a]", "{a", "a}", "1.0", "null"),
    ],
)
def test_plain_styles_of_indicators_in_every_place(text: str) -> None:
    from claimkb.authoring.fastyaml import _plain_allowed

    assert _plain_allowed(text) == _ruamel_analysis(text)


@pytest.mark.parametrize("flow", [True, False], ids=["flow", "block"])
def test_a_key_that_is_not_a_string_is_left_to_ruamel(flow: bool) -> None:
    """A mapping read back from a file may have a number for a key: not a shape this
    writer knows, so it answers None (ruamel writes the record) rather than failing."""
    from ruamel.yaml.comments import CommentedMap

    inner = CommentedMap({2020: "x", "survey": "y"})
    if flow:
        inner.fa.set_flow_style()
    assert render(CommentedMap({"id": "c1", "qualifiers": inner}), 0, 2, 2) is None
    assert render(CommentedMap({"id": "c1", 5: "x"}), 0, 2, 2) is None
