"""The drafter passes over a start whose first word no date is written with
(:func:`claimkb.values.date_hint.may_open_date`, in ``candidates._may_hold_date``): every span
the scanner would read there is one its screen of spans (``may_be_date``) rules out anyway,
on the articles and on generated texts, so the scanner finds the same dates in every sentence
with the start screen as without it.
"""

from __future__ import annotations

import re
import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from claimkb.authoring import spans, trimming
from claimkb.authoring.candidates import _may_hold_date
from claimkb.authoring.segments import segments
from claimkb.values import parse_date
from claimkb.values.date_hint import may_be_date, may_hold_date, may_open_date
from conftest import FIXTURES, SHARED

_PATHS = [*(FIXTURES / "subjects").glob("*/snapshots/*.txt"), *(SHARED / "seeds").glob("*.txt")]
TEXTS = [unicodedata.normalize("NFC", p.read_text("utf-8")) for p in sorted(_PATHS)]


def _spans_at(text: str, start: int) -> list[str]:
    """The spans the scanner reads at ``start`` (those ending where a value may end)."""
    return [text[start:end].strip() for end in trimming.value_ends(text, start)]


def _screened_starts_refuse_every_span(text: str) -> int:
    screened = 0
    for match in re.finditer(r"(?<!\w)(?=[A-Za-z])", text):
        start = match.start()
        window = text[start : trimming.value_ends(text, start)[0]]
        if may_open_date(window):
            continue
        screened += 1
        for span in _spans_at(text, start):
            assert not span or not may_be_date(span), (span, text)
    return screened


def test_no_span_at_a_start_whose_first_word_no_date_has_is_read_in_the_articles() -> None:
    assert sum(_screened_starts_refuse_every_span(t) for t in TEXTS) > 5_000


_PIECES = st.sampled_from(
    ["Nov", "november", "May", "mayday", "the", "of", "early", "late", "Q3", "H1", "spring",
     "market", "today", "week", "weekend", "day", "days", "ago", "last", "next", "st", "th",
     "Monday", "mon", "year", "2026", "5", "11", " ", "  ", ",", ".", "-", "/", "'", "(", ")",
     "\u00a0", "x", "in", "on", "between", "and", "to"]
)  # fmt: skip


@settings(max_examples=2000, deadline=None)
@given(st.lists(_PIECES, min_size=1, max_size=12).map("".join))
def test_no_span_at_a_start_whose_first_word_no_date_has_is_read_in_any_text(text: str) -> None:
    _screened_starts_refuse_every_span(text)


def test_the_scanner_finds_the_same_dates_with_the_screen() -> None:
    def read(text: str) -> object:
        return parse_date(text, 2026)

    found = 0
    for text in TEXTS:
        for unit in segments(text.splitlines()):
            screened = spans.stated(unit.text, read, [], frozenset(), may_be_date, _may_hold_date)
            plain = spans.stated(unit.text, read, [], frozenset(), may_be_date, may_hold_date)
            assert screened == plain, unit.text
            found += len(plain)
    assert found > 100
